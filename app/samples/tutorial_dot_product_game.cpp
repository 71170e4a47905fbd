// The dot-product tutorial's top-down game: a round player walks among walls. Every update,
// each wall's closest point to the player's centre comes from one dot product (clamped to
// the segment); when it is nearer than the radius, the player is pushed out along
// (centre − closest) to exactly the radius. Repeated passes settle corners; the motion is cut
// into sub-steps no longer than half the radius, so no speed tunnels through a wall.
#include "app/host/sample.h"
#include "app/samples/kit/sample_ui.h"
#include "collision_lab/closest_point.h"
#include "collision_lab/query/answers.h"
#include "collision_lab/query/query_lines.h"

#include <GLFW/glfw3.h>
#include <imgui.h>

#include <algorithm>
#include <cmath>

namespace {

using Wall = geo::Segment<double>;
using Circle = geo::Sphere<double>;

// Passes until every wall is satisfied; an acute corner needs many, each halving the error.
constexpr int kResolvePasses = 100;
// A wall this little inside the radius is satisfied: the push itself rounds, and the player
// must come to rest rather than creep by rounding errors frame after frame.
constexpr double kRestTolerance = 1e-12;

struct Contact {
  geo::LinearClosestPoint<double> closest;  // the wall's closest point to the centre
  bool pushed = false;  // this wall pushed the player in the last update
};

class TutorialDotProductGame final : public Sample {
 public:
  TutorialDotProductGame() {
    // A room with an acute corner; the player starts pushed into that corner.
    walls_ = {state.add("wall1", Wall{{-6, -3, 0}, {6, -3, 0}}), state.add("wall2", Wall{{6, -3, 0}, {6, 4, 0}}),
              state.add("wall3", Wall{{-6, 4, 0}, {-6, -3, 0}}), state.add("wall4", Wall{{0, 1.5, 0}, {4, -3, 0}}),
              state.add("wall5", Wall{{-3.5, 0.5, 0}, {-1, 3, 0}})};
  }

  bool animating() const override { return held_ != 0; }

  bool key(int glfw_key, bool pressed) override {
    int bit = 0;
    if (glfw_key == GLFW_KEY_W) bit = 1;
    if (glfw_key == GLFW_KEY_A) bit = 2;
    if (glfw_key == GLFW_KEY_S) bit = 4;
    if (glfw_key == GLFW_KEY_D) bit = 8;
    if (bit == 0) return false;
    held_ = pressed ? held_ | bit : held_ & ~bit;
    return true;
  }

  void update(double dt) override {
    Circle& player = state[player_];
    player.radius = std::max(player.radius, 0.05);  // a zero radius would make sub-steps endless
    glm::dvec3 direction((held_ & 8 ? 1 : 0) - (held_ & 2 ? 1 : 0), (held_ & 1 ? 1 : 0) - (held_ & 4 ? 1 : 0), 0);
    if (glm::length(direction) > 0) direction = glm::normalize(direction);
    const glm::dvec3 motion = direction * static_cast<double>(speed_) * std::min(dt, 0.1);
    const int steps = std::max(1, static_cast<int>(std::ceil(glm::length(motion) / (0.5 * player.radius))));
    for (auto& contact : contacts_) contact.pushed = false;
    for (int i = 0; i < steps; ++i) {
      player.center += motion / static_cast<double>(steps);
      resolve(player);
    }
    last_steps_ = steps;
    contacts_.resize(walls_.size());
    for (std::size_t w = 0; w < walls_.size(); ++w) contacts_[w].closest = geo::closest_point(wall(w), player.center);
  }

  void draw(DebugDraw& draw) const override {
    const Circle& player = state[player_];
    const glm::dvec3 up(0, 0, 1);
    for (std::size_t w = 0; w < walls_.size(); ++w) {
      const Wall& s = wall(w);
      const bool touching = w < contacts_.size() && contacts_[w].closest.distance <= player.radius * (1 + 1e-9);
      draw.line(s.a, s.b, touching ? palette::kOverlap : palette::kShape, 5);
    }
    draw.solid_circle(player.center, up, player.radius, palette::kQuery.with_alpha(0.25f));
    draw.circle(player.center, up, player.radius, palette::kQuery, 2.5f);
    for (std::size_t w = 0; w < contacts_.size() && w < walls_.size(); ++w) {
      const Contact& c = contacts_[w];
      const glm::dvec3 closest = c.closest.point;
      const double distance = c.closest.distance;
      const bool near = distance < player.radius * 3;
      draw.line(player.center, closest, palette::kJoin.with_alpha(near ? 0.9f : 0.3f), near ? 1.5f : 1);
      draw.point(closest, near ? 10 : 6, palette::kAnswer, Layer::Overlay);
      const bool touching = distance <= player.radius * (1 + 1e-9) && distance > 0;
      if (touching) {
        // The push: from the wall's closest point to the centre, exactly the radius long.
        const glm::dvec3 away = (player.center - closest) / distance;
        draw.arrow(closest, player.center, palette::kOverlap.with_alpha(c.pushed ? 1 : 0.75f), 3, Layer::Overlay);
        draw.label(closest - away * 0.45, "d = r", palette::kOverlap);
      } else if (near) {
        draw.label((player.center + closest) * 0.5, "d = " + format_number(distance), palette::kJoin);
      }
    }
    draw.point(player.center, 10, palette::kQuery, Layer::Overlay);
    draw.label(player.center + glm::dvec3(0, player.radius + 0.35, 0), "player", palette::kQuery);
  }

  bool controls() override {
    ImGui::TextWrapped("Hold W A S D to walk (click the view first), or drag the player's centre.");
    ImGui::SliderFloat("speed", &speed_, 1, 60, "%.0f units/s", ImGuiSliderFlags_Logarithmic);
    legend(palette::kQuery, "the player (centre and radius)");
    legend(palette::kShape, "walls (red while touching)");
    legend(palette::kAnswer, "closest point of each wall to the centre");
    legend(palette::kOverlap, "push-out direction: from the closest point to the centre");
    ImGui::Spacing();
    const Circle& player = state[player_];
    const bool stacked = narrow_panel();  // then what the wall did goes under its name, distance under t
    if (ImGui::BeginTable("walls", stacked ? 2 : 4, ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingStretchProp)) {
      // Fixed shares: wrapped cells cannot size their columns.
      ImGui::TableSetupColumn("wall", ImGuiTableColumnFlags_None, 1.0f);
      ImGui::TableSetupColumn(stacked ? "t\ndistance" : "t", ImGuiTableColumnFlags_None, 1.1f);
      if (!stacked) {
        ImGui::TableSetupColumn("distance", ImGuiTableColumnFlags_None, 1.0f);
        ImGui::TableSetupColumn("", ImGuiTableColumnFlags_None, 1.1f);
      }
      wrapped_headers_row();
      for (std::size_t w = 0; w < contacts_.size() && w < walls_.size(); ++w) {
        const auto closest = geo::closest_point(wall(w), player.center);
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(state.name(walls_[w]).c_str());
        if (stacked) contact_cell(w, closest);
        ImGui::TableNextColumn();
        wrapped_cell(fixed_text(closest.t, 3) + (closest.t != closest.t_raw ? " (clamped)" : ""));
        if (!stacked) ImGui::TableNextColumn();
        ImGui::TextUnformatted(fixed_text(closest.distance, 3).c_str());
        if (!stacked) {
          ImGui::TableNextColumn();
          contact_cell(w, closest);
        }
      }
      ImGui::EndTable();
    }
    if (begin_readouts("readouts")) {
      readout("radius r", player.radius);
      readout("sub-steps this frame", std::to_string(last_steps_));
      end_readouts();
    }
    hint("Double-click adds a wall; right-click a wall's end removes it.");
    ImGui::Spacing();
    return false;
  }

  // Each wall's closest point to the player's centre, as the last update left them.
  std::vector<AnsweredQuery> queries() const override {
    std::vector<AnsweredQuery> out;
    for (std::size_t w = 0; w < contacts_.size() && w < walls_.size(); ++w) {
      out.push_back({query::closest_point_line(state.name(walls_[w]), wall(w), state[player_].center),
                     [this, w] { return query::closest_point_answer(contacts_[w].closest, geo::ShapeKind::Segment); }});
    }
    return out;
  }

  // --param speed=N (units a second, the slider's range) and --param radius=R: tests walk a
  // small, fast player into walls, where a whole frame's step would jump right over one.
  bool set_parameter(const std::string& name, double value) override {
    if (name == "speed" && value >= 1 && value <= 60) {
      speed_ = static_cast<float>(value);
      return true;
    }
    if (name == "radius" && value >= 0.05 && value <= 5) {
      state[player_].radius = value;
      return true;
    }
    return false;
  }
  std::vector<std::pair<std::string, double>> parameters() const override { return {{"speed", speed_}}; }

  bool add_point(const glm::dvec3& at) override {
    int next = 1;
    while (find_wall("wall" + std::to_string(next)) != walls_.end()) ++next;
    walls_.push_back(state.add("wall" + std::to_string(next), Wall{at - glm::dvec3(1, 0, 0), at + glm::dvec3(1, 0, 0)}));
    return true;
  }

  void state_replaced() override {
    walls_.clear();
    for (std::size_t i = 0; i < state.shapes.size(); ++i) {
      if (i != player_.index) walls_.push_back({i});
    }
    contacts_.clear();
  }

  bool remove_handle(const std::string& label) override {
    if (label.rfind("wall", 0) != 0) return false;
    const auto found = find_wall(label.substr(0, label.find('.')));
    if (found == walls_.end()) return false;
    const std::size_t index = found->index;
    state.shapes.erase(state.shapes.begin() + static_cast<std::ptrdiff_t>(index));
    walls_.erase(found);
    for (auto& id : walls_) id.index -= id.index > index ? 1 : 0;  // the shapes after it moved up
    contacts_.clear();
    return true;
  }

 private:
  const ShapeId<Circle> player_ = state.add("player", Circle{{3.0, -2.6, 0}, 0.8});
  std::vector<ShapeId<Wall>> walls_;  // in order, after the player

  const Wall& wall(std::size_t w) const { return state[walls_[w]]; }
  std::vector<ShapeId<Wall>>::iterator find_wall(const std::string& name) {
    return std::find_if(walls_.begin(), walls_.end(), [&](ShapeId<Wall> id) { return state.name(id) == name; });
  }

  // What wall `w` did to the player, if anything, in the panel's table.
  void contact_cell(std::size_t w, const geo::LinearClosestPoint<double>& closest) const {
    if (closest.degenerate) {
      wrapped_cell("a point", kWarningText);
    } else if (contacts_[w].pushed) {
      wrapped_cell("pushed out", palette::kOverlap);
    } else if (closest.distance <= state[player_].radius * (1 + 1e-9)) {
      wrapped_cell("touching", palette::kOverlap);
    }
  }

  // Pushes the player out of every wall it overlaps, in passes until two walls meeting at a
  // corner both are satisfied.
  void resolve(Circle& player) {
    contacts_.resize(walls_.size());
    for (int pass = 0; pass < kResolvePasses; ++pass) {
      bool moved = false;
      for (std::size_t w = 0; w < walls_.size(); ++w) {
        const auto closest = geo::closest_point(wall(w), player.center);
        if (closest.distance >= player.radius * (1 - kRestTolerance)) continue;
        glm::dvec3 away = player.center - closest.point;
        if (closest.distance > 0) {
          away /= closest.distance;
        } else {  // the centre lies on the wall: leave along the wall's normal (or +y for a point wall)
          const glm::dvec3 along = wall(w).b - wall(w).a;
          away = glm::length(along) > 0 ? glm::normalize(glm::dvec3(-along.y, along.x, 0)) : glm::dvec3(0, 1, 0);
        }
        player.center = closest.point + away * player.radius;
        contacts_[w].pushed = true;
        moved = true;
      }
      if (!moved) break;
    }
  }

  int held_ = 0;  // bits: W A S D
  float speed_ = 6;
  int last_steps_ = 0;
  std::vector<Contact> contacts_;
};

}  // namespace

REGISTER_SAMPLE(TutorialDotProductGame, {.id = "tutorial-dot-product-game", .category = "Tutorials", .order = 20, .title = "The dot-product game",
                                         .description = "Walk with W A S D or drag the player: each wall's closest point to its centre pushes it back out to exactly its radius. Drag wall ends, double-click to add a wall."});
