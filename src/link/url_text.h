// Text at the URL edge: percent coding (a link's values may come percent-encoded from an address bar) and quoting
// what came in inside a warning. One copy for the hash codec and the `form=` syntax.
#pragma once

#include <string>

namespace mirofish {

// Every byte but the unreserved A-Z a-z 0-9 - . _ ~ as %XX (upper-case hex), as encodeURIComponent, but also
// escaping ! ' ( ) *. Safe inside a hash value: no '&', '=', '#', '%', '+' or space survives unescaped.
std::string percentEncode(const std::string& text);
// %XX -> the byte; '+' stays '+' (a hash is not a form post). Returns false when some '%' is not followed by two
// hex digits; those are kept as typed.
bool percentDecode(const std::string& text, std::string* out);
// A value quoted in a warning: printable ASCII only ('?' for any other byte), at most 40 characters, then "..."
// (a warning is one short line, whatever came in).
std::string shown(const std::string& text);

}  // namespace mirofish
