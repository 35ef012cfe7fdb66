#!/bin/bash
# The candidate's evaluation under plan.md's rule, for the session after 78 (nothing here ran in
# session 78): the candidate beside the default D, one lane each, 4,000 rounds a run. 10 ms
# partner and pair steps alternate on fresh seeds, then 50 ms as a pair and as the partner. Run
# from the repository's root with a copy of the release build, never compiling meanwhile:
#   CAPICUA=/work/exp/sNN/capicua bash eval/results/session78/next.sh OUTDIR
# and pool with, for each row and budget (ROW pair|partner, MS 10|50):
#   CAPICUA=... python3 eval/lanes.py compare --row ROW --ms MS --a C --b D OUTDIR
set -e
out=${1:?usage: next.sh OUTDIR}
C="C=ismcts:ms={ms},model=eval/results/session78/candidate.bpk,reader=default"
D="D=ismcts:ms={ms},model=default"
steps=()
partner=(10347 10348 10349 10350 10351 10352 10353 10354)
pair=(10355 10356 10357 10358 10359 10360)
for i in $(seq 0 7); do
  steps+=(partner:10:${partner[$i]})
  [ $i -lt 6 ] && steps+=(pair:10:${pair[$i]})
done
steps+=(pair:50:10361 partner:50:10362 partner:50:10363)
python3 eval/lanes.py run "$out" --a "$C" --b "$D" "${steps[@]}"
