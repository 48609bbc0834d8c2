#!/usr/bin/env bash
# Run one stage of `make test` and print how long it took; every stage's time is kept in
# .cache/stages and the whole list printed after the last one (`scripts/stage.sh --summary`).
set -uo pipefail
LOG=.cache/stages
if [ "$1" = "--summary" ]; then
  echo "stages (seconds; side by side where two are listed at once):"; cat "$LOG"
  echo "all: $(( $(date +%s) - $(cat "$LOG.start") )) s"; exit 0
fi
if [ "$1" = "--start" ]; then mkdir -p .cache; : > "$LOG"; date +%s > "$LOG.start"; exit 0; fi
name=$1; shift
start=$(date +%s)
"$@"; status=$?
took=$(( $(date +%s) - start ))
printf '%-14s %5d s%s\n' "$name" "$took" "$([ $status -eq 0 ] || echo "  (failed, exit $status)")" | tee -a "$LOG"
exit $status
