// A library built without the native renderer (MIROFISH_FRAMES off: no EGL, a wheel for every machine): no poster.
#include "capi/last_error.h"
#include "capi/mirofish_c.h"

extern "C" {

int mf_poster_available(void) { return 0; }

int mf_school_poster(const mf_school*, int, int, double, uint8_t*) {
  mirofish::setLastError(
      "poster: this library was built without the native renderer (MIROFISH_FRAMES: EGL and "
      "OpenGL ES)");
  return -1;
}

}  // extern "C"
