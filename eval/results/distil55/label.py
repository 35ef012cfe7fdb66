#!/usr/bin/env python3
"""label.py CAPICUA OUT TEACHER WORKERS RECORDS... : a long search's choice at every decision
the agent made in recorded rounds, the targets of a distilled policy (`capicua distil`).

Every decision with two or more legal moves of a seat the record names as `ismcts:ms=10,
model=default` (E) in the RECORDS files (`capicua eval --record`) is listed, shuffled with a
fixed seed (so that any prefix of OUT is a sample of them all), and searched by the TEACHER
spec from the information set of the seat to move. Each reply is one JSON line of OUT:
`{"variant", "first", "hands", "moves" (the whole round), "pending_ties", "at" (the decision's
index in moves), "seat", "reply"}` (`reply` the engine's `bestmove`, with every move's visits,
win and margin). The search sees the match score as 0-0, as `regret.py`'s does. OUT is
appended to and its decisions skipped on a restart, so a stopped run goes on where it was.
WORKERS engine processes run side by side, one search thread each."""
import json, os, random, subprocess, sys, threading

AGENT = "ismcts:ms=10,model=default"


def views(cap, r):
    """The referee's view of every prefix of round `r`."""
    reqs = [{"type": "referee", "id": k, "first": r["first"], "hands": r["hands"],
             "moves": r["moves"][:k]} for k in range(len(r["moves"]))]
    p = subprocess.run([cap, "engine"], input="".join(json.dumps(q) + "\n" for q in reqs),
                       capture_output=True, text=True, check=True)
    return [v for v in map(json.loads, p.stdout.splitlines()) if v.get("type") == "referee"]


def decisions(cap, records):
    out = []
    for path in records:
        for r in map(json.loads, open(path)):
            for v in views(cap, r):
                if len(v["legal"]) >= 2 and v.get("result") is None \
                        and r["players"][v["to_move"]] == AGENT:
                    out.append({"variant": r["variant"], "first": r["first"], "hands": r["hands"],
                                "moves": r["moves"], "pending_ties": r["pending_ties"],
                                "at": v["id"],
                                "seat": v["to_move"]})
    random.Random(55).shuffle(out)
    return out


failures = []


def worker(cap, teacher, todo, out, lock):
    p = subprocess.Popen([cap, "engine"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         stderr=subprocess.DEVNULL, text=True)
    for d in todo:
        seat = d["seat"]
        pos = {"variant": d["variant"], "seat": seat, "first": d["first"],
               "hand": d["hands"][seat], "moves": d["moves"][:d["at"]], "pending_ties": d["pending_ties"]}
        p.stdin.write(json.dumps({"type": "go", "id": 0, "position": pos, "player": teacher}) + "\n")
        p.stdin.flush()
        while True:
            reply = json.loads(p.stdout.readline())
            if reply.get("type") != "info":
                break
        if reply.get("type") != "bestmove":
            p.kill()
            failures.append(f"unexpected reply {reply}")
            return
        with lock:
            out.write(json.dumps(dict(d, reply=reply)) + "\n")
            out.flush()
    p.stdin.close()
    p.wait()


def main():
    cap, path, teacher, workers, records = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), sys.argv[5:]
    todo = decisions(cap, records)
    key = lambda d: (d["first"], json.dumps(d["hands"]), len(d["moves"]), d["at"], json.dumps(d["moves"]))
    done = set()
    if os.path.exists(path):
        done = {key(json.loads(l)) for l in open(path) if l.strip()}
    todo = [d for d in todo if key(d) not in done]
    print(f"{len(todo)} decisions to label ({len(done)} already in {path}); teacher {teacher}", flush=True)
    lock = threading.Lock()
    with open(path, "a") as out:
        threads = [threading.Thread(target=worker, args=(cap, teacher, todo[w::workers], out, lock))
                   for w in range(workers)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    if failures:
        raise SystemExit(failures[0])
    print("done", flush=True)


if __name__ == "__main__":
    main()
