// The C interface's one error channel: the calling thread's last sentence (mf_last_error), and the guard every entry
// point runs its body in, so no C++ exception ever crosses into C.
#pragma once

#include <exception>
#include <string>
#include <vector>

#include "base/cli_errors.h"

namespace mirofish {

void clearLastError();
void setLastError(std::string text);
const char* lastError();

// Runs body(); a CliError or std::exception becomes the last error and `failed` is returned. Entry points return
// what body returns on success.
template <typename T, typename F>
T guarded(T failed, F&& body) {
  try {
    clearLastError();
    return body();
  } catch (const CliError& e) {  // the sweep's --vary, --seeds: the CLI's own sentence
    setLastError(e.message);
  } catch (const std::exception& e) {
    setLastError(e.what());
  } catch (...) {
    setLastError("internal error");
  }
  return failed;
}

// A refused input: thrown inside guarded() bodies, its sentence becomes the last error.
struct Refused : std::exception {
  explicit Refused(std::string t) : text(std::move(t)) {}
  const char* what() const noexcept override { return text.c_str(); }
  std::string text;
};

// A warning's sentence as a refusal: its problem without what the page does next ("; clamped to 400.", "; kept
// 200.", "; ignored."), since here nothing changes; several, one after another. A school here is made only from a
// hash the page would take without a word.
std::string refusal(const std::string& text);
std::string refusals(const std::vector<Warning>& warnings);

// Copies text into (buf, size) as snprintf would, NUL-terminated when size > 0; returns text's length.
size_t copyOut(const std::string& text, char* buf, size_t size);

}  // namespace mirofish
