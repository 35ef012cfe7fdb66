import gzip, json, sys
"""cmp.py FIRST SECOND : how often two teachers' labels of the same decisions share a top move (FIRST: its first 5,000 lines), the
move the agent played, the root prior's top; the regret of FIRST's choice by SECOND's margins."""
op = lambda p: gzip.open(p, "rt") if p.endswith(".gz") else open(p)
def key(d): return (d["first"], json.dumps(d["hands"]), d["at"], json.dumps(d["moves"]))
old = {}
with op(sys.argv[1]) as f:
    for i, line in enumerate(f):
        d = json.loads(line); old[key(d)] = d
        if i > 5000: break
new = [json.loads(l) for l in op(sys.argv[2])]
def top(r): return max(r["moves"], key=lambda m: m["visits"])["move"]
def share(r): 
    v = [m["visits"] for m in r["moves"]]; return max(v)/sum(v)
n = agree = playedo = playedn = priorn = prioro = 0
regret = 0.0; hard = hardagree = 0
for d in new:
    if key(d) not in old: continue
    o = old[key(d)]
    a, b = top(o["reply"]), top(d["reply"])
    played = d["moves"][d["at"]]
    n += 1; agree += a == b; playedo += played == a; playedn += played == b
    pt = max(o["reply"]["moves"], key=lambda m: m.get("prior") or 0)["move"]
    priorn += pt == b; prioro += pt == a
    # regret in margin points of the 20k choice, judged by the 200k search's margins
    mm = {m["move"]: m["margin"] for m in d["reply"]["moves"] if m["margin"] is not None}
    if a in mm: regret += max(mm.values()) - mm[a]
    if share(o["reply"]) < 0.6:
        hard += 1; hardagree += a == b
print(f"n {n} top1(first,second) {agree/n:.3f}  played==first {playedo/n:.3f} played==second {playedn/n:.3f} prior==first {prioro/n:.3f} prior==second {priorn/n:.3f} regret of first (by second margins) {regret/n:.3f}  hard(share<.6) {hard} agree {hardagree/max(hard,1):.3f}")
