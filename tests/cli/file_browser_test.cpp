// The file dialog driven through ImGui without a window: each step is one frame, with at
// most one key held down, so a key is pressed on its frame and up on the next.
#include "app/document/file_browser.h"
#include "tests/support/run_process.h"

#include <gtest/gtest.h>
#include <imgui.h>

#include <fstream>

namespace fs = std::filesystem;

namespace {

class FileBrowserTest : public testing::Test {
 protected:
  FileBrowserTest() {
    ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    io.DisplaySize = ImVec2(1280, 800);
    io.IniFilename = nullptr;
    unsigned char* pixels = nullptr;
    int width = 0, height = 0;
    io.Fonts->GetTexDataAsRGBA32(&pixels, &width, &height);
    for (int key = 0; key < ImGuiKey_COUNT; ++key) io.KeyMap[key] = key;
    fs::create_directories(dir_ / "alpha");
    for (const char* file : {"A.jsonl", "b.json"}) std::ofstream(dir_ / file) << "{}";
  }
  ~FileBrowserTest() override { ImGui::DestroyContext(); }

  // One frame with `key` down (or none), then one with every key up.
  std::optional<std::string> press(int key = -1) {
    std::optional<std::string> chosen = frame(key);
    if (!chosen) chosen = frame(-1);
    return chosen;
  }

  std::optional<std::string> type(const char* text) {
    ImGui::GetIO().AddInputCharactersUTF8(text);
    return press();
  }

  const fs::path dir_ = temp_path("browser");
  FileBrowser browser_;

 private:
  std::optional<std::string> frame(int key) {
    ImGuiIO& io = ImGui::GetIO();
    io.DeltaTime = 1.0f / 60;
    for (bool& down : io.KeysDown) down = false;
    if (key >= 0) io.KeysDown[key] = true;
    ImGui::NewFrame();
    std::optional<std::string> chosen = browser_.draw();
    ImGui::EndFrame();
    return chosen;
  }
};

TEST_F(FileBrowserTest, OpenChoosesTheStartFileWithEnter) {
  browser_.open(FileBrowser::Mode::Open, "Open scene", (dir_ / "b.json").string());
  EXPECT_FALSE(press());
  EXPECT_TRUE(browser_.is_open());
  EXPECT_EQ(press(ImGuiKey_Enter), (dir_ / "b.json").string());
  EXPECT_FALSE(browser_.is_open());
  EXPECT_FALSE(press(ImGuiKey_Enter));  // once only
}

TEST_F(FileBrowserTest, BackspaceGoesUpAndTheArrowsWalkTheListing) {
  browser_.open(FileBrowser::Mode::Open, "Open scene", (dir_ / "alpha").string());
  press();
  press(ImGuiKey_Backspace);  // up, with "alpha" (the folder we came from) selected
  press(ImGuiKey_DownArrow);  // A.jsonl
  press(ImGuiKey_DownArrow);  // b.json
  press(ImGuiKey_DownArrow);  // still b.json: the last row
  press(ImGuiKey_UpArrow);    // A.jsonl
  EXPECT_EQ(press(ImGuiKey_Enter), (dir_ / "A.jsonl").string());
}

TEST_F(FileBrowserTest, EscapeClosesWithoutChoosing) {
  browser_.open(FileBrowser::Mode::Open, "Open scene", (dir_ / "b.json").string());
  press();
  EXPECT_FALSE(press(ImGuiKey_Escape));
  EXPECT_FALSE(browser_.is_open());
}

TEST_F(FileBrowserTest, SavingAddsTheExtensionToATypedName) {
  browser_.open(FileBrowser::Mode::Save, "Save scene", dir_.string());
  press();  // the name field takes the keyboard
  type("lesson");
  EXPECT_EQ(press(ImGuiKey_Enter), (dir_ / "lesson.json").string());
}

TEST_F(FileBrowserTest, SavingOverAFileAsksFirstAndEscapeOnlyDropsTheQuestion) {
  browser_.open(FileBrowser::Mode::Save, "Save scene", (dir_ / "b.json").string());
  press();
  EXPECT_FALSE(press(ImGuiKey_Enter));  // "b.json already exists. Replace it?"
  EXPECT_TRUE(browser_.is_open());
  EXPECT_FALSE(press(ImGuiKey_Escape));  // back to the dialog
  EXPECT_TRUE(browser_.is_open());
  EXPECT_FALSE(press(ImGuiKey_Escape));
  EXPECT_FALSE(browser_.is_open());
}

TEST_F(FileBrowserTest, ATypedFolderIsEnteredAndAMissingFileKeepsTheDialogOpen) {
  browser_.open(FileBrowser::Mode::Save, "Save scene", (dir_ / "").string());
  press();
  type("alpha");
  EXPECT_FALSE(press(ImGuiKey_Enter));  // into alpha/, the field keeps the keyboard
  press();
  type("inside");
  EXPECT_EQ(press(ImGuiKey_Enter), (dir_ / "alpha" / "inside.json").string());

  browser_.open(FileBrowser::Mode::Open, "Open scene", dir_.string());
  press();
  EXPECT_FALSE(press(ImGuiKey_Enter));  // nothing selected, nothing typed
  EXPECT_TRUE(browser_.is_open());
}

}  // namespace
