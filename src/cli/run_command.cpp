// `mirofish run`: hash + flags -> school -> N steps -> metrics CSV / SVG -> `state-hash <16 hex>`.
#include "cli/run_command.h"

#include <algorithm>
#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "base/constants.h"
#include "cli/school_picture.h"
#include "cli/svg_writer.h"
#include "cli/trajectory_writer.h"
#include "link/hash_codec.h"
#include "sim/metrics_csv.h"
#include "sim/school.h"

namespace mirofish {

namespace {

double eventNumber(const std::string& event, const std::string& what, const std::string& s) {
  double v;
  if (!parseStrictNumber(s, &v)) throw cliError(CliErrorId::EventNotNumber, {echoed(event), what, echoed(s)});
  return v;
}

// scare@T:X,Y | feed@T:X,Y | pointer@T:X,Y | pointer-off@T | set@T:KEY=VALUE; T in seconds of simulated time (step
// round(T * 60)), X, Y in px.
RunEvent parseEvent(const std::string& text) {
  const std::string usage = " (expected scare@T:X,Y, feed@T:X,Y, pointer@T:X,Y, pointer-off@T or set@T:KEY=VALUE)";
  const size_t at = text.find('@');
  const std::string kind = text.substr(0, at);
  RunEvent e{RunEvent::Scare, 0, 0, 0, text};
  if (kind == "scare")
    e.kind = RunEvent::Scare;
  else if (kind == "feed")
    e.kind = RunEvent::Feed;
  else if (kind == "pointer")
    e.kind = RunEvent::Pointer;
  else if (kind == "pointer-off")
    e.kind = RunEvent::PointerOff;
  else if (kind == "set")
    e.kind = RunEvent::Set;
  else
    throw cliError(CliErrorId::EventUnknown, {echoed(text), echoed(kind), usage});
  if (at == std::string::npos) throw cliError(CliErrorId::EventMissingTime, {echoed(text), usage});
  const std::string rest = text.substr(at + 1);
  const size_t colon = rest.find(':');
  const double t = eventNumber(text, "time", rest.substr(0, colon));
  if (t < 0 || t > 1e7) throw cliError(CliErrorId::EventTimeOutside, {echoed(text), echoed(rest.substr(0, colon))});
  e.step = (long long)(t * double(kStepHz) + 0.5);  // as the t= seek rounds
  if (e.kind == RunEvent::PointerOff) {
    if (colon != std::string::npos) throw cliError(CliErrorId::EventNoPosition, {echoed(text), usage});
    return e;
  }
  if (e.kind == RunEvent::Set) {  // a parameter changed mid-run, as a page's set() would
    const std::string kv = colon == std::string::npos ? "" : rest.substr(colon + 1);
    const size_t eq = kv.find('=');
    if (eq == std::string::npos) throw cliError(CliErrorId::EventMissingSet, {echoed(text), usage});
    e.param = findParam(kv.substr(0, eq));
    if (e.param < 0) throw cliError(CliErrorId::EventUnknownParam, {echoed(text), echoed(kv.substr(0, eq))});
    e.value = eventNumber(text, "value", kv.substr(eq + 1));
    return e;
  }
  if (colon == std::string::npos) throw cliError(CliErrorId::EventMissingPosition, {echoed(text), usage});
  const std::string pos = rest.substr(colon + 1);
  const size_t comma = pos.find(',');
  if (comma == std::string::npos) throw cliError(CliErrorId::EventBadPosition, {echoed(text), echoed(pos), usage});
  const double x = eventNumber(text, "x", pos.substr(0, comma)), y = eventNumber(text, "y", pos.substr(comma + 1));
  if (std::fabs(x) > 1e9 || std::fabs(y) > 1e9) throw cliError(CliErrorId::EventPositionOutside, {echoed(text)});
  e.x = float(x);
  e.y = float(y);
  return e;
}

void applyEvent(School& school, const RunEvent& e) {
  switch (e.kind) {
    case RunEvent::Scare: school.scare(e.x, e.y); break;
    case RunEvent::Feed: school.feed(e.x, e.y); break;
    case RunEvent::Pointer: school.setPointer(true, e.x, e.y); break;
    case RunEvent::PointerOff: school.setPointer(false, 0, 0); break;
    case RunEvent::Set: {
      Params next = school.params();
      Warning warning;
      if (setParam(next, ParamId(e.param), e.value, &warning) != ParamStatus::Ok)
        std::fprintf(stderr, "warning: --event %s: %s\n", echoed(e.text).c_str(), warning.text.c_str());
      school.setParams(next);
      break;
    }
  }
}

}  // namespace

namespace {

// What `mirofish run` was asked: the school's parameters and what happens to it, the outputs.
struct RunOptions {
  Params params;
  long long steps = 600, every = 1;
  bool brute = false;
  std::string metricsPath, svgPath, pgmPath, trajectoryPath;
  FormSpec form;  // S-CHO: from the hash's form=/at=, or --form (which wins) and --at
  double formAt = 0, hold = kDefaultHoldSeconds;
  std::vector<Warning> warnings;
  bool hasSeek = false;
  double seek = 0;
  std::vector<RunEvent> events;
  std::vector<Obstacle> obstacles;
};

RunOptions readRunFlags(CliArgs& a) {
  RunOptions o;
  bool at = false;  // --at given
  while (!a.done()) {
    std::string flag = a.next();
    if (flag == "--hash") {
      DecodedHash d = decodeHash(a.value(flag), o.params);
      o.params = d.params;
      o.warnings.insert(o.warnings.end(), d.warnings.begin(), d.warnings.end());
      o.hasSeek = d.hasSeek;
      o.seek = d.seekSeconds;
      if (d.form.kind != FormationKind::None) {
        o.form = d.form;
        o.formAt = d.formAt;
      }
    } else if (flag == "--form") {
      std::vector<Warning> notes;
      const std::string value = a.value(flag);
      o.form = parseFormSpec(value, &notes);
      if (o.form.kind == FormationKind::None)
        throw cliError(CliErrorId::FormRefused, {notes.empty() ? echoed(value) : notes[0].text});
      o.warnings.insert(o.warnings.end(), notes.begin(), notes.end());
    } else if (flag == "--at" || flag == "--hold") {
      const std::string text = a.value(flag);
      double v;
      if (!parseStrictNumber(text, &v) || v < 0 || v > 3600)
        throw cliError(CliErrorId::SecondsOutside, {flag, echoed(text)});
      (flag == "--at" ? o.formAt : o.hold) = v;
      at = at || flag == "--at";
    } else if (flag == "--pgm") {
      o.pgmPath = a.value(flag);
    } else if (flag == "--steps") {
      o.steps = parseCount(flag, a.value(flag), 0, 100000000);
    } else if (flag == "--every") {
      o.every = parseCount(flag, a.value(flag), 1, 100000000);
    } else if (flag == "--brute") {
      o.brute = true;
    } else if (flag == "--metrics") {
      o.metricsPath = a.value(flag);
    } else if (flag == "--event") {
      o.events.push_back(parseEvent(a.value(flag)));
    } else if (flag == "--obstacle") {
      Obstacle ob;
      std::string error;
      if (!parseObstacle(a.value(flag), &ob, &error)) throw cliError(CliErrorId::ObstacleBad, {error});
      if (o.obstacles.size() >= size_t(kMaxObstacles))
        throw cliError(CliErrorId::TooManyObstacles, {std::to_string(kMaxObstacles)});
      o.obstacles.push_back(ob);
    } else if (flag == "--svg") {
      o.svgPath = a.value(flag);
    } else if (flag == "--trajectory") {
      o.trajectoryPath = a.value(flag);
    } else if (!applyParamFlag(a, flag, o.params, o.warnings)) {
      throw cliError(CliErrorId::UnknownFlag, {"run", echoed(flag), " (see `mirofish params` for parameter flags)"});
    }
  }
  // As the hash's at= without form=: named, and ignored (a later --form would have used it).
  if (at && o.form.kind == FormationKind::None) {
    o.warnings.push_back(cliWarning(WarningId::HashAtWithoutForm, CliErrorId::AtWithoutForm));
    o.formAt = 0;
  }
  return o;
}

// The run's summary on stdout; its last line is the state-hash the contracts pin.
void printRunSummary(const School& school, const RunOptions& o, const std::string& encoded) {
  const StepMetrics& m = school.metrics();
  std::printf("hash %s\n", encoded.c_str());
  std::printf("fish %d  steps %" PRIu64 "  mode %s\n", school.count(), school.stepCount(), o.brute ? "brute" : "grid");
  std::printf("avg-neighbours %.3f  min-distance %.3f  mean-nearest %.3f  polarization %.3f  milling %.3f  state %s\n",
              double(m.avgNeighbours), double(m.minDistance), double(m.meanNearest), double(m.polarization),
              double(m.milling), schoolStateName(m.state));
  std::printf("groups %d  coverage %.3f\n", m.groups, double(m.coverage));
  std::printf("cruise %d  sprint %d  hover %d  startle %d  pellets-eaten %" PRIu64 " of %" PRIu64 "\n", m.states[0],
              m.states[1], m.states[2], m.states[3], m.pelletsEaten, school.pelletsDropped());
  if (o.form.kind != FormationKind::None) {
    const FormationState& fs = school.formation();
    std::printf("form %s  phase %s  targets %d  settled %d  fish-added %d\n", formationName(o.form.kind),
                formPhaseName(fs.phase), fs.assigned, fs.settledCount, fs.added);
  }
  std::printf("distance-checks-last-step %" PRIu64 "  fallback-clamps %" PRIu64 "\n", m.distanceChecks,
              school.clampCount());
  if (!o.obstacles.empty())
    std::printf("obstacles %zu  obstacle-exits %" PRIu64 "\n", o.obstacles.size(), school.obstacleExits());
  std::printf("state-hash %016" PRIx64 "\n", school.stateHash());
}

}  // namespace

int runCommand(CliArgs& a) {
  RunOptions o = readRunFlags(a);
  for (const Warning& w : o.warnings) std::fprintf(stderr, "warning: %s\n", w.text.c_str());
  std::string sanity = sanityWarning(o.params);
  if (!sanity.empty()) std::fprintf(stderr, "warning: %s\n", sanity.c_str());

  School school(o.params);
  school.setBruteForce(o.brute);
  school.setObstacles(o.obstacles.data(), int(o.obstacles.size()));
  std::string formWhy;
  if (o.form.kind != FormationKind::None && !school.form(o.form, float(o.hold), o.formAt, &formWhy))
    throw cliError(CliErrorId::FormCannotLand, {echoed(formSpecValue(o.form)), formWhy});
  // t=SECONDS seeks: those steps run first, and --steps counts on from there.
  long long seekSteps = o.hasSeek ? (long long)(o.seek * double(kStepHz) + 0.5) : 0;
  std::string encoded = encodeHash(o.params, o.form, o.formAt);

  std::FILE* csv = nullptr;
  if (!o.metricsPath.empty()) {
    csv = std::fopen(o.metricsPath.c_str(), "w");
    if (!csv) throw cliError(CliErrorId::CannotWrite, {"--metrics", echoed(o.metricsPath)});
    std::fputs(metricsCsvComment(encoded, o.brute).c_str(), csv);  // shared with the studio's CSV (sim/metrics_csv.h)
    std::fprintf(csv, "%s\n", metricsCsvHeader().c_str());
  }
  // Events by step; events at the same step in the order given.
  std::vector<RunEvent>& events = o.events;
  std::stable_sort(events.begin(), events.end(), [](const RunEvent& l, const RunEvent& r) { return l.step < r.step; });
  size_t nextEvent = 0;
  // S-DEV-4 metrics on every step's record, in full only on the steps written (--every) and on the last, whose
  // metrics the summary prints: the same rows as metrics every step, at a fraction of the cost.
  school.setMetrics(true, 0);
  long long stepsLeft = seekSteps + o.steps;  // counted here: a new seed (set@T:seed=) restarts stepCount()
  auto stepOnce = [&]() {
    while (nextEvent < events.size() && events[nextEvent].step == (long long)school.stepCount())
      applyEvent(school, events[nextEvent++]);
    if (--stepsLeft == 0) school.measureNextStep();
    school.step();
  };
  for (long long s = 0; s < seekSteps; ++s) stepOnce();
  if (csv) school.setMetrics(true, uint64_t(o.every));  // the rows below: at step counts that are multiples of it
  // --trajectory: frame 0 is the state here (after a seek), then one frame every --every steps (trajectory.h).
  std::unique_ptr<TrajectoryWriter> trajectory;
  if (!o.trajectoryPath.empty()) {
    trajectory.reset(new TrajectoryWriter(o.trajectoryPath, school));
    trajectory->writeFrame(school);
  }
  const std::string runHash = hashWithSeek(encoded, seekSteps);
  TrajectoryMeta meta = trajectoryMeta(school, runHash, uint64_t(o.steps), uint64_t(o.every));
  for (const RunEvent& e : events) meta.events.push_back(e.text);
  for (long long s = 0; s < o.steps; ++s) {
    stepOnce();
    if (csv && school.stepCount() % uint64_t(o.every) == 0) writeMetricsCsvRow(csv, school.metrics());
    if (trajectory && (s + 1) % o.every == 0) trajectory->writeFrame(school);
  }
  if (csv) std::fclose(csv);
  if (trajectory) trajectory->finish(meta);
  for (size_t k = nextEvent; k < events.size(); ++k)
    std::fprintf(stderr, "warning: --event %s (step %lld) is after the run's last step %" PRIu64 "\n",
                 echoed(events[k].text).c_str(), events[k].step, school.stepCount());
  // With a formation, the picture is the page's (plate and landed cells); without, the teaching view's fish.
  const bool formed = o.form.kind != FormationKind::None;
  if (!o.svgPath.empty() &&
      !(formed ? writePictureSvg(schoolPicture(school), o.svgPath) : writeSchoolSvg(school, o.svgPath)))
    throw cliError(CliErrorId::CannotWrite, {"--svg", echoed(o.svgPath)});
  if (!o.pgmPath.empty() && !writePicturePgm(schoolPicture(school), 1.0f, o.pgmPath))
    throw cliError(CliErrorId::CannotWrite, {"--pgm", echoed(o.pgmPath)});
  if (school.firstNonFinite() >= 0)
    std::fprintf(stderr, "warning: fish %d became non-finite at step %" PRIu64 "\n", school.firstNonFinite(),
                 school.firstNonFiniteStep());
  printRunSummary(school, o, encoded);
  return 0;
}

namespace {

// The table's values column as a JSON list: "auto|high|low" -> "auto", "high", "low".
std::string valueNamesJson(const char* values) {
  std::string out;
  for (const char* at = values; *at; ++at) {
    if (out.empty() || *at == '|') out += out.empty() ? "\"" : "\", \"";
    if (*at != '|') out += *at;
  }
  return out.empty() ? out : out + "\"";
}

}  // namespace

int paramsCommand(CliArgs& a) {
  bool markdown = false, json = false;
  while (!a.done()) {
    std::string flag = a.next();
    if (flag == "--markdown")
      markdown = true;
    else if (flag == "--json")
      json = true;
    else
      throw cliError(CliErrorId::UnexpectedArgument, {echoed(flag)});
  }
  if (json) {  // scripts/gen-types writes web/mirofish.d.ts's options from this
    std::printf("[\n");
    for (int i = 0; i < kParamCount; ++i) {
      const ParamInfo& p = kParamInfo[i];
      std::printf(
          "  {\"name\": \"%s\", \"key\": \"%s\", \"unit\": \"%s\", \"def\": %.10g, \"min\": %.10g, \"max\": %.10g, "
          "\"integer\": %s, \"group\": \"%s\", \"values\": [%s], \"help\": \"%s\"}%s\n",
          p.name, p.key, p.unit, p.def, p.min, p.max, p.integer ? "true" : "false", groupName(p.group),
          valueNamesJson(kParamValues[i]).c_str(), kParamHelp[i], i + 1 < kParamCount ? "," : "");
    }
    std::printf("]\n");
    return 0;
  }
  if (markdown) {  // the README's options table is this output
    std::printf(
        "| option (`data-*`, `--flag`) | hash key | unit | default | min | max | meaning "
        "|\n|---|---|---|---|---|---|---|\n");
    for (int i = 0; i < kParamCount; ++i) {
      const ParamInfo& p = kParamInfo[i];
      std::printf("| `%s` | %s | %s | %g | %g | %.10g | %s |\n", p.name,
                  inHash(p) ? ("`" + std::string(p.key) + "`").c_str() : "page only", p.unit, p.def, p.min, p.max,
                  kParamHelp[i]);
    }
    return 0;
  }
  std::printf("%-18s %-7s %-7s %10s %10s %12s  %s\n", "name (--flag)", "key", "unit", "default", "min", "max",
              "meaning");
  for (int i = 0; i < kParamCount; ++i) {
    const ParamInfo& p = kParamInfo[i];
    std::printf("%-18s %-7s %-7s %10g %10g %12.10g  %s%s\n", p.name, p.key, p.unit, p.def, p.min, p.max,
                inHash(p) ? "" : "[page only, never in a hash] ", kParamHelp[i]);
  }
  std::printf("\nPresets: --hash 'preset=default' or 'preset=tuned' (S-SIM-2); t=SECONDS in a hash seeks.\n");
  return 0;
}

RunRequest readRunRequest(CliArgs& a) {
  RunOptions o = readRunFlags(a);
  return {o.params, o.form, o.formAt, o.hasSeek, o.seek, o.steps, o.every, o.events, o.obstacles, o.warnings};
}

}  // namespace mirofish
