// Text and logos as grids of dark cells (S-CHO-4): each dark cell becomes one fish's target.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace mirofish {

// The built-in font: 5x7 glyphs for printable ASCII 32..126, one blank column and one blank row between them.
constexpr int kGlyphWidth = 5;
constexpr int kGlyphHeight = 7;
constexpr int kGlyphAdvance = 6;   // columns per character
constexpr int kLineAdvance = 9;    // rows per line: the glyph and two blank rows, so lines read apart
constexpr int kMaxTextChars = 64;  // more would need more fish than a page has (~15 cells a glyph)
constexpr int kMaxTextLines = 4;
constexpr int kMaxLogoSide = 256;  // cells a side

struct Cell {
  int16_t col, row;
};

// Dark cells in a cols x rows grid; row 0 is the top.
struct CellList {
  int cols = 0, rows = 0;
  std::vector<Cell> cells;
};

// Column bits of one glyph, bit 0 the top row; characters outside 32..126 give '?'s.
const uint8_t* glyphColumns(char c);

// Lays out `text` (lines split at '\n', each centred) in the font. Characters outside printable ASCII are drawn
// as '?' and reported in *warning (one sentence; empty when there is nothing to say); returns false, with the
// reason in *warning, for text with no visible character, more than kMaxTextChars characters or more than
// kMaxTextLines lines. UTF-8 sequences count as one character each.
bool textCells(const std::string& text, CellList* out, std::string* warning);

// A 1-bit logo: `width` x `height` pixels, rows top to bottom, each row packed MSB first and padded to a whole
// byte (the PBM P4 layout); 1 = dark. Returns false with the reason for a size outside 1..kMaxLogoSide, too few
// bytes, or no dark pixel.
bool logoCells(int width, int height, const uint8_t* bits, size_t byteCount, CellList* out, std::string* why);

}  // namespace mirofish
