// EGL with no surface and an OpenGL ES 3 framebuffer (offscreen_gl.h).
#include "headless/offscreen_gl.h"

#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GLES3/gl3.h>

#include <cstring>
#include <mutex>
#include <vector>

namespace mirofish {

namespace {

// EGL's display is the process's, shared by every thread's context: its set-up and tear-down take turns.
std::mutex eglTurn;

template <class F>
F eglProc(const char* name) {
  return reinterpret_cast<F>(eglGetProcAddress(name));
}

// Mesa's surfaceless platform first (no display server, no device node needed), then the first EGL device.
EGLDisplay findDisplay() {
  const char* client = eglQueryString(EGL_NO_DISPLAY, EGL_EXTENSIONS);
  auto getDisplay = eglProc<PFNEGLGETPLATFORMDISPLAYEXTPROC>("eglGetPlatformDisplayEXT");
  if (!client || !getDisplay) return EGL_NO_DISPLAY;
  if (std::strstr(client, "EGL_MESA_platform_surfaceless")) {
    EGLDisplay d = getDisplay(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, nullptr);
    if (d != EGL_NO_DISPLAY && eglInitialize(d, nullptr, nullptr)) return d;
  }
  auto queryDevices = eglProc<PFNEGLQUERYDEVICESEXTPROC>("eglQueryDevicesEXT");
  if (std::strstr(client, "EGL_EXT_platform_device") && queryDevices) {
    EGLDeviceEXT devices[8];
    EGLint n = 0;
    if (queryDevices(8, devices, &n)) {
      for (EGLint k = 0; k < n; ++k) {
        EGLDisplay d = getDisplay(EGL_PLATFORM_DEVICE_EXT, devices[k], nullptr);
        if (d != EGL_NO_DISPLAY && eglInitialize(d, nullptr, nullptr)) return d;
      }
    }
  }
  return EGL_NO_DISPLAY;
}

}  // namespace

bool OffscreenGl::fail(const std::string& why) {
  error_ = why;
  closeLocked();
  return false;
}

bool OffscreenGl::open(int width, int height) {
  close();
  std::lock_guard<std::mutex> turn(eglTurn);
  error_.clear();
  EGLDisplay display = findDisplay();
  if (display == EGL_NO_DISPLAY)
    return fail("no EGL display without a window (Mesa's libegl-mesa0, or a GPU driver's EGL, is needed)");
  display_ = display;
  if (!eglBindAPI(EGL_OPENGL_ES_API)) return fail("EGL has no OpenGL ES");
  // No surface type: the frame is drawn into a framebuffer object, never into an EGL surface.
  const EGLint want[] = {EGL_SURFACE_TYPE, 0, EGL_RENDERABLE_TYPE, EGL_OPENGL_ES3_BIT,
                         EGL_RED_SIZE,     8, EGL_GREEN_SIZE,      8,
                         EGL_BLUE_SIZE,    8, EGL_ALPHA_SIZE,      8,
                         EGL_NONE};
  EGLConfig config = nullptr;
  EGLint configs = 0;
  if (!eglChooseConfig(display, want, &config, 1, &configs) || configs < 1)
    return fail("EGL offers no OpenGL ES 3 configuration");
  const EGLint attributes[] = {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 0, EGL_NONE};
  EGLContext context = eglCreateContext(display, config, EGL_NO_CONTEXT, attributes);
  if (context == EGL_NO_CONTEXT) return fail("EGL could not create an OpenGL ES 3 context");
  context_ = context;
  if (!eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, context))
    return fail("EGL could not make a context current without a surface (EGL_KHR_surfaceless_context)");
  GLint largest = 0;
  glGetIntegerv(GL_MAX_RENDERBUFFER_SIZE, &largest);
  if (width < 1 || height < 1 || width > largest || height > largest)
    return fail("a " + std::to_string(width) + "x" + std::to_string(height) + " framebuffer is beyond this GL's " +
                std::to_string(largest) + " px");
  glGenRenderbuffers(1, &colour_);
  glBindRenderbuffer(GL_RENDERBUFFER, colour_);
  glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, width, height);
  glGenFramebuffers(1, &framebuffer_);
  glBindFramebuffer(GL_FRAMEBUFFER, framebuffer_);
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, colour_);
  if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
    return fail("the " + std::to_string(width) + "x" + std::to_string(height) + " framebuffer is incomplete");
  width_ = width;
  height_ = height;
  return true;
}

void OffscreenGl::close() {
  if (!context_) return;
  std::lock_guard<std::mutex> turn(eglTurn);
  closeLocked();
}

void OffscreenGl::closeLocked() {
  if (context_) {
    EGLDisplay display = EGLDisplay(display_);
    if (eglGetCurrentContext() == EGLContext(context_)) {
      if (framebuffer_) glDeleteFramebuffers(1, &framebuffer_);
      if (colour_) glDeleteRenderbuffers(1, &colour_);
      eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
    }
    eglDestroyContext(display, EGLContext(context_));
    eglReleaseThread();
  }
  context_ = display_ = nullptr;
  framebuffer_ = colour_ = 0;
  width_ = height_ = 0;
}

void OffscreenGl::read(uint8_t* out) const {
  const size_t row = size_t(width_) * 4;
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadPixels(0, 0, width_, height_, GL_RGBA, GL_UNSIGNED_BYTE, out);
  // GL's rows run bottom up; an image's top down.
  std::vector<uint8_t> swap(row);
  for (int y = 0; y < height_ / 2; ++y) {
    uint8_t* a = out + size_t(y) * row;
    uint8_t* b = out + size_t(height_ - 1 - y) * row;
    std::memcpy(swap.data(), a, row);
    std::memcpy(a, b, row);
    std::memcpy(b, swap.data(), row);
  }
}

std::string OffscreenGl::renderer() const {
  const GLubyte* name = context_ ? glGetString(GL_RENDERER) : nullptr;
  return name ? reinterpret_cast<const char*>(name) : "";
}

}  // namespace mirofish
