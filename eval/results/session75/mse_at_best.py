"""mse_at_best.py FILE.json ...: from leaf_values' per-phase squared errors at λ = 0 (the
network), 0.75 and 1 (the rollout mean), the quadratic f(λ) = A - 2Bλ + Cλ² they fix, and so
the squared error at the phase's best λ and at the ramp 0.3 + 0.65 * min(t, 30) / 30 taken at
the bucket's middle t."""
import json, sys
for path in sys.argv[1:]:
    print(path)
    print("| tiles down | best λ | mse at 0.75 | mse at best λ | ramp λ | mse at ramp λ |")
    print("|---|---:|---:|---:|---:|---:|")
    for row in json.load(open(path)):
        a, f1, f75 = row["mse_net"], row["mse_rollouts"], row["mse_mix075"]
        # f(1) - A = -2B + C ; f(.75) - A = -1.5B + .5625C
        p, q = f1 - a, f75 - a
        c = (q - 0.75 * p) / (0.5625 - 0.75)
        b = (c - p) / 2
        f = lambda l: a - 2 * b * l + c * l * l
        best = row["best_lambda"]
        name = row["tiles_down"]
        if name == "all":
            ramp = float("nan")
        else:
            lo = int(name.split("-")[0].rstrip("+"))
            mid = lo + 2
            ramp = 0.3 + 0.65 * min(mid, 30) / 30
        print(f"| {name} | {best:.2f} | {f75:.4f} | {f(best):.4f} | {ramp:.2f} | {f(ramp) if ramp == ramp else float('nan'):.4f} |")
