#pragma once
// Presenter mode (F5), for a class on a projector: the scene alone, with lines, points and
// labels larger, and a card in its corner with the sample's title and its answer in large
// type. Implemented in presenter.cpp.
#include "app/label_layout.h"

#include <imgui.h>
#include <nlohmann/json.hpp>

#include <string>
#include <vector>

struct SampleInfo;

// How much larger the scene's lines, points and labels are drawn in presenter mode.
inline constexpr float kPresenterScale = 1.75f;

// The answer in a few words per query, from the answers the query tool would write:
// "separated: gap 1.414", "distance 2.926 (edge ab)". Several queries are named by id.
std::vector<std::string> answer_card_lines(const nlohmann::ordered_json& results);

// The card, at the window's top left (the scene fills the window in presenter mode);
// between ImGui::NewFrame and Render. Returns where it is (window pixels).
ScreenRect draw_answer_card(const SampleInfo& info, const nlohmann::ordered_json& results, const ImVec4& title_color);
