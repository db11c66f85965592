// The renderer's GL-free core, natively (src/render/draw_order.cpp): back tier first, each tier by y.
#include <catch2/catch.hpp>

#include <vector>

#include "render/core/draw_order.h"

using namespace mirofish;

TEST_CASE("draw order: back tier first, each tier by y; hidden fish dropped", "[render]") {
  const std::vector<float> y = {50, 10, 40, 30, 20, 60};
  const std::vector<float> depth = {0.9f, 0.1f, 0.2f, 0.7f, 0.6f, 0.3f};  // back: 1 2 5, front: 0 3 4
  DrawOrder order;
  order.build(y.data(), depth.data(), int(y.size()), 100);
  REQUIRE(order.count() == 6);
  CHECK(order.backCount() == 3);
  const std::vector<int> built(order.indices(), order.indices() + order.count());
  CHECK(built == std::vector<int>{1, 2, 5, 4, 3, 0});
  const unsigned char hidden[] = {0, 0, 1, 0, 1, 0};
  order.drop(hidden);
  const std::vector<int> kept(order.indices(), order.indices() + order.count());
  CHECK(kept == std::vector<int>{1, 5, 3, 0});
  CHECK(order.backCount() == 2);
}

TEST_CASE("draw order: lift() puts the flagged fish after the rest, each part back tier first", "[render]") {
  const std::vector<float> y = {50, 10, 40, 30, 20, 60};
  const std::vector<float> depth = {0.9f, 0.1f, 0.2f, 0.7f, 0.6f, 0.3f};  // back: 1 2 5, front: 0 3 4
  DrawOrder order;
  order.build(y.data(), depth.data(), int(y.size()), 100);
  CHECK(order.lowerCount() == 6);  // nothing lifted yet
  const unsigned char hidden[] = {0, 0, 0, 0, 1, 0};
  order.drop(hidden);  // order now 1 2 5 | 3 0
  const unsigned char top[] = {1, 0, 1, 0, 0, 0};
  order.lift(top);
  const std::vector<int> lifted(order.indices(), order.indices() + order.count());
  CHECK(lifted == std::vector<int>{1, 5, 3, 2, 0});  // lower: back 1 5, front 3; top: back 2, front 0
  CHECK(order.count() == 5);
  CHECK(order.lowerCount() == 3);
  CHECK(order.backCount() == 2);
  CHECK(order.topBackCount() == 1);
}

TEST_CASE("draw order: beyond the exact sort, y-bands keep the tiers apart and roughly sorted", "[render]") {
  const int n = kExactSortMax * 3;
  std::vector<float> y(static_cast<size_t>(n)), depth(static_cast<size_t>(n));
  for (int i = 0; i < n; ++i) {
    y[size_t(i)] = float((i * 7919) % 1000);
    depth[size_t(i)] = (i % 3) ? 0.8f : 0.2f;
  }
  DrawOrder order;
  order.build(y.data(), depth.data(), n, 1000);
  REQUIRE(order.count() == n);
  const int* idx = order.indices();
  const float band = 1000.0f / kYBands;
  for (int k = 0; k < n; ++k) CHECK((depth[size_t(idx[k])] < kFrontDepth) == (k < order.backCount()));
  int unordered = 0;
  for (int k = 1; k < n; ++k)
    if (k != order.backCount() && y[size_t(idx[k])] + band < y[size_t(idx[k - 1])]) ++unordered;
  CHECK(unordered == 0);
}
