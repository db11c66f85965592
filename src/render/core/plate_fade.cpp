// The QR plate's fade-in (plate_fade.h): from the formation's own state, so a replayed or recorded landing looks the
// same.
#include "render/core/plate_fade.h"

#include "base/constants.h"

namespace mirofish {

float plateOpacity(const FormationState& form, uint64_t step) {
  if (!form.plate()) return 0;
  if (form.phase == FormPhase::Holding) return 1;
  const float t = step > form.startStep ? float(double(step - form.startStep) / double(kStepHz)) : 0.0f;
  const float g = t < kPlateGatherSeconds ? t / kPlateGatherSeconds : 1.0f;
  const float gather = g * g * (3 - 2 * g);  // smoothstep: no edge to the fade's start
  const float landed = form.assigned > 0 ? float(form.settledCount) / float(form.assigned) : 1.0f;
  const float a = kPlateGatherShare * gather + (1 - kPlateGatherShare) * (landed < 1 ? landed : 1.0f);
  return a < 1 ? a : 1.0f;
}

}  // namespace mirofish
