// The page owner's ceilings on a decoded link: one warning per refusal, never an exception.
#include "link/link_limits.h"

#include <algorithm>
#include <cmath>

#include "base/number_text.h"

namespace mirofish {

namespace {

std::string num(double v) { return formatG(v, 10); }

}  // namespace

double gridCells(const Params& p) {
  double r = std::max({p.sepRadius, p.aliRadius, p.cohRadius, 1.0});
  return (std::floor(p.width / r) + 1) * (std::floor(p.height / r) + 1);
}

DecodedHash decodeLink(const std::string& hash, const Params& owner) {
  DecodedHash d = decodeHash(hash, owner, owner.maxSeek);
  if (!d.anyKey) return d;  // a plain anchor is the page's: its own settings get no word about a link's ceilings
  Params& p = d.params;
  if (p.fish > owner.maxFish) {
    addWarning(&d.warnings, WarningId::LinkTooManyFish, {num(p.fish), num(owner.maxFish), num(owner.maxFish)});
    p.fish = owner.maxFish;
  }
  if (p.maxDpr > owner.maxDpr) {
    addWarning(&d.warnings, WarningId::LinkDprAbove, {num(p.maxDpr), num(owner.maxDpr), num(owner.maxDpr)});
    p.maxDpr = owner.maxDpr;
  }
  const double cells = gridCells(p);
  const double allowed = std::max(kLinkMaxGridCells, gridCells(owner));
  if (cells > allowed) {
    const ParamInfo& wi = kParamInfo[int(ParamId::width)];
    const ParamInfo& hi = kParamInfo[int(ParamId::height)];
    const double r = std::max({p.sepRadius, p.aliRadius, p.cohRadius, 1.0});
    // Shrink both sides by the same factor until the grid fits (the +1 border cells make one pass nearly exact). A
    // side held at its 100 px minimum leaves the other to shrink alone, up to 125 more steps (w=100000&h=100 at 1 px).
    double f = std::sqrt(allowed / cells);
    double w = p.width, h = p.height;
    for (int i = 0; i < 256; ++i) {
      w = std::max(wi.min, std::floor(p.width * f));
      h = std::max(hi.min, std::floor(p.height * f));
      if ((std::floor(w / r) + 1) * (std::floor(h / r) + 1) <= allowed) break;
      f *= 0.98;
    }
    addWarning(&d.warnings, WarningId::LinkGridTooBig,
               {num(p.width), num(p.height), num(r), num(std::floor(cells)), num(allowed), num(w), num(h)});
    p.width = w;
    p.height = h;
  }
  return d;
}

}  // namespace mirofish
