#!/usr/bin/env bash
# `make ci-example`: docs/CI.md's GitLab recipe run as written. The `test` job's script runs once
# per shard, each in its own copy of this checkout (the package job's out/ included) with
# CI_NODE_INDEX and CI_NODE_TOTAL set; the `report` job's script runs in a copy holding every
# shard's test-results/, as GitLab extracts artifacts. Then: the GitHub workflow runs the same
# commands, and the merged JUnit is valid (Tests/Fixtures/junit/JUnit.xsd) and lists every snapshot once.
# Needs root (the recipe's apt-get), xmllint and python3. usage: tools/ci-example.sh [SHARDS]
set -euo pipefail
shards=${1:-3}
cd "$(dirname "$0")/.."
recipe=docs/CI.md
ls out/overscroll_*.deb > /dev/null 2>&1 || { echo "ci-example: no out/overscroll_*.deb (run make deb)"; exit 2; }
work=$(mktemp -d "${TMPDIR:-/tmp}/overscroll-ci.XXXXXX")

# A CI job's checkout: this tree without build products (out/ holds the package job's artifact).
checkout() { mkdir "$1" && tar --exclude=./.build --exclude=./test-results -cf - . | tar -xf - -C "$1"; }

# Runs a job's commands in folder $2, each as the CI runner does (bash -e, one line each).
run_job() {
  local job=$1 dir=$2 line
  while IFS= read -r line; do
    echo "[$job${CI_NODE_INDEX:+ $CI_NODE_INDEX/$CI_NODE_TOTAL}] \$ $line"
    (cd "$dir" && bash -ec "$line") || return
  done < <(python3 tools/ci_recipe.py "$recipe" gitlab "$job")
}

# The GitHub workflow: the same commands, with the matrix for the node variables.
diff <(python3 tools/ci_recipe.py "$recipe" gitlab test) \
     <(python3 tools/ci_recipe.py "$recipe" github test | sed -e 's/\${{ matrix.shard }}/$CI_NODE_INDEX/g' \
        -e 's/\${{ strategy.job-total }}/$CI_NODE_TOTAL/g') \
  || { echo "ci-example: the GitHub test job runs other commands than the GitLab one"; exit 1; }
diff <(python3 tools/ci_recipe.py "$recipe" gitlab report) <(python3 tools/ci_recipe.py "$recipe" github report) \
  || { echo "ci-example: the GitHub report job runs other commands than the GitLab one"; exit 1; }

for i in $(seq 1 "$shards"); do
  checkout "$work/shard-$i"
  status=0
  CI_NODE_INDEX=$i CI_NODE_TOTAL=$shards run_job test "$work/shard-$i" || status=$?
  [ "$status" = 0 ] || { echo "ci-example: shard $i/$shards failed (exit $status); files in $work"; exit 1; }
done

checkout "$work/report"
mkdir -p "$work/report/test-results"
for i in $(seq 1 "$shards"); do cp -a "$work/shard-$i/test-results/." "$work/report/test-results/"; done
run_job report "$work/report" || { echo "ci-example: the report job failed; files in $work"; exit 1; }

junit=$work/report/report.xml
xmllint --noout --schema Tests/Fixtures/junit/JUnit.xsd "$junit"
python3 - "$junit" Tests/Scenarios "$shards" <<'PY'
import json, os, sys, xml.etree.ElementTree as ET
junit, folder, shards = sys.argv[1], sys.argv[2], int(sys.argv[3])
listed = [(c.get("classname"), c.get("name")) for c in ET.parse(junit).iter("testcase")]
expected = []
for dirpath, dirs, files in os.walk(folder):
    dirs[:] = sorted(d for d in dirs if d != "__snapshots__")
    for name in sorted(files):
        if not name.endswith(".json"):
            continue
        path = os.path.join(dirpath, name)
        doc = json.load(open(path, encoding="utf-8"))
        if not isinstance(doc, dict) or "scene" not in doc or "events" not in doc:
            continue
        # JUnit's classname: the path without .json, folders as packages (JUnitWriter.classname).
        classname = ".".join(p for p in path[:-len(".json")].split("/") if p not in ("", "."))
        expected += [(classname, e["snapshot"]) for e in doc["events"] if isinstance(e, dict) and "snapshot" in e]
twice = sorted({t for t in listed if listed.count(t) > 1})
missing = sorted(set(expected) - set(listed))
extra = sorted(set(listed) - set(expected))
for label, items in (("listed more than once", twice), ("missing", missing), ("not in the scenarios", extra)):
    for t in items:
        print(f"ci-example: {label}: {t[0]} › {t[1]}")
if twice or missing or extra:
    sys.exit(1)
print(f"ci-example: merged JUnit of {shards} shards is valid and lists each of the {len(expected)} snapshots once")
PY
# CI_EXAMPLE_KEEP=DIR keeps the merged report job's folder (its test-results/ and merged
# report, as a CI artifact would be downloaded) there, e.g. to walk `overscroll accept` from it.
if [ -n "${CI_EXAMPLE_KEEP:-}" ]; then
  [ ! -e "$CI_EXAMPLE_KEEP" ] || { echo "ci-example: $CI_EXAMPLE_KEEP exists; not replacing it (files in $work)"; exit 1; }
  mv "$work/report" "$CI_EXAMPLE_KEEP"
  echo "ci-example: the report job's folder is in $CI_EXAMPLE_KEEP"
fi
rm -rf "$work"
