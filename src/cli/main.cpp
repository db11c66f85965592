// mirofish: the command line (run, sweep, params, bench, form, poster, render). Exit code 2 on any bad flag or
// value.
#include <cstdio>
#include <cstring>

#include "cli/bench_command.h"
#include "cli/form_command.h"
#include "cli/frames_command.h"
#include "cli/run_command.h"
#include "cli/sweep_command.h"

using namespace mirofish;

static void usage(std::FILE* out) {
  std::fprintf(
      out,
      "usage: mirofish run [--hash STR] [--steps N] [--brute] [--metrics FILE.csv] [--every K] [--svg FILE.svg]\n"
      "                    [--trajectory FILE.f32]\n"
      "                    [--event scare@T:X,Y | feed@T:X,Y | pointer@T:X,Y | pointer-off@T | set@T:KEY=VALUE ...]\n"
      "                    [--obstacle rect:X,Y,W,H | circle:X,Y,R ...]\n"
      "                    [--form qr:TEXT|text:TEXT|ring|... [--at SECONDS] [--hold SECONDS] [--pgm FILE.pgm]]\n"
      "                    [--<param> VALUE ...]\n"
      "       mirofish sweep [--hash BASE] [--vary NAME=START:STOP:STEP | --vary NAME=V1,V2,... ...] [--ablation]\n"
      "                      [--seeds 1-10] [--steps N] [--out FILE.csv] [--jobs N] [--shard I/N] [--yes]\n"
      "                      [--<param> VALUE ...]\n"
      "       mirofish params\n"
      "       mirofish bench [--json FILE] [--quick] [--max N]\n"
      "       mirofish form --form qr:TEXT|text:TEXT|ring|rings|infinity|vortex|frame [--width W] [--height H]\n"
      "                     [--fish N] [--at SECONDS] [--svg FILE.svg] [--pgm FILE.pgm] [--scale S] [--repeat N]\n"
      "       mirofish poster --out FILE.png|FILE.webp [--hash STR] [--at SECONDS] [--size WxH] [--dpr D]\n"
      "                       [--background #rrggbb] [--text #rrggbb] [--quality Q] [--<param> VALUE ...]\n"
      "       mirofish render --out CLIP.webm|CLIP.mp4|DIR/%%05d.png|DIR/%%05d.webp [--hash STR] [--seconds S]\n"
      "                       [--fps 24|25|30|60] [--size WxH] [--from SECONDS] [--frames A-B] [--jobs N] [--alpha]\n"
      "                       [--background #rrggbb] [--text #rrggbb] [--quality Q] [--<param> VALUE ...]\n");
}

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(
        stderr,
        "mirofish: missing command (commands: run, sweep, params, bench, form, poster, render; see mirofish --help)\n");
    return 2;
  }
  CliArgs args;
  for (int i = 2; i < argc; ++i) args.args.emplace_back(argv[i]);
  try {
    if (!std::strcmp(argv[1], "run")) return runCommand(args);
    if (!std::strcmp(argv[1], "sweep")) return sweepCommand(args);
    if (!std::strcmp(argv[1], "params")) return paramsCommand(args);
    if (!std::strcmp(argv[1], "bench")) return benchCommand(args);
    if (!std::strcmp(argv[1], "form")) return formCommand(args);
    if (!std::strcmp(argv[1], "poster")) return posterCommand(args);
    if (!std::strcmp(argv[1], "render")) return renderCommand(args);
    if (!std::strcmp(argv[1], "--help") || !std::strcmp(argv[1], "help")) {
      usage(stdout);
      return 0;
    }
    std::fprintf(stderr,
                 "mirofish: unknown command '%s' (commands: run, sweep, params, bench, form, poster, render; see "
                 "mirofish --help)\n",
                 echoed(argv[1]).c_str());
    return 2;
  } catch (const CliError& e) {
    std::fprintf(stderr, "mirofish: %s\n", e.message.c_str());
    return 2;
  }
}
