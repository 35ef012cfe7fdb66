#!/bin/bash
# Run R2 of plan.md (addendum 4): run R's session-66 part again with the build whose reader
# flushes subnormal weights; files `*-rnodes-flushed-*`.
TAG=rnodes-flushed bash "$(dirname "$0")/runR-resume.sh"
