#pragma once
// A framebuffer of an exact pixel size, independent of the window: screenshots and
// benchmarks render here so the result never depends on the window manager or DPI.
#include "render/gl_api.h"

#include <cstdint>
#include <string>
#include <vector>

class OffscreenTarget {
 public:
  OffscreenTarget() = default;
  OffscreenTarget(const OffscreenTarget&) = delete;
  OffscreenTarget& operator=(const OffscreenTarget&) = delete;
  ~OffscreenTarget();

  // Creates (or re-creates) the target; samples > 1 renders with MSAA and resolves on read.
  bool create(int width, int height, int samples, std::string& error);
  void bind() const;  // all drawing goes here until unbind()
  static void unbind();
  // Copies the image (resolved) into the window's framebuffer, which stays bound.
  void present();

  // Reads the image top row first, RGBA8, opaque. With `keep_alpha`, the image is taken as
  // drawn over transparent black, where blending leaves the colours multiplied by their
  // alpha, and is returned with straight alpha, as PNG files hold it.
  std::vector<std::uint8_t> read_rgba(bool keep_alpha = false);
  int width() const { return width_; }
  int height() const { return height_; }

 private:
  void destroy();
  void resolve();  // the multisampled image into its single-sample twin
  int width_ = 0, height_ = 0;
  GLuint draw_fbo_ = 0, draw_color_ = 0, draw_depth_ = 0;
  GLuint resolve_fbo_ = 0, resolve_color_ = 0;
};
