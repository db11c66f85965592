// SVG snapshot: one small oriented fish shape per fish; atan2 is fine here, it never feeds the simulation.
#include "cli/svg_writer.h"

#include <cmath>
#include <cstdio>

#include "sim/school.h"

namespace mirofish {

bool writeSchoolSvg(const School& school, const std::string& path) {
  std::FILE* out = std::fopen(path.c_str(), "w");
  if (!out) return false;
  const Params& p = school.params();
  const FishArrays& f = school.fish();
  std::fprintf(out, "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 %g %g\" width=\"%g\" height=\"%g\">\n",
               p.width, p.height, p.width, p.height);
  std::fprintf(out, "<rect width=\"100%%\" height=\"100%%\" fill=\"#0d2a3a\"/>\n");
  for (int i = 0; i < f.count; ++i) {
    double hx = f.hx[i], hy = f.hy[i];
    double hue = std::atan2(hy, hx) * 180.0 / 3.14159265358979 + 180.0;
    double x = f.x[i], y = f.y[i], len = 9, wid = 3.5;
    // A kite: nose, two flanks, tail.
    std::fprintf(out, "<polygon points=\"%.1f,%.1f %.1f,%.1f %.1f,%.1f %.1f,%.1f\" fill=\"hsl(%.0f,80%%,62%%)\"/>\n",
                 x + hx * len, y + hy * len, x - hy * wid, y + hx * wid, x - hx * len * 0.8, y - hy * len * 0.8,
                 x + hy * wid, y - hx * wid, hue);
  }
  std::fprintf(out, "</svg>\n");
  return std::fclose(out) == 0;
}

}  // namespace mirofish
