// QR codes for the landing (S-CHO-4): our own ISO/IEC 18004 encoder, byte mode, EC level M, versions 1-10.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace mirofish {

constexpr int kQrMinVersion = 1;
constexpr int kQrMaxVersion = 10;  // 57x57 modules: the most a school of a few hundred fish can draw
constexpr int kQrQuietZone = 4;    // light modules around the symbol (ISO 18004 6.3.8)
constexpr int kQrMaxBytes = 213;   // byte-mode capacity of version 10-M

// A finished symbol: function patterns, format (and version) information, masked data.
struct QrCode {
  int version = 0;               // 1..10
  int size = 0;                  // modules a side, 17 + 4 * version
  int mask = -1;                 // 0..7, the pattern chosen by the penalty rules (or forced)
  std::vector<uint8_t> modules;  // size * size, row-major, 1 = dark
  bool dark(int col, int row) const { return modules[size_t(row) * size_t(size) + size_t(col)] != 0; }
  int darkCount() const;
};

// Byte-mode capacity of version `version` at EC level M (14 for version 1 ... 213 for version 10), 0 outside 1..10.
int qrByteCapacity(int version);

// Encodes `text`'s bytes (UTF-8 as given) in the smallest version that holds them. Returns false, with a
// one-sentence reason in *why, for an empty text or one longer than kQrMaxBytes. forcedMask 0..7 skips the
// penalty choice (tests compare with other encoders that way); -1 chooses. Never throws.
bool encodeQr(const std::string& text, QrCode* out, std::string* why, int forcedMask = -1);

// The standard's penalty score (ISO 18004:2015 7.8.3, N1..N4) of a finished symbol; the mask with the lowest
// score is the one encodeQr picks (the first of equals).
int qrPenalty(const QrCode& code);

// True for the modules of the three 7x7 finder patterns, which the landing draws solid.
bool qrIsFinderModule(int size, int col, int row);

}  // namespace mirofish
