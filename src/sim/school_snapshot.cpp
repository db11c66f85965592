// A school as bytes, so the next page of a site goes on with the same school (issue 59): the same fish, the same
// step, the RNG where it was, what the visitor started (scares, pellets, the pointer's cursor) still playing out.
// Layout, every number least significant byte first (x86-64 and wasm alike, as fnv1a.h's hashes):
//   u32 magic "MFSH", u32 layout (kLayout), u64 FNV-1a of the release (kVersion), u64 snapshotKey(params),
//   u32 fish, then snapshotFields' table in its order, then u64 FNV-1a of every byte before it.
// Not carried: a formation under way (writeSnapshot refuses), the metrics' history (they start again), the obstacles
// (the next page's own elements) and the step's scratch (not state).
#include <cmath>
#include <cstring>
#include <type_traits>

#include "base/fnv1a.h"
#include "sim/school.h"

namespace mirofish {
// The snapshot's fields, one table for writing, checking and reading: where each is, its element size and count,
// and what a read value must be (a finite float, or an index below `limit`; bools are indices below 2).
struct SnapshotField {
  void* at;
  uint32_t size, count;
  int limit;  // > 0: an index below it; 0: a float (finite) or a plain number
  bool real;
};

struct SnapshotFields {
  std::vector<SnapshotField> list;
  template <class T>
  void value(T& v, int limit = 0) {
    list.push_back({&v, uint32_t(sizeof v), 1, std::is_same_v<T, bool> ? 2 : limit, std::is_same_v<T, float>});
  }
  template <class T>
  void array(std::vector<T>& v, int n, int limit = 0) {
    list.push_back({v.data(), uint32_t(sizeof(T)), uint32_t(n), limit, std::is_same_v<T, float>});
  }
};

namespace {

constexpr uint32_t kMagic = 0x4853464dU;  // "MFSH"
constexpr uint32_t kLayout = 1;           // a new field or order: one more
constexpr size_t kHeader = 4 + 4 + 8 + 8 + 4;

uint64_t releaseHash() {
  return fnv1aBytes(kFnvOffset, reinterpret_cast<const unsigned char*>(kVersion), strlen(kVersion));
}

// Whether the n bytes at p are a value the field allows.
bool allowed(const SnapshotField& f, const uint8_t* p) {
  if (f.real) {
    float v;
    std::memcpy(&v, p, 4);
    return std::isfinite(v);
  }
  if (f.limit <= 0) return true;
  int32_t v = 0;  // the indices are bytes (bools, kinds, states) or int32 (a fish id)
  if (f.size == 1)
    v = p[0];
  else
    std::memcpy(&v, p, 4);
  return v >= 0 && v < f.limit;
}

}  // namespace

uint64_t School::snapshotKey(const Params& p) {
  uint64_t h = kFnvOffset;
  for (int k = 0; k < kParamCount; ++k) {
    const ParamGroup g = kParamInfo[k].group;
    if (g != ParamGroup::Sim && g != ParamGroup::Pointer) continue;
    const double v = p.get(ParamId(k));
    h = fnv1aBytes(h, reinterpret_cast<const unsigned char*>(&v), sizeof v);
  }
  return h;
}

void School::snapshotFields(SnapshotFields& io) {
  io.value(rngState_);  // rng_'s state, copied in and out by the callers
  io.value(stepCount_);
  io.value(clampCount_);
  io.value(obstacleExits_);
  io.value(alarmed_);
  io.value(turnDirty_);
  Predator& q = predator_;
  for (bool* b : {&q.present, &q.leaving}) io.value(*b);
  for (float* v : {&q.x, &q.y, &q.vx, &q.vy, &q.targetX, &q.targetY}) io.value(*v);
  io.value(pointer_.present);
  io.value(pointer_.x);
  io.value(pointer_.y);
  io.value(cursor_.active);
  for (float* v : {&cursor_.x, &cursor_.y, &cursor_.radius}) io.value(*v);
  for (Scare& s : scares_)
    for (float* v : {&s.x, &s.y, &s.timeLeft}) io.value(*v);
  for (Pellet& s : pellets_) {
    for (float* v : {&s.x, &s.y, &s.timeLeft, &s.life}) io.value(*v);
    io.value(s.id);
  }
  io.value(pelletsEaten_);
  io.value(pelletsDropped_);
  for (StartleEvent& e : startles_.events) {
    for (float* v : {&e.x, &e.y, &e.strength}) io.value(*v);
    io.value(e.step);
  }
  io.value(startles_.count);
  for (Point& a : drift_.attractors) {
    io.value(a.x);
    io.value(a.y);
  }
  io.value(drift_.phaseX);
  io.value(drift_.phaseY);

  FishArrays& f = fish_;
  const int n = f.count;
  for (auto* v : {&f.x,          &f.y,         &f.vx,           &f.vy,        &f.hx,      &f.hy,      &f.speedScale,
                  &f.forceScale, &f.speedVary, &f.depth,        &f.tailPhase, &f.turn,    &f.panic,   &f.wanderPhase,
                  &f.stateLeft,  &f.capMul,    &f.turnMul,      &f.tailMul,   &f.turnCos, &f.turnSin, &f.alarm,
                  &f.alarmLeft,  &f.pending,   &f.pendingDelay, &f.fleeX,     &f.fleeY})
    io.array(*v, n);
  for (int k = 0; k < int(params_.smoothing); ++k) {  // the ring's slots in use: the same smoothing, the same key
    io.array(f.steerX[k], n);
    io.array(f.steerY[k], n);
  }
  io.array(f.pattern, n);
  io.array(f.species, n, int(params_.species));
  io.array(f.state, n, kFishStates);
  io.array(f.busy, n, 2);
  io.array(f.pendingFrom, n, n > 0 ? n : 1);
}

bool School::writeSnapshot(std::vector<uint8_t>* out, std::string* why) const {
  out->clear();
  if (form_.phase != FormPhase::None) {
    *why = "a formation is under way";
    return false;
  }
  School& self = const_cast<School&>(*this);  // the table's pointers are only read here
  self.rngState_ = rng_.state();
  SnapshotFields fields;
  self.snapshotFields(fields);
  const uint32_t head[] = {kMagic, kLayout};
  const uint64_t ids[] = {releaseHash(), snapshotKey(params_)};
  const uint32_t fish = uint32_t(fish_.count);
  auto put = [out](const void* p, size_t n) {
    const auto* b = static_cast<const uint8_t*>(p);
    out->insert(out->end(), b, b + n);
  };
  put(head, 8);
  put(ids, 16);
  put(&fish, 4);
  for (const SnapshotField& f : fields.list) put(f.at, size_t(f.size) * f.count);
  const uint64_t sum = fnv1aBytes(kFnvOffset, out->data(), out->size());
  put(&sum, 8);
  return true;
}

bool School::readSnapshot(const uint8_t* data, size_t size, std::string* why) {
  uint32_t head[2] = {}, fish = 0;
  uint64_t ids[2] = {}, sum = 0;
  if (size >= kHeader + 8) {
    std::memcpy(head, data, 8);
    std::memcpy(ids, data + 8, 16);
    std::memcpy(&fish, data + 24, 4);
    std::memcpy(&sum, data + size - 8, 8);
  }
  if (head[0] != kMagic) {
    *why = "it is not a MiroFish snapshot";
    return false;
  }
  if (sum != fnv1aBytes(kFnvOffset, data, size - 8)) {
    *why = "it is damaged (its checksum does not match)";
    return false;
  }
  if (head[1] != kLayout || ids[0] != releaseHash()) {
    *why = "it is from another version of MiroFish";
    return false;
  }
  if (ids[1] != snapshotKey(params_) || int64_t(fish) != int64_t(fish_.count) || form_.phase != FormPhase::None) {
    *why = kSnapshotForeign;  // two pages whose tags make different schools: the page says nothing (constants.h)
    return false;
  }
  SnapshotFields fields;
  snapshotFields(fields);
  size_t body = 0;
  for (const SnapshotField& f : fields.list) body += size_t(f.size) * f.count;
  if (body != size - kHeader - 8) {
    *why = "it is damaged (its length does not match)";
    return false;
  }
  const uint8_t* p = data + kHeader;
  for (const SnapshotField& f :
       fields.list)  // every value checked before any is taken: a refusal leaves the school as it was
    for (uint32_t k = 0; k < f.count; ++k, p += f.size)
      if (!allowed(f, p)) {
        *why = "it is damaged (a value out of range)";
        return false;
      }
  p = data + kHeader;
  for (const SnapshotField& f : fields.list) {
    std::memcpy(f.at, p, size_t(f.size) * f.count);
    p += size_t(f.size) * f.count;
  }
  rng_.restore(rngState_);
  history_.reset();  // the metrics start again: their window is not carried
  resetCoverage();
  return true;
}

}  // namespace mirofish
