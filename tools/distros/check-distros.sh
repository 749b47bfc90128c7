#!/bin/bash
# `make check-distros`: the .deb built here (Debian 12) installed and run in fresh Debian 13
# (trixie) and sid roots made by ../shared/tools/fresh-debian: `overscroll --version`, the whole
# visual suite against the committed goldens, and `record` twice giving the same bytes
# (in-root.sh, beside this file); then once more on trixie with sdl2-compat in place of SDL2 and
# SDL_VIDEODRIVER set. Prints each root's rendering stack, a line per run and the verdict.
#
# usage: tools/distros/check-distros.sh            (builds the .deb with `make deb` first)
#   env: DEB=path/to/overscroll_*.deb (skip the build)   RUNS="trixie sid trixie:sdl2-compat"
#        FRESH_DEBIAN=path (default ../shared/tools/fresh-debian)   LOGS=dir (kept run logs)
# exit: 0 every run passed, 1 a run failed, 2 the check could not run (said in one line)
set -u
cd "$(dirname "$0")/../.."
TOOL=${FRESH_DEBIAN:-../shared/tools/fresh-debian}
RUNS=${RUNS:-"trixie sid trixie:sdl2-compat"}
say() { printf 'check-distros: %s\n' "$*"; }
cannot() { say "cannot run: $*"; exit 2; }

# Everything that would stop fresh-debian, found before the build.
[ -x "$TOOL" ] || cannot "no fresh-debian at $TOOL (FRESH_DEBIAN, default ../shared/tools/fresh-debian)"
[ "$(id -u)" = 0 ] || cannot "fresh-debian needs root (mounts, chroot, namespaces); run as root"
if [ -r /proc/1/root ] && [ "$(stat -Lc %d:%i /)" != "$(stat -Lc %d:%i /proc/1/root/. 2>/dev/null)" ]; then
  cannot "this is a chroot (already inside a fresh-debian root?); run it on the machine itself"
fi
unshare --mount --pid --fork --propagation private true 2>/dev/null ||
  cannot "cannot make mount and PID namespaces here (unshare failed; a container without CAP_SYS_ADMIN?)"

START=$SECONDS
if [ -z "${DEB:-}" ]; then
  say "building the .deb (make deb)"
  make --no-print-directory deb >"${TMPDIR:-/tmp}/check-distros-deb.$$.log" 2>&1 || {
    tail -n 20 "${TMPDIR:-/tmp}/check-distros-deb.$$.log"; say "FAIL: make deb failed"; exit 1; }
  rm -f "${TMPDIR:-/tmp}/check-distros-deb.$$.log"
  DEB=$(ls -t out/overscroll_*.deb | head -n 1)
fi
for f in $DEB; do DEB=$f; done   # DEB may be a pattern (out/overscroll_*.deb): its last match
[ -f "$DEB" ] || cannot "no .deb at $DEB"
say "$DEB ($(( $(stat -c %s "$DEB") / 1024 )) KiB), built in $((SECONDS - START)) s"

STAGE=$(mktemp -d "${TMPDIR:-/tmp}/check-distros.XXXXXX")
LOGS=${LOGS:-$STAGE/logs}
mkdir -p "$LOGS" "$STAGE/shared"
cp "$DEB" "$STAGE/shared/"
trap 'rm -rf "$STAGE/shared"' EXIT

results=() status=0
for run in $RUNS; do
  suite=${run%%:*} mode=plain
  [ "$run" != "$suite" ] && mode=${run#*:}
  if [ "$mode" = plain ]; then name=$suite; else name=$suite+$mode; fi
  say "[$name] fresh $suite root: install, --version, test, record twice"
  t0=$SECONDS
  "$TOOL" run --suite "$suite" --ci --dirty . "$STAGE/shared" -- bash tools/distros/in-root.sh "$mode" 2>&1 |
    tee "$LOGS/$name.log" | sed -u "s/^/  [$name] /"
  rc=${PIPESTATUS[0]}
  line=$(grep -E '^result: ' "$LOGS/$name.log" | tail -n 1)
  [ -n "$line" ] || line="result: FAIL (fresh-debian exit $rc before a result)"
  [ "$rc" -eq 0 ] || [ "$status" -ne 0 ] || status=1
  [ "$rc" -eq 0 ] || [[ $line == *FAIL* || $line == *cannot* ]] || line="result: FAIL (exit $rc) ${line#result: }"
  results+=("$(printf '%-22s %s (%d s)' "$name" "${line#result: }" $((SECONDS - t0)))")
done

say "summary (logs in $LOGS):"
for r in "${results[@]}"; do printf '  %s\n' "$r"; done
if [ "$status" -eq 0 ]; then
  say "PASS: every run passed, in $((SECONDS - START)) s"
else
  say "FAIL: a run failed, in $((SECONDS - START)) s"
fi
exit "$status"
