#!/usr/bin/env python3
"""How often the labelled long search's top move is the exact solver's best on the true deal,
by moves played before the decision (passes included), and its mean loss to that best in
points. Usage: python3 solved_stats.py SOLVED.jsonl.gz (written by `capicua solve-labels`)."""
import collections, gzip, json, sys

agree, total, gap = collections.Counter(), collections.Counter(), []
for line in gzip.open(sys.argv[1], "rt"):
    label = json.loads(line)
    moves = label["reply"]["moves"]
    if "solved" not in moves[0]:
        continue
    phase = min(label["at"] // 10, 3)
    top = max(moves, key=lambda m: m["visits"])
    best = max(m["solved"] for m in moves)
    total[phase] += 1
    agree[phase] += top["solved"] == best
    gap.append(best - top["solved"])
for p in sorted(total):
    print(f"moves {p * 10}{'+' if p == 3 else '-' + str(p * 10 + 9)}: {total[p]} decisions, "
          f"the search's top move is the solver's best on {agree[p] / total[p]:.3f}")
print(f"mean loss of the search's top move to the solver's best: {sum(gap) / len(gap):.2f} points")
