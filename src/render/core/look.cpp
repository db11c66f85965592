// A school's look in its RenderView (look.h).
#include "render/core/look.h"

#include "render/core/palette.h"
#include "render/core/water_tone.h"
#include "sim/params.h"

namespace mirofish {

void applyLook(const Params& params, float pageText, RenderView* view) {
  view->opacity = float(params.opacity);
  view->palette = int(params.palette);
  view->water = params.water != 0;
  view->lightWater =
      chooseWaterTone(paletteAt(int(params.palette)), int(params.waterTone), pageText) == WaterTone::Light;
  view->fishSize = float(params.fishSize);
}

}  // namespace mirofish
