#!/usr/bin/env python3
"""merge.py OUTDIR OLD_SOLVED NEW_SOLVED RELABELLED : the fits' label files of session 88's plan.

OLD_SOLVED: session 81's solved labels (trained on by the union fits only); NEW_SOLVED: session
87's decisions with the 20,000-iteration teacher and the solver's values; RELABELLED: some of
those decisions searched again by a stronger teacher (`relabel2.py`). A tenth of NEW_SOLVED's
deals (by a hash of the four hands, so both orientations of a deal go together) are the fresh
set: never trained on. Writes, gzipped, in OUTDIR:
  union20  OLD + NEW outside the fresh deals          (the 20,000 teacher's visits)
  union60  the same decisions, the stronger teacher's visits wherever it labelled them
  s20/s60  only the relabelled decisions outside the fresh deals, with each teacher's visits
  fresh20/fresh60  the relabelled decisions of the fresh deals, with each teacher's visits
The solver's values (`solved`) stay with their moves in every file."""
import copy, gzip, hashlib, json, sys

outdir, old, new, relabelled = sys.argv[1:5]
key = lambda d: (d["first"], json.dumps(d["hands"]), d["at"], json.dumps(d["moves"]))


def fresh(d):
    deal = json.dumps(sorted(sorted(h) for h in d["hands"]))
    return int(hashlib.md5(deal.encode()).hexdigest()[:8], 16) % 10 == 0


def stronger(d, r):
    """`d` with the stronger teacher's reply `r`, the solver's values carried over."""
    solved = {m["move"]: m["solved"] for m in d["reply"]["moves"] if "solved" in m}
    reply = copy.deepcopy(r["reply"])
    for m in reply["moves"]:
        if m["move"] in solved:
            m["solved"] = solved[m["move"]]
    assert {m["move"] for m in reply["moves"]} == {m["move"] for m in d["reply"]["moves"]}
    return dict(d, reply=reply)


relab = {key(r): r for r in map(json.loads, open(relabelled)) if r.get("reply")}
files = {n: gzip.open(f"{outdir}/{n}.jsonl.gz", "wt") for n in
         ("union20", "union60", "s20", "s60", "fresh20", "fresh60")}
count = dict.fromkeys(files, 0)


def put(name, d):
    files[name].write(json.dumps(d) + "\n")
    count[name] += 1


for line in gzip.open(old, "rt"):
    d = json.loads(line)
    put("union20", d)
    put("union60", d)
for line in gzip.open(new, "rt"):
    d = json.loads(line)
    r = relab.get(key(d))
    if fresh(d):
        if r:
            put("fresh20", d)
            put("fresh60", stronger(d, r))
        continue
    put("union20", d)
    put("union60", stronger(d, r) if r else d)
    if r:
        put("s20", d)
        put("s60", stronger(d, r))
for f in files.values():
    f.close()
print(count)
