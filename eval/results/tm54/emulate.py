#!/usr/bin/env python3
"""emulate.py CURVES... : an early stop, emulated on tm_curves.py's runs of every decision.

Rule: search CHECK ms; if the chosen move holds at least THETA of the root visits, play it
(cost CHECK ms); else play the move of the run at MAX ms (cost MAX ms, as if the search went
on). Prints, per rule, the mean cost and regret, beside the flat runs'."""
import json, sys
runs, feats = {}, None
for f in sys.argv[1:]:
    d = json.load(open(f))
    feats = feats or d["features"]
    for k, v in d["runs"].items():
        runs.setdefault(k, v)
ms = lambda s: int(s.split("ms=")[1].split(",")[0])
by = {ms(s): runs[s] for s in runs}
n = len(feats)
def share(run, i):
    mv = run["moves"][i]
    tot = sum(m["visits"] for m in mv)
    best = [m for m in mv if m["move"] == run["move"][i]][0]
    return best["visits"] / tot if tot else 1.0
rows = []
for check in sorted(by):
    if "moves" not in by[check]:
        continue
    sh = [share(by[check], i) for i in range(n)]
    for mx in sorted(k for k in by if k > check):
        for theta in (0.5, 0.6, 0.7, 0.8, 0.9, 0.95):
            cost = reg = 0.0
            for i in range(n):
                if sh[i] >= theta:
                    cost += check; reg += by[check]["regret"][i]
                else:
                    cost += mx; reg += by[mx]["regret"][i]
            rows.append((cost / n, reg / n, check, mx, theta))
print("flat:", ", ".join(f"{k} ms {sum(v['regret'])/n:.4f}" for k, v in sorted(by.items())))
print("rules with mean cost 8-12 ms, best first:")
for c, r, check, mx, th in sorted([r for r in rows if 8 <= r[0] <= 12], key=lambda r: r[1])[:15]:
    print(f"  check {check} ms, max {mx} ms, theta {th}: cost {c:.2f} ms, regret {r:.4f}")
print("rules with mean cost 45-55 ms, best first:")
for c, r, check, mx, th in sorted([r for r in rows if 45 <= r[0] <= 55], key=lambda r: r[1])[:15]:
    print(f"  check {check} ms, max {mx} ms, theta {th}: cost {c:.2f} ms, regret {r:.4f}")
