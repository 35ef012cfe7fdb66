#!/bin/bash
# rows.sh [DIR ROWS]: each row of DIR (default eval/results/machine60; ROWS default
# "pair10 partner10 partner50 pair50") pooled over its seeds (combine.py), into DIR/rows.txt
cd "$(dirname "$0")/../../.."
r=${1:-eval/results/machine60}
rows=${2:-pair10 partner10 partner50 pair50}
c=eval/results/beliefs/bound/combine.py
{
  echo "\$ bash $0 $*   ($(date -u '+%Y-%m-%d %H:%M') UTC)"
  for row in $rows; do
    done_files=$(grep -l "margin/round" $r/$row-1*.txt 2>/dev/null)
    [ -z "$done_files" ] && { echo "$row: no finished run"; continue; }
    echo "$row ($(echo $done_files | wc -w) seeds: $(for f in $done_files; do basename $f .txt | cut -d- -f2; done | tr '\n' ' ')): $(python3 $c $done_files)"
  done
} > $r/rows.txt
cat $r/rows.txt
