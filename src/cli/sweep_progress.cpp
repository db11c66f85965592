// Progress lines for `mirofish sweep`; time left is the mean time per finished run times the runs left.
#include "cli/sweep_progress.h"

#include <cinttypes>

#ifdef __EMSCRIPTEN__
#include <emscripten.h>
#else
#include <unistd.h>
#endif

#include "sweep/clock.h"

namespace mirofish {

bool stderrIsTerminal() {
#ifdef __EMSCRIPTEN__
  // Emscripten's isatty() says yes for any standard stream, even a pipe: ask node.
  return EM_ASM_INT({ return process.stderr.isTTY ? 1 : 0; }, 0) != 0;  // (one unused argument: -Wpedantic)
#else
  return isatty(2) != 0;
#endif
}

std::string formatDuration(double seconds) {
  const long long s = (long long)(seconds + 0.5);
  char buf[48];
  if (s >= 48 * 3600)
    std::snprintf(buf, sizeof buf, "%.1f days", double(s) / 86400.0);
  else if (s >= 3600)
    std::snprintf(buf, sizeof buf, "%lld:%02lld:%02lld", s / 3600, s / 60 % 60, s % 60);
  else
    std::snprintf(buf, sizeof buf, "%lld:%02lld", s / 60, s % 60);
  return buf;
}

SweepProgress::SweepProgress(std::FILE* out, bool live, uint64_t total)
    : out_(out), live_(live), total_(total), start_(clockSeconds()) {}

std::string SweepProgress::status() const {
  const double elapsed = clockSeconds() - start_;
  char buf[160];
  std::snprintf(buf, sizeof buf, "%" PRIu64 "/%" PRIu64 " runs, %s elapsed", finished_, total_,
                formatDuration(elapsed).c_str());
  std::string s = buf;
  if (finished_ && finished_ < total_)
    s += ", ~" + formatDuration(elapsed / double(finished_) * double(total_ - finished_)) + " left";
  return s;
}

void SweepProgress::finished(const std::string& what, double runSeconds) {
  ++finished_;
  if (!live_) {
    std::fprintf(out_, "sweep: %s done in %.2f s; %s\n", what.c_str(), runSeconds, status().c_str());
    return;
  }
  const double t = clockSeconds();
  if (finished_ < total_ && t - lastDraw_ < 0.2) return;  // a terminal needs no more than 5 redraws a second
  lastDraw_ = t;
  std::fprintf(out_, "\rsweep: %s\033[K", status().c_str());  // \033[K clears what a longer line left
  std::fflush(out_);
}

void SweepProgress::note(const std::string& line) {
  if (live_ && lastDraw_ >= 0) std::fputc('\n', out_);
  std::fprintf(out_, "%s\n", line.c_str());
  lastDraw_ = -1;  // the next finished run draws the live line again, below the note
}

void SweepProgress::done() {
  if (live_ && lastDraw_ >= 0) std::fputc('\n', out_);
}

}  // namespace mirofish
