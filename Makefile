# Overscroll — `make run` opens the window, `make test` runs every test, `make bench` measures.
# Missing Debian packages are installed when run as root; otherwise the exact apt-get line is printed.

SWIFT        ?= swift
APT_PACKAGES := pkg-config libsdl2-dev libcairo2-dev libpango1.0-dev librlottie-dev zlib1g-dev libdeflate-dev libx11-dev libxi-dev libwayland-dev fonts-noto-cjk
# Tools the bench compares against and the window checks use, and Pillow for
# tools/make-compare-pairs.py (optional for `make test`).
TOOL_PACKAGES := imagemagick xvfb xdotool x11-apps python3 python3-pil
# The browser the HTML report of `overscroll test` is checked in, and the validator its JUnit
# files are checked with against the Ant JUnit schema (both needed by `make test`).
REPORT_PACKAGES := chromium libxml2-utils
# A virtual X display, input and screenshots (ImageMagick's `import`) for the tests that run the real
# window (QuitUnderXvfbTests, LiveFeelUnderXvfbTests, TuningPanelUnderXvfbTests).
WINDOW_TEST_PACKAGES := xvfb xauth xdotool imagemagick
# A real display server for `make check-touchpad`: headless sway and its Xwayland, xhost to let root
# into it, python3 for the virtual pointer and the report (setpriv comes with util-linux).
TOUCHPAD_PACKAGES := sway xwayland x11-xserver-utils python3
RUN_ARGS     ?=

.PHONY: all deps tool-deps report-deps window-test-deps touchpad-deps build run test check-imports format format-check scenarios bench bench-wayland bench-suite fuzz check-xinput2 check-touchpad check-distros sanitize tsan soak clean

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

window-test-deps:
	@$(MAKE) --no-print-directory deps APT_PACKAGES="$(WINDOW_TEST_PACKAGES)"

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

# Every test: the import check, the format check, the Swift tests (the report test loads a real report in headless Chromium), then
# the project's visual suite (`overscroll test Tests/Scenarios`, results in .build/test-results).
test: deps report-deps window-test-deps doc-test-deps
	$(SWIFT) build --build-tests
	$(MAKE) --no-print-directory check-imports
	$(MAKE) --no-print-directory format-check
	$(SWIFT) test --skip-build
	$(MAKE) --no-print-directory scenarios

# Every `import` of every target is among its declared dependencies in Package.swift (SwiftPM does
# not check C modules); ScrollEngine, Scenes and CommandLineKit import no platform module.
check-imports:
	$(SWIFT) tools/check-imports.swift

# The Swift style: `swift format` (it ships with the toolchain) with the checked-in .swift-format
# (4-space indent, 140 columns, the rules the code already follows). `make format` rewrites every
# Swift file of the package in place; `make format-check` (run by `make test`) fails on any file
# `make format` would change and on any line over 140 columns (tools/check-format.sh).
FORMAT_PATHS := Package.swift Sources Tests tools Fuzz Plugins

format:
	$(SWIFT) format format --in-place --parallel --recursive $(FORMAT_PATHS)

format-check:
	tools/check-format.sh $(FORMAT_PATHS)

scenarios:
	.build/debug/overscroll test Tests/Scenarios --artifacts .build/test-results

# Long runs kept out of `make test` (README "make soak"): `make soak` runs every target listed in
# SOAK (add one with `SOAK += soak-NAME` anywhere in this file; the list is read when `soak` runs).
# Each runs its suites with OVERSCROLL_SOAK=1, where `make test` runs a seeded subset.
# soak-tree: the tree invariant over the whole matrix (every command × every hostile setup, in a
#   decoy sandbox) and the hostile regression tests (planted swap journals among them).
# soak-kill: KillTests with 30 seeded SIGKILLs per command instead of 3.
# soak-determinism: DeterminismStressTests with 30 recordings per case and more refresh timings.
SOAK := soak-tree soak-kill soak-determinism

soak:
	$(MAKE) --no-print-directory $(SOAK)

.PHONY: soak-tree soak-kill
soak-tree: deps
	$(SWIFT) build --build-tests
	OVERSCROLL_SOAK=1 $(SWIFT) test --skip-build --filter 'TreeInvariantTests|HostileTreeTests|PlantedJournalTests'

soak-kill: deps
	$(SWIFT) build --build-tests
	OVERSCROLL_SOAK=1 $(SWIFT) test --skip-build --filter KillTests

.PHONY: soak-determinism
soak-determinism: deps
	$(SWIFT) build --build-tests
	OVERSCROLL_SOAK=1 $(SWIFT) test --skip-build --filter DeterminismStressTests

bench: deps tool-deps
	$(SWIFT) build -c release
	.build/release/overscroll-bench

# The window's CPU cost on Wayland beside Xvfb: idle, spinner, fling (and the spinner hidden) under
# headless sway through wl_shm and through SDL's renderer, with a GTK 4 spinner for comparison when
# python3-gi and gir1.2-gtk-4.0 are installed; see tools/touchpad/bench-wayland.sh. About 5 minutes.
bench-wayland: deps tool-deps touchpad-deps
	$(SWIFT) build -c release --product overscroll
	tools/touchpad/bench-wayland.sh .build/release/overscroll

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

# The .deb (built once) in fresh Debian 13 and sid roots (../shared/tools/fresh-debian, root only):
# apt install, --version, the whole visual suite against the committed goldens, `record` twice
# byte-identical; then trixie with sdl2-compat and SDL_VIDEODRIVER set. See tools/distros/ and the
# README's "make check-distros". RUNS="trixie" or DEB=out/…deb narrow it.
check-distros:
	@tools/distros/check-distros.sh

# The test suite under AddressSanitizer with leak detection. Suppressions (fontconfig's own
# process-lifetime caches only) are in Tests/Sanitizers/lsan.supp. Swift's backtracer is off: under
# ASan a crash makes it read other threads' stacks, ASan aborts it, and the orphaned
# swift-backtrace would hold the output pipe open forever.
SANITIZE_ENV := SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=1 \
  LSAN_OPTIONS=suppressions=$(CURDIR)/Tests/Sanitizers/lsan.supp:print_suppressions=0

sanitize: deps
	$(SANITIZE_ENV) $(SWIFT) build --build-tests --sanitize=address --build-path .build/asan
	$(SANITIZE_ENV) $(SWIFT) test --skip-build --disable-xctest --sanitize=address --build-path .build/asan

# The concurrency tests (parallel compare and decode, images decoded side by side, worker
# processes, Lottie render threads, refresh runners, waitable state) under ThreadSanitizer; any
# report fails the run.
TSAN_TESTS := PixelmatchTests|CompareRunnerTests|RowPipelinedPairTests|DiffOverExpectedTests|CompareFolderTests|StagedDecodeTests|WaitableStateTests|LottieDeadlineTests|LottieGoldenTests|RefreshRunnerLifetimeTests|SuiteRunnerTests|SuiteCommandTests

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

# ---- Install, Debian package, CI example (README "Install"; docs/CI.md) ---------------------------
# `make install PREFIX=/usr/local DESTDIR=` lays the program out as the FHS says; `make uninstall`
# removes exactly those files. The binaries carry the Swift runtime (static standard library), so
# nothing is loaded from a toolchain. `make deb` packs the same layout (PREFIX=/usr) with dpkg-deb.
PREFIX        ?= /usr/local
DESTDIR       ?=
# Extra `swift build` flags, e.g. SWIFT_BUILD_FLAGS="-j 1" on a busy machine.
SWIFT_BUILD_FLAGS ?=
VERSION       := $(shell head -n 1 VERSION)
DEB_ARCH      := $(shell dpkg --print-architecture 2>/dev/null || echo amd64)
DEB           := out/overscroll_$(VERSION)_$(DEB_ARCH).deb
# Packages a library of the binaries does not name but the program needs at run time.
DEB_EXTRA_DEPENDS := fonts-noto-cjk
DOC_TEST_PACKAGES := man-db fish zsh
PACKAGE_TOOLS := dpkg-dev libxml2-utils
ZSH_COMPLETIONS ?= $(PREFIX)/share/zsh/site-functions
GENERATED     := .build/generated
# Immediate binding (lintian's hardening-no-bindnow).
STATIC_BUILD  := $(SWIFT) build -c release --static-swift-stdlib -Xlinker -z -Xlinker now $(SWIFT_BUILD_FLAGS)
I             := $(DESTDIR)$(PREFIX)
INSTALLED     := bin/overscroll libexec/overscroll/overscroll-app share/overscroll/fonts.conf share/overscroll/refresh.json \
                 share/applications/overscroll.desktop share/icons/hicolor/scalable/apps/overscroll.svg \
                 share/bash-completion/completions/overscroll share/fish/vendor_completions.d/overscroll.fish
MAN_PAGES     := overscroll overscroll-run overscroll-record overscroll-curve overscroll-compare overscroll-compare-trace overscroll-verify \
                 overscroll-test overscroll-merge-reports overscroll-accept overscroll-stack overscroll-feel
# `make deb` gzips the man pages and strips the binaries (Debian policy); `make install` does not.
MAN_SUFFIX    ?=

.PHONY: static-build generated install uninstall install-check deb doc-test-deps ci-example

doc-test-deps:
	@$(MAKE) --no-print-directory deps APT_PACKAGES="$(DOC_TEST_PACKAGES)"

static-build: deps
	$(STATIC_BUILD) --product overscroll-app
	$(STATIC_BUILD) --product overscroll
	@if ldd .build/release/overscroll-app .build/release/overscroll | grep -Ei 'swift|not found'; then \
	  echo "static-build: a Swift runtime library (or a missing one) is linked dynamically"; exit 1; fi

# The man pages and completions, made by the built program from its command declarations.
generated: static-build
	rm -rf $(GENERATED)
	.build/release/overscroll __generate $(GENERATED)

install: generated
	install -d $(I)/bin $(I)/libexec/overscroll $(I)/share/overscroll $(I)/share/man/man1 $(I)/share/applications \
	  $(I)/share/icons/hicolor/scalable/apps $(I)/share/bash-completion/completions $(DESTDIR)$(ZSH_COMPLETIONS) \
	  $(I)/share/fish/vendor_completions.d
	install -m 755 .build/release/overscroll $(I)/bin/overscroll
	install -m 755 .build/release/overscroll-app $(I)/libexec/overscroll/overscroll-app
	install -m 644 Assets/fonts.conf Assets/refresh.json $(I)/share/overscroll/
	install -m 644 packaging/overscroll.desktop $(I)/share/applications/overscroll.desktop
	install -m 644 packaging/overscroll.svg $(I)/share/icons/hicolor/scalable/apps/overscroll.svg
	install -m 644 $(GENERATED)/bash/overscroll $(I)/share/bash-completion/completions/overscroll
	install -m 644 $(GENERATED)/zsh/_overscroll $(DESTDIR)$(ZSH_COMPLETIONS)/_overscroll
	install -m 644 $(GENERATED)/fish/overscroll.fish $(I)/share/fish/vendor_completions.d/overscroll.fish
	@for p in $(MAN_PAGES); do install -m 644 $(GENERATED)/man1/$$p.1 $(I)/share/man/man1/$$p.1 || exit 1; \
	  if [ "$(MAN_SUFFIX)" = .gz ]; then gzip -9nf $(I)/share/man/man1/$$p.1 || exit 1; fi; done
	@echo "installed overscroll $(VERSION) under $(I)"

# Removes only the files `install` writes, then the program's own folders if they are empty.
uninstall:
	rm -f $(addprefix $(I)/,$(INSTALLED)) $(DESTDIR)$(ZSH_COMPLETIONS)/_overscroll \
	  $(foreach p,$(MAN_PAGES),$(I)/share/man/man1/$(p).1 $(I)/share/man/man1/$(p).1.gz)
	-rmdir $(I)/libexec/overscroll $(I)/share/overscroll 2>/dev/null
	@echo "removed overscroll from $(I)"

# Installs into a scratch DESTDIR, checks the layout, uninstalls, and checks only folders are left.
install-check: generated
	@stage=$$(mktemp -d) && $(MAKE) --no-print-directory install DESTDIR=$$stage PREFIX=/usr/local >/dev/null && \
	  for f in $(INSTALLED) share/man/man1/overscroll-test.1; do test -f $$stage/usr/local/$$f || { echo "install-check: $$f missing"; exit 1; }; done && \
	  for g in $(GENERATED)/man1/*.1; do test -f $$stage/usr/local/share/man/man1/$${g##*/} || \
	    { echo "install-check: $${g##*/} is generated but not installed (add it to MAN_PAGES)"; exit 1; }; done && \
	  $(MAKE) --no-print-directory uninstall DESTDIR=$$stage PREFIX=/usr/local >/dev/null && \
	  left=$$(find $$stage ! -type d) && rm -r $$stage && \
	  if [ -n "$$left" ]; then echo "install-check: uninstall left $$left"; exit 1; fi
	@echo "install-check: install and uninstall under a scratch DESTDIR: ok"

# overscroll_VERSION_ARCH.deb in out/: the install layout under /usr, Depends from dpkg-shlibdeps
# (the libraries the binaries link) plus DEB_EXTRA_DEPENDS. See packaging/README.md.
deb: generated
	@$(MAKE) --no-print-directory deps APT_PACKAGES="$(PACKAGE_TOOLS)"
	rm -rf .build/deb && mkdir -p .build/deb/root/DEBIAN .build/deb/debian out
	$(MAKE) --no-print-directory install DESTDIR=$(CURDIR)/.build/deb/root PREFIX=/usr \
	  ZSH_COMPLETIONS=/usr/share/zsh/vendor-completions MAN_SUFFIX=.gz
	strip --strip-unneeded --remove-section=.comment --remove-section=.note \
	  .build/deb/root/usr/bin/overscroll .build/deb/root/usr/libexec/overscroll/overscroll-app
	install -d .build/deb/root/usr/share/doc/overscroll
	install -m 644 packaging/copyright .build/deb/root/usr/share/doc/overscroll/copyright
	sed -e 's/@VERSION@/$(VERSION)/' -e "s/@COMMIT@/$$(.build/release/overscroll --version | sed 's/.*commit \(.*\))/\1/')/" \
	  -e "s/@DATE@/$$(date -R -u -d @$$(git log -1 --format=%ct 2>/dev/null || date +%s))/" packaging/changelog \
	  | gzip -9n > .build/deb/root/usr/share/doc/overscroll/changelog.gz
	chmod 644 .build/deb/root/usr/share/doc/overscroll/changelog.gz
	printf 'Source: overscroll\n\nPackage: overscroll\nArchitecture: any\n' > .build/deb/debian/control
	cd .build/deb && dpkg-shlibdeps -O --ignore-missing-info root/usr/bin/overscroll \
	  root/usr/libexec/overscroll/overscroll-app | sed -n 's/^shlibs:Depends=//p' > depends
	@test -s .build/deb/depends || { echo "deb: dpkg-shlibdeps found no dependencies"; exit 1; }
	sed -e 's/@VERSION@/$(VERSION)/' -e 's/@ARCH@/$(DEB_ARCH)/' \
	  -e "s/@DEPENDS@/$$(cat .build/deb/depends), $(DEB_EXTRA_DEPENDS)/" \
	  -e "s/@SIZE@/$$(du -sk --exclude=DEBIAN .build/deb/root | cut -f1)/" packaging/control > .build/deb/root/DEBIAN/control
	cd .build/deb/root && find usr -type f | LC_ALL=C sort | xargs md5sum > DEBIAN/md5sums
	dpkg-deb --root-owner-group -Zxz --build .build/deb/root $(DEB)
	@dpkg-deb --field $(DEB) Package Version Depends Installed-Size
	@echo "built $(DEB)"

# The CI recipe of docs/CI.md run as written: the .deb installed, N shard jobs on separate copies
# of this checkout, the merge job, then checks of the merged JUnit (needs root for apt-get).
CI_SHARDS ?= 3
ci-example:
	@$(MAKE) --no-print-directory deps APT_PACKAGES="libxml2-utils python3"
	tools/ci-example.sh $(CI_SHARDS)
