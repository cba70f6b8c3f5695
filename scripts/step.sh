#!/bin/sh
# Runs one step of make test and says how long it took: scripts/step.sh NAME COMMAND [ARG...]
# (docs/development.md keeps where the minutes go).
name="$1"
shift
start=$(date +%s)
"$@"
status=$?
echo "step: $name took $(( $(date +%s) - start ))s (exit $status)" >&2
exit "$status"
