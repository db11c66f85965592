// PNG and WebP files (image_files.h).
#include "frames/image_files.h"

#include <png.h>
#include <webp/encode.h>

#include <cctype>
#include <cstdio>
#include <cstring>

namespace mirofish {

bool endsWith(const std::string& path, const char* ext) {
  const size_t n = std::strlen(ext);
  if (path.size() < n) return false;
  for (size_t k = 0; k < n; ++k)
    if (std::tolower(static_cast<unsigned char>(path[path.size() - n + k])) != ext[k]) return false;
  return true;
}

std::string writePng(const std::string& path, const uint8_t* rgba, int width, int height, int level) {
  std::FILE* file = std::fopen(path.c_str(), "wb");
  if (!file) return "cannot write '" + path + "'";
  png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, nullptr, nullptr, nullptr);
  png_infop info = png ? png_create_info_struct(png) : nullptr;
  if (!info || setjmp(png_jmpbuf(png))) {  // libpng reports an error by jumping back here
    png_destroy_write_struct(&png, &info);
    std::fclose(file);
    return "writing '" + path + "' failed";
  }
  png_init_io(png, file);
  png_set_compression_level(png, level);
  png_set_IHDR(png, info, png_uint_32(width), png_uint_32(height), 8, PNG_COLOR_TYPE_RGB_ALPHA, PNG_INTERLACE_NONE,
               PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
  png_write_info(png, info);
  for (int y = 0; y < height; ++y) png_write_row(png, rgba + size_t(y) * size_t(width) * 4);
  png_write_end(png, nullptr);
  png_destroy_write_struct(&png, &info);
  return std::fclose(file) == 0 ? "" : "writing '" + path + "' failed";
}

std::string writeWebp(const std::string& path, const uint8_t* rgba, int width, int height, int quality) {
  uint8_t* data = nullptr;
  const size_t size = quality >= 100 ? WebPEncodeLosslessRGBA(rgba, width, height, width * 4, &data)
                                     : WebPEncodeRGBA(rgba, width, height, width * 4, float(quality), &data);
  if (size == 0) {
    WebPFree(data);
    return "the WebP encoder refused the " + std::to_string(width) + "x" + std::to_string(height) + " image";
  }
  std::FILE* file = std::fopen(path.c_str(), "wb");
  if (!file) {
    WebPFree(data);
    return "cannot write '" + path + "'";
  }
  const bool ok = std::fwrite(data, 1, size, file) == size;
  WebPFree(data);
  return std::fclose(file) == 0 && ok ? "" : "writing '" + path + "' failed";
}

}  // namespace mirofish
