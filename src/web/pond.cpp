// One MiroFish pond: configuration, the fixed-step clock, pointer mapping and the GL context of one canvas.
#include "web/pond.h"

#include <cmath>
#include <limits>
#include <utility>

#include "base/constants.h"
#include "base/number_text.h"
#include "render/core/look.h"
#include "web/studio_arrays.h"

namespace mirofish {

Pond::Pond() = default;

Pond::~Pond() { release(); }

std::string Pond::attach(const std::string& canvasSelector, bool antialias) {
  release();
  EmscriptenWebGLContextAttributes attrs;
  emscripten_webgl_init_context_attributes(&attrs);
  attrs.alpha = true;
  attrs.premultipliedAlpha = true;  // the page shows through, S-ASK-6
  attrs.antialias = antialias;
  attrs.depth = false;
  attrs.stencil = false;
  attrs.preserveDrawingBuffer = false;
  attrs.powerPreference = EM_WEBGL_POWER_PREFERENCE_LOW_POWER;  // a background, S-ASK-1
  attrs.failIfMajorPerformanceCaveat = false;
  attrs.majorVersion = 2;
  attrs.minorVersion = 0;
  attrs.enableExtensionsByDefault = false;
  context_ = emscripten_webgl_create_context(canvasSelector.c_str(), &attrs);
  if (context_ <= 0) {
    context_ = 0;
    return "WebGL2 is not available in this browser";
  }
  emscripten_webgl_make_context_current(context_);
  if (!frame_.init()) {
    emscripten_webgl_destroy_context(context_);
    context_ = 0;
    return "the fish renderer could not start: " + frame_.error();
  }
  return "";
}

SetResult Pond::set(const std::string& nameOrKey, double value) {
  SetResult r;
  int id = findParam(nameOrKey);
  if (id < 0) {
    r.status = ParamStatus::Unknown;
    r.value = std::numeric_limits<double>::quiet_NaN();
    return r;
  }
  ParamId pid = ParamId(id);
  double before = params_.get(pid);
  Warning warning;
  r.status = setParam(params_, pid, value, &warning);
  r.value = params_.get(pid);
  if (r.status != ParamStatus::Ok) r.warning = std::move(warning.text);
  // A new seed restarts the school inside School::setParams (same seed, same school).
  const ParamGroup g = kParamInfo[id].group;
  if (school_ && r.value != before && (g == ParamGroup::Sim || g == ParamGroup::Pointer)) school_->setParams(params_);
  return r;
}

double Pond::get(const std::string& nameOrKey) const {
  int id = findParam(nameOrKey);
  if (id < 0) return std::numeric_limits<double>::quiet_NaN();
  return params_.get(ParamId(id));
}

HashResult Pond::applyHash(const std::string& hash) {
  DecodedHash d = decodeLink(hash, params_);  // the page owner's ceilings apply to every link
  HashResult r;
  r.anyKey = d.anyKey;
  r.hasSeek = d.hasSeek;
  r.seekSeconds = d.seekSeconds;
  r.seekSteps = d.hasSeek ? (long long)(d.seekSeconds * double(kStepHz) + 0.5) : 0;
  r.hasWorld = d.hasWorld;
  r.warnings = std::move(d.warnings);
  if (!d.anyKey) return r;  // a plain anchor belongs to the page
  params_ = d.params;
  hashForm_ = d.form;
  hashFormAt_ = d.formAt;
  if (school_) begin();  // a hash is a replay: it starts the school again from step 0
  return r;
}

void Pond::begin() {
  school_ = std::make_unique<School>(params_);
  school_->setMetricsEnabled(metrics_);  // off unless the studio shows them: the page doesn't pay for them
  view_.clear();
  sendObstacles();
  clock_ = FixedStep();
  std::string why;
  if (!school_->formFromHash(hashForm_, hashFormAt_, &why))
    hashForm_ = FormSpec();  // applyHash already warned about a bad value; a world too small says nothing twice
}

const std::vector<uint8_t>& Pond::snapshot() {
  std::string why;
  if (!school_ || !school_->writeSnapshot(&snapshot_, &why)) snapshot_.clear();
  return snapshot_;
}

uint8_t* Pond::snapshotRoom(int n) {
  snapshot_.assign(size_t(n > 0 ? n : 0), 0);
  return snapshot_.data();
}

std::string Pond::continueFrom() {
  std::string why;
  if (!school_) return "the school has not started";
  if (!school_->readSnapshot(snapshot_.data(), snapshot_.size(), &why)) return why;
  clock_ = FixedStep();
  view_.clear();
  return "";
}

FormResult Pond::form(const std::string& type, const std::string& text, double holdSeconds) {
  FormResult r;
  if (!school_) {
    r.warning = "form(): the school has not started";
    return r;
  }
  std::vector<Warning> notes;
  // The hash's syntax, so JS and links are refused for the same reasons: an empty text reads as "qr:" (ignored).
  const bool needsText = type == "qr" || type == "text";
  const FormSpec spec = parseFormSpec(type + (needsText || !text.empty() ? ":" + percentEncode(text) : ""), &notes);
  if (!notes.empty()) r.warning = std::move(notes[0].text);
  if (spec.kind == FormationKind::None) return r;
  std::string why;
  const float hold = std::isfinite(holdSeconds) ? float(holdSeconds) : kDefaultHoldSeconds;
  r.ok = school_->form(spec, hold, -1, &why);
  if (!r.ok) r.warning = "form " + std::string(formationName(spec.kind)) + ": " + why;
  return r;
}

void Pond::releaseForm() {
  if (school_) school_->release();
}

int Pond::advance(double frameSeconds) {
  if (!school_) return 0;
  if (!std::isfinite(frameSeconds) || frameSeconds < 0) frameSeconds = 0;
  int n = clock_.advance(frameSeconds);
  school_->steps(n);
  return n;
}

void Pond::step(int n) {
  if (school_ && n > 0) school_->steps(n);
}

void Pond::setViewport(double cssWidth, double cssHeight, int pixelWidth, int pixelHeight, double dpr) {
  cssWidth_ = std::isfinite(cssWidth) && cssWidth > 0 ? cssWidth : 1;
  cssHeight_ = std::isfinite(cssHeight) && cssHeight > 0 ? cssHeight : 1;
  pixelWidth_ = pixelWidth > 0 ? pixelWidth : 1;
  pixelHeight_ = pixelHeight > 0 ? pixelHeight : 1;
  dpr_ = std::isfinite(dpr) && dpr > 0 ? dpr : 1;
  sendObstacles();  // the transform may have changed
}

void Pond::stageObstacle(int k, double x, double y, double w, double h) {
  if (k < 0 || k >= kMaxObstacles) return;
  const bool ok = std::isfinite(x) && std::isfinite(y) && std::isfinite(w) && std::isfinite(h) && w >= 0 && h >= 0;
  boxes_[k][0] = ok ? x : 0;
  boxes_[k][1] = ok ? y : 0;
  boxes_[k][2] = ok ? w : 0;  // a bad box is an empty one: it pushes nothing
  boxes_[k][3] = ok ? h : 0;
}

void Pond::commitObstacles(int n) {
  boxCount_ = n < 0 ? 0 : (n > kMaxObstacles ? kMaxObstacles : n);
  sendObstacles();
}

// The renderer's letterbox (render/core/view_transform.h) in CSS px: the page's pointer and boxes map through it.
Letterbox<double> Pond::cssView() const { return letterbox(params_.width, params_.height, cssWidth_, cssHeight_); }

// CSS boxes to world px through the renderer's transform, then to the school.
void Pond::sendObstacles() {
  if (!school_) return;
  const Letterbox<double> v = cssView();
  if (!(v.scale > 0)) return;
  int n = 0;
  for (int k = 0; k < boxCount_; ++k) {
    if (!(boxes_[k][2] > 0 && boxes_[k][3] > 0)) continue;
    world_[n++] = {Obstacle::Rect, float(v.worldX(boxes_[k][0])), float(v.worldY(boxes_[k][1])),
                   float(boxes_[k][2] / v.scale), float(boxes_[k][3] / v.scale)};
  }
  school_->setObstacles(world_, n);
}

double Pond::obstacleEdge(int k, int which) const {
  if (!school_ || k < 0 || k >= school_->obstacles().count() || which < 0 || which > 3)
    return std::numeric_limits<double>::quiet_NaN();
  const Obstacle& o = school_->obstacles().list()[k];
  const Letterbox<double> v = cssView();
  const double edges[4] = {v.pixelX(o.x), v.pixelY(o.y), o.w * v.scale, o.h * v.scale};
  return edges[which];
}

bool Pond::toWorld(double cssX, double cssY, float* wx, float* wy) const {
  if (!std::isfinite(cssX) || !std::isfinite(cssY)) return false;
  const Letterbox<double> v = cssView();
  if (!(v.scale > 0)) return false;
  *wx = float(v.worldX(cssX));
  *wy = float(v.worldY(cssY));
  return true;
}

void Pond::pointer(bool present, double cssX, double cssY) {
  if (!school_) return;
  float x = 0, y = 0;
  if (present && toWorld(cssX, cssY, &x, &y))
    school_->setPointer(true, x, y);
  else
    school_->setPointer(false, 0, 0);
}

void Pond::scare(double cssX, double cssY) {
  float x = 0, y = 0;
  if (school_ && toWorld(cssX, cssY, &x, &y)) {
    school_->scare(x, y);
    ++scares_;
    if (ripples()) view_.addRipple(x, y, 1);  // the startle it causes (if a fish is near) joins this ripple
  }
}

void Pond::feed(double cssX, double cssY) {
  float x = 0, y = 0;
  if (school_ && toWorld(cssX, cssY, &x, &y)) {
    school_->feed(x, y);
    ++feeds_;
    if (ripples()) view_.addRipple(x, y, 1);  // the pellet lands
  }
}

void Pond::click(double cssX, double cssY) {
  if (params_.click != 0)
    scare(cssX, cssY);
  else
    feed(cssX, cssY);
}

bool Pond::render(double timeSeconds) {
  if (!school_ || !context_ || !frame_.ready()) return false;
  if (emscripten_is_webgl_context_lost(context_)) return false;
  emscripten_webgl_make_context_current(context_);
  view_.setSize(pixelWidth_, pixelHeight_, float(dpr_), pageText_);
  view_.setDetail(detail_);
  frame_.render(*school_, view_.at(*school_, params_, timeSeconds));
  return true;
}

std::string Pond::waterToneWarning() const {
  return params_.water != 0
             ? mirofish::waterToneWarning(paletteAt(int(params_.palette)), int(params_.waterTone), pageText_)
             : "";
}

void Pond::setMetrics(bool on) {
  metrics_ = on;
  if (school_) school_->setMetricsEnabled(on);
}

const float* Pond::studioArray(int k) const {
  const std::vector<float>* array = school_ ? studioFishArray(school_->fish(), k) : nullptr;
  return array ? array->data() : nullptr;
}

const uint8_t* Pond::studioBytes(int k) const {
  if (!school_) return nullptr;
  if (k == kStudioMetrics) return reinterpret_cast<const uint8_t*>(&school_->metrics());
  return k == kStudioStates ? school_->fish().state.data() : nullptr;
}

// Deletes on the lost context: no GL call reaches the driver (a lost context ignores them), but Emscripten's handle
// tables let go of the dead objects, so their slots are reused (glue_post.js) and the old context can be collected.
void Pond::contextLost() {
  if (frame_.ready()) {
    emscripten_webgl_make_context_current(context_);
    frame_.release();
  }
}

std::string Pond::contextRestored() {
  if (!context_) return "no WebGL2 context to restore";
  emscripten_webgl_make_context_current(context_);
  frame_.dropContext();
  if (!frame_.init()) return "the fish renderer could not restart: " + frame_.error();
  return "";
}

PondStats Pond::stats() const {
  PondStats s;
  if (school_) {
    s.fish = school_->count();
    s.steps = double(school_->stepCount());
  }
  s.rendering = context_ != 0 && frame_.ready();
  s.drawCalls = frame_.drawCalls();
  s.scares = scares_;
  s.feeds = feeds_;
  if (school_) {
    for (int k = 0; k < kMaxPellets; ++k) s.pellets += school_->pellets()[k].timeLeft > 0;
    s.eaten = double(school_->pelletsEaten());
    int states[kFishStates] = {};
    const FishArrays& f = school_->fish();
    for (int i = 0; i < f.count; ++i) ++states[f.state[i] < kFishStates ? f.state[i] : 0];
    s.cruise = states[0];
    s.sprint = states[1];
    s.hover = states[2];
    s.startle = states[3];
    const FormationState& fs = school_->formation();
    if (fs.phase != FormPhase::None) {
      s.form = formationName(fs.spec.kind);
      s.formPhase = formPhaseName(fs.phase);
      s.formTargets = fs.isStatic() ? int(fs.tx.size()) : fs.assigned;
      s.formSettled = fs.settledCount;
      s.formAdded = fs.added;
    }
  }
  return s;
}

std::string Pond::stateHash() const { return formatHex64(school_ ? school_->stateHash() : 0); }

void Pond::release() {
  if (!context_) return;
  if (frame_.ready() && !emscripten_is_webgl_context_lost(context_)) {
    emscripten_webgl_make_context_current(context_);
    frame_.release();
  } else {
    frame_.dropContext();
  }
  emscripten_webgl_make_context_current(0);
  emscripten_webgl_destroy_context(context_);
  context_ = 0;
}

}  // namespace mirofish
