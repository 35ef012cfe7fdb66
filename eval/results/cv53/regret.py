#!/usr/bin/env python3
"""regret.py CAPICUA RECORDS N REF_SPEC SPEC... : decision quality against a long search.

Takes N decisions with at least two legal moves from the recorded rounds RECORDS (JSON lines of
`capicua eval --record`; one decision a round, at a place drawn with a fixed seed), asks the
engine for the move of REF_SPEC (the reference, a long search) and of each SPEC from the
information set of the seat to move, and prints per SPEC: how often it picks the reference's
move, and its mean regret in points, the reference's margin of its own move less its margin of
the move SPEC picked (both from the reference search's statistics), with a 95% interval over
the decisions, and paired over the first SPEC. Every request is a fresh engine `go` with a
`player` spec (docs/protocol.md), one engine at a time.

With ONLY_PLAYER set, only the decisions of seats the record names as that player count (a
record's `players`: the spec at each seat).

With REF_CACHE set in the environment, the decisions and the reference's replies are read
from that file when it exists, and written to it when it does not, so that later runs with
other SPECs skip the reference search."""
import json, math, os, random, subprocess, sys

def engine(cap, reqs):
    """One engine process, every request sent at once; stdin stays open until each request has
    its reply, because the engine stops a running search when its input ends."""
    p = subprocess.Popen([cap, "engine"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         stderr=subprocess.DEVNULL, text=True)
    p.stdin.write("".join(json.dumps(r) + "\n" for r in reqs))
    p.stdin.flush()
    replies = []
    while len(replies) < len(reqs):
        line = p.stdout.readline()
        if not line:
            raise SystemExit(f"the engine ended after {len(replies)} of {len(reqs)} replies")
        d = json.loads(line)
        if d.get("type") != "info":
            replies.append(d)
    p.stdin.close()
    p.wait()
    return replies


def decisions(cap, records, n):
    """N decisions, one a round, each drawn among the round's prefixes where the seat to move
    (the referee says who) has two or more legal moves."""
    rng = random.Random(53)
    positions = []
    for r in (json.loads(l) for l in open(records)):
        reqs = [{"type": "referee", "id": k, "first": r["first"], "hands": r["hands"],
                 "moves": r["moves"][:k]} for k in range(len(r["moves"]))]
        views = [v for v in engine(cap, reqs) if v.get("type") == "referee"]
        only = os.environ.get("ONLY_PLAYER")
        choices = [v for v in views if len(v["legal"]) >= 2 and v.get("result") is None
                   and (only is None or r["players"][v["to_move"]] == only)]
        if choices:
            v = rng.choice(choices)
            seat = v["to_move"]
            positions.append({"seat": seat, "first": r["first"], "hand": r["hands"][seat],
                              "moves": r["moves"][:v["id"]]})
        if len(positions) == n:
            break
    return positions


def moves_of(cap, spec, positions):
    reqs = [{"type": "go", "id": i, "position": p, "player": spec} for i, p in enumerate(positions)]
    out = {d["id"]: d for d in engine(cap, reqs) if d.get("type") == "bestmove"}
    return [out[i] for i in range(len(positions))]


def interval(xs):
    k = len(xs)
    mean = sum(xs) / k
    sd = math.sqrt(sum((x - mean) ** 2 for x in xs) / (k - 1))
    h = 1.96 * sd / math.sqrt(k)
    return f"{mean:+.3f} [{mean - h:+.3f}, {mean + h:+.3f}]"


def reference(cap, records, n, ref):
    """The decisions and the reference's replies, from REF_CACHE when it exists."""
    cache = os.environ.get("REF_CACHE")
    if cache and os.path.exists(cache):
        saved = json.load(open(cache))
        assert saved["reference"] == ref and saved["records"] == records, "another reference"
        return saved["positions"][:n], saved["replies"][:n]
    positions = decisions(cap, records, n)
    refs = moves_of(cap, ref, positions)
    if cache:
        json.dump({"records": records, "reference": ref, "positions": positions,
                   "replies": refs}, open(cache, "w"))
    return positions, refs


def regrets_of(refs, got):
    """Each decision's regret: the reference's margin of its move less that of the move got."""
    out = []
    for r, g in zip(refs, got):
        margin = {m["move"]: m["margin"] for m in r["moves"]}
        out.append(margin[r["move"]] - margin[g["move"]])
    return out


def main():
    cap, records, n, ref, specs = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4], sys.argv[5:]
    positions, refs = reference(cap, records, n, ref)
    print(f"{len(positions)} decisions from {records}; reference {ref}")
    print("| spec | agrees with the reference | regret, points (95% CI) | paired over the first spec | iterations (mean) |")
    print("|---|---:|---|---|---:|")
    first = None
    for spec in specs:
        got = moves_of(cap, spec, positions)
        agree = sum(g["move"] == r["move"] for r, g in zip(refs, got))
        regrets = regrets_of(refs, got)
        k = len(regrets)
        first = first or regrets
        paired = interval([a - b for a, b in zip(regrets, first)]) if first is not regrets else ""
        its = sum(g["iterations"] for g in got) / k
        print(f"| {spec} | {agree / k:.3f} | {interval(regrets)} | {paired} | {its:,.0f} |")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
