#include "app/shell/label_layout.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <unordered_map>

bool ScreenRect::overlaps(const ScreenRect& other) const {
  return x < other.right() && other.x < right() && y < other.bottom() && other.y < bottom();
}

bool ScreenRect::contains(const ScreenRect& other) const {
  return other.x >= x && other.y >= y && other.right() <= right() && other.bottom() <= bottom();
}

void nearest_point(const ScreenRect& rect, float x, float y, float& out_x, float& out_y) {
  out_x = std::clamp(x, rect.x, rect.right());
  out_y = std::clamp(y, rect.y, rect.bottom());
}

namespace {

ScreenRect middle_third(const ScreenRect& rect) {
  return {rect.x + rect.width / 3, rect.y + rect.height / 3, rect.width / 3, rect.height / 3};
}

// Liang–Barsky: the length of the segment inside the rectangle.
float clipped_length(const ScreenSegment& s, const ScreenRect& r) {
  const float dx = s.x1 - s.x0, dy = s.y1 - s.y0;
  float t0 = 0, t1 = 1;
  const float p[4] = {-dx, dx, -dy, dy};
  const float q[4] = {s.x0 - r.x, r.right() - s.x0, s.y0 - r.y, r.bottom() - s.y0};
  for (int i = 0; i < 4; ++i) {
    if (p[i] == 0) {
      if (q[i] < 0) return 0;
      continue;
    }
    const float t = q[i] / p[i];
    if (p[i] < 0) t0 = std::max(t0, t);
    else t1 = std::min(t1, t);
  }
  return t1 > t0 ? (t1 - t0) * std::hypot(dx, dy) : 0;
}

// The rectangles taken so far, bucketed by screen cell, so a scene with thousands of
// labels (a big hull's vertex numbers) is still placed in a few milliseconds.
class TakenRects {
 public:
  // `around_a_point`: a handle or a labelled point, which the label of a point at its
  // middle may come close to (it sits beside its own handle), unlike any other label.
  void add(const ScreenRect& rect, bool around_a_point = false) {
    const std::size_t index = rects_.size();
    rects_.push_back(rect);
    around_a_point_.push_back(around_a_point);
    for_cells(rect, [&](long long key) { cells_[key].push_back(index); return false; });
  }
  // How many taken rectangles the leader from the point (x, y) to (to_x, to_y) crosses,
  // leaving out those around the point it starts from.
  int crossings(float x, float y, float to_x, float to_y) const {
    int count = 0;
    const ScreenRect box{std::min(x, to_x), std::min(y, to_y), std::fabs(to_x - x), std::fabs(to_y - y)};
    each_near(box, x, y, [&](const ScreenRect& other) {
      if (clipped_length({x, y, to_x, to_y}, other) > 0) ++count;
    });
    return count;
  }
  // The area of `rect` that taken rectangles cover (counting overlaps among them twice),
  // leaving out those around the point (x, y) that `rect` labels.
  float covered(const ScreenRect& rect, float x, float y) const {
    float area = 0;
    each_near(rect, x, y, [&](const ScreenRect& other) {
      if (!rect.overlaps(other)) return;
      area += (std::min(rect.right(), other.right()) - std::max(rect.x, other.x)) *
              (std::min(rect.bottom(), other.bottom()) - std::max(rect.y, other.y));
    });
    return area;
  }

 private:
  static constexpr float kCell = 64;
  // Each taken rectangle in the cells `area` touches, once, but those around the point (x, y).
  template <typename Visit> void each_near(const ScreenRect& area, float x, float y, Visit visit) const {
    ++visit_;
    for_cells(area, [&](long long key) {
      const auto found = cells_.find(key);
      if (found == cells_.end()) return false;
      for (const std::size_t index : found->second) {
        if (seen_.size() <= index) seen_.resize(rects_.size(), 0);
        if (seen_[index] == visit_) continue;
        seen_[index] = visit_;
        if (around_a_point_[index] && middle_third(rects_[index]).contains({x, y, 0, 0})) continue;
        visit(rects_[index]);
      }
      return false;
    });
  }
  template <typename Visit> static void for_cells(const ScreenRect& rect, Visit visit) {
    const long long x0 = cell(rect.x), x1 = cell(rect.right()), y0 = cell(rect.y), y1 = cell(rect.bottom());
    for (long long cy = y0; cy <= y1; ++cy) {
      for (long long cx = x0; cx <= x1; ++cx) visit(cy * 1'000'003 + cx);
    }
  }
  static long long cell(float v) { return static_cast<long long>(std::floor(std::clamp(v, -1e6f, 1e6f) / kCell)); }

  std::vector<ScreenRect> rects_;
  std::vector<bool> around_a_point_;
  std::unordered_map<long long, std::vector<std::size_t>> cells_;
  mutable std::vector<unsigned> seen_;
  mutable unsigned visit_ = 0;
};

// The scene's lines cut into pieces a cell long, bucketed like TakenRects by their middles.
// A line over 256 cells long gets longer pieces, which a query may miss: that costs at
// most a label sitting on a line, never an overlap.
class LineCells {
 public:
  explicit LineCells(std::span<const ScreenSegment> lines) {
    for (const ScreenSegment& line : lines) add(line);
  }
  void add(const ScreenSegment& line) {
    const float length = std::hypot(line.x1 - line.x0, line.y1 - line.y0);
    if (!std::isfinite(length)) return;
    const int pieces = int(std::min(length / kCell, 255.0f)) + 1;  // float first: a huge length overflows int
    for (int i = 0; i < pieces; ++i) {
      const float t0 = float(i) / float(pieces), t1 = float(i + 1) / float(pieces);
      const ScreenSegment piece{line.x0 + (line.x1 - line.x0) * t0, line.y0 + (line.y1 - line.y0) * t0,
                                line.x0 + (line.x1 - line.x0) * t1, line.y0 + (line.y1 - line.y0) * t1};
      cells_[key(cell(0.5f * (piece.x0 + piece.x1)), cell(0.5f * (piece.y0 + piece.y1)))].push_back(piece);
    }
  }
  // The length of line inside `rect`, in pixels.
  float length_inside(const ScreenRect& rect) const {
    float length = 0;
    // A piece's middle lies at most half a cell outside the rectangle it crosses.
    const long long x0 = cell(rect.x - kCell), x1 = cell(rect.right() + kCell);
    const long long y0 = cell(rect.y - kCell), y1 = cell(rect.bottom() + kCell);
    for (long long cy = y0; cy <= y1; ++cy) {
      for (long long cx = x0; cx <= x1; ++cx) {
        const auto found = cells_.find(key(cx, cy));
        if (found == cells_.end()) continue;
        for (const ScreenSegment& piece : found->second) length += clipped_length(piece, rect);
      }
    }
    return length;
  }

 private:
  static constexpr float kCell = 64;
  static long long cell(float v) { return static_cast<long long>(std::floor(std::clamp(v, -1e6f, 1e6f) / kCell)); }
  static long long key(long long cx, long long cy) { return cy * 1'000'003 + cx; }
  std::unordered_map<long long, std::vector<ScreenSegment>> cells_;
};

ScreenRect grown(const ScreenRect& rect, float by) {
  return {rect.x - by, rect.y - by, rect.width + 2 * by, rect.height + 2 * by};
}

// The spots around a point, best first: up and to the right (where a reader looks for
// it), the other corners, then the sides.
constexpr int kDirections[8][2] = {{1, -1}, {-1, -1}, {1, 1}, {-1, 1}, {1, 0}, {-1, 0}, {0, -1}, {0, 1}};
constexpr int kRings = 8;
// Past this many labels only the spots next to each point are tried: a crowd that large
// cannot be read anyway, and the frame must stay quick.
constexpr std::size_t kCrowd = 512;

ScreenRect spot(const LabelToPlace& label, int direction, float distance) {
  const int dx = kDirections[direction][0], dy = kDirections[direction][1];
  // A side spot sits as far out as a corner's box edge, so a ring's spots do not overlap.
  const float x = dx > 0 ? label.anchor_x + distance : dx < 0 ? label.anchor_x - distance - label.width
                                                              : label.anchor_x - label.width / 2;
  const float y = dy > 0 ? label.anchor_y + distance : dy < 0 ? label.anchor_y - distance - label.height
                                                              : label.anchor_y - label.height / 2;
  return {x, y, label.width, label.height};
}

// Moved inside `bounds` where it fits; a label larger than the bounds keeps its top left.
ScreenRect pushed_inside(ScreenRect rect, const ScreenRect& bounds) {
  rect.x = std::max(bounds.x, std::min(rect.x, bounds.right() - rect.width));
  rect.y = std::max(bounds.y, std::min(rect.y, bounds.bottom() - rect.height));
  return rect;
}

PlacedLabel place_beside(const LabelToPlace& label, const TakenRects& taken, const LineCells& lines,
                         const ScreenRect& bounds, float gap, int rings) {
  // A spot over another label or a handle is the last resort; among the rest, each pixel
  // of line under the label costs one (at most three label heights), each ring farther out
  // a label's height, and each label, handle or labelled point its leader would cross two:
  // a label leaves a line it would sit on, but not for one that clips its corner, and it
  // never goes more than two rings out to flee lines, nor tangles leaders.
  constexpr float kCovered = 1e6f, kMostForLines = 3;
  PlacedLabel best;
  float least_cost = std::numeric_limits<float>::infinity();
  for (int ring = 0; ring < rings; ++ring) {
    const float distance = gap + float(ring) * (label.height + gap);
    const float ring_cost = float(ring) * label.height;
    if (ring_cost >= least_cost) break;  // no spot farther out can do better
    for (int direction = 0; direction < 8; ++direction) {
      const ScreenRect rect = spot(label, direction, distance);
      if (!bounds.contains(rect)) continue;
      const float covered = taken.covered(grown(rect, gap / 2), label.anchor_x, label.anchor_y);
      const float on_lines = std::min(lines.length_inside(grown(rect, gap / 4)), kMostForLines * label.height);
      float cost = ring_cost + (covered > 0 ? kCovered + covered : on_lines);
      if (ring > 0 && cost < least_cost) {
        float end_x, end_y;
        nearest_point(rect, label.anchor_x, label.anchor_y, end_x, end_y);
        cost += 2 * label.height * float(taken.crossings(label.anchor_x, label.anchor_y, end_x, end_y));
      }
      if (cost < least_cost) least_cost = cost, best = {rect, true, ring > 0};
      if (cost == 0) return best;
    }
  }
  // No spot inside the scene: the first one pushed inside.
  if (!best.shown) best = {pushed_inside(spot(label, 0, gap), bounds), true, false};
  return best;
}

}  // namespace

std::vector<PlacedLabel> place_labels(std::span<const LabelToPlace> labels, std::span<const ScreenRect> keep_clear,
                                      const ScreenRect& bounds, float gap, std::span<const ScreenSegment> lines) {
  std::vector<PlacedLabel> placed(labels.size());
  TakenRects taken;
  LineCells line_cells(lines);
  for (const ScreenRect& rect : keep_clear) taken.add(rect, true);
  // Each labelled point stays visible: no other label may cover it.
  const float mark = std::max(2.0f, gap / 3);
  for (const LabelToPlace& label : labels) {
    if (!label.centred) taken.add({label.anchor_x - mark, label.anchor_y - mark, 2 * mark, 2 * mark}, true);
  }
  for (std::size_t i = 0; i < labels.size(); ++i) {
    if (labels[i].centred) continue;
    placed[i] = place_beside(labels[i], taken, line_cells, bounds, gap, labels.size() > kCrowd ? 1 : kRings);
    taken.add(placed[i].rect);
    if (placed[i].leader) {  // later labels keep off it as off any line
      ScreenSegment leader{labels[i].anchor_x, labels[i].anchor_y, 0, 0};
      nearest_point(placed[i].rect, leader.x0, leader.y0, leader.x1, leader.y1);
      line_cells.add(leader);
    }
  }
  // Centred labels fill what is left: each where it belongs, or not at all.
  for (std::size_t i = 0; i < labels.size(); ++i) {
    const LabelToPlace& label = labels[i];
    if (!label.centred) continue;
    const ScreenRect rect = pushed_inside(
        {label.anchor_x - label.width / 2, label.anchor_y - label.height / 2, label.width, label.height}, bounds);
    // Over no handle at all, its own point's neither (NaN: no point).
    const float none = std::numeric_limits<float>::quiet_NaN();
    if (!bounds.contains(rect) || taken.covered(grown(rect, gap / 2), none, none) > 0) continue;
    placed[i] = {rect, true, false};
    taken.add(rect);
  }
  return placed;
}
