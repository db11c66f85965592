// The frame's sheets in their order (frame_composer.h).
#include "render/frame_composer.h"

#include <GLES3/gl3.h>

#include <cmath>

#include "render/core/view_transform.h"
#include "sim/school.h"

namespace mirofish {

bool FrameComposer::init() {
  if (ready_) release();
  std::string log;
  bool ok = koi_.init(&log);
  if (ok && !(ok = water_.init(&log))) log = "water " + log;
  if (ok) ok = pellets_.init(&log) && cells_.init(&log) && predator_.init(&log);
  if (!ok) {
    error_ = log;
    release();
    return false;
  }
  error_.clear();
  ready_ = true;
  return true;
}

void FrameComposer::dropContext() {
  koi_.dropContext();
  water_.dropContext();
  cells_.dropContext();
  pellets_.dropContext();
  predator_.dropContext();
  ready_ = false;
}

void FrameComposer::release() {
  koi_.release();
  water_.release();
  cells_.release();
  pellets_.release();
  predator_.release();
  ready_ = false;
}

void FrameComposer::render(const School& school, const RenderView& view) {
  drawCalls_ = 0;
  if (!ready_ || view.pixelWidth < 1 || view.pixelHeight < 1) return;
  const float worldH = float(school.params().height);
  const WorldToPixels map = worldToPixels(float(school.params().width), worldH, view.pixelWidth, view.pixelHeight);
  // Keep the clock small so float keeps its precision; the once-an-hour jump is invisible in the fins.
  const float time = float(std::fmod(view.timeSeconds, 3600.0));
  glViewport(0, 0, view.pixelWidth, view.pixelHeight);
  glDisable(GL_DEPTH_TEST);
  glDisable(GL_CULL_FACE);
  glDisable(GL_SCISSOR_TEST);
  glClearColor(0, 0, 0, 0);  // transparent: the page shows through (S-ASK-6)
  glClear(GL_COLOR_BUFFER_BIT);
  bool fish = false;
  for (FrameSheet sheet : kFrameSheets) {
    switch (sheet) {
      case FrameSheet::Water:
        if (view.water) drawCalls_ += water_.draw(view, map, worldH, time);
        break;
      case FrameSheet::Koi:
        fish = koi_.prepare(school, view, map, time, true);
        if (fish) drawCalls_ += koi_.draw(0);
        break;
      case FrameSheet::Plate:
        if (fish) drawCalls_ += cells_.drawPlate(school, view, map);
        break;
      case FrameSheet::KoiOver:
        if (fish) drawCalls_ += koi_.draw(1);
        break;
      case FrameSheet::Cells: drawCalls_ += cells_.draw(school, view, map); break;
      case FrameSheet::Pellets: drawCalls_ += pellets_.draw(school, view, map); break;
      case FrameSheet::Predator: drawCalls_ += predator_.draw(school, view, map); break;
    }
  }
}

}  // namespace mirofish
