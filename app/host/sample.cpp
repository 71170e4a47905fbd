#include "app/host/sample.h"

#include "app/host/background_answers.h"
#include "app/samples/kit/drawing.h"
#include "app/samples/kit/sample_ui.h"
#include "collision_lab/query/runner.h"

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
int SampleRegistrar::add_info(const SampleInfo& info) {
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

nlohmann::ordered_json sample_results(const Sample& sample) {
  nlohmann::ordered_json results = nlohmann::ordered_json::array();
  int line_number = 0;
  for (const auto& query : sample.queries()) {
    bool failed = false;
    ++line_number;
    // A long line (Any query's, answered in the background as the tool answers it, errors
    // included) is not asked again: that would redo seconds of work on this thread a frame.
    const bool long_line = sample.answering() || query.line.dump().size() > kAnswerLaterBytes;
    auto refused = long_line ? nlohmann::ordered_json() : query::answer_request(query.line, line_number, failed);
    results.push_back(failed ? refused : query::answer_from(query.line, line_number, query.answer, failed));
  }
  return results;
}

void add_answers_json(nlohmann::ordered_json& dump, const Sample& sample) {
  auto& queries = dump["queries"] = nlohmann::ordered_json::array();
  for (const auto& query : sample.queries()) queries.push_back(query.line);
  dump["results"] = sample_results(sample);
  const Figure figure = sample.figure();
  dump["card"] = card_lines(sample, dump["results"]);
  auto& tables = dump["tables"] = nlohmann::ordered_json::array();
  for (const FigureTable& table : figure.tables) tables.push_back(figure_table_json(table));
  dump["figure"] = figure.facts;
  const std::vector<RevealStep> steps = sample.reveal_steps();
  if (steps.empty()) return;
  auto& reveal = dump["reveal"] = {{"revealed", sample.reveal.partial(int(steps.size())) ? sample.reveal.shown : int(steps.size())}};
  auto& rows = reveal["steps"] = nlohmann::ordered_json::array();
  for (std::size_t i = 0; i < steps.size(); ++i) {
    rows.push_back({{"name", steps[i].name}, {"outcome", steps[i].outcome}, {"shown", sample.reveal.shows(int(i))}});
  }
}

std::vector<std::string> card_lines(const Sample& sample, const nlohmann::ordered_json& results) {
  const std::vector<RevealStep> steps = sample.reveal_steps();
  const int count = static_cast<int>(steps.size()), shown = sample.reveal.shown;
  if (!sample.reveal.partial(count)) return card_lines(sample.figure(), results);
  std::vector<std::string> lines{"step " + std::to_string(shown) + " of " + std::to_string(count) +
                                 (shown == 0 ? ": press N for the first" : "")};
  constexpr int kLastSteps = 3;  // the card stays small; the panel lists them all
  for (int i = std::max(0, shown - kLastSteps); i < shown; ++i) {
    const RevealStep& step = steps[static_cast<std::size_t>(i)];
    lines.push_back(step.name + ": " + step.outcome);
  }
  return lines;
}

double scene_size(const Sample& sample) {
  const cam::Bounds bounds = sample.bounds();
  return std::max({glm::length(bounds.min), glm::length(bounds.max), 1e-300});
}

bool Sample::is_3d() const { return info_->is_3d; }

bool Sample::edit_fields() { return edit_state(state, !is_3d()); }

cam::Bounds Sample::bounds() const {
  cam::Bounds bounds;
  state_bounds(state, bounds.min, bounds.max);
  return kit::padded(bounds);  // a single point or a flat scene still needs some room around it
}

const SampleInfo& neighbour_sample(const SampleInfo* current, int step) {
  const auto& samples = sample_registry();
  int index = 0;
  for (std::size_t i = 0; i < samples.size(); ++i) {
    if (&samples[i] == current) index = static_cast<int>(i);
  }
  const int count = static_cast<int>(samples.size());
  return samples[static_cast<std::size_t>(((index + step) % count + count) % count)];
}
