// Case rows that take long (a large hull's overlap line) are answered off the main thread,
// or between frames as in the web page: each answer is the one read_cases gives at once,
// the progress names the line at work, the shown row opens once answered, and a
// screenshot waits for every row.
#include "app/document/document.h"
#include "tests/support/app_dump.h"

#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>
#include <random>
#include <thread>

namespace {
using nlohmann::json;

// One overlap line of a hull of `count` seeded points on the unit sphere against a box it
// overlaps, expecting the overlap: about 60 bytes a vertex.
std::string hull_line(const std::string& id, int count) {
  std::mt19937 random(static_cast<unsigned>(count));
  std::normal_distribution<double> normal;
  json vertices = json::array();
  for (int i = 0; i < count; ++i) {
    const glm::dvec3 v = glm::normalize(glm::dvec3(normal(random), normal(random), normal(random)));
    vertices.push_back({v.x, v.y, v.z});
  }
  const json box = {{"type", "obb"}, {"center", {1.5, 0, 0}}, {"axes", {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}}, {"half_extents", {1, 1, 1}}};
  return json{{"id", id}, {"op", "overlap"}, {"a", {{"type", "polyhedron"}, {"vertices", vertices}}}, {"b", box},
              {"expect", {{"overlap", true}}}}
             .dump();
}

const std::string kSmall = R"({"id":"small","op":"closest_point","shape":{"type":"sphere","center":[0,0,0],"radius":1},"point":[3,0,0],"expect":{"distance":2}})";
const std::string kNan = R"({"id":"nan","op":"closest_point","shape":{"type":"sphere","center":[0,0,0],"radius":1},"point":[NaN,0,0]})";

// Takes answers until none are left, as the frame loop does (bounded, not timed: a stuck
// worker fails the test instead of hanging it).
void take_all(BackgroundAnswers& answers, std::vector<CaseRow>& rows, bool threads) {
  for (int round = 0; answers.busy() && round < 600000; ++round) {
    for (auto& [row, checked] : answers.take()) answer_row(rows.at(row), std::move(checked));
    if (threads) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  EXPECT_FALSE(answers.busy());
}

TEST(BackgroundAnswers, GiveTheAnswersReadCasesGivesAtOnce) {
  const std::string text = kSmall + "\n" + hull_line("hull-3000", 3000) + "\n\n" + kNan + "\n" + hull_line("hull-5000", 5000) + "\n";
  std::vector<CaseRow> at_once;
  std::string error;
  ASSERT_TRUE(read_cases(text, at_once, error)) << error;
  for (const bool threads : {true, false}) {
    SCOPED_TRACE(threads ? "on a worker thread" : "between frames");
    std::vector<CaseRow> rows;
    std::vector<UnansweredLine> later;
    ASSERT_TRUE(read_cases(text, rows, error, &later)) << error;
    ASSERT_EQ(rows.size(), 4u);
    // The long lines wait; the short ones are answered at once (well within the quarter second).
    ASSERT_EQ(later.size(), 2u);
    EXPECT_EQ(later[0].row, 1u);
    EXPECT_EQ(later[0].number, 2);
    EXPECT_EQ(later[1].number, 5);
    EXPECT_TRUE(rows[1].answering);
    EXPECT_FALSE(rows[0].answering);
    EXPECT_EQ(rows[0].ok, std::optional<bool>(true));
    EXPECT_EQ(cases_json(rows)[1]["answering"], true);

    BackgroundAnswers answers(threads);
    answers.start(std::move(later));
    EXPECT_TRUE(answers.busy());
    EXPECT_EQ(answers.progress().total, 2);
    if (!threads) {  // the first frame says what comes, and answers nothing
      EXPECT_TRUE(answers.take().empty());
      EXPECT_EQ(answers.progress().line, 2);
      EXPECT_GT(answers.progress().bytes, kAnswerLaterBytes);
      EXPECT_EQ(answers.progress().answered, 0);
    }
    take_all(answers, rows, threads);
    EXPECT_EQ(cases_json(rows), cases_json(at_once));
    for (std::size_t i = 0; i < rows.size(); ++i) {
      EXPECT_EQ(rows[i].answer, at_once[i].answer) << "row " << i;
      EXPECT_EQ(rows[i].op, at_once[i].op);
      EXPECT_EQ(rows[i].shapes, at_once[i].shapes);
    }
    EXPECT_EQ(rows[1].ok, std::optional<bool>(true));
    EXPECT_EQ(answers.progress().total, 0);  // nothing left
  }
}

TEST(BackgroundAnswers, StoppedLinesAreDropped) {
  BackgroundAnswers answers(false);
  answers.start({{0, 1, hull_line("a", 100)}, {1, 2, hull_line("b", 100)}});
  ASSERT_TRUE(answers.busy());
  answers.stop();
  EXPECT_FALSE(answers.busy());
  EXPECT_TRUE(answers.take().empty());
}

TEST(BackgroundAnswers, TheShownRowOpensOnceAnswered) {
  const std::string path = write_file("long-row.jsonl", hull_line("hull-3000", 3000) + "\n" + kSmall + "\n");
  SampleHost host;
  Document document;
  std::string error;
  ASSERT_TRUE(document.open(path, 0, host, error)) << error;
  ASSERT_TRUE(document.answering());
  EXPECT_TRUE(document.shown_case_answering());
  EXPECT_TRUE(document.cases()[0].answering);
  EXPECT_FALSE(document.cases()[1].answering);
  ASSERT_NE(host.sample(), nullptr);  // something is shown meanwhile
  // As the frames do: the rows, then the figure's own answer (Any query answers a long line
  // in the background too).
  for (int round = 0; (document.answering() || host.answering()) && round < 600000; ++round) {
    document.poll_answers(host);
    host.update(0);
    if (host.answering()) EXPECT_FALSE(document.shown_case_mismatches(host).has_value()) << "checked before answered";
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  ASSERT_FALSE(document.answering());
  ASSERT_FALSE(host.answering());
  EXPECT_FALSE(document.shown_case_answering());
  EXPECT_EQ(document.case_problem(), "");
  EXPECT_EQ(document.cases()[0].ok, std::optional<bool>(true));
  // The figure is the row's: its query asks of the row's 3,000-vertex hull, and the check holds.
  const auto queries = host.sample()->queries();
  const int shown = case_query_index(queries, document.cases()[0]);
  ASSERT_GE(shown, 0);
  EXPECT_EQ(queries[static_cast<std::size_t>(shown)].line["a"]["vertices"].size(), 3000u);
  const auto now = document.shown_case_mismatches(host);
  ASSERT_TRUE(now.has_value());
  EXPECT_TRUE(now->empty());
  EXPECT_FALSE(document.dirty(host));
}

TEST(BackgroundAnswers, AScreenshotWaitsForEveryRow) {
  if (!std::getenv("DISPLAY")) GTEST_SKIP() << "screenshots need an X display (make test provides Xvfb)";
  const std::string path = write_file("long-rows.jsonl", hull_line("hull-20000", 20000) + "\n" + kSmall + "\n");
  const json dump = dump_of(COLLISION_LAB_BINARY, "'" + path + "' --size 1280x800 --frames 1", "long-rows");
  ASSERT_TRUE(dump.contains("cases"));
  ASSERT_EQ(dump["cases"].size(), 2u);
  for (const auto& row : dump["cases"]) {
    EXPECT_FALSE(row.contains("answering")) << row.dump();
    EXPECT_EQ(row["ok"], true) << row.dump();
  }
  EXPECT_EQ(dump["cases"][0]["id"], "hull-20000");
  // More vertices than a figure holds: the row is answered, and says why it has no figure.
  EXPECT_NE(dump.value("case_problem", "").find("at most 4096"), std::string::npos) << dump.value("case_problem", "");
}

}  // namespace

namespace {
// Any query with a long line: answered off the main thread from its second update, the
// same answer as the tool's, and the shown row's check waits for it.
TEST(BackgroundAnswers, AnyQueryAnswersALongLineInTheBackground) {
  const json line = json::parse(hull_line("hull-3000", 3000));
  SceneFile scene = case_scene(line);
  ASSERT_STREQ(scene.sample->id, "any-query");
  const std::unique_ptr<Sample> sample = make_scene_sample(scene);
  ASSERT_TRUE(sample->answering());
  EXPECT_EQ(sample->queries().front().answer(), nlohmann::ordered_json::object());  // nothing yet, not a wrong answer
  for (int round = 0; sample->answering() && round < 600000; ++round) {
    sample->update(0);
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  ASSERT_FALSE(sample->answering());
  bool failed = false;
  nlohmann::ordered_json expected = query::answer_request(sample->queries().front().line, 1, failed);
  expected.erase("id");
  EXPECT_FALSE(failed);
  EXPECT_EQ(sample->queries().front().answer(), expected);
  EXPECT_EQ(expected["overlap"], true);

  // An edit asks again; a short line is answered at once.
  sample->state.shapes[0].shape = geo::Sphere<double>{{0, 0, 0}, 1};
  sample->update(0);
  EXPECT_FALSE(sample->answering());
  EXPECT_EQ(sample->queries().front().answer()["overlap"], true);
}
}  // namespace

namespace {
// Edits made to the figure shown while the selected row is being answered stay one undo
// step away when the row's figure replaces it.
TEST(BackgroundAnswers, EditsMadeWhileTheRowIsAnsweredCanBeUndone) {
  const std::string path = write_file("edit-while-answering.jsonl", hull_line("hull-3000", 3000) + "\n");
  SampleHost host;
  Document document;
  std::string error;
  ASSERT_TRUE(document.open(path, 0, host, error)) << error;
  ASSERT_TRUE(document.shown_case_answering());
  const SampleState before = host.sample()->state;
  host.sample()->state.points[0].position.y = 7;  // the placeholder's P, edited
  host.sample()->update(0);
  host.record_edit("Edit values", before);
  ASSERT_TRUE(document.dirty(host));
  for (int round = 0; (document.answering() || host.answering()) && round < 600000; ++round) {
    document.poll_answers(host);
    host.update(0);
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  ASSERT_FALSE(document.shown_case_answering());
  ASSERT_TRUE(host.undo());  // back to the edited figure
  EXPECT_EQ(host.sample()->state.points[0].position.y, 7);
}

// --param applies to the starting row's own sample, answered before the window opens.
TEST(BackgroundAnswers, AParameterAppliesToALongStartingRowsSample) {
  if (!std::getenv("DISPLAY")) GTEST_SKIP() << "screenshots need an X display (make test provides Xvfb)";
  const std::string path = write_file("long-row-param.jsonl", hull_line("hull-3000", 3000) + "\n");
  const json dump = dump_of(COLLISION_LAB_BINARY, "'" + path + "' --size 1280x800 --frames 1 --param float=1", "long-row-param");
  ASSERT_TRUE(dump.contains("sample"));
  EXPECT_EQ(dump["sample"], "any-query");
  EXPECT_EQ(dump["settings"]["float"], 1.0) << dump["settings"].dump();
}
}  // namespace
