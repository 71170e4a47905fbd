# The two commands of the README: `make run` and `make test`. Both install what is
# missing, configure once, and build incrementally.
.PHONY: run test bench test-asan test-sanitize fuzz package package-check web serve-web test-web bench-web build configure deps clean

BUILD_DIR := build
APP := $(BUILD_DIR)/collision-lab
# GUI tests need an X server; without one, run the tests under a virtual one. -noreset:
# Xvfb otherwise resets when its last client leaves, and a test that starts the app many
# times in a row can then find no display for a moment.
XVFB := $(if $(DISPLAY),,xvfb-run -a -s "-screen 0 1920x1080x24 -noreset")

# The app and what it links, and nothing else: a first window without building the tests.
run: configure
	cmake --build --preset default --target collision-lab
	$(APP) $(ARGS)

test: build
	$(XVFB) ctest --preset default

bench: build
	$(BUILD_DIR)/collision-lab-bench $(ARGS)

# Every test under ASan and UBSan (the test preset passes the leak suppressions).
test-asan: deps
	@test -f build-asan/CMakeCache.txt || cmake --preset debug-asan
	cmake --build --preset debug-asan
	$(XVFB) ctest --preset debug-asan

# The unit and cli labels under ASan and UBSan, building only what they run (CI runs it).
SANITIZE_TARGETS := unit_tests march_tests render_tests layout_tests cli_tests query_tests emitted_cases_tests \
                    emitted_cases_mutated_tests collision-lab collision-lab-query
test-sanitize: deps
	@test -f build-asan/CMakeCache.txt || cmake --preset debug-asan
	cmake --build --preset debug-asan --target $(SANITIZE_TARGETS)
	ctest --preset debug-asan --label-regex '^(unit|cli)$$'

# Every libFuzzer target for FUZZ_SECONDS each, all at once (tests/fuzz/run.sh).
FUZZ_SECONDS := 60
FUZZ_TARGETS := query_line_fuzzer scene_file_fuzzer geometry_fuzzer
fuzz:
	@cmake/install-deps.sh fuzz
	@test -f build-fuzz/CMakeCache.txt || cmake --preset fuzz
	cmake --build --preset fuzz --target $(FUZZ_TARGETS)
	tests/fuzz/run.sh build-fuzz $(FUZZ_SECONDS) $(FUZZ_TARGETS)

# The Debian package (cmake/package.cmake): only what it holds is built. Configuring again
# finds help2man when the build folder predates it, and puts the libraries in Debian's
# multiarch folder (also searched under /usr/local); lintian's errors fail the target.
PACKAGE_DIR := $(BUILD_DIR)/packages
PACKAGE_TARGETS := collision-lab collision-lab-query collision_lab_geometry collision_lab_query \
                   collision-lab-package-files
package:
	@cmake/install-deps.sh package
	cmake --preset default -DCMAKE_INSTALL_LIBDIR=lib/$$(dpkg-architecture -qDEB_HOST_MULTIARCH)
	cmake --build --preset default --target $(PACKAGE_TARGETS)
	appstreamcli validate --no-net assets/linux/*.metainfo.xml
	rm -f $(PACKAGE_DIR)/*.deb
	cpack --config $(BUILD_DIR)/CPackConfig.cmake
	lintian --fail-on error $(PACKAGE_DIR)/*.deb
	@echo "collision-lab: package: $$(ls $(PACKAGE_DIR)/*.deb)"

# Installs the package, uses it as a user and an engine would, and removes it: it changes
# the system, so `make test` leaves it out.
package-check: package
	tests/package/check_deb.sh $(PACKAGE_DIR)/*.deb

# The web build (emscripten): a static site in build-web/site/ that any host can serve.
# cmake/install-web-deps.sh installs emscripten, Dear ImGui's Debian sources, Chromium and
# puppeteer-core, each only when missing.
WEB_DIR := build-web
WEB_PORT := 8321
web:
	@cmake/install-web-deps.sh $(WEB_DIR)/imgui-src
	@test -f $(WEB_DIR)/CMakeCache.txt || NODE_PATH=/usr/share/nodejs emcmake cmake -S . -B $(WEB_DIR) -G Ninja \
	  -DCMAKE_BUILD_TYPE=Release -DCOLLISION_LAB_IMGUI_SOURCE_DIR=$(CURDIR)/$(WEB_DIR)/imgui-src
	NODE_PATH=/usr/share/nodejs cmake --build $(WEB_DIR)
	@echo "collision-lab: web: the site is in $(WEB_DIR)/site/"

serve-web: web
	python3 tests/web/serve.py $(WEB_DIR)/site --port $(WEB_PORT)

# The browser tests: the site served on 127.0.0.1 and driven in Debian's headless Chromium.
test-web: web build
	node tests/web/run.mjs --site $(WEB_DIR)/site --native $(APP)

bench-web: web
	node bench/web_bench.mjs --site $(WEB_DIR)/site $(ARGS)

build: configure
	cmake --build --preset default

configure: deps
	@test -f $(BUILD_DIR)/CMakeCache.txt || cmake --preset default

deps:
	@cmake/install-deps.sh

clean:
	rm -rf $(BUILD_DIR) build-asan build-fuzz $(WEB_DIR)
