#pragma once
// The app's frames, the same on the desktop and in the web page: ImGui's context and
// backends, the AppFrame, the multisampled target, PNG exports and --screenshot's last
// frame. The platform layer (app/platform/) creates the window and drives it: the desktop
// in a loop that sleeps while idle, the web page from the browser's animation frames.
#include "app/document/png_export.h"
#include "app/shell/app_frame.h"
#include "app/shell/command_line.h"
#include "render/offscreen_target.h"

#include <optional>
#include <string>

struct GLFWwindow;

class FrameLoop {
 public:
  // After the window's GL context is current; `content_scale` is the display's (HiDPI).
  bool start(GLFWwindow* window, const CommandLine& options, float content_scale, std::string& error);
  // How the desktop waits before the next frame: ImGui needs a frame or two after an event
  // to settle its layout, an animation polls, and an idle app sleeps until the user acts.
  enum class Wait { Poll, Briefly, UntilEvent };
  Wait next_wait();
  double brief_wait_seconds() const { return app_.watch_needs_polling() || app_.answering() ? 0.25 : 0.5; }
  // One frame: events must have been read. False when the loop ends (the screenshot is
  // written, the benchmark is done).
  bool frame();
  // Writes --dump-state, saves the settings and shuts ImGui down; the exit code.
  int finish();
  AppFrame& app() { return app_; }

 private:
  GLFWwindow* window_ = nullptr;
  CommandLine options_;
  bool offscreen_ = false;
  int samples_ = 0;
  OffscreenTarget target_;  // a window drawn with multisampling goes through it too
  AppFrame app_;
  int frame_ = 0;
  int settle_frames_ = 2;
  std::optional<PngExport> asked_export_;  // File > Export PNG... in one frame, made in the next
  int exit_code_ = 0;
};
