#!/bin/bash
# Run 2's settings, each paired board by board over session 62's `cpuct=1` runs (today's 10 ms
# default) on seeds 10157-10160, pooled, into run2.txt
cd "$(dirname "$0")/../../.."
r=eval/results/puct63
base=eval/results/build62/partner10-cpuct1
{ echo "\$ bash $r/pool2.sh   ($(date -u '+%Y-%m-%d %H:%M') UTC)"
  echo "## the default (cpuct=1), session 62's runs, whole run: $(python3 eval/results/beliefs/bound/combine.py $base-1015[7-9].txt $base-10160.txt)"
  for name in cpuct1ptemp5 cpuct1fpu03 cpuct07; do
    args=()
    for s in 10157 10158 10159 10160; do
      f=$r/partner10-$name-$s
      grep -q "margin/round" $f.txt 2>/dev/null && args+=($f.boards.jsonl $base-$s.boards.jsonl)
    done
    echo "## $name (whole run: $(python3 eval/results/beliefs/bound/combine.py $r/partner10-$name-1*.txt 2>/dev/null))"
    [ ${#args[@]} -gt 0 ] && python3 eval/results/partner40/pool_paired.py "${args[@]}"
  done; } > $r/run2.txt
cat $r/run2.txt
