#!/usr/bin/env bash
# `make demo`: refreshes every kind of provider into a throw-away cache and prints resolved sample templates.
#
# Usage: scripts/demo.sh WEFT RECORDED_WEATHER.json
# Weather comes from a loopback server replaying a recorded Open-Meteo response shifted to now; the calendar and
# the step export are generated around now by scripts/demo-data.py. No internet, and nothing outside a temporary
# directory is written: every command gets --cache and --providers.
set -euo pipefail
weft=$(realpath "$1")
weather=$(realpath "$2")
repo=$(cd "$(dirname "$0")/.." && pwd)

tmp=$(mktemp -d)
replay=""
trap 'test -n "$replay" && kill "$replay"; rm -rf "$tmp"' EXIT
mkdir -p "$tmp/providers" "$tmp/data"

# The examples name their data relative to their own folder, so it is copied with them.
cp -R "$repo"/providers/*.toml "$repo/providers/examples" "$tmp/providers/"

coproc REPLAY { exec python3 "$repo/scripts/replay-weather.py" "$weather"; }
replay=$REPLAY_PID
read -r port <&"${REPLAY[0]}"
cat > "$tmp/providers/weather.toml" <<EOF
type = "open-meteo"
name = "Brno"
latitude = 49.19
longitude = 16.61
base_url = "http://127.0.0.1:$port"
EOF

python3 "$repo/scripts/demo-data.py" "$tmp/data"
cat > "$tmp/providers/calendar.toml" <<EOF
type = "calendar"
sources = [{ name = "Team", path = "$tmp/data/team.ics" }]
EOF
cat > "$tmp/providers/steps.toml" <<EOF
type = "steps"
files = ["$tmp/data/StepCount.csv"]
goal_weekday = 8000
goal_weekend = 6000
EOF

w() { "$weft" "$@" --cache "$tmp/cache" --providers "$tmp/providers"; }
echo "\$ weft refresh"
w refresh
w var set water 0 --goal 8 --reset daily --min 0 >/dev/null
for _ in 1 2 3; do w var incr water >/dev/null; done
for t in \
  '{{__weekday}} {{__today}} {{__time}}' \
  'load {{__system_load1|?||number:2}} · up {{__system_uptime_hours|?}} h · mem {{__system_mem_used_pct|?}}% {{=__system_mem_used_pct/100||bar:10}}' \
  '“{{__q_text}}” — {{__q_author|anonymous||upper}}' \
  'water {{water|0}}/8 {{=ratio(water,8)||percent}} {{=ratio(water,8)||bar:8}}' \
  '{{__weather_location}}: {{__weather_nowcast_spark}} {{__weather_rain_next_hour_summary}}' \
  '{{__calendar_header}}: {{__calendar_next_title}} · {{__calendar_next_label}} · {{__calendar_next_time_range}} · then {{__calendar_then_title}} ({{__calendar_then_label}})' \
  '👟 {{__steps_today}}/{{__steps_goal_today}} {{__steps_today_percent}}% {{=__steps_today_fraction||bar:10}} · streak {{__steps_streak}} days · 7-day average {{__steps_avg_7}}' \
  'missing: {{__nothing_here|fallback shown||upper}} · maths: {{=min(2^10, 1000) + pi||number:3}}'; do
  echo "\$ weft resolve '$t'"
  w resolve "$t"
done
echo "\$ weft calendar list team.ics --from now --to 'in 8 days'"
"$weft" calendar list "$tmp/data/team.ics" --from "$(date -u +%FT%TZ)" --to "$(date -u -d '+8 days' +%FT%TZ)"
echo "\$ weft steps days --from $(date -d '-2 days' +%F)"
w steps days --from "$(date -d '-2 days' +%F)"
echo "\$ weft weather nowcast"
w weather nowcast
echo "\$ weft status"
w status
