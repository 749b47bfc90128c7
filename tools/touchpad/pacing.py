#!/usr/bin/env python3
"""Frame pacing of one fling (check-pacing.sh): reads the app's WAYLAND_DEBUG=client log and its
--trace, prints the wl_surface.commit intervals of the app's own buffers in the 2 s after the
swipe's axis_stop, whether they are one per refresh, and whether each traced frame's offset step
equals its velocity times its time step (the time steps beside the commit intervals and, where the
compositor answers wp_presentation, the presented intervals). Exit 0 pass, 1 fail, 2 no data.

usage: pacing.py APP_STDERR TRACE_JSONL REFRESH_HZ
"""
import json
import re
import statistics
import sys

log_path, trace_path, hz = sys.argv[1], sys.argv[2], float(sys.argv[3])
period = 1000.0 / hz
STAMP = re.compile(r"^\[\s*(\d+\.\d+)\]")


def pct(xs, q):
    s = sorted(xs)
    return s[min(len(s) - 1, max(0, round(q * (len(s) - 1))))]


def summary(xs):
    return (f"n {len(xs)}, median {statistics.median(xs):.2f}, p5 {pct(xs, 0.05):.2f}, p95 {pct(xs, 0.95):.2f}, "
            f"min {min(xs):.2f}, max {max(xs):.2f} ms")


big_buffers, surface, commits, stop_at, presented = set(), None, [], None, []
for line in open(log_path, errors="replace"):
    m = STAMP.match(line)
    if not m:
        continue
    t = float(m.group(1))
    b = re.search(r"create_buffer\(new id wl_buffer[@#](\d+), \d+, (\d+), (\d+),", line)
    if b and int(b.group(2)) >= 300:
        big_buffers.add(b.group(1))
    a = re.search(r"-> wl_surface[@#](\d+)\.attach\(wl_buffer[@#](\d+)", line)
    if a and a.group(2) in big_buffers:
        surface = a.group(1)
    if surface and re.search(rf"-> wl_surface[@#]{surface}\.commit\(\)", line):
        commits.append(t)
    if stop_at is None and re.search(r"wl_pointer[@#]\d+\.axis_stop\(", line) and "->" not in line:
        stop_at = t
    p = re.search(r"wp_presentation_feedback[@#]\d+\.presented\((\d+), (\d+), (\d+), (\d+),", line)
    if p and "->" not in line:
        hi, lo, ns, refresh = map(int, p.groups())
        presented.append((t, ((hi << 32) | lo) * 1000.0 + ns / 1e6, refresh / 1e6))

if stop_at is None or len(commits) < 3:
    print(f"pacing: no data (axis_stop seen: {stop_at is not None}, commits of the app's surface: {len(commits)})")
    sys.exit(2)
window = [t for t in commits if stop_at <= t <= stop_at + 2000]
intervals = [b - a for a, b in zip(window, window[1:])]
if len(intervals) < 10:
    print(f"pacing: only {len(window)} commits in the 2 s after the axis_stop")
    sys.exit(2)
over = sum(1 for d in intervals if d > 1.5 * period)
under = sum(1 for d in intervals if d < 0.5 * period)
print(f"commit intervals in the 2 s after axis_stop ({hz:g} Hz, period {period:.2f} ms): {summary(intervals)}")
print(f"  over 1.5 periods: {over}; under 0.5 periods: {under}")
shown = [s for (t, s, _) in presented if stop_at <= t <= stop_at + 2100]
if len(shown) > 2:
    pi = [b - a for a, b in zip(shown, shown[1:])]
    refresh = {round(r, 3) for (_, _, r) in presented}
    print(f"wp_presentation presented intervals: {summary(pi)}; refresh said: {sorted(refresh)} ms")
else:
    print(f"wp_presentation: {len(presented)} presented events (the compositor does not answer feedback)")

# The trace: frames of the fling (decelerating, or bouncing after it) in the same 2 s.
frames = [json.loads(l) for l in open(trace_path) if l.strip()]
fling = [f for f in frames if f.get("phase") in ("decelerating", "bouncing")]
steps, dts = [], []
if fling:
    start = fling[0]["t"]
    fling = [f for f in fling if f["t"] <= start + 2.0]
    for a, b in zip(fling, fling[1:]):
        dt = b["t"] - a["t"]
        if dt <= 0 or a["phase"] != "decelerating" or b["phase"] != "decelerating":
            continue
        expected = abs(a["velocity"] + b["velocity"]) / 2 * dt
        moved = abs(b["offset"] - a["offset"])
        if abs(expected) > 0.5:
            steps.append(moved / expected)
        dts.append(dt * 1000)
if dts:
    print(f"traced time steps while decelerating: {summary(dts)}")
    if steps:
        worst = max(abs(r - 1) for r in steps)
        print(f"offset step / (velocity x time step): median {statistics.median(steps):.3f}, "
              f"within 5 %: {sum(1 for r in steps if abs(r - 1) <= 0.05)} of {len(steps)}, worst {worst:.3f} off")
ok = over == 0 and under == 0
print(f"VERDICT: {'PASS' if ok else 'FAIL'}: {len(intervals)} intervals, {over} over 1.5 periods, {under} under 0.5")
sys.exit(0 if ok else 1)
