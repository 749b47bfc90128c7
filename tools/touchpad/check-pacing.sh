#!/bin/bash
# Frame pacing on Wayland (#32 item 2): under headless sway, one fast two-finger swipe through the
# virtual pointer (vpointer.py), then a fling of the coordinator scene; the app runs with
# WAYLAND_DEBUG=client and --trace. pacing.py (beside this file) takes the wl_surface.commit
# times of the app's own buffers in the 2 s after the axis_stop and prints the intervals
# (median, p5, p95, min, max, counts over 1.5 and under 0.5 refresh periods), whether each
# frame's offset step equals its velocity × its time step, and those time steps beside the
# commit intervals (and wp_presentation's presented intervals where the compositor sends them).
#
# usage: tools/touchpad/check-pacing.sh [path/to/overscroll]   (default .build/release/overscroll)
#   env: OUT=dir (default: a new folder under ${TMPDIR:-/tmp})   SCALE=1   REFRESH=60
# exit: 0 pass, 1 the app failed a check, 2 the check could not run
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
APP=$(readlink -f "${1:-.build/release/overscroll}")
SCALE=${SCALE:-1} REFRESH=${REFRESH:-60}
if [ -n "${OUT:-}" ] && [ -e "$OUT" ] && [ -n "$(ls -A "$OUT" 2>/dev/null)" ]; then
  echo "check-pacing: cannot run: OUT=$OUT is not an empty folder" >&2; exit 2
fi
OUT=${OUT:-$(mktemp -d "${TMPDIR:-/tmp}/check-pacing.XXXXXX")}
mkdir -p "$OUT" && OUT=$(cd "$OUT" && pwd) && chmod 755 "$OUT"
RUN=$OUT/run
W=1280 H=1024
say() { printf 'check-pacing: %s\n' "$*" >&2; }
die() { say "cannot run: $*"; exit 2; }
[ -x "$APP" ] || die "$APP is not an executable (make build)"
for t in sway swaymsg python3; do command -v "$t" >/dev/null || die "$t is missing (make touchpad-deps)"; done
if [ "$(id -u)" = 0 ]; then AS_USER=(setpriv --reuid=65534 --regid=65534 --clear-groups); FIRST=(nice -n -10); else AS_USER=(); FIRST=(); fi
SWAY= VPTR= HOLD= APPPID=
stop() { [ -n "$1" ] || return 0; kill "$1" 2>/dev/null || return 0
  for _ in $(seq 1 50); do kill -0 "$1" 2>/dev/null || return 0; sleep 0.1; done; kill -9 "$1" 2>/dev/null; }
cleanup() { stop "$APPPID"; stop "$HOLD"; stop "$VPTR"; stop "$SWAY"; [ -d "$RUN" ] && [ ! -L "$RUN" ] && rm -rf "$RUN"; }
trap cleanup EXIT
trap 'exit 2' INT TERM

mkdir -m 700 "$RUN" || die "cannot make $RUN"
[ ${#AS_USER[@]} -gt 0 ] && chown 65534:65534 "$RUN"
cat >"$OUT/sway.conf" <<EOC
output HEADLESS-1 mode --custom $((W * SCALE))x$((H * SCALE))@${REFRESH}Hz position 0 0 scale $SCALE
xwayland disable
default_border none
default_floating_border none
for_window [title="^Overscroll"] floating enable, move position 0 0
EOC
env -i PATH="$PATH" HOME="$RUN" XDG_RUNTIME_DIR="$RUN" WLR_BACKENDS=headless WLR_HEADLESS_OUTPUTS=1 \
  WLR_RENDERER=pixman "${FIRST[@]}" "${AS_USER[@]}" sway -c "$OUT/sway.conf" >"$OUT/sway.log" 2>&1 &
SWAY=$!
for _ in $(seq 1 150); do
  ls "$RUN"/wayland-? >/dev/null 2>&1 && ls "$RUN"/sway-ipc.*.sock >/dev/null 2>&1 && break
  kill -0 "$SWAY" 2>/dev/null || die "sway exited (see $OUT/sway.log)"; sleep 0.1
done
ls "$RUN"/sway-ipc.*.sock >/dev/null 2>&1 || die "sway did not start in 15 s (see $OUT/sway.log)"
export XDG_RUNTIME_DIR=$RUN
WAYLAND_DISPLAY=$(basename "$(ls "$RUN"/wayland-? | head -1)"); export WAYLAND_DISPLAY
SWAYSOCK=$(ls "$RUN"/sway-ipc.*.sock | head -1); export SWAYSOCK
say "sway $(sway --version | awk '{print $3}') headless at scale $SCALE, ${REFRESH} Hz"

mkfifo "$OUT/vpointer.in"
"${FIRST[@]}" python3 "$HERE/vpointer.py" <"$OUT/vpointer.in" >"$OUT/vpointer.out" 2>"$OUT/vpointer.err" &
VPTR=$!
sleep 1000000 >"$OUT/vpointer.in" &
HOLD=$!
for _ in $(seq 1 100); do grep -q '^ready$' "$OUT/vpointer.out" 2>/dev/null && break; sleep 0.05; done
grep -q '^ready$' "$OUT/vpointer.out" || die "vpointer: $(cat "$OUT/vpointer.err")"
send() { printf '%s\n' "$@" >"$OUT/vpointer.in"; }

env -u DISPLAY SDL_VIDEODRIVER=wayland WAYLAND_DEBUG=client "${FIRST[@]}" "$APP" run --scene coordinator --size 390x844 \
  --trace "$OUT/trace.jsonl" >"$OUT/app.out" 2>"$OUT/app.err" &
APPPID=$!
con=
for _ in $(seq 1 200); do
  con=$(swaymsg -t get_tree 2>/dev/null | python3 -c '
import json, sys
def walk(n):
    for k in ("nodes", "floating_nodes"):
        for c in n.get(k, []): yield from walk(c)
    yield n
for n in walk(json.load(sys.stdin)):
    if (n.get("name") or "").startswith("Overscroll") and n["rect"]["width"] > 0: print(n["id"]); break')
  [ -n "$con" ] && break
  kill -0 "$APPPID" 2>/dev/null || die "the app exited: $(grep -v '^\[' "$OUT/app.err" | tail -2)"
  sleep 0.1
done
[ -n "$con" ] || die "no window in 20 s"
sleep 1
# Into the window (at 0,0), then a fast swipe up the content (a fling down), 2400 pt/s.
send "move 195 400 $W $H" "sleep 50" "rel 1 1" "sleep 800" "finger 20 20 8" "sleep 4000" "echo done"
for _ in $(seq 1 300); do grep -q '^done$' "$OUT/vpointer.out" && break; sleep 0.05; done
swaymsg "[con_id=$con] kill" >/dev/null
for _ in $(seq 1 100); do kill -0 "$APPPID" 2>/dev/null || break; sleep 0.1; done
stop "$APPPID"; APPPID=
python3 "$HERE/pacing.py" "$OUT/app.err" "$OUT/trace.jsonl" "$REFRESH"
status=$?
say "results in $OUT"
exit $status
