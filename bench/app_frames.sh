#!/bin/sh
# Prints the markdown table of bench/README.md's "The app's frames": every sample's
# `--bench` figures at 1280x800 (run it under Xvfb, or with a display). Usage:
#   bench/app_frames.sh [build/collision-lab] [frames]
set -eu
binary=${1:-build/collision-lab}
frames=${2:-120}
echo "| sample | update | draw-list build | GL submit | CPU median | CPU p99 | GL finish | draw calls | vertices |"
echo "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
for sample in $("$binary" --list-samples); do
  "$binary" --sample "$sample" --bench --frames "$frames" --size 1280x800 | python3 -c '
import json, sys
d = json.load(sys.stdin)
m = lambda key: d[key]["median"]
print("| %s | %.3f | %.3f | %.2f | %.2f | %.2f | %.2f | %d | %d |" % (d["sample"], m("update_ms"), m("draw_list_ms"),
      m("gl_submit_ms"), m("cpu_ms"), d["cpu_ms"]["p99"], m("gpu_finish_ms"), d["draw_calls"], d["vertices"]))'
done
