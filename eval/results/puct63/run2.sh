#!/bin/bash
# Run 2 of plan.md: three settings on top of the 10 ms default (`cpuct=1`) as the partner of
# `counting` on seeds 10157-10160, with $CAPICUA (session 62's shipped build), two lanes
here=$(cd "$(dirname "$0")" && pwd)
DIR=$here bash "$here/../build62/screen.sh" "cpuct1ptemp5 cpuct=1,ptemp=5" "cpuct1fpu03 cpuct=1,fpu=0.3" "cpuct07 cpuct=0.7"
