#pragma once
// Revealing a sample's ordered steps one at a time, as a lecturer builds an argument:
// Ericson's region tests, a box's clamps, a polygon's edge planes. N shows the next step,
// P the previous one, Space plays them in turn. The figure draws only what the revealed
// steps have computed; with every step shown it is the whole answer, as before.
#include <string>
#include <vector>

// One step as the card and --dump-state name it: "vertex a", and what it found there
// ("d1 ≤ 0, d2 ≤ 0: no").
struct RevealStep {
  std::string name;
  std::string outcome;
};

struct Reveal {
  static constexpr int kAll = -1;
  // How many steps are revealed, or kAll: no reveal under way, the whole answer as always.
  // With every step revealed the figure is the whole answer too, with each step's marks kept.
  int shown = kAll;
  bool playing = false;
  double waited = 0;
  static constexpr double kSecondsPerStep = 1.5;

  // Whether step `index` (from 0) is on screen: every step is unless a reveal is under way.
  bool shows(int index) const { return shown == kAll || index < shown; }
  bool partial(int count) const { return shown != kAll && shown < count; }
  bool under_way() const { return shown != kAll; }

  // N, P and Space over `count` steps; true when the key was one of them (and there are steps).
  bool key(int glfw_key, bool pressed, int count);
  void update(double dt, int count);
  // The panel's row: the step shown and buttons for the keys, for samples with steps.
  void controls(const std::vector<RevealStep>& steps);
};
