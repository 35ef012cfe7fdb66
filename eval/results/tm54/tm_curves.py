#!/usr/bin/env python3
"""tm_curves.py CAPICUA REF_CACHE OUT TEMPLATE VALUE... : every decision's regret per budget.

For each VALUE, runs the spec TEMPLATE with `{}` replaced by VALUE (for example
`ismcts:ms={},model=default`) on the cached decisions of REF_CACHE (written by
cv53/regret.py) and keeps, per decision, its regret against the cached reference, the
search's time, iterations, move and per-move statistics. OUT (JSON) gets the decisions' features (tiles on the table,
legal moves, the hand's size) and those per-value lists; values already in OUT are kept, so
runs add to one file."""
import json, os, sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "cv53"))
from regret import moves_of, regrets_of  # noqa: E402

cap, cache, out, template, values = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5:]
saved = json.load(open(cache))
positions, refs = saved["positions"], saved["replies"]
data = json.load(open(out)) if os.path.exists(out) else {
    "reference": saved["reference"], "records": saved["records"],
    "features": [{"down": sum(m != "pass" for m in p["moves"]), "legal": len(r["moves"]),
                  "hand": len(p["hand"]) - sum(m in p["hand"] for m in
                                               (x.split("@")[0] for x in p["moves"]))}
                 for p, r in zip(positions, refs)],
    "runs": {}}
for v in values:
    spec = template.replace("{}", v)
    got = moves_of(cap, spec, positions)
    data["runs"][spec] = {"regret": regrets_of(refs, got),
                          "time_ms": [g["time_ms"] for g in got],
                          "iterations": [g["iterations"] for g in got],
                          "moves": [g["moves"] for g in got], "move": [g["move"] for g in got]}
    json.dump(data, open(out, "w"))
    r = data["runs"][spec]["regret"]
    print(f"{spec}: regret {sum(r) / len(r):+.4f}, mean time "
          f"{sum(data['runs'][spec]['time_ms']) / len(r):.2f} ms", flush=True)
