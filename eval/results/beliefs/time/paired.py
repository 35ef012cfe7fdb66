#!/usr/bin/env python3
"""Per-deal margins of duplicate runs recorded with `capicua eval --record`, scored by the
engine's own referee (docs/protocol.md), and the paired difference of two runs on the same
deals. usage: paired.py CAPICUA A.jsonl [B.jsonl]"""
import json, math, subprocess, sys

def margins(capicua, path):
    recs = [json.loads(l) for l in open(path)]
    reqs = []
    for r in recs:
        q = {k: r[k] for k in ("variant", "first", "hands", "moves", "pending_ties")}
        q["scores"] = [0, 0]  # the points of a round do not depend on the match score
        q["type"] = "referee"
        reqs.append(json.dumps(q))
    out = subprocess.run([capicua, "engine"], input="\n".join(reqs) + "\n",
                         capture_output=True, text=True, check=True).stdout.splitlines()
    replies = [json.loads(l) for l in out if l.strip()]
    replies = [x for x in replies if x.get("type") == "referee"]
    assert len(replies) == len(recs), (len(replies), len(recs))
    per_deal = {}
    for r, x in zip(recs, replies):
        res = x["result"]
        assert res is not None, "round not finished"
        a_side = r["orientation"]  # orientation 0: team A at side 0
        w = res["winner"]
        m = 0 if w is None else (res["points"] if w == a_side else -res["points"])
        per_deal.setdefault((r["pair"], r["board"]), []).append(m)
    assert all(len(v) == 2 for v in per_deal.values())
    return {k: sum(v) / 2 for k, v in per_deal.items()}

def summary(xs):
    n = len(xs); mu = sum(xs) / n
    sd = math.sqrt(sum((x - mu) ** 2 for x in xs) / (n - 1))
    h = 1.96 * sd / math.sqrt(n)
    return mu, mu - h, mu + h, n

cap = sys.argv[1]
a = margins(cap, sys.argv[2])
mu, lo, hi, n = summary(list(a.values()))
print(f"{sys.argv[2]}: {2*n} rounds, A margin/round {mu:+.2f} [{lo:+.2f}, {hi:+.2f}]")
if len(sys.argv) > 3:
    b = margins(cap, sys.argv[3])
    mu, lo, hi, n = summary(list(b.values()))
    print(f"{sys.argv[3]}: {2*n} rounds, A margin/round {mu:+.2f} [{lo:+.2f}, {hi:+.2f}]")
    ma, la, ha, na = summary(list(a.values())); mb, lb, hb, nb = summary(list(b.values()))
    h = math.hypot((ha - la) / 2, (hb - lb) / 2)
    print(f"difference of the means (first - second): {ma - mb:+.2f} [{ma - mb - h:+.2f}, {ma - mb + h:+.2f}]")
    common = sorted(set(a) & set(b))
    mu, lo, hi, n = summary([a[k] - b[k] for k in common])
    print(f"paired difference (first - second) over the {n} boards both played: {mu:+.2f} [{lo:+.2f}, {hi:+.2f}]")
