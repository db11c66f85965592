// A native frame's view (frame_view.h).
#include "render/core/frame_view.h"

#include "render/core/look.h"

namespace mirofish {

void FrameView::setSize(int pixelWidth, int pixelHeight, float dpr, float pageText) {
  pixelWidth_ = pixelWidth;
  pixelHeight_ = pixelHeight;
  dpr_ = dpr;
  pageText_ = pageText;
}

const RenderView& FrameView::at(const School& school, const Params& p, double seconds) {
  view_ = RenderView();
  view_.pixelWidth = pixelWidth_;
  view_.pixelHeight = pixelHeight_;
  view_.dpr = dpr_;
  view_.timeSeconds = seconds;
  view_.detail = detail_;
  applyLook(p, pageText_, &view_);
  if (p.water != 0 && p.ripple > 0) {  // S-ECO-5: no ripple is kept, aged or drawn without water (old startles skipped)
    ripples_.addStartles(school);
    view_.ripples = rippleData_;
    view_.rippleCount = ripples_.pack(seconds, float(p.ripple), rippleData_);
  }
  return view_;
}

}  // namespace mirofish
