// Percent coding and warning quotes for the URL edge (url_text.h).
#include "link/url_text.h"

namespace mirofish {

namespace {

int hexValue(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

}  // namespace

std::string percentEncode(const std::string& text) {
  static const char kHex[] = "0123456789ABCDEF";
  std::string out;
  for (char ch : text) {
    const unsigned char c = static_cast<unsigned char>(ch);
    const bool unreserved = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' ||
                            c == '.' || c == '_' || c == '~';
    if (unreserved) {
      out += ch;
    } else {
      out += '%';
      out += kHex[c >> 4];
      out += kHex[c & 15];
    }
  }
  return out;
}

bool percentDecode(const std::string& text, std::string* out) {
  out->clear();
  bool clean = true;
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '%') {
      const int hi = i + 1 < text.size() ? hexValue(text[i + 1]) : -1;
      const int lo = i + 2 < text.size() ? hexValue(text[i + 2]) : -1;
      if (hi >= 0 && lo >= 0) {
        *out += char(hi * 16 + lo);
        i += 2;
        continue;
      }
      clean = false;
    }
    *out += text[i];
  }
  return clean;
}

std::string shown(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (out.size() >= 40) return out + "...";
    out += (c >= 32 && c < 127) ? c : '?';
  }
  return out;
}

}  // namespace mirofish
