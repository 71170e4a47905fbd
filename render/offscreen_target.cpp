#include "render/offscreen_target.h"

#include <algorithm>
#include <cerrno>
#include <cstring>

OffscreenTarget::~OffscreenTarget() { destroy(); }

void OffscreenTarget::destroy() {
  if (draw_fbo_) glDeleteFramebuffers(1, &draw_fbo_);
  if (resolve_fbo_) glDeleteFramebuffers(1, &resolve_fbo_);
  if (draw_color_) glDeleteRenderbuffers(1, &draw_color_);
  if (draw_depth_) glDeleteRenderbuffers(1, &draw_depth_);
  if (resolve_color_) glDeleteRenderbuffers(1, &resolve_color_);
  draw_fbo_ = resolve_fbo_ = draw_color_ = draw_depth_ = resolve_color_ = 0;
}

bool OffscreenTarget::create(int width, int height, int samples, std::string& error) {
  destroy();
  width_ = width;
  height_ = height;
  GLint max_side = 0;
  glGetIntegerv(GL_MAX_RENDERBUFFER_SIZE, &max_side);
  if (width > max_side || height > max_side) {
    error = "offscreen framebuffer " + std::to_string(width) + "x" + std::to_string(height) +
            " is larger than the GL allows (" + std::to_string(max_side) + " pixels a side)";
    return false;
  }
  GLint max_samples = 1;
  glGetIntegerv(GL_MAX_SAMPLES, &max_samples);
  samples = samples > max_samples ? max_samples : samples;

  // One sample is plain storage: a multisampled buffer of one sample still takes the
  // multisampled paths, which under llvmpipe cost as much as four.
  auto storage = [&](GLenum format) {
    if (samples > 1) {
      glRenderbufferStorageMultisample(GL_RENDERBUFFER, samples, format, width, height);
    } else {
      glRenderbufferStorage(GL_RENDERBUFFER, format, width, height);
    }
  };
  glGenRenderbuffers(1, &draw_color_);
  glBindRenderbuffer(GL_RENDERBUFFER, draw_color_);
  storage(GL_RGBA8);
  glGenRenderbuffers(1, &draw_depth_);
  glBindRenderbuffer(GL_RENDERBUFFER, draw_depth_);
  storage(GL_DEPTH24_STENCIL8);
  glGenFramebuffers(1, &draw_fbo_);
  glBindFramebuffer(GL_FRAMEBUFFER, draw_fbo_);
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, draw_color_);
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT, GL_RENDERBUFFER, draw_depth_);
  const bool draw_ok = glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE;

  // A single-sample twin that the multisampled image is resolved into before reading.
  glGenRenderbuffers(1, &resolve_color_);
  glBindRenderbuffer(GL_RENDERBUFFER, resolve_color_);
  glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, width, height);
  glGenFramebuffers(1, &resolve_fbo_);
  glBindFramebuffer(GL_FRAMEBUFFER, resolve_fbo_);
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, resolve_color_);
  const bool resolve_ok = glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE;
  glBindFramebuffer(GL_FRAMEBUFFER, 0);

  if (!draw_ok || !resolve_ok) {
    error = "offscreen framebuffer " + std::to_string(width) + "x" + std::to_string(height) +
            " is incomplete";
    destroy();
    return false;
  }
  return true;
}

void OffscreenTarget::bind() const {
  glBindFramebuffer(GL_FRAMEBUFFER, draw_fbo_);
  glViewport(0, 0, width_, height_);
}

void OffscreenTarget::unbind() { glBindFramebuffer(GL_FRAMEBUFFER, 0); }

void OffscreenTarget::resolve() {
  glBindFramebuffer(GL_READ_FRAMEBUFFER, draw_fbo_);
  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, resolve_fbo_);
  glBlitFramebuffer(0, 0, width_, height_, 0, 0, width_, height_, GL_COLOR_BUFFER_BIT, GL_NEAREST);
}

void OffscreenTarget::present() {
  resolve();
  // Through the single-sample twin: a multisampled image may be blitted only into a
  // framebuffer of its own format, which the window's need not be.
  glBindFramebuffer(GL_READ_FRAMEBUFFER, resolve_fbo_);
  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, 0);
  glBlitFramebuffer(0, 0, width_, height_, 0, 0, width_, height_, GL_COLOR_BUFFER_BIT, GL_NEAREST);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
}

std::vector<std::uint8_t> OffscreenTarget::read_rgba(bool keep_alpha) {
  resolve();
  glBindFramebuffer(GL_READ_FRAMEBUFFER, resolve_fbo_);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  const std::size_t row = static_cast<std::size_t>(width_) * 4;
  std::vector<std::uint8_t> pixels(row * static_cast<std::size_t>(height_));
  glReadPixels(0, 0, width_, height_, GL_RGBA, GL_UNSIGNED_BYTE, pixels.data());
  glBindFramebuffer(GL_FRAMEBUFFER, 0);

  // GL's first row is the bottom one; PNG's is the top.
  std::vector<std::uint8_t> flipped(pixels.size());
  for (int y = 0; y < height_; ++y) {
    std::memcpy(&flipped[static_cast<std::size_t>(y) * row],
                &pixels[static_cast<std::size_t>(height_ - 1 - y) * row], row);
  }
  for (std::size_t i = 0; i < flipped.size(); i += 4) {
    std::uint8_t& alpha = flipped[i + 3];
    if (!keep_alpha) alpha = 255;
    if (alpha == 0 || alpha == 255) continue;
    for (std::size_t c = i; c < i + 3; ++c) {
      flipped[c] = static_cast<std::uint8_t>(std::min(255, (flipped[c] * 255 + alpha / 2) / alpha));
    }
  }
  return flipped;
}
