#!/bin/bash
# Fractional scale on Wayland (#32 item 6): under headless sway at output scale 1.5, the window
# (390x844 points) must present 585x1266-pixel wl_shm buffers through a wp_viewport of 390x844
# at buffer scale 1, i.e. 1.5 device pixels per point, sharp (no compositor scaling). Needs a sway
# that offers wp_fractional_scale_v1 (1.8 or later: Debian 13's 1.10; Debian 12's 1.7 does not, and
# the check then says so and exits 2). Takes screenshots (grim) of both themes for a person to look at.
#
# usage: tools/touchpad/check-fractional.sh [path/to/overscroll]   (default .build/release/overscroll)
#   env: OUT=dir (default: a new folder under ${TMPDIR:-/tmp})   SCALE=1.5
# exit: 0 pass, 1 the app failed a check, 2 the check could not run
set -u
NAME=check-fractional
. "$(dirname "$0")/lib-sway.sh"
APP=$(readlink -f "${1:-.build/release/overscroll}")
SCALE=${SCALE:-1.5}
make_out
[ -x "$APP" ] || die "$APP is not an executable (make build)"
for t in sway swaymsg grim python3; do command -v "$t" >/dev/null || die "$t is missing (apt-get install sway grim python3)"; done

read -r PW PH < <(python3 -c "import sys; s=float(sys.argv[1]); print(round(1280*s), round(1024*s))" "$SCALE")
sway_conf "${PW}x${PH}" "$SCALE" disable
start_sway
say "sway $(sway --version | awk '{print $3}') headless at scale $SCALE"

status=0
for theme in light dark; do
  env -u DISPLAY SDL_VIDEODRIVER=wayland WAYLAND_DEBUG=client "$APP" run --scene coordinator --size 390x844 --theme "$theme" \
    >"$OUT/app-$theme.out" 2>"$OUT/app-$theme.err" &
  APPPID=$!
  sleep 3
  kill -0 "$APPPID" 2>/dev/null || { say "$theme: the app exited: $(grep -v '^\[' "$OUT/app-$theme.err" | tail -2)"; status=1; APPPID=; continue; }
  grim -g "0,0 390x844" "$OUT/window-$theme.png" 2>"$OUT/grim-$theme.err" || say "$theme: grim failed: $(cat "$OUT/grim-$theme.err")"
  stop "$APPPID"; APPPID=
  python3 - "$OUT/app-$theme.err" "$SCALE" "$theme" <<'PY' || status=$?
import re, sys
log, scale, theme = open(sys.argv[1], errors="replace").read(), float(sys.argv[2]), sys.argv[3]
offered = "wp_fractional_scale_manager_v1" in log
if not offered:
    print(f"check-fractional: {theme}: the compositor offers no wp_fractional_scale_manager_v1 (sway 1.8 or later has it)", file=sys.stderr)
    sys.exit(2)
want = (round(390 * scale + 1e-9), round(844 * scale + 1e-9))
prefs = re.findall(r"wp_fractional_scale_v1[@#]\d+\.preferred_scale\((\d+)\)", log)
buffers = re.findall(r"wl_shm_pool[@#]\d+\.create_buffer\(new id wl_buffer[@#]\d+, \d+, (\d+), (\d+),", log)
dests = re.findall(r"wp_viewport[@#]\d+\.set_destination\((-?\d+), (-?\d+)\)", log)
scales = re.findall(r"wl_surface[@#]\d+\.set_buffer_scale\((\d+)\)", log)
print(f"check-fractional: {theme}: preferred_scale {prefs}, last buffers {buffers[-2:]}, viewport {dests[-1:]}, last buffer scale {scales[-1:]}", file=sys.stderr)
ok = bool(prefs) and int(prefs[-1]) == round(scale * 120) and buffers and tuple(map(int, buffers[-1])) == want \
    and dests and tuple(map(int, dests[-1])) == (390, 844) and scales and scales[-1] == "1"
print(f"check-fractional: {theme}: {'PASS' if ok else 'FAIL'}: {want[0]}x{want[1]} px shown at 390x844", file=sys.stderr)
sys.exit(0 if ok else 1)
PY
done
say "screenshots (look at them: text must be as sharp as at scale 1 and 2): $OUT/window-light.png $OUT/window-dark.png"
exit $status
