#!/usr/bin/env python3
"""A suite that fails a lot, measured: the figures of issue #29 ("a suite that stays usable when
much fails"), repeatable by `make bench` (overscroll-bench part `failures`) or by hand.

    tools/failing-suite.py OVERSCROLL WORKDIR [--scenarios 200] [--failing 180] [--missing 40]
                           [--chromium PATH] [--json FILE] [-- EXTRA TEST FLAGS...]

1. Many failures: WORKDIR/suite gets SCENARIOS generated scenarios of 3 snapshots each (390x844 @2,
   2 s, a drag); `test --update=missing` makes their goldens; then FAILING of them change scene, so
   3 x FAILING snapshots fail. `test` of the suite is timed, and its results folder measured: bytes
   on disk, files, and the report's load time in headless Chromium (navigation start to the load
   event, read inside the page; median of 3).
2. A first run: WORKDIR/first gets MISSING scenarios and no goldens; `test` (every golden missing)
   is timed and measured against `test --update=missing` of the same suite.

Prints a table; with --json, writes the figures there. Only WORKDIR is written.
"""
import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

SCENES = ["list", "title", "pager", "header", "coordinator", "refreshable"]


def scenario(i, scene_shift=0):
    scene = SCENES[(i + scene_shift) % len(SCENES)]
    start, end = 300 + (i * 37) % 300, 100 + (i * 53) % 500
    return json.dumps({
        "scene": scene, "duration": 2.0, "rows": 200,
        "events": [{"at": 0.2, "drag": {"from": [195, start], "to": [195, end], "duration": 0.25}},
                   {"at": 0.3, "snapshot": "dragging"}, {"at": 0.6, "snapshot": "moving"},
                   {"at": 2.0, "snapshot": "rest"}]}) + "\n"


def write_suite(folder, count, shift_first=0):
    for i in range(count):
        sub = os.path.join(folder, "group-%d" % (i % 4))
        os.makedirs(sub, exist_ok=True)
        with open(os.path.join(sub, "s%03d.json" % i), "w") as f:
            f.write(scenario(i, 1 if i < shift_first else 0))


def run(binary, args):
    t0 = time.monotonic()
    p = subprocess.run([binary] + args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    return p.returncode, time.monotonic() - t0, p.stdout, p.stderr


def measure(folder):
    """Bytes on disk (allocated blocks, a hard-linked file once) and regular files."""
    seen, blocks, files, apparent = set(), 0, 0, 0
    for root, dirs, names in os.walk(folder):
        for n in names:
            st = os.lstat(os.path.join(root, n))
            if not os.path.isfile(os.path.join(root, n)) or os.path.islink(os.path.join(root, n)):
                continue
            files += 1
            if (st.st_dev, st.st_ino) in seen:
                continue
            seen.add((st.st_dev, st.st_ino))
            blocks += st.st_blocks * 512
            apparent += st.st_size
    return {"bytes_on_disk": blocks, "bytes": apparent, "files": files}


# After the load event: the load time, then (polled each frame, up to 5 s) when the first card
# shown has its images loaded (a report may render cards after the load event).
TIMER = """<script>
window.addEventListener('load', function(){ setTimeout(function(){
  var n = performance.getEntriesByType('navigation')[0], out = document.createElement('pre');
  out.id = 'load-ms'; out.textContent = String(n.loadEventStart);
  function poll(){ var img = document.querySelector('main .card .side img');
    if ((img && img.complete && img.naturalWidth > 0) || performance.now() > 5000 + n.loadEventStart) {
      out.dataset.firstCard = String(img && img.complete ? performance.now() : -1); document.body.appendChild(out);
    } else requestAnimationFrame(poll); }
  poll(); }, 0); });
</script>"""


def chromium_path(given):
    if given:
        return given
    for name in ("chromium", "chromium-browser", "google-chrome"):
        p = shutil.which(name)
        if p:
            return p
    return None


def load_ms(browser, report, runs=3):
    """Navigation start to the load event of `report` (index.html), read inside the page from a
    copy beside it (same relative links), with Chromium's process wall time; medians."""
    page = open(report, encoding="utf-8").read()
    timed = os.path.join(os.path.dirname(report), ".timed-load.html")
    with open(timed, "w", encoding="utf-8") as f:
        f.write(page.replace("</body>", TIMER + "</body>"))
    profile = tempfile.mkdtemp(prefix="overscroll-chromium-")
    inner, walls, first = [], [], []
    try:
        for _ in range(runs):
            t0 = time.monotonic()
            p = subprocess.run([browser, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                                "--user-data-dir=" + profile, "--window-size=1400,1000", "--dump-dom",
                                "file://" + timed], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
            walls.append((time.monotonic() - t0) * 1000)
            dom = p.stdout
            m = re.search(r'<pre id="load-ms"(?: data-first-card="([^"]*)")?>([^<]*)<', dom)
            if m:
                inner.append(float(m.group(2)))
                if m.group(1) is not None:
                    first.append(float(m.group(1)))
    finally:
        os.unlink(timed)
        shutil.rmtree(profile, ignore_errors=True)
    return {"load_ms": statistics.median(inner) if inner else None, "chromium_wall_ms": statistics.median(walls),
            "first_card_ms": statistics.median(first) if first else None,
            "img_elements": page.count("<img "), "html_bytes": len(page.encode("utf-8"))}


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("overscroll")
    ap.add_argument("workdir")
    ap.add_argument("--scenarios", type=int, default=200)
    ap.add_argument("--failing", type=int, default=180)
    ap.add_argument("--missing", type=int, default=40)
    ap.add_argument("--chromium")
    ap.add_argument("--json")
    ap.add_argument("--skip-failures", action="store_true")
    ap.add_argument("--skip-missing", action="store_true")
    ap.add_argument("--time-report", metavar="INDEX_HTML", help="only time loading this report in Chromium")
    ap.add_argument("extra", nargs="*", help="flags added to every timed `test` (after --)")
    a = ap.parse_args()
    if a.time_report:
        print(json.dumps(load_ms(chromium_path(a.chromium), a.time_report), indent=2))
        return
    binary = os.path.abspath(a.overscroll)
    os.makedirs(a.workdir, exist_ok=True)
    work = os.path.abspath(a.workdir)
    out = {}

    if not a.skip_failures:
        suite, results = os.path.join(work, "suite"), os.path.join(work, "suite-results")
        shutil.rmtree(suite, ignore_errors=True)
        write_suite(suite, a.scenarios)
        print("making the goldens of %d scenarios" % a.scenarios, file=sys.stderr)
        status, _, o, e = run(binary, ["test", suite, "--update=missing", "--artifacts", results])
        if status != 0:
            sys.exit("making goldens failed (%d): %s%s" % (status, o[-2000:], e[-2000:]))
        write_suite(suite, a.scenarios, shift_first=a.failing)
        print("test: %d of %d snapshots fail" % (3 * a.failing, 3 * a.scenarios), file=sys.stderr)
        status, wall, o, e = run(binary, ["test", suite, "--artifacts", results] + a.extra)
        summary = [l for l in o.splitlines() if " snapshots: " in l]
        r = {"status": status, "wall_s": wall, "summary": summary[-1] if summary else e.strip()[-300:]}
        r.update(measure(results))
        browser = chromium_path(a.chromium)
        report = os.path.join(results, "report", "index.html")
        if browser and os.path.exists(report):
            r.update(load_ms(browser, report))
        out["failures"] = r

    if not a.skip_missing:
        first = {}
        for mode, flags in (("missing", []), ("update_missing", ["--update=missing"])):
            suite, results = os.path.join(work, "first-" + mode), os.path.join(work, "first-" + mode + "-results")
            shutil.rmtree(suite, ignore_errors=True)
            write_suite(suite, a.missing)
            print("first run, %s: %d scenarios" % (mode, a.missing), file=sys.stderr)
            extra = a.extra if mode == "missing" else []
            status, wall, o, e = run(binary, ["test", suite, "--artifacts", results] + flags + extra)
            r = {"status": status, "wall_s": wall}
            r.update(measure(results))
            first[mode] = r
        out["first_run"] = first

    if a.json:
        with open(a.json, "w") as f:
            json.dump(out, f, indent=2)
    if "failures" in out:
        r = out["failures"]
        print("%d snapshots, %d failing: exit %d, %.1f s, %.1f MB on disk, %d files, report: %s ms to load, "
              "first card's image at %s ms (chromium %.0f ms), %d <img>, %.1f MB of HTML" % (
                  3 * a.scenarios, 3 * a.failing, r["status"], r["wall_s"], r["bytes_on_disk"] / 1e6, r["files"],
                  "%.0f" % r["load_ms"] if r.get("load_ms") is not None else "?",
                  "%.0f" % r["first_card_ms"] if r.get("first_card_ms") is not None else "?", r.get("chromium_wall_ms", 0),
                  r.get("img_elements", 0), r.get("html_bytes", 0) / 1e6))
        print("  " + r["summary"])
    if "first_run" in out:
        m, u = out["first_run"]["missing"], out["first_run"]["update_missing"]
        print("first run, %d missing: %.1f s, %.1f MB, %d files; --update=missing: %.1f s, %.1f MB, %d files (%.1fx time, %.1fx disk)" % (
            3 * a.missing, m["wall_s"], m["bytes_on_disk"] / 1e6, m["files"], u["wall_s"], u["bytes_on_disk"] / 1e6,
            u["files"], m["wall_s"] / u["wall_s"], m["bytes_on_disk"] / max(1, u["bytes_on_disk"])))


if __name__ == "__main__":
    main()
