// Every query answers alike at every scale a double (or float) query takes: seeded random
// cases of every op and shape, degenerate ones too, answered at unit scale and again with
// every coordinate scaled. By a power of two the answer must be the unit answer scaled,
// to the bit; by a power of ten, the same verdicts and features and nearly the same lengths.
#include "collision_lab/query/query_scale.h"
#include "collision_lab/query/runner.h"
#include "collision_lab/query/shape_json.h"

#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <random>
#include <set>

using nlohmann::json;
using namespace query;

namespace {

// A query line and whether its shapes were built to touch exactly, which a decimal scale,
// rounding every coordinate, may turn into a gap or an overlap of one rounding error.
struct Case {
  json request;
  bool touching = false;
  bool well_shaped = false;
};

class CaseMaker {
 public:
  explicit CaseMaker(std::uint64_t seed) : engine_(seed) {}

  double uniform(double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(engine_); }
  int pick(int n) { return std::uniform_int_distribution<int>(0, n - 1)(engine_); }
  std::vector<double> point() { return {uniform(-2, 2), uniform(-2, 2), uniform(-2, 2)}; }
  std::vector<double> point_2d() { return {uniform(-2, 2), uniform(-2, 2)}; }
  std::vector<double> unit() {
    for (;;) {
      auto v = point();
      const double length = std::hypot(v[0], v[1], v[2]);
      if (length > 0.2 && length < 2) return {v[0] / length, v[1] / length, v[2] / length};
    }
  }
  static std::vector<double> along(const std::vector<double>& from, const std::vector<double>& to, double t) {
    std::vector<double> out(from.size());
    for (std::size_t i = 0; i < from.size(); ++i) out[i] = from[i] + t * (to[i] - from[i]);
    return out;
  }
  std::vector<double> near(const std::vector<double>& p, double size) {
    std::vector<double> out = p;
    for (double& x : out) x += uniform(-size, size);
    return out;
  }

  // One shape of `type`; `variant` 0 is well shaped, 1 a sliver, 2 a needle, 3 degenerate.
  json shape(const std::string& type, int variant, bool flat = false) {
    auto p = [&] { return flat ? point_2d() : point(); };
    const double thin = variant == 0 ? 1 : variant == 3 ? 0 : 1e-7;
    if (type == "segment") {
      auto a = p();
      return {{"type", type}, {"a", a}, {"b", variant >= 2 ? near(a, thin) : p()}};
    }
    if (type == "line" || type == "ray") {
      auto direction = unit();
      if (variant == 2) for (double& x : direction) x *= 1e-7;
      return {{"type", type}, {"origin", p()}, {"direction", direction}};
    }
    if (type == "triangle") {
      auto a = p(), b = p(), c = p();
      if (variant == 1) c = near(along(a, b, uniform(0, 1)), thin);
      if (variant == 2) b = near(a, thin);
      if (variant == 3) c = along(a, b, 0.25);  // collinear
      return {{"type", type}, {"a", a}, {"b", b}, {"c", c}};
    }
    if (type == "aabb") {
      auto min = point(), max = min;
      for (int i = 0; i < 3; ++i) max[i] += (i == 0 && variant > 0) ? thin : uniform(0.1, 2);
      return {{"type", type}, {"min", min}, {"max", max}};
    }
    if (type == "obb") {
      auto x = unit(), t = unit();
      std::vector<double> y = {x[1] * t[2] - x[2] * t[1], x[2] * t[0] - x[0] * t[2], x[0] * t[1] - x[1] * t[0]};
      const double length = std::hypot(y[0], y[1], y[2]);
      for (double& v : y) v /= length;
      std::vector<double> z = {x[1] * y[2] - x[2] * y[1], x[2] * y[0] - x[0] * y[2], x[0] * y[1] - x[1] * y[0]};
      std::vector<double> extents = {variant > 0 ? thin : uniform(0.1, 2), uniform(0.1, 2), uniform(0.1, 2)};
      return {{"type", type}, {"center", point()}, {"axes", {x, y, z}}, {"half_extents", extents}};
    }
    if (type == "sphere") return {{"type", type}, {"center", point()}, {"radius", variant > 0 ? thin : uniform(0.1, 2)}};
    if (type == "plane") return {{"type", type}, {"normal", unit()}, {"d", uniform(-2, 2)}};
    if (type == "polygon") {
      const int n = 3 + pick(6);
      const double squash = variant > 0 ? thin + 1e-9 : 1;
      auto center = point_2d();
      std::vector<double> angles;
      for (int i = 0; i < n; ++i) angles.push_back(uniform(0, 6.283185307179586));
      std::sort(angles.begin(), angles.end());
      json vertices = json::array();
      for (double a : angles) vertices.push_back({center[0] + std::cos(a), center[1] + squash * std::sin(a)});
      return {{"type", type}, {"vertices", vertices}};
    }
    // polyhedron: points on a sphere, squashed into a sliver or a needle
    const int n = 4 + pick(12);
    auto center = point();
    json vertices = json::array();
    for (int i = 0; i < n; ++i) {
      auto u = unit();
      if (variant == 1) u[2] *= 1e-7;
      if (variant == 2) u[1] *= 1e-7, u[2] *= 1e-7;
      vertices.push_back({center[0] + u[0], center[1] + u[1], center[2] + u[2]});
    }
    return {{"type", type}, {"vertices", vertices}};
  }

 private:
  std::mt19937_64 engine_;
};

const std::vector<std::string> kConvex = {"segment", "triangle", "aabb", "obb", "sphere", "polyhedron"};
const std::vector<std::string> kLinear = {"line", "ray", "segment"};

std::vector<Case> make_cases(const std::string& precision) {
  CaseMaker make(precision == "float" ? 7 : 5);
  std::vector<Case> cases;
  int variant = 0;
  auto add = [&](json request, bool touching = false) {
    if (precision == "float") request["precision"] = "float";
    cases.push_back({std::move(request), touching, variant == 0});
  };
  for (int round = 0; round < 6; ++round) {
    for (variant = 0; variant < 4; ++variant) {
      for (const std::string type : {"line", "ray", "segment", "plane", "aabb", "obb", "sphere", "triangle", "polyhedron"}) {
        add({{"op", "closest_point"}, {"shape", make.shape(type, variant)}, {"point", make.point()}});
      }
      add({{"op", "closest_point"}, {"shape", make.shape("polygon", variant)}, {"point", make.point_2d()}});
      add({{"op", "signed_distance"}, {"plane", make.shape("plane", variant)}, {"point", make.point()}});
      for (const std::string type : {"aabb", "obb", "sphere", "polyhedron"}) {
        add({{"op", "contains"}, {"shape", make.shape(type, variant)}, {"point", make.point()}});
      }
      for (const std::string type : {"triangle", "polygon"}) {
        add({{"op", "contains"}, {"shape", make.shape(type, variant, true)}, {"point", make.point_2d()}});
      }
      for (const auto& a : kLinear) {
        for (const auto& b : kLinear) add({{"op", "closest_points"}, {"a", make.shape(a, variant)}, {"b", make.shape(b, 0)}});
      }
      for (const auto& a : kConvex) {
        for (const auto& b : kConvex) {
          add({{"op", "closest_points"}, {"a", make.shape(a, variant)}, {"b", make.shape(b, 0)}});
          for (const std::string method : {"sat", "gjk"}) {
            add({{"op", "overlap"}, {"method", method}, {"a", make.shape(a, variant)}, {"b", make.shape(b, 0)}});
          }
        }
      }
      add({{"op", "overlap"}, {"a", make.shape("polygon", variant)}, {"b", make.shape("polygon", 0)}});
      // Touching: boxes sharing a face, a point on a box.
      json box = make.shape("aabb", 0), other = make.shape("aabb", variant);
      const double shift = box["max"][0].get<double>() - other["min"][0].get<double>();
      other["min"][0] = box["max"][0];
      other["max"][0] = other["max"][0].get<double>() + shift;
      for (const std::string method : {"sat", "gjk"}) {
        add({{"op", "overlap"}, {"method", method}, {"a", box}, {"b", other}}, true);
      }
      add({{"op", "contains"}, {"shape", box}, {"point", {box["max"][0], box["min"][1], box["max"][2]}}}, true);
    }
  }
  return cases;
}

// The request with every length multiplied by `scale(x)`; plane normals and OBB axes kept.
void scale_lengths(json& value, const std::function<double(double)>& scale) {
  if (value.is_object()) {
    for (auto item = value.begin(); item != value.end(); ++item) {
      if (item.key() != "normal" && item.key() != "axes") scale_lengths(*item, scale);
    }
  } else if (value.is_array()) {
    for (auto& item : value) scale_lengths(item, scale);
  } else if (value.is_number()) {
    value = scale(value.get<double>());
  }
}
json scaled_request(json request, const std::function<double(double)>& scale) {
  for (const char* field : {"shape", "a", "b", "plane", "point"}) {
    if (request.contains(field)) scale_lengths(request[field], scale);
  }
  return request;
}

json answer(const json& request) {
  bool failed = false;
  return answer_request(request, 1, failed);
}

// Fields with no length in them: parameters, weights, unit axes, verdicts, counts.
const std::set<std::string> kDimensionless = {
    "id", "error", "feature", "a_feature", "b_feature", "t", "t_raw", "s", "s_raw", "degenerate", "parallel", "inside",
    "side", "barycentric", "region_dots", "intersecting", "overlap", "axis", "method", "gjk_iterations",
    "epa_iterations", "first_separating_axis", "axis_tests", "face_axes_would_be_wrong", "separating_edge",
    "separating_face"};

// Compares `scaled` with `unit` times 2^(exponent * dimension), field by field.
void expect_power_of_two_scaled(const json& unit, const json& scaled, int exponent, int dimension,
                                const std::string& path) {
  if (unit.is_object()) {
    ASSERT_TRUE(scaled.is_object()) << path;
    for (auto item = unit.begin(); item != unit.end(); ++item) {
      const int field_dimension = length_dimension(item.key());
      EXPECT_TRUE(field_dimension > 0 || kDimensionless.count(item.key()) || path != "") << "unknown field " << item.key();
      ASSERT_TRUE(scaled.contains(item.key())) << path << "." << item.key();
      expect_power_of_two_scaled(*item, scaled[item.key()], exponent, field_dimension, path + "." + item.key());
    }
  } else if (unit.is_array()) {
    ASSERT_EQ(unit.size(), scaled.size()) << path;
    for (std::size_t i = 0; i < unit.size(); ++i) expect_power_of_two_scaled(unit[i], scaled[i], exponent, dimension, path);
  } else if (unit.is_number_float()) {
    EXPECT_EQ(scaled.get<double>(), std::ldexp(unit.get<double>(), exponent * dimension)) << path;
  } else {
    EXPECT_EQ(unit, scaled) << path;
  }
}

// `value` without the fields (products of 4 lengths) that 2^(4 * exponent) takes past a
// double: the answer leaves them out.
json without_overflowing_fields(json value, int exponent) {
  for (auto item = value.begin(); value.is_object() && item != value.end();) {
    if (item->is_object()) *item = without_overflowing_fields(*item, exponent);
    const bool overflows =
        item->is_number() && !std::isfinite(std::ldexp(item->get<double>(), exponent * length_dimension(item.key())));
    item = overflows ? value.erase(item) : std::next(item);
  }
  return value;
}

void expect_invariant_under_powers_of_two(const std::string& precision, std::initializer_list<int> exponents) {
  const auto cases = make_cases(precision);
  int answered = 0;
  for (const auto& c : cases) {
    const json unit = answer(c.request);
    answered += unit.contains("error") ? 0 : 1;
    for (int exponent : exponents) {
      const json request = scaled_request(c.request, [&](double x) { return std::ldexp(x, exponent); });
      const json scaled = answer(request);
      SCOPED_TRACE("2^" + std::to_string(exponent) + ": " + request.dump() + "\nunit: " + unit.dump() +
                   "\nscaled: " + scaled.dump());
      expect_power_of_two_scaled(without_overflowing_fields(unit, exponent), scaled, exponent, 0, "");
      if (::testing::Test::HasFailure()) return;
    }
  }
  EXPECT_GT(answered, int(cases.size()) * 3 / 4);
}

TEST(ScaleRange, DoubleAnswersScaleExactlyWithPowersOfTwo) {
  expect_invariant_under_powers_of_two("double", {-480, -400, -100, 100, 400, 480});
}

TEST(ScaleRange, FloatAnswersScaleExactlyWithPowersOfTwo) {
  expect_invariant_under_powers_of_two("float", {-55, 55});
}

// Decimal scales round every coordinate, so lengths agree within a tolerance relative to
// the query's size, and verdicts and features agree except on cases built to touch, where
// one rounding error decides.
// Slivers and needles (1e-7 thin) lose digits to their shape (a face normal to 1e-9) and
// tie features (two edges meeting at the closest vertex): of them only the verdicts are
// compared, within a looser tolerance. In float, 1e-7 is a rounding: they are skipped.
void expect_invariant_under_powers_of_ten(const std::string& precision, std::initializer_list<double> scales,
                                          double tolerance) {
  int compared = 0;
  for (const auto& c : make_cases(precision)) {
    const json unit = answer(c.request);
    if (unit.contains("error") || (precision == "float" && !c.well_shaped)) continue;
    double size = 0;
    scaled_request(c.request, [&](double x) { return size = std::max(size, std::fabs(x)), x; });
    for (double scale : scales) {
      const json request = scaled_request(c.request, [&](double x) { return x * scale; });
      const json scaled = answer(request);
      SCOPED_TRACE(std::to_string(scale) + ": " + request.dump() + "\nunit: " + unit.dump() + "\nscaled: " + scaled.dump());
      ASSERT_FALSE(scaled.contains("error"));
      ++compared;
      if (c.touching) continue;
      for (const char* verdict : {"overlap", "inside", "feature", "a_feature", "b_feature"}) {
        if (unit.contains(verdict) && (c.well_shaped || !std::string(verdict).ends_with("feature"))) {
          EXPECT_EQ(unit[verdict], scaled[verdict]) << verdict;
        }
      }
      const double slack = c.well_shaped ? tolerance : tolerance * 1e3;
      for (const char* length : {"distance", "depth", "separation"}) {
        if (!unit.contains(length)) continue;
        EXPECT_NEAR(scaled[length].get<double>() / scale, unit[length].get<double>(), slack * size) << length;
      }
    }
  }
  EXPECT_GT(compared, 1000);
}

TEST(ScaleRange, DoubleAnswersAgreeAtDecimalScales) {
  expect_invariant_under_powers_of_ten("double", {1e-120, 1e-30, 1e30, 1e120}, 1e-9);
}

TEST(ScaleRange, FloatAnswersAgreeAtDecimalScales) {
  expect_invariant_under_powers_of_ten("float", {1e-12, 1e12}, 1e-3);
}

json answer_line(const std::string& line) { return answer(json::parse(line)); }

TEST(ScaleRange, BoxesAt1e77HaveADepthAndOverlap) {
  const std::string box = R"({"type":"obb","center":[0,0,0],"axes":[[1,0,0],[0,1,0],[0,0,1]],"half_extents":[1e77,1e77,1e77]})";
  const std::string moved = R"({"type":"obb","center":[1e77,0,0],"axes":[[1,0,0],[0,1,0],[0,0,1]],"half_extents":[1e77,1e77,1e77]})";
  const json points = answer_line(R"({"op":"closest_points","a":)" + box + R"(,"b":)" + moved + "}");
  ASSERT_TRUE(points["depth"].is_number()) << points;
  EXPECT_DOUBLE_EQ(points["depth"].get<double>(), 1e77);
  const json overlap = answer_line(
      R"({"op":"overlap","method":"gjk","a":{"type":"aabb","min":[-1e77,-1e77,-1e77],"max":[1e77,1e77,1e77]},)"
      R"("b":{"type":"aabb","min":[0,0,0],"max":[2e77,2e77,2e77]}})");
  EXPECT_EQ(overlap["overlap"], true) << overlap;
  EXPECT_DOUBLE_EQ(overlap["depth"].get<double>(), 1e77);
}

TEST(ScaleRange, FloatDepthAt2e9IsTheOverlap) {
  const json points = answer_line(
      R"({"op":"closest_points","precision":"float","a":{"type":"aabb","min":[-2e9,-2e9,-2e9],"max":[2e9,2e9,2e9]},)"
      R"("b":{"type":"aabb","min":[1e9,-2e9,-2e9],"max":[5e9,2e9,2e9]}})");
  EXPECT_FLOAT_EQ(float(points["depth"].get<double>()), 1e9f) << points;
}

TEST(ScaleRange, TinyShapesApartAreApart) {
  const json triangles = answer_line(
      R"({"op":"overlap","a":{"type":"triangle","a":[0,0,0],"b":[1e-140,0,0],"c":[0,1e-140,0]},)"
      R"("b":{"type":"triangle","a":[0,0,1e-140],"b":[1e-140,0,1e-140],"c":[0,1e-140,1e-140]}})");
  EXPECT_EQ(triangles["overlap"], false) << triangles;
  EXPECT_DOUBLE_EQ(triangles["separation"].get<double>(), 1e-140);
  const json tetrahedra = answer_line(
      R"({"op":"closest_points","a":{"type":"polyhedron","vertices":[[0,0,0],[1e-140,0,0],[0,1e-140,0],[0,0,1e-140]]},)"
      R"("b":{"type":"polyhedron","vertices":[[3e-140,0,0],[4e-140,0,0],[3e-140,1e-140,0],[3e-140,0,1e-140]]}})");
  EXPECT_EQ(tetrahedra["overlap"], false) << tetrahedra;
  EXPECT_DOUBLE_EQ(tetrahedra["distance"].get<double>(), 2e-140);
}

TEST(ScaleRange, QueriesOutsideTheRangeAreOutOfRangeErrors) {
  const json huge = answer_line(R"({"op":"closest_point","shape":{"type":"sphere","center":[1e200,0,0],"radius":1},"point":[0,0,0]})");
  EXPECT_EQ(huge["error"], "line 1: shape.center[0]: 1e+200 is larger than 1e+150, the largest magnitude "
                           "a double query takes");
  const json tiny = answer_line(R"({"op":"contains","shape":{"type":"aabb","min":[0,0,0],"max":[1e-200,1e-200,1e-200]},"point":[0,0,0]})");
  EXPECT_EQ(tiny["error"], "line 1: shape.max[0]: 1e-200 is the query's largest magnitude, below 1e-150, "
                           "the smallest size a double query takes");
  const json float_huge = answer_line(R"({"op":"signed_distance","precision":"float","plane":{"type":"plane","normal":[0,0,1],"d":1e20},"point":[0,0,0]})");
  EXPECT_EQ(float_huge["error"], "line 1: plane.d: 1e+20 is larger than 1e+18, the largest magnitude "
                                 "a float query takes");
  const json zero = answer_line(R"({"op":"closest_point","shape":{"type":"sphere","center":[0,0,0],"radius":0},"point":[0,0,0]})");
  EXPECT_FALSE(zero.contains("error")) << zero;
}

TEST(ScaleRange, ABadRequestIsQuotedAsWritten) {
  const json answer = answer_line(R"({"op":"contains","shape":{"type":"polygon","vertices":[[0,0],[4,0],[0,4]]},"point":[1,1,3]})");
  EXPECT_EQ(answer["error"], "line 1: point: a 2D point must have z = 0, got z = 3");
}

TEST(ScaleRange, ANonFiniteNumberIsAnErrorNotNull) {
  nlohmann::ordered_json computed = {{"point", {1.0, std::nan(""), 0.0}}};
  EXPECT_THROW(scale_answer(computed, 0), JsonInputError);
  nlohmann::ordered_json overflowing = {{"distance_squared", 1e300}};
  try {
    scale_answer(overflowing, 100);
    FAIL() << overflowing;
  } catch (const JsonInputError& e) {
    EXPECT_EQ(std::string(e.what()), "distance_squared: about 1e360 does not fit a double");
  }
  nlohmann::ordered_json product = {{"region_dots", {{"d1", 1.0}, {"va", 1e300}}}};
  scale_answer(product, 100);  // a product of 4 lengths past a double is left out
  EXPECT_EQ(product, (nlohmann::ordered_json{{"region_dots", {{"d1", 0x1p200}}}}));
}

}  // namespace
