// Revealing a sample's ordered steps one at a time: each sample named by the lecture issue
// steps through its own steps, in the order its kernel decides them (checked on seeded
// random states against the answer's feature), N/P/Space move the reveal, the figure hides
// the answer until the deciding step, and the step is saved in the scene.
#include "app/document/document_ui.h"
#include "app/document/scene_file.h"
#include "app/explain/formula.h"
#include "app/host/sample_host.h"

#include <GLFW/glfw3.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <set>

namespace {
using nlohmann::json;

std::vector<std::string> step_names(const Sample& sample) {
  std::vector<std::string> names;
  for (const RevealStep& step : sample.reveal_steps()) names.push_back(step.name);
  return names;
}

std::unique_ptr<Sample> sample_with(const std::string& id, const json& state) {
  SceneFile scene;
  std::string error;
  const json text = {{"collision_lab_scene", 1}, {"sample", id}, {"state", state}};
  EXPECT_TRUE(read_scene_text(text.dump(), scene, error)) << error;
  auto sample = make_scene_sample(scene);
  sample->update(0);
  return sample;
}

// The labels the sample draws, as a 1280×800 window framed on it shows them.
std::vector<std::string> drawn_labels(const Sample& sample) {
  const Viewport viewport{0, 0, 1280, 800};
  cam::Camera3D camera;
  camera.frame(sample.bounds(), viewport);
  DebugDraw draw;
  draw.begin_frame(camera.view_info(viewport, 1));
  sample.draw(draw);
  std::vector<std::string> texts;
  for (const Label& label : draw.labels()) texts.push_back(label.text);
  draw.flush();
  return texts;
}

bool has_label_starting(const std::vector<std::string>& labels, const std::string& start) {
  return std::any_of(labels.begin(), labels.end(), [&](const std::string& text) { return text.rfind(start, 0) == 0; });
}

// The index of the step whose outcome decided (says "the answer", "is outside", "is inside").
int deciding_step(const std::vector<RevealStep>& steps) {
  for (std::size_t i = 0; i < steps.size(); ++i) {
    const std::string& outcome = steps[i].outcome;
    if (outcome.find("the answer") != std::string::npos || outcome.find("P is outside") != std::string::npos ||
        outcome.find("P is inside") != std::string::npos) {
      return static_cast<int>(i);
    }
  }
  return -1;
}

TEST(Reveal, EachSampleStepsThroughItsOwnStepsInOrder) {
  const std::vector<std::pair<std::string, std::vector<std::string>>> expected = {
      {"closest-point-triangle", {"vertex a", "vertex b", "edge ab", "vertex c", "edge ca", "edge bc", "face"}},
      {"closest-point-aabb", {"clamp x", "clamp y", "clamp z"}},
      {"closest-point-obb", {"clamp along u0", "clamp along u1", "clamp along u2"}},
      {"closest-point-segment", {"(P\u2212A)\u00b7(B\u2212A)", "(P\u2212B)\u00b7(A\u2212B)"}},
      {"closest-point-ray", {"(P\u2212O)\u00b7d", "d\u00b7d"}},
      {"closest-point-line", {"(P\u2212O)\u00b7d", "d\u00b7d"}},
      {"point-in-polygon", {"edge 0", "edge 1", "edge 2", "edge 3", "edge 4"}},
  };
  for (const auto& [id, names] : expected) {
    SCOPED_TRACE(id);
    auto sample = find_sample(id)->make();
    sample->update(0);
    EXPECT_EQ(step_names(*sample), names);
  }
  // A hull's faces in the order the kernel tests them: one step per face.
  auto hull = find_sample("point-in-polyhedron")->make();
  hull->update(0);
  const json results = sample_results(*hull);
  const auto steps = hull->reveal_steps();
  ASSERT_GE(steps.size(), 4u);
  for (std::size_t f = 0; f < steps.size(); ++f) EXPECT_EQ(steps[f].name, "face " + std::to_string(f));
}

// Samples whose answer has no order of its own reveal the formula panel's lines, one a step:
// the panel and the formula card show only those revealed, and the figure draws the answer
// from the line that gives Q. While another sample's own steps are revealed its formula,
// which would give the answer away, waits for the last.
TEST(Reveal, TheFormulasLinesAreRevealedOneAtATime) {
  const std::vector<std::pair<std::string, std::string>> first_lines = {
      {"closest-point-sphere", "|P \u2212 C| = "},
      {"closest-point-plane", "N\u00b7P = "},
      {"closest-point-polygon", "P is outside edge e when"},
      {"closest-point-polyhedron", "P is outside face f when"},
  };
  ExplainViews views;
  for (const auto& [id, first_line] : first_lines) {
    SCOPED_TRACE(id);
    auto sample = find_sample(id)->make();
    sample->update(0);
    const std::vector<std::string> lines = views.formula(*sample);
    const auto steps = sample->reveal_steps();
    ASSERT_EQ(steps.size(), lines.size());
    ASSERT_GE(steps.size(), 3u);
    for (std::size_t i = 0; i < steps.size(); ++i) {
      EXPECT_EQ(steps[i].name, "line " + std::to_string(i + 1));
      EXPECT_EQ(steps[i].outcome, lines[i]);
    }
    EXPECT_EQ(steps.front().outcome.rfind(first_line, 0), 0u) << steps.front().outcome;
    const int answer = formula_answer_step(steps);
    EXPECT_EQ(answer, static_cast<int>(steps.size()) - 2);
    EXPECT_EQ(steps[std::size_t(answer)].outcome.rfind("Q = ", 0), 0u);
    EXPECT_EQ(steps.back().outcome.rfind("distance = |P \u2212 Q| = ", 0), 0u);
    const std::vector<std::string> whole_labels = drawn_labels(*sample);
    for (int shown = 0; shown <= static_cast<int>(steps.size()); ++shown) {
      sample->reveal.shown = shown;
      const std::vector<std::string> revealed = shown == 0 ? std::vector<std::string>{"(N reveals the first line)"}
                                                           : std::vector<std::string>(lines.begin(), lines.begin() + shown);
      EXPECT_EQ(views.formula(*sample), revealed) << shown;
      EXPECT_EQ(drawn_labels(*sample) == whole_labels, shown > answer) << shown;
    }
  }

  SampleHost host;
  ASSERT_TRUE(host.select("closest-point-sphere"));
  host.key(GLFW_KEY_P, true);
  host.key(GLFW_KEY_P, true);
  host.key(GLFW_KEY_P, true);
  const json dump = json::parse(host.dump().dump());
  EXPECT_EQ(dump["reveal"]["revealed"], 2);
  EXPECT_EQ(dump["card"][0], "step 2 of 5");
  EXPECT_EQ(dump["card"][2].get<std::string>().rfind("line 2: r = ", 0), 0u) << dump["card"];
  EXPECT_FALSE(has_label_starting(drawn_labels(*host.sample()), "C + r")) << "Q is the fourth line";

  auto triangle = find_sample("closest-point-triangle")->make();
  triangle->update(0);
  EXPECT_GE(views.formula(*triangle).size(), 10u);
  triangle->reveal.shown = 3;
  EXPECT_EQ(views.formula(*triangle), std::vector<std::string>{"(the formula follows the last step)"});
}

// Ericson's order on random points: the first test that holds names the answer's region,
// the tests before it say no, and the ones after it never run.
TEST(Reveal, TheTrianglesDecidingTestIsTheAnswersRegion) {
  std::mt19937 random(26);
  std::uniform_real_distribution<double> coordinate(-6, 6);
  const json triangle = {{"type", "triangle"}, {"a", {-3, 1, -1}}, {"b", {3, 1.4, -1.5}}, {"c", {0, 0.8, 2.5}}};
  std::set<std::string> regions;
  for (int i = 0; i < 400; ++i) {
    const json p = {coordinate(random), coordinate(random), coordinate(random)};
    auto sample = sample_with("closest-point-triangle", {{"shapes", {{"triangle", triangle}}}, {"points", {{"p", p}}}});
    const auto steps = sample->reveal_steps();
    const int deciding = deciding_step(steps);
    ASSERT_GE(deciding, 0) << p.dump();
    const std::string feature = sample_results(*sample)[0]["feature"];
    EXPECT_EQ(steps[static_cast<std::size_t>(deciding)].name, feature) << p.dump();
    regions.insert(feature);
    for (int k = 0; k < 7; ++k) {
      const std::string& outcome = steps[static_cast<std::size_t>(k)].outcome;
      if (k < deciding) {
        EXPECT_TRUE(outcome.ends_with(": no")) << outcome;
      } else if (k > deciding) {
        EXPECT_EQ(outcome, "not run");
      }
    }
  }
  EXPECT_EQ(regions.size(), 7u) << "every region was reached";
}

// The segment's and the polygon's deciding steps agree with their answers on random points.
TEST(Reveal, TheDecidingStepsAgreeWithTheAnswers) {
  std::mt19937 random(27);
  std::uniform_real_distribution<double> coordinate(-7, 7);
  for (int i = 0; i < 300; ++i) {
    const double x = coordinate(random), y = coordinate(random);
    auto segment = sample_with("closest-point-segment", {{"points", {{"p", {x, y, 0}}}}});
    const auto steps = segment->reveal_steps();
    const std::string feature = sample_results(*segment)[0]["feature"];
    const int deciding = deciding_step(steps);
    EXPECT_EQ(deciding, feature == "vertex a" ? 0 : 1) << x << ", " << y << ": " << feature;
    if (feature == "vertex a") {
      EXPECT_EQ(steps[1].outcome, "not needed");
    }

    auto polygon = sample_with("point-in-polygon", {{"points", {{"p", {x, y, 0}}}}});
    const json answer = sample_results(*polygon)[0];
    const auto edges = polygon->reveal_steps();
    const int decided = deciding_step(edges);
    ASSERT_GE(decided, 0);
    if (answer["inside"].get<bool>()) {
      EXPECT_EQ(decided, static_cast<int>(edges.size()) - 1);
    } else {
      EXPECT_NE(edges[static_cast<std::size_t>(decided)].outcome.find("> 0"), std::string::npos);
      for (std::size_t k = static_cast<std::size_t>(decided) + 1; k < edges.size(); ++k) EXPECT_EQ(edges[k].outcome, "not run");
    }
  }
}

TEST(Reveal, KeysMoveTheRevealAndTheSceneKeepsIt) {
  SampleHost host;
  ASSERT_TRUE(host.select("closest-point-triangle"));
  EXPECT_FALSE(host.dump()["view"].contains("reveal")) << "no reveal under way: nothing saved";
  EXPECT_EQ(host.dump()["reveal"]["revealed"], 7);
  host.key(GLFW_KEY_P, true);  // from the whole answer, back one step
  EXPECT_EQ(host.sample()->reveal.shown, 6);
  host.key(GLFW_KEY_P, false);
  EXPECT_EQ(host.sample()->reveal.shown, 6) << "a release does nothing";
  for (int i = 0; i < 10; ++i) host.key(GLFW_KEY_P, true);
  EXPECT_EQ(host.sample()->reveal.shown, 0) << "stops at the first";
  host.key(GLFW_KEY_N, true);
  host.key(GLFW_KEY_N, true);
  json dump = json::parse(host.dump().dump());
  EXPECT_EQ(dump["view"]["reveal"], 2);
  EXPECT_EQ(dump["reveal"]["revealed"], 2);
  EXPECT_EQ(dump["reveal"]["steps"][1]["shown"], true);
  EXPECT_EQ(dump["reveal"]["steps"][2]["shown"], false);
  EXPECT_EQ(dump["card"][0], "step 2 of 7");
  EXPECT_EQ(dump["card"][2].get<std::string>().rfind("vertex b: ", 0), 0u) << dump["card"];
  EXPECT_EQ(dump["tables"][0]["rows"][2][2], "") << "a test not yet revealed shows no answer";
  EXPECT_EQ(dump["tables"][0]["highlighted"], -1);
  EXPECT_FALSE(dump["results"][0].contains("error")) << "the answer itself is computed as always";

  // The scene opens at the step it was saved at, and a bad step is refused by name.
  SceneFile scene;
  std::string error;
  ASSERT_TRUE(read_scene_text(dump.dump(), scene, error)) << error;
  SampleHost again;
  again.open_scene(scene);
  EXPECT_EQ(again.sample()->reveal.shown, 2);
  dump["view"]["reveal"] = -1;
  EXPECT_FALSE(read_scene_text(dump.dump(), scene, error));
  EXPECT_EQ(error.rfind("view.reveal: expected how many steps are revealed (0 or more), got -1", 0), 0u) << error;

  // Space plays the steps to the last and stops there.
  again.key(GLFW_KEY_SPACE, true);
  EXPECT_TRUE(again.animating());
  for (int i = 0; i < 20; ++i) again.update(1.0);
  EXPECT_EQ(again.sample()->reveal.shown, 7);
  EXPECT_FALSE(again.sample()->reveal.playing);
  EXPECT_EQ(json::parse(again.dump().dump())["card"][0].get<std::string>().find("step"), std::string::npos)
      << "all revealed: the answer's card";
}

// A reveal belongs to its scene: another sample opens whole, a sample without steps keeps
// the count it was given, and a degenerate triangle (no tests run) shows its answer.
TEST(Reveal, ARevealStaysWithItsScene) {
  SampleHost host;
  ASSERT_TRUE(host.select("closest-point-triangle"));
  Document document;
  document.detach(host);
  Settings settings;
  DocumentUi ui(document, host, settings);
  host.key(GLFW_KEY_P, true);
  ASSERT_EQ(host.sample()->reveal.shown, 6);
  ui.select_sample("closest-point-aabb");
  EXPECT_EQ(host.sample()->reveal.shown, Reveal::kAll) << "the next sample opens whole";

  Reveal reveal;
  reveal.shown = 3;
  reveal.update(0.1, 0);
  EXPECT_EQ(reveal.shown, 3) << "no steps now (a degenerate shape): the count is kept for when they come back";

  const json needle = {{"type", "triangle"}, {"a", {0, 0, 0}}, {"b", {1, 0, 0}}, {"c", {2, 0, 0}}};
  auto degenerate = sample_with("closest-point-triangle", {{"shapes", {{"triangle", needle}}}, {"points", {{"p", {0.5, 1, 0}}}}});
  EXPECT_TRUE(degenerate->reveal_steps().empty());
  degenerate->reveal.shown = 0;
  const auto labels = drawn_labels(*degenerate);
  EXPECT_TRUE(std::any_of(labels.begin(), labels.end(), [](const std::string& text) { return text.find(",  d = ") != std::string::npos; }))
      << "answered as a segment before any test: shown";
}

// The ray decides as its kernel does: P exactly abreast of O is answered by O at step 1.
TEST(Reveal, TheRaysFirstStepDecidesOnItsBoundaryAsTheKernelDoes) {
  auto ray = sample_with("closest-point-ray", {{"shapes", {{"ray", {{"type", "ray"}, {"origin", {0, 0, 0}}, {"direction", {1, 0, 0}}}}}},
                                               {"points", {{"p", {0, 2, 0}}}}});
  EXPECT_EQ(sample_results(*ray)[0]["feature"], "origin");
  const auto steps = ray->reveal_steps();
  EXPECT_EQ(deciding_step(steps), 0) << steps[0].outcome;
  EXPECT_EQ(steps[1].outcome, "not needed");
}

TEST(Reveal, TheFigureDrawsTheAnswerOnlyOnceItsStepIsRevealed) {
  auto sample = find_sample("closest-point-triangle")->make();
  sample->update(0);
  const int deciding = deciding_step(sample->reveal_steps());
  ASSERT_EQ(deciding, 2) << "P starts above the slab of edge ab";
  const std::string answer_label = "edge ab";
  for (int shown = 0; shown <= 7; ++shown) {
    sample->reveal.shown = shown;
    EXPECT_EQ(has_label_starting(drawn_labels(*sample), answer_label), shown > deciding) << shown;
  }
  auto box = find_sample("closest-point-obb")->make();
  box->update(0);
  for (int shown = 0; shown <= 3; ++shown) {
    box->reveal.shown = shown;
    const auto labels = drawn_labels(*box);
    const bool answered = std::any_of(labels.begin(), labels.end(), [](const std::string& text) {
      return text.find(",  d = ") != std::string::npos || text == "P is inside";
    });
    EXPECT_EQ(answered, shown == 3) << shown;
  }
}

}  // namespace
