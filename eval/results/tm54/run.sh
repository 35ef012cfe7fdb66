#!/bin/bash
# run.sh pair|partner MS SPEC SEED...: SPEC (the early stop) and E at MS side by side as A
# against a counting pair (../speed44/beside.sh, files named ES and E). $CAPICUA = the
# session's binary.
cd "$(dirname "$0")/../../.."
bash eval/results/speed44/beside.sh eval/results/tm54 ES "$@"
echo "tm54 $* done $(date -u)"
