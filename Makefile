# Overscroll — `make run` opens the window, `make test` runs every test, `make bench` measures.
# Missing Debian packages are installed when run as root; otherwise the exact apt-get line is printed.

SWIFT        ?= swift
APT_PACKAGES := pkg-config libsdl2-dev libcairo2-dev libpango1.0-dev librlottie-dev zlib1g-dev libdeflate-dev libx11-dev libxi-dev fonts-noto-cjk
# Tools the bench compares against and the window checks use, and Pillow for
# tools/make-compare-pairs.py (optional for `make test`).
TOOL_PACKAGES := imagemagick xvfb xdotool x11-apps python3 python3-pil
# The browser the HTML report of `overscroll test` is checked in, and the validator its JUnit
# files are checked with against the Ant JUnit schema (both needed by `make test`).
REPORT_PACKAGES := chromium libxml2-utils
# A real display server for `make check-touchpad`: headless sway and its Xwayland, xhost to let root
# into it, python3 for the virtual pointer and the report (setpriv comes with util-linux).
TOUCHPAD_PACKAGES := sway xwayland x11-xserver-utils python3
RUN_ARGS     ?=

.PHONY: all deps tool-deps report-deps touchpad-deps build run test check-imports scenarios bench bench-suite fuzz check-xinput2 check-touchpad sanitize tsan soak clean

all: build

deps:
	@missing=""; for p in $(APT_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "installing:$$missing"; \
	    DEBIAN_FRONTEND=noninteractive apt-get update -qq && \
	    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends$$missing >/dev/null || exit 1; \
	  else \
	    echo "missing packages; run: sudo apt-get install -y$$missing"; exit 1; \
	  fi; \
	fi

tool-deps:
	@$(MAKE) --no-print-directory deps APT_PACKAGES="$(TOOL_PACKAGES)"

report-deps:
	@$(MAKE) --no-print-directory deps APT_PACKAGES="$(REPORT_PACKAGES)"

touchpad-deps:
	@$(MAKE) --no-print-directory deps APT_PACKAGES="$(TOUCHPAD_PACKAGES)"

build: deps
	$(SWIFT) build -c release --product overscroll-app
	$(SWIFT) build -c release --product overscroll

# The display is checked before the build (tools/check-display.sh), so a missing one costs no build.
run:
	@tools/check-display.sh "make run"
	@$(MAKE) --no-print-directory build
	.build/release/overscroll run $(RUN_ARGS)

# Every test: the import check, the Swift tests (the report test loads a real report in headless Chromium), then
# the project's visual suite (`overscroll test Tests/Scenarios`, results in .build/test-results).
test: deps report-deps
	$(SWIFT) build --build-tests
	$(MAKE) --no-print-directory check-imports
	$(SWIFT) test --skip-build
	$(MAKE) --no-print-directory scenarios

# Every `import` of every target is among its declared dependencies in Package.swift (SwiftPM does
# not check C modules); ScrollEngine, Scenes and CommandLineKit import no platform module.
check-imports:
	$(SWIFT) tools/check-imports.swift

scenarios:
	.build/debug/overscroll test Tests/Scenarios --artifacts .build/test-results

# Long runs kept out of `make test` (README "make soak"): `make soak` runs every target listed in
# SOAK (add one with `SOAK += soak-NAME` anywhere in this file; the list is read when `soak` runs).
# Each runs its suites with OVERSCROLL_SOAK=1, where `make test` runs a seeded subset.
# soak-tree: the tree invariant over the whole matrix (every command × every hostile setup, in a
#   decoy sandbox) and the hostile regression tests.
# soak-kill: KillTests with 30 seeded SIGKILLs per command instead of 3.
SOAK := soak-tree soak-kill

soak:
	$(MAKE) --no-print-directory $(SOAK)

.PHONY: soak-tree soak-kill
soak-tree: deps
	$(SWIFT) build --build-tests
	OVERSCROLL_SOAK=1 $(SWIFT) test --skip-build --filter 'TreeInvariantTests|HostileTreeTests'

soak-kill: deps
	$(SWIFT) build --build-tests
	OVERSCROLL_SOAK=1 $(SWIFT) test --skip-build --filter KillTests

bench: deps tool-deps
	$(SWIFT) build -c release
	.build/release/overscroll-bench

# The suite figures alone: --workers 2 vs 1 on 40 generated scenarios, test vs record.
bench-suite: deps
	$(SWIFT) build -c release
	.build/release/overscroll-bench --only suite

# XInput 2 smooth scrolling against a real X server (Xvfb): see tools/check-xinput2.sh.
check-xinput2: build tool-deps
	xvfb-run -a tools/check-xinput2.sh .build/release/overscroll

# Touchpad and wheel through headless sway, on X11 (Xwayland) and Wayland: see tools/touchpad/ and
# the README's "make check-touchpad". Prints the table of both paths, on a scale-1 output and on a
# scale-2 (HiDPI) one; about a minute each.
check-touchpad: build touchpad-deps
	SCALE=1 tools/touchpad/check-touchpad.sh .build/release/overscroll
	SCALE=2 tools/touchpad/check-touchpad.sh .build/release/overscroll

# The test suite under AddressSanitizer with leak detection. Suppressions (fontconfig's own
# process-lifetime caches only) are in Tests/Sanitizers/lsan.supp. Swift's backtracer is off: under
# ASan a crash makes it read other threads' stacks, ASan aborts it, and the orphaned
# swift-backtrace would hold the output pipe open forever.
SANITIZE_ENV := SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=1 \
  LSAN_OPTIONS=suppressions=$(CURDIR)/Tests/Sanitizers/lsan.supp:print_suppressions=0

sanitize: deps
	$(SANITIZE_ENV) $(SWIFT) build --build-tests --sanitize=address --build-path .build/asan
	$(SANITIZE_ENV) $(SWIFT) test --skip-build --disable-xctest --sanitize=address --build-path .build/asan

# The concurrency tests (parallel compare and decode, worker processes, Lottie render threads,
# refresh runners, waitable state) under ThreadSanitizer; any report fails the run.
TSAN_TESTS := PixelmatchTests|CompareRunnerTests|CompareFolderTests|StagedDecodeTests|WaitableStateTests|LottieDeadlineTests|LottieGoldenTests|RefreshRunnerLifetimeTests|SuiteRunnerTests|SuiteCommandTests

tsan: deps
	SWIFT_BACKTRACE=enable=no $(SWIFT) build --build-tests --sanitize=thread --build-path .build/tsan
	SWIFT_BACKTRACE=enable=no $(SWIFT) test --skip-build --disable-xctest --sanitize=thread --build-path .build/tsan --filter '$(TSAN_TESTS)'

# libFuzzer targets (Fuzz/): each runs FUZZ_SECONDS from its seed corpus (Fuzz/corpus/TARGET);
# new inputs go to out/fuzz/TARGET/corpus, crashing inputs to out/fuzz/TARGET/crashes/.
FUZZ_SECONDS ?= 60
FUZZ_TARGETS ?= fuzz-scenario fuzz-png fuzz-compare
FUZZ_BUILD   := -c debug --build-path .build/fuzz -Xswiftc -sanitize=fuzzer,address \
                -Xswiftc -Xclang-linker -Xswiftc -fuse-ld=lld

fuzz: deps
	@for t in $(FUZZ_TARGETS); do \
	  mkdir -p out/fuzz; \
	  OVERSCROLL_FUZZ=1 $(SWIFT) build $(FUZZ_BUILD) --product $$t > out/fuzz/build.log 2>&1 \
	    || { grep -v "Cannot export local symbol" out/fuzz/build.log; exit 1; }; \
	done
	@status=0; for t in $(FUZZ_TARGETS); do \
	  mkdir -p out/fuzz/$$t/corpus out/fuzz/$$t/crashes; \
	  echo "fuzz: $$t for $(FUZZ_SECONDS) s (log: out/fuzz/$$t/log.txt)"; \
	  SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=0 .build/fuzz/debug/$$t \
	    -max_total_time=$(FUZZ_SECONDS) -rss_limit_mb=2048 -timeout=10 -print_final_stats=1 \
	    -artifact_prefix=out/fuzz/$$t/crashes/ out/fuzz/$$t/corpus Fuzz/corpus/$$t > out/fuzz/$$t/log.txt 2>&1 \
	    || { status=1; echo "fuzz: $$t FOUND A CRASH: $$(ls out/fuzz/$$t/crashes | tail -1)"; }; \
	  grep -E "stat::(number_of_executed_units|average_exec_per_sec)" out/fuzz/$$t/log.txt | sed "s/^/  /"; \
	done; exit $$status

clean:
	rm -rf .build out test-results
