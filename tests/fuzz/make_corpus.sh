#!/usr/bin/env bash
# Builds the fuzzer's seed corpus (DIR, default build/fuzz/seeds) from the golden programs.
set -euo pipefail
cd "$(dirname "$0")/../.."
dir=${1:-build/fuzz/seeds}
mkdir -p "$dir"
for f in tests/golden/*/*.py; do
  base=${f#tests/golden/}
  cp "$f" "$dir/${base//\//_}"
done
