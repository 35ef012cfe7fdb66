#!/usr/bin/env python3
"""Timed duplicate screens of two players, run side by side, and their pooled figures.

Every session's screen has the same shape: a candidate A and a control B play the same seed at
the same time, one lane (one core, `--threads 1`) each, so that both meet the machine as it is
then; a file holds each run's command, its times and its result, and the boards go beside it for
`capicua paired`. This script is that shape once, so a session's plan names its players, rows and
seeds instead of copying a runner.

  CAPICUA=BIN python3 eval/lanes.py run DIR --a NAME=SPEC --b NAME=SPEC STEP...
      STEP is ROW:MS:SEED, ROW `pair` (the player seats a side against a `counting` pair) or
      `partner` (the player with a `counting` partner against a `counting` pair). `{ms}` in a
      SPEC becomes the step's MS. Writes DIR/ROW-MSms-NAME-SEED.txt (and .boards.jsonl) for each
      side, 4,000 rounds (or $ROUNDS). A file DIR/STOP ends the run between steps; run again,
      it skips the steps both sides finished and plays the rest.
  CAPICUA=BIN python3 eval/lanes.py compare --row ROW --ms MS --a NAME --b NAME DIR...
      A - B paired over every seed both finished in the DIRs, and each side's pooled margin.
  python3 eval/lanes.py runs --side a|b --row ROW --ms MS --a NAME --b NAME DIR...
      that side's run files of the seeds compare pairs, one a line (to combine them with others).
  python3 eval/lanes.py combine RUN.txt...            runs on disjoint deals pooled into one figure
  CAPICUA=BIN python3 eval/lanes.py paired A1 B1 A2 B2 ...   paired figures pooled over seeds
  python3 eval/lanes.py think RUN.txt...              side A's think time a decision with a choice, pooled

Pooling: runs on different seeds are independent; each run's standard error is its 95%
interval's half-width / 1.96, and runs are weighted by rounds (combine) or by the boards both
sides played (paired).
"""
import argparse, datetime, glob, json, os, re, subprocess, sys
from concurrent.futures import ThreadPoolExecutor

ROWS = {"pair": [], "partner": ["--a-partner", "counting"]}


def binary():
    return os.environ.get("CAPICUA", "capicua")


def run_file(directory, row, ms, name, seed):
    return os.path.join(directory, f"{row}-{ms}ms-{name}-{seed}.txt")


def utc():
    return datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M")


def evaluate(out, seed, args):
    """One duplicate evaluation into OUT: its command, start, the eval's output, end (the layout
    of eval/results/speed44/evb.sh, which the pooling reads)."""
    rounds = os.environ.get("ROUNDS", "4000")
    boards = out[: -len(".txt")] + ".boards.jsonl"
    tail = ["--rounds", rounds, "--seed", str(seed), "--threads", "1", "--boards", boards]
    with open(out, "w") as f:
        f.write("$ capicua eval " + " ".join(args + tail) + "\n")
        f.write(f"started {utc()} UTC\n")
        f.flush()
        subprocess.run([binary(), "eval", *args, *tail], stdout=f, stderr=subprocess.STDOUT)
        f.write(f"ended {utc()} UTC\n")


def parse_step(step):
    row, ms, seed = step.split(":")
    if row not in ROWS:
        sys.exit(f"a step's row is pair or partner, not {row!r}")
    return row, int(ms), int(seed)


def parse_player(text):
    name, _, spec = text.partition("=")
    if not spec or not re.fullmatch(r"[A-Za-z0-9_.]+", name):
        sys.exit(f"a player is NAME=SPEC with a plain NAME, not {text!r}")
    return name, spec


def cmd_run(opts):
    players = [parse_player(opts.a), parse_player(opts.b)]
    steps = [parse_step(s) for s in opts.steps]
    os.makedirs(opts.dir, exist_ok=True)
    for row, ms, seed in steps:
        if os.path.exists(os.path.join(opts.dir, "STOP")):
            print(f"stopped before {row} {ms} ms seed {seed} at {utc()} UTC", flush=True)
            return
        files = [run_file(opts.dir, row, ms, name, seed) for name, _ in players]
        if all(finished(f) for f in files):
            print(f"{row} {ms} ms seed {seed} already played", flush=True)
            continue
        jobs = [
            (f, seed, ["--a", spec.replace("{ms}", str(ms)), *ROWS[row], "--b", "counting"])
            for f, (_, spec) in zip(files, players)
        ]
        with ThreadPoolExecutor(len(jobs)) as pool:
            list(pool.map(lambda job: evaluate(*job), jobs))
        print(f"{row} {ms} ms seed {seed} done at {utc()} UTC", flush=True)


def read_run(path):
    text = open(path).read()
    m = re.search(r"A margin/round\s+([+-][\d.]+)\s+95% CI \[([+-][\d.]+), ([+-][\d.]+)\]", text)
    rounds = int(re.search(r"rounds\s+(\d+) \(", text).group(1))
    mean, lo, hi = map(float, m.groups())
    return rounds, mean, (hi - lo) / 2 / 1.96


def combine(paths):
    parts = [read_run(p) for p in paths]
    n = sum(p[0] for p in parts)
    mean = sum(p[0] * p[1] for p in parts) / n
    se = sum((p[0] * p[2]) ** 2 for p in parts) ** 0.5 / n
    return f"{n} rounds: {mean:+.2f} [{mean - 1.96 * se:+.2f}, {mean + 1.96 * se:+.2f}]"


def paired(paths):
    """`capicua paired` of each (A, B) pair of board files, pooled: the lines it prints."""
    if not paths or len(paths) % 2:
        sys.exit("paired takes board files in (A, B) pairs")
    lines, w, d, v = [], 0.0, 0.0, 0.0
    for a, b in zip(paths[::2], paths[1::2]):
        out = subprocess.run([binary(), "paired", "--json", a, b], check=True,
                             capture_output=True, text=True).stdout
        r = json.loads(out)
        se = (r["difference_ci95"][1] - r["difference_ci95"][0]) / 2 / 1.96
        n = r["boards"]
        lines.append(f"{a} - {b}: {r['difference']:+.2f} over {n} boards")
        w += n
        d += n * r["difference"]
        v += (n * se) ** 2
    m, s = d / w, v ** 0.5 / w
    lines.append(f"pooled over {int(w)} boards: {m:+.2f} [{m - 1.96 * s:+.2f}, {m + 1.96 * s:+.2f}]")
    return lines


THINK = re.compile(r"^think time\s+A ([\d.]+) ms .*\((\d+) and \d+ decisions\)")


def think(paths):
    """Side A's mean think time a decision with a choice over run files, weighted by each
    run's decisions."""
    total_ms = decisions = runs = 0
    for path in paths:
        for line in open(path):
            m = THINK.match(line)
            if m:
                total_ms += float(m.group(1)) * int(m.group(2))
                decisions += int(m.group(2))
                runs += 1
    if not decisions:
        sys.exit("think: no `think time` line in " + " ".join(paths))
    return f"{runs} runs, {decisions} decisions: {total_ms / decisions:.3f} ms a decision with a choice"


def finished(path):
    return os.path.exists(path) and any(l.startswith("ended") for l in open(path))


def finished_pairs(opts):
    """(A's run, B's run) of every seed in the DIRs that both finished in the row and budget."""
    pairs = []
    for directory in opts.dirs:
        pattern = run_file(directory, opts.row, opts.ms, opts.a, "*")
        for path in sorted(glob.glob(pattern)):
            seed = path[: -len(".txt")].rsplit("-", 1)[1]
            other = run_file(directory, opts.row, opts.ms, opts.b, seed)
            if finished(path) and finished(other):
                pairs.append((path, other))
    return pairs


def cmd_runs(opts):
    for pair in finished_pairs(opts):
        print(pair[0] if opts.side == "a" else pair[1])


def cmd_compare(opts):
    pairs = finished_pairs(opts)
    if not pairs:
        sys.exit(f"no seed in {opts.dirs} has both {opts.a} and {opts.b} finished")
    board_files = [p[: -len(".txt")] + ".boards.jsonl" for pair in pairs for p in pair]
    print(f"{opts.a} - {opts.b}, {opts.row} at {opts.ms} ms, paired:")
    print("\n".join(paired(board_files)))
    for i, name in enumerate([opts.a, opts.b]):
        print(f"{name} whole-run: {combine([pair[i] for pair in pairs])}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    run = sub.add_parser("run")
    run.add_argument("dir")
    run.add_argument("--a", required=True)
    run.add_argument("--b", required=True)
    run.add_argument("steps", nargs="+")
    compare = sub.add_parser("compare")
    runs = sub.add_parser("runs")
    runs.add_argument("--side", choices=["a", "b"], required=True)
    for paired_runs in (compare, runs):
        paired_runs.add_argument("--row", choices=sorted(ROWS), required=True)
        paired_runs.add_argument("--ms", type=int, required=True)
        paired_runs.add_argument("--a", required=True)
        paired_runs.add_argument("--b", required=True)
        paired_runs.add_argument("dirs", nargs="+")
    sub.add_parser("combine").add_argument("files", nargs="+")
    sub.add_parser("paired").add_argument("files", nargs="+")
    sub.add_parser("think").add_argument("files", nargs="+")
    opts = parser.parse_args()
    if opts.command == "run":
        cmd_run(opts)
    elif opts.command == "compare":
        cmd_compare(opts)
    elif opts.command == "runs":
        cmd_runs(opts)
    elif opts.command == "combine":
        print(combine(opts.files))
    elif opts.command == "think":
        print(think(opts.files))
    else:
        print("\n".join(paired(opts.files)))


if __name__ == "__main__":
    main()
