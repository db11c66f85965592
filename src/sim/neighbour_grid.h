// Uniform grid bucketed by counting sort (S-SIM-8): count array + offset array of fish indices, no allocation per step.
#pragma once

#include <cstdint>
#include <vector>

namespace mirofish {

class NeighbourGrid {
 public:
  // Sizes the grid for a world and cell size (the largest perception radius). Allocates only when it grows.
  void configure(float worldW, float worldH, float cellSize);
  // Buckets fish 0..n-1 by position; positions outside the world go to the border cells.
  void build(const float* x, const float* y, int n);

  int cols() const { return cols_; }
  int rows() const { return rows_; }
  float cellSize() const { return cell_; }
  int cellOf(float x, float y) const {
    // Clamp in float before converting: huge or infinite positions land in the border cells, never overflow an int.
    float fx = x * invCell_, fy = y * invCell_;
    int cx = fx > 0 ? (fx < float(cols_ - 1) ? int(fx) : cols_ - 1) : 0;
    int cy = fy > 0 ? (fy < float(rows_ - 1) ? int(fy) : rows_ - 1) : 0;
    return cy * cols_ + cx;
  }
  // Fish in cell c are order_[start_[c] .. start_[c+1]).
  const int* cellStart() const { return start_.data(); }
  const int* order() const { return order_.data(); }

 private:
  int cols_ = 1, rows_ = 1;
  float cell_ = 1, invCell_ = 1;
  std::vector<int> start_;      // cols*rows + 1 offsets
  std::vector<int> cellIndex_;  // per fish
  std::vector<int> order_;      // fish indices sorted by cell
  std::vector<int> cursor_;     // scatter write positions, reused
};

}  // namespace mirofish
