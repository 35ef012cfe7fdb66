#!/usr/bin/env python3
"""focus.py OUT LABELS...: the labels where E's recorded move was not the teacher's most
visited move, and one in four of the others (every fourth, in file order), for `capicua
distil` (plan.md, addendum 2)."""
import sys

import json

out, paths = sys.argv[1], sys.argv[2:]
kept = agreed = 0
with open(out, "w") as f:
    for path in paths:
        for line in open(path):
            d = json.loads(line)
            top = max(d["reply"]["moves"], key=lambda m: m["visits"])["move"]
            if d["moves"][d["at"]] == top:
                agreed += 1
                if agreed % 4:
                    continue
            f.write(line)
            kept += 1
print(f"kept {kept} labels ({agreed} agreed with E's move, a quarter of them kept)")
