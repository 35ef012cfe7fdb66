#!/usr/bin/env python3
"""prior_analysis.py: where E's regret at 10 ms comes from, on the 1,500 cached decisions.

Splits the decisions of `curves1500-d.json`'s 10 ms run by regret (over 1 point or not) and
prints, for each part, the network's mean prior of the reference's move and of the move
chosen, how often the prior's top move is each, and the reference move's share of the 10 ms
search's visits."""
import json
ref = json.load(open("eval/results/cv53/ref1500-E.json"))
run = json.load(open("eval/results/tm54/curves1500-d.json"))["runs"]["ismcts:ms=10,model=default"]
parts = {"regret > 1 point": [], "regret <= 1 point": []}
for i, rep in enumerate(ref["replies"]):
    mv = {m["move"]: m for m in run["moves"][i]}
    want, got = rep["move"], run["move"][i]
    top = max(mv.values(), key=lambda m: m.get("prior", 0))["move"]
    total = sum(m["visits"] for m in mv.values())
    key = "regret > 1 point" if run["regret"][i] > 1.0 else "regret <= 1 point"
    parts[key].append((mv[want].get("prior", 0), mv[got].get("prior", 0), top == want, top == got,
                       mv[want]["visits"] / total if total else 0, run["regret"][i]))
whole = sum(run["regret"])
for name, rows in parts.items():
    n = len(rows)
    mean = lambda k: sum(r[k] for r in rows) / n
    print(f"{name}: {n} decisions, {sum(r[5] for r in rows) / whole:.0%} of the regret; prior of the "
          f"reference's move {mean(0):.3f}, of the move chosen {mean(1):.3f}; the prior's top is the "
          f"reference's move {mean(2):.0%}, the move chosen {mean(3):.0%}; the reference's move "
          f"holds {mean(4):.0%} of the 10 ms visits")
