// S-ECO-1 obstacle geometry, the text form the CLI reads, and the bucketing into cells.
#include "sim/obstacles.h"

#include <cmath>

#include "base/det_math.h"
#include "base/echo_text.h"
#include "sim/params.h"

namespace mirofish {

namespace {
constexpr float kObstacleCell = 64;     // px: cells at least this big ...
constexpr int kMaxObstacleCells = 256;  // ... and at most this many a side, whatever the world size
}  // namespace

float obstacleDistance(const Obstacle& o, float px, float py, float* nx, float* ny) {
  if (o.kind == Obstacle::Circle) {
    float dx = px - o.x, dy = py - o.y;
    const float d = detSqrt(dx * dx + dy * dy);
    if (d > 0) {
      *nx = dx / d;
      *ny = dy / d;
    } else {  // the very centre: any way out will do, the same one every time
      *nx = 1;
      *ny = 0;
    }
    return d - o.w;
  }
  const float x0 = o.x, x1 = o.x + o.w, y0 = o.y, y1 = o.y + o.h;
  const float ox = px < x0 ? px - x0 : (px > x1 ? px - x1 : 0);
  const float oy = py < y0 ? py - y0 : (py > y1 ? py - y1 : 0);
  if (ox != 0 || oy != 0) {  // outside: distance to the nearest point of the box
    const float d = detSqrt(ox * ox + oy * oy);
    if (d > 0) {
      *nx = ox / d;
      *ny = oy / d;
      return d;
    }
    // Nearer than 1e-19 px the squares underflow to 0 (0 / 0 normals): on the outline, as below.
  }
  // Inside (or on the outline): the nearest side, ties in the order left, right, top, bottom.
  const float in[4] = {px - x0, x1 - px, py - y0, y1 - py};
  int side = 0;
  for (int k = 1; k < 4; ++k)
    if (in[k] < in[side]) side = k;
  *nx = side == 0 ? -1.0f : (side == 1 ? 1.0f : 0.0f);
  *ny = side == 2 ? -1.0f : (side == 3 ? 1.0f : 0.0f);
  return -in[side];
}

bool parseObstacle(const std::string& text, Obstacle* out, std::string* error) {
  const size_t colon = text.find(':');
  const std::string kind = text.substr(0, colon);
  const char* usage = " (expected rect:X,Y,W,H or circle:X,Y,R in px)";
  Obstacle o;
  size_t want;
  if (kind == "rect") {
    o.kind = Obstacle::Rect;
    want = 4;
  } else if (kind == "circle") {
    o.kind = Obstacle::Circle;
    want = 3;
  } else {
    *error = "obstacle '" + echoed(text) + "': unknown shape '" + echoed(kind) + "'" + usage;
    return false;
  }
  if (colon == std::string::npos) {
    *error = "obstacle '" + echoed(text) + "': missing its numbers" + usage;
    return false;
  }
  std::vector<float> v;
  std::string rest = text.substr(colon + 1);
  size_t from = 0;
  while (true) {
    const size_t comma = rest.find(',', from);
    const std::string part = rest.substr(from, comma == std::string::npos ? std::string::npos : comma - from);
    double d;
    if (!parseDecimal(part, &d) || !std::isfinite(d) || std::fabs(d) > 1e7) {
      *error = "obstacle '" + echoed(text) + "': '" + echoed(part) + "' is not a number within +-1e7" + usage;
      return false;
    }
    v.push_back(float(d));
    if (comma == std::string::npos) break;
    from = comma + 1;
  }
  if (v.size() != want) {
    *error = "obstacle '" + echoed(text) + "': " + std::to_string(v.size()) + " numbers, " + kind + " takes " +
             std::to_string(want) + usage;
    return false;
  }
  o.x = v[0];
  o.y = v[1];
  o.w = v[2];
  o.h = want == 4 ? v[3] : 0;
  if (o.w < 0 || o.h < 0) {
    *error =
        "obstacle '" + echoed(text) + "': " + (want == 4 ? "width and height" : "the radius") + " must not be negative";
    return false;
  }
  *out = o;
  return true;
}

void ObstacleField::set(const Obstacle* list, int count, float worldW, float worldH, float reach) {
  if (count > kMaxObstacles) count = kMaxObstacles;
  list_.assign(list, list + (count > 0 ? count : 0));
  rebucket(worldW, worldH, reach);
}

// Each obstacle, grown by its reach, goes into every cell its box overlaps (a circle's box: a little more than
// needed, never less), so near() returns a superset of the obstacles within reach of any point of the cell.
void ObstacleField::rebucket(float worldW, float worldH, float reach) {
  worldW_ = worldW;
  worldH_ = worldH;
  reach_ = reach;
  float cell = kObstacleCell;
  if (worldW / cell > kMaxObstacleCells) cell = worldW / kMaxObstacleCells;
  if (worldH / cell > kMaxObstacleCells) cell = worldH / kMaxObstacleCells;
  cols_ = int(worldW / cell) + 1;
  rows_ = int(worldH / cell) + 1;
  invCell_ = 1.0f / cell;
  const int cells = cols_ * rows_;
  start_.assign(size_t(cells) + 1, 0);
  auto span = [&](const Obstacle& o, int* c0, int* c1, int* r0, int* r1) {
    const bool circle = o.kind == Obstacle::Circle;
    const float lx = (circle ? o.x - o.w : o.x) - reach, hx = (circle ? o.x + o.w : o.x + o.w) + reach;
    const float ly = (circle ? o.y - o.w : o.y) - reach, hy = (circle ? o.y + o.w : o.y + o.h) + reach;
    auto col = [&](float v, int n) {
      const float f = v * invCell_;
      return f > 0 ? (f < float(n - 1) ? int(f) : n - 1) : 0;
    };
    *c0 = col(lx, cols_);
    *c1 = col(hx, cols_);
    *r0 = col(ly, rows_);
    *r1 = col(hy, rows_);
  };
  // Two passes, counting then filling, in obstacle order so each cell's list ascends.
  for (const Obstacle& o : list_) {
    int c0, c1, r0, r1;
    span(o, &c0, &c1, &r0, &r1);
    for (int r = r0; r <= r1; ++r)
      for (int c = c0; c <= c1; ++c) ++start_[size_t(r * cols_ + c) + 1];
  }
  for (int c = 0; c < cells; ++c) start_[size_t(c) + 1] += start_[size_t(c)];
  items_.resize(size_t(start_[size_t(cells)]));
  fill_.assign(start_.begin(), start_.end() - 1);
  for (int k = 0; k < int(list_.size()); ++k) {
    int c0, c1, r0, r1;
    span(list_[size_t(k)], &c0, &c1, &r0, &r1);
    for (int r = r0; r <= r1; ++r)
      for (int c = c0; c <= c1; ++c) items_[size_t(fill_[size_t(r * cols_ + c)]++)] = k;
  }
}

}  // namespace mirofish
