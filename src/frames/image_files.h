// Stills: PNG through libpng, WebP through libwebp, from straight-alpha RGBA rows, top row first.
#pragma once

#include <cstdint>
#include <string>

namespace mirofish {

// zlib level 0..9: 9 for a poster kept in a repository, lower for a clip's many frames. "" or why it failed.
std::string writePng(const std::string& path, const uint8_t* rgba, int width, int height, int level);
// quality 1..99 lossy (alpha kept), 100 lossless. "" or why it failed.
std::string writeWebp(const std::string& path, const uint8_t* rgba, int width, int height, int quality);
// True when path ends in ext (".png"), any case.
bool endsWith(const std::string& path, const char* ext);

}  // namespace mirofish
