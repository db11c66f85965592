// `mirofish form --form SPEC`: encodes / lays out a formation in a world, prints what it made and a hash of its
// targets (native == wasm), and draws the landed picture as SVG (--svg) or PGM (--pgm, what zbarimg reads).
#include "cli/form_command.h"

#include <cinttypes>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "base/fnv1a.h"
#include "base/number_text.h"
#include "cli/form_picture.h"
#include "link/form_spec.h"
#include "sweep/clock.h"

namespace mirofish {

namespace {

// FNV-1a over the targets' float bits, in order: the same layout gives the same 16 hex digits on every target. It
// starts from 1469598103934665603, a digit short of FNV's offset basis: the pinned targets-hashes (scripts/test,
// tests/form) are made with it.
constexpr uint64_t kTargetsHashStart = 1469598103934665603ULL;
uint64_t targetsHash(const std::vector<float>& x, const std::vector<float>& y) {
  uint64_t h = kTargetsHashStart;
  for (size_t i = 0; i < x.size(); ++i) {
    h = fnv1aFloat(h, x[i]);
    h = fnv1aFloat(h, y[i]);
  }
  return h;
}

double numberFlag(CliArgs& a, const std::string& flag, double lo, double hi) {
  const std::string text = a.value(flag);
  double v;
  if (!parseStrictNumber(text, &v)) throw cliError(CliErrorId::NotFiniteNumber, {flag, echoed(text)});
  if (v < lo || v > hi) throw cliError(CliErrorId::CountOutside, {flag, echoed(text), formatG(lo, 6), formatG(hi, 6)});
  return v;
}

// Mean microseconds of `repeat` encodings of the same text (the encoder is a cold path; this says how cold).
double timeEncode(const std::string& text, int repeat) {
  QrCode code;
  std::string why;
  const double start = clockMs();
  for (int i = 0; i < repeat; ++i) encodeQr(text, &code, &why);
  return (clockMs() - start) * 1e3 / repeat;
}

// A refusal from parseFormSpec as a CLI error: the page's "; ignored." / "; refused." ending becomes exit code 2.
CliError refusal(std::string warning) {
  for (const char* tail : {"; ignored.", "; refused."}) {
    const size_t at = warning.rfind(tail);
    if (at != std::string::npos && at + std::strlen(tail) == warning.size()) warning.resize(at);
  }
  return cliError(CliErrorId::FormSpecRefused, {warning});
}

}  // namespace

int formCommand(CliArgs& a) {
  std::string specText, svgPath, pgmPath;
  bool hasSpec = false;
  double width = 1600, height = 900, at = 4, scale = 1;
  long long fish = 200, repeat = 0;
  while (!a.done()) {
    const std::string flag = a.next();
    if (flag == "--form") {
      specText = a.value(flag);
      hasSpec = true;
    } else if (flag == "--width") {
      width = numberFlag(a, flag, 100, 8192);
    } else if (flag == "--height") {
      height = numberFlag(a, flag, 100, 8192);
    } else if (flag == "--fish") {
      fish = parseCount(flag, a.value(flag), 1, 100000);
    } else if (flag == "--at") {
      at = numberFlag(a, flag, 0, 3600);
    } else if (flag == "--svg") {
      svgPath = a.value(flag);
    } else if (flag == "--pgm") {
      pgmPath = a.value(flag);
    } else if (flag == "--scale") {
      scale = numberFlag(a, flag, 0.125, 4);
    } else if (flag == "--repeat") {
      repeat = parseCount(flag, a.value(flag), 1, 1000000);
    } else {
      throw cliError(CliErrorId::UnknownFlag, {"form", echoed(flag), " (see mirofish --help)"});
    }
  }
  if (!hasSpec) throw cliError(CliErrorId::FormRequired);
  std::vector<Warning> warnings;
  const FormSpec spec = parseFormSpec(specText, &warnings);
  if (spec.kind == FormationKind::None) throw refusal(warnings.front().text);

  const float w = float(width), h = float(height);
  FormPicture picture;
  std::vector<float> x, y;
  std::string report = "form " + formSpecValue(spec) + "\n";  // printed once nothing can fail any more
  char line[256];
  if (isMovingFormation(spec.kind)) {
    x.resize(size_t(fish));
    y.resize(size_t(fish));
    formationTargets(spec.kind, worldArea(w, h), float(at), int(fish), x.data(), y.data());
    picture = targetsPicture(w, h, x.data(), y.data(), int(fish));
    std::snprintf(line, sizeof line, "moving %s  fish %lld  at %g s\n", formationName(spec.kind), fish, at);
    report += line;
  } else {
    TargetLayout layout;
    QrCode code;
    CellList cells;
    std::string why;
    if (!layoutStatic(spec, w, h, &layout, &why, &code, &cells)) throw cliError(CliErrorId::FormRefused, {why});
    int qrSize = 0;
    if (spec.kind == FormationKind::Qr) {
      qrSize = code.size;
      std::snprintf(line, sizeof line, "qr version %d  mask %d  modules %d  dark %d  bytes %zu  penalty %d\n",
                    code.version, code.mask, code.size, code.darkCount(), spec.text.size(), qrPenalty(code));
      report += line;
      if (repeat > 0) {
        std::snprintf(line, sizeof line, "encode-us %.2f  (mean of %lld, version %d)\n",
                      timeEncode(spec.text, int(repeat)), repeat, code.version);
        report += line;
      }
    } else {
      std::snprintf(line, sizeof line, "text cells %dx%d  dark %zu\n", cells.cols, cells.rows, cells.cells.size());
      report += line;
    }
    std::snprintf(line, sizeof line, "layout cell %d px  grid %dx%d  plate %d,%d %dx%d  targets %d\n", layout.cell,
                  layout.cols, layout.rows, layout.originX, layout.originY, layout.plateWidth(), layout.plateHeight(),
                  layout.count());
    report += line;
    x = layout.x;
    y = layout.y;
    picture = landedPicture(w, h, layout, qrSize);
  }
  if (!svgPath.empty() && !writePictureSvg(picture, svgPath))
    throw cliError(CliErrorId::CannotWrite, {"--svg", echoed(svgPath)});
  if (!pgmPath.empty() && !writePicturePgm(picture, float(scale), pgmPath))
    throw cliError(CliErrorId::CannotWrite, {"--pgm", echoed(pgmPath)});
  for (const Warning& warning : warnings) std::fprintf(stderr, "warning: %s\n", warning.text.c_str());
  std::printf("%stargets-hash %016" PRIx64 "\n", report.c_str(), targetsHash(x, y));
  return 0;
}

}  // namespace mirofish
