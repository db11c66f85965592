// One sweep run, and the thread pool that runs many while keeping their output in plan order.
#include "sweep/sweep_runner.h"

#include <cmath>
#include <cstring>
#include <limits>
#include <map>

#ifndef __EMSCRIPTEN__
#include <atomic>
#include <condition_variable>
#include <mutex>
#include <thread>
#endif

#include "base/constants.h"
#include "link/hash_codec.h"
#include "sim/metrics_csv.h"
#include "sim/school.h"
#include "sweep/clock.h"

namespace mirofish {

namespace {

// The school `run --hash HASH` makes, already past its t= seek.
School schoolOf(const std::string& hash) {
  const DecodedHash d = decodeHash(hash);
  School school(d.params);
  school.setMetrics(true, 0);  // S-DEV-4 the record every step; runSweepRun measures the window's steps
  const long long seek = d.hasSeek ? (long long)(d.seekSeconds * double(kStepHz) + 0.5) : 0;  // as run rounds it
  for (long long s = 0; s < seek; ++s) {
    if (s + 1 == seek) school.measureNextStep();  // a run of 0 steps reports the seek's last step
    school.step();
  }
  return school;
}

}  // namespace

SweepResult runSweepRun(const std::string& hash, long long steps) {
  const double t0 = clockSeconds();
  School school = schoolOf(hash);
  SweepResult r;
  const long long window = steps < kSweepWindowSteps ? steps : kSweepWindowSteps;
  std::vector<double> sum(kMetricColumnCount, 0.0);
  std::vector<uint64_t> counted(kMetricColumnCount, 0);
  // Category counts: a handful of distinct values (three states), so a short list beats a map.
  std::vector<std::vector<std::pair<const char*, uint64_t>>> seen(kMetricColumnCount);
  for (long long s = 0; s < steps; ++s) {
    if (s >= steps - window) school.measureNextStep();  // the means' window: its steps' full metrics
    school.step();
    if (s < steps - window) continue;
    const StepMetrics& m = school.metrics();
    for (int c = 0; c < kMetricColumnCount; ++c) {
      const MetricColumn& col = kMetricColumns[c];
      if (col.number) {
        const double v = col.number(m);
        if (std::isnan(v)) continue;
        sum[c] += v;
        ++counted[c];
      } else {
        const char* v = col.category(m);
        auto& list = seen[c];
        size_t k = 0;
        while (k < list.size() && std::strcmp(list[k].first, v) != 0) ++k;
        if (k == list.size()) list.push_back({v, 0});
        ++list[k].second;
      }
    }
  }
  r.stateHash = school.stateHash();
  r.end = school.metrics();
  r.windowSteps = uint64_t(window);
  r.means.assign(kMetricColumnCount, std::numeric_limits<double>::quiet_NaN());
  r.modes.assign(kMetricColumnCount, nullptr);
  for (int c = 0; c < kMetricColumnCount; ++c) {
    if (counted[c]) r.means[c] = sum[c] / double(counted[c]);
    uint64_t best = 0;
    for (const auto& v : seen[c])  // ties: the value seen first in the window
      if (v.second > best) {
        best = v.second;
        r.modes[c] = v.first;
      }
  }
  r.nonFiniteFish = school.firstNonFinite();
  r.seconds = clockSeconds() - t0;
  return r;
}

double secondsPerStep(const Params& params, long long steps) {
  School school(params);
  school.setMetrics(true, 1);  // as a run's window pays (an estimate: the steps before the window pay less)
  const double t0 = clockSeconds();
  long long done = 0;
  while (done < steps && (done < 10 || clockSeconds() - t0 < 1.0)) {
    school.step();
    ++done;
  }
  return done ? (clockSeconds() - t0) / double(done) : 0;
}

void runInOrder(uint64_t count, int jobs, const std::function<SweepResult(uint64_t)>& work,
                const std::function<void(uint64_t, double)>& finished,
                const std::function<void(uint64_t, const SweepResult&)>& deliver) {
#ifdef __EMSCRIPTEN__
  (void)jobs;  // no threads in the node build: one run after another
  for (uint64_t i = 0; i < count; ++i) {
    const SweepResult r = work(i);
    finished(i, r.seconds);
    deliver(i, r);
  }
#else
  if (jobs < 1) jobs = 1;
  if (uint64_t(jobs) > count) jobs = int(count);
  std::atomic<uint64_t> next{0};
  std::mutex lock;
  std::condition_variable changed;
  std::map<uint64_t, SweepResult> done;            // finished, not yet delivered
  std::vector<std::pair<uint64_t, double>> ended;  // finished, not yet reported: (run, seconds)
  std::vector<std::thread> threads;
  for (int t = 0; t < jobs; ++t)
    threads.emplace_back([&]() {
      for (uint64_t i; (i = next++) < count;) {
        SweepResult r = work(i);
        std::lock_guard<std::mutex> hold(lock);
        ended.emplace_back(i, r.seconds);
        done.emplace(i, std::move(r));
        changed.notify_one();
      }
    });
  uint64_t delivered = 0;
  std::unique_lock<std::mutex> hold(lock);
  while (delivered < count) {
    changed.wait(hold, [&]() { return !ended.empty(); });
    std::vector<std::pair<uint64_t, double>> report;
    report.swap(ended);
    std::vector<SweepResult> ready;  // runs delivered..delivered+k-1, now contiguous
    const uint64_t first = delivered;
    for (auto it = done.begin(); it != done.end() && it->first == delivered; it = done.erase(it), ++delivered)
      ready.push_back(std::move(it->second));
    // Report and write outside the lock: the workers never wait on the disk or the terminal.
    hold.unlock();
    for (const auto& e : report) finished(e.first, e.second);
    for (size_t k = 0; k < ready.size(); ++k) deliver(first + k, ready[k]);
    hold.lock();
  }
  hold.unlock();
  for (std::thread& t : threads) t.join();
#endif
}

int defaultJobs() {
#ifdef __EMSCRIPTEN__
  return 1;
#else
  const unsigned n = std::thread::hardware_concurrency();
  return n ? int(n) : 1;
#endif
}

}  // namespace mirofish
