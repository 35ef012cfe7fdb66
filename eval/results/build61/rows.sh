#!/bin/bash
# rows.sh: each row of build61 pooled over its seeds (combine.py), into rows.txt
cd "$(dirname "$0")/../../.."
r=eval/results/build61
c=eval/results/beliefs/bound/combine.py
{
  echo "\$ bash $r/rows.sh   ($(date -u '+%Y-%m-%d %H:%M') UTC)"
  for row in pair50 partner50; do
    done_files=$(grep -l "margin/round" $r/$row-1*.txt 2>/dev/null)
    [ -z "$done_files" ] && { echo "$row: no finished run"; continue; }
    echo "$row ($(echo $done_files | wc -w) seeds: $(for f in $done_files; do basename $f .txt | cut -d- -f2; done | tr '\n' ' ')): $(python3 $c $done_files)"
  done
} > $r/rows.txt
cat $r/rows.txt
