"""Pools duplicate runs on disjoint deals (different seeds) into one figure: the mean margin
weighted by rounds, its standard error from each run's 95% interval (half-width / 1.96).
Usage: python3 combine.py RUN.txt [RUN.txt ...]
Since session 78 the pooling lives in eval/lanes.py (`lanes.py combine`); this name stays for the
commands the result files record."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../.."))
from lanes import combine
print(combine(sys.argv[1:]))
