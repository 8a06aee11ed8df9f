# Thin wrapper over CMake: `make run` and `make test` are the two commands of the README.
BUILD      ?= build
SAN_BUILD  ?= build-san
JOBS       ?= $(shell nproc)
CASE       ?= cases/binary_tree/simple/p3_d4.case
PREFIX     ?= /usr/local

.PHONY: deps configure build run test test-fast sanitize bench install clean

deps:
	@tools/install-deps.sh

configure: deps
	@cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release >/dev/null

build: configure
	@cmake --build $(BUILD) -j $(JOBS)

run: build
	$(BUILD)/cli/carve solve $(CASE)

test: build
	ctest --test-dir $(BUILD) --output-on-failure -j $(JOBS) -LE slow
	$(BUILD)/cli/carve check cases/ -j $(JOBS)
	$(MAKE) sanitize

# The sanitizer suite runs what the release suite runs (-LE slow), so it builds neither the slow test
# programs nor bench/.
sanitize: deps
	@cmake -S . -B $(SAN_BUILD) -DCMAKE_BUILD_TYPE=Debug -DCARVE_SANITIZE=ON \
	  -DCARVE_SLOW_TESTS=OFF -DCARVE_BENCH=OFF >/dev/null
	@cmake --build $(SAN_BUILD) -j $(JOBS)
	ctest --test-dir $(SAN_BUILD) --output-on-failure -j $(JOBS) -LE slow

# carve, its man page and its bash completion (both generated from carve's options at build time).
install: build
	cmake --install $(BUILD) --prefix $(PREFIX)

bench: build
	bench/run.sh $(BUILD)

clean:
	rm -rf $(BUILD) $(SAN_BUILD)
