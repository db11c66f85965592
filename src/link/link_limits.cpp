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
    d.warnings.push_back("hash: n=" + num(p.fish) + " is more fish than this page lets a link ask for (maxFish " +
                         num(owner.maxFish) + "); using " + num(owner.maxFish) + ".");
    p.fish = owner.maxFish;
  }
  if (p.maxDpr > owner.maxDpr) {
    d.warnings.push_back("hash: dpr=" + num(p.maxDpr) + " is above this page's maxDpr " + num(owner.maxDpr) +
                         "; using " + num(owner.maxDpr) + ".");
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
    d.warnings.push_back("hash: a " + num(p.width) + "x" + num(p.height) + " px world with a " + num(r) +
                         " px largest radius needs " + num(std::floor(cells)) +
                         " grid cells, more than a link may ask for (" + num(allowed) + "); the world is cut to " +
                         num(w) + "x" + num(h) + " px.");
    p.width = w;
    p.height = h;
  }
  return d;
}

}  // namespace mirofish
