#!/usr/bin/env bash
# Importing a generated 1,000,000-row Apple-Health-style CSV (two overlapping sources) and printing daily totals:
# `weft steps import` + `weft steps days` against pandas (read_csv, then per-local-day sums) on the same file.
# Targets: faster than pandas, and under 1 s; the CSV is read in chunks, so weft's peak RSS stays under 60 MiB.
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
  "steps: import a generated 1,000,000-row Apple Health CSV and print daily totals" 1 1000 \
  --rss "rm -rf $work/cache && $run" "$venv/bin/python $here/peer-steps-days.py $work/steps.csv Europe/Berlin"

# QS Access rows (hour buckets, local wall times) against Apple CSV rows, the same number of each, imported into an
# empty cache: per-row cost and peak RSS side by side. Target: a QS Access row costs no more than 2 Apple rows.
rows=200000
python3 "$here/gen-qs-access.py" $rows "$work/qs.csv"
python3 "$here/gen-steps.py" $rows "$work/apple-rows.csv"
qs="$weft steps import $work/qs.csv --tz Europe/Berlin --cache $work/qs-cache --providers $work/providers"
apple="$weft steps import $work/apple-rows.csv --tz Europe/Berlin --cache $work/apple-cache --providers $work/providers"
hyperfine --warmup 1 --runs 5 --prepare "rm -rf $work/qs-cache $work/apple-cache" --export-json "$work/qs.json" \
  -n "QS Access rows" "$qs 2>/dev/null" -n "Apple CSV rows" "$apple 2>/dev/null" >&2
rss() { rm -rf "$work/qs-cache" "$work/apple-cache"; /usr/bin/time -f %M sh -c "$1 2>/dev/null" 2>&1 >/dev/null | tail -1; }
python3 - "$work/qs.json" $rows "$(rss "$qs")" "$(rss "$apple")" <<'PY'
import json, sys
results = {r["command"]: r for r in json.load(open(sys.argv[1]))["results"]}
rows = int(sys.argv[2])
qs, apple = results["QS Access rows"], results["Apple CSV rows"]
print(f"## steps: import {rows:,} QS Access hour rows against {rows:,} Apple Health CSV rows\n")
print("| command | median | per row | max RSS |")
print("|---|---|---|---|")
for name, r, rss in (("QS Access rows", qs, sys.argv[3]), ("Apple CSV rows", apple, sys.argv[4])):
    print(f"| {name} | {r['median'] * 1000:.1f} ms | {r['median'] / rows * 1e9:.0f} ns | {rss} KiB |")
ratio = qs["median"] / apple["median"]
print(f"\na QS Access row costs **{ratio:.2f}×** an Apple CSV row (target at most 2×: {'meets' if ratio <= 2 else 'misses'})\n")
print(f"QS Access rows: {ratio:.2f}x the cost of Apple CSV rows", file=sys.stderr)
PY

# A Google Fit Takeout JSON of 300,000 data points (about 95 MB), streamed: weft's import against Python's json.load
# of the same file. Target: peak RSS well under the file's size.
python3 "$here/gen-google-fit-json.py" 300000 "$work/fit.json"
fit="$weft steps import $work/fit.json --tz Europe/Berlin --cache $work/fit-cache --providers $work/providers"
hyperfine --warmup 1 --runs 3 --prepare "rm -rf $work/fit-cache" --export-json "$work/fit.json.results" \
  -n "weft steps import (Google Fit JSON)" "$fit 2>/dev/null" \
  -n "python json.load + daily sums" "python3 $here/peer-google-fit-json.py $work/fit.json" >&2
python3 "$here/report.py" "$work/fit.json.results" "weft steps import (Google Fit JSON)" \
  "python json.load + daily sums" "steps: import a generated 300,000-point (95 MB) Google Fit Takeout JSON" 0 \
  --rss "rm -rf $work/fit-cache && $fit" "python3 $here/peer-google-fit-json.py $work/fit.json"
