"""Pools duplicate runs on disjoint deals (different seeds) into one figure: the mean margin
weighted by rounds, its standard error from each run's 95% interval (half-width / 1.96).
Usage: python3 combine.py RUN.txt [RUN.txt ...]"""
import re,sys
def read(f):
    t=open(f).read()
    m=re.search(r"A margin/round\s+([+-][\d.]+)\s+95% CI \[([+-][\d.]+), ([+-][\d.]+)\]",t)
    r=int(re.search(r"rounds\s+(\d+) \(",t).group(1))
    mean,lo,hi=map(float,m.groups()); return r,mean,(hi-lo)/2/1.96
parts=[read(f) for f in sys.argv[1:]]
N=sum(p[0] for p in parts)
mean=sum(p[0]*p[1] for p in parts)/N
se=(sum((p[0]*p[2])**2 for p in parts))**0.5/N
print(f"{N} rounds: {mean:+.2f} [{mean-1.96*se:+.2f}, {mean+1.96*se:+.2f}]")
