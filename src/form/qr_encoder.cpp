// ISO/IEC 18004 encoder, byte mode, EC level M, versions 1-10: codewords, Reed-Solomon, placement, masking.
// Cold path (once per formation): plain vectors, clarity over speed. No exceptions (the web build has none).
#include "form/qr_encoder.h"

namespace mirofish {

namespace {

// Table 9 of the standard, level M: EC codewords per block, then (blocks, data codewords) for the two groups.
struct BlockSpec {
  int ecPerBlock, blocks1, data1, blocks2, data2;
};
constexpr BlockSpec kBlocksM[kQrMaxVersion + 1] = {
    {0, 0, 0, 0, 0},   {10, 1, 16, 0, 0}, {16, 1, 28, 0, 0},  {26, 1, 44, 0, 0},  {18, 2, 32, 0, 0},  {24, 2, 43, 0, 0},
    {16, 4, 27, 0, 0}, {18, 4, 31, 0, 0}, {22, 2, 38, 2, 39}, {22, 3, 36, 2, 37}, {26, 4, 43, 1, 44},
};
// Annex E: alignment pattern centre coordinates (rows and columns alike).
constexpr int kAlignment[kQrMaxVersion + 1][3] = {
    {0, 0, 0},  {0, 0, 0},   {6, 18, 0},  {6, 22, 0},  {6, 26, 0},  {6, 30, 0},
    {6, 34, 0}, {6, 22, 38}, {6, 24, 42}, {6, 26, 46}, {6, 28, 50},
};

int dataCodewords(int v) { return kBlocksM[v].blocks1 * kBlocksM[v].data1 + kBlocksM[v].blocks2 * kBlocksM[v].data2; }
int countBits(int v) { return v < 10 ? 8 : 16; }  // byte mode's character count indicator (Table 3)

// GF(256) with the standard's polynomial x^8 + x^4 + x^3 + x^2 + 1 (0x11D).
uint8_t gfMul(uint8_t a, uint8_t b) {
  unsigned r = 0, x = a;
  for (unsigned y = b; y; y >>= 1) {
    if (y & 1) r ^= x;
    x <<= 1;
    if (x & 0x100) x ^= 0x11D;
  }
  return uint8_t(r);
}

// The EC codewords of one block: the remainder of data(x) * x^n divided by prod_{i<n} (x - alpha^i).
std::vector<uint8_t> reedSolomon(const uint8_t* data, int len, int n) {
  std::vector<uint8_t> gen(1, 1);  // highest degree first
  uint8_t root = 1;                // alpha^i
  for (int i = 0; i < n; ++i) {
    std::vector<uint8_t> next(gen.size() + 1, 0);
    for (size_t j = 0; j < gen.size(); ++j) {
      next[j] ^= gen[j];
      next[j + 1] ^= gfMul(gen[j], root);
    }
    gen.swap(next);
    root = gfMul(root, 2);
  }
  std::vector<uint8_t> rem(size_t(n), 0);
  for (int i = 0; i < len; ++i) {
    uint8_t factor = uint8_t(data[i] ^ rem[0]);
    rem.erase(rem.begin());
    rem.push_back(0);
    for (int j = 0; j < n; ++j) rem[size_t(j)] ^= gfMul(gen[size_t(j) + 1], factor);
  }
  return rem;
}

// Mode, count, bytes, terminator, pad bytes 0xEC 0x11 (7.4): exactly dataCodewords(v) codewords.
std::vector<uint8_t> dataStream(const std::string& text, int v) {
  std::vector<uint8_t> out;
  int used = 0;  // bits
  auto put = [&](unsigned value, int bits) {
    for (int i = bits - 1; i >= 0; --i) {
      if (used % 8 == 0) out.push_back(0);
      if ((value >> i) & 1) out.back() = uint8_t(out.back() | (0x80 >> (used % 8)));
      ++used;
    }
  };
  const int capacityBits = dataCodewords(v) * 8;
  put(0x4, 4);  // 0100: byte mode
  put(unsigned(text.size()), countBits(v));
  for (char c : text) put(unsigned(static_cast<unsigned char>(c)), 8);
  int terminator = capacityBits - used < 4 ? capacityBits - used : 4;
  put(0, terminator);
  if (used % 8) put(0, 8 - used % 8);
  for (bool ec = true; int(out.size()) < dataCodewords(v); ec = !ec) out.push_back(ec ? 0xEC : 0x11);
  return out;
}

// Splits the data into blocks, appends each block's EC codewords, interleaves both (7.6).
std::vector<uint8_t> finalCodewords(const std::vector<uint8_t>& data, int v) {
  const BlockSpec& b = kBlocksM[v];
  const int blocks = b.blocks1 + b.blocks2;
  std::vector<std::vector<uint8_t>> dataBlocks, ecBlocks;
  int at = 0;
  for (int i = 0; i < blocks; ++i) {
    int len = i < b.blocks1 ? b.data1 : b.data2;
    dataBlocks.emplace_back(data.begin() + at, data.begin() + at + len);
    ecBlocks.push_back(reedSolomon(&data[size_t(at)], len, b.ecPerBlock));
    at += len;
  }
  std::vector<uint8_t> out;
  const int longest = b.blocks2 ? b.data2 : b.data1;
  for (int i = 0; i < longest; ++i)
    for (const auto& block : dataBlocks)
      if (i < int(block.size())) out.push_back(block[size_t(i)]);
  for (int i = 0; i < b.ecPerBlock; ++i)
    for (const auto& block : ecBlocks) out.push_back(block[size_t(i)]);
  return out;
}

// The symbol under construction: module values plus which modules are function patterns (never masked).
struct Grid {
  int size;
  std::vector<uint8_t> dark, function;
  explicit Grid(int s) : size(s), dark(size_t(s * s), 0), function(size_t(s * s), 0) {}
  void set(int col, int row, bool isDark) {
    dark[size_t(row * size + col)] = isDark ? 1 : 0;
    function[size_t(row * size + col)] = 1;
  }
  bool isFunction(int col, int row) const { return function[size_t(row * size + col)] != 0; }
};

int chebyshev(int dx, int dy) {
  dx = dx < 0 ? -dx : dx;
  dy = dy < 0 ? -dy : dy;
  return dx > dy ? dx : dy;
}

// A finder pattern with its light separator (clipped at the edges).
void drawFinder(Grid& g, int cx, int cy) {
  for (int dy = -4; dy <= 4; ++dy)
    for (int dx = -4; dx <= 4; ++dx) {
      int x = cx + dx, y = cy + dy;
      if (x < 0 || y < 0 || x >= g.size || y >= g.size) continue;
      int d = chebyshev(dx, dy);
      g.set(x, y, d != 2 && d != 4);
    }
}

// 15 bits: EC level M (00) and the mask, BCH(15,5) with generator 0x537, XORed with 0x5412 (7.9).
void drawFormat(Grid& g, int mask) {
  const unsigned data = unsigned(mask);  // level M's indicator is 00
  unsigned rem = data;
  for (int i = 0; i < 10; ++i) rem = (rem << 1) ^ ((rem >> 9) * 0x537u);
  const unsigned bits = ((data << 10) | (rem & 0x3FF)) ^ 0x5412u;
  auto bit = [&](int i) { return ((bits >> i) & 1) != 0; };
  const int n = g.size;
  for (int i = 0; i <= 5; ++i) g.set(8, i, bit(i));  // around the top-left finder
  g.set(8, 7, bit(6));
  g.set(8, 8, bit(7));
  g.set(7, 8, bit(8));
  for (int i = 9; i < 15; ++i) g.set(14 - i, 8, bit(i));
  for (int i = 0; i < 8; ++i) g.set(n - 1 - i, 8, bit(i));  // the copy by the other two finders
  for (int i = 8; i < 15; ++i) g.set(8, n - 15 + i, bit(i));
  g.set(8, n - 8, true);  // the dark module
}

// Versions 7+: 18 bits, BCH(18,6) with generator 0x1F25, in two 6x3 blocks (7.10).
void drawVersion(Grid& g, int v) {
  if (v < 7) return;
  unsigned rem = unsigned(v);
  for (int i = 0; i < 12; ++i) rem = (rem << 1) ^ ((rem >> 11) * 0x1F25u);
  const unsigned bits = (unsigned(v) << 12) | (rem & 0xFFF);
  for (int i = 0; i < 18; ++i) {
    bool d = ((bits >> i) & 1) != 0;
    int a = g.size - 11 + i % 3, b = i / 3;
    g.set(a, b, d);
    g.set(b, a, d);
  }
}

void drawFunctionPatterns(Grid& g, int v) {
  for (int i = 0; i < g.size; ++i) {  // timing patterns first: the finders overwrite their ends
    g.set(6, i, i % 2 == 0);
    g.set(i, 6, i % 2 == 0);
  }
  drawFinder(g, 3, 3);
  drawFinder(g, g.size - 4, 3);
  drawFinder(g, 3, g.size - 4);
  const int* pos = kAlignment[v];
  const int count = v == 1 ? 0 : (v < 7 ? 2 : 3);
  for (int i = 0; i < count; ++i)
    for (int j = 0; j < count; ++j) {
      if ((i == 0 && j == 0) || (i == 0 && j == count - 1) || (i == count - 1 && j == 0)) continue;  // finders
      for (int dy = -2; dy <= 2; ++dy)
        for (int dx = -2; dx <= 2; ++dx) g.set(pos[j] + dx, pos[i] + dy, chebyshev(dx, dy) != 1);
    }
  drawFormat(g, 0);  // reserves the format areas; the real bits come with the mask
  drawVersion(g, v);
}

// Two-module-wide columns from the right, zig-zagging up and down, skipping the vertical timing column (7.7.3).
// Remainder bits (versions 2-6: 7) stay light before masking.
void placeCodewords(Grid& g, const std::vector<uint8_t>& cw) {
  size_t bit = 0, total = cw.size() * 8;
  for (int right = g.size - 1; right >= 1; right -= 2) {
    if (right == 6) right = 5;
    const bool upward = ((right + 1) & 2) == 0;
    for (int vert = 0; vert < g.size; ++vert)
      for (int j = 0; j < 2; ++j) {
        int x = right - j, y = upward ? g.size - 1 - vert : vert;
        if (g.isFunction(x, y)) continue;
        if (bit < total) g.dark[size_t(y * g.size + x)] = (cw[bit >> 3] >> (7 - (bit & 7))) & 1;
        ++bit;
      }
  }
}

// Table 10's mask conditions, i = row, j = column: true flips the module.
bool maskFlips(int mask, int row, int col) {
  switch (mask) {
    case 0: return (row + col) % 2 == 0;
    case 1: return row % 2 == 0;
    case 2: return col % 3 == 0;
    case 3: return (row + col) % 3 == 0;
    case 4: return (row / 2 + col / 3) % 2 == 0;
    case 5: return (row * col) % 2 + (row * col) % 3 == 0;
    case 6: return ((row * col) % 2 + (row * col) % 3) % 2 == 0;
    default: return ((row + col) % 2 + (row * col) % 3) % 2 == 0;
  }
}

QrCode finish(const Grid& unmasked, int v, int mask) {
  Grid g = unmasked;
  for (int y = 0; y < g.size; ++y)
    for (int x = 0; x < g.size; ++x)
      if (!g.isFunction(x, y) && maskFlips(mask, y, x)) g.dark[size_t(y * g.size + x)] ^= 1;
  drawFormat(g, mask);
  QrCode code;
  code.version = v;
  code.size = g.size;
  code.mask = mask;
  code.modules = g.dark;
  return code;
}

}  // namespace

int QrCode::darkCount() const {
  int n = 0;
  for (uint8_t m : modules) n += m ? 1 : 0;
  return n;
}

int qrByteCapacity(int version) {
  if (version < kQrMinVersion || version > kQrMaxVersion) return 0;
  return (dataCodewords(version) * 8 - 4 - countBits(version)) / 8;
}

bool qrIsFinderModule(int size, int col, int row) {
  return (col < 7 && row < 7) || (col >= size - 7 && row < 7) || (col < 7 && row >= size - 7);
}

bool encodeQr(const std::string& text, QrCode* out, std::string* why, int forcedMask) {
  auto fail = [&](const std::string& reason) {
    if (why) *why = reason;
    return false;
  };
  if (text.empty()) return fail("the QR text is empty");
  if (forcedMask < -1 || forcedMask > 7) return fail("QR mask " + std::to_string(forcedMask) + " is not 0..7");
  int v = kQrMinVersion;
  while (v <= kQrMaxVersion && qrByteCapacity(v) < int(text.size())) ++v;
  if (v > kQrMaxVersion)
    return fail("the QR text is " + std::to_string(text.size()) + " bytes; a version-10 M code holds at most " +
                std::to_string(kQrMaxBytes));
  Grid g(17 + 4 * v);
  drawFunctionPatterns(g, v);
  placeCodewords(g, finalCodewords(dataStream(text, v), v));
  if (forcedMask >= 0) {
    *out = finish(g, v, forcedMask);
    return true;
  }
  int bestScore = -1;
  for (int mask = 0; mask < 8; ++mask) {
    QrCode candidate = finish(g, v, mask);
    int score = qrPenalty(candidate);
    if (bestScore < 0 || score < bestScore) {
      bestScore = score;
      *out = candidate;
    }
  }
  return true;
}

}  // namespace mirofish
