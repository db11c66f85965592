// A school's picture through the C interface (mirofish_c.h): its current step drawn by the native renderer, as
// `mirofish poster` draws a frame (OpenGL ES 3 through EGL with no window; llvmpipe where there is no GPU).
#include <cmath>
#include <mutex>

#include "capi/last_error.h"
#include "capi/mirofish_c.h"
#include "capi/school_handle.h"
#include "headless/offscreen_gl.h"
#include "render/core/frame_pixels.h"
#include "render/core/frame_view.h"
#include "render/frame_composer.h"

using namespace mirofish;

namespace {
// One picture at a time: the koi's bake is the process's, made by the first renderer that starts (as FrameMaker's
// start turn), and a poster is rare.
std::mutex drawing;
}  // namespace

extern "C" {

int mf_poster_available(void) { return 1; }

int mf_school_poster(const mf_school* s, int width, int height, double dpr, uint8_t* rgba) {
  return guarded(-1, [&]() {
    if (width < 16 || height < 16 || width > 3840 || height > 2160)
      throw Refused("poster: " + std::to_string(width) + "x" + std::to_string(height) +
                    " is outside 16..3840 x 16..2160 CSS px");
    if (!(dpr >= 0.5 && dpr <= 4)) throw Refused("poster: dpr must be in 0.5..4");
    const int pw = int(std::lround(width * dpr)), ph = int(std::lround(height * dpr));
    std::lock_guard<std::mutex> turn(drawing);
    OffscreenGl gl;
    if (!gl.open(pw, ph)) throw Refused("poster: " + gl.error());
    FrameComposer composer;
    if (!composer.init())
      throw Refused("poster: the renderer could not start on " + gl.renderer() + ": " + composer.error());
    FrameView view;
    view.setSize(pw, ph, float(dpr), -1);
    const School& school = s->school;
    composer.render(school, view.at(school, school.params(), double(school.stepCount()) / double(kStepHz)));
    gl.read(rgba);
    composer.release();
    unpremultiply(rgba, size_t(pw) * size_t(ph));  // as the CLI's poster writes its PNG
    return 0;
  });
}

}  // extern "C"
