// Fuzz target: the URL hash of a shared link. The CLI's decodeHash (3600 s seek clamp), then a page's decodeLink
// under its owner's ceilings. The first three bytes pick the owner's maxFish, maxSeek and maxDpr; the rest is the
// hash, as location.hash gives it.
#include <string>
#include <vector>

#include "fuzz_check.h"
#include "link/link_limits.h"

using namespace mirofish;

namespace {

void checkDecoded(const DecodedHash& d, double maxSeek) {
  fuzz::checkInRange(d.params);
  for (const Warning& w : d.warnings) FUZZ_CHECK(fuzz::oneLine(w.text));
  if (!d.anyKey) FUZZ_CHECK(d.warnings.empty());  // a page's own anchor (#about, #x=1) gets no word
  FUZZ_CHECK(d.hasSeek ? d.seekSeconds >= 0 && d.seekSeconds <= std::fmin(maxSeek, kMaxSeekSeconds)
                       : d.seekSeconds == 0);
  FUZZ_CHECK(d.formAt >= 0 && d.formAt <= kMaxSeekSeconds);
  switch (d.form.kind) {
    case FormationKind::None: FUZZ_CHECK(d.formAt == 0); break;
    case FormationKind::Qr: FUZZ_CHECK(!d.form.text.empty() && d.form.text.size() <= size_t(kQrMaxBytes)); break;
    case FormationKind::Text: FUZZ_CHECK(!d.form.text.empty()); break;
    case FormationKind::Logo: FUZZ_CHECK(false); break;  // a bitmap comes from JS only
    default: FUZZ_CHECK(d.form.text.empty()); break;
  }
}

// decode -> encode -> decode: the second decode gives the same bits, the same hash, and nothing to warn about (a
// text formation may repeat its layout note).
template <typename Decode>
void checkFixedPoint(const DecodedHash& d, Decode decode) {
  const std::string encoded = encodeHash(d.params, d.form, d.formAt);
  const DecodedHash again = decode(encoded);
  FUZZ_CHECK(fuzz::sameHashParams(again.params, d.params));
  FUZZ_CHECK(again.form.kind == d.form.kind && again.form.text == d.form.text && again.formAt == d.formAt);
  FUZZ_CHECK(encodeHash(again.params, again.form, again.formAt) == encoded);
  if (d.form.kind != FormationKind::Text) FUZZ_CHECK(again.warnings.empty());
}

Params ownerFrom(const uint8_t* data) {
  static const double kFish[] = {0, 1, 50, 300, 1000, 5000, 30000, 100000};
  static const double kSeek[] = {0, 1, 30, 600, 3599.999, 3600, 60, 10};
  static const double kDpr[] = {0.5, 1, 1.5, 2, 2.5, 3, 4, 0.75};
  Params owner;
  owner.maxFish = kFish[data[0] & 7];
  owner.maxSeek = kSeek[data[1] & 7];
  owner.maxDpr = kDpr[data[2] & 7];
  if (data[0] & 8) {  // a page whose own world needs more than a link's grid allowance
    owner.width = 20000;
    owner.height = 12000;
    owner.sepRadius = owner.aliRadius = owner.cohRadius = 20;
  }
  return owner;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 3) return 0;
  const Params owner = ownerFrom(data);
  const std::string hash = fuzz::text(data + 3, size - 3);

  // The CLI's reading: no ceilings but the table's and the 3600 s seek.
  const DecodedHash cli = decodeHash(hash);
  checkDecoded(cli, kMaxSeekSeconds);
  checkFixedPoint(cli, [](const std::string& h) { return decodeHash(h); });

  // A page's: nothing a link asks for goes beyond what its owner allows.
  const DecodedHash d = decodeLink(hash, owner);
  checkDecoded(d, owner.maxSeek);
  const Params& p = d.params;
  if (!d.anyKey) {  // not a link of ours: the page's own settings, untouched
    FUZZ_CHECK(fuzz::sameHashParams(p, owner));
    return 0;
  }
  FUZZ_CHECK(p.fish <= owner.maxFish);
  FUZZ_CHECK(p.maxDpr <= owner.maxDpr);
  FUZZ_CHECK(gridCells(p) <= std::fmax(kLinkMaxGridCells, gridCells(owner)));
  for (int i = 0; i < kParamCount; ++i)  // the owner's own settings are out of a link's reach
    if (!inHash(kParamInfo[i])) FUZZ_CHECK(p.get(ParamId(i)) == owner.get(ParamId(i)));
  checkFixedPoint(d, [&](const std::string& h) { return decodeLink(h, owner); });
  return 0;
}
