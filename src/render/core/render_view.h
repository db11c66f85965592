// What every renderer needs beyond the school (the koi, the water, the pellets, the predator, a formation's
// plate): the drawing buffer, the clock and the look; made each frame by FrameView (frame_view.h).
#pragma once

namespace mirofish {

struct RenderView {
  int pixelWidth = 1, pixelHeight = 1;  // drawing-buffer size in device pixels
  float dpr = 1;                        // device pixels per CSS pixel (after the maxDpr cap)
  double timeSeconds = 0;               // animation clock for the swim wave (not the simulation)
  float opacity = 0.55f;                // fish opacity over the page (premultiplied alpha)
  int palette = 0;                      // 0 koi, 1 goldfish, 2 ink, 3 neon
  bool water = false;                   // fill the canvas with water colour instead of transparent
  bool lightWater = false;              // with water: its light tone, not its deep one (water_tone.h)
  // S-ECO-5 with water: the live ripples, rippleCount x (x, y, front radius, amplitude) (ripples.h RippleRing::pack).
  const float* ripples = nullptr;
  int rippleCount = 0;
  float fishSize = 1;  // size scale
  // Fish detail (S-COST-2 quality steps): 2 the full koi for every fish; 1 the full koi for the front tier and
  // the cheap koi (silhouette, patches, eyes, fins without rays; no shadow, pelvic fins, dorsal crest or shimmer)
  // for the back tier, and for the front tier too when its fish are under kSmallFishPx device px (fish_renderer.h)
  // long; 0 the cheap koi for all. Chosen per tier, so each tier stays one draw call in y order.
  int detail = 2;
};

}  // namespace mirofish
