#include "app/sample.h"

#include <algorithm>
#include <cstring>

namespace {
std::vector<SampleInfo>& registry() {
  static std::vector<SampleInfo> samples;  // filled by static initialisers, before main()
  return samples;
}
}  // namespace

// Static initialisers run in an unspecified order, so the browser order is fixed here:
// categories as a lesson goes, then each category's samples by their `order`.
int register_sample(const SampleInfo& info) {
  static const char* const kCategoryOrder[] = {"Closest point", "Closest points between", "Planes and half-spaces",
                                               "Overlap", "Tutorials", "Stress"};
  auto rank = [](const SampleInfo& s) {
    int i = 0;
    for (const char* category : kCategoryOrder) {
      if (std::strcmp(category, s.category) == 0) return i;
      ++i;
    }
    return i;
  };
  auto& samples = registry();
  samples.push_back(info);
  std::stable_sort(samples.begin(), samples.end(), [&](const SampleInfo& a, const SampleInfo& b) {
    return rank(a) != rank(b) ? rank(a) < rank(b) : a.order < b.order;
  });
  return static_cast<int>(samples.size());
}

const std::vector<SampleInfo>& sample_registry() { return registry(); }

const SampleInfo* find_sample(const std::string& id) {
  for (const auto& info : registry()) {
    if (id == info.id) return &info;
  }
  return nullptr;
}

cam::Bounds Sample::bounds() const {
  cam::Bounds bounds;
  state_bounds(state, bounds.min, bounds.max);
  // A single point or a flat scene still needs some room around it.
  const glm::dvec3 size = bounds.max - bounds.min;
  const double pad = std::max(0.5, 0.1 * std::max({size.x, size.y, size.z}));
  bounds.min -= glm::dvec3(pad);
  bounds.max += glm::dvec3(pad);
  return bounds;
}
