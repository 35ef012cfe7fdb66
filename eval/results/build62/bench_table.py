#!/usr/bin/env python3
"""Session 62's `capicua bench --json` runs per build (bench-<build>-<n>.json here), by
build61/bench_table.py's table.
Run: python3 eval/results/build62/bench_table.py > eval/results/build62/bench.md"""
import importlib.util, os

here = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location(
    "build61_bench_table", os.path.join(here, "..", "build61", "bench_table.py"))
bench_table = importlib.util.module_from_spec(spec)
spec.loader.exec_module(bench_table)
bench_table.table(here, {
    "s61": "session 61's binary (`release`: native CPU, the search's crates one unit each)",
    "dist": "the `dist` profile: `release` plus fat LTO, one codegen unit",
    "pgo": "`dist` with profile-guided optimisation (`scripts/build-dist.sh` of commit 8df1577)",
})
