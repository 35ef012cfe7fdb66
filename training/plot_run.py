#!/usr/bin/env python3
"""Plots a training run's curve and summarises its TensorBoard scalars.

    python3 training/plot_run.py training/runs/cuban [training/cuban-curve.png]

Reads the run's state.json (one entry per finished generation) for the plot, and the
TensorBoard events under tb/ (when the `tensorboard` package is installed) for the summary.
"""
import json
import sys
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

run = Path(sys.argv[1])
out = Path(sys.argv[2]) if len(sys.argv) > 2 else run / "curve.png"
state = json.loads((run / "state.json").read_text())
hist = state["history"]
x = [h["samples_trained"] / 1e6 for h in hist]

fig, ax = plt.subplots(2, 2, figsize=(12, 8))
a = ax[0][0]
for key, label in [("total", "total"), ("policy", "policy CE"), ("win", "win BCE"), ("margin", "margin MSE")]:
    a.plot(x, [h["losses"][key] for h in hist], label=label)
a.plot(x, [h["losses"]["target_entropy"] for h in hist], "--", label="target entropy")
a.set_title("training losses (mean over each generation)")
a.set_xlabel("samples trained (millions)")
a.legend()

a = ax[0][1]
a.plot(x, [h["val_win_error"] for h in hist], label="|P(win) - outcome|")
a.plot(x, [h["val_policy_loss"] for h in hist], label="policy CE (held out)")
a2 = a.twinx()
a2.plot(x, [h["val_margin_error"] for h in hist], "r:", label="|margin error| (points)")
a2.set_ylabel("points")
a.set_title("held-out newest samples")
a.set_xlabel("samples trained (millions)")
a.legend(loc="upper left")
a2.legend(loc="upper right")

a = ax[1][0]
ev = [(h["samples_trained"] / 1e6, h["eval"]) for h in hist if h.get("eval")]
if ev:
    a.plot([e[0] for e in ev], [e[1]["vs_counting_score"] for e in ev], "o-", label="vs counting")
    a.plot([e[0] for e in ev], [e[1]["vs_ismcts_score"] for e in ev], "s-", label="vs plain ISMCTS (same iterations)")
a.axhline(0.5, color="grey", lw=0.5)
a.set_title("candidate's duplicate round score")
a.set_xlabel("samples trained (millions)")
a.legend()

a = ax[1][1]
gt = [(h["samples_trained"] / 1e6, h["gating"]) for h in hist if h.get("gating")]
if gt:
    a.bar([g[0] for g in gt], [g[1]["margin"] for g in gt], width=0.02 * max(x[-1], 0.1),
          color=["green" if g[1]["promoted"] else "grey" for g in gt])
a.axhline(0, color="grey", lw=0.5)
a.set_title("gating: candidate's margin per round vs best (green: promoted)")
a.set_xlabel("samples trained (millions)")

fig.tight_layout()
fig.savefig(out, dpi=90)
print(f"wrote {out}")

try:
    from tensorboard.backend.event_processing.event_accumulator import EventAccumulator

    acc = EventAccumulator(str(run / "tb"))
    acc.Reload()
    print("\nTensorBoard scalars (tag: points, first -> last, min, max):")
    for tag in sorted(acc.Tags()["scalars"]):
        ev = acc.Scalars(tag)
        vals = [e.value for e in ev]
        print(f"  {tag}: {len(ev)} points, {vals[0]:.4g} -> {vals[-1]:.4g} (min {min(vals):.4g}, max {max(vals):.4g}), last step {ev[-1].step}")
except ImportError:
    print("(install the `tensorboard` package to summarise the event files)")
