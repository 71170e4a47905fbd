#include "tests/e2e/e2e_support.h"

#include "tests/support/run_process.h"

#include <gtest/gtest.h>

#include <signal.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <thread>

namespace e2e {
namespace {
const std::string kBinary = COLLISION_LAB_BINARY;

int run(const std::string& command) { return std::system(command.c_str()); }

std::string pixel(double v) { return std::to_string(static_cast<int>(std::lround(v))); }

// Running, and not a zombie left for a reaper that never comes (PID 1 in some containers).
bool alive(int pid) {
  if (pid <= 0 || kill(pid, 0) != 0) return false;
  std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
  std::string pid_field, name, state;
  stat >> pid_field >> name >> state;
  return state != "Z";
}

std::string read_all(const std::string& path) {
  std::ifstream file(path);
  return std::string(std::istreambuf_iterator<char>(file), {});
}

std::string read_line(const std::string& path) {
  std::ifstream file(path);
  std::string line;
  std::getline(file, line);
  return line;
}
}  // namespace

void pause_ms(int milliseconds) { std::this_thread::sleep_for(std::chrono::milliseconds(milliseconds)); }

bool have_display() { return std::getenv("DISPLAY") != nullptr; }

json read_json(const std::string& path) {
  std::ifstream file(path);
  return json::parse(file, nullptr, /*allow_exceptions=*/false);
}

const json& handle(const json& dump, const std::string& label) {
  for (const auto& h : dump["handles"]) {
    if (h["label"] == label) return h;
  }
  static const json none;
  ADD_FAILURE() << "no handle " << label;
  return none;
}

std::vector<json> handles_with_prefix(const json& dump, const std::string& prefix) {
  std::vector<json> found;
  for (const auto& h : dump["handles"]) {
    if (h["label"].get<std::string>().rfind(prefix, 0) == 0) found.push_back(h);
  }
  return found;
}

bool has_label(const json& dump, const std::string& text) {
  const auto& labels = dump["labels"];
  return std::any_of(labels.begin(), labels.end(), [&](const json& l) { return l["text"] == text; });
}

double screen_distance(const json& a, const json& b) {
  return std::hypot(double(a[0]) - double(b[0]), double(a[1]) - double(b[1]));
}

std::vector<double> empty_spot(const json& dump, double clearance) {
  const json& viewport = dump["viewport"];  // [x, y, width, height]
  const double x0 = viewport[0], y0 = viewport[1], width = viewport[2], height = viewport[3];
  std::vector<double> best;
  double best_gap = -1;
  // A grid over the scene, 40 px in from its edges so a drag from there stays inside.
  for (double y = y0 + 40; y <= y0 + height - 40; y += 20) {
    for (double x = x0 + 40; x <= x0 + width - 40; x += 20) {
      double gap = 1e9;
      for (const auto& h : dump["handles"]) gap = std::min(gap, screen_distance(h["screen"], json{x, y}));
      if (gap > best_gap) best_gap = gap, best = {x, y};
    }
  }
  EXPECT_GE(best_gap, clearance) << "no empty space in the scene";
  return best;
}

json probe(const std::string& sample, const std::string& extra_args) {
  const std::string dump = temp_path(sample + "-probe.json");
  const std::string opens = sample.empty() ? std::string() : "--sample " + sample;
  auto result = run_process(kBinary, opens + " --size " + kSize + " " + extra_args + " --screenshot '" +
                                         temp_path("probe.png") + "' --dump-state '" + dump + "'");
  EXPECT_EQ(result.exit_code, 0) << result.err;
  return read_json(dump);
}

AppWindow::AppWindow(const std::string& sample, const std::string& extra_args, const std::string& size) {
  dump_path_ = temp_path(sample + "-live.json");
  const std::string home = home_ = temp_path("home");
  std::filesystem::create_directories(home);
  const std::string pid_path = temp_path("pid");
  const std::string log_path = temp_path("app-log.txt");
  const std::string opens = sample.empty() ? std::string() : "--sample " + sample;
  run("XDG_CONFIG_HOME='" + home + "' XDG_DATA_HOME='" + home + "/data' '" + kBinary + "' " + opens + " --size " + size + " " + extra_args +
      " --dump-state '" + dump_path_ + "' >'" + log_path + "' 2>&1 & echo $! > '" + pid_path + "'");
  pid_ = std::atoi(read_line(pid_path).c_str());
  // This app's own window (by process id), once it is mapped. One search at a time, not
  // --sync: xdotool walks every window on the display and exits with BadWindow when one
  // goes away under it (a killed app's, which the server destroys up to a second later
  // under load), which is no answer about ours; the next search is.
  const std::string wid_path = temp_path("wid");
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
  while (window_.empty() && alive(pid_) && std::chrono::steady_clock::now() < deadline) {
    if (run("xdotool search --onlyvisible --all --pid " + std::to_string(pid_) + " --name 'Collision Lab$' > '" +
            wid_path + "' 2>/dev/null") == 0) {
      window_ = read_line(wid_path);
    }
    if (window_.empty()) pause_ms(100);
  }
  if (window_.empty()) {
    ADD_FAILURE() << (alive(pid_) ? "the app's window did not appear in 20 s"
                                  : "the app exited before its window appeared")
                  << "; the app wrote:\n" << read_all(log_path);
    return;
  }
  pause_ms(700);  // first frames, fonts, layout
}

std::string AppWindow::title() const {
  return run_process("/usr/bin/xdotool", "getwindowname " + window_).out;
}

std::vector<int> AppWindow::size() const {
  const std::string shell = run_process("/usr/bin/xdotool", "getwindowgeometry --shell " + window_).out;
  const auto value = [&](const std::string& key) {
    const auto at = shell.find(key + "=");
    return at == std::string::npos ? -1 : std::atoi(shell.c_str() + at + key.size() + 1);
  };
  return {value("WIDTH"), value("HEIGHT")};
}

std::string AppWindow::size_hints() const {
  return run_process("/usr/bin/xprop", "-id " + window_ + " WM_NORMAL_HINTS").out;
}

bool AppWindow::running() const { return alive(pid_); }

AppWindow::~AppWindow() {
  if (!alive(pid_)) return;
  kill(pid_, SIGKILL);
  // The server destroys a killed app's window only once it sees the connection closed;
  // gone before the next test starts, it cannot vanish under that test's search.
  const std::string still_there = "xdotool getwindowname " + window_ + " >/dev/null 2>&1";
  for (int i = 0; i < 100 && !window_.empty() && run(still_there) == 0; ++i) pause_ms(50);
}

void AppWindow::move(double x, double y) {
  run("xdotool mousemove --sync --window " + window_ + " " + pixel(x) + " " + pixel(y));
  pause_ms(40);  // the app wakes on the event and draws a frame
}

void AppWindow::press(int button) {
  run("xdotool mousedown --window " + window_ + " " + std::to_string(button));
  pause_ms(100);
}

void AppWindow::release(int button) {
  run("xdotool mouseup --window " + window_ + " " + std::to_string(button));
  pause_ms(150);
}

void AppWindow::click(int button, int count) {
  // 40 ms apart, as a quick user clicks: inside the double-click time (300 ms), and short
  // enough that under load both clicks can fall in one frame, which the app must still
  // count as a double-click (it counts presses in its GLFW callback, not per frame).
  run("xdotool click --window " + window_ + " --repeat " + std::to_string(count) + " --delay 40 " +
      std::to_string(button));
  pause_ms(200);
}

void AppWindow::drag(int button, double x, double y, double dx, double dy, int steps) {
  move(x + 1, y + 1);
  move(x, y);  // hover first, as a user would
  press(button);
  for (int step = 1; step <= steps; ++step) move(x + dx * step / steps, y + dy * step / steps);
  release(button);
}

void AppWindow::wheel(int clicks) {
  const int button = clicks > 0 ? 4 : 5;  // X11 reports the wheel as buttons 4 (up) and 5 (down)
  for (int i = 0; i < std::abs(clicks); ++i) click(button);
}

void AppWindow::keys(const std::string& names) {
  run("xdotool key --delay 150 --window " + window_ + " " + names);
  pause_ms(200);
}

void AppWindow::hold(const std::string& names, int milliseconds) {
  run("xdotool keydown --window " + window_ + " " + names);
  pause_ms(milliseconds);
  run("xdotool keyup --window " + window_ + " " + names);
  pause_ms(200);
}

json AppWindow::quit() {
  if (!ok()) return json();
  // With unsaved changes the first Ctrl+Q asks and the second quits without saving. A key
  // the X server drops under load is sent again, every 2 s, for at most 30 s.
  for (int sent = 0; sent < 15 && alive(pid_); ++sent) {
    run("xdotool key --window " + window_ + " ctrl+q");
    for (int i = 0; i < (sent == 0 ? 30 : 40) && alive(pid_); ++i) pause_ms(50);
  }
  // It writes the dump, then exits: on two loaded cores that can take seconds.
  for (int i = 0; i < 200 && alive(pid_); ++i) pause_ms(50);
  if (!std::filesystem::exists(dump_path_)) {
    ADD_FAILURE() << "the app wrote no dump at exit";
    // Where it is stuck, for the log: the focus, and every thread's stack.
    run("echo window " + window_ + ", focus $(xdotool getwindowfocus) >&2");
    if (alive(pid_)) run("gdb -p " + std::to_string(pid_) + " -batch -ex 'thread apply all bt 12' >&2 2>&1");
    return json();
  }
  return read_json(dump_path_);
}

}  // namespace e2e
