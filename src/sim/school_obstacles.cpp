// S-ECO-1 obstacles in the step: a soft push added to the steering ring before pass 2 (so the four-wide and the
// scalar pass 2 see it alike), and after pass 2 a hard limit that puts any fish that got inside back on the outline,
// gliding along it. Both look only at the obstacles bucketed near the fish's cell (all of them for brute force: the
// ones out of reach add nothing, so the bits agree).
#include "base/det_math.h"
#include "sim/school.h"
#include "sim/school_step.h"
#include "sim/step_phases.h"

namespace mirofish {

namespace {
constexpr float kObstacleSlide = 0.5f;  // x the push: along the outline, the way the fish already heads (flow around)
constexpr float kObstacleSkin = 0.05f;  // px: a fish put back on the outline sits this far outside it
constexpr int kExitRounds = 4;          // overlapping obstacles: a fish pushed out of one into another tries again
}  // namespace

void School::setObstacles(const Obstacle* list, int count) {
  obstacles_.set(list, count, float(params_.width), float(params_.height), float(params_.obstacleMargin));
}

void School::fitObstacles() {
  if (obstacles_.count() == 0) return;
  const Params& p = params_;
  const float reach = float(p.obstacleMargin), w = float(p.width), h = float(p.height);
  if (obstacles_.reach() != reach || obstacles_.worldW() != w || obstacles_.worldH() != h)
    obstacles_.rebucket(w, h, reach);  // the world or the margin changed since the last step
}

void repelObstacles(const Params& p, const ObstacleField& field, bool all, const FishMotion& f, int n, float* ringX,
                    float* ringY) {
  if (field.count() == 0) return;
  const float reach = float(p.obstacleMargin);
  const Obstacle* list = field.list();
  const float invReach = 1.0f / reach, strength = float(p.obstacleWeight) * float(p.maxForce);
  for (int i = 0; i < n; ++i) {
    const int* it;
    const int* end;
    field.near(f.x[i], f.y[i], &it, &end);
    const int total = all ? field.count() : int(end - it);
    for (int q = 0; q < total; ++q) {
      const Obstacle& o = list[all ? q : it[q]];
      float nx, ny;
      const float d = obstacleDistance(o, f.x[i], f.y[i], &nx, &ny);
      if (!(d < reach)) continue;
      // Like the soft walls: nothing at the margin, growing quadratically to the full push at the outline.
      const float t = d > 0 ? (reach - d) * invReach : 1.0f, k = strength * t * t;
      const float side = (f.hy[i] * nx - f.hx[i] * ny) >= 0 ? 1.0f : -1.0f;  // the tangent nearer the heading
      ringX[i] += nx * k - side * ny * k * kObstacleSlide;
      ringY[i] += ny * k + side * nx * k * kObstacleSlide;
    }
  }
}

uint64_t leaveObstacles(const Params& p, const ObstacleField& field, bool all, int n, FishMotion& f) {
  if (field.count() == 0) return 0;
  uint64_t moved = 0;
  const Obstacle* list = field.list();
  const float w = float(p.width), h = float(p.height);
  for (int i = 0; i < n; ++i) {
    for (int round = 0; round < kExitRounds; ++round) {
      const int* it;
      const int* end;
      field.near(f.x[i], f.y[i], &it, &end);
      const int total = all ? field.count() : int(end - it);
      int inside = -1;
      float deepest = 0, nx = 0, ny = 0;
      for (int q = 0; q < total; ++q) {
        const int k = all ? q : it[q];
        float ox, oy;
        const float d = obstacleDistance(list[k], f.x[i], f.y[i], &ox, &oy);
        if (d < deepest) {
          deepest = d;
          inside = k;
          nx = ox;
          ny = oy;
        }
      }
      if (inside < 0) break;
      const Obstacle& o = list[inside];
      float x = f.x[i] + nx * (kObstacleSkin - deepest), y = f.y[i] + ny * (kObstacleSkin - deepest);
      if (o.kind == Obstacle::Rect && (x < 0 || x > w || y < 0 || y > h)) {
        // That side lies on the world's edge: leave by the nearest side that opens into the world.
        const float exits[4][2] = {{o.x - kObstacleSkin, f.y[i]},
                                   {o.x + o.w + kObstacleSkin, f.y[i]},
                                   {f.x[i], o.y - kObstacleSkin},
                                   {f.x[i], o.y + o.h + kObstacleSkin}};
        const float normals[4][2] = {{-1, 0}, {1, 0}, {0, -1}, {0, 1}};
        float best = 3.0e38f;
        for (int s = 0; s < 4; ++s) {
          const float ex = exits[s][0], ey = exits[s][1];
          if (ex < 0 || ex > w || ey < 0 || ey > h) continue;
          const float dx = ex - f.x[i], dy = ey - f.y[i], d2 = dx * dx + dy * dy;
          if (d2 < best) {
            best = d2;
            x = ex;
            y = ey;
            nx = normals[s][0];
            ny = normals[s][1];
          }
        }
      }
      f.x[i] = clampf(x, 0, w);
      f.y[i] = clampf(y, 0, h);
      // Glide: the speed kept, turned along the outline (the way the fish was going, or either way head-on).
      const float vx = f.vx[i], vy = f.vy[i], speed = detSqrt(vx * vx + vy * vy), vn = vx * nx + vy * ny;
      if (vn < 0) {
        float tx = vx - vn * nx, ty = vy - vn * ny;
        const float t = detSqrt(tx * tx + ty * ty);
        if (t > kStillSpeed) {
          tx /= t;
          ty /= t;
        } else {
          tx = -ny;
          ty = nx;
        }
        f.vx[i] = tx * speed;
        f.vy[i] = ty * speed;
        f.hx[i] = tx;
        f.hy[i] = ty;
      }
      ++moved;
    }
  }
  return moved;
}

}  // namespace mirofish
