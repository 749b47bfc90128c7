#!/bin/bash
# `make check-touchpad`: the touchpad and the wheel through a real display server, no hardware.
# Starts headless sway (with its Xwayland) as an unprivileged user, makes a virtual pointer
# (vpointer.py, beside this file), and runs `overscroll run` twice, unchanged: as an X11 client of
# Xwayland (the app's own XInput 2 connection) and as a Wayland client (SDL's wayland driver).
# Injects the same finger and wheel sequences into both (sequences.txt), closes each window
# through sway (so the capture and trace are written), replays each capture with `overscroll
# record`, and has report.py compare the paths and print the table and the verdict.
#
# usage: tools/touchpad/check-touchpad.sh [path/to/overscroll]   (default .build/release/overscroll)
#   env: OUT=dir (default: a new folder under ${TMPDIR:-/tmp})   PATHS="x11 wayland"
#        SCALE=2 (the output's scale: HiDPI; its layout stays 1280x1024 logical px)
# exit: 0 pass, 1 the app failed a check, 2 the check could not run
set -u
NAME=check-touchpad
. "$(dirname "$0")/lib-sway.sh"
APP=$(readlink -f "${1:-.build/release/overscroll}")
PATHS=${PATHS:-"x11 wayland"}
make_out " (everything in it would be replaced)"
W=1280 H=1024                # the headless output in logical px, the pointer's extent
SCALE=${SCALE:-1}

[ -x "$APP" ] || die "$APP is not an executable (make build)"
for t in sway Xwayland swaymsg xhost python3; do
  command -v "$t" >/dev/null || die "$t is missing (make touchpad-deps installs sway xwayland x11-xserver-utils python3)"
done

# As root the compositor runs as nobody (lib-sway.sh), and root (the app) is let into its Xwayland
# with xhost. The compositor, the pointer and the app also run at a higher priority: a 100 ms stall
# mid-gesture ends the gesture and adds a fling's worth of distance.
raise_priority

# ---- the compositor ----
sway_conf "$((W * SCALE))x$((H * SCALE))" "$SCALE" enable
cat >>"$OUT/sway.conf" <<'EOF'
exec sh -c 'echo "$DISPLAY" > "$XDG_RUNTIME_DIR/x-display"'
EOF
start_sway x-display
XDISPLAY=$(cat "$RUN/x-display")
say "sway $(sway --version | awk '{print $3}') headless on $WAYLAND_DISPLAY (scale $SCALE), Xwayland on $XDISPLAY"

# ---- the virtual pointer: kept for the whole run (Xwayland drops its pointer when the seat loses one) ----
start_vpointer
MARK=0
settle() {   # waits until the virtual pointer has sent everything so far
  MARK=$((MARK + 1)); send "echo mark$MARK"
  for _ in $(seq 1 3000); do grep -q "^mark$MARK\$" "$OUT/vpointer.out" && return 0; sleep 0.02; done
  die "vpointer stopped answering (see $OUT/vpointer.err)"
}

# ---- the sequences: name, what is injected (vpointer commands), then a pause ----
# Wayland axis values in logical px: < 0 pulls past the top. Phases are >= 2 s apart.
cat >"$OUT/sequences.txt" <<'EOF'
pull-2.5    finger 40 -2.5 8    100 px pull at the top, values on the 1.25 px grid, first after the pointer entered
pull-2.3    finger 40 -2.3 8    92 px, off the grid
pull-long   finger 50 -4.3 8    215 px: past the refresh threshold
slow+1.25   finger 60 1.25 16   75 px down, slowly, on the grid
fling+7.5   finger 25 7.5 8     187.5 px fast, on the grid: a fling
fling+6.3   finger 25 6.3 8     157.5 px fast, off the grid
wheel-down  click 3 120         3 wheel clicks down
wheel-up    click -3 120        3 wheel clicks up
EOF

inject() {   # the window's top left is $1,$2
  send "move $(($1 + 195)) $(($2 + 400)) $W $H" "sleep 50" "rel 1 1" "sleep 800"
  settle
  while read -r name cmd a b c _; do
    case $cmd in
      finger) send "finger $a $b $c" ;;
      click) send "click $a $b" ;;
    esac
    send "sleep 3200"
    settle
    say "  $name"
  done <"$OUT/sequences.txt"
}

window_of() {   # $1: sway shell (xwayland, xdg_shell); prints "con_id x y" of the app's window
  for _ in $(seq 1 200); do
    local r
    r=$(swaymsg -t get_tree 2>/dev/null | python3 -c '
import json, sys
def walk(n):
    for k in ("nodes", "floating_nodes"):
        for c in n.get(k, []):
            yield from walk(c)
    yield n
for n in walk(json.load(sys.stdin)):
    if (n.get("name") or "").startswith("Overscroll") and n.get("shell") == sys.argv[1] and n["rect"]["width"] > 0:
        print(n["id"], n["rect"]["x"], n["rect"]["y"]); break
' "$1")
    [ -n "$r" ] && { echo "$r"; return 0; }
    kill -0 "$APPPID" 2>/dev/null || return 1
    sleep 0.1
  done
  return 1
}

run_path() {   # $1: x11 | wayland, $2: the folder of this try
  local p=$1 d=$2/$1 win con x y
  mkdir -p "$d"
  local args=(run --scene coordinator --size 390x844 --refresh-duration 1
              --capture "$d/cap.json" --trace "$d/live.jsonl")
  if [ "$p" = x11 ]; then
    # The first X client starts Xwayland (as the compositor's user); it lets root in.
    DISPLAY=$XDISPLAY "${AS_USER[@]}" xhost +si:localuser:root >"$d/xhost.log" 2>&1 || { say "xhost: $(cat "$d/xhost.log")"; return 1; }
    env -u WAYLAND_DISPLAY DISPLAY="$XDISPLAY" OVERSCROLL_XINPUT2_LOG=1 "${FIRST[@]}" "$APP" "${args[@]}" >"$d/app.out" 2>"$d/app.err" &
    APPPID=$!
    win=$(window_of xwayland)
  else
    env -u DISPLAY SDL_VIDEODRIVER=wayland "${FIRST[@]}" "$APP" "${args[@]}" >"$d/app.out" 2>"$d/app.err" &
    APPPID=$!
    win=$(window_of xdg_shell)
  fi
  if [ -z "$win" ]; then
    say "$p: no window: $(tail -2 "$d/app.err" | tr '\n' ' ')"
    stop "$APPPID"; APPPID=
    return 1
  fi
  read -r con x y <<<"$win"
  say "$p: window at $x,$y; injecting"
  sleep 0.5
  inject "$x" "$y"
  swaymsg "[con_id=$con] kill" >/dev/null      # a close request: SDL_QUIT, the capture is written
  for _ in $(seq 1 100); do kill -0 "$APPPID" 2>/dev/null || break; sleep 0.1; done
  kill -0 "$APPPID" 2>/dev/null && { say "$p: the app did not quit on close"; stop "$APPPID"; }
  wait "$APPPID"; echo "exit status $?" >>"$d/app.err"; APPPID=
  [ -s "$d/cap.json" ] || { say "$p: no capture: $(tail -2 "$d/app.err" | tr '\n' ' ')"; return 1; }
  "$APP" record "$d/cap.json" --out "$d/replay" --no-png --no-progress >"$d/record.log" 2>&1 \
    || say "$p: the replay failed: $(tail -1 "$d/record.log")"
}

# Up to 3 tries: a try whose input reached the app with a pause over the 90 ms idle end (report.py
# exit 3: the machine, not the app) is run again; every try's results stay in OUT/tryN.
status=2
for try in 1 2 3; do
  T=$OUT/try$try
  mkdir -p "$T" && cp "$OUT/sequences.txt" "$T/"
  for p in $PATHS; do run_path "$p" "$T" || say "$p: FAILED"; done
  SCALE=$SCALE python3 "$HERE/report.py" "$T" $PATHS
  status=$?
  [ "$status" = 3 ] || break
  say "try $try: the input reached the app with pauses (a busy machine); running the paths again"
done
[ "$status" = 3 ] && { say "FAIL: no try without pauses in 3"; status=1; }
say "results in $OUT"
exit $status
