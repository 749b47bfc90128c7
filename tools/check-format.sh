#!/bin/sh
# `make format-check`: fails when `make format` would change any Swift file (swift format lint
# --strict with the checked-in .swift-format), or when a line is longer than the 140 columns the
# configuration sets — the formatter cannot break a long string literal or comment, so such a line
# is wrapped by hand (a multi-line string literal: end the line with a backslash, which adds no
# newline to the string).
# Usage: tools/check-format.sh PATH...
set -u
[ "$#" -gt 0 ] || { echo "usage: tools/check-format.sh PATH..." >&2; exit 2; }
status=0
swift format lint --strict --parallel --recursive "$@" || status=1
# Columns are characters (the formatter's unit), hence a UTF-8 locale for grep.
long=$(LC_ALL=C.UTF-8 grep -rnP --include='*.swift' '^.{141,}' "$@" | cut -d: -f1,2)
if [ -n "$long" ]; then
    echo "$long" | sed 's/$/: longer than 140 columns; wrap it by hand (the formatter cannot)/' >&2
    status=1
fi
if [ "$status" -ne 0 ]; then
    echo "format-check: run \`make format\` (it rewrites the files in place), wrap what it cannot, commit" >&2
fi
exit "$status"
