#!/bin/sh
# Long fuzz run (manual): every fuzz loop runs ITERATIONS cases, truncation covers
# every Examples/ file, fix safety covers the whole 200k-line synthetic corpus.
#   scripts/fuzz-long.sh [ITERATIONS] [SEED]
set -eu
cd "$(dirname "$0")/.."
export SWIFTUI_GOTCHAS_FUZZ_ITERATIONS="${1:-100000}"
if [ $# -ge 2 ]; then export SWIFTUI_GOTCHAS_FUZZ_SEED="$2"; fi
swift build --build-tests
exec swift test --skip-build --filter GotchasReliabilityTests 2>&1 | tee fuzz-long.log | grep -E '^\[fuzz\]|✘|error|passed after|failed after'
