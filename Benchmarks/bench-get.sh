#!/usr/bin/env bash
# `weft get` and `weft resolve` on a warm cache against the sqlite3 CLI reading the same value from the same file.
# Target: weft at most 1.5x the sqlite3 CLI.
set -euo pipefail
weft=$1
work=$2/get
mkdir -p "$work/providers" "$work/cache"
printf '%s\n' 'type = "command"' \
  'command = ["/bin/echo", "{\"load\": 0.42, \"users\": 3, \"host\": \"bench\"}"]' > "$work/providers/bench.toml"
"$weft" refresh --quiet --cache "$work/cache" --providers "$work/providers"
db="$work/cache/weft.sqlite"
query="SELECT json_extract(payload, '\$.values.load') FROM snapshot WHERE instance = 'bench'"
[ "$("$weft" get __bench_load --cache "$work/cache")" = "$(sqlite3 "$db" "$query")" ] || {
  echo "weft and sqlite3 disagree" >&2; exit 1; }

hyperfine -N --warmup 20 --runs 300 --export-json "$work/get.json" \
  -n "weft get" "$weft get __bench_load --cache $work/cache" \
  -n "weft resolve" "$weft resolve {{__bench_load}}_on_{{__bench_host}} --cache $work/cache" \
  -n "sqlite3 CLI" "sqlite3 $db \"$query\"" >&2

python3 - "$work/get.json" "$weft" "$work" <<'PY'
import json, subprocess, sys
results = {r["command"]: r for r in json.load(open(sys.argv[1]))["results"]}
weft, resolve, sqlite = results["weft get"], results["weft resolve"], results["sqlite3 CLI"]
def peak(cmd):
    out = subprocess.run(["/usr/bin/time", "-f", "%M"] + cmd, capture_output=True, text=True).stderr.strip().splitlines()
    return int(out[-1]) if out and out[-1].isdigit() else None
w = sys.argv[3]
wm = peak([sys.argv[2], "get", "__bench_load", "--cache", w + "/cache"])
rm = peak([sys.argv[2], "resolve", "{{__bench_load}}_on_{{__bench_host}}", "--cache", w + "/cache"])
sm = peak(["sqlite3", w + "/cache/weft.sqlite", "SELECT json_extract(payload, '$.values.load') FROM snapshot WHERE instance = 'bench'"])
ratio = weft["median"] / sqlite["median"]
print("## weft get and weft resolve vs the sqlite3 CLI (warm cache, provider variables)\n")
print("| command | median | mean ± σ | peak RSS |")
print("|---|---|---|---|")
for name, r, m in (("weft get", weft, wm), ("weft resolve", resolve, rm), ("sqlite3 CLI", sqlite, sm)):
    print(f"| {name} | {r['median']*1000:.2f} ms | {r['mean']*1000:.2f} ± {r['stddev']*1000:.2f} ms | {m or '?'} KiB |")
verdict = "meets" if ratio <= 1.5 else "misses"
rratio = resolve["median"] / sqlite["median"]
rverdict = "meets" if rratio <= 1.5 else "misses"
print(f"\nratio weft get / sqlite3: **{ratio:.2f}×** (target ≤ 1.5×: {verdict}); "
      f"weft resolve / sqlite3: **{rratio:.2f}×** ({rverdict})\n")
print(f"weft get / sqlite3 ratio: {ratio:.2f}", file=sys.stderr)
PY
