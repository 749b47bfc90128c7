#!/bin/sh
# XInput 2 on a real X server: run inside `xvfb-run -a` (see `make check-xinput2`).
# Opens the window with the XI2 log on, moves the pointer over it and clicks the wheel with
# xdotool, quits with Q, and checks that the XI2 connection opened on the SDL window, received
# XI_Motion, found no scroll class (Xvfb has none), fell back to SDL's wheel events (the captured
# wheel event is an SDL notch) and closed.
# Usage: tools/check-xinput2.sh [path/to/overscroll]
set -u
bin=${1:-.build/release/overscroll}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "check-xinput2: $1" >&2; sed 's/^/  | /' "$dir/err" >&2; exit 1; }

OVERSCROLL_XINPUT2_LOG=1 "$bin" run --scene list --capture "$dir/capture.json" >"$dir/out" 2>"$dir/err" &
pid=$!
wid=""
for _ in $(seq 1 50); do
  wid=$(xdotool search --name '^Overscroll' 2>/dev/null | head -1)
  [ -n "$wid" ] && break
  sleep 0.2
done
[ -n "$wid" ] || { kill "$pid" 2>/dev/null; fail "the window did not appear"; }
sleep 0.5
eval "$(xdotool getwindowgeometry --shell "$wid")"
xdotool mousemove $((X + 100)) $((Y + 100)); sleep 0.2
xdotool mousemove $((X + 150)) $((Y + 300)); sleep 0.2
xdotool click 5; sleep 0.3
xdotool mousemove $((X + 200)) $((Y + 400)); sleep 0.2
xdotool key q
status=""
for _ in $(seq 1 25); do
  if ! kill -0 "$pid" 2>/dev/null; then wait "$pid"; status=$?; break; fi
  sleep 0.2
done
[ -n "$status" ] || { kill "$pid"; fail "Q did not quit within 5 s"; }
[ "$status" = 0 ] || fail "exit status $status"

grep -q "^xinput2: opened XInput 2\.[0-9]* on window 0x" "$dir/err" || fail "the XI2 connection did not open"
grep -q "^xinput2: opened .* on window 0x$(printf %x "$wid");" "$dir/err" || fail "XI2 did not select on the SDL window (0x$(printf %x "$wid"))"
motions=$(grep -c "^xinput2: XI_Motion" "$dir/err")
[ "$motions" -ge 1 ] || fail "no XI_Motion received"
grep -q "^xinput2: no scroll class; SDL wheel events are used" "$dir/err" || fail "no fallback line"
grep -q "^xinput2: closed after [0-9]* XI_Motion events" "$dir/err" || fail "the XI2 connection was not closed"
grep -q '"wheel": {"dy": -1, "precise": false, "source": "unknown"}' "$dir/capture.json" || fail "the wheel click did not arrive as an SDL notch: $(cat "$dir/capture.json")"
echo "check-xinput2: ok — XI2 opened on window 0x$(printf %x "$wid"), $motions XI_Motion events, no scroll class, SDL notch used, closed on Q"
