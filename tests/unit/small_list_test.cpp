// SmallList: values in place up to N, on the heap past it, and a moved-from list empty.
// FixedList: up to N values, copied as plain bytes.
#include "collision_lab/small_list.h"

#include <gtest/gtest.h>

#include <type_traits>
#include <utility>

namespace {

using List = geo::SmallList<int, 4>;

List counting(int count) {
  List list;
  for (int i = 0; i < count; ++i) list.push_back(i);
  return list;
}

TEST(SmallList, KeepsItsValuesInPlaceAndPastItsCapacity) {
  for (int count : {0, 3, 4, 5, 40}) {
    const List list = counting(count);
    ASSERT_EQ(list.size(), static_cast<std::size_t>(count));
    for (int i = 0; i < count; ++i) EXPECT_EQ(list[static_cast<std::size_t>(i)], i);
    const List copy = list;  // NOLINT: the copy is the point
    EXPECT_TRUE(std::equal(copy.begin(), copy.end(), list.begin(), list.end()));
  }
}

// The heap's vector moves away with the values: a moved-from list that kept its size
// would read past an empty vector.
TEST(SmallList, AMovedFromListIsEmptyAndUsable) {
  for (int count : {3, 40}) {
    List from = counting(count);
    const List to = std::move(from);
    EXPECT_EQ(to.size(), static_cast<std::size_t>(count));
    EXPECT_EQ(to.back(), count - 1);
    EXPECT_TRUE(from.empty());  // NOLINT(bugprone-use-after-move): the state after a move is the point
    from.push_back(7);
    EXPECT_EQ(from.size(), 1u);
    EXPECT_EQ(from[0], 7);
    List assigned;
    assigned = std::move(from);
    EXPECT_EQ(assigned.size(), 1u);
    EXPECT_TRUE(from.empty());  // NOLINT(bugprone-use-after-move)
  }
}

TEST(FixedList, KeepsUpToItsCapacityAndCopiesItsValues) {
  static_assert(std::is_trivially_copyable_v<geo::FixedList<int, 4>>);
  geo::FixedList<int, 4> list;
  EXPECT_TRUE(list.empty());
  for (int i = 0; i < 4; ++i) list.push_back(i);
  const auto copy = list;
  list.clear();
  ASSERT_EQ(copy.size(), 4u);
  for (int i = 0; i < 4; ++i) EXPECT_EQ(copy[static_cast<std::size_t>(i)], i);
  EXPECT_TRUE(list.empty());
}

}  // namespace
