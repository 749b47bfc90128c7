#!/bin/sh
# Is there a display server for a window? Checked by `make run` before it builds.
# Exit 0 when DISPLAY or WAYLAND_DISPLAY names a server whose socket is there (a remote X display,
# host:N, is taken on trust); otherwise one line naming what was tried, exit 1.
# Usage: tools/check-display.sh [NAME]   (NAME starts the message; default check-display)
name=${1:-check-display}
tried=""
if [ -n "${WAYLAND_DISPLAY:-}" ]; then
  case $WAYLAND_DISPLAY in
    /*) sock=$WAYLAND_DISPLAY ;;
    *) sock=${XDG_RUNTIME_DIR:-/nonexistent}/$WAYLAND_DISPLAY ;;
  esac
  [ -S "$sock" ] && exit 0
  tried="Wayland display '$WAYLAND_DISPLAY' (WAYLAND_DISPLAY; no socket $sock)"
fi
if [ -n "${DISPLAY:-}" ]; then
  case $DISPLAY in
    :*|unix:*)
      n=${DISPLAY#*:}; n=${n%%.*}
      [ -S "/tmp/.X11-unix/X$n" ] && exit 0
      tried="${tried:+$tried nor }X display '$DISPLAY' (DISPLAY; no socket /tmp/.X11-unix/X$n)" ;;
    *) exit 0 ;;
  esac
fi
if [ -z "$tried" ]; then
  echo "$name: no display (DISPLAY and WAYLAND_DISPLAY unset); headless: .build/release/overscroll record Tests/Scenarios/list-tour.json --out out/tour"
else
  echo "$name: cannot open $tried"
fi
exit 1
