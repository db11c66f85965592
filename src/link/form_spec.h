// The `form=` syntax of the hash and the CLI's --form (issue 12 item 6): qr:<text>, text:<text>, ring, rings,
// infinity, vortex, frame. Text is percent-encoded as in a URL, so any URL round-trips through a hash.
#pragma once

#include <string>
#include <vector>

#include "form/formations.h"

namespace mirofish {

// `value` is what follows `form=` (or --form), still percent-encoded: decode it once, here. Never throws. Every
// problem is one sentence in *warnings, and the formation is refused (kind None): an unknown kind, an empty text,
// a QR text over kQrMaxBytes bytes, a text the font cannot lay out (too many characters or lines). Kinds are read
// case-insensitively; a malformed escape ('%' without two hex digits) is kept as typed, with a warning.
FormSpec parseFormSpec(const std::string& value, std::vector<std::string>* warnings);
// The value that parses back to `spec` (lower-case kind, text percent-encoded); "" for None and Logo.
std::string formSpecValue(const FormSpec& spec);

// Every byte but the unreserved A-Z a-z 0-9 - . _ ~ as %XX (upper-case hex), as encodeURIComponent, but also
// escaping ! ' ( ) *. Safe inside a hash value: no '&', '=', '#', '%', '+' or space survives unescaped.
std::string percentEncode(const std::string& text);
// %XX -> the byte; '+' stays '+' (a hash is not a form post). Returns false when some '%' is not followed by two
// hex digits; those are kept as typed.
bool percentDecode(const std::string& text, std::string* out);

}  // namespace mirofish
