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
NAME=check-pacing
. "$(dirname "$0")/lib-sway.sh"
APP=$(readlink -f "${1:-.build/release/overscroll}")
SCALE=${SCALE:-1} REFRESH=${REFRESH:-60}
make_out
W=1280 H=1024
[ -x "$APP" ] || die "$APP is not an executable (make build)"
for t in sway swaymsg python3; do command -v "$t" >/dev/null || die "$t is missing (make touchpad-deps)"; done
raise_priority

sway_conf "--custom $((W * SCALE))x$((H * SCALE))@${REFRESH}Hz" "$SCALE" disable
start_sway
say "sway $(sway --version | awk '{print $3}') headless at scale $SCALE, ${REFRESH} Hz"

start_vpointer

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
