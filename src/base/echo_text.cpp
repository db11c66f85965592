// A user's text as a message echoes it (echo_text.h).
#include "base/echo_text.h"

namespace mirofish {

namespace {

// The length of the UTF-8 sequence at t[i] (1..4), or 0 when the bytes there are not one (a lone or stray byte, an
// overlong form, a surrogate, above U+10FFFF).
size_t utf8Length(const std::string& t, size_t i) {
  const unsigned char c = (unsigned char)t[i];
  if (c < 0x80) return 1;
  size_t n;
  unsigned char lo = 0x80, hi = 0xbf;  // the second byte's range
  if (c >= 0xc2 && c <= 0xdf) {
    n = 2;
  } else if (c >= 0xe0 && c <= 0xef) {
    n = 3;
    if (c == 0xe0) lo = 0xa0;
    if (c == 0xed) hi = 0x9f;
  } else if (c >= 0xf0 && c <= 0xf4) {
    n = 4;
    if (c == 0xf0) lo = 0x90;
    if (c == 0xf4) hi = 0x8f;
  } else {
    return 0;
  }
  if (i + n > t.size()) return 0;
  for (size_t k = 1; k < n; ++k) {
    const unsigned char b = (unsigned char)t[i + k];
    if (b < (k == 1 ? lo : 0x80) || b > (k == 1 ? hi : 0xbf)) return 0;
  }
  return n;
}

// Appends the character at t[*i] as a message shows it and moves *i past it; returns the characters it shows as.
size_t showChar(const std::string& t, size_t* i, std::string* out) {
  static const char kHex[] = "0123456789abcdef";
  const unsigned char c = (unsigned char)t[*i];
  const size_t n = utf8Length(t, *i);
  const size_t before = out->size();
  if (n == 0 || c < 0x20 || c == 0x7f) {
    ++*i;
    if (c == '\n' || c == '\t' || c == '\r') {
      *out += c == '\n' ? "\\n" : c == '\t' ? "\\t" : "\\r";
    } else {
      *out += "\\x";
      *out += kHex[c >> 4];
      *out += kHex[c & 15];
    }
    return out->size() - before;
  }
  if (c == 0xc2 && (unsigned char)t[*i + 1] <= 0x9f) {  // U+0080..U+009F, the C1 controls (0x9b is a CSI)
    const unsigned char b = (unsigned char)t[*i + 1];
    *i += 2;
    *out += "\\u00";
    *out += kHex[b >> 4];
    *out += kHex[b & 15];
    return 6;
  }
  out->append(t, *i, n);
  *i += n;
  return 1;
}

std::string shownText(const std::string& text, size_t maxChars) {
  std::string out;
  size_t chars = 0;
  for (size_t i = 0; i < text.size();) {
    const size_t kept = out.size();
    chars += showChar(text, &i, &out);
    if (chars > maxChars) return out.erase(kept) + "...";
  }
  return out;
}

}  // namespace

std::string withoutControls(const std::string& text) { return shownText(text, std::string::npos); }

std::string echoed(const std::string& arg) { return shownText(arg, kEchoChars); }

}  // namespace mirofish
