// The CLI's edges found by fuzzing (S-REL-2): what an error echoes of the user's argument (control characters escaped,
// at most kEchoChars characters), --at without a formation (the hash's named warning), and --vary's duplicate check
// on a long list.
#include <catch2/catch.hpp>

#include <cstdio>
#include <string>
#include <vector>

#include "cli/cli_args.h"
#include "cli/run_command.h"
#include "support/warning_helpers.h"
#include "sweep/sweep_plan.h"

using namespace mirofish;

namespace {

// The message of the CliError f() throws ("" when it does not throw).
template <typename F>
std::string messageOf(F f) {
  try {
    f();
  } catch (const CliError& e) {
    return e.message;
  }
  return "";
}

RunRequest runFlags(std::vector<std::string> args) {
  CliArgs a;
  a.args = std::move(args);
  return readRunRequest(a);
}

bool hasControl(const std::string& s) {
  for (unsigned char c : s)
    if (c < 0x20 || c == 0x7f) return true;
  return false;
}

}  // namespace

TEST_CASE("cli errors: an echoed argument has its control characters escaped", "[cli]") {
  CHECK(echoed("plain --flag=1,2") == "plain --flag=1,2");
  CHECK(echoed("a\nb") == "a\\nb");
  CHECK(echoed("tab\there\r") == "tab\\there\\r");
  CHECK(echoed("\x1b[2J\x1b[31mred") == "\\x1b[2J\\x1b[31mred");
  CHECK(echoed(std::string("nul\0byte", 8)) == "nul\\x00byte");
  CHECK(echoed("del\x7f") == "del\\x7f");
  CHECK(echoed("back\\slash") == "back\\slash");  // as typed: a path's backslash stays one
  CHECK(echoed("f\xc3\xa9 \xe2\x80\x94 \xf0\x9f\x90\x9f") == "f\xc3\xa9 \xe2\x80\x94 \xf0\x9f\x90\x9f");  // UTF-8 as is
  CHECK(echoed("csi\xc2\x9b"
               "2J") == "csi\\u009b2J");               // U+009B, a C1 control (CSI)
  CHECK(echoed("bad\xff\xc3(") == "bad\\xff\\xc3(");   // not UTF-8: each byte in hex
  CHECK(echoed("\xed\xa0\x80") == "\\xed\\xa0\\x80");  // a surrogate is not UTF-8 either
  CHECK(echoed("\xe0\x80\xaf") == "\\xe0\\x80\\xaf");  // nor an overlong '/'
}

TEST_CASE("cli errors: an echoed argument is cut at 80 characters, then '...'", "[cli]") {
  const std::string eighty(kEchoChars, 'x');
  CHECK(echoed(eighty) == eighty);
  CHECK(echoed(eighty + "y") == eighty + "...");
  CHECK(echoed(std::string(100000, 'z')) == std::string(kEchoChars, 'z') + "...");
  // An escape is never cut in half, nor a UTF-8 character.
  CHECK(echoed(std::string(78, 'x') + "\n") == std::string(78, 'x') + "\\n");
  CHECK(echoed(std::string(79, 'x') + "\n") == std::string(79, 'x') + "...");
  std::string fish;
  for (int k = 0; k < 100; ++k) fish += "\xf0\x9f\x90\x9f";
  std::string kept;
  for (size_t k = 0; k < kEchoChars; ++k) kept += "\xf0\x9f\x90\x9f";
  CHECK(echoed(fish) == kept + "...");
}

TEST_CASE("cli errors: every error is one line that echoes at most 80 characters of the argument", "[cli]") {
  const std::string evil = "x\n\x1b[2Jy" + std::string(500, 'a');
  const std::vector<std::string> messages = {
      messageOf([&] { runFlags({"--" + evil}); }),
      messageOf([&] {
        runFlags({"--steps", evil});
      }),
      messageOf([&] {
        runFlags({"--fish", evil});
      }),
      messageOf([&] {
        runFlags({"--form", "ring", "--at", evil});
      }),
      messageOf([&] {
        runFlags({"--event", evil});
      }),
      messageOf([&] {
        runFlags({"--event", "scare@" + evil});
      }),
      messageOf([&] {
        runFlags({"--event", "set@1:" + evil + "=1"});
      }),
      messageOf([&] {
        runFlags({"--obstacle", "square:" + evil});
      }),
      messageOf([&] { parseVary("wcoh=" + evil); }),
      messageOf([&] { parseVary(evil + "=1"); }),
      messageOf([&] { parseSeeds(evil); }),
      messageOf([&] { parseShard(evil); }),
  };
  for (const std::string& m : messages) {
    INFO(m);
    CHECK(!m.empty());
    CHECK(!hasControl(m));
    CHECK(m.find("x\\n\\x1b[2Jy") != std::string::npos);       // the argument, escaped
    CHECK(m.find(std::string(80, 'a')) == std::string::npos);  // and cut
    CHECK(m.size() < 400);
  }
  // "--x\\n\\x1b[2Jy" shows as 13 characters: 67 of the 500 a's fit.
  CHECK(messages[0] == "run: unknown flag '--x\\n\\x1b[2Jy" + std::string(kEchoChars - 13, 'a') +
                           "...' (see `mirofish params` for parameter flags)");
}

TEST_CASE("cli: --at without a formation gets the hash's named warning and is ignored", "[cli]") {
  const RunRequest alone = runFlags({"--at", "1", "--steps", "5"});
  CHECK(test::idsOf(alone.warnings) == test::Ids{WarningId::HashAtWithoutForm});
  CHECK(alone.warnings[0].text == "--at says when a formation starts, and there is no --form; ignored.");
  CHECK(alone.formAt == 0);
  // The hash says the same of its own at= (and only once: --at is not there).
  CHECK(test::idsOf(runFlags({"--hash", "at=2"}).warnings) == test::Ids{WarningId::HashAtWithoutForm});
  // With a formation, from --form (before or after --at) or the hash, --at is when it starts: no warning.
  for (const auto& args : std::vector<std::vector<std::string>>{
           {"--at", "1", "--form", "ring"}, {"--form", "ring", "--at", "1"}, {"--hash", "form=ring", "--at", "1"}}) {
    const RunRequest r = runFlags(args);
    CHECK(r.warnings.empty());
    CHECK(r.formAt == 1);
  }
  CHECK(runFlags({"--steps", "5"}).warnings.empty());
}

TEST_CASE("cli: --vary's duplicate check on 10 000 values reports the first repeat, in order", "[cli][sweep]") {
  std::string list = "wcoh=";
  for (int k = 0; k < 10000; ++k) {
    char value[16];
    std::snprintf(value, sizeof value, "%s%d.%03d", k ? "," : "", k / 1000, k % 1000);
    list += value;
  }
  const VarySpec v = parseVary(list);
  REQUIRE(v.values.size() == 10000);
  CHECK(v.values.front() == 0);
  CHECK(v.values.back() == Approx(9.999));
  // The same list with its last value a repeat of an early one, after quantizing (0.0501 holds as 0.05).
  std::string repeat = list.substr(0, list.rfind(',')) + ",0.0501";
  CHECK(messageOf([&] { parseVary(repeat); }).find(": 0.05 comes twice (a hash holds wcoh to 3 decimals)") !=
        std::string::npos);
  // Two repeats: the first one met is named; an out-of-range value after it is not reached.
  CHECK(messageOf([] { parseVary("wcoh=1,2,2,1,11"); }) ==
        "--vary wcoh=1,2,2,1,11: 2 comes twice (a hash holds wcoh to 3 decimals)");
  CHECK(messageOf([] { parseVary("wcoh=1,11,1"); }) == "--vary wcoh=1,11,1: 11 is outside wcoh's range 0..10");
  CHECK(messageOf([] { parseVary("wcoh=-0,0"); }) ==
        "--vary wcoh=-0,0: 0 comes twice (a hash holds wcoh to 3 decimals)");
  CHECK(messageOf([] { parseVary("n=10,10.0000000001"); }).find("10 comes twice (a hash holds n as a whole number)") !=
        std::string::npos);
}
