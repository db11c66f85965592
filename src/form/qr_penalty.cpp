// The mask penalty of ISO/IEC 18004:2015 7.8.3 (Table 11), read the way libqrencode and ZXing read it.
// The standard's wording leaves two choices open; ours, and why:
//  - N3 (finder-like 1:1:3:1:1 with 4 light modules beside it): counted once per pattern when either side has the
//    light run, the symbol's edge counting as light (the quiet zone is there), and at any scale k:k:3k:k:k
//    (libqrencode does both; Nayuki's qrcodegen counts each side separately, so it can pick another mask).
//  - N4 (dark proportion): 10 points per whole 5 % step of the rounded percentage away from 50 %.
// With the same reading as libqrencode our masks match `qrencode` module for module (tests/form/qr_encoder.test).
#include <cstdlib>

#include "form/qr_encoder.h"

namespace mirofish {

namespace {

constexpr int kN1 = 3, kN2 = 3, kN3 = 40, kN4 = 10;

// One row or column: N1 (runs of 5+ of one colour) and N3 (finder-like patterns).
int linePenalty(const QrCode& c, int line, bool row) {
  // Run lengths, alternating colours; runs[0] is light (length 0 when the line starts dark), so odd runs are dark.
  int runs[kQrMaxVersion * 4 + 17 + 2];
  int count = 0;
  runs[0] = 0;
  bool colour = false;
  for (int i = 0; i < c.size; ++i) {
    bool d = row ? c.dark(i, line) : c.dark(line, i);
    if (d != colour) {
      runs[++count] = 0;
      colour = d;
    }
    ++runs[count];
  }
  ++count;
  int score = 0;
  for (int i = 0; i < count; ++i) {
    if (runs[i] >= 5) score += kN1 + runs[i] - 5;
    // A dark run of 3k at odd i, flanked by k light, k dark on both sides: runs i-2 .. i+2.
    if ((i & 1) && i >= 3 && i + 2 < count && runs[i] % 3 == 0) {
      const int k = runs[i] / 3;
      if (runs[i - 2] != k || runs[i - 1] != k || runs[i + 1] != k || runs[i + 2] != k) continue;
      const bool lightBefore = i - 3 == 0 || runs[i - 3] >= 4 * k;  // run 0 touches the edge
      const bool lightAfter = i + 3 >= count - 1 || runs[i + 3] >= 4 * k;
      if (lightBefore || lightAfter) score += kN3;
    }
  }
  return score;
}

}  // namespace

int qrPenalty(const QrCode& c) {
  int score = 0;
  for (int i = 0; i < c.size; ++i) score += linePenalty(c, i, true) + linePenalty(c, i, false);
  for (int y = 1; y < c.size; ++y)  // N2: every 2x2 block of one colour
    for (int x = 1; x < c.size; ++x) {
      const bool d = c.dark(x, y);
      if (c.dark(x - 1, y) == d && c.dark(x, y - 1) == d && c.dark(x - 1, y - 1) == d) score += kN2;
    }
  const int total = c.size * c.size;
  const int percent = (200 * c.darkCount() + total) / total / 2;  // rounded
  score += std::abs(percent - 50) / 5 * kN4;
  return score;
}

}  // namespace mirofish
