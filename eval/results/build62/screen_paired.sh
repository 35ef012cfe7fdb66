#!/bin/bash
# Each screened setting (addenda 1 and 2) paired over session 61's default runs on the same deals, pooled
# (partner40/pool_paired.py), into screen.txt; NAMES picks the settings, OUT the file
cd "$(dirname "$0")/../../.."
r=eval/results/build62
{ echo "\$ bash $r/screen_paired.sh   ($(date -u '+%Y-%m-%d %H:%M') UTC)"
  for name in ${NAMES:-rnodes improved rscale2}; do
    args=()
    for s in 10157 10158 10159 10160; do
      f=$r/partner10-$name-$s
      grep -q "margin/round" $f.txt 2>/dev/null && args+=($f.boards.jsonl eval/results/build61/partner10-$s.boards.jsonl)
    done
    echo "## $name (whole run: $(python3 eval/results/beliefs/bound/combine.py $r/partner10-$name-1*.txt 2>/dev/null))"
    [ ${#args[@]} -gt 0 ] && python3 eval/results/partner40/pool_paired.py "${args[@]}"
  done; } > $r/${OUT:-screen.txt}
cat $r/${OUT:-screen.txt}
