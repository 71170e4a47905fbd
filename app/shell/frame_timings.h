#pragma once
// The benchmark's clocks and what it keeps per frame (--bench), written into its JSON
// line. Implemented in frame_timings.cpp.
#include <nlohmann/json.hpp>

#include <vector>

double now_ms();  // wall time
// CPU time of the calling thread: what the benchmark's "CPU" figures count. Wall time in
// a GL call also includes waiting for the GL, which under Xvfb is llvmpipe's rasterizer
// threads on the same two cores; that wait is reported apart.
double thread_cpu_ms();
// CPU time of every thread of the process, llvmpipe's rasterizer threads included: the
// work a frame costs, which unlike wall time does not grow when other programs share the cores.
double process_cpu_ms();

struct FrameTimings {
  // Per frame: our thread's CPU time in update, draw-list build and GL submit; the submit's
  // wall time and the wait in glFinish, which include the GL's own work.
  std::vector<double> update_ms, build_ms, submit_ms, submit_wall_ms, gpu_finish_ms;
  std::vector<double> field_overlay_ms;  // --explain field: each frame's repaint of the overlay
  // Per frame: its wall time, and the CPU time of all the process's threads.
  std::vector<double> frame_ms, frame_process_cpu_ms;
  // The frame in progress.
  double update_now_ms = 0, build_now_ms = 0, start_wall_ms = 0, start_process_cpu_ms = 0;

  // "frames", "fps" and each timing's median, p95 and p99.
  void write(nlohmann::ordered_json& report) const;
};
