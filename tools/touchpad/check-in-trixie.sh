#!/bin/bash
# check-fractional.sh (output scales 1, 1.5 and 2, both themes) and check-pacing.sh in a fresh
# Debian 13 root (../shared/tools/fresh-debian --suite trixie): sway 1.10 there offers
# wp_fractional_scale_v1 and answers wp_presentation, which Debian 12's sway 1.7 does not. The
# .deb built here is installed with sway and grim; the logs and screenshots come back into OUT
# (look at the screenshots: text as sharp at 1.5 as at 1 and 2). Run as root.
#
# usage: tools/touchpad/check-in-trixie.sh OUT [path/to/overscroll_*.deb]   (default: out/'s newest)
#   env: SCALES="1 1.5 2"   FRESH_DEBIAN=path (default ../shared/tools/fresh-debian)
# exit: 0 every check passed, 1 one failed, 2 the check could not run
set -u
cd "$(dirname "$0")/../.."
say() { printf 'check-in-trixie: %s\n' "$*" >&2; }
OUT=${1:-}
[ -n "$OUT" ] || { say "cannot run: no OUT folder given"; exit 2; }
if [ -e "$OUT" ] && [ -n "$(ls -A "$OUT" 2>/dev/null)" ]; then say "cannot run: OUT=$OUT is not an empty folder"; exit 2; fi
DEB=${2:-$(ls -t out/overscroll_*.deb 2>/dev/null | head -n 1)}
[ -f "$DEB" ] || { say "cannot run: no .deb (make deb, or give its path)"; exit 2; }
TOOL=${FRESH_DEBIAN:-../shared/tools/fresh-debian}
[ -x "$TOOL" ] || { say "cannot run: no fresh-debian at $TOOL"; exit 2; }
mkdir -p "$OUT"
STAGE=$(mktemp -d "${TMPDIR:-/tmp}/check-in-trixie.XXXXXX")
trap 'rm -rf "$STAGE"' EXIT
cp "$DEB" "$STAGE/"
cat >"$STAGE/in-root.sh" <<'EOS'
set -u
debs=(../shared/overscroll_*.deb)
DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${debs[0]}" sway grim python3 >/tmp/apt.log 2>&1 \
  || { tail -n 15 /tmp/apt.log >&2; echo "result: cannot run: apt-get install failed" >&2; exit 2; }
echo "$(sway --version); $(dpkg-query -W -f='SDL2 ${Version}' libsdl2-2.0-0)" >&2
mkdir -p /tmp/res; status=0
for s in $SCALES; do
  OUT=/tmp/res/scale-$s SCALE=$s bash tools/touchpad/check-fractional.sh /usr/bin/overscroll >&2; rc=$?
  [ $rc -gt $status ] && status=$rc
done
OUT=/tmp/res/pacing bash tools/touchpad/check-pacing.sh /usr/bin/overscroll >&2; rc=$?
[ $rc -gt $status ] && status=$rc
tar -C /tmp/res --exclude=run -cf - .
exit $status
EOS
"$TOOL" run --suite trixie --ci --env SCALES="${SCALES:-1 1.5 2}" . "$STAGE" -- bash ../shared/in-root.sh >"$STAGE/res.tar"
status=$?
tar -C "$OUT" -xf "$STAGE/res.tar" || { say "no results came back (fresh-debian exit $status)"; exit 2; }
say "exit $status; logs and screenshots in $OUT"
exit $status
