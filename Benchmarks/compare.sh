#!/usr/bin/env bash
# Two builds of weft side by side on one machine at one time, for "no slower" claims: `weft get` and `weft resolve`
# (the workload of bench-get.sh) and `weft watch` at 1 s and 50 ms (the workload of bench-watch.sh).
#
# Usage: Benchmarks/compare.sh OLD_WEFT NEW_WEFT [SECONDS]
#
# A shared or busy machine moves timings between runs far more than a change does, so the two builds never run one
# after the other: the one-shot commands alternate run by run (CPU time from wait4, so waiting for a core does not
# count), and the two watches run at the same time over the same cache (written by NEW, read by both), so they
# render at the same boundaries under the same load. CPU per tick is from /proc/PID/task/*/schedstat, as in
# bench-watch.sh.
set -euo pipefail
old=$(realpath "$1")
new=$(realpath "$2")
seconds=${3:-60}
repo=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'kill $(jobs -p) 2>/dev/null || true; rm -rf "$work"' EXIT

# The get/resolve workload.
mkdir -p "$work/get/providers"
printf '%s\n' 'type = "command"' \
  'command = ["/bin/echo", "{\"load\": 0.42, \"users\": 3, \"host\": \"bench\"}"]' > "$work/get/providers/bench.toml"
"$new" refresh --quiet --cache "$work/get/cache" --providers "$work/get/providers"

# The watch workload: a replayed nowcast, the demo calendar and steps.
coproc REPLAY { exec python3 "$repo/scripts/replay-weather.py" "$repo/Tests/Fixtures/weather/openmeteo-minutely15-derived-45min-rain.json"; }
read -r port <&"${REPLAY[0]}"
w=$work/watch
mkdir -p "$w/providers" "$w/data"
printf '%s\n' 'type = "open-meteo"' 'name = "Brno"' 'latitude = 49.19' 'longitude = 16.61' \
  "base_url = \"http://127.0.0.1:$port\"" > "$w/providers/weather.toml"
python3 "$repo/scripts/demo-data.py" "$w/data" >/dev/null
printf '%s\n' 'type = "calendar"' "sources = [{ name = \"Team\", path = \"$w/data/team.ics\" }]" \
  > "$w/providers/calendar.toml"
printf '%s\n' 'type = "steps"' "files = [\"$w/data/StepCount.csv\"]" 'goal_weekday = 8000' 'goal_weekend = 6000' \
  > "$w/providers/steps.toml"
"$new" refresh --quiet --cache "$w/cache" --providers "$w/providers"
template='{{__calendar_next_title|free}} {{__calendar_next_countdown|}} · {{__weather_nowcast|}} · 👟 {{__steps_today|0}}'
[ "$("$old" resolve "$template" --cache "$w/cache")" = "$("$new" resolve "$template" --cache "$w/cache")" ] || {
  echo "the two builds render the workload differently" >&2; exit 1; }

echo "## $(basename "$old") vs $(basename "$new"), one machine, one run ($(nproc) cores, load $(cut -d' ' -f1 /proc/loadavg))"
echo
echo "| what | old | new | new / old |"
echo "|---|---|---|---|"
python3 - "$old" "$new" "$work/get/cache" <<'PY'
import os, statistics, sys
old, new, cache = sys.argv[1:4]
commands = {
    "weft get": ["get", "__bench_load", "--cache", cache],
    "weft resolve": ["resolve", "{{__bench_load}}_on_{{__bench_host}}", "--cache", cache],
}
cpu = {(name, binary): [] for name in commands for binary in (old, new)}
null = os.open("/dev/null", os.O_WRONLY)
for run in range(220):
    for name, arguments in commands.items():
        for binary in (old, new) if run % 2 else (new, old):
            pid = os.fork()
            if pid == 0:
                os.dup2(null, 1)
                os.execv(binary, [binary] + arguments)
            _, _, usage = os.wait4(pid, 0)
            if run >= 20:
                cpu[(name, binary)].append((usage.ru_utime + usage.ru_stime) * 1000)
for name in commands:
    a, b = statistics.median(cpu[(name, old)]), statistics.median(cpu[(name, new)])
    print(f"| {name}, CPU per process (median of 200) | {a:.2f} ms | {b:.2f} ms | {b / a:.2f} |")
PY

cpu_ns() { cat /proc/"$1"/task/*/schedstat 2>/dev/null | awk '{s += $1} END {print s + 0}'; }
declare -A pid start
for interval in 1s 50ms; do
  for side in old new; do
    binary=$old; [ "$side" = new ] && binary=$new
    "$binary" watch --interval "$interval" "$template" --cache "$w/cache" --providers "$w/providers" >/dev/null &
    pid[$side.$interval]=$!
  done
done
sleep 2
for key in "${!pid[@]}"; do start[$key]=$(cpu_ns "${pid[$key]}"); done
sleep "$seconds"
for interval in 1s 50ms; do
  ticks=$(python3 -c "s='$interval'; print($seconds / (float(s[:-2]) / 1000 if s.endswith('ms') else float(s[:-1])))")
  a=$(( $(cpu_ns "${pid[old.$interval]}") - ${start[old.$interval]} ))
  b=$(( $(cpu_ns "${pid[new.$interval]}") - ${start[new.$interval]} ))
  python3 -c "a, b, t = $a / $ticks / 1000, $b / $ticks / 1000, '$interval'; \
print(f'| weft watch --interval {t}, CPU per tick ({$seconds} s, same cache, same time) | {a:.1f} µs | {b:.1f} µs | {b / a:.2f} |')"
  kill "${pid[old.$interval]}" "${pid[new.$interval]}"
done
