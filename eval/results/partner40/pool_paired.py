#!/usr/bin/env python3
"""pool_paired.py A1 B1 A2 B2 ...: `capicua paired` of each (A, B) pair of board files of the
same seed, pooled over seeds: each seed's difference weighted by its shared boards, its
standard error from its 95% interval, the seeds taken as independent.
Since session 78 the pooling lives in eval/lanes.py (`lanes.py paired`); this name stays for the
commands the result files record."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "../.."))
from lanes import paired
print("\n".join(paired(sys.argv[1:])))
