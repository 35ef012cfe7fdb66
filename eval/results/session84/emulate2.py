#!/usr/bin/env python3
"""An early stop with two looks, emulated on session 54's runs of 1,500 decisions of the
default of then (E) at 15 budgets from 2 to 150 ms (eval/results/tm54/curves1500-*.json; the
runs at 2, 3, 4, 6, 10, 25 and 30 ms keep their root statistics).

Rule: look at C1 ms; if the most visited move holds at least T1 of the root's visits, play the
C1 run's move (cost C1); else look at C2 ms with T2; else play the MAX ms run's move (cost MAX).
Each budget's run is its own search, so this is an emulation, and the best rules are chosen on
the same decisions they are scored on: optimistic until played.

  python3 eval/results/session84/emulate2.py
"""
import json, os

here = os.path.dirname(os.path.abspath(__file__))
tm54 = os.path.join(here, "..", "tm54")
runs, feats = {}, None
for f in ["curves1500-c.json", "curves1500-d.json", "curves1500-a.json", "curves1500-b.json"]:
    d = json.load(open(os.path.join(tm54, f)))
    feats = feats or d["features"]
    for k, v in d["runs"].items():
        runs.setdefault(k, v)
by = {int(s.split("ms=")[1].split(",")[0]): runs[s] for s in runs}
n = len(feats)


def share(run, i):
    mv = run["moves"][i]
    tot = sum(m["visits"] for m in mv)
    best = [m for m in mv if m["move"] == run["move"][i]][0]
    return best["visits"] / tot if tot else 1.0


sh = {k: [share(by[k], i) for i in range(n)] for k in by if "moves" in by[k]}
print(f"{n} decisions; flat regret a decision:",
      ", ".join(f"{k} ms {sum(v['regret']) / n:.4f}" for k, v in sorted(by.items())))


def score(looks, mx):
    cost = reg = 0.0
    for i in range(n):
        for c, t in looks:
            if sh[c][i] >= t:
                cost += c
                reg += by[c]["regret"][i]
                break
        else:
            cost += mx
            reg += by[mx]["regret"][i]
    return cost / n, reg / n


rows = []
for c1 in sorted(sh):
    for mx in (k for k in by if k > c1):
        for t1 in (0.5, 0.6, 0.7, 0.8, 0.9):
            rows.append((*score([(c1, t1)], mx), f"one look: {c1} ms at {t1}, at most {mx} ms"))
        for c2 in (c for c in sorted(sh) if c1 < c < mx):
            for t1 in (0.6, 0.7, 0.8, 0.9):
                for t2 in (0.5, 0.6, 0.7, 0.8):
                    rows.append((*score([(c1, t1), (c2, t2)], mx),
                                 f"two looks: {c1} ms at {t1}, {c2} ms at {t2}, at most {mx} ms"))
print(f"{len(rows)} rules; those costing 9-10.5 ms a decision, least regret first:")
for cost, reg, name in sorted((r for r in rows if 9 <= r[0] <= 10.5), key=lambda r: r[1])[:12]:
    print(f"  {cost:5.2f} ms  {reg:.4f}  {name}")
for name in ("one look: 3 ms at 0.7, at most 20 ms", "one look: 3 ms at 0.7, at most 25 ms"):
    for r in rows:
        if r[2] == name:
            print(f"  {r[0]:5.2f} ms  {r[1]:.4f}  {name} (session 84's ES19 is about the first)")
