#!/bin/bash
# rows.sh: session 61's rows pooled over their seeds, into rows.txt (machine60/rows.sh's way)
exec bash "$(dirname "$0")/../machine60/rows.sh" eval/results/build61 "pair50 partner50 pair10 partner10"
