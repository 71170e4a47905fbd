#pragma once
// The narrow interface every sample implements (one file per sample, registered in one
// line with REGISTER_SAMPLE). The app owns the window, cameras, handles and panels; a
// sample owns its state (typed shapes and points) and turns it into answers and drawings.
#include "app/host/figure.h"
#include "app/host/reveal.h"
#include "app/host/sample_state.h"
#include "render/camera.h"
#include "render/debug_draw.h"

#include <nlohmann/json.hpp>

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

struct SampleInfo;

// A direction the camera can look along, named for the View menu and the panel's buttons:
// "down the separating axis", "along line 1".
struct ViewDirection {
  std::string name;
  glm::dvec3 forward{0};
};

// One query line a sample evaluates, exactly as `collision-lab-query` takes it, and the
// answer fields the sample computed for it (written by the query library's answers.h, so
// the tool answers the line with the same fields; throws JsonInputError for an error).
struct AnsweredQuery {
  nlohmann::ordered_json line;
  std::function<nlohmann::ordered_json()> answer;
};

class Sample;

// The closest-point query a sample's explain views take apart (field overlay, locus trace,
// formula): which of its state's points is measured to which of its shapes.
struct ExplainedQuery {
  PointId point;
  std::size_t shape_index = 0;  // into state.shapes
};

// The answers --dump-state writes: for each query line the sample's own answer, in the
// runner's form ({"id", fields} or {"id", "error": "line N: ..."}, lines counted from 1).
// A line the schema refuses (a degenerate shape the sample still holds, e.g. a zero
// normal) gets the runner's own error for it.
nlohmann::ordered_json sample_results(const Sample& sample);
// Adds to a dump the query lines behind the answer ("queries", as collision-lab-query takes
// them), the answers exactly as it writes them ("results"), and what the figure says
// besides its labels: "card" (the presenter card's lines), "tables" (cells and highlighted
// row) and "figure" (the facts).
void add_answers_json(nlohmann::ordered_json& dump, const Sample& sample);
// What the presenter card says: while steps are being revealed, the step reached and the
// last steps' outcomes; else card_lines of the sample's figure.
std::vector<std::string> card_lines(const Sample& sample, const nlohmann::ordered_json& results);
// The largest distance from the origin of what Home frames (at least 1e-300).
double scene_size(const Sample& sample);

class Sample {
 public:
  virtual ~Sample() = default;

  // Recomputes the answers from the state; called after every edit and every frame.
  virtual void update(double dt) { (void)dt; }
  virtual void draw(DebugDraw& draw) const = 0;
  // The side panel below the sample's title: live readouts and the sample's own settings
  // (ImGui). The state's editable fields follow (edit_fields). True when the user edited.
  virtual bool controls() { return false; }
  // The state's fields, typed or dragged in the panel; true when the user changed one.
  virtual bool edit_fields();
  // The query lines behind the shown answer, each with its answer: --dump-state writes
  // them as "queries" and "results", and a test runs them through the query tool.
  virtual std::vector<AnsweredQuery> queries() const = 0;

  // The host replaced `state` with another one of this sample's states (undo, redo): a
  // sample whose shapes come and go (walls) finds its own again.
  virtual void state_replaced() {}
  // Why a state read from a scene cannot be shown (a shape held as any shape given a kind
  // the sample cannot take), as "shapes.NAME.type: ..."; empty when it can.
  virtual std::string state_problem() const { return {}; }

  // What the user can drag; the default offers every shape's and point's handles.
  virtual std::vector<Handle> handles() { return collect_handles(state); }
  // Double-click on empty space / right-click on a handle (polygons, polyhedra, walls).
  virtual bool add_point(const glm::dvec3& at) { (void)at; return false; }
  virtual bool remove_handle(const std::string& label) { (void)label; return false; }
  // Keys the sample handles itself (e.g. WASD); return true when used.
  virtual bool key(int glfw_key, bool pressed) { (void)glfw_key; (void)pressed; return false; }
  // True while the sample animates, so the app keeps redrawing instead of sleeping.
  virtual bool animating() const { return false; }
  // True while the answer is computed off the main thread (Any query's long lines): the app
  // redraws the panel's progress a few times a second, and a screenshot waits for it.
  virtual bool answering() const { return false; }
  // A slow camera orbit (degrees a second) the sample asks for; the app turns the camera.
  virtual double orbit_degrees_per_second() const { return 0; }
  virtual cam::Bounds bounds() const;  // what Home frames; default: the handles' bounds
  // A named setting from the command line (--param name=value), e.g. the stress sample's
  // point count; false when the sample has no such parameter or the value is out of range.
  virtual bool set_parameter(const std::string& name, double value) { (void)name; (void)value; return false; }
  // The card's lines, the panel's tables and the geometry drawn from the answer, as shown
  // now (after update); the default says nothing beyond the answers.
  virtual Figure figure() const { return {}; }
  // The directions worth looking along in this state (3D samples), besides the world axes.
  virtual std::vector<ViewDirection> view_directions() const { return {}; }
  // The closest-point query the explain views show; none for samples that are not one.
  virtual std::optional<ExplainedQuery> explained() const { return std::nullopt; }
  // Every such setting with its current value, for scene files.
  virtual std::vector<std::pair<std::string, double>> parameters() const { return {}; }
  // The ordered steps the answer comes from, as now (Ericson's region tests in the order
  // they run), for revealing one at a time; none for samples that have no such order.
  virtual std::vector<RevealStep> reveal_steps() const { return {}; }

  bool is_3d() const;
  const SampleInfo& info() const { return *info_; }

  SampleState state;  // the editable state, in the query schema
  Reveal reveal;      // how many of reveal_steps() the figure shows

 private:
  friend struct SampleRegistrar;
  const SampleInfo* info_ = nullptr;
};

// What the registry knows of a sample without creating one.
struct SampleInfo {
  const char* id = "";           // kebab-case, for --sample and settings
  const char* category = "";     // the menu and browser group
  int order = 0;                 // position within the category
  const char* title = "";
  const char* description = "";  // one or two sentences shown at the top of the panel
  bool is_3d = false;
  // The 3D camera's direction when the sample opens and on Home; framing sets the distance.
  double yaw_degrees = 45, pitch_degrees = 30;
  std::unique_ptr<Sample> (*create)(const SampleInfo& info) = nullptr;

  std::unique_ptr<Sample> make() const { return create(*this); }
};

// The registry, in registration order grouped by category.
const std::vector<SampleInfo>& sample_registry();
const SampleInfo* find_sample(const std::string& id);
// The sample `step` places after `current` in menu order, wrapping around ([ and ]).
const SampleInfo& neighbour_sample(const SampleInfo* current, int step);

struct SampleRegistrar {
  template <typename Type> static int add(SampleInfo info) {
    info.create = [](const SampleInfo& registered) -> std::unique_ptr<Sample> {
      auto sample = std::make_unique<Type>();
      sample->info_ = &registered;
      return sample;
    };
    return add_info(info);
  }
  static int add_info(const SampleInfo& info);
};

// One line after the sample's class:
//   REGISTER_SAMPLE(MySample, {.id = "my-sample", .category = "Closest point", .order = 10,
//                              .title = "...", .description = "...", .is_3d = true});
#define REGISTER_SAMPLE(Type, ...) \
  [[maybe_unused]] static const int registered_##Type = SampleRegistrar::add<Type>(SampleInfo __VA_ARGS__)
