#!/bin/bash
# `make bench-wayland`: the window's CPU cost on Wayland next to Xvfb, % of one core (user + system
# ticks of the app from /proc/PID/stat over SECONDS), 390x844 at scale 1, medians of REPS runs:
#   idle                 the window open, nothing moving
#   spinner              the refresh spinner turning (--refresh-outcome hang), started by a pull
#   fling                the list (5000 rows) flung by repeated pointer drags, as `make bench` does
#   spinner, hidden      (Wayland) the spinner turning with the window in sway's scratchpad
# Columns: Xvfb (SDL's x11 driver, XShm), headless sway through wl_shm (the app's own buffers,
# paced by frame callbacks), and the same sway through SDL's renderer (OVERSCROLL_PRESENTER=texture,
# the path before wl_shm); with GTK=1 and python3-gi + gir1.2-gtk-4.0, a GTK 4 window of the same
# size with a spinner under the same sway (tools/touchpad/gtk4-spinner.py), with GTK's cairo and its
# GL renderer, for comparison.
#
# usage: tools/touchpad/bench-wayland.sh [path/to/overscroll]   (default .build/release/overscroll)
#   env: SECONDS_PER_CASE=5  REPS=3  GTK=1  OUT=dir (default: a new folder under ${TMPDIR:-/tmp})
# exit: 0 measured, 2 could not run
set -u
NAME=bench-wayland
. "$(dirname "$0")/lib-sway.sh"
APP=$(readlink -f "${1:-.build/release/overscroll}")
SECS=${SECONDS_PER_CASE:-5}
REPS=${REPS:-3}
make_out
W=1280 H=1024

[ -x "$APP" ] || die "$APP is not an executable (swift build -c release)"
for t in sway swaymsg python3 Xvfb xdotool; do
  command -v "$t" >/dev/null || die "$t is missing (make touchpad-deps tool-deps installs it)"
done

ticks() { awk '{print $14 + $15}' "/proc/$1/stat" 2>/dev/null; }
HZ=$(getconf CLK_TCK)

# ---- headless sway (as check-touchpad.sh starts it) and the virtual pointer ----
sway_conf "${W}x${H}" 1 disable
echo 'for_window [title="^GTK4 spinner"] floating enable, move position 0 0' >>"$OUT/sway.conf"
start_sway
start_vpointer

# ---- Xvfb ----
n=90; while [ -e /tmp/.X11-unix/X$n ] || [ -e /tmp/.X$n-lock ]; do n=$((n + 1)); done
Xvfb ":$n" -screen 0 ${W}x${H}x24 -nolisten tcp >"$OUT/xvfb.log" 2>&1 &
XVFB=$!
for _ in $(seq 1 100); do [ -e /tmp/.X11-unix/X$n ] && break; sleep 0.05; done
[ -e /tmp/.X11-unix/X$n ] || die "Xvfb did not start on :$n"
XDISPLAY=:$n

ARGS=(run --size 390x844 --scale 1 --refresh-outcome hang --refresh-timeout 600 --rows 5000)

# The pull that starts the refresh and the drags of the fling, the same on both servers: a press
# at (195, y0), moves by -80 or +80 px, a release. The window is at 0,0 on both.
drag_wl() {   # $1 from y, $2 to y, $3 step
  send "move 195 $1 $W $H" "sleep 30" "button 272 1"
  for y in $(seq "$1" "$3" "$2"); do send "move 195 $y $W $H" "sleep 16"; done
  send "button 272 0"
}
drag_x() {
  DISPLAY=$XDISPLAY xdotool mousemove --window "$XWIN" 195 "$1" mousedown 1
  for y in $(seq "$1" "$3" "$2"); do DISPLAY=$XDISPLAY xdotool mousemove --window "$XWIN" 195 "$y"; sleep 0.016; done
  DISPLAY=$XDISPLAY xdotool mouseup 1
}

measure() {   # $1 server (x|wl|gtk), $2 case, $3 presenter env; prints % of a core
  local server=$1 case=$2 pres=$3 t0 t1 start
  if [ "$server" = x ]; then
    env -u WAYLAND_DISPLAY DISPLAY="$XDISPLAY" SDL_VIDEODRIVER=x11 "$APP" "${ARGS[@]}" >"$OUT/app.out" 2>>"$OUT/app.err" &
    APPPID=$!
    XWIN=$(DISPLAY=$XDISPLAY timeout 10 xdotool search --sync --onlyvisible --name Overscroll | head -1)
    [ -n "$XWIN" ] || { say "no window on Xvfb"; stop "$APPPID"; APPPID=; echo nan; return; }
    DISPLAY=$XDISPLAY xdotool mousemove --window "$XWIN" 195 600
  elif [ "$server" = gtk ]; then
    env GSK_RENDERER="$pres" "$GTK_PY" "$HERE/gtk4-spinner.py" >"$OUT/gtk.out" 2>>"$OUT/gtk.err" &
    APPPID=$!
  else
    env -u DISPLAY SDL_VIDEODRIVER=wayland ${pres:+OVERSCROLL_PRESENTER=$pres} "$APP" "${ARGS[@]}" >"$OUT/app.out" 2>>"$OUT/app.err" &
    APPPID=$!
  fi
  sleep 1.5
  if [ "$server" = wl ]; then send "move 195 600 $W $H"; fi
  case $case in
    spinner*)
      if [ "$server" = x ]; then drag_x 200 600 80; elif [ "$server" = wl ]; then drag_wl 200 600 80; fi
      sleep 1
      [ "$case" = "spinner-hidden" ] && { swaymsg '[title="^Overscroll"] move scratchpad' >/dev/null; sleep 0.5; } ;;
  esac
  t0=$(ticks "$APPPID"); start=$(date +%s.%N)
  if [ "$case" = fling ]; then
    while [ "$(echo "$(date +%s.%N) - $start < $SECS - 1.3" | bc)" = 1 ]; do
      if [ "$server" = x ]; then drag_x 700 220 -80; else drag_wl 700 220 -80; fi
      sleep 1.2
    done
  fi
  local left; left=$(echo "$SECS - ($(date +%s.%N) - $start)" | bc)
  [ "$(echo "$left > 0" | bc)" = 1 ] && sleep "$left"
  t1=$(ticks "$APPPID")
  local el; el=$(echo "$(date +%s.%N) - $start" | bc)
  stop "$APPPID"; APPPID=
  if [ -z "$t0" ] || [ -z "$t1" ]; then echo nan; return; fi
  echo "scale=1; ($t1 - $t0) * 100 / $HZ / $el" | bc
}

median() { tr ' ' '\n' | grep -v '^$' | sort -g | awk '{a[NR]=$1} END {if (NR == 0) print "-"; else print a[int((NR + 1) / 2)]}'; }

GTK_OK=0 GTK_PY=
if [ "${GTK:-1}" = 1 ]; then   # the python that has GTK 4's introspection (Debian's, when another python3 comes first)
  for py in python3 /usr/bin/python3; do
    if "$py" -c 'import gi; gi.require_version("Gtk", "4.0"); from gi.repository import Gtk' 2>/dev/null; then GTK_OK=1 GTK_PY=$py; break; fi
  done
fi

declare -A R
CASES="idle spinner fling spinner-hidden"
for rep in $(seq 1 "$REPS"); do
  for c in $CASES; do
    if [ "$c" != spinner-hidden ]; then
      R[x,$c]="${R[x,$c]:-} $(measure x "$c" "")"
      R[tex,$c]="${R[tex,$c]:-} $(measure wl "$c" texture)"
    fi
    R[shm,$c]="${R[shm,$c]:-} $(measure wl "$c" "")"
    if [ "$GTK_OK" = 1 ] && [ "$c" = spinner ]; then
      R[gtk,$c]="${R[gtk,$c]:-} $(measure gtk "$c" cairo)"
      R[gtkgl,$c]="${R[gtkgl,$c]:-} $(measure gtk "$c" gl)"
    fi
    say "rep $rep: $c"
  done
done

printf '\n%% of one core, median of %s runs of %s s (each run: %s)\n' "$REPS" "$SECS" "the figures in brackets"
printf '%-16s %-22s %-22s %-22s %-22s %s\n' case "Xvfb" "sway, wl_shm" "sway, SDL texture" "GTK 4 cairo (sway)" "GTK 4 GL (sway)"
for c in $CASES; do
  cell() { local v=${R[$1,$c]:-}; [ -z "$v" ] && { echo "-"; return; }; echo "$(echo "$v" | median) [${v# }]"; }
  printf '%-16s %-22s %-22s %-22s %-22s %s\n' "$c" "$(cell x)" "$(cell shm)" "$(cell tex)" "$(cell gtk)" "$(cell gtkgl)"
done
[ "$GTK_OK" = 1 ] || echo "(GTK 4: python3-gi with gir1.2-gtk-4.0 is not installed; GTK=1 and apt-get install python3-gi gir1.2-gtk-4.0 add it)"
say "results in $OUT"
