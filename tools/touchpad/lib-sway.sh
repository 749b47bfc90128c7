# shellcheck shell=bash
# Sourced (never run) by the scripts beside it, which start headless sway the same way. The script
# sets NAME (its name in messages) before sourcing it, and gets:
#   say, die          a message on stderr; die also exits 2 ("the check could not run")
#   HERE              this folder (vpointer.py and the other helpers)
#   AS_USER, FIRST    as root: the compositor runs as nobody (sway 1.7 refuses to start as root,
#                     "Unable to drop root"); after raise_priority, the compositor, the pointer and
#                     the app run at a higher priority (nice -10), so a check measures the app's input
#                     handling, not a busy machine's scheduler
#   stop PID          TERM, then waits up to 5 s, then KILL
#   make_out          OUT (the env's, which must be absent or empty, or a new folder under TMPDIR)
#                     and RUN, the compositor's XDG_RUNTIME_DIR inside it
#   sway_conf M S X   $OUT/sway.conf's lines every script has: the output (mode M, scale S),
#                     xwayland X (enable, disable), no borders, the app's window floating at 0,0;
#                     a script appends its own lines
#   start_sway [FILE] sway with $OUT/sway.conf, waited for (and for FILE in
#                     RUN, when its config writes one), then XDG_RUNTIME_DIR, WAYLAND_DISPLAY and
#                     SWAYSOCK exported
#   start_vpointer    the virtual pointer (vpointer.py), its input kept open; send writes it commands
# On exit everything started here and APPPID, XVFB (the script's) are stopped and RUN is removed.

say() { printf '%s: %s\n' "$NAME" "$*" >&2; }
die() { say "cannot run: $*"; exit 2; }

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
FIRST=()
if [ "$(id -u)" = 0 ]; then AS_USER=(setpriv --reuid=65534 --regid=65534 --clear-groups); else AS_USER=(); fi
raise_priority() { if [ "$(id -u)" = 0 ]; then FIRST=(nice -n -10); fi; }

SWAY= VPTR= HOLD= XVFB= APPPID= RUN=
stop() {
  [ -n "$1" ] || return 0
  kill "$1" 2>/dev/null || return 0
  for _ in $(seq 1 50); do kill -0 "$1" 2>/dev/null || return 0; sleep 0.1; done
  kill -9 "$1" 2>/dev/null
}
cleanup() {
  stop "$APPPID"; stop "$HOLD"; stop "$VPTR"; stop "$SWAY"; stop "$XVFB"
  [ -n "$RUN" ] && [ -d "$RUN" ] && [ ! -L "$RUN" ] && rm -rf "$RUN"   # made by start_sway
}
trap cleanup EXIT
trap 'exit 2' INT TERM

make_out() {   # $1: more words for the refusal of a folder that is not empty
  if [ -n "${OUT:-}" ] && [ -e "$OUT" ] && [ -n "$(ls -A "$OUT" 2>/dev/null)" ]; then
    echo "$NAME: cannot run: OUT=$OUT is not an empty folder${1:-}" >&2; exit 2
  fi
  OUT=${OUT:-$(mktemp -d "${TMPDIR:-/tmp}/$NAME.XXXXXX")}
  mkdir -p "$OUT" && OUT=$(cd "$OUT" && pwd) && chmod 755 "$OUT"
  RUN=$OUT/run
}

sway_conf() {   # $1: the headless output's mode, $2: its scale, $3: xwayland enable|disable
  cat >"$OUT/sway.conf" <<EOC
output HEADLESS-1 mode $1 position 0 0 scale $2
xwayland $3
default_border none
default_floating_border none
for_window [title="^Overscroll"] floating enable, move position 0 0
EOC
}

start_sway() {   # $1: a file sway's config writes into RUN once it runs (optional)
  local ready=${1:+$RUN/$1}
  mkdir -m 700 "$RUN" || die "cannot make $RUN"
  [ ${#AS_USER[@]} -gt 0 ] && chown 65534:65534 "$RUN"
  env -i PATH="$PATH" HOME="$RUN" XDG_RUNTIME_DIR="$RUN" WLR_BACKENDS=headless WLR_HEADLESS_OUTPUTS=1 \
    WLR_RENDERER=pixman "${FIRST[@]}" "${AS_USER[@]}" sway -c "$OUT/sway.conf" >"$OUT/sway.log" 2>&1 &
  SWAY=$!
  for _ in $(seq 1 150); do
    { [ -z "$ready" ] || [ -s "$ready" ]; } && ls "$RUN"/wayland-? >/dev/null 2>&1 && ls "$RUN"/sway-ipc.*.sock >/dev/null 2>&1 && break
    kill -0 "$SWAY" 2>/dev/null || die "sway exited: $(grep -m1 -i error "$OUT/sway.log") (see $OUT/sway.log)"
    sleep 0.1
  done
  { [ -z "$ready" ] || [ -s "$ready" ]; } && ls "$RUN"/sway-ipc.*.sock >/dev/null 2>&1 \
    || die "sway did not start in 15 s (see $OUT/sway.log)"
  export XDG_RUNTIME_DIR=$RUN
  WAYLAND_DISPLAY=$(basename "$(ls "$RUN"/wayland-? | head -1)"); export WAYLAND_DISPLAY
  SWAYSOCK=$(ls "$RUN"/sway-ipc.*.sock | head -1); export SWAYSOCK
}

start_vpointer() {
  mkfifo "$OUT/vpointer.in"
  "${FIRST[@]}" python3 "$HERE/vpointer.py" <"$OUT/vpointer.in" >"$OUT/vpointer.out" 2>"$OUT/vpointer.err" &
  VPTR=$!
  sleep 1000000 >"$OUT/vpointer.in" &
  HOLD=$!
  for _ in $(seq 1 100); do grep -q '^ready$' "$OUT/vpointer.out" 2>/dev/null && break; sleep 0.05; done
  grep -q '^ready$' "$OUT/vpointer.out" || die "vpointer: $(cat "$OUT/vpointer.err")"
}
send() { printf '%s\n' "$@" >"$OUT/vpointer.in"; }
