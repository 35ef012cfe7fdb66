#!/bin/bash
# Run RX of plan.md (addendum 3): the default at 10 ms on run R's session 66 deals, on the same
# machine as R's session 66 part, two lanes, with $CAPICUA.
SPEC=ismcts:ms=10,model=default PARTNER=xeon-partner10 PAIR=xeon-pair10 \
  bash "$(dirname "$0")/runR.sh" "10166" "10153 10154 10169" "10168" "10155 10156 10170"
