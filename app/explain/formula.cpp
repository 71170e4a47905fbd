#include "app/explain/formula.h"

#include "app/samples/kit/number_field.h"
#include "collision_lab/closest_point.h"
#include "collision_lab/polygon.h"
#include "collision_lab/polyhedron.h"
#include "collision_lab/triangle.h"

#include <algorithm>
#include <variant>

namespace {

using geo::Feature;

// The lines being written, and how their numbers show.
struct Steps {
  FormulaStyle style;
  std::vector<std::string> lines;

  std::string number(double value) const { return number_text(value, style.full_precision); }
  std::string point(const glm::dvec3& v) const { return vector_text(v, style.is_2d, style.full_precision); }
  void add(std::string line) { lines.push_back(std::move(line)); }
  // Every formula ends the same way: Q (by `formula`, when there is one) and its distance.
  void answer(const std::string& formula, const glm::dvec3& q, double distance) {
    add("Q = " + (formula.empty() ? "" : formula + " = ") + point(q));
    add("distance = |P − Q| = " + number(distance));
  }
  void no_answer(geo::QueryError error) { add(std::string("no answer: ") + geo::to_string(error)); }
};

constexpr int kOutsideLinesShown = 6;  // then "and N more": the panel stays short

const char* const kAxisNames[3] = {"x", "y", "z"};
const char* const kSubscripts[3] = {"₀", "₁", "₂"};  // the box axes u0, u1, u2, as the sample names them

// The half-spaces P is outside of, named as the scene labels them ("e2: N·P − D = 0.500"),
// the first few of them.
void outside_lines(Steps& s, const std::vector<double>& distances, const char* prefix, const char* measure) {
  int count = 0;
  for (std::size_t i = 0; i < distances.size(); ++i) {
    if (distances[i] > 0 && count++ < kOutsideLinesShown) {
      s.add(prefix + std::to_string(i) + ": " + measure + " = " + s.number(distances[i]));
    }
  }
  if (count > kOutsideLinesShown) s.add("and " + std::to_string(count - kOutsideLinesShown) + " more");
}

void write_steps(Steps& s, const geo::Segment<double>& segment, const glm::dvec3& p) {
  const auto r = geo::closest_point(segment, p);
  if (!r.ok()) return s.no_answer(r.error);
  if (r.degenerate) {
    s.add("A = B: the segment is the point A");
    return s.answer("A", r.point, r.distance);
  }
  const glm::dvec3 ab = segment.b - segment.a;
  s.add("t = (P − A)·(B − A) / |B − A|² = " + s.number(r.dot_start) + " / " + s.number(glm::dot(ab, ab)) + " = " +
        s.number(r.t_raw));
  if (r.feature == geo::FeatureRef{Feature::Vertex, 0}) {
    s.add("(P − A)·(B − A) ≤ 0: P lies before A, t clamped to " + s.number(r.t));
  } else if (r.feature.kind == Feature::Vertex) {
    s.add("(P − B)·(A − B) = " + s.number(r.dot_end) + " ≤ 0: P lies past B, t clamped to " + s.number(r.t));
  } else {
    s.add("0 < t < 1: t needs no clamping to [0, 1]");
  }
  s.answer("A + t(B − A)", r.point, r.distance);
}

// A line or a ray: origin O, direction d (as the samples name it); only the ray clamps t, to t ≥ 0.
void linear_steps(Steps& s, const geo::LinearClosestPoint<double>& r, const glm::dvec3& direction, bool ray) {
  if (!r.ok()) return s.no_answer(r.error);
  if (r.degenerate) {
    s.add(std::string("d = 0: the ") + (ray ? "ray" : "line") + " is the point O");
    return s.answer("O", r.point, r.distance);
  }
  s.add("t = (P − O)·d / |d|² = " + s.number(r.dot_start) + " / " + s.number(glm::dot(direction, direction)) + " = " +
        s.number(r.t_raw));
  if (ray && r.feature.kind == Feature::Vertex) s.add("(P − O)·d ≤ 0: P lies behind O, t clamped to " + s.number(r.t));
  if (ray && r.feature.kind != Feature::Vertex) s.add("t > 0: t needs no clamping to t ≥ 0");
  s.answer("O + td", r.point, r.distance);
}

void write_steps(Steps& s, const geo::Line<double>& line, const glm::dvec3& p) {
  linear_steps(s, geo::closest_point(line, p), line.direction, false);
}

void write_steps(Steps& s, const geo::Ray<double>& ray, const glm::dvec3& p) {
  linear_steps(s, geo::closest_point(ray, p), ray.direction, true);
}

void write_steps(Steps& s, const geo::Plane<double>& plane, const glm::dvec3& p) {
  const auto r = geo::closest_point(plane, p);
  if (!r.ok()) return s.no_answer(r.error);
  const double dist = r.signed_distance;
  s.add("N·P = " + s.number(glm::dot(plane.normal, p)));
  s.add("D = " + s.number(plane.d));
  s.add("dist = N·P − D = " + s.number(dist) +
        (dist > 0 ? ": P is in front" : dist < 0 ? ": P is behind" : ": P is on the plane"));
  s.answer("P − dist·N", r.point, r.distance);
}

void write_steps(Steps& s, const geo::Aabb<double>& box, const glm::dvec3& p) {
  const auto r = geo::closest_point(box, p);
  if (!r.ok()) return s.no_answer(r.error);
  s.add("Q is P with each coordinate clamped to [min, max]:");
  for (int k = 0; k < (s.style.is_2d ? 2 : 3); ++k) {
    const std::string axis = std::string(kAxisNames[k]) + " = " + s.number(p[k]);
    if (r.clamped[k] < 0) s.add(axis + " < min: clamped to " + s.number(r.point[k]));
    if (r.clamped[k] > 0) s.add(axis + " > max: clamped to " + s.number(r.point[k]));
    if (r.clamped[k] == 0) s.add(axis + " within [" + s.number(box.min[k]) + ", " + s.number(box.max[k]) + "]");
  }
  if (r.feature.kind == Feature::Inside) s.add("nothing clamped: P is inside the box");
  s.answer(r.feature.kind == Feature::Inside ? "P" : "", r.point, r.distance);
}

void write_steps(Steps& s, const geo::Obb<double>& box, const glm::dvec3& p) {
  const auto r = geo::closest_point(box, p);
  if (!r.ok()) return s.no_answer(r.error);
  s.add("d = (P − C)·u on each box axis u, clamped to ±e (its half-extent):");
  for (int k = 0; k < 3; ++k) {
    const std::string d = std::string("d") + kSubscripts[k] + " = " + s.number(r.local[k]);
    const std::string e = std::string("e") + kSubscripts[k];
    if (r.clamped[k] < 0) s.add(d + " < −" + e + ": clamped to " + s.number(r.local_clamped[k]));
    if (r.clamped[k] > 0) s.add(d + " > " + e + ": clamped to " + s.number(r.local_clamped[k]));
    if (r.clamped[k] == 0) s.add(d + " within ±" + e + " = ±" + s.number(box.half_extents[k]));
  }
  if (r.feature.kind == Feature::Inside) {
    s.add("nothing clamped: P is inside the box");
    return s.answer("P", r.point, r.distance);
  }
  s.answer("C + d₀u₀ + d₁u₁ + d₂u₂", r.point, r.distance);
}

void write_steps(Steps& s, const geo::Sphere<double>& sphere, const glm::dvec3& p) {
  const auto r = geo::closest_point(sphere, p);
  if (!r.ok()) return s.no_answer(r.error);
  s.add("|P − C| = " + s.number(r.center_distance));
  s.add("r = " + s.number(sphere.radius));
  if (r.feature.kind == Feature::Inside) {
    s.add("|P − C| ≤ r: P is inside the sphere");
    return s.answer("P", r.point, r.distance);
  }
  s.add("|P − C| > r: P is outside the sphere");
  s.answer("C + r(P − C) / |P − C|", r.point, r.distance);
}

void write_steps(Steps& s, const geo::Triangle<double>& triangle, const glm::dvec3& p) {
  const auto r = geo::closest_point(triangle, p);
  if (!r.ok()) return s.no_answer(r.error);
  if (r.degenerate) {
    s.add(r.feature.kind == Feature::Vertex && triangle.a == triangle.b && triangle.b == triangle.c
              ? "a = b = c: the triangle is a point"
              : "a, b and c lie on a line: the triangle is answered as its longest edge");
    return s.answer("", r.point, r.distance);
  }
  s.add("d1 = ab·ap = " + s.number(r.d1));
  s.add("d2 = ac·ap = " + s.number(r.d2));
  s.add("d3 = ab·bp = " + s.number(r.d3));
  s.add("d4 = ac·bp = " + s.number(r.d4));
  s.add("d5 = ab·cp = " + s.number(r.d5));
  s.add("d6 = ac·cp = " + s.number(r.d6));
  s.add("va = d3·d6 − d5·d4 = " + s.number(r.va));
  s.add("vb = d5·d2 − d1·d6 = " + s.number(r.vb));
  s.add("vc = d1·d4 − d3·d2 = " + s.number(r.vc));
  const glm::dvec3& weight = r.barycentric;
  const int k = r.feature.index;
  if (r.feature.kind == Feature::Vertex) {
    static const char* const kTests[3] = {"d1 ≤ 0 and d2 ≤ 0: vertex region a", "d3 ≥ 0 and d4 ≤ d3: vertex region b",
                                          "d6 ≥ 0 and d5 ≤ d6: vertex region c"};
    static const char* const kNames[3] = {"a", "b", "c"};
    s.add(kTests[k]);
    return s.answer(kNames[k], r.point, r.distance);
  }
  if (r.feature.kind == Feature::Edge && k == 0) {
    s.add("vc ≤ 0, d1 ≥ 0 and d3 ≤ 0: edge region ab");
    s.add("t = d1 / (d1 − d3) = " + s.number(weight[1]));
    return s.answer("a + t·ab", r.point, r.distance);
  }
  if (r.feature.kind == Feature::Edge && k == 1) {
    s.add("va ≤ 0, d4 − d3 ≥ 0 and d5 − d6 ≥ 0: edge region bc");
    s.add("t = (d4 − d3) / ((d4 − d3) + (d5 − d6)) = " + s.number(weight[2]));
    return s.answer("b + t·bc", r.point, r.distance);
  }
  if (r.feature.kind == Feature::Edge) {
    s.add("vb ≤ 0, d2 ≥ 0 and d6 ≤ 0: edge region ca");
    s.add("t = d2 / (d2 − d6) = " + s.number(weight[2]));
    return s.answer("a + t·ac", r.point, r.distance);
  }
  s.add("in no vertex or edge region: face region");
  s.add("v = vb / (va + vb + vc) = " + s.number(weight[1]));
  s.add("w = vc / (va + vb + vc) = " + s.number(weight[2]));
  s.answer("a + v·ab + w·ac", r.point, r.distance);
}

void write_steps(Steps& s, const geo::ConvexPolygon<double>& polygon, const glm::dvec3& p) {
  s.style.is_2d = true;
  geo::PolygonTrace<double> trace;  // the edge distances the steps list
  const auto r = geo::closest_point(polygon, glm::dvec2(p), &trace);
  if (!r.ok()) return s.no_answer(r.error);
  const glm::dvec3 q(r.point, 0);
  s.add("P is outside edge e when N·P − D > 0");
  if (r.feature.kind == Feature::Inside) {
    s.add("every N·P − D ≤ 0: P is inside");
    return s.answer("P", q, r.distance);
  }
  outside_lines(s, trace.edge_distances, "e", "N·P − D");
  s.add("closest feature: " + geo::feature_name(geo::ShapeKind::Polygon, r.feature));
  s.answer("", q, r.distance);
}

void write_steps(Steps& s, const geo::ConvexPolyhedron<double>& hull, const glm::dvec3& p) {
  geo::PolyhedronTrace<double> trace;  // the face distances the steps list
  const auto r = geo::closest_point(hull, p, &trace);
  if (!r.ok()) return s.no_answer(r.error);
  s.add("P is outside face f when N·P − D > 0");
  if (r.feature.kind == Feature::Inside) {
    s.add("every N·P − D ≤ 0: P is inside");
    return s.answer("P", r.point, r.distance);
  }
  outside_lines(s, trace.face_distances, "f", "N·P − D");
  s.add("closest feature: " + geo::feature_name(geo::ShapeKind::Polyhedron, r.feature));
  s.answer("", r.point, r.distance);
}

}  // namespace

std::vector<std::string> formula_lines(const geo::AnyShape<double>& shape, const glm::dvec3& p, FormulaStyle style) {
  Steps steps{style, {}};
  std::visit([&](const auto& s) { write_steps(steps, s, p); }, shape);
  return steps.lines;
}

std::vector<RevealStep> formula_steps(const geo::AnyShape<double>& shape, const glm::dvec3& p, bool is_2d) {
  std::vector<RevealStep> steps;
  for (std::string& line : formula_lines(shape, p, {.full_precision = full_precision(), .is_2d = is_2d})) {
    steps.push_back({"line " + std::to_string(steps.size() + 1), std::move(line)});
  }
  return steps;
}

bool reveals_formula(const std::vector<RevealStep>& steps, const std::vector<std::string>& lines) {
  return std::equal(steps.begin(), steps.end(), lines.begin(), lines.end(),
                    [](const RevealStep& step, const std::string& line) { return step.outcome == line; });
}

int outside_plane_line(int rank) { return 1 + std::min(rank, kOutsideLinesShown); }

int formula_answer_step(const std::vector<RevealStep>& steps) {
  for (std::size_t i = 0; i < steps.size(); ++i) {
    if (steps[i].outcome.starts_with("Q = ") || steps[i].outcome.starts_with("no answer")) return static_cast<int>(i);
  }
  return static_cast<int>(steps.size()) - 1;
}

std::string formula_text(const std::vector<std::string>& lines) {
  std::string text;
  for (const auto& line : lines) text += line + "\n";
  return text;
}

std::vector<std::vector<std::string>> formula_clauses(const std::string& line) {
  static const std::vector<std::string> kOperators = {"=", "≤", "≥", "<", ">", "−", "+", "/"};
  std::vector<std::vector<std::string>> clauses(1);
  bool glue = true;  // the next word joins the last piece
  int brackets = 0;  // open
  bool in_bars = false;
  bool seen_equals = false;
  for (std::size_t start = 0; start < line.size();) {
    const std::size_t end = std::min(line.find(' ', line.find_first_not_of(' ', start)), line.size());
    const std::string word = line.substr(start, end - start);
    const std::string bare = word.substr(std::min(word.find_first_not_of(' '), word.size()));
    if (bare == "=" && seen_equals) clauses.emplace_back();  // the first "=" stays with its left side
    seen_equals = seen_equals || bare == "=";
    auto& pieces = clauses.back();
    if ((glue || bare.empty()) && !pieces.empty()) pieces.back() += word;
    else pieces.push_back(word);
    for (const char c : bare) brackets += (c == '(' || c == '[') - (c == ')' || c == ']');
    if (std::count(bare.begin(), bare.end(), '|') % 2 == 1) in_bars = !in_bars;
    const bool is_operator = std::find(kOperators.begin(), kOperators.end(), bare) != kOperators.end();
    const bool before_equals = !seen_equals && line.find(" = ") != std::string::npos;  // the defined name
    glue = bare.empty() || is_operator || before_equals || ((brackets > 0 || in_bars) && bare.back() != ',');
    start = end;
  }
  return clauses;
}
