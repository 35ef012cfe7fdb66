#!/usr/bin/env python3
"""Side A's mean think time a decision with a choice over `capicua eval` run files, weighted by
each run's decisions (the `think time` line: `A 10.04 ms ... (42442 and 40742 decisions)`).

  python3 think.py RUN.txt...
"""
import re, sys

LINE = re.compile(r"^think time\s+A ([\d.]+) ms .*\((\d+) and \d+ decisions\)")
total_ms = decisions = runs = 0
for path in sys.argv[1:]:
    for line in open(path):
        m = LINE.match(line)
        if m:
            total_ms += float(m.group(1)) * int(m.group(2))
            decisions += int(m.group(2))
            runs += 1
print(f"{runs} runs, {decisions} decisions: {total_ms / decisions:.3f} ms a decision with a choice")
