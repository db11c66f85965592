// A GL context with no window and no display, for the renderer outside a browser: EGL's surfaceless platform (Mesa's
// llvmpipe on the CPU, or a GPU's driver where one is installed), else an EGL device (a GPU server's driver without
// Mesa); an OpenGL ES 3 context, the same API the page's WebGL2 is, so src/render builds from the same sources and
// shaders; and a framebuffer of the asked size whose pixels are read back top row first.
//
// One per thread: the context is current on the thread that opened it (a clip's --jobs each open their own).
#pragma once

#include <cstdint>
#include <string>

namespace mirofish {

class OffscreenGl {
 public:
  OffscreenGl() = default;
  ~OffscreenGl() { close(); }
  OffscreenGl(const OffscreenGl&) = delete;
  OffscreenGl& operator=(const OffscreenGl&) = delete;

  // Makes the context current on this thread with a width x height RGBA8 framebuffer bound; false, with the reason
  // in error(), where EGL or OpenGL ES 3 cannot be had.
  bool open(int width, int height);
  // Deletes the framebuffer and the context (the EGL display stays: other threads' contexts live on it).
  void close();
  // Reads the framebuffer as drawn (RGBA8, premultiplied alpha), top row first, into out (width x height x 4 bytes).
  void read(uint8_t* out) const;
  int width() const { return width_; }
  int height() const { return height_; }
  // What draws: GL_RENDERER, e.g. "llvmpipe (LLVM 15.0.6, 256 bits)".
  std::string renderer() const;
  const std::string& error() const { return error_; }

 private:
  bool fail(const std::string& why);
  void closeLocked();
  void* display_ = nullptr;
  void* context_ = nullptr;
  unsigned framebuffer_ = 0, colour_ = 0;
  int width_ = 0, height_ = 0;
  std::string error_;
};

}  // namespace mirofish
