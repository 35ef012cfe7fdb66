#!/bin/bash
# run.sh: plan.md's runs: E200 beside E50 (then chain49's run beside E200), then the paired
# difference. $CAPICUA = the session's binary, $BQ = the belief_quality example's build.
cd "$(dirname "$0")/../../.."
d=eval/results/time49; ev=eval/results/speed44/evb.sh
export ROUNDS=2000
bash $ev $d/pair200-E-9961.txt 9961 --a ismcts:ms=200,model=default --b counting &
bash $ev $d/pair50-E-9961.txt 9961 --a ismcts:ms=50,model=default --b counting
{ echo "\$ belief_quality --rounds 60 --source counting --samples 0 --policy-samples 0 --seed 9001 --model models/capicua.bpk --counting-samples 100 --chain 299900"
  echo "started $(date -u '+%Y-%m-%d %H:%M') UTC"
  "$BQ" --rounds 60 --source counting --samples 0 --policy-samples 0 --seed 9001 \
    --model models/capicua.bpk --counting-samples 100 --chain 299900
  echo "ended $(date -u '+%Y-%m-%d %H:%M') UTC"; } > eval/results/chain49/chain299900.md 2>&1
wait
"$CAPICUA" paired $d/pair200-E-9961.boards.jsonl $d/pair50-E-9961.boards.jsonl > $d/pair200-vs-50-9961-paired.txt 2>&1
echo "time49 done $(date -u)"
