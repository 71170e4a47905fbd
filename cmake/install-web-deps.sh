#!/usr/bin/env bash
# What the web build and its browser tests need, and nothing when it is all present:
#   Debian's emscripten and chromium (`install-deps.sh web`);
#   Dear ImGui's sources, which libimgui-dev does not ship, from Debian's source package
#     into $1 (default build-web/imgui-src), with a deb-src entry added only for the
#     download, so the machine's apt sources are left as they were;
#   puppeteer-core from npm into tests/web/node_modules, told to download no browser.
set -euo pipefail
cd "$(dirname "$0")/.."
imgui_dir=${1:-build-web/imgui-src}

cmake/install-deps.sh web

if [[ ! -f "$imgui_dir/imgui.cpp" ]]; then
  sudo=""
  [[ $(id -u) -ne 0 ]] && sudo="sudo"
  # The same suites and component as the machine's Debian entry, for sources.
  deb_src=/etc/apt/sources.list.d/collision-lab-imgui-src.sources
  suite=$(. /etc/os-release && echo "$VERSION_CODENAME")
  work=""
  remove_deb_src() { $sudo rm -f "$deb_src"; $sudo apt-get update -qq || true; [[ -z "$work" ]] || rm -rf "$work"; }
  trap remove_deb_src EXIT
  printf 'Types: deb-src\nURIs: http://deb.debian.org/debian\nSuites: %s\nComponents: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n' \
    "$suite" | $sudo tee "$deb_src" >/dev/null
  $sudo apt-get update -qq
  work=$(mktemp -d)
  # apt-get source downloads as its own user, _apt, when it may write the folder.
  if [[ -z "$sudo" ]] && id _apt >/dev/null 2>&1; then chown _apt "$work"; fi
  (cd "$work" && apt-get source -qq --download-only imgui && dpkg-source -x --no-check imgui_*.dsc imgui >/dev/null)
  rm -rf "$imgui_dir" && mkdir -p "$(dirname "$imgui_dir")" && mv "$work/imgui" "$imgui_dir" && rm -rf "$work"
  trap - EXIT
  remove_deb_src
  echo "collision-lab: web: Dear ImGui $(grep -m1 -o '"[0-9.]*"' "$imgui_dir/imgui.h") sources in $imgui_dir"
fi

if [[ ! -d tests/web/node_modules/puppeteer-core ]]; then
  (cd tests/web && PUPPETEER_SKIP_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error)
fi
