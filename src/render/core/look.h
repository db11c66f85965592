// The look a school's parameters give its frames (RenderView's opacity, palette, water and the water's tone, fish
// size): the page's Pond and the CLI's stills and clips fill their views from this one place, so both draw a hash
// alike.
#pragma once

#include "render/core/render_view.h"

namespace mirofish {

struct Params;

// pageText: the WCAG luminance of the page's text under the canvas (< 0 or NaN: unknown), which waterTone=auto reads.
void applyLook(const Params& params, float pageText, RenderView* view);

}  // namespace mirofish
