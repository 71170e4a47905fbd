#!/bin/sh
# Prints the markdown table of bench/README.md's "The app's frames": every sample's
# `--bench` figures at 1280x800, a drag of its first handle (run it under Xvfb, or with a
# display). Extra arguments go to the app, e.g. --ui-scale 250, --bench-window or
# --multisampling on. Usage:
#   bench/app_frames.sh [build/collision-lab] [frames] [app arguments...]
set -eu
binary=${1:-build/collision-lab}
frames=${2:-120}
[ $# -ge 2 ] && shift 2 || shift $#
echo "| sample | fps | frame median | frame p95 | process CPU | update | draw-list build | GL submit | CPU median | GL finish | MSAA | draw calls | vertices |"
echo "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
for sample in $("$binary" --list-samples); do
  "$binary" --sample "$sample" --bench --frames "$frames" --size 1280x800 "$@" | python3 -c '
import json, sys
d = json.load(sys.stdin)
m = lambda key: d[key]["median"]
print("| %s | %.1f | %.2f | %.2f | %.2f | %.3f | %.3f | %.2f | %.2f | %.2f | %d | %d | %d |" % (d["sample"], d["fps"],
      m("frame_ms"), d["frame_ms"]["p95"], m("process_cpu_ms"), m("update_ms"), m("draw_list_ms"), m("gl_submit_ms"),
      m("cpu_ms"), m("gpu_finish_ms"), d["multisampling"], d["draw_calls"], d["vertices"]))'
done
