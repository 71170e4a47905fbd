// place_labels: no label over another, over a kept-clear rectangle or past the bounds;
// moved labels say so (a leader line), crowded centred labels are left out.
#include "app/shell/label_layout.h"

#include <gtest/gtest.h>

#include <random>

namespace {

const ScreenRect kBounds{0, 0, 800, 500};

ScreenRect grown_point(const ScreenRect& point) { return {point.x - 1, point.y - 1, 2, 2}; }

// Apart from each other and inside the bounds; clear of every kept-clear rectangle but
// one around the label's own point (its handle), and never over that point itself.
void expect_apart(const std::vector<LabelToPlace>& labels, const std::vector<PlacedLabel>& placed,
                  const std::vector<ScreenRect>& keep_clear) {
  for (std::size_t i = 0; i < placed.size(); ++i) {
    if (!placed[i].shown) continue;
    EXPECT_TRUE(kBounds.contains(placed[i].rect)) << i;
    const ScreenRect point{labels[i].anchor_x, labels[i].anchor_y, 0, 0};
    if (!labels[i].centred) {
      EXPECT_FALSE(placed[i].rect.overlaps(grown_point(point))) << i;
    }
    for (const ScreenRect& clear : keep_clear) {
      const ScreenRect middle{clear.x + clear.width / 3, clear.y + clear.height / 3, clear.width / 3, clear.height / 3};
      if (!labels[i].centred && middle.contains(point)) continue;
      EXPECT_FALSE(placed[i].rect.overlaps(clear)) << i;
    }
    for (std::size_t j = i + 1; j < placed.size(); ++j) {
      if (placed[j].shown) {
        EXPECT_FALSE(placed[i].rect.overlaps(placed[j].rect)) << i << " and " << j;
      }
    }
  }
}

TEST(LabelLayout, AFreeLabelSitsUpAndRightOfItsPointWithoutALeader) {
  const std::vector<LabelToPlace> labels = {{400, 250, 40, 16, false}};
  const auto placed = place_labels(labels, {}, kBounds, 8);
  ASSERT_TRUE(placed[0].shown);
  EXPECT_FALSE(placed[0].leader);
  EXPECT_FLOAT_EQ(placed[0].rect.x, 408);
  EXPECT_FLOAT_EQ(placed[0].rect.bottom(), 242);
}

TEST(LabelLayout, ALabelSitsBesideItsOwnHandleWithoutALeader) {
  const std::vector<ScreenRect> handles = {{392, 242, 16, 16}};  // larger than the gap
  const std::vector<LabelToPlace> labels = {{400, 250, 40, 16, false}};
  const auto placed = place_labels(labels, handles, kBounds, 6);
  ASSERT_TRUE(placed[0].shown);
  EXPECT_FALSE(placed[0].leader);
  EXPECT_FLOAT_EQ(placed[0].rect.x, 406);
  // Another point's label keeps clear of that handle.
  const std::vector<LabelToPlace> other = {{380, 262, 40, 16, false}};
  EXPECT_FALSE(place_labels(other, handles, kBounds, 6)[0].rect.overlaps(handles[0]));
}

// Ends of a line through the label's spot up and to the right, the first spot tried.
const std::vector<ScreenSegment> kLineUpRight = {{380, 270, 520, 130}};

TEST(LabelLayout, ALabelMovesOffALineToAnotherSpotBesideItsPoint) {
  const std::vector<LabelToPlace> labels = {{400, 250, 40, 16, false}};
  const auto placed = place_labels(labels, {}, kBounds, 8, kLineUpRight);
  ASSERT_TRUE(placed[0].shown);
  EXPECT_FALSE(placed[0].leader);  // still beside its point, in the first ring
  const ScreenRect first_choice{408, 226, 40, 16};
  EXPECT_FALSE(placed[0].rect.overlaps(first_choice));
  EXPECT_FLOAT_EQ(placed[0].rect.x, 352);  // up and to the left, the next spot in order
}

TEST(LabelLayout, ALineNeverPushesALabelOntoAnotherOrAHandle) {
  // Every spot of the first ring but the one on the line is taken by a handle.
  std::vector<ScreenRect> handles;
  for (const ScreenRect& spot : {ScreenRect{352, 226, 40, 16}, ScreenRect{408, 258, 40, 16},
                                 ScreenRect{352, 258, 40, 16}, ScreenRect{408, 242, 40, 16},
                                 ScreenRect{352, 242, 40, 16}, ScreenRect{380, 226, 40, 16},
                                 ScreenRect{380, 258, 40, 16}}) {
    handles.push_back(spot);
  }
  const std::vector<LabelToPlace> labels = {{400, 250, 40, 16, false}};
  const auto placed = place_labels(labels, handles, kBounds, 8, kLineUpRight);
  ASSERT_TRUE(placed[0].shown);
  for (const ScreenRect& handle : handles) EXPECT_FALSE(placed[0].rect.overlaps(handle));
}

TEST(LabelLayout, LabelsOfOnePointAreAllShownApart) {
  std::vector<LabelToPlace> labels(12, LabelToPlace{400, 250, 60, 16, false});
  const auto placed = place_labels(labels, {}, kBounds, 8);
  for (const auto& label : placed) EXPECT_TRUE(label.shown);
  expect_apart(labels, placed, {});
  // The first four take the corners around the point, the rest need a line back to it.
  for (std::size_t i = 0; i < 4; ++i) EXPECT_FALSE(placed[i].leader) << i;
  for (std::size_t i = 4; i < placed.size(); ++i) EXPECT_TRUE(placed[i].leader) << i;
}

TEST(LabelLayout, ALabelAtTheEdgeTurnsInward) {
  const std::vector<LabelToPlace> labels = {{795, 5, 60, 16, false}};
  const auto placed = place_labels(labels, {}, kBounds, 8);
  ASSERT_TRUE(placed[0].shown);
  EXPECT_TRUE(kBounds.contains(placed[0].rect));
  EXPECT_LT(placed[0].rect.right(), 795);  // left of its point
  EXPECT_GT(placed[0].rect.y, 5);          // below it
}

TEST(LabelLayout, HandlesAndLabelledPointsStayUncovered) {
  const std::vector<ScreenRect> handles = {{405, 225, 30, 30}, {360, 225, 30, 30}};
  const std::vector<LabelToPlace> labels = {{400, 250, 60, 16, false}, {420, 262, 60, 16, false}};
  const auto placed = place_labels(labels, handles, kBounds, 8);
  expect_apart(labels, placed, handles);
  const ScreenRect second_point{419, 261, 2, 2};
  EXPECT_FALSE(placed[0].rect.overlaps(second_point));
}

TEST(LabelLayout, CentredLabelsArePushedInsideOrLeftOut) {
  const std::vector<LabelToPlace> labels = {
      {400, 250, 60, 16, false},  // beside its point: placed first, wherever it is in the list
      {0, 100, 20, 16, true},     // a grid number on the left edge: pushed inside
      {2, 104, 20, 16, true},     // another on top of it: left out
      {410, 240, 30, 16, true},   // where the first label is: left out
  };
  const auto placed = place_labels(labels, {}, kBounds, 8);
  ASSERT_TRUE(placed[0].shown && placed[1].shown);
  EXPECT_FLOAT_EQ(placed[1].rect.x, 0);
  EXPECT_FLOAT_EQ(placed[1].rect.y, 92);
  EXPECT_FALSE(placed[2].shown);
  EXPECT_FALSE(placed[3].shown);
}

TEST(LabelLayout, SeededCrowdsNeverOverlap) {
  std::mt19937 random(7);
  std::uniform_real_distribution<float> x(0, 800), y(0, 500), width(10, 120);
  for (int round = 0; round < 50; ++round) {
    std::vector<LabelToPlace> labels;
    std::vector<ScreenRect> handles;
    for (int i = 0; i < 25; ++i) labels.push_back({x(random), y(random), width(random), 16, i % 5 == 0});
    for (int i = 0; i < 10; ++i) handles.push_back({x(random), y(random), 20, 20});
    const auto placed = place_labels(labels, handles, kBounds, 6);
    // With room to spare, every label beside a point finds a free spot.
    for (std::size_t i = 0; i < labels.size(); ++i) {
      if (!labels[i].centred) {
        EXPECT_TRUE(placed[i].shown);
      }
    }
    expect_apart(labels, placed, handles);
  }
}

TEST(LabelLayout, ThousandsOfLabelsArePlaced) {
  std::vector<LabelToPlace> labels;
  for (int i = 0; i < 4096; ++i) labels.push_back({float(i % 64) * 12, float(i / 64) * 8, 30, 16, false});
  const auto placed = place_labels(labels, {}, kBounds, 6);
  EXPECT_EQ(placed.size(), labels.size());
  for (const auto& label : placed) EXPECT_TRUE(kBounds.contains(label.rect));
}

TEST(LabelLayout, TheLeaderEndsOnTheLabelsNearestEdge) {
  float x = 0, y = 0;
  nearest_point({100, 100, 50, 20}, 90, 130, x, y);
  EXPECT_FLOAT_EQ(x, 100);
  EXPECT_FLOAT_EQ(y, 120);
  nearest_point({100, 100, 50, 20}, 120, 110, x, y);  // inside: itself
  EXPECT_FLOAT_EQ(x, 120);
  EXPECT_FLOAT_EQ(y, 110);
}

}  // namespace
