#!/usr/bin/env python3
"""spec_threads.py CAPICUA MS SPEC...: 100 engine `go`s of each player spec from one position;
prints the mean iterations a search. stdin is held open until the replies are in."""
import json, subprocess, sys, time
cap, ms = sys.argv[1], int(sys.argv[2])
pos = {"seat": 0, "first": 2, "hand": ["9-9", "9-4", "8-3", "7-7", "6-2", "5-5", "4-1", "3-0",
       "2-2", "1-0"], "moves": ["9-8", "8-4"]}
print("| player | searches | iterations a search (mean) | time_ms (mean) | first eight |")
print("|---|---:|---:|---:|---|")
for spec in sys.argv[3:]:
    reqs = [{"type": "hello", "protocol": 1, "id": 1}]
    reqs += [{"type": "go", "id": f"q{i}", "position": pos, "player": spec} for i in range(100)]
    p = subprocess.Popen([cap, "engine"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         stderr=subprocess.DEVNULL, text=True, cwd="/work/main")
    p.stdin.write("".join(json.dumps(r) + "\n" for r in reqs))
    p.stdin.flush()
    time.sleep(3 + 100 * ms / 1000 * 1.3)
    out, _ = p.communicate("")
    best = [json.loads(l) for l in out.splitlines()]
    best = [d for d in best if d.get("type") == "bestmove"]
    its = [d.get("iterations", 0) for d in best]
    tm = [d.get("time_ms", 0) for d in best]
    print(f"| `{spec}` | {len(its)} | {sum(its) / max(1,len(its)):,.0f} | {sum(tm) / max(1,len(tm)):.1f} | {its[:8]} |")
