#!/bin/sh
# Writes OUT/BuildInfoValues.swift for the BuildInfo target (run by Plugins/BuildInfoPlugin before
# every build): the version from PACKAGE/VERSION, the commit (`git rev-parse`, `-dirty` when tracked
# files differ from it; OVERSCROLL_COMMIT when there is no git checkout) and the commit's date.
# The file is replaced only when its text changes.
# usage: tools/build-info.sh PACKAGE OUT
set -u
pkg=$1 out=$2
clean() { case $1 in *[!A-Za-z0-9._+~-]*|'') echo "$2" ;; *) echo "$1" ;; esac; }
version=$(clean "$(head -n 1 "$pkg/VERSION" 2>/dev/null)" 0.0.0)
# safe.directory: a CI checkout is often owned by another user; reading its commit is harmless.
g() { git -c safe.directory='*' -C "$pkg" "$@" 2>/dev/null; }
commit=$(g rev-parse --short=12 HEAD) || commit=""
date=""
if [ -n "$commit" ]; then
  g diff --quiet HEAD -- || commit="$commit-dirty"
  date=$(g log -1 --format=%cs)
fi
commit=$(clean "${commit:-${OVERSCROLL_COMMIT:-}}" unknown)
date=$(clean "$date" unknown)
mkdir -p "$out"
text="// Made by tools/build-info.sh at build time; not in the repository.
let generatedVersion = \"$version\"
let generatedCommit = \"$commit\"
let generatedDate = \"$date\""
if [ "$(cat "$out/BuildInfoValues.swift" 2>/dev/null)" != "$text" ]; then
  printf '%s\n' "$text" > "$out/BuildInfoValues.swift.tmp" && mv "$out/BuildInfoValues.swift.tmp" "$out/BuildInfoValues.swift"
fi
