// Share links of the web page: a scene survives its link exactly, ?sample=ID opens a
// sample, and a link that cannot be read says what is wrong in one message.
#include "app/document/presets.h"
#include "app/document/scene_link.h"

#include <gtest/gtest.h>

#include <random>
#include <string>

namespace {
TEST(SceneLink, Base64urlRoundTripsEveryByteString) {
  std::mt19937 random(3);
  for (int length = 0; length < 70; ++length) {
    std::string bytes(std::size_t(length), '\0');
    for (char& byte : bytes) byte = static_cast<char>(random() & 0xff);
    const std::string text = base64url_encode(bytes);
    EXPECT_EQ(text.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"), std::string::npos);
    EXPECT_EQ(text.size(), (bytes.size() * 4 + 2) / 3) << "no padding";
    EXPECT_EQ(base64url_decode(text), bytes);
  }
  EXPECT_EQ(base64url_encode("Man"), "TWFu");
  EXPECT_EQ(base64url_encode("\xfb\xff"), "-_8");
}

TEST(SceneLink, Base64urlRefusesTextThatEncodesNoBytes) {
  for (const std::string text : {"A", "TWFu=", "TW+u", "TW/u", "a b", "TWF"}) EXPECT_FALSE(base64url_decode(text)) << text;
  EXPECT_EQ(base64url_decode("TWE"), "Ma");  // its tail bits are zero
}

TEST(SceneLink, EveryPresetOpensFromItsLinkAsTheSameScene) {
  for (const Preset& preset : presets()) {
    const std::string fragment = "#" + scene_link_fragment(preset.scene);
    const LinkRequest link = read_link("", fragment);
    ASSERT_TRUE(link.error.empty()) << preset.scene.title << ": " << link.error;
    ASSERT_TRUE(link.scene);
    EXPECT_EQ(scene_json(*link.scene), scene_json(preset.scene)) << preset.scene.title;
  }
}

TEST(SceneLink, SampleQueryOpensASampleAndTheSceneWinsOverIt) {
  EXPECT_EQ(read_link("?sample=sat-obb-obb", "").sample_id, "sat-obb-obb");
  EXPECT_EQ(read_link("?ui=2&sample=gjk-epa", "").sample_id, "gjk-epa");
  const LinkRequest both = read_link("?sample=gjk-epa", "#" + scene_link_fragment(presets().front().scene));
  EXPECT_TRUE(both.scene);
  EXPECT_TRUE(both.sample_id.empty());
  const LinkRequest none = read_link("", "");
  EXPECT_FALSE(none.scene);
  EXPECT_TRUE(none.sample_id.empty());
  EXPECT_TRUE(none.error.empty());
}

TEST(SceneLink, AnUnreadableLinkSaysWhatIsWrong) {
  const auto error_of = [](const std::string& query, const std::string& fragment) {
    const LinkRequest link = read_link(query, fragment);
    EXPECT_FALSE(link.scene);
    return link.error;
  };
  EXPECT_EQ(error_of("?sample=no-such", ""), "?sample=no-such: no such sample (Samples menu lists them)");
  EXPECT_EQ(error_of("", "#scene=not*base64"), "the link's scene is not base64url text");
  const std::string not_json = error_of("", "#scene=" + base64url_encode("{\"sample\": "));
  EXPECT_EQ(not_json.rfind("the link's scene: ", 0), 0u) << not_json;
  const std::string unknown = error_of("", "#scene=" + base64url_encode(R"({"collision_lab_scene": 1, "sample": "nope"})"));
  EXPECT_NE(unknown.find("nope"), std::string::npos) << unknown;
}
}  // namespace
