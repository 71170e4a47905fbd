#pragma once
// What a figure says besides its scene labels: the presenter card's lines, the tables of
// the panel, and the geometry drawn from the answer (SAT's separating plane, GJK's hull of
// A − B). The panel and the card draw from it and --dump-state writes it, so a test can
// hold every number on screen to the answer it came from.
#include <nlohmann/json.hpp>

#include <string>
#include <vector>

// A table as the panel shows it: each cell's text, and the row drawn highlighted.
struct FigureTable {
  std::string id;  // "axes", "regions"
  std::vector<std::string> columns;
  std::vector<std::vector<std::string>> rows;
  int highlighted = -1;  // -1: none
};

struct Figure {
  // The presenter card's lines under the title; empty: the answers' own (answer_card_lines).
  std::vector<std::string> card;
  std::vector<FigureTable> tables;
  // Named numbers and shapes behind the drawing, for the dump and the tests.
  nlohmann::ordered_json facts = nlohmann::ordered_json::object();
};

nlohmann::ordered_json figure_table_json(const FigureTable& table);

// The answer in a few words per query, from the answers the query tool would write:
// "separated: gap 1.414", "distance 2.926 (edge ab)". Several queries are named by id.
std::vector<std::string> answer_card_lines(const nlohmann::ordered_json& results);
// What the presenter card says: the sample's own lines (a stepped SAT axis, a GJK
// iteration), else the answers' (answer_card_lines).
std::vector<std::string> card_lines(const Figure& figure, const nlohmann::ordered_json& results);
