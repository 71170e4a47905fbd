#pragma once
// What the debug draw sends to the GPU per primitive: camera-relative float positions and
// RGBA8 colours. Lines and points become quads (render/gpu_batch.h), spheres instances.
#include <cstdint>

namespace debug_draw_detail {

struct LineQuad {  // 40 bytes
  float a[3], b[3];
  std::uint32_t color_a, color_b;  // RGBA8, red in the lowest byte
  float width_px, dash_px;         // dash_px 0: solid
};

struct PointQuad {  // 20 bytes
  float center[3];
  std::uint32_t color;
  float size_px;
};

struct FillVertex {  // 16 bytes
  float position[3];
  std::uint32_t color;
};

struct SphereInstance {  // 20 bytes
  float center_radius[4];
  std::uint32_t color;
};

}  // namespace debug_draw_detail
