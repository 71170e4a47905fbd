// Float against double: every sample's opening state compares number by number with finite
// differences, known float roundings come out as their exact ulps, names and verdicts that
// differ are flagged, and far from the origin the float answer visibly moves.
#include "app/host/precision_compare.h"
#include "collision_lab/query/query_lines.h"
#include "collision_lab/query/runner.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>
#include <vector>

namespace {

using nlohmann::ordered_json;

constexpr double kInfinity = std::numeric_limits<double>::infinity();

// The paths of the numbers with a fraction in an answer, named as the comparison names them.
void number_paths(const ordered_json& value, const std::string& path, std::vector<std::string>& out) {
  if (value.is_number_float()) {
    out.push_back(path);
  } else if (value.is_object()) {
    for (const auto& [key, child] : value.items()) {
      if (path.empty() && key == "id") continue;
      number_paths(child, path.empty() ? key : path + "." + key, out);
    }
  } else if (value.is_array()) {
    for (std::size_t i = 0; i < value.size(); ++i) number_paths(value[i], path + "[" + std::to_string(i) + "]", out);
  }
}

const PrecisionRow* find_row(const PrecisionComparison& comparison, const std::string& field) {
  for (const auto& row : comparison.rows) {
    if (row.field == field) return &row;
  }
  return nullptr;
}

// A sample of one query line, answered in double by the runner itself.
class OneLineSample final : public Sample {
 public:
  explicit OneLineSample(ordered_json line) : line_(std::move(line)) {}
  void draw(DebugDraw&) const override {}
  std::vector<AnsweredQuery> queries() const override {
    return {{line_, [line = line_] {
               bool failed = false;
               ordered_json answer = query::answer_request(line, 1, failed);
               answer.erase("id");
               return answer;
             }}};
  }

 private:
  ordered_json line_;
};

TEST(PrecisionCompare, EverySampleHasAFiniteRowPerNumberOfItsOpeningAnswer) {
  for (const auto& info : sample_registry()) {
    auto sample = info.make();
    sample->update(0);
    std::vector<std::string> expected;
    for (const auto& answer : sample_results(*sample)) number_paths(answer, "", expected);
    const PrecisionComparison comparison = compare_precision(*sample);
    std::vector<std::string> numeric;  // without the line's name where there are several
    for (const auto& row : comparison.rows) {
      if (!row.numeric) continue;
      const auto named = row.field.find(": ");
      numeric.push_back(named == std::string::npos ? row.field : row.field.substr(named + 2));
      EXPECT_TRUE(std::isfinite(row.absolute_difference)) << info.id << " " << row.field;
      EXPECT_TRUE(std::isfinite(row.ulps)) << info.id << " " << row.field;
      EXPECT_GE(row.ulps, 0) << info.id << " " << row.field;
      // The float column is the float answer: every value is a float's.
      EXPECT_EQ(row.float_value, double(float(row.float_value))) << info.id << " " << row.field;
    }
    EXPECT_FALSE(expected.empty()) << info.id;
    EXPECT_EQ(numeric, expected) << info.id;
  }
}

TEST(PrecisionCompare, TheFloatNearestATenthIsAKnownNumberOfUlpsAway) {
  // 0.1f = 13421773·2⁻²⁷ and 0.1 = 7205759403792794·2⁻⁵⁶: they differ by 107374182·2⁻⁵⁶,
  // and 2⁻⁵⁶ is the spacing of doubles in [1/16, 1/8).
  const auto rows = compare_answers(ordered_json{{"x", 0.1}}, ordered_json{{"x", double(0.1f)}});
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_TRUE(rows[0].numeric);
  EXPECT_EQ(rows[0].field, "x");
  EXPECT_EQ(rows[0].ulps, 107374182.0);
  EXPECT_EQ(rows[0].absolute_difference, 107374182.0 * std::ldexp(1.0, -56));
}

TEST(PrecisionCompare, AQueryLineAnsweredInFloatThroughTheRunner) {
  // The foot of (0.1, 0.3) on the x axis is (0.1, 0) and its distance 0.3: in float,
  // 0.1f and 0.3f exactly. 0.3f − 0.3 is 214748365 spacings of 2⁻⁵⁴.
  const OneLineSample sample(query::signed_distance_line("p", geo::Plane<double>{{0, 1, 0}, 0}, {0.1, 0.3, 0}));
  const PrecisionComparison comparison = compare_precision(sample);
  const PrecisionRow* distance = find_row(comparison, "distance");
  const PrecisionRow* x = find_row(comparison, "point[0]");
  const PrecisionRow* side = find_row(comparison, "side");
  ASSERT_TRUE(distance && x && side);
  EXPECT_EQ(distance->double_value, 0.3);
  EXPECT_EQ(distance->float_value, double(0.3f));
  EXPECT_EQ(distance->ulps, 214748365.0);
  EXPECT_EQ(x->ulps, 107374182.0);
  EXPECT_FALSE(side->numeric);
  EXPECT_FALSE(side->differs);
  ASSERT_EQ(comparison.float_points.size(), 1u);
  EXPECT_EQ(comparison.float_points[0], glm::dvec3(double(0.1f), 0, 0));
}

TEST(PrecisionCompare, UlpsAtZeroAndAtInfinityNeverDivideByZero) {
  EXPECT_EQ(ulp_of(1.0), std::ldexp(1.0, -52));
  EXPECT_EQ(ulp_of(-1.0), std::ldexp(1.0, -52));
  EXPECT_EQ(ulp_of(0.0), std::numeric_limits<double>::denorm_min());
  EXPECT_EQ(ulp_of(std::numeric_limits<double>::max()), std::ldexp(1.0, 971));
  // Counted at the double answer: just below 1 doubles are 2⁻⁵³ apart, just above 2⁻⁵².
  EXPECT_EQ(ulps_between(1 - std::ldexp(1.0, -40), 1), 8192);
  EXPECT_EQ(ulps_between(1 + std::ldexp(1.0, -40), 1), 4096);
  EXPECT_EQ(ulps_between(0, 0), 0);
  // At zero the difference is counted in ulps of the float answer: 2⁻³⁰ is 2⁵² of its ulps.
  EXPECT_EQ(ulps_between(0, std::ldexp(1.0, -30)), std::ldexp(1.0, 52));
  EXPECT_EQ(ulps_between(kInfinity, kInfinity), 0);
  EXPECT_EQ(ulps_between(1, kInfinity), kInfinity);
  EXPECT_EQ(ulps_between(kInfinity, 1), kInfinity);
  EXPECT_EQ(ulps_between(-kInfinity, kInfinity), kInfinity);
  const auto rows = compare_answers(ordered_json{{"t", 1.0}}, ordered_json{{"t", kInfinity}});
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_EQ(rows[0].absolute_difference, kInfinity);
  EXPECT_EQ(rows[0].ulps, kInfinity);
}

TEST(PrecisionCompare, RowsNameTheirLineWhereASampleHasSeveral) {
  auto sample = find_sample("gjk-epa")->make();  // A-B twice: its overlap, its closest points
  sample->update(0);
  ASSERT_EQ(sample->queries().size(), 2u);
  const PrecisionComparison comparison = compare_precision(*sample);
  EXPECT_TRUE(find_row(comparison, "A-B overlap: separation"));
  EXPECT_TRUE(find_row(comparison, "A-B closest_points: a_point[0]"));
  EXPECT_EQ(comparison.float_points.size(), 2u);  // a_point and b_point
  auto tutorial = find_sample("tutorial-ray")->make();  // one line per point, each its own id
  tutorial->update(0);
  EXPECT_TRUE(find_row(compare_precision(*tutorial), "p1: point[0]"));
}

TEST(PrecisionCompare, NamesVerdictsAndFieldsOnlyOneAnswerHasAreFlagged) {
  const ordered_json d = {{"id", "A-B"}, {"overlap", true}, {"feature", "edge ab"}, {"depth", 0.25}, {"axis_tests", 15}};
  const ordered_json f = {{"id", "A-B"}, {"overlap", false}, {"feature", "edge ab"}, {"axis_tests", 15}, {"separation", 0.5}};
  const auto rows = compare_answers(d, f);
  ASSERT_EQ(rows.size(), 5u);  // the id is no field of the answer
  EXPECT_EQ(rows[0].field, "overlap");
  EXPECT_TRUE(rows[0].differs);
  EXPECT_EQ(rows[0].double_text, "true");
  EXPECT_EQ(rows[0].float_text, "false");
  EXPECT_EQ(rows[1].field, "feature");
  EXPECT_FALSE(rows[1].differs);
  EXPECT_EQ(rows[2].field, "depth");  // a number the float answer does not have
  EXPECT_FALSE(rows[2].numeric);
  EXPECT_TRUE(rows[2].differs);
  EXPECT_EQ(rows[2].float_text, "absent");
  EXPECT_EQ(rows[3].field, "axis_tests");  // counts are compared exactly
  EXPECT_FALSE(rows[3].numeric);
  EXPECT_FALSE(rows[3].differs);
  EXPECT_EQ(rows[4].field, "separation");
  EXPECT_TRUE(rows[4].differs);
  EXPECT_EQ(rows[4].double_text, "absent");
}

TEST(PrecisionCompare, FarFromTheOriginTheFloatAnswerVisiblyMoves) {
  // Every handle of the triangle sample moved 10⁷ away, where floats are 1 apart.
  auto sample = find_sample("closest-point-triangle")->make();
  sample->update(0);
  const glm::dvec3 far_away(1e7, 1e7, 1e7);
  for (std::size_t h = 0; h < sample->handles().size(); ++h) {
    const Handle handle = sample->handles()[h];
    ASSERT_TRUE(handle.move_to(handle.position + far_away)) << handle.label;
  }
  sample->update(0);
  const PrecisionComparison comparison = compare_precision(*sample);
  const ordered_json double_answer = sample_results(*sample)[0];
  const glm::dvec3 double_point(double_answer["point"][0], double_answer["point"][1], double_answer["point"][2]);
  double largest_ulps = 0;
  for (int k = 0; k < 3; ++k) {
    const PrecisionRow* row = find_row(comparison, "point[" + std::to_string(k) + "]");
    ASSERT_TRUE(row);
    EXPECT_TRUE(std::isfinite(row->ulps));
    largest_ulps = std::max(largest_ulps, row->ulps);
  }
  EXPECT_GT(largest_ulps, 1e6);  // a double at 10⁷ is 2⁻²⁹ apart from the next
  ASSERT_EQ(comparison.float_points.size(), 1u);
  EXPECT_GT(glm::length(comparison.float_points[0] - double_point), 0.05);
}

}  // namespace
