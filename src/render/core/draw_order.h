// Draw order for the koi: back tier then front tier, each sorted by y (S-REN-4), with preallocated arrays.
#pragma once

#include <vector>

namespace mirofish {

// Fish with depth < kFrontDepth are the back tier (S-ECO-4), drawn first.
constexpr float kFrontDepth = 0.5f;
// Up to this many fish an exact sort by y; beyond it, counting sort into y-bands (O(n)).
constexpr int kExactSortMax = 500;
constexpr int kYBands = 128;

class DrawOrder {
 public:
  // Orders fish 0..n-1; y in world px, worldH the world height. Allocates only when n grows.
  void build(const float* y, const float* depth, int n, float worldH);
  // Leaves out fish i where hidden[i] (S-CHO: fish landed as a formation's cells, drawn by the formation renderer),
  // keeping both tiers' order.
  void drop(const unsigned char* hidden);
  // Moves fish i where top[i] after all the others, keeping both tiers' order within each part: the order becomes
  // the lower part's back and front tiers, then the top part's back and front tiers (S-CHO-4: the fish flying to a
  // QR code's modules are drawn over its plate, the others under it). After build() and drop().
  void lift(const unsigned char* top);
  const int* indices() const { return order_.data(); }  // back tier first, then front (lower part, then top part)
  int backCount() const { return back_; }               // of the lower part
  int count() const { return n_; }
  int lowerCount() const { return lower_; }  // fish before the top part: count() unless lift() moved some
  int topBackCount() const { return topBack_; }

 private:
  void sortRange(int begin, int end, const float* y, float worldH);
  std::vector<int> order_;
  std::vector<int> scratch_;  // band scatter target, same size as order_
  int bandStart_[kYBands + 1] = {};
  int back_ = 0, n_ = 0, lower_ = 0, topBack_ = 0;
};

}  // namespace mirofish
