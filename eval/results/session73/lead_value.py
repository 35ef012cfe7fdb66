"""What leading a round is worth, from recorded rounds (`capicua eval --record` files).

`next_lead = winner` (cuban's default): the winner of a round leads the next one, so a round's
win is worth, beyond its points, the next round's lead. For each round followed by another of
the same match (the next record of the same pair and orientation, board + 1: one match),
the points the leading side gained minus the other side's, its win rate, and the same split by
whether a searching seat (`ismcts:...`) led. Rounds that end a match are counted to say how
often a next lead exists at all.
"""
import collections
import json
import math
import sys


def mean_ci(xs):
    n = len(xs)
    mu = sum(xs) / n
    sd = math.sqrt(sum((v - mu) ** 2 for v in xs) / (n - 1))
    return mu, 1.96 * sd / math.sqrt(n)


recs = []
for f in sys.argv[1:]:
    for line in open(f):
        d = json.loads(line)
        d["_f"] = f
        recs.append(d)
by = collections.defaultdict(list)
for d in recs:
    by[(d["_f"], d["pair"], d["orientation"])].append(d)
margins, wins, split, last = [], [], {True: [], False: []}, 0
for rs in by.values():
    rs.sort(key=lambda d: d["board"])
    for a, b in zip(rs, rs[1:] + [None]):
        if b is None:  # the match's last round
            last += 1
            continue
        if b["board"] != a["board"] + 1:
            continue
        gained = [b["scores"][i] - a["scores"][i] for i in range(2)]
        lead = a["first"] % 2
        m = gained[lead] - gained[1 - lead]
        margins.append(m)
        wins.append(1.0 if m > 0 else 0.0 if m < 0 else 0.5)
        split[a["players"][a["first"]].startswith("ismcts")].append(m)
mu, ci = mean_ci(margins)
print(f"rounds followed by a round of the same match: {len(margins)}; rounds that ended a match: {last}")
print(f"the leading side's margin: {mu:+.2f} +- {ci:.2f} points; its win rate {sum(wins) / len(wins):.3f}")
for searcher in (True, False):
    mu_s, ci_s = mean_ci(split[searcher])
    who = "a searching seat" if searcher else "a counting seat"
    print(f"  led by {who}: {len(split[searcher])} rounds, {mu_s:+.2f} +- {ci_s:.2f}")
