#!/bin/bash
# A/B of the speed change: the same fixed-iteration evaluation (same moves: must print the same)
# with the binary before (old) and after (new), alternating; wall seconds per run.
# The binaries: /work/exp/s30/capicua (release build of 247583e) and /work/exp/s30/capicua-new
# (the same with change.diff applied); copy them there, or edit the paths below.
cd /work/main
for i in 1 2 3; do
  for b in old new; do
    bin=/work/exp/s30/capicua; [ $b = new ] && bin=/work/exp/s30/capicua-new
    s=$(date +%s.%N)
    $bin eval --a ismcts:iters=1000,model=default --b counting --rounds 100 --seed 11 --threads 1 > /work/exp/s30/ab/$b.$i.txt 2>&1
    e=$(date +%s.%N)
    echo "$b run $i: $(echo "$e - $s" | bc) s, load $(cut -d' ' -f1 /proc/loadavg)"
  done
done
md5sum /work/exp/s30/ab/*.txt
