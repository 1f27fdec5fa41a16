#!/usr/bin/env bash
# Runs every benchmark side by side with its peer and writes bench/RESULTS.md.
# Usage: Benchmarks/run.sh PATH/TO/weft   (make bench builds the release binary first)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
weft=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
out="$root/bench"
mkdir -p "$out"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

{
  echo "# weft benchmarks"
  echo
  echo "- date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "- machine: $(nproc) cores, $(awk '/MemTotal/ {printf "%.0f GiB", $2/1048576}' /proc/meminfo), $(uname -sr)"
  echo "- cpu: $(awk -F': ' '/model name/ {print $2; exit}' /proc/cpuinfo)"
  echo "- weft: $("$weft" --version), $(stat -c %s "$weft") bytes, $(file -b "$weft" | cut -d, -f1-2)"
  echo "- hyperfine: $(hyperfine --version), sqlite3: $(sqlite3 --version | cut -d' ' -f1)"
  echo
} > "$out/RESULTS.md"

for bench in "$here"/bench-*.sh; do
  echo "== $(basename "$bench")"
  "$bench" "$weft" "$work" >> "$out/RESULTS.md"
done
cat "$out/RESULTS.md"
