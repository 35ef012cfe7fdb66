#!/bin/bash
# run.sh pair|partner MS MODEL SEED...: C = ismcts:ms=MS,model=MODEL and E at MS side by side
# as A against a counting pair (../speed44/beside.sh, files named C and E). $CAPICUA = the
# session's binary.
cd "$(dirname "$0")/../../.."
kind=$1; ms=$2; model=$3; shift 3
bash eval/results/speed44/beside.sh eval/results/distil55 C "$kind" "$ms" "ismcts:ms=$ms,model=$model" "$@"
echo "distil55 $kind $ms $* done $(date -u)"
