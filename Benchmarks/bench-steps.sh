#!/usr/bin/env bash
# Importing a generated 1,000,000-row Apple-Health-style CSV (two overlapping sources) and printing daily totals:
# `weft steps import` + `weft steps days` against pandas (read_csv, then per-local-day sums) on the same file.
# Targets: faster than pandas, and under 2 s.
set -euo pipefail
weft=$1
work=$2/steps
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$work/providers"
python3 "$here/gen-steps.py" 1000000 "$work/steps.csv"
venv=$("$here/python-venv.sh" "$2" pandas)
run="$weft steps import $work/steps.csv --tz Europe/Berlin --cache $work/cache --providers $work/providers 2>/dev/null && $weft steps days --cache $work/cache --providers $work/providers"

sh -c "$run" | tail -2 >&2
"$venv/bin/python" "$here/peer-steps-days.py" "$work/steps.csv" Europe/Berlin | tail -2 >&2

hyperfine --warmup 1 --runs 5 --prepare "rm -rf $work/cache" --export-json "$work/steps.json" \
  -n "weft steps import + days" "$run" \
  -n "pandas read_csv + daily sums" "$venv/bin/python $here/peer-steps-days.py $work/steps.csv Europe/Berlin" >&2

python3 "$here/report.py" "$work/steps.json" "weft steps import + days" "pandas read_csv + daily sums" \
  "steps: import a generated 1,000,000-row Apple Health CSV and print daily totals" 1 2000 \
  --rss "rm -rf $work/cache && $run" "$venv/bin/python $here/peer-steps-days.py $work/steps.csv Europe/Berlin"
