// QR encoder (S-CHO-4): module-for-module against qrencode's matrices, the mask choice, structure, refusals.
#include <catch2/catch.hpp>

#include <cstdio>
#include <string>

#include "form/qr_encoder.h"
#include "form/qr_reference_vectors.h"

using namespace mirofish;
using mirofish::test::kQrReferences;
using mirofish::test::QrReference;

namespace {

int referenceSize(const QrReference& r) { return int(std::string(r.rows[0]).size()); }
bool referenceDark(const QrReference& r, int col, int row) { return r.rows[row][col] == '#'; }

// The mask a finished symbol says it uses: the top-left copy of the format bits (7.9), unmasked with 0x5412.
int formatMask(const QrReference& r, int* ecLevelBits) {
  unsigned bits = 0;
  auto take = [&](int i, int col, int row) { bits |= unsigned(referenceDark(r, col, row)) << i; };
  for (int i = 0; i <= 5; ++i) take(i, 8, i);
  take(6, 8, 7);
  take(7, 8, 8);
  take(8, 7, 8);
  for (int i = 9; i < 15; ++i) take(i, 14 - i, 8);
  bits ^= 0x5412;
  *ecLevelBits = int(bits >> 13);
  return int((bits >> 10) & 7);
}

// "" when equal, else where the first module differs.
std::string firstDifference(const QrCode& ours, const QrReference& r) {
  if (ours.size != referenceSize(r))
    return "size " + std::to_string(ours.size) + " vs " + std::to_string(referenceSize(r));
  for (int row = 0; row < ours.size; ++row)
    for (int col = 0; col < ours.size; ++col)
      if (ours.dark(col, row) != referenceDark(r, col, row))
        return "module (col " + std::to_string(col) + ", row " + std::to_string(row) + ")";
  return "";
}

}  // namespace

TEST_CASE("QR: our matrices equal qrencode's, module for module", "[form][qr]") {
  int versionsSeen = 0;
  for (const QrReference& r : kQrReferences) {
    INFO(r.what << ": '" << r.text << "'");
    QrCode code;
    std::string why;
    REQUIRE(encodeQr(r.text, &code, &why));
    CHECK(code.version == r.version);
    int ec = -1;
    const int theirMask = formatMask(r, &ec);
    CHECK(ec == 0);  // level M
    // Both choose by the standard's penalty with the same reading of it (qr_penalty.cpp), so the masks agree.
    CHECK(code.mask == theirMask);
    CHECK(firstDifference(code, r) == "");
    // And with qrencode's mask forced, whatever ours chose, every module agrees: the data, EC and placement alone.
    QrCode forced;
    REQUIRE(encodeQr(r.text, &forced, &why, theirMask));
    CHECK(firstDifference(forced, r) == "");
    versionsSeen |= 1 << r.version;
  }
  CHECK(versionsSeen == 0x7FE);  // every version 1..10 is covered
}

TEST_CASE("QR: the chosen mask has the lowest penalty of the eight", "[form][qr]") {
  for (const QrReference& r : kQrReferences) {
    INFO(r.what);
    QrCode chosen;
    std::string why;
    REQUIRE(encodeQr(r.text, &chosen, &why));
    const int best = qrPenalty(chosen);
    for (int mask = 0; mask < 8; ++mask) {
      QrCode other;
      REQUIRE(encodeQr(r.text, &other, &why, mask));
      CHECK(other.mask == mask);
      if (mask < chosen.mask) CHECK(qrPenalty(other) > best);  // ties go to the first
      if (mask > chosen.mask) CHECK(qrPenalty(other) >= best);
    }
  }
}

TEST_CASE("QR: penalty rules score known patterns", "[form][qr]") {
  // A version-1-sized symbol that is all light: every row and column one run of 21 (N1: 3 + 16 each), every 2x2
  // block one colour (N2: 20 * 20 * 3), 0 % dark (N4: 10 steps of 5 %), no finder-like pattern.
  QrCode blank;
  blank.version = 1;
  blank.size = 21;
  blank.modules.assign(21 * 21, 0);
  CHECK(qrPenalty(blank) == 42 * 19 + 1200 + 100);
  // Row 10 gets the finder-like 1011101 (dark columns `at`, at+2..at+4, at+6), everything else stays light.
  auto withPattern = [&](int at) {
    QrCode c = blank;
    for (int k : {0, 2, 3, 4, 6}) c.modules[size_t(10 * 21 + at + k)] = 1;
    return c;
  };
  // At the left edge (the edge counts as light): rows 20 x 19 + row 10 (N1 14-run 12, N3 40) + five columns
  // [10, 1, 10] (2 x 8 each) + 16 blank columns x 19 + N2 (400 - 2 x 7 blocks) x 3 + N4 (1 % dark: 9 steps) 90.
  CHECK(qrPenalty(withPattern(0)) == 380 + 52 + 80 + 304 + 386 * 3 + 90);
  // The same at the right edge: the light run after it is the edge.
  CHECK(qrPenalty(withPattern(14)) == 380 + 52 + 80 + 304 + 386 * 3 + 90);
  // In the middle with 7 light modules on both sides: N3 once per pattern, not once per side (row: 2 x (3 + 2)
  // + 40; N2 loses 2 x 8 blocks).
  CHECK(qrPenalty(withPattern(7)) == 380 + 50 + 80 + 304 + 384 * 3 + 90);
}

TEST_CASE("QR: structure of a version-7 symbol", "[form][qr]") {
  QrCode code;
  std::string why;
  REQUIRE(encodeQr(std::string(110, 'K'), &code, &why));
  REQUIRE(code.version == 7);
  REQUIRE(code.size == 45);
  // Finder centres dark, their separators light, the timing pattern alternates, the dark module is dark.
  CHECK(code.dark(3, 3));
  CHECK(code.dark(41, 3));
  CHECK(code.dark(3, 41));
  for (int i = 0; i < 8; ++i) CHECK_FALSE(code.dark(7, i));
  for (int i = 8; i < 37; ++i) CHECK(code.dark(i, 6) == (i % 2 == 0));
  CHECK(code.dark(8, 45 - 8));
  // Version information, both copies: 7 -> 000111 110010 010100 (Annex D), least significant bit first.
  const unsigned expected = 0x07C94;
  for (int i = 0; i < 18; ++i) {
    const bool bit = ((expected >> i) & 1) != 0;
    CHECK(code.dark(45 - 11 + i % 3, i / 3) == bit);
    CHECK(code.dark(i / 3, 45 - 11 + i % 3) == bit);
  }
  CHECK(qrIsFinderModule(45, 0, 0));
  CHECK(qrIsFinderModule(45, 44, 6));
  CHECK_FALSE(qrIsFinderModule(45, 44, 44));
  CHECK_FALSE(qrIsFinderModule(45, 7, 7));
}

TEST_CASE("QR: capacities, the version chosen, refusals", "[form][qr]") {
  const int capacity[11] = {0, 14, 26, 42, 62, 84, 106, 122, 152, 180, 213};  // Table 7, byte mode, level M
  for (int v = 1; v <= 10; ++v) {
    CHECK(qrByteCapacity(v) == capacity[v]);
    QrCode fits, over;
    std::string why;
    REQUIRE(encodeQr(std::string(size_t(capacity[v]), 'a'), &fits, &why));
    CHECK(fits.version == v);
    CHECK(fits.size == 17 + 4 * v);
    if (v < 10) {
      REQUIRE(encodeQr(std::string(size_t(capacity[v] + 1), 'a'), &over, &why));
      CHECK(over.version == v + 1);
    }
  }
  CHECK(qrByteCapacity(0) == 0);
  CHECK(qrByteCapacity(11) == 0);
  QrCode code;
  code.version = 99;
  std::string why;
  CHECK_FALSE(encodeQr("", &code, &why));
  CHECK(why == "the QR text is empty");
  CHECK(code.version == 99);  // untouched on refusal
  CHECK_FALSE(encodeQr(std::string(214, 'a'), &code, &why));
  CHECK(why == "the QR text is 214 bytes; a version-10 M code holds at most 213");
  CHECK_FALSE(encodeQr("x", &code, &why, 8));
  CHECK(why.find("mask 8") != std::string::npos);
  // UTF-8 is counted in bytes: 71 three-byte characters are 213 bytes, one more is too many.
  std::string yen;
  for (int i = 0; i < 71; ++i) yen += "\xE5\x86\x86";
  CHECK(encodeQr(yen, &code, &why));
  CHECK(code.version == 10);
  CHECK_FALSE(encodeQr(yen + "\xE5\x86\x86", &code, &why));
}
