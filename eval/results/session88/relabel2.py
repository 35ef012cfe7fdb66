#!/usr/bin/env python3
"""relabel2.py CAPICUA IN OUT TEACHER WORKERS : every decision of a labels file searched again by
TEACHER, in the file's order (a shuffled sample, so any prefix is one); OUT is appended to and
decisions already in it are skipped, so a stopped run goes on where it was."""
import gzip, json, os, sys, threading
sys.path.insert(0, "/work/main/eval/results/distil55")
import label
cap, src, dst, teacher, workers = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4], int(sys.argv[5])
key = lambda d: (d["first"], json.dumps(d["hands"]), d["at"], json.dumps(d["moves"]))
done = set()
if os.path.exists(dst):
    done = {key(json.loads(l)) for l in open(dst) if l.strip()}
op = gzip.open if src.endswith(".gz") else open
todo = []
with op(src, "rt") as f:
    for line in f:
        d = json.loads(line)
        if key(d) in done: continue
        todo.append({k: d[k] for k in ("variant", "first", "hands", "moves", "pending_ties", "at", "seat")})
print(f"{len(todo)} to label ({len(done)} done); teacher {teacher}", flush=True)
lock = threading.Lock()
with open(dst, "a") as out:
    ts = [threading.Thread(target=label.worker, args=(cap, teacher, todo[w::workers], out, lock)) for w in range(workers)]
    for t in ts: t.start()
    for t in ts: t.join()
print("failures", label.failures, flush=True)
