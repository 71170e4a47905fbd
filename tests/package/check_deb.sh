#!/usr/bin/env bash
# Installs the collision-lab .deb, uses it as a user and an engine would, removes it and
# checks that none of its files is left. It changes the system, so `make package-check`
# runs it (as root) and `make test` does not. Usage: check_deb.sh PACKAGE.deb
set -euo pipefail

fail() { echo "collision-lab: package-check: $*" >&2; exit 1; }
step() { echo "collision-lab: package-check: $*"; }
installed() { [[ $(dpkg-query -W -f='${Status}' collision-lab 2>/dev/null || true) == "install ok installed" ]]; }

[[ $# -eq 1 && -f "$1" ]] || fail "${1:-PACKAGE.deb}: not a file: usage: check_deb.sh PACKAGE.deb"
[[ $(id -u) -eq 0 ]] || fail "needs root: it installs and removes a package"
deb=$(realpath "$1")
source_dir=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
# A failed step still removes the package, so that the system is left as it was found.
cleanup() {
  if [[ -n "${removing_on_exit:-}" ]] && installed; then
    echo "collision-lab: package-check: removing the package after a failed step" >&2
    dpkg -r collision-lab >/dev/null || true
  fi
  rm -rf "$work"
}
trap cleanup EXIT

version=$(dpkg-deb -f "$deb" Version)
step "installing $deb (version $version)"
removing_on_exit=1
# dpkg -i leaves missing dependencies unconfigured; apt-get -f installs them and finishes.
if ! dpkg -i "$deb"; then
  step "installing missing dependencies with apt-get install -f"
  DEBIAN_FRONTEND=noninteractive apt-get install -f -y -qq --no-install-recommends \
    || fail "apt-get install -f: the package's dependencies cannot be installed"
fi
installed || fail "dpkg: collision-lab is not installed after dpkg -i"
dpkg -L collision-lab | grep -v '^/\.$' | sort >"$work/files"
step "installed $(wc -l <"$work/files") paths"

step "/usr/bin/collision-lab --version"
out=$(/usr/bin/collision-lab --version) || fail "collision-lab --version: exit status $?"
echo "  $out"
[[ $out == "collision-lab $version" ]] || fail "collision-lab --version: printed '$out', not 'collision-lab $version'"

step "/usr/bin/collision-lab-query on a query line from stdin"
line='{"id":"p","op":"closest_point","shape":{"type":"sphere","center":[0,0,0],"radius":1},"point":[3,0,0]}'
out=$(/usr/bin/collision-lab-query <<<"$line") || fail "collision-lab-query: exit status $?"
echo "  $out"
[[ $out == *'"distance":2,'* ]] || fail "collision-lab-query: the answer has no distance 2"

step "man pages, desktop entry, metainfo, icon, copyright"
for program in collision-lab collision-lab-query; do
  page=$(man -w "$program") || fail "man -w $program: no man page"
  echo "  $page"
  man "$program" 2>/dev/null | grep -q -- --version || fail "man $program: no --version in the page"
done
for path in /usr/share/applications/io.github.collision_lab.CollisionLab.desktop \
            /usr/share/metainfo/io.github.collision_lab.CollisionLab.metainfo.xml \
            /usr/share/icons/hicolor/scalable/apps/io.github.collision_lab.CollisionLab.svg \
            /usr/share/doc/collision-lab/copyright /usr/share/doc/collision-lab/changelog.gz \
            /usr/share/collision-lab/lectures/closest-points-and-sat.json; do
  grep -qx "$path" "$work/files" || fail "$path: not in the package"
done

# An engine's project against /usr only: no package registry, no /usr/local, no
# CMAKE_PREFIX_PATH from the environment.
step "configuring tests/consumer/installed against /usr"
head_cases="$work/cases.jsonl"
awk 'NR % 10 == 1' "$source_dir/tests/query/emit_gtest_cases.jsonl" >"$head_cases"
# The project with an emitted test beside it, as the README has an engine do.
cp -r "$source_dir/tests/consumer/installed" "$work/project"
/usr/bin/collision-lab-query --emit-gtest --input "$head_cases" >"$work/project/emitted_test.cpp" \
  || fail "collision-lab-query --emit-gtest: exit status $?"
step "emitted $(grep -c '^TEST(' "$work/project/emitted_test.cpp") GoogleTest tests from $(wc -l <"$head_cases") query lines"
env -u CMAKE_PREFIX_PATH cmake -S "$work/project" -B "$work/build" -G Ninja \
  -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF -DCMAKE_FIND_USE_SYSTEM_PACKAGE_REGISTRY=OFF \
  -DCMAKE_IGNORE_PREFIX_PATH=/usr/local >"$work/configure.log" \
  || { cat "$work/configure.log"; fail "cmake: the consumer project does not configure"; }
config_dir=$(sed -n 's/^CollisionLab_DIR:PATH=//p' "$work/build/CMakeCache.txt")
echo "  CollisionLab_DIR=$config_dir"
grep -qx "$config_dir/CollisionLabConfig.cmake" "$work/files" \
  || fail "CollisionLab_DIR=$config_dir: not the package's CMake config"

step "building engine_queries, engine_query_line and emitted_test"
nice cmake --build "$work/build" >"$work/build.log" \
  || { cat "$work/build.log"; fail "cmake --build: the consumer project does not build"; }
for program in engine_queries engine_query_line; do
  step "running $program"
  "$work/build/$program" || fail "$program: exit status $?"
done
step "running emitted_test"
"$work/build/emitted_test" --gtest_brief=1 || fail "emitted_test: a test failed"

step "dpkg -r collision-lab"
removing_on_exit=
dpkg -r collision-lab
status=$(dpkg-query -W -f='${Status}' collision-lab 2>/dev/null || true)
[[ -z $status || $status == *not-installed* ]] || fail "dpkg: collision-lab is still '$status' after dpkg -r"

# A file of the package must be gone; a folder may stay only when another package owns
# it or something else is in it, as dpkg does.
left=0
while IFS= read -r path; do
  if [[ -d $path && ! -L $path ]]; then
    [[ -n $(ls -A "$path") ]] || dpkg -S "$path" >/dev/null 2>&1 || { echo "  left: $path/"; left=1; }
  elif [[ -e $path || -L $path ]]; then
    echo "  left: $path"
    left=1
  fi
done <"$work/files"
[[ $left -eq 0 ]] || fail "dpkg -r: files of the package are left (above)"
step "removed: none of the $(wc -l <"$work/files") paths is left"
step "all checks passed"
