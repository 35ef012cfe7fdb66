#!/bin/bash
# Addendum 2's screen: screen.sh with its three settings
exec bash "$(dirname "$0")/screen.sh" "cpuct1 cpuct=1" "ptemp5 ptemp=5" "fpu03 fpu=0.3"
