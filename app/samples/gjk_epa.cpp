// GJK and EPA step by step. GJK looks for the point of the Minkowski difference A − B
// nearest the origin with a simplex of at most four support points; the origin inside
// means overlap, and EPA then grows a polytope inside A − B until its face nearest the
// origin lies on the boundary: that face's distance is the penetration depth.
#include "app/host/sample.h"
#include "app/samples/kit/sample_ui.h"
#include "app/samples/kit/any_shape_view.h"
#include "app/samples/kit/axis_stepper.h"
#include "app/samples/kit/gjk_shapes.h"
#include "app/samples/kit/minkowski_hull.h"
#include "collision_lab/epa.h"
#include "collision_lab/gjk.h"
#include "collision_lab/hull.h"
#include "collision_lab/query/answers.h"
#include "collision_lab/query/overlap_operations.h"
#include "collision_lab/query/query_lines.h"

#include <imgui.h>

#include <algorithm>
#include <optional>

namespace {

using namespace kit::gjk_shapes;

struct Preset {
  const char* name;
  Kind a, b;
  glm::dvec3 a_center, b_center;
};
const Preset kPresets[] = {
    {"box and sphere, apart", kBox, kSphere, {-1.8, 0.6, 0}, {1.9, 1.2, 0.5}},
    {"polyhedron and box, overlapping", kPolyhedron, kBox, {-0.7, 0.5, 0}, {0.8, 1.1, 0.3}},
    {"segment and triangle, apart", kSegment, kTriangle, {-1.5, 1, 0}, {1.5, 0.5, 0}},
    {"two spheres, overlapping", kSphere, kSphere, {-0.6, 1, 0}, {0.7, 1.2, 0.2}},
};
// Where the Minkowski-difference diagram's origin is drawn, below the shapes.
const glm::dvec3 kDiagram{0, -5, 0};

const char* termination_name(geo::GjkTermination t) {
  switch (t) {
    case geo::GjkTermination::Converged: return "converged: the support point no longer gets closer";
    case geo::GjkTermination::Overlap: return "overlap: the simplex contains the origin";
    case geo::GjkTermination::MaxIterations: return "iteration limit reached";
    case geo::GjkTermination::NoProgress: return "no progress: a support point repeated";
  }
  return "?";
}

// A shape's vertices as GJK numbers them (a sphere contributes its centre, its core).
std::vector<glm::dvec3> core_vertices(const geo::ConvexShape<double>& shape) {
  std::vector<glm::dvec3> out;
  if (const auto* sphere = std::get_if<geo::Sphere<double>>(&shape)) return {sphere->center};
  for (int i = 0; i < 64; ++i) {
    const auto v = geo::shape_vertex(shape, i);
    if (v.vertex < 0) break;
    out.push_back(v.point);
  }
  return out;
}

class GjkEpa final : public Sample {
 public:
  cam::Bounds bounds() const override {
    cam::Bounds b = Sample::bounds();
    for (const auto& w : cloud_) {
      b.min = glm::min(b.min, kDiagram + w);
      b.max = glm::max(b.max, kDiagram + w);
    }
    b.min = glm::min(b.min, kDiagram - glm::dvec3(1));
    b.max = glm::max(b.max, kDiagram + glm::dvec3(1));
    return b;
  }

  std::string state_problem() const override {
    for (const Id id : {a_, b_}) {
      if (!query::as_convex(shape(id))) {
        return "shapes." + state.name(id) + ".type: GJK takes bounded convex shapes, not " +
               geo::shape_type_name(geo::shape_kind(shape(id)));
      }
    }
    return {};
  }

  // N / P (Down / Up) step through GJK's iterations, or EPA's steps when EPA is shown; Space plays them.
  bool key(int glfw_key, bool pressed) override {
    stepper_.picked = shown_step();  // the sliders may have moved the step since
    if (!stepper_.key(glfw_key, pressed, shown_step(), step_count())) return false;
    if (pressed) take_stepped();
    return true;
  }
  bool animating() const override { return stepper_.playing; }

  void update(double dt) override {
    const auto a = convex(shape(a_)), b = convex(shape(b_));
    // Every iteration and step traced, to step through.
    gjk_ = geo::gjk_distance(a, b, {}, &gjk_trace_);
    epa_trace_.steps.clear();
    epa_ = gjk_.ok() && gjk_.overlap ? geo::epa_penetration(a, b, &epa_trace_) : geo::EpaResult<double>{};
    // The answered run, as the query tool makes it: no trace, EPA only on overlap.
    answer_gjk_ = geo::gjk_distance(a, b);
    answer_epa_.reset();
    if (answer_gjk_.ok() && answer_gjk_.overlap) answer_epa_ = geo::epa_penetration(a, b);
    cloud_.clear();
    for (const auto& va : core_vertices(a)) {
      for (const auto& vb : core_vertices(b)) cloud_.push_back(va - vb);
    }
    hull_ = kit::minkowski_hull(cloud_);
    radii_ = 0;  // a sphere enters GJK as its centre: its radius comes off |v| at the end
    for (const auto* shape : {&a, &b}) {
      if (const auto* sphere = std::get_if<geo::Sphere<double>>(shape)) radii_ += sphere->radius;
    }
    const int last_gjk = std::max(0, static_cast<int>(gjk_trace_.iterations.size()) - 1);
    const int last_epa = std::max(0, static_cast<int>(epa_trace_.steps.size()) - 1);
    gjk_step_ = follow_last_ ? last_gjk : std::min(gjk_step_, last_gjk);
    epa_step_ = follow_last_ ? last_epa : std::min(epa_step_, last_epa);
    if (stepper_.playing) {
      stepper_.picked = shown_step();
      stepper_.update(dt, step_count());
      take_stepped();
    }
  }

  void draw(DebugDraw& draw) const override {
    const bool overlap = gjk_.ok() && gjk_.overlap;
    const Color verdict = kit::verdict_color(overlap);
    kit::draw_any_shape(draw, shape(a_), palette::kShape, verdict.with_alpha(0.14f));
    kit::draw_any_shape(draw, shape(b_), palette::kShapeB, verdict.with_alpha(0.14f));
    if (!gjk_.ok()) return;

    // The Minkowski difference, translated so its origin sits at kDiagram: the hull of the
    // vertex differences (of the cores: a sphere's radius is added around it).
    kit::draw_minkowski_hull(draw, hull_, kDiagram, palette::kMuted);
    for (const auto& w : cloud_) draw.point(kDiagram + w, 5, palette::kMuted.with_alpha(0.7f));
    draw.point(kDiagram, 12, palette::kQuery, Layer::Overlay);
    draw.label(kDiagram - glm::dvec3(0, 0.6, 0), "origin of A \u2212 B", palette::kQuery);

    if (epa_shown()) {
      draw_epa_step(draw);
    } else {
      draw_gjk_iteration(draw);
    }
    // Which step the diagram shows, over its highest point on screen, in the room between
    // the diagram and the shapes: the keys and the sliders count from 1.
    if (step_count() > 0) {
      glm::dvec3 highest = kDiagram;
      glm::dvec2 highest_at(0), at(0);
      draw.project(highest, highest_at);
      const auto consider = [&](const glm::dvec3& p) {
        if (draw.project(p, at) && at.y < highest_at.y) highest = p, highest_at = at;
      };
      for (const auto& w : cloud_) consider(kDiagram + w);
      if (epa_shown()) {  // EPA's polytope can reach beyond the vertex differences (a sphere's points)
        for (const auto& w : epa_trace_.steps[static_cast<std::size_t>(epa_step_)].vertices) consider(kDiagram + w);
      }
      const std::string title = (epa_shown() ? "EPA step " : "GJK iteration ") + std::to_string(shown_step() + 1) +
                                " of " + std::to_string(step_count());
      draw.label(highest, title, palette::kMagenta);
    }
    if (!overlap) {
      draw.line(gjk_.a_point, gjk_.b_point, palette::kJoin, 2);
      draw.point(gjk_.a_point, 12, palette::kAnswer, Layer::Overlay);
      draw.point(gjk_.b_point, 12, palette::kAnswer, Layer::Overlay);
      // Above the gap: at the midpoint itself the text would cover the join and shape B.
      draw.label((gjk_.a_point + gjk_.b_point) * 0.5 + glm::dvec3(0, 0.9, 0), "d = " + format_number(gjk_.distance), palette::kJoin);
    } else if (epa_.ok() && epa_.overlap) {
      const glm::dvec3 from = kit::centroid(core_vertices(convex(shape(b_))));
      draw.arrow(from, from + epa_.axis * epa_.depth, palette::kAnswer, 4, Layer::Overlay);
      draw.label(from + epa_.axis * epa_.depth, "MTV, depth " + format_number(epa_.depth), palette::kAnswer);
    }
  }

  bool controls() override {
    bool changed = false;
    if (ImGui::Combo(fitted_label("preset", kPresets[preset_].name).c_str(), &preset_, [](void*, int i, const char** out) { *out = kPresets[i].name; return true; },
                     nullptr, IM_ARRAYSIZE(kPresets))) {
      apply_preset(preset_);
      changed = true;
    }
    for (const Id id : {a_, b_}) {
      int kind = kind_of(shape(id));
      const std::string label = fitted_label(id.index == a_.index ? "shape A" : "shape B", kKindNames[kind]);
      if (ImGui::Combo(label.c_str(), &kind, kKindNames, IM_ARRAYSIZE(kKindNames))) {
        shape(id) = make_shape(static_cast<Kind>(kind), centre_of(id));
        follow_last_ = true;
        changed = true;
      }
    }
    legend(palette::kShape, "shape A");
    legend(palette::kShapeB, "shape B");
    legend(palette::kMuted, "A \u2212 B: the hull of the vertex differences");
    legend(palette::kMagenta, "GJK simplex / EPA polytope");
    legend(palette::kAnswer, "closest points / nearest face; the MTV on B");
    legend(palette::kQuery, "the origin; the next search direction");
    ImGui::Spacing();
    if (!gjk_.ok()) {
      colored_text(kWarningText, "Invalid input: %s", geo::to_string(gjk_.error));
      return changed;
    }
    colored_text(gjk_.overlap ? palette::kOverlap : palette::kSeparated, "%s",
                       gjk_.overlap ? "OVERLAP" : "SEPARATED");
    const int gjk_count = static_cast<int>(gjk_trace_.iterations.size());
    step_slider("GJK iteration", gjk_step_, gjk_count);
    if (gjk_.overlap && !epa_trace_.steps.empty()) {
      ImGui::Checkbox("show EPA instead of GJK", &show_epa_);
      step_slider("EPA step", epa_step_, static_cast<int>(epa_trace_.steps.size()));
    }
    if (ImGui::Button("last step")) follow_last_ = true, stepper_.playing = false;
    stepper_.controls(epa_shown() ? "Play EPA's steps" : "Play GJK's iterations", "%.2f s per step");
    hint("N / P (Down / Up) show the next / previous step of the drawing (EPA's when it is shown); Space plays them.");
    ImGui::TextWrapped("GJK ended: %s", termination_name(gjk_.termination));
    if (begin_readouts("readouts")) {
      readout("iterations", std::to_string(gjk_count) + " (" + std::to_string(gjk_.iteration_count) + " supports)");
      if (gjk_count > 0) {
        const auto& it = gjk_trace_.iterations[static_cast<std::size_t>(gjk_step_)];
        readout("simplex", std::to_string(it.simplex.size()) + " points");
        readout("|v|", glm::length(it.closest), "this step");
        readout("bound", it.lower_bound, radii_ > 0 ? "|v| at the end \u2265 this" : "distance \u2265 this");
      }
      if (!gjk_.overlap) {
        readout("distance", gjk_.distance);
        readout_point("on A", gjk_.a_point, false);
        readout_point("on B", gjk_.b_point, false);
      } else if (epa_.ok()) {
        readout("EPA", std::to_string(epa_.iteration_count) + (epa_.converged ? " iterations, converged" : " iterations, not converged"));
        if (!epa_trace_.steps.empty()) readout("face", epa_trace_.steps[static_cast<std::size_t>(epa_step_)].closest_distance, "nearest");
        readout("depth", epa_.depth);
        readout_point("MTV", epa_.axis, false);
      }
      end_readouts();
    }
    if (std::holds_alternative<geo::Sphere<double>>(shape(a_)) ||
        std::holds_alternative<geo::Sphere<double>>(shape(b_))) {
      ImGui::TextWrapped("A sphere enters GJK as its centre (its core); the radius is subtracted afterwards.");
    }
    ImGui::Spacing();
    return changed;
  }

  Figure figure() const override {
    Figure out;
    if (!gjk_.ok()) return out;
    auto& facts = out.facts;
    facts["step"] = shown_step() + 1;
    facts["steps"] = step_count();
    facts["radii"] = radii_;  // taken off the cores' distance |v|
    if (epa_shown()) {
      const double face = epa_trace_.steps[static_cast<std::size_t>(epa_step_)].closest_distance;
      facts["nearest_face"] = face;
      out.card.push_back("EPA step " + std::to_string(epa_step_ + 1) + " of " + std::to_string(step_count()) +
                         ": nearest face " + format_number(face));
    } else if (!gjk_trace_.iterations.empty()) {
      const double v = glm::length(gjk_trace_.iterations[static_cast<std::size_t>(gjk_step_)].closest);
      facts["v_length"] = v;
      out.card.push_back("GJK iteration " + std::to_string(gjk_step_ + 1) + " of " + std::to_string(step_count()) +
                         ": |v| = " + format_number(v));
    }
    if (answer_gjk_.ok() && !answer_gjk_.overlap) {
      const double distance = answer_gjk_.distance;
      facts["cores_distance"] = distance + radii_;
      out.card.push_back("separated: distance " + format_number(distance) +
                         (radii_ > 0 ? " = " + format_number(distance + radii_) + " \u2212 radius " + format_number(radii_) : ""));
    } else if (answer_epa_ && answer_epa_->ok()) {
      out.card.push_back("overlapping: depth " + format_number(answer_epa_->depth));
    }
    auto& hull = facts["minkowski_hull"];
    for (const auto& v : hull_.vertices) hull["vertices"].push_back({v.x, v.y, v.z});
    for (const auto& plane : hull_.planes) hull["planes"].push_back({plane.normal.x, plane.normal.y, plane.normal.z, plane.d});
    return out;
  }

  std::vector<AnsweredQuery> queries() const override {
    const auto depth = [this] { return answer_epa_ ? &*answer_epa_ : nullptr; };
    std::vector<AnsweredQuery> out = {{query::overlap_line("A-B", shape(a_), shape(b_), true),
                                       [this, depth] { return query::overlap_answer(answer_gjk_, depth()); }}};
    // The tool answers closest points between segments and triangles by their own pair
    // functions; every other pair here goes through GJK, as this sample does.
    const auto pair_function = [](const geo::AnyShape<double>& s) {
      return std::holds_alternative<geo::Segment<double>>(s) || std::holds_alternative<geo::Triangle<double>>(s);
    };
    if (!pair_function(shape(a_)) || !pair_function(shape(b_))) {
      out.push_back({query::closest_points_line("A-B", shape(a_), shape(b_)),
                     [this, depth] { return query::closest_points_answer(answer_gjk_, depth()); }});
    }
    return out;
  }

 private:
  // A and B change type with the combos and presets, so they are held as any shape.
  using Id = ShapeId<geo::AnyShape<double>>;
  const Id a_ = state.add("A", make_shape(kPresets[0].a, kPresets[0].a_center));
  const Id b_ = state.add("B", make_shape(kPresets[0].b, kPresets[0].b_center));
  geo::AnyShape<double>& shape(Id id) { return state[id]; }
  const geo::AnyShape<double>& shape(Id id) const { return state[id]; }

  glm::dvec3 centre_of(Id id) const { return kit::centroid(core_vertices(convex(shape(id)))); }

  void apply_preset(int index) {
    const Preset& p = kPresets[index];
    preset_ = index;
    shape(a_) = make_shape(p.a, p.a_center);
    shape(b_) = make_shape(p.b, p.b_center);
    follow_last_ = true;
  }

  bool epa_shown() const { return gjk_.ok() && gjk_.overlap && show_epa_ && !epa_trace_.steps.empty(); }
  int shown_step() const { return epa_shown() ? epa_step_ : gjk_step_; }
  int step_count() const { return static_cast<int>(epa_shown() ? epa_trace_.steps.size() : gjk_trace_.iterations.size()); }
  // The step the keys or the play reached becomes the shown one, and stays while the shapes move.
  void take_stepped() {
    if (stepper_.picked < 0 || step_count() == 0) return;
    (epa_shown() ? epa_step_ : gjk_step_) = stepper_.picked;
    follow_last_ = false;
  }
  // Steps are counted from 1 on screen, as the diagram's title counts them.
  void step_slider(const char* label, int& step, int count) {
    if (count <= 0) return;
    int shown = step + 1;
    if (ImGui::SliderInt(fitted_label(label, std::to_string(shown).c_str()).c_str(), &shown, 1, count)) step = shown - 1, follow_last_ = false;
  }

  void draw_gjk_iteration(DebugDraw& draw) const {
    if (gjk_trace_.iterations.empty()) return;
    const auto& it = gjk_trace_.iterations[static_cast<std::size_t>(gjk_step_)];
    const auto& s = it.simplex;
    // Every triangle of the simplex (one for a triangle, four for a tetrahedron), faintly filled.
    for (std::size_t i = 0; i < s.size(); ++i) {
      for (std::size_t j = i + 1; j < s.size(); ++j) {
        draw.line(kDiagram + s[i].w, kDiagram + s[j].w, palette::kMagenta, 2.5f);
        for (std::size_t k = j + 1; k < s.size(); ++k) {
          draw.triangle(kDiagram + s[i].w, kDiagram + s[j].w, kDiagram + s[k].w, palette::kMagenta.with_alpha(0.15f));
        }
      }
      draw.point(kDiagram + s[i].w, 9, palette::kMagenta, Layer::Overlay);
      // Where the support point came from on each shape.
      draw.point(s[i].a, 8, palette::kMagenta, Layer::Overlay);
      draw.point(s[i].b, 8, palette::kMagenta, Layer::Overlay);
    }
    draw.line(kDiagram, kDiagram + it.closest, palette::kJoin, 1.5f);
    draw.point(kDiagram + it.closest, 11, palette::kAnswer, Layer::Overlay);
    // At v's tip, the point of the simplex nearest the origin (label placement sets it beside
    // the dot). A sphere enters as its centre: v joins the cores, and the radius comes off |v| at the end.
    const std::string v_name = radii_ > 0 ? "v (cores), |v| = " : "v, |v| = ";
    draw.label(kDiagram + it.closest, v_name + format_number(glm::length(it.closest)), palette::kAnswer);
    const double length = glm::length(it.direction);
    if (length > 0) {
      const glm::dvec3 tip = kDiagram + it.closest + it.direction / length * 1.2;
      draw.arrow(kDiagram + it.closest, tip, palette::kQuery, 2.5f, Layer::Overlay);
      draw.label(tip, "search \u2212v", palette::kQuery);
    }
  }

  void draw_epa_step(DebugDraw& draw) const {
    if (epa_trace_.steps.empty()) return;
    const auto& step = epa_trace_.steps[static_cast<std::size_t>(epa_step_)];
    for (std::size_t f = 0; f < step.faces.size(); ++f) {
      const auto& face = step.faces[f];
      const glm::dvec3 p = kDiagram + step.vertices[static_cast<std::size_t>(face[0])];
      const glm::dvec3 q = kDiagram + step.vertices[static_cast<std::size_t>(face[1])];
      const glm::dvec3 r = kDiagram + step.vertices[static_cast<std::size_t>(face[2])];
      const bool nearest = static_cast<int>(f) == step.closest_face;
      draw.triangle(p, q, r, (nearest ? palette::kAnswer : palette::kMagenta).with_alpha(nearest ? 0.45f : 0.08f));
      draw.polygon_outline({p, q, r}, palette::kMagenta.with_alpha(0.8f), 1.5f);
      if (nearest) {
        const glm::dvec3 normal = glm::normalize(glm::cross(q - p, r - p));
        const glm::dvec3 foot = kDiagram + normal * step.closest_distance;
        draw.arrow(kDiagram, foot, palette::kAnswer, 3, Layer::Overlay);
        draw.label(foot, "nearest face, " + format_number(step.closest_distance), palette::kAnswer);
      }
    }
  }

  geo::GjkResult<double> gjk_;
  geo::GjkTrace<double> gjk_trace_;
  geo::EpaResult<double> epa_;
  geo::EpaTrace<double> epa_trace_;
  geo::GjkResult<double> answer_gjk_;
  std::optional<geo::EpaResult<double>> answer_epa_;
  std::vector<glm::dvec3> cloud_;  // every vertex difference of the cores
  kit::MinkowskiHull hull_;
  double radii_ = 0;
  int preset_ = 0;
  int gjk_step_ = 0, epa_step_ = 0;
  bool follow_last_ = true;  // the sliders stay on the final step while the shapes move
  bool show_epa_ = true;
  kit::AxisStepper stepper_;  // the keys' and the play's step, through GJK's iterations or EPA's steps
};

}  // namespace

REGISTER_SAMPLE(GjkEpa, {.id = "gjk-epa", .category = "Overlap", .order = 50, .title = "GJK distance and EPA depth",
                         .description = "Choose two shapes, drag their handles and step through the iterations: below the shapes, the simplex closes in on the origin of A \u2212 B; when it encloses it, EPA's polytope grows to find the depth.", .is_3d = true, .yaw_degrees = 15, .pitch_degrees = 25});
