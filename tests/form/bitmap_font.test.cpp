// Bitmap font and logo cells (S-CHO-4): glyph pictures, layout, limits, refusals.
#include <catch2/catch.hpp>

#include <algorithm>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "form/bitmap_font.h"

using namespace mirofish;

namespace {

// The cells as rows of '#' and '.', top row first: what a reader of the test can check by eye.
std::vector<std::string> picture(const CellList& c) {
  std::vector<std::string> rows(size_t(c.rows), std::string(size_t(c.cols), '.'));
  for (const Cell& cell : c.cells) rows[size_t(cell.row)][size_t(cell.col)] = '#';
  return rows;
}

CellList cellsOf(const std::string& text) {
  CellList c;
  std::string warning;
  REQUIRE(textCells(text, &c, &warning));
  CHECK(warning.empty());
  return c;
}

}  // namespace

TEST_CASE("Font: glyphs draw the letters they stand for", "[form][font]") {
  CHECK(picture(cellsOf("A")) ==
        std::vector<std::string>{".###.", "#...#", "#...#", "#...#", "#####", "#...#", "#...#"});
  CHECK(picture(cellsOf("E")) ==
        std::vector<std::string>{"#####", "#....", "#....", "####.", "#....", "#....", "#####"});
  CHECK(picture(cellsOf("0")) ==
        std::vector<std::string>{".###.", "#...#", "#..##", "#.#.#", "##..#", "#...#", ".###."});
  CHECK(picture(cellsOf("x")) ==
        std::vector<std::string>{".....", ".....", "#...#", ".#.#.", "..#..", ".#.#.", "#...#"});
  // Every printable character but the space has ink, and no two glyphs are the same picture.
  std::set<std::vector<std::string>> seen;
  for (char c = 33; c < 127; ++c) {
    INFO("character '" << c << "'");
    const CellList cells = cellsOf(std::string(1, c));
    CHECK(cells.cols == kGlyphWidth);
    CHECK(cells.rows == kGlyphHeight);
    CHECK_FALSE(cells.cells.empty());
    CHECK(seen.insert(picture(cells)).second);
  }
}

TEST_CASE("Font: text layout advances, centres lines, counts cells", "[form][font]") {
  const CellList hi = cellsOf("HI");
  CHECK(hi.cols == 2 * kGlyphAdvance - 1);
  CHECK(hi.rows == kGlyphHeight);
  // H has 7 + 7 + 3 cells, I has 7 + 2 + 2: one fish per cell.
  CHECK(hi.cells.size() == 17 + 11);
  for (const Cell& c : hi.cells) CHECK(c.col != kGlyphWidth);  // the blank column between glyphs
  // Two lines: the shorter one is centred under the longer, lines kLineAdvance rows apart.
  const CellList two = cellsOf("HHH\nI");
  CHECK(two.cols == 3 * kGlyphAdvance - 1);
  CHECK(two.rows == kLineAdvance + kGlyphHeight);
  int minCol = 1000, maxCol = -1;
  for (const Cell& c : two.cells)
    if (c.row >= kLineAdvance) {
      minCol = std::min(minCol, int(c.col));
      maxCol = std::max(maxCol, int(c.col));
    }
  CHECK(minCol == kGlyphAdvance + 1);  // I's three columns sit in the middle glyph's slot
  CHECK(maxCol == kGlyphAdvance + 3);
  // A CRLF line end is one line end; spaces take room but no cells.
  CHECK(cellsOf("A\r\nB").rows == kLineAdvance + kGlyphHeight);
  CHECK(cellsOf(" A ").cells.size() == cellsOf("A").cells.size());
  CHECK(cellsOf(" A ").cols == 3 * kGlyphAdvance - 1);
}

TEST_CASE("Font: non-ASCII, empty, too long", "[form][font]") {
  CellList c;
  std::string warning;
  // One UTF-8 character (two bytes) is one '?', with a warning; the layout goes on.
  REQUIRE(textCells("K\xC3\xB6ln", &c, &warning));
  CHECK(warning == "1 character outside printable ASCII drawn as '?' (the built-in font is ASCII only)");
  CHECK(c.cols == 4 * kGlyphAdvance - 1);
  CHECK(picture(c) == picture(cellsOf("K?ln")));
  REQUIRE(textCells("\xE9\xAF\x89\xF0\x9F\x90\x9F", &c, &warning));  // a CJK character and an emoji
  CHECK(warning.find("2 characters") == 0);
  CHECK(c.cols == 2 * kGlyphAdvance - 1);

  CHECK_FALSE(textCells("", &c, &warning));
  CHECK(warning == "the text has no visible character");
  CHECK_FALSE(textCells("   \n ", &c, &warning));
  CHECK_FALSE(textCells(std::string(kMaxTextChars + 1, 'a'), &c, &warning));
  CHECK(warning == "the text has 65 characters; at most 64 are drawn by fish");
  CHECK(textCells(std::string(kMaxTextChars, 'a'), &c, &warning));
  CHECK_FALSE(textCells("a\nb\nc\nd\ne", &c, &warning));
  CHECK(warning == "the text has 5 lines; at most 4");
}

TEST_CASE("Logo: a 1-bit bitmap becomes cells, rows padded to bytes", "[form][font]") {
  // 10 x 3, MSB first, two bytes a row: a frame with a hole.
  const uint8_t bits[] = {0xFF, 0xC0, 0x80, 0x40, 0xFF, 0xC0};
  CellList c;
  std::string why;
  REQUIRE(logoCells(10, 3, bits, sizeof bits, &c, &why));
  CHECK(why.empty());
  CHECK(picture(c) == std::vector<std::string>{"##########", "#........#", "##########"});
  // Bits past the width in the padding are ignored.
  const uint8_t padded[] = {0xFF, 0xFF, 0x80, 0x7F, 0xFF, 0xFF};
  REQUIRE(logoCells(10, 3, padded, sizeof padded, &c, &why));
  CHECK(picture(c) == std::vector<std::string>{"##########", "#........#", "##########"});

  CHECK_FALSE(logoCells(10, 3, bits, 5, &c, &why));
  CHECK(why == "the logo needs 6 bytes (rows padded to whole bytes), got 5");
  CHECK_FALSE(logoCells(0, 3, bits, sizeof bits, &c, &why));
  CHECK_FALSE(logoCells(kMaxLogoSide + 1, 1, bits, sizeof bits, &c, &why));
  CHECK(why == "the logo is 257x1 pixels; each side must be 1..256");
  CHECK_FALSE(logoCells(10, 3, nullptr, 6, &c, &why));
  const uint8_t blank[] = {0, 0};
  CHECK_FALSE(logoCells(16, 1, blank, sizeof blank, &c, &why));
  CHECK(why == "the logo has no dark pixel");
}
