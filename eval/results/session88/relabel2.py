#!/usr/bin/env python3
"""relabel2.py CAPICUA IN OUT TEACHER WORKERS [LIMIT] : every decision of a labels file (or its
first LIMIT) searched again by TEACHER, in the file's order (a shuffled sample, so any prefix is
one); OUT is appended to and decisions already in it are skipped, so a stopped run goes on where
it was."""
import gzip, json, os, sys, threading
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "distil55"))
import label
cap, src, dst, teacher, workers = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4], int(sys.argv[5])
limit = int(sys.argv[6]) if len(sys.argv) > 6 else None
key = lambda d: (d["first"], json.dumps(d["hands"]), d["at"], json.dumps(d["moves"]))
done = set()
if os.path.exists(dst):
    done = {key(json.loads(l)) for l in open(dst) if l.strip()}
op = gzip.open if src.endswith(".gz") else open
todo = []
with op(src, "rt") as f:
    for i, line in enumerate(f):
        if limit is not None and i >= limit: break
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
