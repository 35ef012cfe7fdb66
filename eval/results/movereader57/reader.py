#!/usr/bin/env python3
"""reader.py: does a learner shared across moves generalise the teacher's choices?

Usage: reader.py fit TRAIN_LABELS... -- ; reader.py fresh HIDDEN DECAY TRAIN_LABELS... -- FRESH_LABELS...
Needs numpy (an experiment, not part of the workspace: `python3 -m venv v && v/bin/pip
install numpy`). See plan.md for the rule this reading serves.

logit(move) = w0 * log prior + g(f(move)), g a small network shared by every move, f the
per-move reading below; softmax over the legal moves, cross-entropy against the teacher's
visit shares. `fit` chooses g's settings on a validation split of the training seeds;
`fresh` reads the chosen settings once on the fresh seeds."""
import gzip, json, math, sys, zlib
import numpy as np

TILES = [(i, j) for i in range(10) for j in range(i + 1)]


def opener(f):
    return gzip.open(f, "rt") if f.endswith(".gz") else open(f)


def tile(m):
    t, _, e = m.partition("@")
    a, b = map(int, t.split("-"))
    return a, b, (int(e) if e else None)


def has(t, n):
    return t[0] == n or t[1] == n


class Table:
    """The public record replayed to the decision: ends, who placed each, played tiles,
    voids, hand sizes, and the number each seat last exposed."""

    def __init__(self, d):
        self.ends, self.placer = None, [None, None]
        self.played, self.voids = set(), [set() for _ in range(4)]
        self.sizes = [len(h) for h in d["hands"]]
        self.exposed = [None] * 4
        s = d["first"]
        for m in d["moves"][: d["at"]]:
            if m == "pass":
                if self.ends:
                    self.voids[s] |= set(self.ends)
            else:
                a, b, e = tile(m)
                i, x = self.side(a, b, e)
                if self.ends is None:
                    self.ends, self.placer = [a, b], [s, s]
                else:
                    self.ends[i], self.placer[i] = x, s
                self.exposed[s] = x if x is not None else max(a, b)
                self.played.add((max(a, b), min(a, b)))
                self.sizes[s] -= 1
            s = (s + 1) % 4

    def side(self, a, b, e):
        """(index of the end covered, number exposed) for tile a-b on the end showing e."""
        if self.ends is None:
            return None, None
        if e is None:
            e = self.ends[0] if self.ends[0] in (a, b) else self.ends[1]
        i = 0 if self.ends[0] == e else 1
        return i, (b if a == e else a)


def reading(d, t, move_text):
    seat = d["seat"]
    nxt, partner, prev = (seat + 1) % 4, (seat + 2) % 4, (seat + 3) % 4
    hand = {(max(a, b), min(a, b)) for a, b in (map(int, u.split("-")) for u in d["hands"][seat])}
    a, b, e = tile(move_text)
    me = (max(a, b), min(a, b))
    mine = hand - t.played - {me}
    unseen = [u for u in TILES if u not in hand and u not in t.played]
    lead = t.ends is None
    if lead:
        x = max((a, b), key=lambda p: sum(has(u, p) for u in mine))
        y = b if x == a else a
        c, covered_by, other_by = None, None, None
    else:
        i, x = t.side(a, b, e)
        c = t.ends[i]
        y = t.ends[1 - i]
        covered_by, other_by = t.placer[i], t.placer[1 - i]
    f = []
    f += [(a + b) / 18, float(a == b), float(lead), float(x == y)]
    cnt = lambda tiles, n: sum(has(u, n) for u in tiles) / 10
    f += [cnt(mine, x), cnt(mine, y), sum(has(u, x) or has(u, y) for u in mine) / 10]
    f += [cnt(unseen, x), cnt(unseen, y), cnt(t.played, x), cnt(t.played, y)]
    f += [float(cnt(unseen, x) == 0), float(cnt(unseen, x) == 0 and cnt(mine, x) > 0)]
    f += [float(cnt(unseen, x) + cnt(mine, x) == 0 and cnt(unseen, y) + cnt(mine, y) == 0)]
    for s in (nxt, partner, prev):
        v = t.voids[s]
        f += [float(x in v), float(y in v), float(x in v and y in v), t.sizes[s] / 10]
    for who in (covered_by, other_by):
        f += [float(who == seat), float(who == partner), float(who in (nxt, prev))]
    if c is None:
        f += [0.0, 0.0, 0.0]
    else:
        f += [cnt(mine, c), cnt(unseen, c), float(t.exposed[partner] == c)]
    f += [float(t.exposed[partner] == x), float(t.exposed[nxt] == x), float(t.exposed[prev] == x)]
    f += [sum(u[0] + u[1] for u in mine) / 100, len(mine) / 10, sum(u[0] == u[1] for u in mine) / 5]
    f += [float((x, x) in mine), float((x, x) in unseen), float((y, y) in mine), float((y, y) in unseen)]
    f += [len(t.played) / 40]
    return f


NF = None


def load(files):
    """Decisions as padded arrays: X [D, M, F], log prior [D, M], target shares [D, M],
    mask [D, M], the teacher's most visited move [D], and a split hash of the deal [D]."""
    rows = []
    for f in files:
        for l in opener(f):
            d = json.loads(l)
            ms = d["reply"]["moves"]
            if len(ms) < 2:
                continue
            t = Table(d)
            F = [reading(d, t, m["move"]) for m in ms]
            v = np.array([m["visits"] for m in ms], float)
            lp = [math.log(max(m["prior"], 1e-6)) for m in ms]
            key = zlib.crc32(json.dumps(d["hands"]).encode()) % 5
            rows.append((F, lp, v / v.sum(), int(v.argmax()), key))
    D, M = len(rows), max(len(r[0]) for r in rows)
    nf = len(rows[0][0][0])
    X = np.zeros((D, M, nf)); P = np.zeros((D, M)); T = np.zeros((D, M)); K = np.zeros((D, M))
    ch = np.zeros(D, int); key = np.zeros(D, int)
    for k, (F, lp, sh, c, h) in enumerate(rows):
        n = len(F)
        X[k, :n] = F; P[k, :n] = lp; T[k, :n] = sh; K[k, :n] = 1; ch[k] = c; key[k] = h
    return X, P, T, K, ch, key


class Model:
    def __init__(self, nf, hidden, rng):
        self.h = hidden
        self.p = {"w0": np.array([1.0]), "b": np.zeros(1)}
        if hidden:
            self.p["W1"] = rng.normal(0, 1 / math.sqrt(nf), (nf, hidden))
            self.p["b1"] = np.zeros(hidden)
            self.p["w2"] = np.zeros(hidden)
        self.p["lin"] = np.zeros(nf)

    def forward(self, X, P):
        p = self.p
        s = p["w0"][0] * P + X @ p["lin"]
        cache = None
        if self.h:
            z = X @ p["W1"] + p["b1"]
            a = np.maximum(z, 0)
            s = s + a @ p["w2"]
            cache = (z, a)
        return s, cache

    def loss_grad(self, X, P, T, K, decay):
        p = self.p
        s, cache = self.forward(X, P)
        s = np.where(K > 0, s, -1e9)
        s = s - s.max(1, keepdims=True)
        e = np.exp(s) * K
        q = e / e.sum(1, keepdims=True)
        n = len(X)
        loss = -(T * np.log(np.maximum(q, 1e-12))).sum() / n
        ds = (q - T) * K / n
        g = {"w0": np.array([(ds * P).sum()]), "b": np.zeros(1),
             "lin": np.einsum("dm,dmf->f", ds, X)}
        if self.h:
            z, a = cache
            g["w2"] = np.einsum("dm,dmh->h", ds, a) + decay * p["w2"]
            da = ds[..., None] * p["w2"] * (z > 0)
            g["W1"] = np.einsum("dmf,dmh->fh", X, da) + decay * p["W1"]
            g["b1"] = da.sum((0, 1))
        return loss, g

    def top1(self, X, P, K, ch):
        s, _ = self.forward(X, P)
        s = np.where(K > 0, s, -1e9)
        return float((s.argmax(1) == ch).mean())


def train(data, hidden, decay, epochs=30, seed=1, lr=3e-3):
    X, P, T, K, ch, _ = data
    rng = np.random.default_rng(seed)
    m = Model(X.shape[2], hidden, rng)
    mom = {k: np.zeros_like(v) for k, v in m.p.items()}
    vel = {k: np.zeros_like(v) for k, v in m.p.items()}
    step = 0
    for _ in range(epochs):
        order = rng.permutation(len(X))
        for i in range(0, len(X), 256):
            idx = order[i:i + 256]
            _, g = m.loss_grad(X[idx], P[idx], T[idx], K[idx], decay)
            step += 1
            for k in m.p:
                mom[k] = 0.9 * mom[k] + 0.1 * g[k]
                vel[k] = 0.999 * vel[k] + 0.001 * g[k] ** 2
                mh, vh = mom[k] / (1 - 0.9 ** step), vel[k] / (1 - 0.999 ** step)
                m.p[k] -= lr * mh / (np.sqrt(vh) + 1e-8)
    return m


def sub(data, rows):
    return tuple(a[rows] for a in data)


SETTINGS = [(0, 0.0), (32, 1e-4), (32, 1e-3), (64, 1e-3)]


def main():
    mode = sys.argv[1]
    i = sys.argv.index("--")
    first = 2 if mode == "fit" else 4
    tr = load(sys.argv[first:i])
    prior_top = lambda d: float((np.where(d[3] > 0, d[1], -1e9).argmax(1) == d[4]).mean())
    if mode == "fit":
        val = tr[5] == 0
        a, b = sub(tr, ~val), sub(tr, val)
        print(f"{len(a[0])} fitting decisions, {len(b[0])} validation (deals hashed 0 of 5), {tr[0].shape[2]} features")
        print(f"prior top-1: fitting {prior_top(a):.4f}, validation {prior_top(b):.4f}")
        for h, dec in SETTINGS:
            m = train(a, h, dec)
            print(f"hidden {h:3d} decay {dec:g}: top-1 fitting {m.top1(a[0], a[1], a[3], a[4]):.4f}, "
                  f"validation {m.top1(b[0], b[1], b[3], b[4]):.4f}, "
                  f"validation loss {m.loss_grad(b[0], b[1], b[2], b[3], 0)[0]:.4f}", flush=True)
    else:
        h, dec = int(sys.argv[2]), float(sys.argv[3])
        fr = load(sys.argv[i + 1:])
        print(f"{len(tr[0])} training decisions, {len(fr[0])} fresh")
        print(f"prior top-1: training {prior_top(tr):.4f}, fresh {prior_top(fr):.4f}")
        for hh, dd in ((0, 0.0), (h, dec)):
            m = train(tr, hh, dd)
            print(f"hidden {hh} decay {dd:g}: top-1 training {m.top1(tr[0], tr[1], tr[3], tr[4]):.4f}, "
                  f"fresh {m.top1(fr[0], fr[1], fr[3], fr[4]):.4f}, fresh loss "
                  f"{m.loss_grad(fr[0], fr[1], fr[2], fr[3], 0)[0]:.4f}", flush=True)


if __name__ == "__main__":
    main()
