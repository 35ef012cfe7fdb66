#!/usr/bin/env python3
"""relabel.py CAPICUA IN OUT TEACHER WORKERS N : the first N decisions of a labels file searched again by TEACHER."""
import gzip, json, sys, threading
sys.path.insert(0, "/work/main/eval/results/distil55")
import label
cap, src, dst, teacher, workers, n = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4], int(sys.argv[5]), int(sys.argv[6])
op = gzip.open if src.endswith(".gz") else open
todo = []
with op(src, "rt") as f:
    for line in f:
        d = json.loads(line); d.pop("reply", None); todo.append(d)
        if len(todo) >= n: break
lock = threading.Lock()
with open(dst, "w") as out:
    ts = [threading.Thread(target=label.worker, args=(cap, teacher, todo[w::workers], out, lock)) for w in range(workers)]
    for t in ts: t.start()
    for t in ts: t.join()
print("failures", label.failures)
