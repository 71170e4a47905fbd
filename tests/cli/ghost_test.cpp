// Pinning a ghost: the figure as it was stays, faint and without labels, under the live one
// while the state changes, a reset or the same sample's next scene keeps it, and another
// sample drops it. Presenter cards keep clear of the cards placed before them.
#include "app/host/sample_host.h"
#include "app/shell/presenter.h"

#include <gtest/gtest.h>

namespace {
using nlohmann::json;

// How many points and labels a frame of the host draws (flush without a GL context only counts).
std::pair<std::size_t, std::size_t> drawn(SampleHost& host) {
  host.build_draw_list({0, 0, 1280, 800}, 1);
  const std::size_t labels = host.draw_list().labels().size();
  host.render();
  return {host.draw_list().stats().points, labels};
}

TEST(Ghost, ThePinnedFigureStaysUnderTheLiveOneUntilAnotherSample) {
  SampleHost host;
  ASSERT_TRUE(host.select("closest-point-triangle"));
  host.update(0);
  const auto [points_alone, labels_alone] = drawn(host);
  const nlohmann::ordered_json pinned_state = state_json(host.sample()->state);
  host.pin();
  ASSERT_NE(host.ghost(), nullptr);
  const auto [points_with_ghost, labels_with_ghost] = drawn(host);
  EXPECT_GT(points_with_ghost, points_alone) << "the ghost's points are drawn too";
  EXPECT_EQ(labels_with_ghost, labels_alone) << "but none of its labels";

  const SampleState before = host.sample()->state;
  host.sample()->state.points[0].position.x += 2;
  host.sample()->update(0);
  host.record_edit("Edit values", before);
  EXPECT_EQ(state_json(host.ghost()->state), pinned_state) << "the ghost is the figure as it was";
  EXPECT_NE(state_json(host.sample()->state), pinned_state);
  EXPECT_NE(sample_results(*host.ghost()), sample_results(*host.sample()));

  host.reset();
  EXPECT_NE(host.ghost(), nullptr) << "a reset keeps it: before and after";
  host.unpin();
  EXPECT_EQ(host.ghost(), nullptr);
  host.pin();
  ASSERT_TRUE(host.select("closest-point-obb"));
  EXPECT_EQ(host.ghost(), nullptr) << "another sample's figure is no before of this one";
}

TEST(PresenterCards, ACardKeepsClearOfTheCardsPlacedBeforeIt) {
  const ScreenRect window{0, 0, 1000, 600};
  const ScreenRect card{0, 0, 200, 100};
  const ScreenRect answer = card_at_corner(200, 100, window, 10, 0);
  // With nothing in the scene the first corner would do, but the answer card is there.
  EXPECT_NE(answer_card_corner(card, {}, window, 10, 0, std::vector<ScreenRect>{answer}), 0);
  // Even a corner covering things beats covering a card.
  const std::vector<ScreenRect> things = {card_at_corner(200, 100, window, 10, 1), card_at_corner(200, 100, window, 10, 2),
                                          card_at_corner(200, 100, window, 10, 3)};
  EXPECT_NE(answer_card_corner(card, things, window, 10, 0, std::vector<ScreenRect>{answer}), 0);
}

}  // namespace
