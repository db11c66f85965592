// Batched WebGL2/GLES3 koi renderer: reads the school's arrays, one draw call per depth tier (all its fish in one
// triangle strip; per-fish data in a texture uploaded once per frame).
//
// World -> canvas: the letterbox of render/core/view_transform.h (worldToPixels), in device pixels (CSS px x dpr).
//
// Output is premultiplied alpha (context created with alpha: true, premultipliedAlpha: true). The koi are two of the
// frame's sheets (frame_composer.h): the fish still swimming, and those flying over a QR code's plate to land.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "render/core/draw_order.h"
#include "render/core/koi_bake.h"
#include "render/core/render_view.h"
#include "render/core/view_transform.h"

namespace mirofish {

class School;

constexpr float kSmallFishPx = 12.0f;

class FishRenderer {
 public:
  // Creates GL objects on the current context; false (with the reason in *log) if it cannot (the caller releases
  // what was made).
  bool init(std::string* log);
  // Orders the fish and uploads them for this frame; false when there is no fish to draw. The world (school params
  // width x height) is scaled to fit the drawing buffer, centred (map). lift: a QR code's plate is drawn between the
  // two passes, so the fish with a module still to reach go to the second (S-CHO-4).
  bool prepare(const School& school, const RenderView& view, const WorldToPixels& map, float time, bool lift);
  // Pass 0 draws the fish swimming, pass 1 those flying over the plate; each is one draw per depth tier (returned).
  int draw(int pass);
  // Forget GL objects without deleting them (after a context loss); call init() again on restore.
  void dropContext();
  // Deletes GL objects on the current context.
  void release();

 private:
  void ensureCapacity(int n);
  void fillInstances(const School& school, const RenderView& view);
  // Each depth tier's fish length (device px) and whether it draws the cheap koi: back, front.
  struct Tiers {
    float px[2];
    bool lite[2];
  };
  int drawTiers(int first, int back, int count);

  // One koi program (the full koi, or the cheap one) and its per-frame uniform locations.
  struct KoiProgram {
    unsigned id = 0;
    int uWorld = -1, uPixels = -1, uTime = -1, uBase = -1, uPatch = -1, uInk = -1, uFin = -1;
    int uWater = -1, uGlow = -1, uOpacity = -1, uStrip = -1, uProfile = -1;
  };
  bool linkKoi(KoiProgram* program, bool lite, std::string* log);
  void useKoi(const KoiProgram& program, const RenderView& view, const WorldToPixels& map, float time);

  KoiProgram full_, lite_;
  const KoiBake* bake_ = nullptr;  // the process's shared bake (koi_bake.h), re-uploaded after a context loss
  unsigned shapeTexture_ = 0, patternTexture_ = 0;
  unsigned vao_ = 0, fishTexture_ = 0;  // per-fish data, RGBA32UI, rows of 256 fish x 3 texels
  int fishCapacity_ = 0;                // fish the fish texture holds (whole rows)
  std::vector<float> staging_;          // per-fish floats, grown by doubling, reused every frame
  DrawOrder order_;                     // back tier then front, y-sorted, reused
  std::vector<unsigned char> lifted_;   // per fish: drawn over a QR plate (DrawOrder::lift), reused
  // This frame's, from prepare() for draw().
  const RenderView* view_ = nullptr;
  WorldToPixels map_;
  float time_ = 0;
  Tiers tiers_ = {};
};

}  // namespace mirofish
