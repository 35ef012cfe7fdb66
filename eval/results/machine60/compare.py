"""Each of #12's rows with the same player (the default agent, with the move reader) on this
session's machine against the same row from the Intel Xeon of sessions 57-59 (other seeds):
both pooled by combine.py, and their difference with a 95% interval (independent samples).
Usage, from the repository root: python3 eval/results/machine60/compare.py"""
import glob, re, subprocess, sys

R = "eval/results"
ROWS = [
    ("pair, 10 ms", "machine60/pair10-1*.txt", "movereader57/pair10-R-*.txt"),
    ("partner of counting, 10 ms", "machine60/partner10-1*.txt", "movereader57/partner10-R-*.txt"),
    ("partner of counting, 50 ms", "machine60/partner50-1*.txt", "partner59/partner50-R-*.txt"),
    ("  (the Xeon with session 58's two seeds)", "machine60/partner50-1*.txt",
     "partner59/partner50-R-*.txt reader50/partner50-R-*.txt"),
    ("pair, 50 ms", "machine60/pair50-1*.txt", "reader50/pair50-R-*.txt"),
]

def pooled(patterns):
    files = sorted(f for p in patterns.split() for f in glob.glob(f"{R}/{p}")
                   if "margin/round" in open(f).read())
    if not files:
        return None
    out = subprocess.run([sys.executable, f"{R}/beliefs/bound/combine.py", *files],
                         capture_output=True, text=True, check=True).stdout
    n, mean, lo, hi = re.match(r"(\d+) rounds: ([+-][\d.]+) \[([+-][\d.]+), ([+-][\d.]+)\]", out).groups()
    return int(n), float(mean), (float(hi) - float(lo)) / 2 / 1.96

def table(rows, here_name, there_name):
    """Prints the markdown table of `rows`: (name, this side's files, the other side's)."""
    print(f"| row | {here_name} | {there_name} | difference |")
    print("|---|---|---|---|")
    for name, here, xeon in rows:
        a, b = pooled(here), pooled(xeon)
        if a is None or b is None:
            print(f"| {name} | not run | | |")
            continue
        d, se = a[1] - b[1], (a[2] ** 2 + b[2] ** 2) ** 0.5
        show = lambda p: f"{p[1]:+.2f} [{p[1] - 1.96 * p[2]:+.2f}, {p[1] + 1.96 * p[2]:+.2f}] ({p[0]:,})"
        print(f"| {name} | {show(a)} | {show(b)} | {d:+.2f} [{d - 1.96 * se:+.2f}, {d + 1.96 * se:+.2f}] |")


if __name__ == "__main__":
    table(ROWS, "this machine (EPYC)", "the Xeon")
