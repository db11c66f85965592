// Draw order for the koi: split by depth tier, then an exact y sort or y-bands, all in reused arrays.
#include "render/core/draw_order.h"

#include <algorithm>

namespace mirofish {

void DrawOrder::build(const float* y, const float* depth, int n, float worldH) {
  if (int(order_.size()) < n) {
    // Grow by doubling, like the school's arrays, so a slowly rising count reallocates rarely.
    size_t cap = std::max<size_t>(64, order_.size());
    while (cap < size_t(n)) cap *= 2;
    order_.resize(cap);
    scratch_.resize(cap);
  }
  n_ = n;
  // Stable split: back-tier ids first, front-tier ids after, each in id order.
  int back = 0;
  for (int i = 0; i < n; ++i) back += depth[i] < kFrontDepth ? 1 : 0;
  int b = 0, f = back;
  for (int i = 0; i < n; ++i) {
    if (depth[i] < kFrontDepth) {
      order_[b++] = i;
    } else {
      order_[f++] = i;
    }
  }
  back_ = back;
  lower_ = n;
  topBack_ = 0;
  sortRange(0, back, y, worldH);
  sortRange(back, n, y, worldH);
}

void DrawOrder::drop(const unsigned char* hidden) {
  int kept = 0, back = 0;
  for (int k = 0; k < n_; ++k) {
    const int i = order_[k];
    if (hidden[i]) continue;
    order_[kept++] = i;
    back += k < back_ ? 1 : 0;
  }
  n_ = kept;
  back_ = back;
  lower_ = kept;
  topBack_ = 0;
}

void DrawOrder::lift(const unsigned char* top) {
  // Four stable runs through the scratch array: lower back, lower front, top back, top front.
  int* out = scratch_.data();
  int k = 0, lowerBack = 0, topBack = 0;
  for (int pass = 0; pass < 4; ++pass) {
    const bool wantTop = pass >= 2, wantBack = pass % 2 == 0;
    for (int j = 0; j < n_; ++j) {
      const int i = order_[j];
      if ((top[i] != 0) != wantTop || (j < back_) != wantBack) continue;
      out[k++] = i;
      lowerBack += pass == 0 ? 1 : 0;
      topBack += pass == 2 ? 1 : 0;
    }
    if (pass == 1) lower_ = k;
  }
  std::copy(out, out + n_, order_.data());
  back_ = lowerBack;
  topBack_ = topBack;
}

void DrawOrder::sortRange(int begin, int end, const float* y, float worldH) {
  int* first = order_.data() + begin;
  int count = end - begin;
  if (count < 2) return;
  if (n_ <= kExactSortMax) {
    // Ties broken by id, so the order never flickers between frames.
    // A NaN y (never expected from the school) sorts first instead of breaking the strict weak order.
    auto key = [y](int i) { return y[i] == y[i] ? y[i] : -1e30f; };
    std::sort(first, first + count, [&key](int a, int b) {
      float ka = key(a), kb = key(b);
      return ka < kb || (ka == kb && a < b);
    });
    return;
  }
  // Counting sort into horizontal bands: within a band the order is by id, which is invisible at this density.
  float toBand = float(kYBands) / std::max(worldH, 1.0f);
  auto bandOf = [&](int i) {
    float band = y[i] * toBand;  // compared as float first, so NaN and huge values stay in range
    return band >= 0.0f ? (band < float(kYBands) ? int(band) : kYBands - 1) : 0;
  };
  std::fill(bandStart_, bandStart_ + kYBands + 1, 0);
  for (int k = 0; k < count; ++k) ++bandStart_[bandOf(first[k]) + 1];
  for (int band = 0; band < kYBands; ++band) bandStart_[band + 1] += bandStart_[band];
  int* out = scratch_.data();
  for (int k = 0; k < count; ++k) out[bandStart_[bandOf(first[k])]++] = first[k];
  std::copy(out, out + count, first);
}

}  // namespace mirofish
