/* A C program over libmirofish (src/capi/mirofish_c.h), as any C FFI sees it: the header compiles as C99, a school
 * made from a hash has `mirofish run`'s golden state hash, its fish are read in place, and bad input is refused with a
 * sentence and leaves the school unchanged. Run by ctest (capi-c-client) in the native presets that build the
 * library. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "capi/mirofish_c.h"

static int failures = 0;

#define EXPECT(cond)                                                      \
  do {                                                                    \
    if (!(cond)) {                                                        \
      fprintf(stderr, "%s:%d: expected %s\n", __FILE__, __LINE__, #cond); \
      ++failures;                                                         \
    }                                                                     \
  } while (0)

int main(void) {
  EXPECT(mf_abi_version() == MF_ABI_VERSION);

  mf_school* school = mf_school_new("n=300&seed=7");
  EXPECT(school != NULL);
  if (!school) return 1;
  EXPECT(mf_school_step(school, 600, 1) == 0);
  EXPECT(mf_school_state_hash(school) == 0x2f7fef7bf008159cULL); /* mirofish run --hash 'n=300&seed=7' --steps 600 */

  mf_fish_view fish;
  mf_school_fish(school, &fish);
  EXPECT(fish.count == 300);
  EXPECT(isfinite(fish.x[299]) && isfinite(fish.vy[0]) && fish.state[0] <= 3);

  double metrics[64];
  EXPECT(mf_metric_count() <= 64);
  EXPECT(mf_school_metrics(school, metrics) == 0);
  EXPECT(strcmp(mf_metric_name(0), "step") == 0 && metrics[0] == 600);

  char hash[4096];
  const size_t n = mf_school_hash(school, 0, hash, sizeof hash);
  EXPECT(n < sizeof hash && strncmp(hash, "n=300&seed=7&", 13) == 0);
  EXPECT(mf_school_hash(school, 1, hash, sizeof hash) == n + 5 && strcmp(hash + n, "&t=10") == 0);

  /* A refusal: -1, one sentence naming the input, the school as it was. */
  EXPECT(mf_school_set(school, "rsep", 9999) == -1);
  EXPECT(strstr(mf_last_error(), "9999 is outside 1..400") != NULL);
  EXPECT(mf_school_set(school, "nope", 1) == -1);
  EXPECT(strstr(mf_last_error(), "unknown parameter 'nope'") != NULL);
  EXPECT(mf_school_state_hash(school) == 0x2f7fef7bf008159cULL);
  EXPECT(mf_school_new("n=abc") == NULL && strstr(mf_last_error(), "is not a number") != NULL);
  EXPECT(mf_school_step(school, -1, 0) == -1);
  mf_school_free(school);

  /* A sweep's row is the CLI's, one at a time. */
  const char* vary[] = {"wcoh=0.5,1"};
  mf_sweep* sweep = mf_sweep_new("n=60", vary, 1, "1-2", 0);
  EXPECT(sweep != NULL && mf_sweep_size(sweep) == 4);
  char row[8192];
  EXPECT(mf_sweep_row(sweep, 3, 60, row, sizeof row) < sizeof row && strncmp(row, "3,wcoh=1,2,1,", 13) == 0);
  EXPECT(mf_sweep_row(sweep, 4, 60, row, sizeof row) == (size_t)-1);
  mf_sweep_free(sweep);
  EXPECT(mf_sweep_new("n=60", NULL, 0, "5-1", 0) == NULL && strstr(mf_last_error(), "empty") != NULL);

  if (failures)
    fprintf(stderr, "%d failed\n", failures);
  else
    printf("c_client: every check passed\n");
  return failures ? 1 : 0;
}
