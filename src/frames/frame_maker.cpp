// A request's frames on this thread (frame_maker.h).
#include "frames/frame_maker.h"

#include <mutex>

#include "base/constants.h"
#include "render/core/frame_pixels.h"
#include "sim/school.h"

namespace mirofish {

namespace {
// The renderers start one thread at a time: the koi's bake (render/core/koi_bake.h) is the process's, made once by the
// first to need it, as the page's single thread does.
std::mutex startTurn;
}  // namespace

FrameMaker::FrameMaker() = default;
FrameMaker::~FrameMaker() {
  if (composer_.ready()) composer_.release();  // on the context, which gl_ then closes
}

bool FrameMaker::open(const FrameRequest& request, std::string* why) {
  request_ = request;
  if (!gl_.open(request.pixelWidth, request.pixelHeight)) {
    *why = gl_.error();
    return false;
  }
  std::unique_lock<std::mutex> turn(startTurn);
  if (!composer_.init()) {
    *why = "the renderer could not start on " + gl_.renderer() + ": " + composer_.error();
    return false;
  }
  turn.unlock();
  school_.reset(new School(request.params));
  if (!school_->formFromHash(request.form, request.formAt, why)) {
    *why = "the hash's form " + std::string(formationName(request.form.kind)) + ": " + *why;
    return false;
  }
  school_->steps(int(request.startStep));
  view_.setSize(request.pixelWidth, request.pixelHeight, float(request.dpr), request.pageText);
  view_.clear();
  next_ = 0;
  pixels_.assign(size_t(request.pixelWidth) * size_t(request.pixelHeight) * 4, 0);
  return true;
}

void FrameMaker::frame(long long k, bool draw) {
  // The frames between: their steps, and what the frame's book keeps, as the recorder's loop does when it draws them.
  for (long long j = next_; j <= k; ++j) {
    const long long step = stepOfFrame(j, request_.fps);
    school_->steps(int(request_.startStep + step - (long long)school_->stepCount()));
    const double time = double(request_.startStep + step) / double(kStepHz);
    const RenderView& view = view_.at(*school_, request_.params, time);
    if (j < k || !draw) {
      composer_.follow(*school_);
      continue;
    }
    composer_.render(*school_, view);
    gl_.read(pixels_.data());
    const size_t n = pixels_.size() / 4;
    if (request_.background)
      flattenOnto(pixels_.data(), n, request_.rgb);
    else
      unpremultiply(pixels_.data(), n);
  }
  if (k + 1 > next_) next_ = k + 1;
}

}  // namespace mirofish
