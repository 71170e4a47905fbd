// The dot-product tutorial's top-down game: a round player walks among walls. Every update,
// each wall's closest point to the player's centre comes from one dot product (clamped to
// the segment); when it is nearer than the radius, the player is pushed out along
// (centre − closest) to exactly the radius. A few passes settle corners; the motion is cut
// into sub-steps no longer than half the radius, so no speed tunnels through a wall.
#include "app/sample.h"
#include "app/sample_ui.h"
#include "geometry/closest_point.h"

#include <GLFW/glfw3.h>
#include <imgui.h>

#include <cmath>

namespace {

using Wall = geo::Segment<double>;
using Circle = geo::Sphere<double>;

constexpr int kResolvePasses = 4;

struct Contact {
  glm::dvec3 closest{0};  // the closest point on the wall to the centre
  double distance = 0;
  bool pushed = false;  // this wall pushed the player in the last update
};

class TutorialDotProductGame final : public Sample {
 public:
  TutorialDotProductGame() {
    // A room with an acute corner; the player starts pushed into that corner.
    state.shapes = {{"player", Circle{{3.0, -2.6, 0}, 0.8}},
                    {"wall1", Wall{{-6, -3, 0}, {6, -3, 0}}},
                    {"wall2", Wall{{6, -3, 0}, {6, 4, 0}}},
                    {"wall3", Wall{{-6, 4, 0}, {-6, -3, 0}}},
                    {"wall4", Wall{{0, 1.5, 0}, {4, -3, 0}}},
                    {"wall5", Wall{{-3.5, 0.5, 0}, {-1, 3, 0}}}};
  }

  bool is_3d() const override { return false; }
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
    Circle& player = state.shape<Circle>("player");
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
    contacts_.resize(wall_count());
    for (std::size_t w = 0; w < wall_count(); ++w) {
      const auto closest = geo::closest_point(wall(w), player.center);
      contacts_[w].closest = closest.point;
      contacts_[w].distance = closest.distance;
    }
  }

  void draw(DebugDraw& draw) const override {
    const Circle& player = state.shape<Circle>("player");
    const glm::dvec3 up(0, 0, 1);
    for (std::size_t w = 0; w < wall_count(); ++w) {
      const Wall& s = wall(w);
      const bool touching = w < contacts_.size() && contacts_[w].distance <= player.radius * (1 + 1e-9);
      draw.line(s.a, s.b, touching ? palette::kOverlap : palette::kShape, 5);
    }
    draw.solid_circle(player.center, up, player.radius, palette::kQuery.with_alpha(0.25f));
    draw.circle(player.center, up, player.radius, palette::kQuery, 2.5f);
    for (std::size_t w = 0; w < contacts_.size() && w < wall_count(); ++w) {
      const Contact& c = contacts_[w];
      const bool near = c.distance < player.radius * 3;
      draw.line(player.center, c.closest, palette::kJoin.with_alpha(near ? 0.9f : 0.3f), near ? 1.5f : 1);
      draw.point(c.closest, near ? 10 : 6, palette::kAnswer, Layer::Overlay);
      const bool touching = c.distance <= player.radius * (1 + 1e-9) && c.distance > 0;
      if (touching) {
        // The push: from the wall's closest point to the centre, exactly the radius long.
        const glm::dvec3 away = (player.center - c.closest) / c.distance;
        draw.arrow(c.closest, player.center, palette::kOverlap.with_alpha(c.pushed ? 1 : 0.75f), 3, Layer::Overlay);
        draw.label(c.closest - away * 0.45, "d = r", palette::kOverlap);
      } else if (near) {
        draw.label((player.center + c.closest) * 0.5, "d = " + format_number(c.distance), palette::kJoin);
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
    legend(palette::kOverlap, "push-out direction (centre \u2212 closest) / |\u2026|");
    ImGui::Spacing();
    const Circle& player = state.shape<Circle>("player");
    if (ImGui::BeginTable("walls", 4, ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingStretchProp)) {
      ImGui::TableSetupColumn("wall");
      ImGui::TableSetupColumn("t");
      ImGui::TableSetupColumn("distance");
      ImGui::TableSetupColumn("");
      ImGui::TableHeadersRow();
      for (std::size_t w = 0; w < contacts_.size() && w < wall_count(); ++w) {
        const auto closest = geo::closest_point(wall(w), player.center);
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(state.shapes[w + 1].name.c_str());
        ImGui::TableNextColumn();
        ImGui::Text("%.2f%s", closest.t, closest.t != closest.t_raw ? " (clamped)" : "");
        ImGui::TableNextColumn();
        ImGui::Text("%.3f", closest.distance);
        ImGui::TableNextColumn();
        if (closest.degenerate) {
          ImGui::TextColored(ImVec4(1, 0.6f, 0.2f, 1), "a point");
        } else if (contacts_[w].pushed) {
          ImGui::TextColored(ImVec4(1, 0.45f, 0.45f, 1), "pushed out");
        } else if (closest.distance <= player.radius * (1 + 1e-9)) {
          ImGui::TextColored(ImVec4(1, 0.45f, 0.45f, 1), "touching");
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
    return edit_state(state, true);
  }

  nlohmann::ordered_json results() const override {
    const Circle& player = state.shape<Circle>("player");
    auto walls = nlohmann::ordered_json::array();
    for (std::size_t w = 0; w < contacts_.size() && w < wall_count(); ++w) {
      walls.push_back({{"name", state.shapes[w + 1].name},
                       {"point", {contacts_[w].closest.x, contacts_[w].closest.y}},
                       {"distance", contacts_[w].distance},
                       {"pushed", contacts_[w].pushed}});
    }
    return {{"player", {player.center.x, player.center.y}}, {"radius", player.radius}, {"walls", walls}};
  }

  // --param speed=N (units a second, the slider's range) and --param radius=R: tests walk a
  // small, fast player into walls, where a whole frame's step would jump right over one.
  bool set_parameter(const std::string& name, double value) override {
    if (name == "speed" && value >= 1 && value <= 60) {
      speed_ = static_cast<float>(value);
      return true;
    }
    if (name == "radius" && value >= 0.05 && value <= 5) {
      state.shape<Circle>("player").radius = value;
      return true;
    }
    return false;
  }

  bool add_point(const glm::dvec3& at) override {
    int next = 1;
    while (state.find_shape("wall" + std::to_string(next))) ++next;
    state.shapes.push_back({"wall" + std::to_string(next), Wall{at - glm::dvec3(1, 0, 0), at + glm::dvec3(1, 0, 0)}});
    return true;
  }

  bool remove_handle(const std::string& label) override {
    if (label.rfind("wall", 0) != 0) return false;
    const std::string name = label.substr(0, label.find('.'));
    for (std::size_t i = 1; i < state.shapes.size(); ++i) {
      if (state.shapes[i].name != name) continue;
      state.shapes.erase(state.shapes.begin() + static_cast<std::ptrdiff_t>(i));
      contacts_.clear();
      return true;
    }
    return false;
  }

 private:
  // Walls are every shape after the player, in order.
  std::size_t wall_count() const { return state.shapes.size() - 1; }
  const Wall& wall(std::size_t w) const { return std::get<Wall>(state.shapes[w + 1].shape); }

  // Pushes the player out of every wall it overlaps, a few passes so that two walls
  // meeting at a corner both end up satisfied.
  void resolve(Circle& player) {
    contacts_.resize(wall_count());
    for (int pass = 0; pass < kResolvePasses; ++pass) {
      bool moved = false;
      for (std::size_t w = 0; w < wall_count(); ++w) {
        const auto closest = geo::closest_point(wall(w), player.center);
        if (closest.distance >= player.radius) continue;
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

REGISTER_SAMPLE(TutorialDotProductGame, "tutorial-dot-product-game", "Tutorials", 20, "The dot-product game",
                "Walk with W A S D or drag the player: each wall's closest point to its centre pushes it back out to "
                "exactly its radius. Drag wall ends, double-click to add a wall.");
