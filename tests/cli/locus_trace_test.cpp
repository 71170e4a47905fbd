// The locus trace explain view (app/explain/locus_trace.h) fed as the host feeds it: a
// closest-point sample whose P is dragged, then let go.
#include "app/explain/explain_views.h"
#include "collision_lab/closest_point.h"

#include <gtest/gtest.h>

#include <cmath>

namespace {

constexpr double kFrame = 1.0 / 60;

struct Dragged {
  std::unique_ptr<Sample> sample = find_sample("closest-point-segment")->make();
  ExplainViews views;
  std::size_t p = sample->explained()->point.index;
  std::string p_name = sample->state.points[p].name;

  // P moved to `to` (as a drag of `handle` moves it), then one frame of the host.
  void frame(const glm::dvec3& to, const std::string& handle) {
    sample->state.points[p].position = to;
    sample->update(kFrame);
    views.update(*sample, handle, kFrame);
  }
  glm::dvec3 closest() const {
    const auto& segment = std::get<geo::Segment<double>>(sample->state.shapes[sample->explained()->shape_index].shape);
    return geo::closest_point(segment, sample->state.points[p].position).point;
  }
};

TEST(LocusTrace, HoldsTheClosestPointsOfADragOfP) {
  Dragged d;
  std::vector<glm::dvec3> expected;
  for (int i = 0; i < 40; ++i) {
    d.frame({-8 + 0.4 * i, 3 * std::sin(i * 0.3), 0}, d.p_name);
    if (expected.empty() || expected.back() != d.closest()) expected.push_back(d.closest());
  }
  EXPECT_EQ(d.views.locus_trace().points(), expected);
  EXPECT_GT(expected.size(), 20u);
  EXPECT_FLOAT_EQ(d.views.locus_trace().opacity(), 1.0f);
  EXPECT_TRUE(d.views.animating());
}

TEST(LocusTrace, FadesAndEndsAfterTheDrag) {
  Dragged d;
  for (int i = 0; i < 10; ++i) d.frame({0.5 * i, 4, 0}, d.p_name);
  const auto traced = d.views.locus_trace().points();
  d.frame({4.5, 4, 0}, "");  // let go where the drag ended
  EXPECT_EQ(d.views.locus_trace().points(), traced);
  float last = d.views.locus_trace().opacity();
  EXPECT_LT(last, 1.0f);
  for (int i = 0; i < 60; ++i) {
    d.frame({4.5, 4, 0}, "");
    EXPECT_LT(d.views.locus_trace().opacity(), last);
    last = d.views.locus_trace().opacity();
  }
  EXPECT_GT(last, 0.0f);  // one second in: half faded
  for (int i = 0; i < 70; ++i) d.frame({4.5, 4, 0}, "");
  EXPECT_TRUE(d.views.locus_trace().points().empty());
  EXPECT_FALSE(d.views.animating());
}

TEST(LocusTrace, ANewDragStartsANewTrace) {
  Dragged d;
  for (int i = 0; i < 10; ++i) d.frame({0.5 * i, 4, 0}, d.p_name);
  d.frame({4.5, 4, 0}, "");
  d.frame({-3, -3, 0}, d.p_name);
  ASSERT_EQ(d.views.locus_trace().points().size(), 1u);
  EXPECT_EQ(d.views.locus_trace().points()[0], d.closest());
}

TEST(LocusTrace, AMoveThatIsNoDragOfPLeavesNoStaleTrace) {
  Dragged d;
  for (int i = 0; i < 10; ++i) d.frame({0.5 * i, 4, 0}, d.p_name);
  d.frame({-6, 1, 0}, "");  // an undo, a typed value: P is elsewhere at once
  EXPECT_TRUE(d.views.locus_trace().points().empty());
  for (int i = 0; i < 10; ++i) d.frame({0.5 * i, 4, 0}, "segment.a");  // another handle dragged
  EXPECT_TRUE(d.views.locus_trace().points().empty());
}

TEST(LocusTrace, ClearEmptiesIt) {
  Dragged d;
  for (int i = 0; i < 10; ++i) d.frame({0.5 * i, 4, 0}, d.p_name);
  ASSERT_FALSE(d.views.locus_trace().points().empty());
  d.views.clear();
  EXPECT_TRUE(d.views.locus_trace().points().empty());
  EXPECT_FALSE(d.views.animating());
}

TEST(LocusTrace, KeepsOnlyTheLatestPoints) {
  LocusTrace trace;
  for (std::size_t i = 0; i < LocusTrace::kMaxPoints + 100; ++i) trace.update(true, {double(i), 0, 0}, kFrame);
  ASSERT_EQ(trace.points().size(), LocusTrace::kMaxPoints);
  EXPECT_EQ(trace.points().front().x, 100.0);
  EXPECT_EQ(trace.points().back().x, double(LocusTrace::kMaxPoints + 99));
}

// The plane and hull samples answer on the shape as the query tool reads it: so does the trace.
TEST(LocusTrace, FollowsTheSamplesOwnAnswerOnAHull) {
  auto sample = find_sample("closest-point-polyhedron")->make();
  ExplainViews views;
  const auto query = *sample->explained();
  auto& p = sample->state.points[query.point.index];
  for (int i = 0; i < 20; ++i) {
    p.position = {4 * std::cos(i * 0.2), 4 * std::sin(i * 0.2), 1.5};
    sample->update(kFrame);
    views.update(*sample, p.name, kFrame);
    const auto answer = sample_results(*sample)[0]["point"];
    EXPECT_EQ(views.locus_trace().points().back(), glm::dvec3(answer[0], answer[1], answer[2])) << i;
  }
}

}  // namespace
