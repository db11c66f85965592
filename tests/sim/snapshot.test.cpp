// Issue 59: a school written as a snapshot and read by a fresh school of the same parameters goes on bit for bit as
// the first would have (every step after, with the same input); a damaged, foreign, other-version or hostile
// snapshot is refused with its one reason and leaves the school as it was.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstring>

#include "base/fnv1a.h"
#include "sim/school.h"
#include "support/sim_test_helpers.h"

using namespace mirofish;
using namespace mirofish::test;

namespace {

// A school with something of everything playing out: three kinds, the predator, a scare, pellets, the pointer.
Params busyParams() {
  Params p = seededParams(240, 7);
  p.species = 3;
  p.predator = 1;
  p.smoothing = 6;
  return p;
}

School busySchool() {
  School s(busyParams());
  s.steps(200);
  s.setPointer(true, 700, 400);
  s.scare(500, 300);
  s.feed(800, 450);
  s.feed(300, 600);
  s.steps(30);
  return s;
}

std::vector<uint8_t> written(const School& s) {
  std::vector<uint8_t> bytes;
  std::string why;
  REQUIRE(s.writeSnapshot(&bytes, &why));
  return bytes;
}

// The checksum written again, so that a test reaches the checks behind it (a forged snapshot).
void reseal(std::vector<uint8_t>& b) {
  const uint64_t sum = fnv1aBytes(kFnvOffset, b.data(), b.size() - 8);
  std::memcpy(b.data() + b.size() - 8, &sum, 8);
}

std::string refusal(School& s, const std::vector<uint8_t>& bytes) {
  const uint64_t before = fullStateHash(s);
  const uint64_t step = s.stepCount();
  std::string why;
  CHECK_FALSE(s.readSnapshot(bytes.data(), bytes.size(), &why));
  CHECK(fullStateHash(s) == before);  // untouched
  CHECK(s.stepCount() == step);
  return why;
}

}  // namespace

TEST_CASE("snapshot: a fresh school that reads it goes on bit for bit, with the visitor's input still playing out",
          "[snapshot]") {
  School a = busySchool();
  const std::vector<uint8_t> bytes = written(a);
  School b(busyParams());
  b.steps(17);  // a fresh page's school may have stepped already: the snapshot replaces all of it
  std::string why;
  REQUIRE(b.readSnapshot(bytes.data(), bytes.size(), &why));
  CHECK(why.empty());
  CHECK(b.stepCount() == a.stepCount());
  CHECK(fullStateHash(b) == fullStateHash(a));
  CHECK(written(b) == bytes);
  int scared = 0;
  for (int i = 0; i < b.count(); ++i) scared += b.fish().panic[i] > 0 ? 1 : 0;
  CHECK(scared > 0);  // the scare is still playing out on the new page
  for (int k = 0; k < 600; ++k) {
    if (k == 100) {
      a.setPointer(false, 0, 0);
      b.setPointer(false, 0, 0);
    }
    a.step();
    b.step();
    REQUIRE(b.stateHash() == a.stateHash());
  }
  CHECK(fullStateHash(b) == fullStateHash(a));
  CHECK(b.pelletsEaten() == a.pelletsEaten());
  CHECK(b.predator().x == a.predator().x);
}

TEST_CASE("snapshot: its size is a small header and what each fish carries", "[snapshot]") {
  School s(seededParams(200, 1));
  s.steps(10);
  const size_t perFish = (written(s).size() - written(School(seededParams(0, 1))).size()) / 200;
  CHECK(perFish == 26 * 4 + 2 * 4 * 4 + 4 + 3 + 4);  // 26 floats, the default 4 ring slots of two, 3 bytes, 2 ints
}

TEST_CASE("snapshot: damaged, truncated, foreign, from another version or hostile, refused with its one reason",
          "[snapshot]") {
  const std::vector<uint8_t> good = written(busySchool());
  School s(busyParams());
  s.steps(5);

  std::vector<uint8_t> b = good;
  b[b.size() / 2] ^= 0x10;
  CHECK(refusal(s, b) == "it is damaged (its checksum does not match)");
  CHECK(refusal(s, std::vector<uint8_t>(good.begin(), good.begin() + 20)) == "it is not a MiroFish snapshot");
  CHECK(refusal(s, {}) == "it is not a MiroFish snapshot");
  b = good;
  b[0] = 'X';
  CHECK(refusal(s, b) == "it is not a MiroFish snapshot");

  b = good;
  b[4] = 2;  // the layout
  reseal(b);
  CHECK(refusal(s, b) == "it is from another version of MiroFish");
  b = good;
  b[9] ^= 1;  // the release's hash
  reseal(b);
  CHECK(refusal(s, b) == "it is from another version of MiroFish");

  Params other = busyParams();
  other.seed = 8;
  School t(other);
  CHECK(refusal(t, good) == "it is another school (other parameters or fish count)");
  other = busyParams();
  other.maxSpeed = 91;
  School u(other);
  CHECK(refusal(u, good) == "it is another school (other parameters or fish count)");

  b = good;
  const float nan = std::nanf("");
  std::memcpy(b.data() + b.size() - 8 - 4 * 240 * 5, &nan, 4);  // a fish's value, deep in the arrays
  reseal(b);
  CHECK(refusal(s, b) == "it is damaged (a value out of range)");
  b = good;
  b[b.size() - 8 - 4 * 240 - 240 - 1] = 9;  // the last fish's state: there are four
  reseal(b);
  CHECK(refusal(s, b) == "it is damaged (a value out of range)");
  b = good;
  b.insert(b.end() - 8, 4, 0);
  reseal(b);
  CHECK(refusal(s, b) == "it is damaged (its length does not match)");
}

TEST_CASE("snapshot: the look's parameters are not part of the key; a formation under way is not written",
          "[snapshot]") {
  School a = busySchool();
  Params look = busyParams();
  look.palette = 2;
  look.opacity = 0.9;
  look.fishSize = 2;
  School b(look);
  const std::vector<uint8_t> bytes = written(a);
  std::string why;
  CHECK(b.readSnapshot(bytes.data(), bytes.size(), &why));

  FormSpec rings;
  rings.kind = FormationKind::Rings;
  REQUIRE(a.form(rings, 10, -1, &why));
  std::vector<uint8_t> out;
  CHECK_FALSE(a.writeSnapshot(&out, &why));
  CHECK(why == "a formation is under way");
  CHECK(out.empty());
}
