#!/usr/bin/env bash
# Installs the Debian packages Collision Lab needs, and nothing when they are all present.
# `install-deps.sh fuzz` adds the compiler of the fuzz targets (`make fuzz`), which
# nothing else needs; `install-deps.sh package` adds help2man (the man pages), lintian
# and appstream (checks of the .deb and its metainfo) for `make package`; `install-deps.sh
# web` adds emscripten and the browser of the web tests (cmake/install-web-deps.sh does the rest).
set -euo pipefail

packages=(
  build-essential cmake ninja-build pkg-config python3-glad
  libglfw3-dev libglm-dev libimgui-dev nlohmann-json3-dev libstb-dev libcli11-dev
  libgtest-dev libbenchmark-dev fonts-dejavu-core ccache libqhull-dev
  xvfb xauth xdotool
)
[[ "${1:-}" == fuzz ]] && packages+=(clang-14 libclang-rt-14-dev)
[[ "${1:-}" == package ]] && packages+=(help2man lintian appstream)
if [[ "${1:-}" == web ]]; then
  packages+=(emscripten chromium dpkg-dev)
  command -v npm >/dev/null || packages+=(npm)  # a NodeSource nodejs brings its own
fi

missing=()
for package in "${packages[@]}"; do
  status=$(dpkg-query -W -f='${Status}' "$package" 2>/dev/null || true)
  [[ "$status" == "install ok installed" ]] || missing+=("$package")
done
[[ ${#missing[@]} -eq 0 ]] && exit 0

echo "Installing missing Debian packages: ${missing[*]}"
sudo=""
if [[ $(id -u) -ne 0 ]]; then
  command -v sudo >/dev/null || { echo "error: need root or sudo to install: ${missing[*]}" >&2; exit 1; }
  sudo="sudo"
fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
