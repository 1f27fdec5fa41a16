#!/usr/bin/env bash
# A full `weft refresh` of every provider kind against loopback servers: Open-Meteo replayed from a recording,
# MET Norway (nowcast, forecast and MetAlerts), Pirate Weather and WeatherKit (a freshly signed ES256 token per run) from recorded responses served
# as files, a 2,000-event calendar over HTTP plus a local one, a 100,000-row step export, a habit export and a
# command. Timed cold (a new
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
fixtures=$root/Tests/Fixtures/weather
# The recorded API responses at the paths each adapter asks for (the static server ignores query strings).
mkdir -p "$work/www/weatherapi/nowcast/2.0" "$work/www/weatherapi/locationforecast/2.0" \
  "$work/www/weatherapi/metalerts/2.0" "$work/www/forecast/benchkey" "$work/www/api/v1/weather/en/40.7128"
cp "$fixtures/met-nowcast-complete-trondheim-2023-rain.json" "$work/www/weatherapi/nowcast/2.0/complete"
cp "$fixtures/met-locationforecast-complete-toulon-2024-trimmed.json" \
  "$work/www/weatherapi/locationforecast/2.0/complete"
cp "$fixtures/met-metalerts-current-torungen-2024-gale.json" "$work/www/weatherapi/metalerts/2.0/current.json"
cp "$fixtures/pirateweather-forecast-nyc-2023-sanitized-trimmed.json" "$work/www/forecast/benchkey/40.7128,-74.006"
cp "$fixtures/weatherkit-full-nyc-2022-trimmed.json" "$work/www/api/v1/weather/en/40.7128/-74.006"
echo benchkey >"$work/pirate.key"
openssl ecparam -name prime256v1 -genkey -noout | openssl pkcs8 -topk8 -nocrypt -out "$work/AuthKey.p8"
cp "$root/providers/examples/identitybuilder.csv" "$work/habits.csv"

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
cat >"$work/providers/met.toml" <<TOML
type = "met-norway"
name = "Trondheim"
latitude = 63.43
longitude = 10.39
contact = "bench@example.org"
prefix = "__met_"
base_url = "http://127.0.0.1:$files_port"
TOML
cat >"$work/providers/pirate.toml" <<TOML
type = "pirate-weather"
name = "New York"
latitude = 40.7128
longitude = -74.006
api_key_file = "$work/pirate.key"
prefix = "__pirate_"
base_url = "http://127.0.0.1:$files_port"
TOML
cat >"$work/providers/weatherkit.toml" <<TOML
type = "weatherkit"
name = "New York"
latitude = 40.7128
longitude = -74.006
team_id = "ABCDE12345"
service_id = "org.example.weft"
key_id = "KEY1234567"
private_key_file = "$work/AuthKey.p8"
prefix = "__weatherkit_"
base_url = "http://127.0.0.1:$files_port"
TOML
cat >"$work/providers/habits.toml" <<TOML
type = "habits"
files = ["$work/habits.csv"]
timezone = "Europe/Berlin"
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
print("Open-Meteo (replayed recording); MET Norway, Pirate Weather and WeatherKit (recorded responses, an ES256")
print("token signed per run); a 2,000-event calendar over HTTP and a 500-event local one; a 100,000-row Apple")
print("Health export; an identitybuilder habit export; a command provider.\n")
print("| run | median | mean ± σ | peak RSS |")
print("|---|---|---|---|")
for path, rss in zip(sys.argv[1::2], sys.argv[2::2]):
    for r in json.load(open(path))["results"]:
        print(f"| {r['command']} | {r['median'] * 1000:.0f} ms | {r['mean'] * 1000:.0f} ± {r['stddev'] * 1000:.0f} ms | {rss} KiB |")
print()
PY
