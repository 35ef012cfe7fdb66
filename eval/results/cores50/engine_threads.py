#!/usr/bin/env python3
"""engine_threads.py CAPICUA: 100 engine searches of 10 ms each with `threads` 1 and 2 from one
position; prints the mean iterations a search. `quit` is not sent: the engine stops a running
search when it arrives, so stdin is held open until the replies are in."""
import json, subprocess, sys, time
cap = sys.argv[1]
pos = {"seat": 0, "first": 2, "hand": ["9-9", "9-4", "8-3", "7-7", "6-2", "5-5", "4-1", "3-0",
       "2-2", "1-0"], "moves": ["9-8", "8-4"]}
print("| threads | searches | iterations a search (mean) | time_ms (mean) | first eight |")
print("|---|---:|---:|---:|---|")
for t in (1, 2):
    reqs = [{"type": "hello", "protocol": 1, "id": 1},
            {"type": "set_option", "id": 2, "name": "threads", "value": t}]
    reqs += [{"type": "go", "id": f"q{i}", "position": pos, "budget": {"movetime_ms": 10}}
             for i in range(100)]
    p = subprocess.Popen([cap, "engine"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         stderr=subprocess.DEVNULL, text=True)
    p.stdin.write("".join(json.dumps(r) + "\n" for r in reqs))
    p.stdin.flush()
    time.sleep(4)
    out, _ = p.communicate("")
    best = [json.loads(l) for l in out.splitlines()]
    best = [d for d in best if d.get("type") == "bestmove"]
    its = [d["iterations"] for d in best]
    tm = [d["time_ms"] for d in best]
    print(f"| {t} | {len(its)} | {sum(its) / len(its):,.0f} | {sum(tm) / len(tm):.1f} | {its[:8]} |")
