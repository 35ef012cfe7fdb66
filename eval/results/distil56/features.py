#!/usr/bin/env python3
"""features.py TRAIN_LABELS... -- FRESH_LABELS...: does a hand-made reading of each move
generalise where the distilled prior does not? A conditional logit of the teacher's move (most
visits) on the log of the shipped prior and a few per-move features, fitted on TRAIN, scored by
how often its top move is the teacher's on FRESH (labels of other seeds), against the prior's."""
import json, math, sys

NAMES = ["log prior", "pips/18", "double", "my tiles fitting the new ends/10",
         "my tiles with the exposed pip/10", "unseen tiles with the exposed pip/10",
         "next seat void in both new ends", "partner void in both new ends", "both ends equal"]


def tile(m):
    t, _, e = m.partition("@")
    a, b = map(int, t.split("-"))
    return a, b, (int(e) if e else None)


def place(ends, a, b, e):
    """The open ends after tile a-b joins the end showing e (None: the one that fits)."""
    if ends is None:
        return [a, b], None
    if e is None:
        e = ends[0] if ends[0] in (a, b) else ends[1]
    i = 0 if ends[0] == e else 1
    new = list(ends)
    x = b if a == e else a
    new[i] = x
    return new, x


def features(d, move_text, prior):
    seat, first, at = d["seat"], d["first"], d["at"]
    hand = {tuple(sorted(map(int, t.split("-")))) for t in d["hands"][seat]}
    ends, played, voids = None, set(), [set() for _ in range(4)]
    s = first
    for m in d["moves"][:at]:
        if m == "pass":
            if ends:
                voids[s] |= set(ends)
        else:
            a, b, e = tile(m)
            ends, _ = place(ends, a, b, e)
            played.add(tuple(sorted((a, b))))
        s = (s + 1) % 4
    a, b, e = tile(move_text)
    t = tuple(sorted((a, b)))
    new, x = place(ends, a, b, e)
    mine = hand - played - {t}
    if x is None:  # the lead: both pips are exposed; read the larger count
        x = max((a, b), key=lambda p: sum(p in u for u in mine))
    unseen = [u for u in ((i, j) for i in range(10) for j in range(i + 1))
              if u not in hand and u not in played and u != t]
    nxt, partner = (seat + 1) % 4, (seat + 2) % 4
    return [math.log(max(prior, 1e-6)), (a + b) / 18, float(a == b),
            sum(new[0] in u or new[1] in u for u in mine) / 10,
            sum(x in u for u in mine) / 10,
            sum(x in u for u in unseen) / 10,
            float(set(new) <= voids[nxt]), float(set(new) <= voids[partner]),
            float(new[0] == new[1])]


def load(files):
    out = []
    for f in files:
        for l in open(f):
            d = json.loads(l)
            ms = d["reply"]["moves"]
            F = [features(d, m["move"], m["prior"]) for m in ms]
            ch = max(range(len(ms)), key=lambda i: ms[i]["visits"])
            out.append((F, ch))
    return out


def solve(H, g):
    n = len(g)
    A = [row[:] + [g[i]] for i, row in enumerate(H)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(A[r][c]))
        A[c], A[p] = A[p], A[c]
        for r in range(n):
            if r != c:
                f = A[r][c] / A[c][c]
                A[r] = [x - f * y for x, y in zip(A[r], A[c])]
    return [A[i][n] / A[i][i] for i in range(n)]


def fit(data, k):
    w = [0.0] * k
    for _ in range(25):
        g = [0.0] * k
        H = [[0.0] * k for _ in range(k)]
        ll = 0.0
        for F, ch in data:
            s = [sum(wi * zi for wi, zi in zip(w, z)) for z in F]
            m = max(s)
            p = [math.exp(x - m) for x in s]
            S = sum(p)
            p = [x / S for x in p]
            ll += math.log(p[ch])
            mu = [sum(p[j] * F[j][i] for j in range(len(F))) for i in range(k)]
            for i in range(k):
                g[i] += F[ch][i] - mu[i]
                for j in range(i, k):
                    h = sum(p[q] * F[q][i] * F[q][j] for q in range(len(F))) - mu[i] * mu[j]
                    H[i][j] -= h
        for i in range(k):
            for j in range(i):
                H[i][j] = H[j][i]
        step = solve(H, g)
        w = [a - b for a, b in zip(w, step)]
        if max(abs(x) for x in step) < 1e-6:
            break
    return w, ll


def top1(data, w):
    hit = 0
    for F, ch in data:
        s = [sum(wi * zi for wi, zi in zip(w, z)) for z in F]
        hit += max(range(len(s)), key=lambda i: s[i]) == ch
    return hit / len(data)


def main():
    i = sys.argv.index("--")
    train, fresh = load(sys.argv[1:i]), load(sys.argv[i + 1:])
    prior_only = [1.0] + [0.0] * (len(NAMES) - 1)
    w, ll = fit(train, len(NAMES))
    print(f"{len(train)} training decisions, {len(fresh)} fresh")
    for n, x in zip(NAMES, w):
        print(f"  {n:40s} {x:+.3f}")
    print(f"log-likelihood on training {ll:.1f}")
    print(f"top move the teacher's, training: prior {top1(train, prior_only):.4f}, model {top1(train, w):.4f}")
    print(f"top move the teacher's, fresh:    prior {top1(fresh, prior_only):.4f}, model {top1(fresh, w):.4f}")


if __name__ == "__main__":
    main()
