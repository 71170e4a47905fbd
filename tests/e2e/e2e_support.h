#pragma once
// What the end-to-end tests share: start the real app in a window, drive it with xdotool
// as a user would, quit with Ctrl+Q, and read the --dump-state JSON it wrote at exit (the
// sample's state and results, the camera, and where every handle is on screen).
#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace e2e {

using nlohmann::json;

// Window (and framebuffer) size of every e2e run; the probe renders at the same size, so
// its handle positions are where the live window draws them.
inline constexpr const char* kSize = "1000x700";

bool have_display();
json read_json(const std::string& path);

// The handle called `label` (a test failure and null when there is none).
const json& handle(const json& dump, const std::string& label);
// The handles whose labels start with `prefix`, e.g. "polygon[" for a polygon's vertices.
std::vector<json> handles_with_prefix(const json& dump, const std::string& prefix);
// Whether a scene label with exactly this text was drawn (the dump's "labels").
bool has_label(const json& dump, const std::string& text);
double screen_distance(const json& a, const json& b);  // two [x, y] arrays
// A point of the scene (right of the side panel, below the menu) at least `clearance`
// pixels from every handle: somewhere a click or drag grabs nothing.
std::vector<double> empty_spot(const json& dump, double clearance = 60);

// The dump of the sample's first frames, rendered offscreen at kSize. An empty `sample`
// leaves the choice to `extra_args` (a file to open).
json probe(const std::string& sample, const std::string& extra_args = "");

// The real app in a visible window, with its own XDG_CONFIG_HOME so that no test reads or
// writes the user's settings. Coordinates are window pixels (the dump's "screen"). An
// empty `sample` leaves the choice to `extra_args` (a file to open). `size` is --size.
class AppWindow {
 public:
  explicit AppWindow(const std::string& sample, const std::string& extra_args = "", const std::string& size = kSize);
  ~AppWindow();  // kills the app if the test did not quit it
  AppWindow(const AppWindow&) = delete;
  AppWindow& operator=(const AppWindow&) = delete;

  bool ok() const { return !window_.empty(); }
  // The app's own HOME-like folder: its settings (XDG_CONFIG_HOME) and, under data/, its
  // user data (XDG_DATA_HOME).
  const std::string& home() const { return home_; }
  std::string title() const;  // the window's title, as the window manager shows it
  std::vector<int> size() const;  // the window's width and height
  std::string size_hints() const;  // what the window asks of the window manager (xprop's WM_NORMAL_HINTS)
  bool running() const;
  void move(double x, double y);
  void press(int button);  // 1 left, 2 middle, 3 right
  void release(int button);
  void click(int button, int count = 1);  // count 2: a double-click
  // Hovers (x, y), presses, moves by (dx, dy) in `steps` steps, releases.
  void drag(int button, double x, double y, double dx, double dy, int steps = 10);
  void wheel(int clicks);  // > 0 rolls up (zooms in), < 0 down
  void keys(const std::string& names);  // xdotool key names, e.g. "Left Left Up"
  void hold(const std::string& names, int milliseconds);  // keydown together, wait, keyup
  // Ctrl+Q (twice when the app asks about unsaved changes), then the dump written at exit
  // (null and a test failure if none).
  json quit();

 private:
  std::string window_, dump_path_, home_;
  int pid_ = 0;
};

void pause_ms(int milliseconds);

}  // namespace e2e
