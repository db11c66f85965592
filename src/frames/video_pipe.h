// A clip's encoder: the `ffmpeg` program, fed raw RGBA frames through a pipe. Chosen over linking FFmpeg's libraries
// (libavcodec, libavformat): the program's flags are stable across FFmpeg's releases where the libraries' API is not,
// the encoder runs in a process of its own (its threads beside the drawing's, its crash never ours), the build needs
// no -dev packages, and the frames are handed over as they are drawn (no file per frame on disk).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace mirofish {

enum class VideoKind { Webm, WebmAlpha, Mp4 };

// The ffmpeg arguments for a clip: VP9 (WebM; with alpha: yuva420p, alpha_mode) or H.264 (MP4), bit-exact container
// headers, so the same frames give the same file.
std::vector<std::string> ffmpegArgs(VideoKind kind, int width, int height, int fps, const std::string& out);

class VideoPipe {
 public:
  ~VideoPipe();
  // Starts ffmpeg; "" or why not (ffmpeg not installed, no pipe).
  std::string open(VideoKind kind, int width, int height, int fps, const std::string& out);
  // One frame, width x height RGBA (straight alpha), top row first; false once ffmpeg has gone.
  bool write(const uint8_t* rgba, size_t bytes);
  // Closes the pipe and waits; "" or ffmpeg's exit status and the last of what it said.
  std::string finish();

 private:
  int pid_ = -1, fd_ = -1, errFd_ = -1;
};

}  // namespace mirofish
