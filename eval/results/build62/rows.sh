#!/bin/bash
# rows.sh: session 62's rows pooled over their seeds, into rows.txt (machine60/rows.sh's way)
exec bash "$(dirname "$0")/../machine60/rows.sh" eval/results/build62 "pair50 partner10 pair10"
