// Files in the real app, driven as a user would: Ctrl+S saves a dragged scene that reopens
// identically (the title's `*` comes and goes), and --watch follows a case file another
// program rewrites, keeping the last good state when a rewrite is malformed.
#include "tests/e2e/e2e_support.h"
#include "tests/support/run_process.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>

using namespace e2e;

namespace {

void write_file(const std::string& path, const std::string& text) {
  std::ofstream(path, std::ios::binary) << text;
}

// As an engine saves: a temporary file renamed over the watched one.
void write_atomically(const std::string& path, const std::string& text) {
  write_file(path + ".part", text);
  std::filesystem::rename(path + ".part", path);
}

json reopened(const std::string& path) {
  const std::string dump = temp_path("reopened.json");
  const auto result = run_process(COLLISION_LAB_BINARY, "'" + path + "' --size " + std::string(kSize) +
                                                            " --screenshot '" + temp_path("reopened.png") +
                                                            "' --dump-state '" + dump + "'");
  EXPECT_EQ(result.exit_code, 0) << result.err;
  return read_json(dump);
}

std::string case_line(double x) {
  return R"({"id":"p","op":"closest_point","shape":{"type":"segment","a":[0,0,0],"b":[2,0,0]},"point":[)" +
         std::to_string(x) + R"(,1,0],"expect":{"feature":"vertex b"}})" + "\n";
}

TEST(Document, CtrlSSavesADraggedSceneThatReopensIdentically) {
  if (!have_display()) GTEST_SKIP() << "no display";
  const std::string path = temp_path("saved-scene.json");
  {
    const json start = probe("closest-point-segment");
    json scene = {{"collision_lab_scene", 1}, {"sample", start["sample"]}, {"state", start["state"]}};
    write_file(path, scene.dump(2));
  }
  const json before = probe("", "'" + path + "'");
  AppWindow app("", "'" + path + "'");
  ASSERT_TRUE(app.ok());
  EXPECT_EQ(app.title().find('*'), std::string::npos) << app.title();
  const json& p = handle(before, "p");
  app.drag(1, p["screen"][0], p["screen"][1], 60, -40);
  EXPECT_NE(app.title().find("saved-scene.json *"), std::string::npos) << app.title();
  app.keys("ctrl+s");
  EXPECT_EQ(app.title().find('*'), std::string::npos) << app.title();
  const json live = app.quit();  // no question: nothing is unsaved
  ASSERT_TRUE(live.is_object());
  EXPECT_NE(live["state"], before["state"]);  // the drag moved P

  const json saved = read_json(path);
  EXPECT_EQ(saved["state"], live["state"]);
  const json again = reopened(path);
  EXPECT_EQ(again["state"], live["state"]);
  EXPECT_EQ(again["results"], live["results"]);
  EXPECT_EQ(again["camera"], live["camera"]);
}

TEST(Document, QuitAsksFirstWhenThereAreUnsavedChanges) {
  if (!have_display()) GTEST_SKIP() << "no display";
  const json before = probe("closest-point-segment");
  AppWindow app("closest-point-segment");
  ASSERT_TRUE(app.ok());
  const json& p = handle(before, "p");
  app.drag(1, p["screen"][0], p["screen"][1], 50, 30);
  app.keys("ctrl+q");
  pause_ms(500);
  EXPECT_TRUE(app.running()) << "quit without asking about the dragged point";
  app.keys("Escape");  // Cancel
  pause_ms(300);
  EXPECT_TRUE(app.running());
  const json live = app.quit();  // asked again; the second Ctrl+Q quits without saving
  EXPECT_NE(live["state"], before["state"]);
}

TEST(Document, WatchFollowsARewrittenCaseFileAndKeepsTheFigureWhenALineIsMalformed) {
  if (!have_display()) GTEST_SKIP() << "no display";
  const std::string path = temp_path("engine-cases.jsonl");
  write_file(path, case_line(3) + case_line(4));
  {
    AppWindow app("", "--watch --case 2 '" + path + "'");
    ASSERT_TRUE(app.ok());
    write_atomically(path, case_line(3) + case_line(5.5));
    pause_ms(1200);
    write_file(path, case_line(3) + "{\"id\":\"half\",\"op\":\"closest_po");  // half written, in place
    pause_ms(1200);
    EXPECT_TRUE(app.running());
    const json live = app.quit();
    ASSERT_TRUE(live.is_object());
    EXPECT_EQ(live["case"], 2);  // the selected row is kept
    EXPECT_EQ(live["state"]["points"]["p"], json({5.5, 1, 0}));
    // The half-written line is an error row, and the figure keeps what it showed.
    ASSERT_TRUE(live.contains("case_problem")) << live;
    EXPECT_EQ(live["case_problem"].get<std::string>().rfind("line 2: not JSON", 0), 0u) << live["case_problem"];
    EXPECT_EQ(live["cases"].size(), 2u);
  }
  write_file(path, case_line(1));
  {
    AppWindow app("", "--watch '" + path + "'");
    ASSERT_TRUE(app.ok());
    write_file(path, "not json\n");
    pause_ms(1200);
    write_atomically(path, case_line(-2));  // a later good write clears the banner
    pause_ms(1200);
    const json live = app.quit();
    ASSERT_TRUE(live.is_object());
    EXPECT_FALSE(live.contains("file_problem"));
    EXPECT_EQ(live["state"]["points"]["p"], json({-2, 1, 0}));
    EXPECT_EQ(live["cases"][0]["ok"], false);  // P beyond a: the closest feature is vertex a
  }
}

}  // namespace
