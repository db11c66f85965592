// 64-bit FNV-1a, the one hash behind every pinned number (School::stateHash, the CLI's targets-hash, the tests'
// fuller state hashes): bytes in order, floats as their four IEEE bytes, least significant first (the layout in
// memory on every target built here, x86-64 and wasm), so native and wasm print the same 16 hex digits.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

namespace mirofish {

constexpr uint64_t kFnvOffset = 0xcbf29ce484222325ULL;  // 14695981039346656037
constexpr uint64_t kFnvPrime = 0x100000001b3ULL;        // 1099511628211

inline uint64_t fnv1aByte(uint64_t h, unsigned char b) { return (h ^ b) * kFnvPrime; }

inline uint64_t fnv1aBytes(uint64_t h, const unsigned char* p, size_t n) {
  for (size_t i = 0; i < n; ++i) h = fnv1aByte(h, p[i]);
  return h;
}

inline uint64_t fnv1aFloat(uint64_t h, float v) {
  uint32_t bits;
  std::memcpy(&bits, &v, sizeof bits);
  for (int b = 0; b < 4; ++b) h = fnv1aByte(h, static_cast<unsigned char>((bits >> (8 * b)) & 0xffu));
  return h;
}

}  // namespace mirofish
