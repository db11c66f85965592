// S-CHO-3/4: a static formation as the page sees it: a QR code's light plate, and every settled fish as its cell
// (0.96 of the cell, the finder patterns' modules whole, so they are solid). Two draws, only while such a formation
// is up: the plate between the koi's two passes (FrameComposer::render calls drawPlate over the fish still swimming
// and under those flying to their modules), fading in as they land (plate_fade.h); the cells after the koi.
#pragma once

#include <vector>

#include "render/core/render_view.h"
#include "render/core/view_transform.h"
#include "render/gl_program.h"

namespace mirofish {

class School;

class FormationRenderer : public ProgramRenderer<4> {
 public:
  bool init(std::string* log);  // creates the program on the current context
  // 1 when it drew the plate, else 0 (no QR code landing or held).
  int drawPlate(const School& school, const RenderView& view, const WorldToPixels& map);
  // 1 when it drew the cells, else 0 (no static formation, or nothing settled yet).
  int draw(const School& school, const RenderView& view, const WorldToPixels& map);
  void dropContext();  // as ProgramRenderer's, and the vertex buffer's name with it
  void release();      // as ProgramRenderer's, and deletes the vertex buffer

 private:
  int drawQuads(const RenderView& view, const WorldToPixels& map, const float* plate, const float* ink, int quads);
  GLuint buffer_ = 0;
  std::vector<float> vertices_;  // x, y, tone per vertex; grown by doubling, reused every frame
};

}  // namespace mirofish
