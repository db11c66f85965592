// S-ECO-1 obstacles: rectangles and circles in world px that fish swim around, bucketed into a coarse grid of their
// own so a fish looks only at the few near its cell (the cost per fish does not grow with the obstacle count, and
// the obstacles' cost does not grow with the fish count beyond one lookup per fish).
#pragma once

#include <string>
#include <vector>

#include "base/constants.h"

namespace mirofish {

// kMaxObstacles (base/constants.h): the page's element cap (S-ECO-1); more are dropped with a warning.

struct Obstacle {
  enum Kind : unsigned char { Rect, Circle } kind = Rect;
  float x = 0, y = 0;  // rect: top-left corner; circle: centre (px)
  float w = 0, h = 0;  // rect: size (px); circle: w is the radius
};

// Signed distance from (px, py) to the obstacle's outline (negative inside) and the outward unit normal there.
float obstacleDistance(const Obstacle& o, float px, float py, float* nx, float* ny);

// "rect:x,y,w,h" or "circle:x,y,r" (the number grammar of the hash). False with one sentence in *error otherwise:
// a malformed text, a non-finite value, a negative size or radius (quoting the text as base/echo_text.h echoes it).
bool parseObstacle(const std::string& text, Obstacle* out, std::string* error);

class ObstacleField {
 public:
  // Replaces the list (the first kMaxObstacles) and rebuckets with the given world size and reach (px around each
  // obstacle that still counts as near). Allocates only when it grows; called on a change, never per step.
  void set(const Obstacle* list, int count, float worldW, float worldH, float reach);
  void rebucket(float worldW, float worldH, float reach);
  int count() const { return int(list_.size()); }
  const Obstacle* list() const { return list_.data(); }
  float reach() const { return reach_; }
  // Obstacles whose reach touches the cell of (x, y), ascending by index: near[begin .. end).
  void near(float x, float y, const int** begin, const int** end) const {
    const float fx = x * invCell_, fy = y * invCell_;
    const int cx = fx > 0 ? (fx < float(cols_ - 1) ? int(fx) : cols_ - 1) : 0;
    const int cy = fy > 0 ? (fy < float(rows_ - 1) ? int(fy) : rows_ - 1) : 0;
    const int c = cy * cols_ + cx;
    *begin = items_.data() + start_[size_t(c)];
    *end = items_.data() + start_[size_t(c) + 1];
  }
  float worldW() const { return worldW_; }
  float worldH() const { return worldH_; }

 private:
  std::vector<Obstacle> list_;
  std::vector<int> start_{0, 0};  // cols*rows + 1 offsets into items_
  std::vector<int> items_;
  std::vector<int> fill_;  // rebucket's write positions, reused
  int cols_ = 1, rows_ = 1;
  float invCell_ = 1, reach_ = 0, worldW_ = 0, worldH_ = 0;
};

}  // namespace mirofish
