// The teaching view's overlay (S-DEV-3): one batch of coloured triangles in world px, drawn over the koi in their
// WebGL context with the koi's letterbox mapping (fish_renderer.h): one texture upload and one draw. The caller (the
// studio, through the Pond) fills the vertices; nothing is created, uploaded or drawn until it first draws.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace mirofish {

// One vertex = 4 x 32 bits = one RGBA32UI texel: x, y (world px, float bits), colour (straight-alpha RGBA8, red in
// the lowest byte), unused. overlay.vert reads it by gl_VertexID, as koi.vert reads its fish: no vertex buffers, so
// the page's bundle needs no buffer glue for the overlay.
constexpr int kOverlayVertexWords = 4;

class OverlayRenderer {
 public:
  // Room for `count` vertices, kOverlayVertexWords each (grown, never shrunk, so a steady overlay allocates nothing);
  // valid until the next call.
  float* vertices(int count);
  // Draws the first `count` vertices (whole triangles) on the current context over what is there (premultiplied
  // blending); creates its GL objects on first use. False when it cannot (the reason in error()).
  bool draw(int count, float worldW, float worldH, int pixelWidth, int pixelHeight);
  void dropContext();  // after a context loss: forget the GL names (recreated on the next draw)
  void release();      // deletes the GL objects on the current context
  const std::string& error() const { return error_; }

 private:
  std::vector<float> vertices_;  // whole texture rows (a float vector: the bundle already has its code)
  unsigned program_ = 0, vao_ = 0, texture_ = 0;
  int rows_ = 0;  // rows the texture holds
  int uWorld_ = -1, uPixels_ = -1;
  std::string error_;
};

}  // namespace mirofish
