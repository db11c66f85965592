// `mirofish render`: a clip of a hash, frame-exact, any range of its frames in any order and on any number of
// threads, to a WebM or MP4 (ffmpeg through a pipe) or to numbered PNG or WebP frames.
#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cstdio>
#include <filesystem>
#include <mutex>
#include <thread>

#include "cli/frame_flags.h"
#include "cli/frames_command.h"
#include "frames/frame_maker.h"
#include "frames/image_files.h"
#include "frames/video_pipe.h"

namespace mirofish {

namespace {

struct Clip {
  FrameRequest request;
  std::string out;
  double seconds = 10;
  long long frames = 0, first = 0, last = -1;  // --frames first-last, within 0..frames-1
  int jobs = 1, quality = 85;
  bool alpha = false, video = false, webp = false;
  VideoKind kind = VideoKind::Webm;
  std::string prefix, suffix;  // a frame's file: prefix, the number padded to `width` digits, suffix
  int width = 0;
};

// frames/%05d.png: one %d, optionally zero-padded to a width; no other % in the path.
bool readPattern(const std::string& out, Clip* c) {
  const size_t at = out.find('%');
  if (at == std::string::npos) return false;
  size_t k = at + 1;
  if (k < out.size() && out[k] == '0') ++k;
  int width = 0;
  while (k < out.size() && out[k] >= '0' && out[k] <= '9' && width < 10) width = width * 10 + (out[k++] - '0');
  if (k >= out.size() || out[k] != 'd' || out.find('%', k) != std::string::npos) return false;
  c->prefix = out.substr(0, at);
  c->suffix = out.substr(k + 1);
  c->width = width;
  return true;
}

std::string frameName(const Clip& c, long long k) {
  std::string n = std::to_string(k);
  if (int(n.size()) < c.width) n.insert(0, size_t(c.width) - n.size(), '0');
  return c.prefix + n + c.suffix;
}

Clip readClip(CliArgs& a) {
  Clip c;
  c.request.cssWidth = 1920;  // the recorder's default size
  c.request.cssHeight = 1080;
  long long from = -1;
  std::string frames;
  while (!a.done()) {
    const std::string flag = a.next();
    if (flag == "--seconds") {
      const std::string text = a.value(flag);
      if (!parseStrictNumber(text, &c.seconds) || !(c.seconds > 0) || c.seconds > 600)
        throw cliError(CliErrorId::ClipSeconds, {echoed(text)});
    } else if (flag == "--fps") {
      const std::string text = a.value(flag);
      double v;
      if (!parseStrictNumber(text, &v) || (v != 24 && v != 25 && v != 30 && v != 60))
        throw cliError(CliErrorId::FpsBad, {echoed(text)});
      c.request.fps = int(v);
    } else if (flag == "--from") {
      from = stepsOfSeconds(flag, a.value(flag));
    } else if (flag == "--frames") {
      frames = a.value(flag);
    } else if (flag == "--jobs") {
      c.jobs = int(parseCount(flag, a.value(flag), 1, 64));
    } else if (flag == "--out") {
      c.out = a.value(flag);
    } else if (flag == "--alpha") {
      c.alpha = true;
    } else if (flag == "--quality") {
      c.quality = int(parseCount(flag, a.value(flag), 1, 100));
    } else if (!readFrameFlag(a, "render", flag, &c.request)) {
      throw cliError(CliErrorId::UnknownFlag, {"render", echoed(flag), " (see mirofish --help)"});
    }
  }
  const char* kinds = ".webm, .mp4, or a frame pattern such as frames/%05d.png or .webp";
  if (c.out.empty()) throw cliError(CliErrorId::OutRequired, {"render", kinds});
  if (endsWith(c.out, ".webm") || endsWith(c.out, ".mp4")) {
    c.video = true;
    c.kind = endsWith(c.out, ".mp4") ? VideoKind::Mp4 : (c.alpha ? VideoKind::WebmAlpha : VideoKind::Webm);
    if (c.kind == VideoKind::Mp4 && c.alpha) throw cliError(CliErrorId::AlphaNotKept, {"an .mp4 (H.264)"});
  } else if (!(endsWith(c.out, ".png") || (c.webp = endsWith(c.out, ".webp"))) || !readPattern(c.out, &c)) {
    throw cliError(CliErrorId::OutKind, {"render", echoed(c.out), kinds});
  }
  if (c.alpha && c.request.background) throw cliError(CliErrorId::AlphaWithBackground);
  // An opaque video is drawn over the recorder's default black; frames stay transparent unless a background is given.
  if (c.video && !c.alpha && !c.request.background) c.request.background = true;
  if (c.video && (c.request.cssWidth % 2 || c.request.cssHeight % 2))
    throw cliError(CliErrorId::SizeOdd, {std::to_string(c.request.cssWidth), std::to_string(c.request.cssHeight)});
  settlePixels(&c.request);
  if (from >= 0) c.request.startStep = from;
  c.frames = std::max(1LL, (long long)(c.seconds * c.request.fps + 0.5));
  c.last = c.frames - 1;
  if (!frames.empty()) {
    const size_t dash = frames.find('-');
    double lo = -1, hi = -1;
    const bool parsed = dash != std::string::npos && parseStrictNumber(frames.substr(0, dash), &lo) &&
                        parseStrictNumber(frames.substr(dash + 1), &hi);
    if (!parsed || lo != double((long long)lo) || hi != double((long long)hi) || lo < 0 || lo > hi ||
        hi >= double(c.frames))
      throw cliError(CliErrorId::FramesRange, {echoed(frames), std::to_string(c.frames)});
    c.first = (long long)lo;
    c.last = (long long)hi;
  }
  return c;
}

// The frames first..last, job j drawing every jobs-th of them; each job steps the whole way on its own school, which
// costs little beside drawing. A video's frames are handed to the encoder in order through `slots` buffers.
struct Run {
  const Clip& clip;
  std::mutex lock;
  std::condition_variable changed;
  std::vector<std::vector<uint8_t>> slots;
  std::vector<long long> held;  // the frame each slot holds, -1 empty
  std::string error;
  std::atomic<bool> failed{false};
  std::atomic<long long> drawn{0};
  std::string renderer;
  explicit Run(const Clip& c) : clip(c) {}

  void fail(const std::string& why) {
    std::lock_guard<std::mutex> hold(lock);
    if (error.empty()) error = why;
    failed = true;
    changed.notify_all();
  }

  void job(int j) {
    FrameMaker maker;
    std::string why;
    if (!maker.open(clip.request, &why)) return fail(why);
    if (j == 0) renderer = maker.renderer();
    const int w = clip.request.pixelWidth, h = clip.request.pixelHeight;
    for (long long k = clip.first + j; k <= clip.last && !failed; k += clip.jobs) {
      maker.frame(k, true);
      const std::vector<uint8_t>& px = maker.pixels();
      if (clip.video) {
        const size_t s = size_t(k - clip.first) % slots.size();
        std::unique_lock<std::mutex> hold(lock);
        changed.wait(hold, [&] { return held[s] < 0 || failed; });
        if (failed) return;
        slots[s] = px;
        held[s] = k;
        changed.notify_all();
      } else {
        const std::string name = frameName(clip, k);
        why = clip.webp ? writeWebp(name, px.data(), w, h, clip.quality) : writePng(name, px.data(), w, h, 3);
        if (!why.empty()) return fail(why);
      }
      ++drawn;
    }
  }
};

}  // namespace

int renderCommand(CliArgs& a) {
  const Clip clip = readClip(a);
  for (const Warning& w : clip.request.warnings) std::fprintf(stderr, "warning: %s\n", w.text.c_str());
  Run run(clip);
  if (!clip.video) {  // frames/%05d.png: the folder is made, as a clip's file would be
    const std::filesystem::path folder = std::filesystem::path(clip.prefix).parent_path();
    std::error_code ignored;  // an unmakeable folder shows as the first frame that cannot be written
    if (!folder.empty()) std::filesystem::create_directories(folder, ignored);
  }
  VideoPipe pipe;
  if (clip.video) {
    const std::string why =
        pipe.open(clip.kind, clip.request.pixelWidth, clip.request.pixelHeight, clip.request.fps, clip.out);
    if (!why.empty()) throw cliError(CliErrorId::EncoderFailed, {"render", why});
    run.slots.resize(size_t(clip.jobs) * 2);
    run.held.assign(run.slots.size(), -1);
  }
  std::vector<std::thread> threads;
  for (int j = 0; j < clip.jobs; ++j) threads.emplace_back([&run, j] { run.job(j); });
  if (clip.video) {  // the encoder gets the frames in order as the jobs finish them
    std::vector<uint8_t> frame;
    for (long long k = clip.first; k <= clip.last; ++k) {
      const size_t s = size_t(k - clip.first) % run.slots.size();
      {
        std::unique_lock<std::mutex> hold(run.lock);
        run.changed.wait(hold, [&] { return run.held[s] == k || run.failed; });
        if (run.failed) break;
        frame.swap(run.slots[s]);
        run.held[s] = -1;
        run.changed.notify_all();
      }
      if (!pipe.write(frame.data(), frame.size())) {
        run.fail(pipe.finish());
        break;
      }
    }
  }
  for (std::thread& t : threads) t.join();
  if (run.failed) throw cliError(CliErrorId::DrawFailed, {"render", run.error});
  if (clip.video) {
    const std::string why = pipe.finish();
    if (!why.empty()) throw cliError(CliErrorId::EncoderFailed, {"render", why});
  }
  std::printf("render %s  frames %lld-%lld of %lld  %dx%d px  %d fps  jobs %d  %s\n", clip.out.c_str(), clip.first,
              clip.last, clip.frames, clip.request.pixelWidth, clip.request.pixelHeight, clip.request.fps, clip.jobs,
              run.renderer.c_str());
  return 0;
}

}  // namespace mirofish
