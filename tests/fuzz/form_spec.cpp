// Fuzz target: the `form=` value of a hash and the CLI's --form (parseFormSpec), still percent-encoded as typed.
// What it accepts can be drawn: a QR text encodes, a text lays out in the font, and both land in the default world
// or say why not.
#include <string>
#include <vector>

#include "form/formations.h"
#include "form/qr_encoder.h"
#include "fuzz_check.h"
#include "link/form_spec.h"

using namespace mirofish;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string value = fuzz::text(data, size);
  std::vector<Warning> warnings;
  const FormSpec spec = parseFormSpec(value, &warnings);
  for (const Warning& w : warnings) FUZZ_CHECK(fuzz::oneLine(w.text));
  switch (spec.kind) {
    case FormationKind::None: FUZZ_CHECK(!warnings.empty()); return 0;  // a refusal always says why
    case FormationKind::Logo: FUZZ_CHECK(false); return 0;              // a bitmap comes from JS only
    case FormationKind::Qr: {
      FUZZ_CHECK(!spec.text.empty() && spec.text.size() <= size_t(kQrMaxBytes));
      QrCode code;
      std::string why;
      FUZZ_CHECK(encodeQr(spec.text, &code, &why));
      break;
    }
    case FormationKind::Text: {
      CellList cells;
      std::string note;
      FUZZ_CHECK(!spec.text.empty() && textCells(spec.text, &cells, &note));
      break;
    }
    default: FUZZ_CHECK(spec.text.empty()); break;
  }
  if (spec.kind == FormationKind::Qr || spec.kind == FormationKind::Text) {
    TargetLayout layout;
    std::string why;
    if (!layoutStatic(spec, 1600, 900, &layout, &why)) FUZZ_CHECK(fuzz::oneLine(why));
  }

  // parse -> write -> parse: the same formation, the same value, no new warning.
  std::string decoded;
  FUZZ_CHECK(percentDecode(percentEncode(spec.text), &decoded) && decoded == spec.text);
  const std::string written = formSpecValue(spec);
  std::vector<Warning> again;
  const FormSpec back = parseFormSpec(written, &again);
  FUZZ_CHECK(back.kind == spec.kind && back.text == spec.text);
  FUZZ_CHECK(formSpecValue(back) == written);
  if (spec.kind != FormationKind::Text) FUZZ_CHECK(again.empty());  // a text may repeat its layout note
  return 0;
}
