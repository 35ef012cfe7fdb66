#!/usr/bin/env python3
"""Means of the session's `capicua bench --json` runs per build (bench-<build>-<n>.json here),
each speed key as a ratio to the first build's mean, and whether every fingerprint agrees.
Run: python3 eval/results/build61/bench_table.py > eval/results/build61/bench.md"""
import glob, json, os

def table(here, builds):
    """Prints the tables for the bench-<build>-<n>.json files in `here`; `builds` maps each
    build's name to what it is, the first being the base the others are ratios to."""
    base = list(builds)[0]
    runs = {b: [json.load(open(f)) for f in sorted(glob.glob(f"{here}/bench-{b}-*.json"))] for b in builds}
    keys = [
        "net_ismcts_midround_club_rollout_iters_per_sec",
        "net_ismcts_midround_believed_iters_per_sec",
        "net_ismcts_midround_uniform_iters_per_sec",
        "net_ismcts_iters_per_sec",
        "ismcts_iters_per_sec",
        "rounds_per_sec",
        "net_batch1_us",
        "believed_deal_us",
    ]
    print("| build | what | benches |")
    print("|---|---|---:|")
    for b, what in builds.items():
        print(f"| {b} | {what} | {len(runs[b])} |")
    print()
    print("| key | " + " | ".join(builds) + " |")
    print("|---|" + "---:|" * len(builds))
    mean = lambda b, k: sum(r[k] for r in runs[b]) / len(runs[b])
    for k in keys:
        cells = [f"{mean(base, k):,.0f}" if mean(base, k) > 100 else f"{mean(base, k):.2f}"]
        cells += [f"x{mean(b, k) / mean(base, k):.3f}" for b in list(builds)[1:]]
        print(f"| `{k}` | " + " | ".join(cells) + " |")
    prints = sorted(k for k in runs[base][0] if k.endswith("fingerprint") or k == "ismcts_best")
    same = all(r[k] == runs[base][0][k] for b in builds for r in runs[b] for k in prints)
    print()
    print(f"Fingerprints ({', '.join(prints)}): {'identical in every run' if same else 'DIFFERENT'}.")


if __name__ == "__main__":
    here = os.path.dirname(os.path.abspath(__file__))
    builds = {
        "base": "session 60's binary (profile as before: 16 units, incremental, no LTO, baseline x86-64)",
        "fat": "`lto = \"fat\"`, `codegen-units = 1`, `incremental = false` (all crates)",
        "native": "fat plus `-C target-cpu=native`",
        "ship": "`-C target-cpu=native` plus the AVX-512 difference scan (profile as before)",
        "ship2": "ship plus the search's five crates as one unit each, not incremental (the committed build)",
    }
    table(here, builds)
