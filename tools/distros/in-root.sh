#!/bin/bash
# Runs inside a fresh Debian root (fresh-debian run ... -- bash tools/distros/in-root.sh MODE), in
# the project's clone, with the .deb in ../shared: installs it with apt, prints the rendering
# stack, then checks `overscroll --version`, the whole visual suite (`overscroll test
# Tests/Scenarios`, goldens as committed, no tolerance beyond the suite's defaults) and that two
# `record`s of a scenario give the same bytes. Ends with one "result:" line.
#
# MODE: plain, or sdl2-compat (libsdl2-compat-shim installed in place of libsdl2-2.0-0, and
#   SDL_VIDEODRIVER set: CHECK_DISTROS_VIDEODRIVER, default x11).
# exit: 0 every check passed, 1 a check failed, 2 the set-up (apt) failed
set -u
MODE=${1:-plain}
SCENARIO=${CHECK_DISTROS_SCENARIO:-Tests/Scenarios/refresh/failure.json}
WORK=$(mktemp -d)
FAILED=() CAUSE=""
say() { printf '%s\n' "$*"; }
fail() { say "FAIL: $2"; FAILED+=("$1"); }

debs=(../shared/overscroll_*.deb)
[ -f "${debs[0]}" ] || { say "result: cannot run: no overscroll_*.deb in ../shared"; exit 2; }
pkgs=("${debs[0]}")
[ "$MODE" = sdl2-compat ] && pkgs+=(libsdl2-compat-shim)
say "-- apt-get install ${pkgs[*]#../shared/}"
start=$SECONDS
if ! DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${pkgs[@]}" >"$WORK/apt.log" 2>&1; then
  tail -n 15 "$WORK/apt.log"
  say "result: cannot run: apt-get install failed"
  exit 2
fi
say "   $(grep -c '^Setting up' "$WORK/apt.log") packages set up in $((SECONDS - start)) s"

APP=/usr/libexec/overscroll/overscroll-app
# The version and package of the library the app loads whose soname starts with $1.
library_package() {
  local path pkg
  path=$(ldd "$APP" 2>/dev/null | awk -v so="$1" 'index($1, so) == 1 { print $3; exit }')
  # Not linked (rlottie is opened at run time): the one the dynamic loader would find.
  [ -n "$path" ] || path=$(ldconfig -p | awk -v so="$1" 'index($1, so) == 1 { print $NF; exit }')
  [ -n "$path" ] || { echo "- (not installed)"; return; }
  path=$(readlink -f "$path")
  pkg=$(dpkg -S "$path" 2>/dev/null | head -n 1 | cut -d: -f1)
  [ -n "$pkg" ] || pkg=$(dpkg -S "${path#/usr}" 2>/dev/null | head -n 1 | cut -d: -f1)
  [ -n "$pkg" ] || { echo "? $path"; return; }
  dpkg-query -W -f='${Version} ${Package} ${source:Package}' "$pkg"
}
say "-- rendering stack ($(. /etc/os-release && echo "$PRETTY_NAME")): library, version, package"
for row in cairo:libcairo.so.2 pixman:libpixman-1.so.0 pango:libpango-1.0.so.0 harfbuzz:libharfbuzz.so.0 \
           freetype:libfreetype.so.6 fontconfig:libfontconfig.so.1 rlottie:librlottie.so.0 SDL2:libSDL2-2.0.so.0; do
  read -r version pkg source <<<"$(library_package "${row#*:}")"
  printf '   %-11s %-24s %-16s %s\n' "${row%%:*}" "$version" "$pkg" "${source:+source $source}"
done
if [ "$MODE" = sdl2-compat ]; then
  printf '   %-11s %-24s %s\n' SDL3 "$(dpkg-query -W -f='${Version}' libsdl3-0 2>/dev/null || echo -)" libsdl3-0
  sdl=$(library_package libSDL2-2.0.so.0)
  case $sdl in
    *libsdl2-compat*) ;;
    *) fail "sdl2-compat" "libSDL2-2.0.so.0 does not come from sdl2-compat ($sdl)" ;;
  esac
  export SDL_VIDEODRIVER=${CHECK_DISTROS_VIDEODRIVER:-x11}
  say "   SDL_VIDEODRIVER=$SDL_VIDEODRIVER"
fi

# Every command is bounded: a command line lost before main (issue #28) makes any of them a bare
# `run`, which opens a window and never returns.
say "-- overscroll --version"
version=$(timeout 30 overscroll --version 2>&1); status=$?
say "   $version" | head -n 3
if [ "$status" -ne 0 ] || ! grep -qE '^overscroll [0-9]' <<<"$version"; then
  fail "--version" "overscroll --version: exit $status, not a version line"
  if grep -q '^overscroll run:' <<<"$version"; then
    CAUSE="the command line was lost before main (issue #28 part 3; SDL2 here: $(library_package libSDL2-2.0.so.0))"
    say "FAIL: $CAUSE: every command runs as a bare \`run\`"
  fi
fi

say "-- overscroll test Tests/Scenarios"
start=$SECONDS
timeout 900 overscroll test Tests/Scenarios --artifacts "$WORK/results" >"$WORK/test.log" 2>&1; status=$?
grep -E '✗|passed|failed' "$WORK/test.log" | tail -n 25 | sed 's/^/   /'
summary=$(grep -E '[0-9]+ passed' "$WORK/test.log" | tail -n 1)
say "   exit $status in $((SECONDS - start)) s"
[ "$status" -eq 0 ] && [ -n "$summary" ] || fail "test" "overscroll test Tests/Scenarios: exit $status (${summary:-no summary})"

say "-- overscroll record ${SCENARIO} twice"
timeout 300 overscroll record "$SCENARIO" --out "$WORK/record-1" >"$WORK/record.log" 2>&1; one=$?
timeout 300 overscroll record "$SCENARIO" --out "$WORK/record-2" >>"$WORK/record.log" 2>&1; two=$?
if [ "$one" -ne 0 ] || [ "$two" -ne 0 ]; then
  tail -n 5 "$WORK/record.log" | sed 's/^/   /'
  fail "record" "overscroll record: exit $one and $two"
elif ! files=$(find "$WORK/record-1" -type f | wc -l) || [ "$files" -lt 2 ]; then
  fail "record" "overscroll record wrote $files files"
elif ! diff -r "$WORK/record-1" "$WORK/record-2" >"$WORK/record.diff" 2>&1; then
  head -n 5 "$WORK/record.diff" | sed 's/^/   /'
  fail "record" "two records of $SCENARIO differ"
else
  say "   $files files, byte-identical"
fi

# pixelmatch's own cases (Tests/Fixtures/pixelmatch/cases.tsv, written by nobody here) through
# `compare` of the files: RGBA pairs take the path that decodes both side by side on two threads.
say "-- overscroll compare of pixelmatch's cases"
cases=0 wrong=0
while IFS=$'\t' read -r a b options count _; do
  [ "$a" = image_a ] && continue
  threshold=$(sed -n 's/.*"threshold":\([0-9.]*\).*/\1/p' <<<"$options")
  got=$(timeout 60 overscroll compare --json --threshold "${threshold:-0.1}" \
    "Tests/Fixtures/pixelmatch/$a" "Tests/Fixtures/pixelmatch/$b" 2>&1 | sed -n 's/.*"differing": *\([0-9]*\).*/\1/p' | head -n 1)
  cases=$((cases + 1))
  if [ "$got" != "$count" ]; then wrong=$((wrong + 1)); say "   $a vs $b $options: ${got:-no count}, pixelmatch $count"; fi
done <Tests/Fixtures/pixelmatch/cases.tsv
if [ "$cases" -lt 12 ] || [ "$wrong" -ne 0 ]; then
  fail "compare" "overscroll compare: $wrong of $cases pixelmatch cases counted differently"
else
  say "   $cases cases, every count pixelmatch's"
fi

if [ ${#FAILED[@]} -eq 0 ]; then
  say "result: PASS ($summary; record identical; compare as pixelmatch; --version ok)"
  exit 0
fi
say "result: FAIL (${FAILED[*]})${summary:+ ($summary)}${CAUSE:+; $CAUSE}"
exit 1
