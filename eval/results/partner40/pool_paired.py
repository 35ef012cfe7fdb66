#!/usr/bin/env python3
"""pool_paired.py A1 B1 A2 B2 ...: `capicua paired` of each (A, B) pair of board files of the
same seed, pooled over seeds: each seed's difference weighted by its shared boards, its
standard error from its 95% interval, the seeds taken as independent."""
import json, os, subprocess, sys
cap = os.environ.get("CAPICUA", "capicua")
files = sys.argv[1:]
assert files and len(files) % 2 == 0, __doc__
w = d = v = 0.0
for a, b in zip(files[::2], files[1::2]):
    r = json.loads(subprocess.run([cap, "paired", "--json", a, b], check=True,
                                  capture_output=True, text=True).stdout)
    se = (r["difference_ci95"][1] - r["difference_ci95"][0]) / 2 / 1.96
    n = r["boards"]
    print(f"{a} - {b}: {r['difference']:+.2f} over {n} boards")
    w += n; d += n * r["difference"]; v += (n * se) ** 2
m, s = d / w, v ** 0.5 / w
print(f"pooled over {int(w)} boards: {m:+.2f} [{m - 1.96 * s:+.2f}, {m + 1.96 * s:+.2f}]")
