#!/usr/bin/env bash
# A full `weft refresh` of every provider kind against loopback servers: Open-Meteo replayed from a recording,
# a 2,000-event calendar over HTTP plus a local one, a 100,000-row step export and a command. Timed cold (a new
# cache: everything fetched, parsed and imported) and warm (`--force` on a kept cache: conditional GETs answered
# 304, unchanged step files skipped), as cron runs it.
set -euo pipefail
weft=$1
work=$2/refresh
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
mkdir -p "$work/providers" "$work/www"
python3 "$here/gen-calendar.py" 2000 "$work/www/team.ics"
python3 "$here/gen-calendar.py" 500 "$work/home.ics"
python3 "$here/gen-steps.py" 100000 "$work/steps.csv" >/dev/null

# Each server prints its ephemeral port first, into the file named by serve's first argument.
server_pids=""
serve() {
  local out=$1
  shift
  "$@" >"$out" &
  server_pids="$server_pids $!"
  for _ in $(seq 200); do [ -s "$out" ] && break; sleep 0.05; done
}
serve "$work/weather.port" python3 "$root/scripts/replay-weather.py" \
  "$root/Tests/Fixtures/weather/openmeteo-minutely15-derived-45min-rain.json"
serve "$work/files.port" python3 "$here/serve-dir.py" "$work/www"
weather_port=$(head -1 "$work/weather.port")
files_port=$(head -1 "$work/files.port")
trap 'kill $server_pids 2>/dev/null || true' EXIT

cat >"$work/providers/weather.toml" <<TOML
type = "open-meteo"
name = "Brno"
latitude = 49.19
longitude = 16.61
base_url = "http://127.0.0.1:$weather_port"
TOML
cat >"$work/providers/calendar.toml" <<TOML
type = "calendar"
sources = [
  { name = "Team", url = "http://127.0.0.1:$files_port/team.ics" },
  { name = "Home", path = "$work/home.ics" },
]
timezone = "Europe/Berlin"
TOML
cat >"$work/providers/steps.toml" <<TOML
type = "steps"
files = ["$work/steps.csv"]
timezone = "Europe/Berlin"
TOML
printf '#!/bin/sh\nexec %s "$@" --quiet --providers %s --cache %s\n' "$weft" "$work/providers" "$work/cache" \
  >"$work/refresh.sh"
chmod +x "$work/refresh.sh"
printf 'type = "command"\ncommand = ["/bin/echo", "{\\"load\\": 0.5}"]\n' >"$work/providers/load.toml"
"$work/refresh.sh" refresh
"$weft" status --providers "$work/providers" --cache "$work/cache" >&2

# Peak memory of one cold and one warm run (hyperfine 1.15 does not record it).
rm -rf "$work/cache"
/usr/bin/time -o "$work/cold.rss" -f %M "$work/refresh.sh" refresh
/usr/bin/time -o "$work/warm.rss" -f %M "$work/refresh.sh" refresh --force

hyperfine -N --runs 5 --prepare "rm -rf $work/cache" --export-json "$work/cold.json" \
  -n "weft refresh (new cache)" "$work/refresh.sh refresh" >&2
"$work/refresh.sh" refresh
hyperfine -N --warmup 1 --runs 10 --export-json "$work/warm.json" \
  -n "weft refresh --force (kept cache)" "$work/refresh.sh refresh --force" >&2

python3 - "$work/cold.json" "$(tail -1 "$work/cold.rss")" "$work/warm.json" "$(tail -1 "$work/warm.rss")" <<'PY'
import json, sys
print("## weft refresh of every provider kind against loopback servers\n")
print("Open-Meteo (replayed recording), a 2,000-event calendar over HTTP and a 500-event local one, a")
print("100,000-row Apple Health export, a command provider.\n")
print("| run | median | mean ± σ | peak RSS |")
print("|---|---|---|---|")
for path, rss in zip(sys.argv[1::2], sys.argv[2::2]):
    for r in json.load(open(path))["results"]:
        print(f"| {r['command']} | {r['median'] * 1000:.0f} ms | {r['mean'] * 1000:.0f} ± {r['stddev'] * 1000:.0f} ms | {rss} KiB |")
print()
PY
