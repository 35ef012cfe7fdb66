#!/bin/bash
# Run R resumed on a new machine (session 66): the machine running runR.sh was shut down after
# seeds 10165 and 10167 of the partner row had finished; this runs the rest in the same lanes.
bash "$(dirname "$0")/runR.sh" "10166" "10153 10154 10169" "10168" "10155 10156 10170"
