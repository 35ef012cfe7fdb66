"""A row of the new default estimated as the old default's long row plus the paired gain.

usage: estimate.py ROW.txt GAIN.txt
ROW.txt is `lanes.py combine`'s output (last line `N rounds: +m [+lo, +hi]`), GAIN.txt
`lanes.py paired`'s (last line `pooled over N boards: +g [+lo, +hi]`). The two are
independent enough to add (the gain's boards are a small part of the row's); the interval's
half-width is the root of the sum of the squares of theirs.
"""
import math
import re
import sys

NUM = r"([+-]?\d+\.\d+)"


def last_interval(path):
    line = open(path).read().strip().splitlines()[-1]
    m = re.search(NUM + r" \[" + NUM + ", " + NUM + r"\]", line)
    if not m:
        sys.exit(f"{path}: no interval on its last line: {line!r}")
    mean, lo, hi = map(float, m.groups())
    return mean, (hi - lo) / 2


row, row_half = last_interval(sys.argv[1])
gain, gain_half = last_interval(sys.argv[2])
half = math.hypot(row_half, gain_half)
est = row + gain
print(f"old default's row {row:+.2f} ± {row_half:.2f}, paired gain {gain:+.2f} ± {gain_half:.2f}")
print(f"estimate: {est:+.2f} [{est - half:+.2f}, {est + half:+.2f}]")
