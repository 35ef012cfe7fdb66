#!/bin/bash
# Run D of plan.md (addendum 2): the shipped default at 50 ms as a pair on fresh seeds
# 10173-10174, one lane each, with $CAPICUA (session 63's shipped build): session 63's run 3
# on other seeds
here=$(dirname "$0")
SEEDS="10173 10174" DIR=$here NAME=pair50-default bash "$here/../puct63/run3.sh"
