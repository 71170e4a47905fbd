// The formula explain view (app/explain/formula.h): for every shape kind, its lines carry
// the query's own Q and distance as the panel formats them, never a "-0", and the copied
// text is the shown lines.
#include "app/explain/formula.h"
#include "app/host/sample_state.h"
#include "app/samples/kit/number_field.h"
#include "collision_lab/closest_point.h"
#include "collision_lab/hull.h"
#include "collision_lab/polygon.h"
#include "collision_lab/polyhedron.h"
#include "collision_lab/triangle.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <random>

namespace {

using Shape = geo::AnyShape<double>;

struct Case {
  Shape shape;
  glm::dvec3 p;
};

class Random {
 public:
  explicit Random(unsigned seed) : engine_(seed) {}
  double number(double low, double high) { return std::uniform_real_distribution<double>(low, high)(engine_); }
  glm::dvec3 point() { return {number(-5, 5), number(-5, 5), number(-5, 5)}; }

 private:
  std::mt19937 engine_;
};

// Random shapes of every kind with P anywhere, and the degenerate inputs: a zero-length
// segment or direction, P on the shape, P inside the solids, P at a sphere's centre.
std::vector<Case> cases(Random& random) {
  std::vector<Case> out;
  const glm::dvec3 a = random.point(), b = random.point(), c = random.point(), p = random.point();
  out.push_back({geo::Segment<double>{a, b}, p});
  out.push_back({geo::Segment<double>{a, a}, p});
  out.push_back({geo::Segment<double>{a, b}, a + 0.25 * (b - a)});
  out.push_back({geo::Segment<double>{a, b}, b});
  out.push_back({geo::Ray<double>{a, b - a}, p});
  out.push_back({geo::Ray<double>{a, glm::dvec3(0)}, p});
  out.push_back({geo::Ray<double>{a, b - a}, a});
  out.push_back({geo::Line<double>{a, b - a}, p});
  out.push_back({geo::Line<double>{a, glm::dvec3(0)}, p});
  const glm::dvec3 normal = glm::normalize(b - a);
  out.push_back({geo::Plane<double>{normal, random.number(-3, 3)}, p});
  out.push_back({geo::Plane<double>{normal, glm::dot(normal, p)}, p});
  const glm::dvec3 half(random.number(0.5, 2), random.number(0.5, 2), random.number(0.5, 2));
  out.push_back({geo::Aabb<double>{a - half, a + half}, p});
  out.push_back({geo::Aabb<double>{a - half, a + half}, a + 0.5 * half});
  const auto axes = axes_from_euler_degrees({random.number(-180, 180), random.number(-90, 90), random.number(-180, 180)});
  out.push_back({geo::Obb<double>{a, axes, half}, p});
  out.push_back({geo::Obb<double>{a, axes, half}, a - 0.5 * half.x * axes[0]});
  const double radius = random.number(0.5, 3);
  out.push_back({geo::Sphere<double>{a, radius}, p});
  out.push_back({geo::Sphere<double>{a, radius}, a + glm::dvec3(0.5 * radius, 0, 0)});
  out.push_back({geo::Sphere<double>{a, radius}, a});
  out.push_back({geo::Triangle<double>{a, b, c}, p});
  out.push_back({geo::Triangle<double>{a, b, c}, (a + b + c) / 3.0});
  out.push_back({geo::Triangle<double>{a, b, a + 2.0 * (b - a)}, p});
  out.push_back({geo::Triangle<double>{a, a, a}, p});
  std::vector<glm::dvec2> corners;
  for (int i = 0; i < 6; ++i) {
    const double angle = 2 * std::numbers::pi * (i + random.number(0, 0.8)) / 6;
    corners.push_back(glm::dvec2(a) + 3.0 * glm::dvec2(std::cos(angle), std::sin(angle)));
  }
  const auto polygon = geo::make_convex_polygon(corners).polygon;
  out.push_back({polygon, p});
  out.push_back({polygon, glm::dvec3(a.x, a.y, 0)});
  out.push_back({polygon, glm::dvec3(corners[2], 0)});
  std::vector<glm::dvec3> cloud;
  for (int i = 0; i < 12; ++i) cloud.push_back(a + 0.6 * random.point());
  const auto hull = geo::make_convex_hull(cloud).hull;
  out.push_back({hull, p});
  out.push_back({hull, hull.vertices[0] * 0.5 + hull.vertices[1] * 0.25 + hull.vertices[2] * 0.25});
  out.push_back({hull, hull.vertices[3]});
  return out;
}

// The query's own answer, as the app computes it (the polygon in 2D).
struct Answer {
  glm::dvec3 point;
  double distance;
};

Answer answer_of(const Case& c) {
  return std::visit(
      [&](const auto& s) -> Answer {
        if constexpr (std::is_same_v<std::decay_t<decltype(s)>, geo::ConvexPolygon<double>>) {
          const auto r = geo::closest_point(s, glm::dvec2(c.p));
          return {glm::dvec3(r.point, 0), r.distance};
        } else {
          const auto r = geo::closest_point(s, c.p);
          return {r.point, r.distance};
        }
      },
      c.shape);
}

bool ends_with(const std::string& text, const std::string& end) {
  return text.size() >= end.size() && text.compare(text.size() - end.size(), end.size(), end) == 0;
}

// A "-" before digits that all read as zero ("-0", "-0.0000").
bool shows_negative_zero(const std::string& line) {
  for (std::size_t at = line.find('-'); at != std::string::npos; at = line.find('-', at + 1)) {
    std::size_t end = at + 1;
    while (end < line.size() && (std::isdigit(static_cast<unsigned char>(line[end])) || line[end] == '.')) ++end;
    const std::string digits = line.substr(at + 1, end - at - 1);
    const bool exponent = end < line.size() && line[end] == 'e';
    if (!digits.empty() && !exponent && digits.find_first_not_of("0.") == std::string::npos) return true;
  }
  return false;
}

TEST(Formula, ShowsTheQuerysOwnAnswerForEveryShapeKind) {
  Random random(2024);
  int kinds_seen[11] = {};
  for (int round = 0; round < 40; ++round) {
    for (const Case& c : cases(random)) {
      const Answer answer = answer_of(c);
      const bool is_polygon = std::holds_alternative<geo::ConvexPolygon<double>>(c.shape);
      ++kinds_seen[static_cast<int>(geo::shape_kind(c.shape))];
      for (const bool full : {false, true}) {
        const auto lines = formula_lines(c.shape, c.p, {.full_precision = full});
        const std::string q = vector_text(answer.point, is_polygon, full);
        const std::string kind = geo::shape_type_name(geo::shape_kind(c.shape));
        ASSERT_GE(lines.size(), 2u) << kind;
        EXPECT_TRUE(lines[lines.size() - 2].starts_with("Q = ") && ends_with(lines[lines.size() - 2], " " + q))
            << kind << ": " << lines[lines.size() - 2] << " should end in " << q;
        EXPECT_EQ(lines.back(), "distance = |P \u2212 Q| = " + number_text(answer.distance, full)) << kind;
        for (const auto& line : lines) EXPECT_FALSE(shows_negative_zero(line)) << kind << ": " << line;
      }
    }
  }
  for (int kind = static_cast<int>(geo::ShapeKind::Line); kind <= static_cast<int>(geo::ShapeKind::Polyhedron); ++kind) {
    EXPECT_GT(kinds_seen[kind], 0) << kind;
  }
}

TEST(Formula, SegmentShowsTheTutorialsParameterAndItsClamp) {
  const geo::Segment<double> segment{{0, 0, 0}, {4, 0, 0}};
  const auto inside = formula_lines(segment, {1, 2, 0}, {.is_2d = true});
  ASSERT_EQ(inside.size(), 4u);
  EXPECT_EQ(inside[0], "t = (P \u2212 A)\u00b7(B \u2212 A) / |B \u2212 A|\u00b2 = 4.000 / 16.000 = 0.250");
  EXPECT_EQ(inside[2], "Q = A + t(B \u2212 A) = (1.000, 0.000)");
  EXPECT_EQ(inside[3], "distance = |P \u2212 Q| = 2.000");
  const auto past_b = formula_lines(segment, {6, -1, 0}, {.is_2d = true});
  EXPECT_EQ(past_b[1], "(P \u2212 B)\u00b7(A \u2212 B) = -8.000 \u2264 0: P lies past B, t clamped to 1.000");
  EXPECT_EQ(formula_lines(geo::Segment<double>{{1, 1, 0}, {1, 1, 0}}, {1, 3, 0}, {.is_2d = true})[0],
            "A = B: the segment is the point A");
}

TEST(Formula, TriangleNamesTheRegionThatWon) {
  const geo::Triangle<double> triangle{{0, 0, 0}, {4, 0, 0}, {0, 4, 0}};
  const auto contains = [](const std::vector<std::string>& lines, const std::string& text) {
    return std::find(lines.begin(), lines.end(), text) != lines.end();
  };
  EXPECT_TRUE(contains(formula_lines(triangle, {-1, -1, 1}, {}), "d1 \u2264 0 and d2 \u2264 0: vertex region a"));
  EXPECT_TRUE(contains(formula_lines(triangle, {2, -1, 0}, {}), "vc \u2264 0, d1 \u2265 0 and d3 \u2264 0: edge region ab"));
  const auto face = formula_lines(triangle, {1, 1, 2}, {});
  EXPECT_TRUE(contains(face, "in no vertex or edge region: face region"));
  EXPECT_TRUE(contains(face, "v = vb / (va + vb + vc) = 0.250"));
}

TEST(Formula, CopiedTextIsTheShownLines) {
  Random random(99);
  for (const Case& c : cases(random)) {
    const auto lines = formula_lines(c.shape, c.p, {});
    std::vector<std::string> copied;
    std::string text = formula_text(lines);
    ASSERT_TRUE(ends_with(text, "\n"));
    for (std::size_t start = 0, end; (end = text.find('\n', start)) != std::string::npos; start = end + 1) {
      copied.push_back(text.substr(start, end - start));
    }
    EXPECT_EQ(copied, lines);
  }
}

TEST(Formula, WrapsOnlyBeforeAnOperatorAndNeverInsideBrackets) {
  const std::string line = "t = (P \u2212 A)\u00b7(B \u2212 A) / |B \u2212 A|\u00b2 = 4.000 / 16.000 = 0.250";
  const std::vector<std::vector<std::string>> expected = {
      {"t = (P \u2212 A)\u00b7(B \u2212 A)", " / |B \u2212 A|\u00b2"}, {" = 4.000", " / 16.000"}, {" = 0.250"}};
  EXPECT_EQ(formula_clauses(line), expected);
  EXPECT_EQ(formula_clauses("Q = (1.0000, 2.0000)"),
            (std::vector<std::vector<std::string>>{{"Q = (1.0000,", " 2.0000)"}}));
  Random random(5);
  for (const Case& c : cases(random)) {
    for (const auto& shown : formula_lines(c.shape, c.p, {.full_precision = true})) {
      std::string joined;
      for (const auto& clause : formula_clauses(shown)) {
        for (const auto& piece : clause) {
          joined += piece;
          for (const char* op : {" =", " \u2264", " \u2212", " /", " <"}) EXPECT_FALSE(ends_with(piece, op)) << shown;
        }
      }
      EXPECT_EQ(joined, shown);
    }
  }
}

}  // namespace
