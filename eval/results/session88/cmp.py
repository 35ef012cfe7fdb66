import gzip, json, sys
def key(d): return (d["first"], json.dumps(d["hands"]), d["at"], json.dumps(d["moves"]))
old = {}
with gzip.open(sys.argv[1], "rt") as f:
    for i, line in enumerate(f):
        d = json.loads(line); old[key(d)] = d
        if i > 5000: break
new = [json.loads(l) for l in open(sys.argv[2])]
def top(r): return max(r["moves"], key=lambda m: m["visits"])["move"]
def share(r): 
    v = [m["visits"] for m in r["moves"]]; return max(v)/sum(v)
n = agree = playedo = playedn = priorn = prioro = 0
regret = 0.0; hard = hardagree = 0
for d in new:
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
print(f"n {n} top1(20k,200k) {agree/n:.3f}  played==20k {playedo/n:.3f} played==200k {playedn/n:.3f} prior==20k {prioro/n:.3f} prior==200k {priorn/n:.3f} regret20k(by200k margins) {regret/n:.3f}  hard(share<.6) {hard} agree {hardagree/max(hard,1):.3f}")
