// Draws a request's frames on this thread: a school from the request (step 0, then its start), the frame's sheets
// (render/frame_composer.h) on a GL context with no window (headless/offscreen_gl.h), read back as the file's pixels.
//
// Frame-exact from the deterministic trajectory: frame k is the school after startStep + round(k x 60 / fps) steps,
// drawn at that step's clock, as the browser's recorder draws it. What a frame shows besides the school (the ripples'
// ages, a stopped predator's heading) follows the frames before it, so moving on without drawing (draw = false) keeps
// the same book as drawing: any frame, reached in any order or on any thread, has the same pixels.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "frames/frame_request.h"
#include "headless/offscreen_gl.h"
#include "render/core/frame_view.h"
#include "render/frame_composer.h"

namespace mirofish {

class School;

class FrameMaker {
 public:
  FrameMaker();
  ~FrameMaker();
  // The context, the renderers and the school at its start; false, with why, where GL cannot be had or the hash's
  // formation cannot land.
  bool open(const FrameRequest& request, std::string* why);
  // Moves on to frame k (k >= every frame before it; the first call may be any k); when draw, draws it and leaves its
  // pixels in pixels(): straight alpha, or flattened onto the request's background.
  void frame(long long k, bool draw);
  const std::vector<uint8_t>& pixels() const { return pixels_; }
  const School& school() const { return *school_; }
  std::string renderer() const { return gl_.renderer(); }

 private:
  FrameRequest request_;
  OffscreenGl gl_;
  FrameComposer composer_;
  std::unique_ptr<School> school_;
  FrameView view_;
  long long next_ = 0;  // the first frame not yet passed
  std::vector<uint8_t> pixels_;
};

}  // namespace mirofish
