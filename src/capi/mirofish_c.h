/* MiroFish's C interface: the simulation as a shared library (libmirofish), for Python's ctypes (python/mirofish) and
 * any language with a C FFI. Nothing here means anything other than what the CLI and the page mean by it: a school
 * is made from a URL hash as `mirofish run --hash` makes it, its events are the CLI's --event kinds, its metrics are
 * `run --metrics`'s columns, its state hash is `run`'s, and a sweep's rows are `mirofish sweep`'s bytes.
 *
 * Ownership:
 *  - mf_school_new and mf_sweep_new return objects the caller owns and frees (mf_school_free, mf_sweep_free); NULL
 *    on bad input, with the reason in mf_last_error().
 *  - Pointers in mf_fish_view point into the school's own arrays (structure of arrays, id order). They stay valid
 *    until the next call that changes the school's arrays (a step, mf_school_set) or frees it: take the view again
 *    after each. Never write through them.
 *  - Strings returned as const char* are static (the tables) or the calling thread's last error, valid until that
 *    thread's next call here. Text written into a caller's buffer (buf, size) is NUL-terminated when size > 0; the
 *    return value is the length the whole text needs (without the NUL), as snprintf's.
 *  - Functions returning int give 0 on success and -1 on bad input (mf_last_error() says which input and why); the
 *    school is unchanged then.
 * Threads: one school is one thread's at a time; different schools and sweeps run on any threads at once.
 */
#ifndef MIROFISH_C_H
#define MIROFISH_C_H

#include <stddef.h>
#include <stdint.h>

#if defined(_WIN32)
#define MF_API __declspec(dllexport)
#else
#define MF_API __attribute__((visibility("default")))
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* Raised whenever a function or a struct here changes meaning; a binding checks it before any other call. */
#define MF_ABI_VERSION 1

MF_API int mf_abi_version(void);
MF_API const char* mf_version(void);    /* "0.3.0": the project's version */
MF_API const char* mf_last_error(void); /* this thread's last error sentence, "" after a success */

/* ---- the parameter table (src/sim/params.h) ---- */
typedef struct mf_param_info {
  const char* name; /* the option's name (sepRadius): the JS option, the CLI flag, Python's keyword */
  const char* key;  /* its URL-hash key (rsep) */
  const char* unit;
  const char* help;
  const char* values; /* "auto|high|low" names the values 0, 1, 2; "" for a plain number */
  double def, min, max;
  int integer; /* 1: whole numbers only */
  int in_hash; /* 0: the page's own setting, never in a hash; a school here refuses it */
} mf_param_info;
MF_API int mf_param_count(void);
MF_API int mf_param_info_at(int index, mf_param_info* out); /* -1 when index is outside 0..count-1 */

/* ---- a school ---- */
typedef struct mf_school mf_school;

/* The school `mirofish run --hash HASH` makes, past its t= seek (and landing its form= when the hash has one).
 * HASH is "n=300&seed=7", with or without '#'. Every warning the hash would give (an unknown key, a value out of
 * range or not a number, a page setting) refuses it: NULL, and mf_last_error() names each problem. "" is the
 * defaults. */
MF_API mf_school* mf_school_new(const char* hash);
MF_API void mf_school_free(mf_school* school);

/* k >= 0 steps of 1/60 s. With measure_last, the last of them is measured: mf_school_metrics then describes the
 * state after it (as `run` measures its last step). */
MF_API int mf_school_step(mf_school* school, long long k, int measure_last);
/* Metrics (run --metrics's rows) on the steps whose step count is a multiple of every (0: only the steps asked for
 * with measure_last). */
MF_API void mf_school_measure_every(mf_school* school, uint64_t every);

MF_API int mf_school_count(const mf_school* school);
MF_API uint64_t mf_school_step_count(const mf_school* school);
MF_API uint64_t mf_school_state_hash(const mf_school* school); /* run's state-hash: FNV-1a over x, y, vx, vy */

/* The school's hash (its parameters, a formation's form= and at=: what mf_school_new takes to make it again); with
 * at_step, t= for its step count as `mirofish run` writes it, which seeks to this step (a replay of this moment when
 * no event changed the school on the way). */
MF_API size_t mf_school_hash(const mf_school* school, int at_step, char* buf, size_t size);
/* One parameter by name or hash key; -1 for an unknown one. */
MF_API int mf_school_get(const mf_school* school, const char* name, double* value);
/* A parameter changed from the next step on, as the CLI's set@T:KEY=VALUE and the page's set() change it. Strict: an
 * unknown name, a page setting, a value that is not finite or is outside the table's range is refused (-1), the
 * school unchanged. A value is held as the hash holds it (3 decimals, integers whole). */
MF_API int mf_school_set(mf_school* school, const char* name, double value);
/* Also by a value's name ("high"); -1 for a parameter without names or an unknown name. */
MF_API int mf_school_set_named(mf_school* school, const char* name, const char* value);

/* The CLI's events, from the next step on (world px). */
MF_API int mf_school_scare(mf_school* school, double x, double y);
MF_API int mf_school_feed(mf_school* school, double x, double y);
MF_API int mf_school_pointer(mf_school* school, int present, double x, double y); /* present 0: the pointer left */

/* The fish, in id order, without a copy (see Ownership). */
typedef struct mf_fish_view {
  int count;
  const float *x, *y;   /* px */
  const float *vx, *vy; /* px/s */
  const float *hx, *hy; /* heading, a unit vector */
  const uint8_t* state; /* 0 cruise, 1 sprint, 2 hover, 3 startle (mf_fish_state_name) */
  const uint8_t* species;
  const float* depth; /* 0 back .. 1 front */
  const float* panic; /* seconds of panic left */
} mf_fish_view;
MF_API void mf_school_fish(const mf_school* school, mf_fish_view* out);
MF_API const char* mf_fish_state_name(int state); /* NULL outside 0..3 */

/* A picture of the school's current step as the page draws it: width x height CSS px at dpr device pixels per CSS
 * px (16..3840 x 16..2160, dpr 0.5..4), the native renderer's RGBA8 over transparent, straight alpha as
 * `mirofish poster` writes its PNG, top row first, into rgba (round(width * dpr) x round(height * dpr) x 4 bytes). -1
 * where the library has no native renderer (mf_poster_available() 0) or no GL context can be had. */
MF_API int mf_poster_available(void);
MF_API int mf_school_poster(const mf_school* school, int width, int height, double dpr, uint8_t* rgba);

/* ---- metrics: run --metrics's columns (src/sim/metrics_csv.h) ---- */
MF_API int mf_metric_count(void);
MF_API const char* mf_metric_name(int column); /* NULL outside 0..count-1 */
MF_API int mf_metric_is_category(int column);  /* 1: a name (the school's state), else a number */
/* The last measured step's metrics: numbers into out[count] (NaN where the step had none, as min_distance with no
 * pair close enough; a category's column gets its index), the categories' names through mf_metric_category. -1 when
 * no step was measured yet. */
MF_API int mf_school_metrics(const mf_school* school, double* out);
MF_API const char* mf_school_metric_category(const mf_school* school, int column);
/* The last measured step's row as `run --metrics` writes it (with its newline), and the header above it. */
MF_API size_t mf_school_metrics_row(const mf_school* school, char* buf, size_t size);
MF_API size_t mf_metrics_header(char* buf, size_t size);
MF_API uint64_t mf_school_measured_step(const mf_school* school); /* the step count of the last measured step */

/* ---- sweeps: `mirofish sweep`'s plan and rows ---- */
typedef struct mf_sweep mf_sweep;
/* base: a hash (t= seeks first); vary: nvary texts NAME=START:STOP:STEP or NAME=V1,V2 (--vary); seeds: "1-10" or
 * "1,5,9" (--seeds; NULL or "" for the base's seed); ablation: --ablation. NULL on bad input (mf_last_error). */
MF_API mf_sweep* mf_sweep_new(const char* base, const char* const* vary, int nvary, const char* seeds, int ablation);
MF_API void mf_sweep_free(mf_sweep* sweep);
MF_API uint64_t mf_sweep_size(const mf_sweep* sweep);
/* The file's first two lines, as `mirofish sweep --steps STEPS` writes them (comment line with its newline; header
 * without). */
MF_API size_t mf_sweep_comment(const mf_sweep* sweep, long long steps, char* buf, size_t size);
MF_API size_t mf_sweep_header(const mf_sweep* sweep, char* buf, size_t size);
/* Run `index`'s hash (what `mirofish run --hash` takes to replay it); (size_t)-1 on a bad index (mf_last_error). */
MF_API size_t mf_sweep_run_hash(const mf_sweep* sweep, uint64_t index, char* buf, size_t size);
/* Runs run `index` for `steps` steps (as `mirofish run --hash` of its hash) and writes its CSV row (with newline).
 * Returns the row's length, or (size_t)-1 on a bad index or steps (mf_last_error). The run is made again by each
 * call, so give the row room at once: a row is under 8 KiB (its hash at most 4 096 characters). */
MF_API size_t mf_sweep_row(const mf_sweep* sweep, uint64_t index, long long steps, char* buf, size_t size);

#ifdef __cplusplus
}
#endif

#endif
