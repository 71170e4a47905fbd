#include "render/image_quad.h"

#include <glm/gtc/type_ptr.hpp>

#include <cstddef>

namespace {
// A corner of the quad: where it is and where it reads the image.
struct ImageVertex {
  float position[3], texture_coordinate[2];
};
}  // namespace

ImageQuadGpu::~ImageQuadGpu() {
  if (program_.id) glDeleteProgram(program_.id);
  if (vertex_array_) glDeleteVertexArrays(1, &vertex_array_);
  if (buffer_) glDeleteBuffers(1, &buffer_);
  if (texture_) glDeleteTextures(1, &texture_);
}

bool ImageQuadGpu::init(std::string& error) {
  if (!shaders::build_program(program_, {shaders::kImageVertex}, {shaders::kImageFragment}, error)) return false;
  glGenVertexArrays(1, &vertex_array_);
  glGenBuffers(1, &buffer_);
  glBindVertexArray(vertex_array_);
  glBindBuffer(GL_ARRAY_BUFFER, buffer_);
  glBufferData(GL_ARRAY_BUFFER, 4 * sizeof(ImageVertex), nullptr, GL_STREAM_DRAW);
  glEnableVertexAttribArray(0);
  glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, sizeof(ImageVertex),
                        reinterpret_cast<const void*>(offsetof(ImageVertex, position)));
  glEnableVertexAttribArray(1);
  glVertexAttribPointer(1, 2, GL_FLOAT, GL_FALSE, sizeof(ImageVertex),
                        reinterpret_cast<const void*>(offsetof(ImageVertex, texture_coordinate)));
  glBindVertexArray(0);
  glBindBuffer(GL_ARRAY_BUFFER, 0);
  glGenTextures(1, &texture_);
  glBindTexture(GL_TEXTURE_2D, texture_);
  // Linear: the colours' borders and the distance lines are smoothed when the image is
  // stretched over more pixels than it has.
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
  glBindTexture(GL_TEXTURE_2D, 0);
  return true;
}

void ImageQuadGpu::draw(const ImageQuad& quad, const glm::mat4& view_projection) {
  const RgbaImage& image = *quad.image;
  if (image.width <= 0 || image.height <= 0 || image.pixels.size() != std::size_t(image.width) * image.height) return;
  glActiveTexture(GL_TEXTURE0);
  glBindTexture(GL_TEXTURE_2D, texture_);
  if (uploaded_ != &image || uploaded_generation_ != image.generation) {
    glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
    if (image.width != texture_width_ || image.height != texture_height_) {
      glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, image.width, image.height, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                   image.pixels.data());
      texture_width_ = image.width;
      texture_height_ = image.height;
    } else {
      glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, image.width, image.height, GL_RGBA, GL_UNSIGNED_BYTE,
                      image.pixels.data());
    }
    uploaded_ = &image;
    uploaded_generation_ = image.generation;
  }
  ImageVertex corners[4];  // a triangle strip: (0, 0), (1, 0), (0, 1), (1, 1)
  for (int i = 0; i < 4; ++i) {
    const float along_u = float(i & 1), along_v = float(i >> 1);
    const glm::vec3 position = quad.corner + quad.u * along_u + quad.v * along_v;
    for (int k = 0; k < 3; ++k) corners[i].position[k] = position[k];
    corners[i].texture_coordinate[0] = along_u;
    corners[i].texture_coordinate[1] = along_v;
  }
  glBindBuffer(GL_ARRAY_BUFFER, buffer_);
  glBufferSubData(GL_ARRAY_BUFFER, 0, sizeof corners, corners);
  glUseProgram(program_.id);
  glUniformMatrix4fv(program_.view_projection, 1, GL_FALSE, glm::value_ptr(view_projection));
  glBindVertexArray(vertex_array_);
  glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
  glBindVertexArray(0);
  glBindTexture(GL_TEXTURE_2D, 0);
}
