// `run --svg/--pgm` with a formation: the school as the page draws it (free fish under the plate, settled fish as
// their cells on it), in the rectangles form_picture.h writes.
#pragma once

#include "cli/form_picture.h"

namespace mirofish {

class School;
FormPicture schoolPicture(const School& school);

}  // namespace mirofish
