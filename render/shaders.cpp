#include "render/shaders.h"

#include <vector>

namespace shaders {

// corner.x: 0 at end a, 1 at end b; corner.y: -1 / +1, the side of the line.
const char* const kLineVertex = R"(
layout(location = 0) in vec2 corner;
layout(location = 1) in vec3 end_a;
layout(location = 2) in vec3 end_b;
layout(location = 3) in vec4 color_a;
layout(location = 4) in vec4 color_b;
layout(location = 5) in vec2 width_and_dash;  // screen pixels, before the pixel scale

uniform mat4 u_view_projection;
uniform vec2 u_viewport_size;
uniform float u_pixel_scale;
uniform float u_depth_bias;

NOPERSPECTIVE out float v_along;   // px from end a (negative in the cap)
NOPERSPECTIVE out float v_across;  // px from the centre line
NOPERSPECTIVE out vec4 v_color;
flat out float v_length;
flat out float v_half_width;
flat out float v_dash;
flat out float v_thin_alpha;

void main() {
  vec4 a = u_view_projection * vec4(end_a, 1.0);
  vec4 b = u_view_projection * vec4(end_b, 1.0);
  // Clip to the near plane (z >= -w) before dividing, so ends behind the eye cannot flip.
  float da = a.z + a.w, db = b.z + b.w;
  if (da < 0.0 && db < 0.0) { gl_Position = vec4(2.0, 2.0, 2.0, 1.0); return; }
  if (da < 0.0) a = mix(a, b, da / (da - db));
  else if (db < 0.0) b = mix(b, a, db / (db - da));
  vec2 sa = (a.xy / a.w * 0.5 + 0.5) * u_viewport_size;
  vec2 sb = (b.xy / b.w * 0.5 + 0.5) * u_viewport_size;
  vec2 delta = sb - sa;
  float len = length(delta);
  vec2 dir = len > 1e-4 ? delta / len : vec2(1.0, 0.0);
  vec2 normal = vec2(-dir.y, dir.x);

  float width = width_and_dash.x * u_pixel_scale;
  v_thin_alpha = clamp(width, 0.0, 1.0);  // hairlines fade instead of breaking up
  float half_width = max(width, 1.0) * 0.5;
  float extent = half_width + 1.0;        // one more pixel for the anti-aliased edge
  bool at_b = corner.x > 0.5;
  vec2 screen = (at_b ? sb + dir * extent : sa - dir * extent) + normal * (corner.y * extent);
  float depth = at_b ? b.z / b.w : a.z / a.w;
  gl_Position = vec4(screen / u_viewport_size * 2.0 - 1.0, depth - u_depth_bias, 1.0);

  v_along = at_b ? len + extent : -extent;
  v_across = corner.y * extent;
  v_color = at_b ? color_b : color_a;
  v_length = len;
  v_half_width = half_width;
  v_dash = width_and_dash.y * u_pixel_scale;
}
)";

const char* const kLineFragment = R"(
NOPERSPECTIVE in float v_along;
NOPERSPECTIVE in float v_across;
NOPERSPECTIVE in vec4 v_color;
flat in float v_length;
flat in float v_half_width;
flat in float v_dash;
flat in float v_thin_alpha;
uniform float u_min_coverage;  // 0.5 in the depth-only pass: only the core occludes
out vec4 frag_color;

void main() {
  // Distance to the segment: round caps come for free.
  float beyond = max(max(-v_along, v_along - v_length), 0.0);
  float distance = length(vec2(beyond, v_across));
  float coverage = clamp(v_half_width + 0.5 - distance, 0.0, 1.0);
  if (v_dash > 0.0) {
    float phase = mod(v_along, 2.0 * v_dash);
    coverage *= clamp(min(phase, v_dash - phase) + 0.5, 0.0, 1.0);
  }
  float alpha = v_color.a * coverage * v_thin_alpha;
  if (alpha < 0.004 || coverage < u_min_coverage) discard;  // the faint fringe never occludes
  frag_color = vec4(v_color.rgb, alpha);
}
)";

const char* const kPointVertex = R"(
layout(location = 0) in vec2 corner;  // (-1, -1) .. (1, 1)
layout(location = 1) in vec3 center;
layout(location = 2) in vec4 color;
layout(location = 3) in float size_px;

uniform mat4 u_view_projection;
uniform vec2 u_viewport_size;
uniform float u_pixel_scale;
uniform float u_depth_bias;

NOPERSPECTIVE out vec2 v_local;  // px from the centre
flat out float v_radius;
flat out vec4 v_color;

void main() {
  vec4 clip = u_view_projection * vec4(center, 1.0);
  if (clip.z < -clip.w) { gl_Position = vec4(2.0, 2.0, 2.0, 1.0); return; }  // behind the eye
  float radius = max(size_px * u_pixel_scale * 0.5, 0.5);
  vec2 offset = corner * (radius + 1.0);
  gl_Position = vec4(clip.xy / clip.w + offset / u_viewport_size * 2.0, clip.z / clip.w - u_depth_bias, 1.0);
  v_local = offset;
  v_radius = radius;
  v_color = color;
}
)";

const char* const kPointFragment = R"(
NOPERSPECTIVE in vec2 v_local;
flat in float v_radius;
flat in vec4 v_color;
uniform float u_pixel_scale;
out vec4 frag_color;

void main() {
  float distance = length(v_local);
  float coverage = clamp(v_radius + 0.5 - distance, 0.0, 1.0);
  if (coverage <= 0.0) discard;
  // A thin dark rim so a handle reads on light and dark backgrounds; tiny points skip it.
  float rim = v_radius >= 3.0 ? clamp(v_radius * 0.22, 1.0, 1.5 * u_pixel_scale) : 0.0;
  float inside = clamp(v_radius - rim + 0.5 - distance, 0.0, 1.0);
  vec3 rgb = mix(vec3(0.04, 0.05, 0.07), v_color.rgb, inside);
  float alpha = v_color.a * mix(0.85, 1.0, inside) * coverage;
  frag_color = vec4(rgb, alpha);
}
)";

const char* const kSurfaceVertex = R"(
uniform mat4 u_view_projection;
out vec3 v_position;

void place(vec3 position) {
  gl_Position = u_view_projection * vec4(position, 1.0);
  v_position = position;
}
)";

const char* const kSurfaceFragment = R"(
in vec3 v_position;
uniform bool u_orthographic;
uniform vec3 u_eye;  // camera-relative
uniform vec3 u_forward;

vec3 eye_direction() { return u_orthographic ? -u_forward : normalize(u_eye - v_position); }
)";

const char* const kFillVertex = R"(
layout(location = 0) in vec3 position;
layout(location = 1) in vec4 color;
out vec4 v_color;

void main() {
  place(position);
  v_color = color;
}
)";

const char* const kFillFragment = R"(
in vec4 v_color;
uniform bool u_shade;  // 3D views: faces turned away from the eye are darker
out vec4 frag_color;

void main() {
  float shade = 1.0;
  vec3 across = cross(dFdx(v_position), dFdy(v_position));
  if (u_shade && dot(across, across) > 1e-30) shade = 0.6 + 0.4 * abs(dot(normalize(across), eye_direction()));
  frag_color = vec4(v_color.rgb * shade, v_color.a);
}
)";

const char* const kImageVertex = R"(
layout(location = 0) in vec3 position;
layout(location = 1) in vec2 texture_coordinate;
uniform mat4 u_view_projection;
out vec2 v_texture_coordinate;

void main() {
  gl_Position = u_view_projection * vec4(position, 1.0);
  v_texture_coordinate = texture_coordinate;
}
)";

const char* const kImageFragment = R"(
in vec2 v_texture_coordinate;
uniform sampler2D u_image;  // texture unit 0
out vec4 frag_color;

void main() { frag_color = texture(u_image, v_texture_coordinate); }
)";

const char* const kSphereVertex = R"(
layout(location = 0) in vec3 unit_position;  // also the normal
layout(location = 1) in vec4 center_radius;
layout(location = 2) in vec4 color;
out vec3 v_normal;
flat out vec4 v_color;

void main() {
  place(center_radius.xyz + unit_position * center_radius.w);
  v_normal = unit_position;
  v_color = color;
}
)";

const char* const kSphereFragment = R"(
in vec3 v_normal;
flat in vec4 v_color;
out vec4 frag_color;

void main() {
  vec3 normal = normalize(v_normal);
  vec3 to_eye = eye_direction();
  vec3 key = normalize(vec3(-0.45, 0.8, 0.4));  // from the upper left
  float light = 0.25 + 0.5 * max(dot(normal, to_eye), 0.0) + 0.35 * max(dot(normal, key), 0.0);
  float specular = pow(max(dot(normal, normalize(key + to_eye)), 0.0), 40.0) * 0.3;
  frag_color = vec4(v_color.rgb * light + vec3(specular), v_color.a);
}
)";

namespace {
GLuint compile_shader(GLenum type, Source source, std::string& error) {
  // GLSL ES 3.00 (WebGL2) has no noperspective; every vertex that uses it has w = 1, where
  // perspective-correct interpolation is the same.
#ifdef __EMSCRIPTEN__
  std::vector<const char*> chunks = {"#version 300 es\nprecision highp float;\n#define NOPERSPECTIVE\n"};
#else
  std::vector<const char*> chunks = {"#version 330 core\n#define NOPERSPECTIVE noperspective\n"};
#endif
  chunks.insert(chunks.end(), source.begin(), source.end());
  const GLuint shader = glCreateShader(type);
  glShaderSource(shader, static_cast<GLsizei>(chunks.size()), chunks.data(), nullptr);
  glCompileShader(shader);
  GLint ok = 0;
  glGetShaderiv(shader, GL_COMPILE_STATUS, &ok);
  if (!ok) {
    char log[2048] = {};
    glGetShaderInfoLog(shader, sizeof log, nullptr, log);
    error = std::string("debug-draw shader: ") + log;
    glDeleteShader(shader);
    return 0;
  }
  return shader;
}
}  // namespace

bool build_program(Program& program, Source vertex_source, Source fragment_source, std::string& error) {
  const GLuint vertex = compile_shader(GL_VERTEX_SHADER, vertex_source, error);
  const GLuint fragment = vertex ? compile_shader(GL_FRAGMENT_SHADER, fragment_source, error) : 0;
  if (!fragment) {
    if (vertex) glDeleteShader(vertex);
    return false;
  }
  program.id = glCreateProgram();
  glAttachShader(program.id, vertex);
  glAttachShader(program.id, fragment);
  glLinkProgram(program.id);
  glDeleteShader(vertex);  // flagged; freed with the program
  glDeleteShader(fragment);
  GLint ok = 0;
  glGetProgramiv(program.id, GL_LINK_STATUS, &ok);
  if (!ok) {
    char log[2048] = {};
    glGetProgramInfoLog(program.id, sizeof log, nullptr, log);
    error = std::string("debug-draw program: ") + log;
    return false;
  }
  program.view_projection = glGetUniformLocation(program.id, "u_view_projection");
  program.viewport_size = glGetUniformLocation(program.id, "u_viewport_size");
  program.pixel_scale = glGetUniformLocation(program.id, "u_pixel_scale");
  program.depth_bias = glGetUniformLocation(program.id, "u_depth_bias");
  program.min_coverage = glGetUniformLocation(program.id, "u_min_coverage");
  program.shade = glGetUniformLocation(program.id, "u_shade");
  program.orthographic = glGetUniformLocation(program.id, "u_orthographic");
  program.eye = glGetUniformLocation(program.id, "u_eye");
  program.forward = glGetUniformLocation(program.id, "u_forward");
  return true;
}

}  // namespace shaders
