// The dedicated SAT tests (box_overlap, aabb_overlap) against the generic test over
// SatShapes on seeded random pairs, touching pairs and nearly parallel edges, at scales
// 1, 1e-150 and 1e150: the same verdict wherever the gap is clear of rounding, the same
// axes counted, and answers that hold up on their own (a separating axis projects the
// corners that far apart; moving B by depth along the axis separates them).
#include "collision_lab/aabb_overlap.h"
#include "collision_lab/box_overlap.h"

#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <cstring>
#include <random>
#include <string>
#include <utility>
#include <vector>

namespace {

using V = geo::Vec3<double>;
using LD = long double;

template <typename T>
geo::Vec3<T> cast(const V& v) {
  return geo::Vec3<T>(v);
}

struct Rng {
  std::mt19937_64 engine;
  explicit Rng(unsigned seed) : engine(seed) {}
  double uniform(double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(engine); }
  V point(double r) { return V(uniform(-r, r), uniform(-r, r), uniform(-r, r)); }
};

// A rotation from a unit quaternion: orthonormal to a few ulp.
std::array<V, 3> rotation(double w, V q) {
  const double n = std::sqrt(w * w + glm::dot(q, q));
  w /= n;
  q /= n;
  const double x = q.x, y = q.y, z = q.z;
  return {V(1 - 2 * (y * y + z * z), 2 * (x * y + w * z), 2 * (x * z - w * y)),
          V(2 * (x * y - w * z), 1 - 2 * (x * x + z * z), 2 * (y * z + w * x)),
          V(2 * (x * z + w * y), 2 * (y * z - w * x), 1 - 2 * (x * x + y * y))};
}

std::array<V, 3> random_rotation(Rng& rng) { return rotation(rng.uniform(-1, 1), rng.point(1)); }

// Turned by `angle` about `axis` (unit): a small angle gives edges parallel to within it.
std::array<V, 3> turned(const std::array<V, 3>& frame, const V& axis, double angle) {
  const double half = angle / 2;
  const auto turn = rotation(std::cos(half), axis * std::sin(half));
  std::array<V, 3> out;
  for (int k = 0; k < 3; ++k) out[k] = turn[0] * frame[k].x + turn[1] * frame[k].y + turn[2] * frame[k].z;
  return out;
}

template <typename T>
std::vector<V> corners(const geo::Obb<T>& box) {
  std::vector<V> out;
  for (int i = 0; i < 8; ++i) {
    V c = V(box.center);
    for (int k = 0; k < 3; ++k) c += V(box.axes[k]) * double((i >> k) & 1 ? box.half_extents[k] : -box.half_extents[k]);
    out.push_back(c);
  }
  return out;
}
template <typename T>
std::vector<V> corners(const geo::Aabb<T>& box) {
  std::vector<V> out;
  for (int i = 0; i < 8; ++i) out.push_back(V((i & 1) ? box.max.x : box.min.x, (i & 2) ? box.max.y : box.min.y, (i & 4) ? box.max.z : box.min.z));
  return out;
}
template <typename T>
std::vector<V> corners(const geo::Triangle<T>& t) { return {V(t.a), V(t.b), V(t.c)}; }
template <typename T>
std::vector<V> corners(const geo::Segment<T>& s) { return {V(s.a), V(s.b)}; }

// B's interval beyond A's along `axis`, in long double, with B moved by `shift`.
LD gap_along(const std::vector<V>& a, const std::vector<V>& b, const V& axis, const V& shift = V(0)) {
  LD a_max = -INFINITY, a_min = INFINITY, b_max = -INFINITY, b_min = INFINITY;
  const auto dot = [&](const V& p) { return LD(axis.x) * LD(p.x) + LD(axis.y) * LD(p.y) + LD(axis.z) * LD(p.z); };
  for (const auto& p : a) { a_min = std::min(a_min, dot(p)); a_max = std::max(a_max, dot(p)); }
  for (const auto& p : b) { b_min = std::min(b_min, dot(p + shift)); b_max = std::max(b_max, dot(p + shift)); }
  return b_min - a_max;
}

double size_of(const std::vector<V>& a, const std::vector<V>& b) {
  double size = 0;
  for (const auto* list : {&a, &b}) {
    for (const auto& p : *list) for (const auto& q : *list) size = std::max(size, glm::length(p - q));
  }
  return size;
}

// Compares the dedicated answer with the generic one; `exact` when the pair is random (no
// axis near its touching threshold), so the same axes are counted and named.
template <typename T, typename A, typename B>
void expect_agreement(const geo::SatResult<T>& fast, const A& a, const B& b, const std::string& where, bool exact = true) {
  geo::SatOptions quick;
  quick.stop_at_separation = true;
  const auto slow = geo::sat_overlap(geo::sat_shape(a), geo::sat_shape(b), quick);
  ASSERT_TRUE(fast.ok() && slow.ok()) << where;
  const auto va = corners(a), vb = corners(b);
  const double size = size_of(va, vb);
  const double rounding = (sizeof(T) == 4 ? 1e-5 : 1e-11) * size;
  const double slow_gap = slow.overlap ? -double(slow.depth) : double(slow.separation);
  if (std::abs(slow_gap) > rounding) {
    ASSERT_EQ(fast.overlap, slow.overlap) << where << " generic gap " << slow_gap;
    if (exact) {
      EXPECT_EQ(fast.axis_tests, slow.axis_tests) << where;
      EXPECT_EQ(fast.first_separating, slow.first_separating) << where;
      EXPECT_EQ(fast.first_separating_axis.source, slow.first_separating_axis.source) << where;
      EXPECT_EQ(fast.first_separating_axis.index_a, slow.first_separating_axis.index_a) << where;
      EXPECT_EQ(fast.first_separating_axis.index_b, slow.first_separating_axis.index_b) << where;
      EXPECT_EQ(fast.face_axes_would_be_wrong, slow.face_axes_would_be_wrong) << where;
    }
    if (fast.overlap) {
      EXPECT_NEAR(double(fast.depth), double(slow.depth), rounding) << where;
    } else {
      EXPECT_NEAR(double(fast.separation), double(slow.separation), rounding) << where;
    }
  }
  // Unit but for the rounding of a subnormal squared length (nearly parallel edges at 1e-150).
  EXPECT_NEAR(glm::length(V(fast.axis)), 1.0, sizeof(T) == 4 ? 1e-6 : 1e-10) << where;
  const V axis(fast.axis);
  if (!fast.overlap) {
    EXPECT_GT(fast.separation, T(0)) << where;
    EXPECT_GE(double(gap_along(va, vb, axis)), double(fast.separation) - rounding) << where;  // a certificate
  } else {
    EXPECT_GE(fast.depth, T(0)) << where;
    // Moving B by a bit more than depth along the axis leaves a gap along it.
    EXPECT_GT(double(gap_along(va, vb, axis, axis * (double(fast.depth) + 2 * rounding))), 0.0) << where;
  }
}

template <typename T>
geo::Obb<T> obb(const V& center, const std::array<V, 3>& axes, const V& half, double scale) {
  return {cast<T>(center * scale), {cast<T>(axes[0]), cast<T>(axes[1]), cast<T>(axes[2])}, cast<T>(half * scale)};
}

template <typename T>
geo::Aabb<T> aabb(const V& center, const V& half, double scale) {
  return {cast<T>((center - half) * scale), cast<T>((center + half) * scale)};
}

template <typename T>
void random_boxes(unsigned seed, double scale) {
  Rng rng(seed);
  int edge_separated = 0;
  for (int n = 0; n < 3000; ++n) {
    const auto fa = random_rotation(rng), fb = random_rotation(rng);
    const V ha(rng.uniform(0.1, 2), rng.uniform(0.1, 2), rng.uniform(0.1, 2));
    const V hb(rng.uniform(0.1, 2), rng.uniform(0.1, 2), rng.uniform(0.1, 2));
    const V ca = rng.point(1), cb = ca + rng.point(4);
    const std::string where = "seed " + std::to_string(seed) + " case " + std::to_string(n) + " scale " + std::to_string(scale);
    const auto a = obb<T>(ca, fa, ha, scale), b = obb<T>(cb, fb, hb, scale);
    const auto fast = geo::box_overlap(a, b);
    expect_agreement(fast, a, b, where + " obb-obb");
    edge_separated += fast.face_axes_would_be_wrong;
    const auto box_a = aabb<T>(ca, ha, scale), box_b = aabb<T>(cb, hb, scale);
    expect_agreement(geo::box_overlap(box_a, b), box_a, b, where + " aabb-obb");
    expect_agreement(geo::box_overlap(a, box_b), a, box_b, where + " obb-aabb");
    expect_agreement(geo::box_overlap(box_a, box_b), box_a, box_b, where + " aabb-aabb");
    if (::testing::Test::HasFatalFailure()) return;
  }
  EXPECT_GT(edge_separated, 10);  // the edge x edge axes were exercised
}

TEST(BoxOverlapOracle, RandomBoxesAgreeWithTheGenericTest) {
  for (double scale : {1.0, 1e-150, 1e150}) random_boxes<double>(11, scale);
  random_boxes<float>(12, 1.0);
}

// B's face flush against A's (B turned about that face's normal): touching overlaps with
// depth 0; apart by a millionth of the size it is separated.
TEST(BoxOverlapOracle, FaceToFaceTouchingBoxesTouch) {
  Rng rng(21);
  for (double scale : {1.0, 1e-150, 1e150}) {
    for (int n = 0; n < 200; ++n) {
      const auto fa = random_rotation(rng);
      const V ha(0.5, 0.75, 1.25), hb(0.25, 1.5, 0.5);
      const auto fb = turned(fa, fa[2], rng.uniform(0, 6.3));
      const V along = fa[0] * rng.uniform(-0.2, 0.2) + fa[1] * rng.uniform(-0.2, 0.2);
      const V ca = rng.point(3);
      for (double apart : {0.0, 1e-6}) {
        const auto a = obb<double>(ca, fa, ha, scale);
        const auto b = obb<double>(ca + fa[2] * (1.75 + apart) + along, fb, hb, scale);
        const std::string where = "case " + std::to_string(n) + " apart " + std::to_string(apart) + " scale " + std::to_string(scale);
        const auto fast = geo::box_overlap(a, b);
        EXPECT_EQ(fast.overlap, apart == 0) << where;
        if (apart == 0) {
          EXPECT_LE(fast.depth, 1e-13 * scale) << where;
        }
        expect_agreement(fast, a, b, where, false);
      }
    }
    // Axis-aligned boxes sharing a face, an edge or a corner exactly.
    for (const V& offset : {V(1, 0.25, 0.5), V(1, 1, 0.5), V(1, 1, 1), V(-1, -1, 1)}) {
      const auto a = aabb<double>(V(0.5), V(0.5), scale), b = aabb<double>(V(0.5) + offset, V(0.5), scale);
      const auto fast = geo::box_overlap(a, b);
      EXPECT_TRUE(fast.overlap) << offset.x << offset.y << offset.z;
      EXPECT_EQ(fast.depth, 0.0);
      expect_agreement(fast, a, b, "aligned", false);
    }
  }
}

// Edges parallel to within 1e-17 (parallel once rounded) up to 1e-4, near contact: the
// edge x edge axes of nearly parallel edges are degenerate and must not decide alone.
TEST(BoxOverlapOracle, NearlyParallelEdgesAgreeWithTheGenericTest) {
  Rng rng(31);
  for (double scale : {1.0, 1e-150, 1e150}) {
    for (int n = 0; n < 1500; ++n) {
      const auto fa = random_rotation(rng);
      const double angle = std::pow(10.0, rng.uniform(-17, -4));
      const auto fb = turned(fa, glm::normalize(rng.point(1)), angle);
      const V ha(rng.uniform(0.2, 1), rng.uniform(0.2, 1), rng.uniform(0.2, 1));
      const V hb(rng.uniform(0.2, 1), rng.uniform(0.2, 1), rng.uniform(0.2, 1));
      // Near contact across a face, an edge or a corner of A.
      V direction(0);
      for (int k = 0; k < 3; ++k) direction += fa[k] * (ha[k] + hb[k]) * double(rng.engine() % 3) - fa[k] * (ha[k] + hb[k]);
      const V cb = direction * (1 + rng.uniform(-1e-3, 1e-3)) + rng.point(1e-3);
      const auto a = obb<double>(V(0), fa, ha, scale), b = obb<double>(cb, fb, hb, scale);
      expect_agreement(geo::box_overlap(a, b), a, b, "case " + std::to_string(n) + " scale " + std::to_string(scale), false);
      if (::testing::Test::HasFatalFailure()) return;
    }
  }
}

// Deeply overlapping boxes with edges 1e-13 from parallel: the gap of their short edge
// axis, read from R, was off by 1e-3 and outranked the face axis the generic test keeps.
TEST(BoxOverlapOracle, AShortEdgeAxisIsRankedByItsExactGap) {
  geo::Obb<double> a, b;
  a.axes = {V(0.28462807982979854, -0.23412606870041763, -0.92960843376514668),
            V(-0.72748983908477127, 0.57875872325335376, -0.36850627441952943),
            V(0.62429591557274788, 0.78116792318491635, -0.0055933519600690623)};
  b.axes = {V(0.28462807982952709, -0.23412606870017424, -0.92960843376529112),
            V(-0.72748983908488263, 0.57875872325344557, -0.36850627441916545),
            V(0.62429591557274189, 0.78116792318492123, -0.0055933519600490202)};
  a.center = V(0);
  a.half_extents = V(0.87345437905396917, 1.3099558352559821, 1.4713423898432589);
  b.center = V(-1.1604296186928094, -1.6143495687807607, 1.1823628342808656);
  b.half_extents = V(1.0203204619299564, 1.4081947926469287, 0.93278254886543421);
  expect_agreement(geo::box_overlap(a, b), a, b, "near-parallel edges", false);
}

// box_overlap's shortcuts (faces at once, no parallel tests, edge axes ruled out by a
// bound, unit face axes kept) against the same test step by step: every field, bit for bit.
template <typename T>
void expect_same_bits(const geo::SatResult<T>& fast, const geo::SatResult<T>& steps, const std::string& where) {
  const auto bits = [](const auto& value) {
    std::array<unsigned char, sizeof value> out;
    std::memcpy(out.data(), &value, sizeof value);
    return out;
  };
  const geo::SatAxis<T>& f = fast.first_separating_axis;
  const geo::SatAxis<T>& s = steps.first_separating_axis;
  ASSERT_EQ(fast.overlap, steps.overlap) << where;
  EXPECT_EQ(fast.axis_tests, steps.axis_tests) << where;
  EXPECT_EQ(fast.first_separating, steps.first_separating) << where;
  EXPECT_EQ(bits(fast.axis), bits(steps.axis)) << where;
  EXPECT_EQ(bits(fast.separation), bits(steps.separation)) << where;
  EXPECT_EQ(bits(fast.depth), bits(steps.depth)) << where;
  EXPECT_EQ(fast.face_axes_would_be_wrong, steps.face_axes_would_be_wrong) << where;
  EXPECT_EQ(f.source, s.source) << where;
  EXPECT_EQ(f.index_a, s.index_a) << where;
  EXPECT_EQ(f.index_b, s.index_b) << where;
  EXPECT_EQ(bits(f.axis), bits(s.axis)) << where;
  for (const auto& [x, y] : {std::pair{f.a_min, s.a_min}, {f.a_max, s.a_max}, {f.b_min, s.b_min}, {f.b_max, s.b_max}, {f.gap, s.gap}}) {
    EXPECT_EQ(bits(x), bits(y)) << where;
  }
}

// Random pairs, pairs near contact across a face, an edge or a corner with B turned from A
// by 1e-17 to 1e-1 (short edge axes, gaps next to the tolerance, faces nearly parallel),
// and B's axes A's own permuted (entries of R exactly 0).
template <typename T>
void shortcuts_against_steps(unsigned seed, double scale) {
  Rng rng(seed);
  for (int n = 0; n < 4000; ++n) {
    const auto fa = random_rotation(rng);
    const V ha(rng.uniform(0.1, 1), rng.uniform(0.1, 1), rng.uniform(0.1, 1));
    const V hb(rng.uniform(0.1, 1), rng.uniform(0.1, 1), rng.uniform(0.1, 1));
    const V ca = rng.point(1);
    std::array<V, 3> fb = random_rotation(rng);
    V cb = ca + rng.point(2);
    if (n % 4 == 1 || n % 4 == 2) {
      fb = turned(fa, glm::normalize(rng.point(1)), std::pow(10.0, rng.uniform(-17, -1)));
      V contact(0);
      for (int k = 0; k < 3; ++k) contact += fa[k] * (ha[k] + hb[k]) * double(int(rng.engine() % 3) - 1);
      const double apart = n % 4 == 1 ? 1e-7 : 1e-14;
      cb = ca + contact * (1 + rng.uniform(-apart, apart)) + rng.point(apart);
    } else if (n % 4 == 3) {
      fb = {fa[1], fa[2], fa[0]};
      cb = ca + fa[0] * (ha[0] + hb[1]) + fa[1] * rng.uniform(-0.1, 0.1);
    }
    const auto a = obb<T>(ca, fa, ha, scale), b = obb<T>(cb, fb, hb, scale);
    const std::string where = "seed " + std::to_string(seed) + " case " + std::to_string(n) + " scale " + std::to_string(scale);
    expect_same_bits(geo::box_overlap(a, b), geo::box_overlap_step_by_step(a, b), where);
    if (::testing::Test::HasFatalFailure()) return;
  }
}

TEST(BoxOverlapOracle, ShortcutsGiveTheStepByStepAnswerBitForBit) {
  for (double scale : {1.0, 1e-150, 1e150, 1e-300, 1e300, 1e307}) shortcuts_against_steps<double>(61, scale);
  shortcuts_against_steps<float>(62, 1.0);
}

// B's frame turned about (1, 1, 0) so that A's x and y faces see B alike: their gaps are
// equal to the bit, and the first (x) is kept, as the generic test keeps the first of a tie.
TEST(BoxOverlapOracle, TiedFaceGapsKeepTheFirst) {
  const double p = 0.7, q = 0.3, r = std::sqrt(2 * p * q);
  const std::array<V, 3> frame_a{V(1, 0, 0), V(0, 1, 0), V(0, 0, 1)}, frame_b{V(p, q, r), V(q, p, -r), V(-r, r, p - q)};
  for (double scale : {1.0, 1e-150, 1e150}) {
    const auto a = obb<double>(V(0), frame_a, V(1), scale), b = obb<double>(V(1.1, 1.1, 0), frame_b, V(0.3, 0.3, 0.1), scale);
    const auto fast = geo::box_overlap(a, b);
    EXPECT_EQ(fast.axis, V(1, 0, 0)) << scale;
    expect_same_bits(fast, geo::box_overlap_step_by_step(a, b), "scale " + std::to_string(scale));
  }
  const auto a = obb<float>(V(0), frame_a, V(1), 1), b = obb<float>(V(1.1, 1.1, 0), frame_b, V(0.3, 0.3, 0.1), 1);
  expect_same_bits(geo::box_overlap(a, b), geo::box_overlap_step_by_step(a, b), "float");
}

template <typename T, typename S, typename Make>
void random_against_aabb(unsigned seed, double scale, Make make) {
  Rng rng(seed);
  for (int n = 0; n < 3000; ++n) {
    const V half(rng.uniform(0.1, 2), rng.uniform(0.1, 2), rng.uniform(0.1, 2));
    const auto box = aabb<T>(V(0), half, scale);
    const S shape = make(rng, scale);
    const std::string where = "seed " + std::to_string(seed) + " case " + std::to_string(n) + " scale " + std::to_string(scale);
    expect_agreement(geo::aabb_overlap(shape, box), shape, box, where + " shape first");
    expect_agreement(geo::aabb_overlap(box, shape), box, shape, where + " box first");
    if (::testing::Test::HasFatalFailure()) return;
  }
}

template <typename T>
geo::Triangle<T> random_triangle(Rng& rng, double scale) {
  const V c = rng.point(3);
  return {cast<T>((c + rng.point(1.5)) * scale), cast<T>((c + rng.point(1.5)) * scale), cast<T>((c + rng.point(1.5)) * scale)};
}

template <typename T>
geo::Segment<T> random_segment(Rng& rng, double scale) {
  const V c = rng.point(3);
  return {cast<T>((c + rng.point(2)) * scale), cast<T>((c + rng.point(2)) * scale)};
}

TEST(BoxOverlapOracle, RandomTrianglesAndSegmentsAgainstAabbsAgreeWithTheGenericTest) {
  for (double scale : {1.0, 1e-150, 1e150}) {
    random_against_aabb<double, geo::Triangle<double>>(41, scale, random_triangle<double>);
    random_against_aabb<double, geo::Segment<double>>(42, scale, random_segment<double>);
  }
  random_against_aabb<float, geo::Triangle<float>>(43, 1.0, random_triangle<float>);
  random_against_aabb<float, geo::Segment<float>>(44, 1.0, random_segment<float>);
}

// On a face, along an edge, in a face's plane, and edges nearly parallel to the box's axes.
TEST(BoxOverlapOracle, TouchingAndNearlyParallelTrianglesAndSegments) {
  Rng rng(51);
  for (double scale : {1.0, 1e-150, 1e150}) {
    const auto box = aabb<double>(V(0.5), V(0.5), scale);
    const auto s = [scale](double x, double y, double z) { return V(x, y, z) * scale; };
    const geo::Triangle<double> on_face{s(0.2, 0.3, 1), s(2, 0.5, 3), s(-1, 2, 1.5)};
    const geo::Triangle<double> in_plane{s(0.2, 0.3, 1), s(0.8, 0.1, 1), s(0.5, 2, 1)};
    const geo::Triangle<double> beside{s(1, 0.3, 0.2), s(1, 2, 0.4), s(1, 0.5, 3)};
    const geo::Segment<double> along_edge{s(-1, 1, 1), s(3, 1, 1)};
    const geo::Segment<double> to_corner{s(1, 1, 1), s(2, 3, 4)};
    for (const auto& t : {on_face, in_plane, beside}) {
      EXPECT_TRUE(geo::aabb_overlap(t, box).overlap);
      EXPECT_TRUE(geo::aabb_overlap(box, t).overlap);
      expect_agreement(geo::aabb_overlap(t, box), t, box, "touching triangle", false);
    }
    for (const auto& g : {along_edge, to_corner}) {
      EXPECT_TRUE(geo::aabb_overlap(g, box).overlap);
      expect_agreement(geo::aabb_overlap(box, g), box, g, "touching segment", false);
    }
    for (int n = 0; n < 500; ++n) {
      const double angle = std::pow(10.0, rng.uniform(-17, -4));
      const V along = glm::normalize(V(1, 0, 0) + rng.point(angle));
      const V start = V(rng.uniform(-0.5, 1.5), 1 + rng.uniform(-1e-6, 1e-6), 1 + rng.uniform(-1e-6, 1e-6));
      const geo::Segment<double> segment{start * scale, (start + along) * scale};
      const geo::Triangle<double> triangle{start * scale, (start + along) * scale, (start + V(0.3, 0.5, 0.7)) * scale};
      const std::string where = "case " + std::to_string(n) + " scale " + std::to_string(scale);
      expect_agreement(geo::aabb_overlap(segment, box), segment, box, where, false);
      expect_agreement(geo::aabb_overlap(box, triangle), box, triangle, where, false);
    }
  }
}

}  // namespace
