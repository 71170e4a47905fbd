#include "app/shell/frame_timings.h"

#include <algorithm>
#include <chrono>
#include <ctime>

double now_ms() {
  using clock = std::chrono::steady_clock;
  return std::chrono::duration<double, std::milli>(clock::now().time_since_epoch()).count();
}

namespace {
double clock_ms(clockid_t clock) {
  timespec now{};
  clock_gettime(clock, &now);
  return static_cast<double>(now.tv_sec) * 1e3 + static_cast<double>(now.tv_nsec) * 1e-6;
}

nlohmann::ordered_json percentiles(std::vector<double> values) {
  if (values.empty()) return {{"median", 0.0}, {"p95", 0.0}, {"p99", 0.0}};
  std::sort(values.begin(), values.end());
  auto at = [&](double q) { return values[std::min(values.size() - 1, static_cast<std::size_t>(q * double(values.size())))]; };
  return {{"median", at(0.5)}, {"p95", at(0.95)}, {"p99", at(0.99)}};
}
}  // namespace

double thread_cpu_ms() { return clock_ms(CLOCK_THREAD_CPUTIME_ID); }

double process_cpu_ms() { return clock_ms(CLOCK_PROCESS_CPUTIME_ID); }

void FrameTimings::write(nlohmann::ordered_json& report) const {
  report["frames"] = static_cast<int>(update_ms.size());
  // What the user sees: whole frames, from the events to the swap, the GL's work included.
  const nlohmann::ordered_json frame = percentiles(frame_ms);
  report["fps"] = frame["median"].get<double>() > 0 ? 1000.0 / frame["median"].get<double>() : 0.0;
  report["frame_ms"] = frame;
  report["process_cpu_ms"] = percentiles(frame_process_cpu_ms);
  report["update_ms"] = percentiles(update_ms);
  report["draw_list_ms"] = percentiles(build_ms);
  report["gl_submit_ms"] = percentiles(submit_ms);
  std::vector<double> total(update_ms.size());
  for (std::size_t i = 0; i < total.size(); ++i) total[i] = update_ms[i] + build_ms[i] + submit_ms[i];
  report["cpu_ms"] = percentiles(total);
  report["gl_submit_wall_ms"] = percentiles(submit_wall_ms);
  report["gpu_finish_ms"] = percentiles(gpu_finish_ms);
  // --explain field: its repaint (the batch and the colours) within draw_list_ms; the
  // texture's upload is in gl_submit_ms.
  if (!field_overlay_ms.empty()) report["field_overlay_ms"] = percentiles(field_overlay_ms);
}
