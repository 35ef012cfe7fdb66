"""Each of #12's 50 ms rows with this session's build (the same search, 1.14 times as fast)
against the same row with session 60's build on the same machine (other seeds): both pooled
by combine.py, and their difference with a 95% interval (independent samples).
Usage, from the repository root: python3 eval/results/build61/compare.py"""
import glob, re, subprocess, sys

R = "eval/results"
ROWS = [
    ("pair, 50 ms", "build61/pair50-1*.txt", "machine60/pair50-1*.txt"),
    ("partner of counting, 50 ms", "build61/partner50-1*.txt", "machine60/partner50-1*.txt"),
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

print("| row | this build | session 60's build | difference |")
print("|---|---|---|---|")
for name, here, xeon in ROWS:
    a, b = pooled(here), pooled(xeon)
    if a is None or b is None:
        print(f"| {name} | not run | | |")
        continue
    d, se = a[1] - b[1], (a[2] ** 2 + b[2] ** 2) ** 0.5
    show = lambda p: f"{p[1]:+.2f} [{p[1] - 1.96 * p[2]:+.2f}, {p[1] + 1.96 * p[2]:+.2f}] ({p[0]:,})"
    print(f"| {name} | {show(a)} | {show(b)} | {d:+.2f} [{d - 1.96 * se:+.2f}, {d + 1.96 * se:+.2f}] |")
