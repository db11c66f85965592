// The flags a poster and a clip share (frame_flags.h).
#include "cli/frame_flags.h"

#include <cctype>
#include <cmath>
#include <cstdlib>

#include "base/constants.h"
#include "base/number_text.h"
#include "link/hash_codec.h"

namespace mirofish {

bool parseColour(const std::string& text, uint8_t rgb[3]) {
  if (text.empty() || text[0] != '#' || (text.size() != 4 && text.size() != 7)) return false;
  for (size_t k = 1; k < text.size(); ++k)
    if (!std::isxdigit(static_cast<unsigned char>(text[k]))) return false;
  const bool shortForm = text.size() == 4;
  for (int c = 0; c < 3; ++c) {
    const std::string part = shortForm ? std::string(2, text[size_t(1 + c)]) : text.substr(size_t(1 + 2 * c), 2);
    rgb[c] = uint8_t(std::strtol(part.c_str(), nullptr, 16));
  }
  return true;
}

long long stepsOfSeconds(const std::string& flag, const std::string& text) {
  double v;
  if (!parseStrictNumber(text, &v) || v < 0 || v > 3600)
    throw cliError(CliErrorId::SecondsOutside, {flag, echoed(text)});
  return (long long)(v * double(kStepHz) + 0.5);
}

void readSize(const std::string& command, const std::string& text, FrameRequest* r) {
  const size_t x = text.find('x');
  double w = 0, h = 0;
  if (x == std::string::npos || !parseStrictNumber(text.substr(0, x), &w) ||
      !parseStrictNumber(text.substr(x + 1), &h) || w != std::floor(w) || h != std::floor(h) || w < 16 || w > 3840 ||
      h < 16 || h > 2160)
    throw cliError(CliErrorId::SizeBad, {command + " --size", echoed(text), "3840", "2160"});
  r->cssWidth = int(w);
  r->cssHeight = int(h);
}

bool readFrameFlag(CliArgs& a, const std::string& command, const std::string& flag, FrameRequest* r) {
  if (flag == "--hash") {
    DecodedHash d = decodeHash(a.value(flag), r->params);
    r->params = d.params;
    r->warnings.insert(r->warnings.end(), d.warnings.begin(), d.warnings.end());
    r->startStep = d.hasSeek ? (long long)(d.seekSeconds * double(kStepHz) + 0.5) : 0;
    r->form = d.form;
    r->formAt = d.formAt;
  } else if (flag == "--size") {
    readSize(command, a.value(flag), r);
  } else if (flag == "--text") {
    const std::string text = a.value(flag);
    uint8_t rgb[3];
    if (!parseColour(text, rgb)) throw cliError(CliErrorId::ColourBad, {"--text", echoed(text)});
    double lin[3];
    for (int c = 0; c < 3; ++c) {  // WCAG 2's relative luminance, as the page's tone.js measures its text
      const double v = rgb[c] / 255.0;
      lin[c] = v <= 0.04045 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4);
    }
    r->pageText = float(0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]);
  } else if (flag == "--background") {
    const std::string text = a.value(flag);
    if (!parseColour(text, r->rgb)) throw cliError(CliErrorId::ColourBad, {"--background", echoed(text)});
    r->background = true;
  } else {
    return applyParamFlag(a, flag, r->params, r->warnings);
  }
  return true;
}

}  // namespace mirofish
