// What a visitor sees, drawn by the page's renderer on the native context: each palette its own hues, the QR code's
// plate under the fish landing on it, the water against the page's text at 4.5:1, sharp edges at DPR 2, the depth
// tiers, the predator, the species' colours. Tolerant measures (gl_frames.h), small frames: llvmpipe draws each in a
// few milliseconds.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <string>

#include "render/gl/gl_frames.h"

using namespace mirofish;
using namespace mirofish::test;

namespace {

const uint8_t kPage[3] = {0xf4, 0xf8, 0xfa};  // the look fixture's light page (tests/browser/fixtures/look.html)
const uint8_t kDark[3] = {0x10, 0x14, 0x18};  // a dark page

double brightness(const uint8_t* p) { return 0.299 * p[0] + 0.587 * p[1] + 0.114 * p[2]; }

struct Box {
  int x = 0, y = 0, w = 0, h = 0;
};

// The held code's plate on a dark page: the bounding box of its near-white pixels.
Box plateBox(const Image& img) {
  int x0 = img.width, y0 = img.height, x1 = -1, y1 = -1;
  for (int y = 0; y < img.height; ++y)
    for (int x = 0; x < img.width; ++x) {
      const uint8_t* p = img.at(x, y);
      if (p[0] > 225 && p[1] > 222 && p[2] > 214 && p[0] - p[2] < 24) {
        x0 = std::min(x0, x), y0 = std::min(y0, y), x1 = std::max(x1, x), y1 = std::max(y1, y);
      }
    }
  return x1 < 0 ? Box() : Box{x0, y0, x1 - x0 + 1, y1 - y0 + 1};
}

// The median brightness of the quiet zone (a ring 3 % of the side just inside the square): the plate's own tone.
double ringTone(const Image& img, const Box& b) {
  const int band = std::max(2, int(std::lround(b.w * 0.03)));
  std::vector<double> v;
  for (int y = b.y; y < b.y + b.h; ++y)
    for (int x = b.x; x < b.x + b.w; ++x) {
      const bool inner = x >= b.x + band && x < b.x + b.w - band && y >= b.y + band && y < b.y + b.h - band;
      if (!inner) v.push_back(brightness(img.at(x, y)));
    }
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

// Koi-red pixels in the box (palette 0's patches): no module or plate is red, so these are fish.
int koiRed(const Image& img, const Box& b) {
  int n = 0;
  for (int y = b.y; y < b.y + b.h; ++y)
    for (int x = b.x; x < b.x + b.w; ++x) {
      const uint8_t* p = img.at(x, y);
      n += p[0] > p[1] + 50 && p[0] > p[2] + 60;
    }
  return n;
}

int alphaPixels(const Image& img, int lo, int hi) {
  int n = 0;
  for (size_t k = 3; k < img.rgba.size(); k += 4) n += img.rgba[k] >= lo && img.rgba[k] <= hi;
  return n;
}

}  // namespace

TEST_CASE("look: each palette draws its own hues", "[gl]") {
  Pond pond("seed=7&n=200&w=800&h=300");
  pond.steps(240);
  Look look;
  look.height = 300;
  look.background = kPage;
  std::vector<std::vector<double>> hues;
  for (int palette = 0; palette < 4; ++palette) {
    pond.params.palette = palette;
    const Image img = draw(pond, look);
    REQUIRE(differing(img, kPage) > 1500);
    hues.push_back(hueHistogram(img, kPage));
  }
  for (int a = 0; a < 4; ++a)
    for (int b = a + 1; b < 4; ++b) {
      INFO("palettes " << a << " and " << b);
      CHECK(histogramDistance(hues[size_t(a)], hues[size_t(b)]) > 0.2);
    }
}

TEST_CASE("look: the QR finale's fish fly over the plate and its tone is full only once they have landed", "[gl]") {
  const int kAt = 30;  // steps: the landing begins half a second in
  Pond pond("seed=7&n=200&w=800&h=600&form=qr:https%3A%2F%2Fexample.org%2Fpond&at=0.5");
  Look look;
  look.background = kDark;
  struct Shot {
    int step;
    double landed;
    Image img;
  };
  std::vector<Shot> shots;
  for (int step : {kAt + 18, kAt + 42, kAt + 66, kAt + 90, kAt + 114}) {
    pond.steps(step - int(pond.school->stepCount()));
    const FormationState& f = pond.school->formation();
    shots.push_back({step, double(f.settledCount) / double(std::max<size_t>(1, f.tx.size())), draw(pond, look)});
  }
  pond.steps(kAt + 240 - int(pond.school->stepCount()));
  REQUIRE(pond.school->formation().phase == FormPhase::Holding);
  const Image held = draw(pond, look);
  const Box square = plateBox(held);
  REQUIRE(square.w > 100);
  const double full = ringTone(held, square);
  CHECK(full > 200);
  int seen = 0;
  double last = 0;
  for (const Shot& s : shots) {
    const double tone = ringTone(s.img, square);
    const int fish = koiRed(s.img, square);
    INFO("step " << s.step << ", landed " << s.landed << ", tone " << tone << ", fish " << fish);
    seen += fish >= 40;
    if (s.landed < 0.6) CHECK(tone < full - 40);  // not yet full
    CHECK(tone >= last - 6);                      // it only comes in
    last = tone;
  }
  CHECK(seen >= 3);  // fish pixels over the code in at least 3 frames
}

TEST_CASE("look: water=1 reads at 4.5:1 against the page's dark or light text, every palette", "[gl]") {
  const uint8_t darkText[3] = {0x1d, 0x2a, 0x33}, lightText[3] = {0xe8, 0xe6, 0xe3};  // look.html's two schemes
  for (const uint8_t* text : {darkText, lightText}) {
    for (int palette = 0; palette < 4; ++palette) {
      Pond pond("seed=7&n=200&w=400&h=300&water=1&op=0&pal=" + std::to_string(palette));
      Look look;
      look.width = 400;
      look.height = 300;
      look.pageText = float(luminance(text));
      const Image img = draw(pond, look);
      std::vector<double> ratios;
      for (size_t k = 0; k < img.rgba.size(); k += 4) ratios.push_back(contrast(&img.rgba[k], text));
      std::sort(ratios.begin(), ratios.end());
      INFO("palette " << palette << ", text luminance " << luminance(text));
      CHECK(ratios[ratios.size() / 100] >= 4.5);                    // 99 % of the water reads at least this well
      CHECK(alphaPixels(img, 255, 255) == img.width * img.height);  // the water fills the frame
    }
  }
}

// The mean size of a step in alpha between neighbouring pixels, sum(d^2) / sum(|d|): an edge one pixel wide steps the
// whole way at once, a soft one in several small steps.
double edgeStep(const Image& img) {
  double squares = 0, sum = 0;
  for (int y = 0; y + 1 < img.height; ++y)
    for (int x = 0; x + 1 < img.width; ++x) {
      const int a = img.at(x, y)[3];
      for (const int b : {int(img.at(x + 1, y)[3]), int(img.at(x, y + 1)[3])}) {
        const double d = std::abs(a - b);
        squares += d * d;
        sum += d;
      }
    }
  return sum > 0 ? squares / sum : 0;
}

TEST_CASE("look: at DPR 2 the fish are drawn in device pixels: four times the pixels, edges as sharp", "[gl]") {
  Pond pond("seed=7&n=200&w=800&h=600&op=1");
  pond.steps(240);
  Look look;
  const Image one = draw(pond, look);
  look.dpr = 2;
  const Image two = draw(pond, look);
  REQUIRE(two.width == 1600);
  const double cover1 = alphaPixels(one, 1, 255), cover2 = alphaPixels(two, 1, 255);
  const double step1 = edgeStep(one), step2 = edgeStep(two);
  INFO("covered " << cover1 << " -> " << cover2 << ", mean edge step " << step1 << " -> " << step2);
  CHECK(cover2 / cover1 > 3.2);
  CHECK(cover2 / cover1 < 4.6);
  // Drawn at the CSS size and scaled up, each edge would spread over two device pixels: half the step.
  CHECK(step2 > 0.8 * step1);
}

TEST_CASE("look: the back tier's fish are drawn smaller than the front's", "[gl]") {
  double back = 0, front = 0;
  int backs = 0, fronts = 0;
  for (int seed = 1; seed <= 24; ++seed) {
    Pond pond("n=1&w=400&h=300&op=1&seed=" + std::to_string(seed));
    pond.steps(30);
    Look look;
    look.width = 400;
    look.height = 300;
    const double area = alphaPixels(draw(pond, look), 1, 255);
    const float depth = pond.school->fish().depth[0];
    if (depth < 0.3f) back += area, ++backs;
    if (depth > 0.7f) front += area, ++fronts;
  }
  REQUIRE(backs > 2);
  REQUIRE(fronts > 2);
  INFO("mean area back " << back / backs << ", front " << front / fronts);
  CHECK(front / fronts > 1.5 * (back / backs));  // (1.1 / 0.75)^2 = 2.15 in length squared
}

TEST_CASE("look: the predator is drawn while present and gone after predator=0", "[gl]") {
  Pond pond("n=0&seed=4&pred=1&w=800&h=600&op=1");
  pond.steps(120);
  Look look;
  const int hunting = alphaPixels(draw(pond, look), 1, 255);
  Params away = pond.school->params();
  away.predator = 0;
  pond.school->setParams(away);
  pond.steps(60 * 15);  // it swims out
  const int gone = alphaPixels(draw(pond, look), 1, 255);
  INFO("predator pixels " << hunting << ", after predator=0 " << gone);
  CHECK(hunting > 300);
  CHECK(gone < 20);
}

TEST_CASE("look: species=3 draws a kind in the goldfish palette", "[gl]") {
  auto gold = [](const std::string& species) {
    Pond pond("n=120&seed=5&w=1600&h=900&pal=0&op=1&species=" + species);
    pond.steps(120);
    Look look;
    look.background = kPage;
    const Image img = draw(pond, look);
    int n = 0;
    for (size_t k = 0; k < img.rgba.size(); k += 4) {
      const int r = img.rgba[k], g = img.rgba[k + 1], b = img.rgba[k + 2];
      n += r > 170 && g > 0.45 * r && g < 0.85 * r && b < 0.55 * g;
    }
    CHECK(differing(img, kPage) > 1500);
    return n;
  };
  const int one = gold("1"), three = gold("3");
  INFO("gold pixels: species=1 " << one << ", species=3 " << three);
  CHECK(three > 60);
  CHECK(three > 5 * one + 20);
}
