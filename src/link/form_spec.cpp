// Parsing and writing `form=` values; each refusal is one specific sentence, as everywhere at the edges.
#include "link/form_spec.h"

#include "link/url_text.h"

namespace mirofish {

namespace {

std::string lower(const std::string& s) {
  std::string out = s;
  for (char& c : out)
    if (c >= 'A' && c <= 'Z') c = char(c - 'A' + 'a');
  return out;
}

struct NamedKind {
  const char* name;
  FormationKind kind;
};
constexpr NamedKind kMoving[] = {{"ring", FormationKind::Ring},
                                 {"rings", FormationKind::Rings},
                                 {"infinity", FormationKind::Infinity},
                                 {"vortex", FormationKind::Vortex},
                                 {"frame", FormationKind::Frame}};
constexpr const char* kKinds = "qr:TEXT, text:TEXT, ring, rings, infinity, vortex or frame";

}  // namespace

FormSpec parseFormSpec(const std::string& value, std::vector<Warning>* warnings) {
  FormSpec spec;
  const size_t colon = value.find(':');
  const std::string kind = lower(value.substr(0, colon));
  const bool hasText = colon != std::string::npos;
  std::string text;
  if (hasText && !percentDecode(value.substr(colon + 1), &text))
    addWarning(warnings, WarningId::FormBadEscape, {shown(kind)});
  // What is said, if anything: the warning and its second argument (the first is always the kind as typed).
  WarningId said = WarningId::FormEmpty;
  std::string detail;
  bool say = true;
  if (kind == "qr" || kind == "text") {
    CellList cells;
    if (!hasText) {
      said = WarningId::FormNeedsText;
      detail = kind;
    } else if (text.empty()) {
      said = WarningId::FormEmptyText;
    } else if (kind == "qr" && text.size() > size_t(kQrMaxBytes)) {
      said = WarningId::FormQrTooLong;
      detail = std::to_string(text.size());
    } else if (kind == "text" && !textCells(text, &cells, &detail)) {
      said = WarningId::FormTextRefused;
    } else {
      spec.kind = kind == "qr" ? FormationKind::Qr : FormationKind::Text;
      spec.text = text;
      said = WarningId::FormTextNote;  // the font's note on an accepted text, if it has one
      say = !detail.empty();
    }
  } else {
    for (const NamedKind& k : kMoving)
      if (kind == k.name) spec.kind = k.kind;
    if (spec.kind != FormationKind::None) {
      said = WarningId::FormTakesNoText;
      detail = shown(text);
      say = hasText;
    } else if (kind == "logo") {
      said = WarningId::FormLogo;
    } else if (!kind.empty()) {
      said = WarningId::FormUnknownKind;
    }
  }
  if (!say) return spec;
  if (said == WarningId::FormEmpty || said == WarningId::FormUnknownKind) detail = kKinds;
  addWarning(warnings, said,
             {said == WarningId::FormUnknownKind ? shown(kind) : kind, detail, std::to_string(kQrMaxBytes)});
  return spec;
}

std::string formSpecValue(const FormSpec& spec) {
  switch (spec.kind) {
    case FormationKind::None:
    case FormationKind::Logo: return "";  // a bitmap has no hash form
    case FormationKind::Qr:
    case FormationKind::Text: return std::string(formationName(spec.kind)) + ":" + percentEncode(spec.text);
    default: return formationName(spec.kind);
  }
}

}  // namespace mirofish
