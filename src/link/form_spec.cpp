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
    warnings->push_back(makeWarning(WarningId::FormBadEscape, {kind}));
  if (kind == "qr" || kind == "text") {
    if (!hasText) {
      warnings->push_back(makeWarning(WarningId::FormNeedsText, {kind, kind}));
      return spec;
    }
    if (text.empty()) {
      warnings->push_back(makeWarning(WarningId::FormEmptyText, {kind}));
      return spec;
    }
    if (kind == "qr") {
      if (text.size() > size_t(kQrMaxBytes)) {
        warnings->push_back(
            makeWarning(WarningId::FormQrTooLong, {kind, std::to_string(text.size()), std::to_string(kQrMaxBytes)}));
        return spec;
      }
      spec.kind = FormationKind::Qr;
    } else {
      CellList cells;
      std::string note;
      if (!textCells(text, &cells, &note)) {
        warnings->push_back(makeWarning(WarningId::FormTextRefused, {kind, note}));
        return spec;
      }
      if (!note.empty()) warnings->push_back(makeWarning(WarningId::FormTextNote, {kind, note}));
      spec.kind = FormationKind::Text;
    }
    spec.text = text;
    return spec;
  }
  for (const NamedKind& k : kMoving) {
    if (kind != k.name) continue;
    if (hasText) warnings->push_back(makeWarning(WarningId::FormTakesNoText, {kind, shown(text)}));
    spec.kind = k.kind;
    return spec;
  }
  if (kind.empty())
    warnings->push_back(makeWarning(WarningId::FormEmpty, {kKinds}));
  else if (kind == "logo")
    warnings->push_back(makeWarning(WarningId::FormLogo));
  else
    warnings->push_back(makeWarning(WarningId::FormUnknownKind, {shown(kind), kKinds}));
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
