// The CLI's error templates (cli_errors.h).
#include "base/cli_errors.h"

namespace mirofish {

const char* cliErrorTemplate(CliErrorId id) {
  static constexpr const char* kTemplates[] = {
#define MIROFISH_CLI_ERROR_TEXT(id, text) text,
      MIROFISH_CLI_ERRORS(MIROFISH_CLI_ERROR_TEXT)
#undef MIROFISH_CLI_ERROR_TEXT
  };
  return kTemplates[int(id)];
}

}  // namespace mirofish
