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

FormSpec parseFormSpec(const std::string& value, std::vector<std::string>* warnings) {
  FormSpec spec;
  const size_t colon = value.find(':');
  const std::string kind = lower(value.substr(0, colon));
  const bool hasText = colon != std::string::npos;
  std::string text;
  if (hasText && !percentDecode(value.substr(colon + 1), &text))
    warnings->push_back("form=" + shown(kind) +
                        ": a '%' in the text is not followed by two hex digits; kept as typed.");
  if (kind == "qr" || kind == "text") {
    const std::string what = "form=" + kind;
    if (!hasText) {
      warnings->push_back(what + " needs its text: form=" + kind + ":TEXT (percent-encoded); ignored.");
      return spec;
    }
    if (text.empty()) {
      warnings->push_back(what + ": the text is empty; ignored.");
      return spec;
    }
    if (kind == "qr") {
      if (text.size() > size_t(kQrMaxBytes)) {
        warnings->push_back(what + ": the text is " + std::to_string(text.size()) +
                            " bytes; a version-10 M code holds at most " + std::to_string(kQrMaxBytes) + "; refused.");
        return spec;
      }
      spec.kind = FormationKind::Qr;
    } else {
      CellList cells;
      std::string note;
      if (!textCells(text, &cells, &note)) {
        warnings->push_back(what + ": " + note + "; refused.");
        return spec;
      }
      if (!note.empty()) warnings->push_back(what + ": " + note + ".");
      spec.kind = FormationKind::Text;
    }
    spec.text = text;
    return spec;
  }
  for (const NamedKind& k : kMoving) {
    if (kind != k.name) continue;
    if (hasText) warnings->push_back("form=" + kind + " takes no ':TEXT'; '" + shown(text) + "' is ignored.");
    spec.kind = k.kind;
    return spec;
  }
  if (kind.empty())
    warnings->push_back("form= is empty (use " + std::string(kKinds) + "); ignored.");
  else if (kind == "logo")
    warnings->push_back(
        "form=logo: a logo is a bitmap, passed from JS with school.form({type: 'logo', ...}); "
        "ignored.");
  else
    warnings->push_back("form=" + shown(kind) + " is not a formation (use " + std::string(kKinds) + "); ignored.");
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
