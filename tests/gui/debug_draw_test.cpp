// DebugDraw under a real GL 3.3 core context (hidden GLFW window, Xvfb in CI): every
// primitive in a 2D and a 3D scene, rendered offscreen and written as PNG for a look.
#include "app/document/file_save.h"
#include "render/camera.h"
#include "render/debug_draw.h"
#include "render/gl_context.h"
#include "render/offscreen_target.h"

#include <GLFW/glfw3.h>
#include <backends/imgui_impl_opengl3.h>
#include <gtest/gtest.h>
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <set>

namespace {
constexpr int kWidth = 800, kHeight = 600;

// One hidden window and context for the whole suite.
class DebugDrawTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    ASSERT_EQ(glfwInit(), GLFW_TRUE) << "no display: run under xvfb-run";
    glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
    glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
    glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
    glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
    glfwWindowHint(GLFW_VISIBLE, GLFW_FALSE);
    window_ = glfwCreateWindow(64, 64, "debug-draw test", nullptr, nullptr);
    ASSERT_NE(window_, nullptr);
    glfwMakeContextCurrent(window_);
    std::string error;
    ASSERT_TRUE(load_opengl(glfwGetProcAddress, error)) << error;
  }
  static void TearDownTestSuite() {
    if (window_) glfwDestroyWindow(window_);
    window_ = nullptr;
    glfwTerminate();
  }
  void SetUp() override {
    ASSERT_NE(window_, nullptr);
    std::string error;
    ASSERT_TRUE(target_.create(kWidth, kHeight, 4, error)) << error;
    ASSERT_TRUE(draw_.init(error)) << error;
    errors_before_ = gl_error_count();
  }

  void clear() {
    target_.bind();
    glClearColor(0.11f, 0.12f, 0.14f, 1);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
  }

  // Draws the labels with ImGui as the app does, so their positions can be judged.
  void draw_labels() {
    ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr;
    io.DisplaySize = ImVec2(kWidth, kHeight);
    ImGui_ImplOpenGL3_Init("#version 330 core");
    ImGui_ImplOpenGL3_NewFrame();
    ImGui::NewFrame();
    ImDrawList* list = ImGui::GetForegroundDrawList();
    for (const Label& label : draw_.labels()) {
      if (!label.visible) continue;
      // Centred on the label's anchor.
      const ImVec2 size = ImGui::CalcTextSize(label.text.c_str());
      const ImVec2 at(static_cast<float>(label.screen.x) - size.x * 0.5f, static_cast<float>(label.screen.y) - size.y * 0.5f);
      list->AddText(at, ImGui::ColorConvertFloat4ToU32(
                                                     ImVec4(label.color.r, label.color.g, label.color.b, label.color.a)),
                    label.text.c_str());
    }
    ImGui::Render();
    ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
    ImGui_ImplOpenGL3_Shutdown();
    ImGui::DestroyContext();
  }

  std::vector<std::uint8_t> finish(const std::string& png_path) {
    poll_gl_errors("debug-draw test");
    std::vector<std::uint8_t> rgba = target_.read_rgba();
    std::string error;
    EXPECT_TRUE(save_png(png_path, kWidth, kHeight, rgba, error)) << error;
    EXPECT_EQ(gl_error_count(), errors_before_) << "GL errors while drawing";
    return rgba;
  }

  static GLFWwindow* window_;
  OffscreenTarget target_;
  DebugDraw draw_;
  int errors_before_ = 0;
};
GLFWwindow* DebugDrawTest::window_ = nullptr;

const Viewport kViewport{0, 0, kWidth, kHeight};
const glm::dmat3 kIdentity(1.0);

int distinct_colors(const std::vector<std::uint8_t>& rgba) {
  std::set<std::uint32_t> colors;
  for (std::size_t i = 0; i + 3 < rgba.size() && colors.size() < 1000; i += 4 * 7) {
    colors.insert(rgba[i] | rgba[i + 1] << 8 | rgba[i + 2] << 16);
  }
  return static_cast<int>(colors.size());
}

glm::ivec3 pixel(const std::vector<std::uint8_t>& rgba, glm::dvec2 screen) {
  const std::size_t at = (static_cast<std::size_t>(std::lround(screen.y)) * kWidth +
                          static_cast<std::size_t>(std::lround(screen.x))) * 4;
  return {rgba[at], rgba[at + 1], rgba[at + 2]};
}

// The 2D lesson: a polygon, a circle, a box, a segment and queries with their answers.
// `extra` more query points with their joining lines stress the batching.
void draw_2d_scene(DebugDraw& draw, int extra) {
  using namespace palette;
  draw.grid(kMuted.with_alpha(0.22f));
  draw.axis_gizmo({-5.5, -3.5, 0}, 1.0);
  const std::vector<glm::dvec3> pentagon = {{-4, 0, 0}, {-2, -0.5, 0}, {-1.5, 1.5, 0}, {-3, 2.5, 0}, {-4.5, 1.5, 0}};
  draw.polygon(pentagon, kShape.with_alpha(0.25f));
  draw.polygon_outline(pentagon, kShape, 2.5f);
  draw.solid_circle({2.5, 1.5, 0}, {0, 0, 1}, 1.3, kShapeB.with_alpha(0.25f));
  draw.circle({2.5, 1.5, 0}, {0, 0, 1}, 1.3, kShapeB, 2.5f);
  draw.wire_box({2.5, -2.2, 0}, kIdentity, {1.2, 0.6, 0}, kSeparated, 2);
  draw.solid_box({2.5, -2.2, 0}, kIdentity, {1.2, 0.6, 0.1}, kSeparated.with_alpha(0.15f));
  draw.triangle({-1, -3, 0}, {0.5, -3.2, 0}, {-0.3, -1.8, 0}, kOverlap.with_alpha(0.35f));
  draw.line({-5, -1.5, 0}, {0, -2.5, 0}, kShape, 3);
  draw.sphere({0.2, 2.8, 0}, 0.5, kShapeB);
  draw.infinite_line({0, 0, 0}, {1, 0.35, 0}, kMuted.with_alpha(0.7f), 1.5f);
  draw.ray({-1, 0.5, 0}, {0.3, 1, 0}, kMagenta, 2);
  draw.plane({1, -1, 0}, 4.5, {5, 1, 0}, 0.6, kSeparated);
  // Queries: the answer on the circle and on the pentagon.
  const glm::dvec3 query{0.3, 0.6, 0};
  const glm::dvec3 on_circle = glm::dvec3(2.5, 1.5, 0) + glm::normalize(query - glm::dvec3(2.5, 1.5, 0)) * 1.3;
  draw.dashed_line(query, on_circle, kJoin, 1.5f);
  draw.arrow(query, {-1.72, 0.62, 0}, kAnswer, 2, Layer::Overlay);
  draw.point(query, 14, kQuery, Layer::Overlay);
  draw.point(on_circle, 12, kAnswer, Layer::Overlay);
  draw.label(query + glm::dvec3(0.45, 0.25, 0), "query", kQuery);
  draw.label(on_circle + glm::dvec3(0.55, 0.25, 0), "closest", kAnswer);
  for (int i = 0; i < extra; ++i) {
    const double angle = 0.001 * i;
    const glm::dvec3 p{-5.5 + 0.5 * std::cos(angle), 3.5 + 0.5 * std::sin(angle * 3.1), 0};
    draw.line(p, {-5.5, 3.5, 0}, kJoin.with_alpha(0.05f), 1);
    draw.point(p, 2, kQuery);
  }
}

// The 3D lesson: every primitive in perspective.
void draw_3d_scene(DebugDraw& draw) {
  using namespace palette;
  draw.grid(kMuted.with_alpha(0.3f));
  draw.axis_gizmo({0, 0, 0}, 1.2);
  draw.solid_box({-2, 1, 0}, kIdentity, {0.8, 1, 0.8}, kShape.with_alpha(0.35f));
  draw.wire_box({-2, 1, 0}, kIdentity, {0.8, 1, 0.8}, kShape, 2);
  draw.sphere({2, 1, -1}, 1, kShapeB);
  draw.circle({2, 1, -1}, {0, 1, 0}, 1.25, kShapeB, 2);
  draw.solid_circle({0, 0.01, 3}, {0, 1, 0}, 1, kSeparated.with_alpha(0.3f));
  draw.plane({0, 0, 1}, -4, {1, 1.5, 0}, 1.6, kSeparated);
  const std::vector<glm::dvec3> quad = {{-1, 2.5, 2}, {1, 2.5, 2}, {1, 3.5, 1}, {-1, 3.5, 1}};
  draw.polygon(quad, kOverlap.with_alpha(0.3f));
  draw.polygon_outline(quad, kOverlap, 2);
  draw.triangle({3, 0, 2}, {4, 0, 1}, {3.5, 1.5, 1.5}, kShape.with_alpha(0.6f));
  draw.infinite_line({0, 3, -2}, {1, 0.1, 0.2}, kMuted, 1.5f);
  draw.ray({-1, 0.2, 2}, {-1, 0.05, 1}, kMagenta, 2);
  draw.line({-3, 0, 2}, {0, 0, 4}, kShape, 3);
  const glm::dvec3 query{0.9, 2.6, 1.5}, answer{1.4, 1.6, -0.4};
  draw.dashed_line(query, answer, kJoin, 1.5f);
  draw.arrow(query, {-1.15, 2.2, 0.9}, kAnswer, 2);
  draw.point(query, 14, kQuery, Layer::Overlay);
  draw.point(answer, 12, kAnswer, Layer::Overlay);
  draw.label(query + glm::dvec3(0, 0.35, 0), "query", kQuery);
  draw.label(answer + glm::dvec3(0, 0.35, 0), "closest", kAnswer);
}

TEST_F(DebugDrawTest, TwoDSceneWithEveryPrimitive) {
  cam::Camera2D camera;
  camera.frame({{-6, -4, 0}, {6, 4, 0}}, kViewport, 0.02);
  draw_.begin_frame(camera.view_info(kViewport, 1));
  draw_2d_scene(draw_, 0);
  glm::dvec2 query_screen;
  ASSERT_TRUE(draw_.project({0.3, 0.6, 0}, query_screen));
  clear();
  draw_.flush();
  const DrawStats stats = draw_.stats();
  draw_labels();
  const auto rgba = finish("/tmp/debug_draw_2d.png");
  EXPECT_LE(stats.draw_calls, 10);
  EXPECT_EQ(stats.draw_calls, 8);  // spheres, grid, scene lines (2 passes) and fills, overlay lines, points, fills
  EXPECT_EQ(stats.points, 2);
  EXPECT_EQ(stats.spheres, 1);
  EXPECT_GT(stats.lines, 100);  // the grid and the circle's segments
  EXPECT_GT(distinct_colors(rgba), 50);
  // The centre of the query handle is the query colour (cyan), not the background.
  const glm::ivec3 centre = pixel(rgba, query_screen);
  EXPECT_LT(centre.x, 140);
  EXPECT_GT(centre.y, 200);
  EXPECT_GT(centre.z, 200);
  // The grid's coordinates along the edges, x and y of the gizmo, and two in the scene.
  const auto named = [&](const std::string& text) {
    return std::find_if(draw_.labels().begin(), draw_.labels().end(), [&](const Label& l) { return l.text == text; });
  };
  for (const char* text : {"0", "-4", "4", "x", "y", "query", "closest"}) EXPECT_NE(named(text), draw_.labels().end()) << text;
  ASSERT_NE(named("query"), draw_.labels().end());
  EXPECT_TRUE(named("query")->visible);
  EXPECT_NEAR(named("query")->screen.x, query_screen.x + 0.45 / camera.units_per_pixel, 1e-6);
}

TEST_F(DebugDrawTest, ThreeDSceneWithEveryPrimitive) {
  cam::Camera3D camera;
  camera.target = {0, 1, 0};
  camera.yaw = glm::radians(30.0);
  camera.pitch = glm::radians(25.0);
  camera.distance = 11;
  draw_.begin_frame(camera.view_info(kViewport, 1));
  draw_3d_scene(draw_);
  clear();
  draw_.flush();
  const DrawStats stats = draw_.stats();
  draw_labels();
  const auto rgba = finish("/tmp/debug_draw_3d.png");
  EXPECT_LE(stats.draw_calls, 10);
  EXPECT_GT(distinct_colors(rgba), 50);
  for (const Label& l : draw_.labels()) std::printf("label %s %g %g %d\n", l.text.c_str(), l.screen.x, l.screen.y, l.visible);
  ASSERT_EQ(draw_.labels().size(), 5u);
  glm::dvec2 sphere_centre;
  ASSERT_TRUE(camera.world_to_screen({2, 1, -1}, kViewport, sphere_centre));
  const glm::ivec3 shaded = pixel(rgba, sphere_centre);
  EXPECT_GT(shaded.x, shaded.z + 40) << "the orange sphere is drawn and lit";
}

TEST_F(DebugDrawTest, DrawCallsDoNotGrowWithThePrimitiveCount) {
  cam::Camera2D camera;
  camera.frame({{-6, -4, 0}, {6, 4, 0}}, kViewport, 0.02);
  int draw_calls[2] = {};
  int index = 0;
  for (int extra : {10, 100000}) {
    draw_.begin_frame(camera.view_info(kViewport, 1));
    draw_2d_scene(draw_, extra);
    clear();
    draw_.flush();
    draw_calls[index++] = draw_.stats().draw_calls;
    EXPECT_GE(draw_.stats().lines, extra);
    EXPECT_EQ(draw_.stats().points, extra + 2);
  }
  EXPECT_EQ(draw_calls[0], draw_calls[1]);
  EXPECT_LE(draw_calls[1], 10);
  finish("/tmp/debug_draw_stress.png");
}

TEST_F(DebugDrawTest, FlushWithNothingDrawnIssuesNoDrawCallsAndClearsTheBatches) {
  cam::Camera3D camera;
  draw_.begin_frame(camera.view_info(kViewport, 2));
  draw_.line({0, 0, 0}, {1, 0, 0}, palette::kShape);
  clear();
  draw_.flush();
  EXPECT_EQ(draw_.stats().draw_calls, 1);
  draw_.flush();  // the batch was consumed
  EXPECT_EQ(draw_.stats().draw_calls, 0);
  EXPECT_EQ(draw_.stats().lines, 0);
  poll_gl_errors("empty flush");
  EXPECT_EQ(gl_error_count(), errors_before_);
}
// The bulk lines()/points() are the loop of line()/point() they replace: same pixels,
// same counts, and `stride` takes every k-th item starting with the first.
TEST_F(DebugDrawTest, BulkLinesAndPointsDrawExactlyWhatTheLoopDraws) {
  cam::Camera2D camera;
  camera.center = {0.3, -0.2};  // an origin away from zero: both paths go camera-relative
  camera.frame({{-6, -4, 0}, {6, 4, 0}}, kViewport, 0.02);
  std::vector<glm::dvec3> from, to;
  for (int i = 0; i < 301; ++i) {
    const double angle = 0.37 * i;
    from.push_back({5 * std::cos(angle), 3.5 * std::sin(1.3 * angle), 0});
    to.push_back({0.5 * std::cos(angle), 0.4 * std::sin(angle), 0});
  }
  const Color join = palette::kJoin.with_alpha(0.4f);
  std::vector<std::uint8_t> images[2];
  DrawStats stats[2];
  for (int bulk = 0; bulk < 2; ++bulk) {
    draw_.begin_frame(camera.view_info(kViewport, 1.5));
    if (bulk) {
      draw_.lines(from, to, join, 1.5f, Layer::Scene, 3);
      draw_.points(from, 5, palette::kQuery, Layer::Scene, 3);
      draw_.points(to, 4, palette::kAnswer, Layer::Overlay, 3);
    } else {
      for (std::size_t i = 0; i < from.size(); i += 3) {
        draw_.line(from[i], to[i], join, 1.5f);
        draw_.point(from[i], 5, palette::kQuery);
        draw_.point(to[i], 4, palette::kAnswer, Layer::Overlay);
      }
    }
    clear();
    draw_.flush();
    stats[bulk] = draw_.stats();
    images[bulk] = finish(bulk ? "/tmp/debug_draw_bulk.png" : "/tmp/debug_draw_loop.png");
  }
  EXPECT_EQ(stats[1].lines, 101);
  EXPECT_EQ(stats[1].points, 202);
  EXPECT_EQ(stats[0].lines, stats[1].lines);
  EXPECT_EQ(stats[0].points, stats[1].points);
  EXPECT_EQ(stats[0].draw_calls, stats[1].draw_calls);
  EXPECT_GT(distinct_colors(images[1]), 10);
  EXPECT_TRUE(images[0] == images[1]) << "the bulk path drew different pixels";
}

TEST_F(DebugDrawTest, BulkLinesTakeTheShorterSpanAndIgnoreAZeroStride) {
  cam::Camera2D camera;
  draw_.begin_frame(camera.view_info(kViewport, 1));
  const std::vector<glm::dvec3> three = {{0, 0, 0}, {1, 0, 0}, {2, 0, 0}}, two = {{0, 1, 0}, {1, 1, 0}};
  draw_.lines(three, two, palette::kJoin, 1, Layer::Scene, 0);
  draw_.points({}, 3, palette::kQuery);
  clear();
  draw_.flush();
  EXPECT_EQ(draw_.stats().lines, 2);
  EXPECT_EQ(draw_.stats().points, 0);
  poll_gl_errors("bulk edge cases");
  EXPECT_EQ(gl_error_count(), errors_before_);
}
}  // namespace
