// Any query the query tool answers, for any shapes it takes: the op, the shapes' kinds,
// the method and the precision are chosen here, and the answer is the tool's own, drawn
// from its fields. A case file opens its lines here when no teaching sample shows them.
#include "app/host/background_answers.h"
#include "app/host/sample.h"
#include "app/samples/kit/any_shape_view.h"
#include "app/samples/kit/drawing.h"
#include "app/samples/kit/sample_ui.h"
#include "collision_lab/hull.h"
#include "collision_lab/query/operations.h"
#include "collision_lab/query/query_lines.h"
#include "collision_lab/query/runner.h"
#include "collision_lab/query/shape_json.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <utility>
#include <vector>

namespace {

// The tool's op names in words: closest_point reads "closest point".
const std::vector<std::string>& operation_words() {
  static const std::vector<std::string> words = [] {
    std::vector<std::string> all(std::begin(query::kOperationNames), std::end(query::kOperationNames));
    for (auto& name : all) std::replace(name.begin(), name.end(), '_', ' ');
    return all;
  }();
  return words;
}

// Indices into query::kOperationNames.
enum Op { kClosestPoint, kClosestPoints, kSignedDistance, kContains, kOverlap };
constexpr int kOpCount = IM_ARRAYSIZE(query::kOperationNames);
constexpr int kKindCount = int(std::variant_size_v<geo::AnyShape<double>>);

// The kind of the shape AnyShape holds at variant index `index` (ShapeKind starts with Point).
geo::ShapeKind kind_at(int index) { return static_cast<geo::ShapeKind>(index + 1); }
int index_of(geo::ShapeKind kind) { return int(kind) - 1; }

// A shape of the kind at variant index `kind`, about two units across, around `c`.
geo::AnyShape<double> make_shape(int kind, const glm::dvec3& c) {
  switch (kind_at(kind)) {
    case geo::ShapeKind::Line: return geo::Line<double>{c, {1, 0.3, 0}};
    case geo::ShapeKind::Ray: return geo::Ray<double>{c, {1, 0.3, 0}};
    case geo::ShapeKind::Segment: return geo::Segment<double>{c - glm::dvec3(1, 0.3, 0), c + glm::dvec3(1, 0.3, 0.2)};
    case geo::ShapeKind::Plane: return geo::Plane<double>{{0, 1, 0}, c.y};
    case geo::ShapeKind::Aabb: return geo::Aabb<double>{c - glm::dvec3(1), c + glm::dvec3(1)};
    case geo::ShapeKind::Obb: {
      const double cs = std::cos(0.4), sn = std::sin(0.4);
      return geo::Obb<double>{c, {glm::dvec3(cs, sn, 0), glm::dvec3(-sn, cs, 0), glm::dvec3(0, 0, 1)}, {1, 0.7, 0.8}};
    }
    case geo::ShapeKind::Sphere: return geo::Sphere<double>{c, 1};
    case geo::ShapeKind::Triangle: return geo::Triangle<double>{c + glm::dvec3(-1, -0.8, 0), c + glm::dvec3(1.2, -0.6, 0), c + glm::dvec3(0, 1, 0)};
    case geo::ShapeKind::Polygon:
      return geo::ConvexPolygon<double>{{glm::dvec2(c) + glm::dvec2(-1, -1), glm::dvec2(c) + glm::dvec2(1, -1),
                                         glm::dvec2(c) + glm::dvec2(1.3, 0.6), glm::dvec2(c) + glm::dvec2(-0.8, 1)}};
    case geo::ShapeKind::Point: break;
    case geo::ShapeKind::Polyhedron:
      return geo::make_convex_hull(std::vector<glm::dvec3>{c + glm::dvec3(1, 0, 0), c + glm::dvec3(-0.6, 1, 0.3),
                                                           c + glm::dvec3(-0.6, -1, 0.4), c + glm::dvec3(0, 0.2, 1.2),
                                                           c + glm::dvec3(0.1, -0.1, -1)})
          .hull;
  }
  return geo::Sphere<double>{c, 1};
}

glm::dvec3 vec(const nlohmann::ordered_json& v) {
  return {v[0].get<double>(), v[1].get<double>(), v.size() > 2 ? v[2].get<double>() : 0.0};
}

class AnyQuery final : public Sample {
 public:
  // Answers the line when it changed: a long one (a large hull) off the main thread,
  // started by the next update, so that a sample made only to be looked at starts none.
  // Until its answer comes the figure draws the shapes alone.
  void update(double) override {
    nlohmann::ordered_json asked = line();
    if (asked != asked_) {
      asked_ = std::move(asked);
      background_.stop();
      std::string text = asked_.dump();
      long_line_.clear();
      if (text.size() > kAnswerLaterBytes) {
        answer_ = nlohmann::ordered_json::object();
        long_line_ = std::move(text);
      } else {
        bool failed = false;
        answer_ = query::answer_request(asked_, 1, failed);
        answer_.erase("id");
      }
      return;
    }
    if (!long_line_.empty()) background_.start({{0, 1, std::exchange(long_line_, std::string())}});
    for (auto& [row, checked] : background_.take()) {
      answer_ = std::move(checked.answer);
      answer_.erase("id");
    }
  }

  bool answering() const override { return background_.busy() || !long_line_.empty(); }

  void draw(DebugDraw& draw) const override {
    const bool hit = answer_.value("overlap", false) || answer_.value("inside", false);
    const Color fill = (hit ? palette::kOverlap : palette::kShape).with_alpha(0.15f);
    kit::draw_any_shape(draw, state[a_], palette::kShape, fill);
    draw.label(anchor(state[a_]), "A", palette::kShape);
    if (pair()) {
      kit::draw_any_shape(draw, state[b_], palette::kShapeB, (hit ? palette::kOverlap : palette::kShapeB).with_alpha(0.15f));
      draw.label(anchor(state[b_]), "B", palette::kShapeB);
    }
    if (answer_.contains("a_point") && answer_.contains("b_point")) {
      kit::draw_witnesses(draw, vec(answer_["a_point"]), vec(answer_["b_point"]), answer_.value("distance", 0.0));
    }
    if (!pair()) {
      const glm::dvec3 p = state[p_];
      if (answer_.contains("point")) {
        kit::draw_point_answer(draw, p, vec(answer_["point"]), hit);
      } else {
        draw.point(p, 10, palette::kQuery, Layer::Overlay);
        draw.label(p, hit ? "P (inside)" : "P", palette::kQuery);
      }
    }
    if (answer_.contains("axis")) {
      const glm::dvec3 from = anchor(state[a_]);
      draw.arrow(from, from + vec(answer_["axis"]) * 1.5, palette::kSeparated, 3, Layer::Overlay);
      draw.label(from + vec(answer_["axis"]) * 1.5, "axis", palette::kSeparated);
    }
  }

  bool controls() override {
    bool changed = false;
    const auto op_word = [](void*, int i, const char** out) {
      *out = operation_words()[std::size_t(i)].c_str();
      return true;
    };
    const std::string op_label = fitted_label("operation", operation_words()[std::size_t(op_)].c_str());
    if (ImGui::Combo(op_label.c_str(), &op_, op_word, nullptr, kOpCount)) {
      fit_shape_to_op();
      changed = true;
    }
    changed |= kind_combo("shape A", a_);
    if (pair()) changed |= kind_combo("shape B", b_);
    if (op_ == kOverlap) changed |= ImGui::Combo("method", &gjk_, "SAT\0GJK\0");
    changed |= ImGui::Combo("precision", &float_, "double\0float\0");
    if (changed) update(0);
    legend(palette::kShape, "shape A");
    if (pair()) legend(palette::kShapeB, "shape B");
    if (!pair()) legend(palette::kQuery, "query point P");
    legend(palette::kAnswer, "the answer's points");
    ImGui::Spacing();
    if (answering()) {
      const AnswerProgress progress = background_.progress();
      ImGui::Text("Answering (%zu KB): %.1f s", progress.bytes / 1000, progress.seconds);
    } else {
      tool_answer_readouts("answer", answer_);
    }
    ImGui::Spacing();
    return changed;
  }

  std::vector<AnsweredQuery> queries() const override {
    return {{line(), [this] {
               if (answer_.contains("error")) throw query::JsonInputError(answer_["error"].get<std::string>());
               return answer_;
             }}};
  }

  // Home frames what the op asks about, whole (a sphere's radius, a box's corners): not
  // shape B for an op on one shape, nor P for a pair.
  cam::Bounds bounds() const override {
    cam::Bounds around;
    state_bounds(asked_state(), around.min, around.max);
    if (!(around.min.x <= around.max.x)) return Sample::bounds();
    // Padded by a tenth of its own size: a case far from the origin or far from unit size
    // (an engine's float case near 5000) fills the view as one near the origin does.
    const glm::dvec3 size = around.max - around.min;
    const double largest = std::max({size.x, size.y, size.z});
    if (!(largest > 0)) return kit::padded(around);
    around.min -= glm::dvec3(0.1 * largest);
    around.max += glm::dvec3(0.1 * largest);
    return around;
  }

  // The panel edits what the op asks about: shape B's fields go with an op on one shape.
  bool edit_fields() override {
    SampleState asked_only = asked_state();
    if (!edit_state(asked_only, false)) return false;
    for (const auto& shape : asked_only.shapes) state.shapes[shape.name == state.name(a_) ? a_.index : b_.index] = shape;
    if (!asked_only.points.empty()) state.points[p_.index] = asked_only.points.front();
    return true;
  }

  std::vector<Handle> handles() override {
    std::vector<Handle> out;
    for (auto& handle : collect_handles(state)) {
      if (asked(handle.label)) out.push_back(std::move(handle));
    }
    return out;
  }

  bool set_parameter(const std::string& name, double value) override {
    int* target = name == "op" ? &op_ : name == "gjk" ? &gjk_ : name == "float" ? &float_ : nullptr;
    const int limit = name == "op" ? kOpCount : 2;
    if (!target || value != std::floor(value) || value < 0 || value >= limit) return false;
    *target = int(value);
    return true;
  }
  std::vector<std::pair<std::string, double>> parameters() const override {
    return {{"op", op_}, {"gjk", gjk_}, {"float", float_}};
  }

 private:
  const ShapeId<geo::AnyShape<double>> a_ = state.add("A", make_shape(index_of(geo::ShapeKind::Segment), {0, 0, 0}));
  const ShapeId<geo::AnyShape<double>> b_ = state.add("B", make_shape(index_of(geo::ShapeKind::Sphere), {3, 1, 0}));
  const PointId p_ = state.add("P", {1, 2, 0.5});
  int op_ = kClosestPoint, gjk_ = 0, float_ = 0;
  nlohmann::ordered_json asked_;   // the line answer_ answers, or is being answered for
  nlohmann::ordered_json answer_;
  std::string long_line_;  // asked_, to answer in the background from the next update
  BackgroundAnswers background_;

  bool pair() const { return op_ == kClosestPoints || op_ == kOverlap; }
  // Whether the op asks about the handle's shape or point: a pair op leaves P out, the
  // others shape B.
  // The shapes and points the op asks about.
  SampleState asked_state() const {
    SampleState asked_only;
    for (const auto& shape : state.shapes) {
      if (shape.name != state.name(b_) || pair()) asked_only.shapes.push_back(shape);
    }
    for (const auto& point : state.points) {
      if (!pair()) asked_only.points.push_back(point);
    }
    return asked_only;
  }

  bool asked(const std::string& handle) const {
    const bool of_b = handle.rfind(state.name(b_), 0) == 0 && handle != state.name(p_);
    return pair() ? handle != state.name(p_) : !of_b;
  }

  nlohmann::ordered_json line() const {
    nlohmann::ordered_json out;
    switch (op_) {
      case kClosestPoint: out = query::closest_point_line("case", state[a_], state[p_]); break;
      case kClosestPoints: out = query::closest_points_line("case", state[a_], state[b_]); break;
      case kSignedDistance: {
        // Any shape may be picked; the schema's own error says when it is not a plane.
        out = query::closest_point_line("case", state[a_], state[p_]);
        out["op"] = "signed_distance";
        out["plane"] = out["shape"];
        out.erase("shape");
        break;
      }
      case kContains: out = query::contains_line("case", state[a_], state[p_]); break;
      default: out = query::overlap_line("case", state[a_], state[b_], gjk_ == 1); break;
    }
    if (float_) out["precision"] = "float";
    return out;
  }

  // A shape the new op takes: a plane for signed_distance, a solid for contains.
  void fit_shape_to_op() {
    const geo::ShapeKind kind = geo::shape_kind(state[a_]);
    const bool solid = kind != geo::ShapeKind::Line && kind != geo::ShapeKind::Ray &&
                       kind != geo::ShapeKind::Segment && kind != geo::ShapeKind::Plane;
    if (op_ == kSignedDistance && kind != geo::ShapeKind::Plane) {
      state[a_] = make_shape(index_of(geo::ShapeKind::Plane), anchor(state[a_]));
    } else if (op_ == kContains && !solid) {
      state[a_] = make_shape(index_of(geo::ShapeKind::Aabb), anchor(state[a_]));
    }
  }

  bool kind_combo(const char* label, ShapeId<geo::AnyShape<double>> id) {
    int kind = int(state[id].index());
    const auto name = [](void*, int i, const char** out) {
      *out = geo::shape_type_name(kind_at(i));
      return true;
    };
    const std::string fitted = fitted_label(label, geo::shape_type_name(kind_at(kind)));
    if (!ImGui::Combo(fitted.c_str(), &kind, name, nullptr, kKindCount)) return false;
    state[id] = make_shape(kind, anchor(state[id]));
    return true;
  }

  // Where a shape's label and the axis arrow start: its first handle.
  glm::dvec3 anchor(const geo::AnyShape<double>& shape) const {
    SampleState one;
    one.add("s", shape);
    const auto handles = collect_handles(one);
    return handles.empty() ? glm::dvec3(0) : handles.front().position;
  }
};

}  // namespace

REGISTER_SAMPLE(AnyQuery, {.id = "any-query", .category = "Query tool", .order = 10, .title = "Any query",
                           .description = "Any op of the query tool on any shapes it takes: pick the op, the shapes' kinds, the method and the precision, drag the handles, and read the tool's own answer. Case files open their lines here when no other sample shows them.", .is_3d = true});
