// The `form=` syntax of the hash and the CLI's --form (S-CHO-1..4): qr:<text>, text:<text>, ring, rings,
// infinity, vortex, frame. Text is percent-encoded as in a URL, so any URL round-trips through a hash.
#pragma once

#include <string>
#include <vector>

#include "base/warnings.h"
#include "form/formations.h"
#include "link/url_text.h"  // percentEncode, percentDecode

namespace mirofish {

// `value` is what follows `form=` (or --form), still percent-encoded: decode it once, here. Never throws. Every
// problem is one named warning in *warnings (Form*, base/warnings.h), and the formation is refused (kind None): an
// unknown kind, an empty text, a QR text over kQrMaxBytes bytes, a text the font cannot lay out (too many characters or
// lines). Kinds are read case-insensitively; a malformed escape ('%' without two hex digits) is kept as typed, with a
// warning.
FormSpec parseFormSpec(const std::string& value, std::vector<Warning>* warnings);
// The value that parses back to `spec` (lower-case kind, text percent-encoded); "" for None and Logo.
std::string formSpecValue(const FormSpec& spec);

}  // namespace mirofish
