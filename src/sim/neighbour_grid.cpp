// Counting-sort grid build: two passes over the fish, one prefix sum over the cells.
#include "sim/neighbour_grid.h"

#include <algorithm>

namespace mirofish {

void NeighbourGrid::configure(float worldW, float worldH, float cellSize) {
  cell_ = cellSize > 1.0f ? cellSize : 1.0f;
  invCell_ = 1.0f / cell_;
  cols_ = std::max(1, int(worldW * invCell_) + 1);
  rows_ = std::max(1, int(worldH * invCell_) + 1);
  // A huge world with a tiny radius would need an absurd grid: coarsen instead (same neighbours, more checks).
  while (double(cols_) * rows_ > 4e6) {
    cell_ *= 2;
    invCell_ = 1.0f / cell_;
    cols_ = std::max(1, int(worldW * invCell_) + 1);
    rows_ = std::max(1, int(worldH * invCell_) + 1);
  }
  start_.resize(size_t(cols_) * rows_ + 1);
}

void NeighbourGrid::build(const float* x, const float* y, int n) {
  if (int(cellIndex_.size()) < n) {
    cellIndex_.resize(size_t(n));
    order_.resize(size_t(n));
  }
  std::fill(start_.begin(), start_.end(), 0);
  for (int i = 0; i < n; ++i) {
    int c = cellOf(x[i], y[i]);
    cellIndex_[size_t(i)] = c;
    ++start_[size_t(c) + 1];
  }
  for (size_t c = 1; c < start_.size(); ++c) start_[c] += start_[c - 1];
  // Stable scatter, so fish within a cell stay in id order.
  cursor_.assign(start_.begin(), start_.end() - 1);  // reuses capacity after the first step
  for (int i = 0; i < n; ++i) order_[size_t(cursor_[size_t(cellIndex_[size_t(i)])]++)] = i;
}

}  // namespace mirofish
