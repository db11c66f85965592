// The view a frame is drawn with, made in one place for every frame (the page's Pond, the CLI's posters and clips,
// the C interface's posters): its pixel size, the look of the parameters, the animation clock, the fish's detail and
// the water's ripples from the school's startles (and the page's clicks). GL-free: what draws it is the caller's.
#pragma once

#include "render/core/render_view.h"
#include "render/core/ripples.h"
#include "sim/params.h"

namespace mirofish {

class School;

class FrameView {
 public:
  // The frame's size in device pixels, its device pixel ratio and the page text's WCAG luminance (< 0: unknown),
  // which waterTone=auto reads.
  void setSize(int pixelWidth, int pixelHeight, float dpr, float pageText);
  // The view of `school` at animation time `seconds` (the render clock: steps / 60): the parameters' look, and with
  // water and ripples on, the school's startles since the last call as ripples, aged on that clock. The returned view
  // points into this object: valid until the next call.
  const RenderView& at(const School& school, const Params& params, double seconds);
  void setDetail(int detail) { detail_ = detail; }  // the fish's detail (RenderView::detail): the page's quality level
  // A ripple at world (x, y) that is not a startle: a click's, a pellet's landing (with water and ripples on).
  void addRipple(float x, float y, float strength) { ripples_.add(x, y, strength); }
  void clear() { ripples_.clear(); }  // a new school: its startles are read from its first

 private:
  int pixelWidth_ = 1, pixelHeight_ = 1;
  float dpr_ = 1, pageText_ = -1;
  int detail_ = 2;
  RippleRing ripples_;
  float rippleData_[kMaxRipples * 4] = {};
  RenderView view_;
};

}  // namespace mirofish
