#!/bin/bash
# screen.sh: plan.md's runs, C beside rrand48's E runs on the same deals, then capicua paired
# C E. $CAPICUA = the session's binary.
cd "$(dirname "$0")/../../.."
d=eval/results/oopp48; e=eval/results/rrand48; ev=eval/results/speed44/evb.sh
c=ismcts:ms=10,model=default,others=club,oseats=opponents
bash $ev $d/partner10-C-9941.txt 9941 --a $c --a-partner counting --b counting &
bash $ev $d/partner10-C-9942.txt 9942 --a $c --a-partner counting --b counting &
wait
bash $ev $d/pair10-C-9943.txt 9943 --a $c --b counting
for r in partner10:9941 partner10:9942 pair10:9943; do
  "$CAPICUA" paired $d/${r%:*}-C-${r#*:}.boards.jsonl $e/${r%:*}-E-${r#*:}.boards.jsonl \
    > $d/${r%:*}-C-${r#*:}-paired.txt 2>&1
done
echo "done $(date -u)"
