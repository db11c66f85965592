// The world <-> canvas letterbox, the one copy: the koi and every other sheet draw through it (in float, device px),
// the page maps the pointer and obstacle boxes through it (in double, CSS px), the studio's overlay and clicks get it
// from its core (studio_view). GL-free, so the native suite tests it.
//
//   scale   = min(pixelWidth / worldW, pixelHeight / worldH)      (uniform, the whole world fits)
//   offsetX = (pixelWidth  - worldW * scale) / 2                  (centred, letterboxed)
//   offsetY = (pixelHeight - worldH * scale) / 2
//   pixel = world * scale + offset;   world = (pixel - offset) / scale
// with worldW/H = the school's width/height (at least 1 px), y down.
#pragma once

namespace mirofish {

// T is float for the renderers' uniforms and double for the page's pointer and boxes: one template, each computing in
// its own T throughout, so each keeps its own type's rounding. Written as comparisons, which are std::min/max (and,
// with no NaN side, std::fmin: the edges keep sizes finite and positive) without a call in the page's wasm.
template <class T>
struct Letterbox {
  T scale = 1, offsetX = 0, offsetY = 0;

  T pixelX(T worldX) const { return worldX * scale + offsetX; }
  T pixelY(T worldY) const { return worldY * scale + offsetY; }
  T worldX(T pixelX) const { return (pixelX - offsetX) / scale; }
  T worldY(T pixelY) const { return (pixelY - offsetY) / scale; }
};

template <class T>
Letterbox<T> letterbox(T worldW, T worldH, T pixelW, T pixelH) {
  const T w = T(1) < worldW ? worldW : T(1), h = T(1) < worldH ? worldH : T(1);  // std::max(world, 1)
  const T sx = pixelW / w, sy = pixelH / h;
  Letterbox<T> m;
  m.scale = sy < sx ? sy : sx;  // std::min(sx, sy)
  m.offsetX = (pixelW - w * m.scale) / T(2);
  m.offsetY = (pixelH - h * m.scale) / T(2);
  return m;
}

// The renderers' form: device px, float.
using WorldToPixels = Letterbox<float>;
inline WorldToPixels worldToPixels(float worldW, float worldH, int pixelWidth, int pixelHeight) {
  return letterbox(worldW, worldH, float(pixelWidth), float(pixelHeight));
}

}  // namespace mirofish
