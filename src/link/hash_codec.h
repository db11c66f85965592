// URL-hash codec (S-WEB-3, S-DEV-5): `key=value` pairs joined by '&', fixed table order, 3 decimals.
#pragma once

#include <string>
#include <vector>

#include "base/constants.h"  // kMaxHashLength: the table, so the plugin's PHP reads the same limit
#include "link/form_spec.h"
#include "sim/params.h"

namespace mirofish {

constexpr double kMaxSeekSeconds = 3600;  // t= beyond this is clamped to it
// studio=1 opens the studio script (web/studio), which reads it itself: the codec passes over it without a
// warning, and it alone does not make a hash ours (#studio=1 does not restart the school).
constexpr const char* kStudioKey = "studio";

struct DecodedHash {
  Params params;                  // base with every recognised, valid pair applied
  std::vector<Warning> warnings;  // one named warning per problem (base/warnings.h), with its sentence
  double seekSeconds = 0;         // t=SECONDS, clamped to [0, 3600]
  bool hasSeek = false;
  bool anyKey = false;    // false for a plain anchor such as "#about"
  bool hasWorld = false;  // w= or h= (width, height) given, valid or not: a shared world, kept as it is
  // S-CHO form=KIND[:TEXT] (TEXT percent-encoded) and at=SECONDS, when the formation starts (simulated time).
  FormSpec form;  // kind None when absent or refused (with its warning)
  double formAt = 0;
};

// Never throws, never yields NaN. Accepts an optional leading '#'. `preset=default|tuned` is applied
// first, whatever its position; names (sepRadius) are accepted as well as keys (rsep). A hash without a single key
// of ours (#about, #foo=bar) is the page's: anyKey false and no warnings.
// A page passes its maxSeek: a longer t= is refused with one warning (the CLI keeps the 3600 s clamp).
DecodedHash decodeHash(const std::string& hash, const Params& base = Params(), double maxSeek = kMaxSeekSeconds);
// Every parameter that a hash carries (not the page's own settings), in table order; integers without decimals, others
// with up to 3 (trailing zeros cut).
std::string encodeHash(const Params& p);
// The same, then form= and at= (when at > 0) for a formation; a kind None adds nothing.
std::string encodeHash(const Params& p, const FormSpec& form, double at);
std::string formatValue(const ParamInfo& info, double v);

}  // namespace mirofish
