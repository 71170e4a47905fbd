// This file is compiled with -march=x86-64-v3 (AVX2 and FMA; tests/CMakeLists.txt), the
// library at the default flags. The point-query kernels inlined here must give the
// library's single queries bit for bit: with an FMA unit the compiler would otherwise fuse
// a * b + c wherever it likes, differently in each build, and a batch built for a newer
// CPU would stop matching the single query. Seeded random inputs plus the degenerate
// shapes and far offsets the cold paths take.
#include "collision_lab/closest_point.h"
#include "closest_point_kernels.h"
#include "collision_lab/triangle.h"
#include "triangle_detail.h"

#include <gtest/gtest.h>

#include <cstring>
#include <random>
#include <string>
#include <vector>

namespace {

#if !defined(__AVX2__) || !defined(__FMA__)
#error "tests/CMakeLists.txt builds this file with -march=x86-64-v3"
#endif

bool cpu_has_avx2_and_fma() {
  return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
}

template <typename T>
bool same_bits(const geo::Vec3<T>& a, const geo::Vec3<T>& b) {
  return std::memcmp(&a, &b, sizeof a) == 0;
}

template <typename T>
std::string text(const geo::Vec3<T>& v) {
  char buffer[160];
  std::snprintf(buffer, sizeof buffer, "(%.17g, %.17g, %.17g)", double(v.x), double(v.y), double(v.z));
  return buffer;
}

// Points of size about `size` around `center`.
template <typename T>
struct Sampler {
  std::mt19937_64 rng{20261124};
  std::uniform_real_distribution<double> unit{-1, 1};
  geo::Vec3<T> near(const geo::Vec3<double>& center, double size) {
    return geo::Vec3<T>(center + size * geo::Vec3<double>(unit(rng), unit(rng), unit(rng)));
  }
};

// Triangles: well-shaped, needles, slivers, collinear, repeated vertices; at the origin and at 1e6.
template <typename T>
std::vector<geo::Triangle<T>> triangles(Sampler<T>& s) {
  std::vector<geo::Triangle<T>> result;
  for (const double offset : {0.0, 1e6}) {
    const geo::Vec3<double> at(offset, -offset, offset * 0.5);
    for (int i = 0; i < 60; ++i) {
      const geo::Vec3<T> a = s.near(at, 1), b = s.near(at, 1), c = s.near(at, 1);
      result.push_back({a, b, c});                                          // well-shaped
      result.push_back({a, b, geo::Vec3<T>(glm::mix(glm::dvec3(a), glm::dvec3(b), 0.3) +
                                           glm::dvec3(1e-7, -1e-7, 2e-7))});  // sliver
      result.push_back({a, a + (b - a) * T(1e-6), c});                      // needle
      result.push_back({a, b, geo::Vec3<T>(glm::mix(glm::dvec3(a), glm::dvec3(b), 2.0))});  // collinear
      result.push_back({a, a, c});                                          // repeated vertex
    }
  }
  return result;
}

// Out of line, so that the float query is rounded before the kernel sees it: GCC 12's SLP
// vectorizer at -march=x86-64-v3 was seen to hand the kernel the double value the float
// was rounded from when the sampling above was inlined into the same loop.
template <typename F, typename T, typename A>
[[gnu::noinline]] bool run_kernel(const F& frame, const geo::Vec3<T>& p, A& answer) {
  return geo::detail::triangle_answer(frame, geo::Vec3<geo::detail::Working<T>>(p), answer);
}

template <typename T>
void expect_triangle_kernel_matches() {
  Sampler<T> s;
  int kernel_answers = 0;
  for (const geo::Triangle<T>& triangle : triangles(s)) {
    const auto frame = geo::detail::make_frame(triangle);
    const geo::Vec3<double> center = (glm::dvec3(triangle.a) + glm::dvec3(triangle.b) + glm::dvec3(triangle.c)) / 3.0;
    for (int q = 0; q < 20; ++q) {
      const geo::Vec3<T> p = s.near(center, q < 10 ? 1.0 : 4.0);
      geo::detail::TriangleAnswer<geo::detail::Working<T>> answer;
      if (!run_kernel(frame, p, answer)) continue;
      ++kernel_answers;
      const geo::Vec3<T> kernel(answer.point), library = geo::closest_point(triangle, p).point;
      ASSERT_TRUE(same_bits(kernel, library))
          << "triangle " << text(triangle.a) << text(triangle.b) << text(triangle.c) << " P " << text(p)
          << ": kernel " << text(kernel) << ", library " << text(library);
    }
  }
  EXPECT_GT(kernel_answers, 1000);
}

template <typename T>
void expect_segment_kernel_matches() {
  Sampler<T> s;
  int kernel_answers = 0;
  for (const double offset : {0.0, 1e6}) {
    const geo::Vec3<double> at(-offset, offset, offset);
    for (int i = 0; i < 300; ++i) {
      const geo::Vec3<T> a = s.near(at, 1);
      const geo::Vec3<T> b = i % 10 == 0 ? a : i % 10 == 1 ? a + T(1e-9) : s.near(at, 1);  // zero and tiny lengths too
      const geo::detail::SegmentShape<T> shape = geo::detail::segment_shape(a, b);
      for (int q = 0; q < 20; ++q) {
        const geo::Vec3<T> p = s.near(at, 3);
        geo::detail::SegmentAnswer<T> answer;
        if (!geo::detail::segment_answer(shape, p, answer)) continue;
        ++kernel_answers;
        const geo::Vec3<T> library = geo::closest_point(geo::Segment<T>{a, b}, p).point;
        ASSERT_TRUE(same_bits(answer.point, library)) << "segment " << text(a) << text(b) << " P " << text(p)
                                                      << ": kernel " << text(answer.point) << ", library " << text(library);
      }
    }
  }
  EXPECT_GT(kernel_answers, 1000);
}

template <typename T>
void expect_obb_kernel_matches() {
  Sampler<T> s;
  for (int i = 0; i < 300; ++i) {
    const glm::dvec3 x = glm::normalize(glm::dvec3(s.near({0, 0, 0}, 1)) + glm::dvec3(0, 0, 2));
    const glm::dvec3 y = glm::normalize(glm::cross(x, glm::dvec3(s.near({0, 0, 0}, 1))));
    const geo::Obb<T> box{s.near({0, 0, 0}, 10), {geo::Vec3<T>(x), geo::Vec3<T>(y), geo::Vec3<T>(glm::cross(x, y))},
                          glm::abs(s.near({0, 0, 0}, 2))};
    for (int q = 0; q < 20; ++q) {
      const geo::Vec3<T> p = s.near(glm::dvec3(box.center), 4);
      geo::detail::BoxAnswer<T> answer;
      geo::detail::obb_answer(box.center, box.axes, box.half_extents, p, answer);
      const geo::Vec3<T> kernel = answer.point;
      const geo::Vec3<T> library = geo::closest_point(box, p).point;
      ASSERT_TRUE(same_bits(kernel, library)) << "P " << text(p) << ": kernel " << text(kernel) << ", library "
                                              << text(library);
    }
  }
}

TEST(KernelBitsAtX86_64_V3, TriangleKernelMatchesTheLibrary) {
  if (!cpu_has_avx2_and_fma()) GTEST_SKIP() << "this CPU has no AVX2 and FMA";
  expect_triangle_kernel_matches<double>();
  expect_triangle_kernel_matches<float>();
}

TEST(KernelBitsAtX86_64_V3, SegmentKernelMatchesTheLibrary) {
  if (!cpu_has_avx2_and_fma()) GTEST_SKIP() << "this CPU has no AVX2 and FMA";
  expect_segment_kernel_matches<double>();
  expect_segment_kernel_matches<float>();
}

TEST(KernelBitsAtX86_64_V3, ObbKernelMatchesTheLibrary) {
  if (!cpu_has_avx2_and_fma()) GTEST_SKIP() << "this CPU has no AVX2 and FMA";
  expect_obb_kernel_matches<double>();
  expect_obb_kernel_matches<float>();
}

}  // namespace
