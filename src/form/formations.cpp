// Moving formations (functions of time, det_math trig only) and the grid layouts of QR codes, text and logos.
#include "form/formations.h"

#include <cstdint>

#include "base/det_math.h"

namespace mirofish {

namespace {

constexpr float kGoldenAngle = 2.39996322972865332f;  // rad: sunflower spacing, no two fish on one ray

// A fixed phase in [0, 2pi) per fish and stream: integer hashing (no RNG state), the same on every target.
float phase(int i, uint32_t stream) {
  uint32_t h = uint32_t(i) * 0x9E3779B1u ^ stream * 0x85EBCA77u;
  h ^= h >> 15;
  h *= 0x2C1B3C6Du;
  h ^= h >> 12;
  return float(h >> 8) * (kTwoPi / 16777216.0f);
}

float smoothstep01(float u) {
  u = u < 0 ? 0 : (u > 1 ? 1 : u);
  return u * u * (3 - 2 * u);
}

// The point at fraction u (any real; wraps) of the way round a square of half side h, clockwise from the top-left.
void squarePoint(float u, float h, float* px, float* py) {
  u -= float(int(u));
  if (u < 0) u += 1;
  const float s = u * 4, side = float(int(s)), f = (s - side) * 2 - 1;  // f in [-1, 1) along the side
  switch (int(side)) {
    case 0: *px = f * h, *py = -h; break;
    case 1: *px = h, *py = f * h; break;
    case 2: *px = -f * h, *py = h; break;
    default: *px = -h, *py = -f * h; break;
  }
}

bool layoutGrid(const CellList& cells, int margin, int cell, float width, float height, TargetLayout* out) {
  out->cell = cell;
  out->cols = cells.cols + 2 * margin;
  out->rows = cells.rows + 2 * margin;
  out->originX = int((width - float(out->cols * cell)) / 2);
  out->originY = int((height - float(out->rows * cell)) / 2);
  out->x.clear();
  out->y.clear();
  out->solid.assign(cells.cells.size(), 0);
  for (const Cell& c : cells.cells) {
    out->x.push_back(float(out->originX) + (float(margin + c.col) + 0.5f) * float(cell));
    out->y.push_back(float(out->originY) + (float(margin + c.row) + 0.5f) * float(cell));
  }
  return true;
}

}  // namespace

const char* formationName(FormationKind kind) {
  switch (kind) {
    case FormationKind::Ring: return "ring";
    case FormationKind::Rings: return "rings";
    case FormationKind::Infinity: return "infinity";
    case FormationKind::Vortex: return "vortex";
    case FormationKind::Frame: return "frame";
    case FormationKind::Qr: return "qr";
    case FormationKind::Text: return "text";
    case FormationKind::Logo: return "logo";
    default: return "none";
  }
}

bool isMovingFormation(FormationKind kind) {
  return kind == FormationKind::Ring || kind == FormationKind::Rings || kind == FormationKind::Infinity ||
         kind == FormationKind::Vortex || kind == FormationKind::Frame;
}

FormationArea worldArea(float width, float height) {
  FormationArea a;
  a.cx = width / 2;
  a.cy = height / 2;
  a.radius = 0.4f * (width < height ? width : height);
  return a;
}

void ringTargets(const FormationArea& a, float t, int n, float* x, float* y) {
  const float breathe = 1 + 0.08f * detSin(wrapAngle(t * (kTwoPi / 4)));
  const float r = 0.8f * a.radius * breathe, turn = wrapAngle(0.15f * t);
  for (int i = 0; i < n; ++i) {
    float s, c;
    detSinCos(turn + kTwoPi * float(i) / float(n), &s, &c);
    x[i] = a.cx + r * c;
    y[i] = a.cy + r * s;
  }
}

void ringsTargets(const FormationArea& a, float t, int n, float* x, float* y) {
  const float radius[3] = {0.35f, 0.62f, 0.9f}, spin[3] = {0.45f, -0.3f, 0.2f};  // rad/s, alternate directions
  // Fish per ring in proportion to its circumference, so all three rings look equally dense.
  const int first = n * 35 / 187, second = n * 62 / 187;
  const int start[4] = {0, first, first + second, n};
  // The inner two rings' centres circle the middle slowly, so the rings weave round each other.
  const float orbit = wrapAngle(0.2f * t);
  for (int k = 0; k < 3; ++k) {
    const int count = start[k + 1] - start[k];
    float os, oc;
    detSinCos(orbit + kTwoPi * float(k) / 3, &os, &oc);
    const float offset = k == 2 ? 0 : 0.08f * a.radius;
    const float cx = a.cx + offset * oc, cy = a.cy + offset * os;
    const float turn = wrapAngle(spin[k] * t), r = radius[k] * a.radius;
    for (int j = 0; j < count; ++j) {
      float s, c;
      detSinCos(turn + kTwoPi * float(j) / float(count), &s, &c);
      x[start[k] + j] = cx + r * c;
      y[start[k] + j] = cy + r * s;
    }
  }
}

void infinityTargets(const FormationArea& a, float t, int n, float* x, float* y) {
  // x = w cos s / (1 + sin^2 s), y = w sin s cos s / (1 + sin^2 s): crosses itself at the centre.
  const float w = 1.5f * a.radius, flow = wrapAngle(0.35f * t);
  for (int i = 0; i < n; ++i) {
    float s, c;
    detSinCos(wrapAngle(flow + kTwoPi * float(i) / float(n)), &s, &c);
    const float d = 1 / (1 + s * s);
    x[i] = a.cx + w * c * d;
    y[i] = a.cy + w * s * c * d;
  }
}

void vortexTargets(const FormationArea& a, float t, int n, float* x, float* y) {
  const float big = 0.9f * a.radius;
  for (int i = 0; i < n; ++i) {
    const float u = detSqrt((float(i) + 0.5f) / float(n));  // equal area per fish
    // Differential rotation: 0.5 rad/s at the core, 0.15 at the rim; slow, as a vortex should read.
    const float spin = 0.5f - 0.35f * u;
    const float wobbleR = 0.06f * detSin(wrapAngle(0.7f * t + phase(i, 1)));
    const float wobbleA = 0.12f * detSin(wrapAngle(0.45f * t + phase(i, 2)));
    const float angle = wrapAngle(kGoldenAngle * float(i) + spin * t) + wobbleA;
    float s, c;
    detSinCos(angle, &s, &c);
    const float r = big * u * (1 + wobbleR);
    x[i] = a.cx + r * c;
    y[i] = a.cy + r * s;
  }
}

float frameEase(float t) { return 1 - smoothstep01(t / kFrameSeconds); }

void frameTargets(const FormationArea& a, float t, int n, float* x, float* y) {
  const float k = frameEase(t), scale = 1 + k, h = 1.08f * a.radius;
  float s, c;
  detSinCos(kFrameTurn * k, &s, &c);
  // Settled, the fish circle along the frame (0.02 laps/s); before that the frame only turns as a whole.
  const float lap = t > kFrameSeconds ? 0.02f * (t - kFrameSeconds) : 0;
  for (int i = 0; i < n; ++i) {
    float px, py;
    squarePoint((float(i) + 0.5f) / float(n) + lap, h, &px, &py);
    x[i] = a.cx + scale * (c * px - s * py);
    y[i] = a.cy + scale * (s * px + c * py);
  }
}

int vortexFrameCount(int n) { return n > 0 ? n / 4 : 0; }

void formationTargets(FormationKind kind, const FormationArea& a, float t, int n, float* x, float* y) {
  if (n <= 0) return;
  switch (kind) {
    case FormationKind::Ring: ringTargets(a, t, n, x, y); break;
    case FormationKind::Rings: ringsTargets(a, t, n, x, y); break;
    case FormationKind::Infinity: infinityTargets(a, t, n, x, y); break;
    case FormationKind::Frame: frameTargets(a, t, n, x, y); break;
    case FormationKind::Vortex: {
      const int framed = vortexFrameCount(n);
      vortexTargets(a, t, n - framed, x, y);
      frameTargets(a, t, framed, x + (n - framed), y + (n - framed));
      break;
    }
    default: break;
  }
}

bool layoutQr(const QrCode& code, float width, float height, TargetLayout* out, std::string* why) {
  const int total = code.size + 2 * kQrQuietZone;
  const float side = width < height ? width : height;
  const int cell = int(0.8f * side / float(total));
  if (cell < 1) {
    *why = "a version-" + std::to_string(code.version) + " code needs " + std::to_string(total) +
           " px at 1 px a module; the world is " + std::to_string(int(width)) + "x" + std::to_string(int(height));
    return false;
  }
  CellList cells;
  cells.cols = cells.rows = code.size;
  for (int row = 0; row < code.size; ++row)
    for (int col = 0; col < code.size; ++col)
      if (code.dark(col, row)) cells.cells.push_back(Cell{int16_t(col), int16_t(row)});
  layoutGrid(cells, kQrQuietZone, cell, width, height, out);
  for (size_t i = 0; i < cells.cells.size(); ++i)
    out->solid[i] = qrIsFinderModule(code.size, cells.cells[i].col, cells.cells[i].row) ? 1 : 0;
  why->clear();
  return true;
}

bool layoutCells(const CellList& cells, float width, float height, TargetLayout* out, std::string* why) {
  const int cols = cells.cols + 2, rows = cells.rows + 2;
  const int byWidth = int(0.8f * width / float(cols)), byHeight = int(0.6f * height / float(rows));
  int cell = byWidth < byHeight ? byWidth : byHeight;
  cell = cell > kMaxTextCellPx ? kMaxTextCellPx : cell;
  if (cell < 1 || cells.cells.empty()) {
    *why = cells.cells.empty()
               ? std::string("nothing to draw")
               : "the " + std::to_string(cells.cols) + "x" + std::to_string(cells.rows) + " cells do not fit the " +
                     std::to_string(int(width)) + "x" + std::to_string(int(height)) + " world at 1 px a cell";
    return false;
  }
  layoutGrid(cells, 1, cell, width, height, out);
  why->clear();
  return true;
}

bool layoutStatic(const FormSpec& spec, float width, float height, TargetLayout* out, std::string* why, QrCode* code,
                  CellList* cells) {
  if (spec.kind == FormationKind::Qr) {
    QrCode own;
    QrCode& qr = code ? *code : own;
    return encodeQr(spec.text, &qr, why) && layoutQr(qr, width, height, out, why);
  }
  CellList own;
  CellList& set = cells ? *cells : own;
  std::string note;
  if (!textCells(spec.text, &set, &note)) {
    *why = note;
    return false;
  }
  return layoutCells(set, width, height, out, why);
}

}  // namespace mirofish
