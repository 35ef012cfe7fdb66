#!/bin/bash
# pool_E.sh: E's rows (ismcts:ms=T,model=default vs a counting pair) over every seed it has
# played since session 40, one run a seed: speed44's list plus sessions 45-48's E runs and
# session 49's (time49's, 2,000 rounds, and rows49's), session 50's (cores50's controls and rows50's)
# and the controls of sessions 53 (cv53) and 54 (tm54)
cd "$(dirname "$0")/../../.."
c="python3 eval/results/beliefs/bound/combine.py"
r=eval/results
row() { echo "$1:"; shift; echo "\$ combine.py $*"; $c "$@"; }
row "pair, 10 ms" $r/partner40/pair_e10_{6902,7202,7302}.txt $r/rollouts42/screen-E-8101.txt \
  $r/rollouts42/pair10-E-{8201,8301}.txt $r/confirm43/pair10-E-{8701,8801}.txt \
  $r/speed44/pair10-new.txt $r/speed44/pair10b-new.txt $r/short45/pair10-E-{9803,9804}.txt \
  $r/selfplay46/pair10-E-{9901,9903}.txt $r/rrand48/pair10-E-9943.txt \
  $r/cores50/pair10-E-{9971,9972}.txt $r/cv53/pair10-E-{9987,9988}.txt \
  $r/tm54/pair10-E-{9995,9996}.txt
row "partner of counting, 10 ms" $r/partner40/e10_{6901,7001}.txt $r/rollouts42/partner10-E-8202.txt \
  $r/confirm43/partner10-E-8702.txt $r/speed44/partner10-new.txt \
  $r/short45/partner10-E-{9801,9802,9807}.txt \
  $r/selfplay46/partner10-E-{9902,9904,9907,9908}.txt $r/partner47/partner10-E-9921.txt \
  $r/oracle48/partner10-E-9932.txt $r/rrand48/partner10-E-{9941,9942}.txt \
  $r/cores50/partner10-E-{9973,9974}.txt
row "pair, 50 ms" $r/club41/pair50-E-{7501,7601}.txt $r/rollouts42/pair50-E-{8401,8501}.txt \
  $r/confirm43/pair50-E-{8901,9001}.txt $r/speed44/pair50-new.txt $r/speed44/pair50b-new.txt \
  $(ls $r/rows45/pair50-E-{9831,9832}.txt 2>/dev/null) $r/oracle48/pair50-E-9933.txt \
  $r/time49/pair50-E-9961.txt $r/rows49/pair50-E-9965.txt \
  $r/cores50/pair50-E-{9975,9976}.txt $r/tm54/pair50-E-9997.txt
row "partner of counting, 50 ms" $r/partner40/e50_7101.txt $r/club41/partner50-E-7701.txt \
  $r/confirm43/partner50-E-{9002,9102}.txt $r/speed44/partner50-new.txt \
  $r/rows45/partner50-E-{9841,9842}.txt $r/partner47/partner50-E-9921.txt \
  $r/oracle48/partner50-E-9931.txt $r/rows49/partner50-E-{9962,9964,9966}.txt \
  $r/rows50/partner50-E-{9978,9979}.txt
