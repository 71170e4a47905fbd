# The two commands of the README: `make run` and `make test`. Both install what is
# missing, configure once, and build incrementally.
.PHONY: run test bench test-asan build deps clean

BUILD_DIR := build
APP := $(BUILD_DIR)/collision-lab
# GUI tests need an X server; without one, run the tests under a virtual one.
XVFB := $(if $(DISPLAY),,xvfb-run -a -s "-screen 0 1920x1080x24")

run: build
	$(APP) $(ARGS)

test: build
	$(XVFB) ctest --preset default

bench: build
	$(BUILD_DIR)/collision-lab-bench

test-asan: deps
	@test -f build-asan/CMakeCache.txt || cmake --preset debug-asan
	cmake --build --preset debug-asan
	LSAN_OPTIONS=suppressions=$(CURDIR)/tests/lsan.supp $(XVFB) ctest --preset debug-asan

build: deps
	@test -f $(BUILD_DIR)/CMakeCache.txt || cmake --preset default
	cmake --build --preset default

deps:
	@cmake/install-deps.sh

clean:
	rm -rf $(BUILD_DIR) build-asan
