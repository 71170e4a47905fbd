#pragma once
// The locus trace explain view: while the query point P is dragged, the path its closest
// point takes, drawn over the shapes; once the drag ends it fades out and is gone.
#include "render/debug_draw.h"

#include <vector>

class LocusTrace {
 public:
  static constexpr std::size_t kMaxPoints = 4000;  // about a minute of dragging; the oldest go first
  static constexpr double kFadeSeconds = 2.0;

  // Once a frame: whether P is being dragged, and its closest point now.
  void update(bool dragging, const glm::dvec3& closest, double dt);
  void draw(DebugDraw& draw) const;
  void clear();

  const std::vector<glm::dvec3>& points() const { return points_; }
  // 1 while dragging, falling to 0 over kFadeSeconds after it; 0 with nothing traced.
  float opacity() const;

 private:
  std::vector<glm::dvec3> points_;
  bool dragging_ = false;
  double seconds_since_drag_ = 0;
};
