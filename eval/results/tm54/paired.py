#!/usr/bin/env python3
"""paired.py FILE BASE SPEC... : each SPEC's regret less BASE's, paired by decision, with a 95%
interval, and each one's mean time, from tm_curves.py's FILE."""
import json, math, sys
d = json.load(open(sys.argv[1]))
base = d["runs"][sys.argv[2]]
for spec in sys.argv[3:]:
    r = d["runs"][spec]
    x = [q - p for p, q in zip(base["regret"], r["regret"])]
    m = sum(x) / len(x)
    h = 1.96 * math.sqrt(sum((v - m) ** 2 for v in x) / (len(x) - 1)) / math.sqrt(len(x))
    t = sum(r["time_ms"]) / len(x)
    print(f"{spec}: {m:+.4f} [{m - h:+.4f}, {m + h:+.4f}] over {sys.argv[2]}, mean time {t:.2f} ms")
