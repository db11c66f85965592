// The ffmpeg process a clip is encoded by (video_pipe.h).
#include "frames/video_pipe.h"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

extern char** environ;

namespace mirofish {

std::vector<std::string> ffmpegArgs(VideoKind kind, int width, int height, int fps, const std::string& out) {
  std::vector<std::string> a = {"ffmpeg",    "-hide_banner",
                                "-loglevel", "error",
                                "-nostdin",  "-y",
                                "-f",        "rawvideo",
                                "-pix_fmt",  "rgba",
                                "-s",        std::to_string(width) + "x" + std::to_string(height),
                                "-r",        std::to_string(fps),
                                "-i",        "-",
                                "-an",       "-fflags",
                                "+bitexact", "-flags:v",
                                "+bitexact", "-map_metadata",
                                "-1"};
  if (kind == VideoKind::Mp4) {
    a.insert(a.end(),
             {"-c:v", "libx264", "-preset", "medium", "-crf", "18", "-pix_fmt", "yuv420p", "-movflags", "+faststart"});
  } else {
    // VP9 at constant quality; with alpha, its second stream (yuva420p), which Chromium and ffmpeg's libvpx decode.
    a.insert(a.end(), {"-c:v", "libvpx-vp9", "-b:v", "0", "-crf", "31", "-deadline", "good", "-cpu-used", "4",
                       "-row-mt", "1", "-pix_fmt", kind == VideoKind::WebmAlpha ? "yuva420p" : "yuv420p"});
  }
  a.push_back(out);
  return a;
}

VideoPipe::~VideoPipe() {
  if (pid_ > 0) {
    if (fd_ >= 0) close(fd_);
    kill(pid_, SIGTERM);
    waitpid(pid_, nullptr, 0);
  }
  if (errFd_ >= 0) close(errFd_);
}

std::string VideoPipe::open(VideoKind kind, int width, int height, int fps, const std::string& out) {
  std::vector<std::string> args = ffmpegArgs(kind, width, height, fps, out);
  std::vector<char*> argv;
  for (std::string& s : args) argv.push_back(&s[0]);
  argv.push_back(nullptr);
  int in[2], err[2];
  if (pipe(in) != 0) return "no pipe to ffmpeg";
  if (pipe(err) != 0) {
    close(in[0]);
    close(in[1]);
    return "no pipe from ffmpeg";
  }
  fcntl(in[1], F_SETFD, FD_CLOEXEC);  // another job's ffmpeg must not hold this one's pipe open
  fcntl(err[0], F_SETFD, FD_CLOEXEC);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, in[0], 0);
  posix_spawn_file_actions_adddup2(&actions, err[1], 2);
  posix_spawn_file_actions_addclose(&actions, in[0]);
  posix_spawn_file_actions_addclose(&actions, err[1]);
  pid_t pid = -1;
  const int failed = posix_spawnp(&pid, "ffmpeg", &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  close(in[0]);
  close(err[1]);
  if (failed) {
    close(in[1]);
    close(err[0]);
    return failed == ENOENT ? "the ffmpeg program is not installed (Debian: apt install ffmpeg)"
                            : std::string("ffmpeg could not start: ") + std::strerror(failed);
  }
  signal(SIGPIPE, SIG_IGN);  // a write to an ffmpeg that has gone fails instead of ending us
  pid_ = pid;
  fd_ = in[1];
  errFd_ = err[0];
  return "";
}

bool VideoPipe::write(const uint8_t* rgba, size_t bytes) {
  while (bytes > 0) {
    const ssize_t n = ::write(fd_, rgba, bytes);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    rgba += n;
    bytes -= size_t(n);
  }
  return true;
}

std::string VideoPipe::finish() {
  if (fd_ >= 0) close(fd_);
  fd_ = -1;
  std::string said;
  char buffer[512];
  ssize_t n;
  while ((n = read(errFd_, buffer, sizeof buffer)) > 0) said.append(buffer, size_t(n));
  close(errFd_);
  errFd_ = -1;
  int status = 0;
  waitpid(pid_, &status, 0);
  pid_ = -1;
  if (WIFEXITED(status) && WEXITSTATUS(status) == 0) return "";
  while (!said.empty() && (said.back() == '\n' || said.back() == '\r')) said.pop_back();
  const size_t line = said.rfind('\n');
  return "ffmpeg failed (" + std::string(WIFEXITED(status) ? "exit " + std::to_string(WEXITSTATUS(status)) : "killed") +
         ")" + (said.empty() ? "" : ": " + said.substr(line == std::string::npos ? 0 : line + 1));
}

}  // namespace mirofish
