// One MiroFish pond: a School, its frame (render/frame_composer.h) and the WebGL2 context of one canvas (the only
// web-side C++ state).
#pragma once

#include <emscripten/html5_webgl.h>

#include <memory>
#include <string>
#include <vector>

#include "link/hash_codec.h"
#include "link/link_limits.h"
#include "render/core/frame_view.h"
#include "render/core/water_tone.h"
#include "render/frame_composer.h"
#include "sim/params.h"
#include "sim/school.h"

namespace mirofish {

// Result of setting one option from JS: never an exception, always a value (S-WEB-3).
struct SetResult {
  ParamStatus status = ParamStatus::Ok;  // Module.ParamStatus in JS (an Embind enum)
  double value = 0;                      // the value now held (NaN for an unknown name)
  std::string warning;                   // one sentence for Clamped and NotFinite (the JS words Unknown itself)
};

// What a hash did to the pond.
struct HashResult {
  bool anyKey = false;  // false for a plain anchor (#about): the page keeps it
  bool hasSeek = false;
  double seekSeconds = 0;
  long long seekSteps = 0;        // t= in whole steps (as the CLI rounds it), 0 without one: the engine seeks there
  bool hasWorld = false;          // w= or h=: the world is the link's, letterboxed, not the page's size
  std::vector<Warning> warnings;  // JS gets their sentences
};

// What school.form() did: landed (ok) or refused; a warning either way when there is something to say.
struct FormResult {
  bool ok = false;
  std::string warning;
};

struct PondStats {
  int fish = 0;
  double steps = 0;        // uint64 step count as a double (exact below 2^53)
  bool rendering = false;  // a live GL context and renderer
  int drawCalls = 0;
  int scares = 0;    // scares that reached the school (clicks and taps with click=scare; a scroll never does)
  int feeds = 0;     // pellets dropped (clicks and taps with click=feed, and feed())
  int pellets = 0;   // pellets in the water now
  double eaten = 0;  // pellets eaten so far
  int cruise = 0, sprint = 0, hover = 0, startle = 0;  // fish in each behaviour state (S-SIM-15)
  // S-CHO the formation: its kind ("" none), phase (waiting, landing, holding), targets, fish settled on them,
  // and fish added for it (the school had fewer fish than targets; they leave on release).
  std::string form, formPhase;
  int formTargets = 0, formSettled = 0, formAdded = 0;
};

class Pond {
 public:
  Pond();
  ~Pond();
  Pond(const Pond&) = delete;
  Pond& operator=(const Pond&) = delete;

  // Creates the WebGL2 context on the canvas found by a CSS selector ("#mirofish-1") and the renderer.
  // antialias asks for a multisampled context (4x MSAA: costly in software GL, and the koi shader already
  // anti-aliases its edges, so the JS passes false unless the page asks for it).
  // Returns "" on success, else why not (the pond still simulates without it).
  std::string attach(const std::string& canvasSelector, bool antialias);

  // Fish detail, RenderView::detail: 2 full koi, 1 cheap koi for the back tier and tiny fish, 0 cheap koi for all.
  // Clamped to 0..2; takes effect on the next frame; never touches the simulation.
  void setDetail(int detail) { detail_ = detail < 0 ? 0 : (detail > 2 ? 2 : detail); }

  // Parameters, by table name or hash key. Before begin() they only configure; after it they apply at once.
  SetResult set(const std::string& nameOrKey, double value);
  double get(const std::string& nameOrKey) const;  // NaN for an unknown name
  const Params& params() const { return params_; }
  // Applies a URL hash over the current parameters (the hash wins, within the page's ceilings: decodeLink);
  // a plain anchor changes nothing.
  HashResult applyHash(const std::string& hash);
  std::string encodeHash() const { return mirofish::encodeHash(params_, hashForm_, hashFormAt_); }
  // S-CHO school.form({type, text, hold}): lands now, or is refused with one warning (and nothing changes).
  FormResult form(const std::string& type, const std::string& text, double holdSeconds);
  void releaseForm();
  std::string sanityWarning() const { return mirofish::sanityWarning(params_); }
  // The page's text colour under the canvas, as its WCAG relative luminance (web/host/tone.js reads it; < 0 or NaN:
  // unknown): waterTone=auto picks the water it reads on. Takes effect on the next frame.
  void setPageText(double luminance) { pageText_ = float(luminance); }
  // With water=1: one sentence when that text reads at under 4.5:1 against the water (render/core/water_tone.h), else
  // "".
  std::string waterToneWarning() const;

  // Builds the school from the current parameters (step 0). Called once configured, and again on a new seed.
  void begin();

  // Feeds real frame seconds to the fixed-step accumulator and runs the whole steps (<= 3); returns them.
  int advance(double frameSeconds);
  void step(int n);  // n steps now, whatever the clock (n <= 0 does nothing)

  // Canvas geometry: CSS size in CSS px, drawing buffer in device px, dpr after the maxDpr cap.
  void setViewport(double cssWidth, double cssHeight, int pixelWidth, int pixelHeight, double dpr);
  // Pointer in CSS px relative to the canvas's top-left; mapped to world px with the render transform.
  void pointer(bool present, double cssX, double cssY);
  // With water=1, a scare and a pellet each send a ripple from where they land (S-ECO-5).
  void scare(double cssX, double cssY);
  void feed(double cssX, double cssY);   // S-INT-4 a pellet where the page was clicked
  void click(double cssX, double cssY);  // a click or tap: feeds or scares, as the click parameter says

  // Draws one frame; false when there is nothing to draw with (no context, lost context).
  bool render(double timeSeconds);
  void contextLost();             // the GL objects are gone: let go of their names
  std::string contextRestored();  // recreate them on the restored context; "" on success

  // S-ECO-1 the page as the pond bed: boxes in canvas CSS px, staged one by one (k < kMaxObstacles), then the first
  // n committed to the school in world px (again after a resize or a restart, from the kept CSS boxes).
  void stageObstacle(int k, double x, double y, double w, double h);
  void commitObstacles(int n);
  int obstacleCount() const { return school_ ? school_->obstacles().count() : 0; }
  // The school's obstacle k mapped back to canvas CSS px: which 0 left, 1 top, 2 width, 3 height (for tests).
  double obstacleEdge(int k, int which) const;

  // The school as bytes for the next page of the site (School::writeSnapshot, issue 59): a view of them, empty when
  // there is none to give (no school, a formation under way). Valid until the next call.
  const std::vector<uint8_t>& snapshot();
  // Room for a snapshot of n bytes, which the JS copies in; then continueFrom() goes on from it: "" when the school is
  // the snapshot's, else why not (one reason; the school stays as begin() made it).
  uint8_t* snapshotRoom(int n);
  std::string continueFrom();

  PondStats stats() const;
  std::string stateHash() const;  // 16 lower-case hex digits
  int count() const { return school_ ? school_->count() : 0; }

  // --- The studio (web/studio, S-DEV-3/4): nothing below runs unless mirofish-studio.js attaches. Its own small wasm
  // inspects fish and formats the metrics CSV from copies of these arrays (the engine posts them after each frame),
  // and it draws its overlay on a canvas of its own; the page's bundle only hands the arrays over. ---
  // Metrics on every step (S-DEV-4), kept across begin(); the page alone never pays for them.
  void setMetrics(bool on);
  // Arrays for the studio, in the wasm heap, by their index in the constants table (base/constants.h kStudio*, which
  // the JS and the studio read too): studioArray(k), k < kStudioFishArrays, a fish float array (count() floats);
  // studioBytes(kStudioMetrics) the last step's StepMetrics as its bytes (the studio's own wasm, built from the same
  // header by the same compiler, reads them as a StepMetrics; it checks the size), studioBytes(kStudioStates) the
  // fish's behaviour states (count() FishState bytes). nullptr without a school or for another k.
  const float* studioArray(int k) const;
  const uint8_t* studioBytes(int k) const;

  // Deletes GL objects and the context; the object stays valid (simulation only) until deleted.
  void release();

 private:
  Letterbox<double> cssView() const;  // world <-> CSS px
  bool toWorld(double cssX, double cssY, float* wx, float* wy) const;
  bool ripples() const { return params_.water != 0 && params_.ripple > 0; }
  void sendObstacles();

  double boxes_[kMaxObstacles][4] = {};  // staged obstacle boxes, canvas CSS px
  int boxCount_ = 0;
  Obstacle world_[kMaxObstacles];

  Params params_;
  std::unique_ptr<School> school_;
  FixedStep clock_;
  FrameComposer frame_;
  FormSpec hashForm_;  // the hash's form= and at=: part of the replay, applied again by begin()
  double hashFormAt_ = 0;
  FrameView view_;  // each frame's view (render/core/frame_view.h), its ripples (S-ECO-5) with it
  bool metrics_ = false;
  EMSCRIPTEN_WEBGL_CONTEXT_HANDLE context_ = 0;
  double cssWidth_ = 1, cssHeight_ = 1;
  int pixelWidth_ = 1, pixelHeight_ = 1;
  double dpr_ = 1;
  int detail_ = 2;
  float pageText_ = -1;            // the page's text luminance (setPageText), -1 unknown
  std::vector<uint8_t> snapshot_;  // the last snapshot written or the one to read (snapshotRoom)
  int scares_ = 0;
  int feeds_ = 0;
};

}  // namespace mirofish
