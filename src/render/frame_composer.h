// One frame of the pond, composed in one place: the sheets in the order they are drawn (kFrameSheets), each by its
// renderer, and every renderer's GL objects created, forgotten and deleted together. Its caller makes a GL
// context current (the page's Pond a WebGL2 canvas's, the CLI's src/headless a surfaceless EGL one), fills a
// RenderView and asks for a frame; the frame is premultiplied alpha, transparent where no sheet drew.
#pragma once

#include <cstdint>
#include <string>

#include "render/core/render_view.h"
#include "render/fish_renderer.h"
#include "render/formation_renderer.h"
#include "render/pellet_renderer.h"
#include "render/predator_renderer.h"
#include "render/water_renderer.h"

namespace mirofish {

class School;

// The frame's sheets, back to front: each drawn over the ones before it.
enum class FrameSheet : uint8_t {
  Water,     // view.water: the gradient, caustics and ripples; it fills the frame (else it stays transparent)
  Koi,       // the fish swimming: one draw per depth tier
  Plate,     // S-CHO-4 a QR code's light plate, fading in as its fish land
  KoiOver,   // the fish still flying to a module, over the plate
  Cells,     // S-CHO-3 the landed fish, each drawn as its formation cell
  Pellets,   // S-INT-4 the food on the surface, over the fish that rise to it
  Predator,  // S-ECO-2 over the school it hunts
};
inline constexpr FrameSheet kFrameSheets[] = {FrameSheet::Water,   FrameSheet::Koi,   FrameSheet::Plate,
                                              FrameSheet::KoiOver, FrameSheet::Cells, FrameSheet::Pellets,
                                              FrameSheet::Predator};

class FrameComposer {
 public:
  // Creates every renderer's GL objects on the current context; false, with the reason in error(), if one cannot.
  bool init();
  // Draws the school's frame into the current framebuffer (view.pixelWidth x view.pixelHeight, cleared first).
  void render(const School& school, const RenderView& view);
  // A frame passed without drawing it (a clip's frames before the first drawn): what the renderers carry from frame to
  // frame moves on as if it had been drawn, so a frame reached in any order looks the same.
  void follow(const School& school) { predator_.follow(school); }
  // Forget every GL object without deleting it (the context was lost with them); init() again on restore.
  void dropContext();
  // Deletes every GL object on the current context.
  void release();
  bool ready() const { return ready_; }
  const std::string& error() const { return error_; }
  int drawCalls() const { return drawCalls_; }  // the last frame's, every sheet's together

 private:
  FishRenderer koi_;
  WaterRenderer water_;
  FormationRenderer cells_;
  PelletRenderer pellets_;
  PredatorRenderer predator_;
  std::string error_;
  int drawCalls_ = 0;
  bool ready_ = false;
};

}  // namespace mirofish
