#!/usr/bin/env python3
"""analyse.py CURVES... : regret by class of decision and budget, from tm_curves.py's files."""
import json, sys, math
from collections import defaultdict
runs, feats = {}, None
for f in sys.argv[1:]:
    d = json.load(open(f))
    feats = feats or d["features"]
    runs.update(d["runs"])
ms = sorted(runs, key=lambda s: int(s.split("ms=")[1].split(",")[0]))
def cls_down(f):
    return min(f["down"] // 5, 5)
def cls_legal(f):
    return min(f["legal"], 5)
for name, cls in (("tiles down//5", cls_down), ("legal moves", cls_legal)):
    groups = defaultdict(list)
    for i, f in enumerate(feats):
        groups[cls(f)].append(i)
    print(f"\nby {name}: n, then mean regret at " + ", ".join(s.split("ms=")[1].split(",")[0] for s in ms))
    for g in sorted(groups):
        idx = groups[g]
        row = [sum(runs[s]["regret"][i] for i in idx) / len(idx) for s in ms]
        print(f"{g:>3} {len(idx):5d} " + " ".join(f"{x:6.3f}" for x in row))
