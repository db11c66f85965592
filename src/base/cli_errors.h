// The CLI's own errors (a bad flag or value, an output it cannot write): named as the edges' warnings are
// (base/warnings.h), each an id and a sentence template, in an X-macro of their own so that the page's bundle never
// carries them. main.cpp prints the sentence on one line and exits with code 2; tests compare the id. A few rows are
// the CLI's wording of a shared warning instead (cliWarning: printed as `warning:`, the run goes on).
#pragma once

#include <cstdint>
#include <initializer_list>
#include <string>

#include "base/echo_text.h"
#include "base/warnings.h"

namespace mirofish {

// X(id, template): "{}" takes the next argument, as in base/warnings.h.
#define MIROFISH_CLI_ERRORS(X)                                                                                 \
  X(NeedsValue, "{} needs a value")                                                                            \
  X(NotWholeNumber, "{}: '{}' is not a whole number")                                                          \
  X(CountOutside, "{}: {} is outside {}..{}")                                                                  \
  X(NotFiniteNumber, "{}: '{}' is not a finite number")                                                        \
  X(UnknownFlag, "{}: unknown flag '{}'{}")                                                                    \
  X(UnexpectedArgument, "params: unexpected argument '{}'")                                                    \
  X(FormRequired, "form: --form is required (qr:TEXT, text:TEXT, ring, rings, infinity, vortex, frame)")       \
  X(FormRefused, "--form: {}")                                                                                 \
  X(FormSpecRefused, "{}")                                                                                     \
  X(FormCannotLand, "--form {}: {}")                                                                           \
  X(AtWithoutForm, "--at says when a formation starts, and there is no --form; ignored.")                      \
  X(SecondsOutside, "{}: '{}' is not a number of seconds in 0..3600")                                          \
  X(ObstacleBad, "--{}")                                                                                       \
  X(TooManyObstacles, "--obstacle: at most {} obstacles")                                                      \
  X(CannotWrite, "{}: cannot write '{}'")                                                                      \
  X(WriteFailed, "{}: writing '{}' failed{}")                                                                  \
  X(EventNotNumber, "--event {}: {} '{}' is not a number")                                                     \
  X(EventUnknown, "--event '{}': unknown event '{}'{}")                                                        \
  X(EventMissingTime, "--event '{}': missing @T{}")                                                            \
  X(EventTimeOutside, "--event {}: time {} is outside 0..1e7 s")                                               \
  X(EventNoPosition, "--event {}: pointer-off takes no position{}")                                            \
  X(EventMissingSet, "--event {}: missing :KEY=VALUE{}")                                                       \
  X(EventUnknownParam, "--event {}: unknown parameter '{}'")                                                   \
  X(EventMissingPosition, "--event {}: missing :X,Y{}")                                                        \
  X(EventBadPosition, "--event {}: position '{}' is not X,Y{}")                                                \
  X(EventPositionOutside, "--event {}: position outside +-1e9 px")                                             \
  X(SweepNotNumber, "{}: {} '{}' is not a number")                                                             \
  X(VaryMissingName, "{}: missing NAME={}")                                                                    \
  X(VaryUnknownParam, "{}: unknown parameter '{}' (see mirofish params)")                                      \
  X(VaryPageSetting, "{}: {} is the page's own setting, never in a hash; a sweep varies hash parameters only") \
  X(VarySeed, "{}: seeds are swept with --seeds (1-10 or 1,5,9)")                                              \
  X(VaryNoValues, "{}: no values{}")                                                                           \
  X(VaryBadStep, "{}: the step must be > 0, got {}")                                                           \
  X(VaryEmptyRange, "{}: empty range (start {} > stop {})")                                                    \
  X(VaryRangeTooLong, "{}: {} values, more than {}")                                                           \
  X(VaryEmptyValue, "{}: an empty value in the list{}")                                                        \
  X(VaryTooManyValues, "{}: more than {} values")                                                              \
  X(VaryRangeParts, "{}: a range has three parts{}")                                                           \
  X(VaryNotWhole, "{}: {} takes whole numbers, not {}")                                                        \
  X(VaryOutside, "{}: {} is outside {}'s range {}..{}")                                                        \
  X(VaryValueTwice, "{}: {} comes twice (a hash holds {} {})")                                                 \
  X(VaryTwice, "--vary: {} is varied twice")                                                                   \
  X(VaryAblation, "--vary {} and --ablation: the ablation sets wsep, wali and wcoh")                           \
  X(SeedBad, "{}: '{}' is not a seed (a whole number 0..{})")                                                  \
  X(SeedEmptyItem, "{}: an empty item (expected 1-10, 3 or 1-3,7)")                                            \
  X(SeedEmptyRange, "{}: the range {} is empty ({} > {})")                                                     \
  X(SeedTooMany, "{}: more than {} seeds")                                                                     \
  X(ShardSyntax, "{}: expected I/N, runs I, I+N, I+2N, ... (0 <= I < N)")                                      \
  X(ShardNotWhole, "{}: I and N must be whole numbers (I/N, 0 <= I < N)")                                      \
  X(ShardCount, "{}: N must be 1..1000000000")                                                                 \
  X(ShardIndex, "{}: I must be 0..{} (shards count from 0)")                                                   \
  X(SweepTooManyRuns, "sweep: {} runs, more than {}")                                                          \
  X(SweepTooLong,                                                                                              \
    "sweep: {} runs of {} steps would take about {} on {} threads at the measured speed; add --yes to "        \
    "run it")                                                                                                  \
  X(FramesUnavailable,                                                                                         \
    "{}: this build draws no frames (the native preset, with EGL and OpenGL ES: scripts/ensure-deps)")         \
  X(OutRequired, "{}: --out is required ({})")                                                                 \
  X(OutKind, "{}: --out '{}' must end in {}")                                                                  \
  X(SizeBad, "{}: '{}' is not WxH with W in 16..{} and H in 16..{}")                                           \
  X(SizeOdd, "--size {}x{}: a video's width and height are even")                                              \
  X(DprBad, "--dpr: '{}' is not a number in 0.5..4")                                                           \
  X(PixelsTooMany, "--size {}x{} at --dpr {}: {}x{} px, more than {} px a side")                               \
  X(FpsBad, "--fps: '{}' must be one of 24, 25, 30, 60")                                                       \
  X(ClipSeconds, "--seconds: '{}' is not a number of seconds in (0, 600]")                                     \
  X(FramesRange, "--frames: '{}' is not A-B with 0 <= A <= B < {} (the clip's frames)")                        \
  X(ColourBad, "{}: '{}' is not #rrggbb or #rgb")                                                              \
  X(AlphaWithBackground, "--alpha and --background: a transparent clip has no background")                     \
  X(AlphaNotKept, "--alpha: {} has no transparency (a .webm, or PNG or WebP frames, keeps it)")                \
  X(QualityBad, "--quality: '{}' is not a whole number in 1..100 (100: lossless)")                             \
  X(DrawFailed, "{}: {}")                                                                                      \
  X(EncoderFailed, "{}: {}")

enum class CliErrorId : uint8_t {
#define MIROFISH_CLI_ERROR_ENUM(id, text) id,
  MIROFISH_CLI_ERRORS(MIROFISH_CLI_ERROR_ENUM)
#undef MIROFISH_CLI_ERROR_ENUM
};

// A bad flag or value, or an output that failed: its id and the one line printed (exit code 2).
struct CliError {
  CliErrorId id;
  std::string message;
};

const char* cliErrorTemplate(CliErrorId id);
// The sentence is one line on a terminal whatever it quotes (withoutControls); user text in it goes through echoed.
inline CliError cliError(CliErrorId id, std::initializer_list<WarningArg> args = {}) {
  return {id, withoutControls(fillTemplate(cliErrorTemplate(id), args))};
}
// A shared warning (its id, the one the hash gives) in the CLI's words (a row of the table above).
inline Warning cliWarning(WarningId shared, CliErrorId text) { return {shared, cliErrorTemplate(text)}; }

}  // namespace mirofish
