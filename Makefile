# Thin wrapper over CMake: `make run` and `make test` are the two commands of the README.
BUILD      ?= build
SAN_BUILD  ?= build-san
JOBS       ?= $(shell nproc)
CASE       ?= cases/binary_tree/simple/p3_d4.case
PREFIX     ?= /usr/local

.PHONY: deps configure build carve run test test-release sanitize bench install clean

deps:
	@tools/install-deps.sh

# Ninja for a new build folder: it starts a library's files as soon as their headers exist, where
# Make's generator waits for every library the target links, so the two cores idle less. A folder
# configured before with another generator keeps it (CMake refuses to switch one).
generator = $(if $(wildcard $(1)/CMakeCache.txt),,-G Ninja)

configure: deps
	@cmake -S . -B $(BUILD) $(call generator,$(BUILD)) -DCMAKE_BUILD_TYPE=Release >/dev/null

# Everything: carve, the test programs (the slow ones too) and bench/.
build: configure
	@cmake --build $(BUILD) -j $(JOBS)

# carve alone: what `make run` and the corpus need.
carve: configure
	@cmake --build $(BUILD) -j $(JOBS) --target carve

run: carve
	$(BUILD)/cli/carve solve $(CASE)

# The main job, the corpus with the release carve, then the whole suite (-LE slow) once: every test
# runs, and a test program is built only once (building and running the suite in both builds was
# half of make test's time on two cores). Against the release carve, whose libraries `make run`
# has built: what cannot run under AddressSanitizer (label `unsanitized`) and the sweeps (label
# `sweep`: one assertion over a whole family of variants or certificates, ten times dearer under
# the sanitizers and no more telling); the rest under AddressSanitizer and UndefinedBehaviorSanitizer.
# `make test-release` runs the whole suite in the release build, faster, without the checks.
RELEASE_LABELS = unsanitized|sweep

test: run
	$(BUILD)/cli/carve check cases/ -j $(JOBS)
	@cmake --build $(BUILD) -j $(JOBS) --target release_checks
	ctest --test-dir $(BUILD) --output-on-failure -j $(JOBS) -L '$(RELEASE_LABELS)'
	$(MAKE) sanitize

test-release: build
	ctest --test-dir $(BUILD) --output-on-failure -j $(JOBS) -LE slow

# The suite under the sanitizers, without the slow tests and the sweeps (`make test` runs the
# sweeps in the release build); it builds neither the slow test programs nor bench/. Built with
# Clang (Debian's clang, in tools/debian-packages.txt for the fuzz targets already): its ASan+UBSan
# build costs less CPU than GCC's -- a quarter less for carve's libraries, more for the test files
# at -O0 (docs/architecture.md, "make test's time"). The release build -- what `make run`, the
# corpus and the benchmarks run -- stays GCC's.
SAN_CC  ?= clang
SAN_CXX ?= clang++

# Linked by LLVM's lld: the suite's fifty programs, each holding the sanitizers' runtime, link in
# 26 CPU s instead of GNU ld's 64.
sanitize: deps
	@cmake -S . -B $(SAN_BUILD) $(call generator,$(SAN_BUILD)) -DCMAKE_BUILD_TYPE=Debug -DCARVE_SANITIZE=ON \
	  -DCMAKE_C_COMPILER=$(SAN_CC) -DCMAKE_CXX_COMPILER=$(SAN_CXX) -DCMAKE_EXE_LINKER_FLAGS=-fuse-ld=lld \
	  -DCARVE_SLOW_TESTS=OFF -DCARVE_BENCH=OFF >/dev/null
	@cmake --build $(SAN_BUILD) -j $(JOBS)
	ctest --test-dir $(SAN_BUILD) --output-on-failure -j $(JOBS) -LE 'slow|sweep'

# carve, its man page and its bash completion (both generated from carve's options at build time).
install: build
	cmake --install $(BUILD) --prefix $(PREFIX)

bench: build
	bench/run.sh $(BUILD)

clean:
	rm -rf $(BUILD) $(SAN_BUILD)
