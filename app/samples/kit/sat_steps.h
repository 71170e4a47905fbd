#pragma once
// What the four SAT samples share: the axis on screen (picked in the table, stepped with
// the keys, or automatic), its projections, the separating line (2D) or plane (3D) of the
// answer's axis, the axes table, and the presenter card that follows the step.
#include "app/host/figure.h"
#include "app/host/sample.h"
#include "app/samples/kit/axis_stepper.h"
#include "collision_lab/sat_result.h"
#include "render/debug_draw.h"

#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace kit {

// Where a separating plane N·X = offset lies: A's vertices all have N·X <= offset - gap/2
// and B's all N·X >= offset + gap/2 (N is the answer's axis, from A to B).
struct SeparatingPlane {
  glm::dvec3 normal{0};
  double offset = 0;
  double gap = 0;  // B's lowest projection less A's highest, from the vertices themselves
};

// The plane midway across the gap along `axis` or `-axis`, whichever leaves A below B; its
// gap <= 0 when the axis does not separate.
SeparatingPlane separating_plane(const std::vector<glm::dvec3>& a, const std::vector<glm::dvec3>& b,
                                 const glm::dvec3& axis);

struct SatSteps {
  using AxisName = std::function<std::string(const geo::SatAxis<double>&)>;

  geo::SatTrace<double> trace;  // every axis tested, as the panel lists them
  geo::SatResult<double> sat;    // the traced run's answer
  // The result the query tool answers with (its axis and gap or depth); null: `sat` itself.
  const geo::SatResult<double>* answered = nullptr;
  AxisStepper stepper;
  bool is_2d = false;
  AxisName name;  // the table's, the figure's and the card's name of an axis
  // The vertices projected, set by the sample after each update.
  std::vector<glm::dvec3> a_points, b_points;

  static SatSteps two_d() {
    SatSteps steps;
    steps.is_2d = true;
    return steps;
  }
  static SatSteps named(AxisName axis_name) {
    SatSteps steps;
    steps.name = std::move(axis_name);
    return steps;
  }

  const geo::SatResult<double>& answer() const { return answered ? *answered : sat; }
  int shown() const;  // the axis on screen, -1 for none
  int count() const { return static_cast<int>(trace.axes.size()); }
  std::string axis_name(const geo::SatAxis<double>& axis) const;
  // The tested axis the answer's axis and gap or depth came from, -1 for none.
  int answer_axis() const;
  // The axis whose separating line or plane is drawn: the shown one when it separates,
  // else the answer's when they are apart; -1 when they overlap.
  int plane_axis() const;

  bool key(int glfw_key, bool pressed) { return stepper.key(glfw_key, pressed, shown(), count()); }
  void step(double dt) { stepper.update(dt, count()); }

  // The shown axis's projections (beside the shapes, towards `side`), the separating line
  // or plane, and the MTV on B from `mtv_from` when they overlap.
  void draw(DebugDraw& draw, const glm::dvec3& side, const glm::dvec3& mtv_from) const;
  // The panel's verdict line (`overlap_text` when they overlap); false for invalid input.
  bool verdict(const char* overlap_text) const;
  // The axes table (at most `max_rows` rows high, a click picks a row) and the stepper.
  void table_panel(float max_rows);

  // The axes table's rows as shown, the highlighted one the shown axis.
  FigureTable table() const;
  // "axis 4 of 9: edge A3, overlap 2.361", then the verdict and the axis that decided it.
  std::vector<std::string> card() const;
  // The card, the table and the facts: the shown step and the separating plane.
  Figure figure() const;
  // Down the separating axis, and edge-on to its plane, where the gap shows as a band (3D);
  // down the MTV's axis when they overlap.
  std::vector<ViewDirection> view_directions() const;
};

}  // namespace kit
