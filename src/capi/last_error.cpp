// The calling thread's last error (last_error.h).
#include "capi/last_error.h"

#include <cstring>

namespace mirofish {

namespace {
thread_local std::string lastText;
}

void clearLastError() { lastText.clear(); }
void setLastError(std::string text) { lastText = std::move(text); }
const char* lastError() { return lastText.c_str(); }

std::string refusal(const std::string& text) {
  const size_t cut = text.rfind("; ");
  return cut == std::string::npos ? text : text.substr(0, cut) + ".";
}

std::string refusals(const std::vector<Warning>& warnings) {
  std::string text;
  for (const Warning& w : warnings) text += (text.empty() ? "" : " ") + refusal(w.text);
  return text;
}

size_t copyOut(const std::string& text, char* buf, size_t size) {
  if (buf && size > 0) {
    const size_t n = text.size() < size - 1 ? text.size() : size - 1;
    std::memcpy(buf, text.data(), n);
    buf[n] = '\0';
  }
  return text.size();
}

}  // namespace mirofish
