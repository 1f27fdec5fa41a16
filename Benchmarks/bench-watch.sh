#!/usr/bin/env bash
# The per-second path, side by side in one run: three long-running `weft watch --interval 1s` (the full status line:
# calendar countdown, rain nowcast, steps today and the minute clock; the same with a seconds clock; `{{__time}}`
# alone), i3status (clock, load, a file) and a loop running one `weft resolve` of the full line per second, all at
# once on the same machine. Goals (issue 31): full ≤ 50 µs CPU per second, with seconds ≤ 100 µs, `{{__time}}`
# ≤ 20 µs, ≤ 2 wake-ups a minute when nothing the template reads changes, ≤ 30 MiB resident.
#
# CPU and wake-ups come from /proc/PID/task/*/schedstat (nanoseconds on the CPU and times scheduled in, every
# thread) over the same wall time after a warm-up, so start-up is not counted; the resolve loop's CPU is its
# processes' user + system time (bash's `times`). Then `strace -c -f` attaches to each program for the same wall
# time and counts its system calls. WATCH_BENCH_BASELINE=PATH adds the rows of another weft binary (the one before a
# change) to the same run.
set -euo pipefail
weft=$1
work=$2/watch
repo=$(cd "$(dirname "$0")/.." && pwd)
seconds=${WATCH_BENCH_SECONDS:-60}
baseline=${WATCH_BENCH_BASELINE:-}
mkdir -p "$work/providers" "$work/data"

coproc REPLAY { exec python3 "$repo/scripts/replay-weather.py" "$repo/Tests/Fixtures/weather/openmeteo-minutely15-derived-45min-rain.json"; }
replay=$REPLAY_PID
trap 'kill "$replay" 2>/dev/null || true' EXIT
read -r port <&"${REPLAY[0]}"
cat > "$work/providers/weather.toml" <<TOML
type = "open-meteo"
name = "Brno"
latitude = 49.19
longitude = 16.61
base_url = "http://127.0.0.1:$port"
TOML
python3 "$repo/scripts/demo-data.py" "$work/data" >/dev/null
cat > "$work/providers/calendar.toml" <<TOML
type = "calendar"
sources = [{ name = "Team", path = "$work/data/team.ics" }]
TOML
cat > "$work/providers/steps.toml" <<TOML
type = "steps"
files = ["$work/data/StepCount.csv"]
goal_weekday = 8000
goal_weekend = 6000
TOML
loc=(--cache "$work/cache" --providers "$work/providers")
"$weft" refresh --quiet "${loc[@]}"
full='{{__calendar_next_title|free}} {{__calendar_next_countdown|}} · {{__weather_nowcast|}} · 👟 {{__steps_today|0}} {{__time}}'
seconds_clock='{{__calendar_next_title|free}} {{__calendar_next_countdown|}} · {{__weather_nowcast|}} · 👟 {{__steps_today|0}} {{__now||date:HH:mm:ss}}'
templates=("$full" "$seconds_clock" '{{__time}}')
names=("full status line" "full + seconds clock" "{{__time}}")
echo "template: $("$weft" resolve "$full" "${loc[@]}")" >&2

# CPU nanoseconds and times scheduled in, summed over every thread of a process.
sched() { cat /proc/"$1"/task/*/schedstat 2>/dev/null | awk '{s += $1; n += $3} END {print s + 0, n + 0}'; }
rss_kib() { awk '/VmRSS/ {print $2}' /proc/"$1"/status; }

# Everything starts at once; each row: label, pid.
labels=(); pids=()
start_watch() { # LABEL BINARY TEMPLATE
  "$2" watch --interval 1s "$3" "${loc[@]}" > /dev/null &
  labels+=("$1"); pids+=($!)
}
for i in 0 1 2; do
  start_watch "weft watch: ${names[$i]}" "$weft" "${templates[$i]}"
  if [[ -n $baseline ]]; then start_watch "baseline watch: ${names[$i]}" "$baseline" "${templates[$i]}"; fi
done
# i3status-rust is not in Debian 12 (bookworm; it arrives in trixie), so its row is left out; i3status, the C
# status program i3 ships with, stands in as the reference for a per-second bar (clock, load, a file read).
if command -v i3status >/dev/null; then
  cat > "$work/i3status.conf" <<CONF
general { output_format = "i3bar" colors = false interval = 1 }
order += "read_file next"
order += "load"
order += "tztime local"
read_file next { path = "$work/data/team.ics" max_characters = 20 }
load { format = "%1min" }
tztime local { format = "%H:%M" }
CONF
  i3status -c "$work/i3status.conf" > /dev/null &
  labels+=("i3status (C; clock, load, a file; interval 1 s)"); pids+=($!)
fi
# One `weft resolve` of the full line per second, as a bar's per-second command runs it; `times` gives its
# processes' CPU when it ends.
bash -c 'end=$((SECONDS + $1)); shift; while ((SECONDS < end)); do "$@" > /dev/null; sleep 1; done; times' \
  resolve-loop "$((seconds * 2 + 8))" "$weft" resolve "$full" "${loc[@]}" > "$work/resolve-times.txt" &
resolve_pid=$!
trap 'kill "$replay" "${pids[@]}" "$resolve_pid" 2>/dev/null || true' EXIT

sleep 3
declare -A cpu0 wake0
for pid in "${pids[@]}"; do read -r "cpu0[$pid]" "wake0[$pid]" < <(sched "$pid"); done
sleep "$seconds"
rows=()
for i in "${!pids[@]}"; do
  pid=${pids[$i]}
  read -r c w < <(sched "$pid")
  rows+=("${labels[$i]}|$(( (c - cpu0[$pid]) / seconds ))|$(( (w - wake0[$pid]) * 60 / seconds ))|$(rss_kib "$pid")")
done
# System calls over the same wall time again, strace attached to each (the resolve loop's: bash's, its sleeps' and
# its weft processes').
strace_pids=()
for pid in "${pids[@]}" "$resolve_pid"; do
  timeout -s INT "$seconds" strace -c -f -p "$pid" -o "$work/strace-$pid.txt" 2>/dev/null &
  strace_pids+=($!)
done
wait "${strace_pids[@]}" 2>/dev/null || true
# The total line: % time, seconds, usecs/call, calls, [errors,] "total".
calls() { awk '$NF == "total" {print $4}' "$work/strace-$1.txt" 2>/dev/null | tail -1; }
for i in "${!pids[@]}"; do rows[$i]+="|$(calls "${pids[$i]}")"; done
kill "${pids[@]}" 2>/dev/null || true
wait "$resolve_pid" 2>/dev/null || true
resolve_calls=$(calls "$resolve_pid")
resolve_rss=$(/usr/bin/time -f %M "$weft" resolve "$full" "${loc[@]}" 2>&1 >/dev/null | tail -1)

python3 - "$work/resolve-times.txt" "$seconds" "$resolve_rss" "${resolve_calls:-0}" "$full" "$seconds_clock" \
  "${rows[@]}" <<'PY'
import re, sys
times, seconds, resolve_rss, resolve_calls, full, seconds_clock = sys.argv[1:7]
rows = [r.split("|") for r in sys.argv[7:]]
seconds = int(seconds)
def secs(t):
    m = re.match(r"(\d+)m([\d.]+)s", t)
    return int(m.group(1)) * 60 + float(m.group(2))
lines = open(times).read().split("\n")
user, system = (secs(t) for t in lines[1].split())
# The loop ran 2 × seconds + 8 s (CPU window, strace window, warm-up); its CPU per second of wall time.
loop_seconds = seconds * 2 + 8
resolve_us = (user + system) / loop_seconds * 1e6
print("## weft watch at 1 s beside i3status and one `weft resolve` per second (one run, all at once)\n")
print(f"Full line: `{full}`; with a seconds clock: `{seconds_clock}`. Every program runs at the same time; CPU "
      f"(all threads) and wake-ups (times scheduled in) over {seconds} s after a 3 s warm-up, then system calls "
      f"from `strace -c -f` attached for another {seconds} s.\n")
print("| program | CPU µs per second | wake-ups per minute | syscalls per minute | resident |")
print("|---|---|---|---|---|")
per_minute = 60 / seconds
for label, ns, wakes, rss, calls in rows:
    calls = int(calls or 0)
    print(f"| {label} | {int(ns) / 1000:.1f} | {wakes} | {calls * per_minute:.0f} | {int(rss) / 1024:.1f} MiB |")
print(f"| weft resolve of the full line, one process per second | {resolve_us:.0f} | — (a process a second) | "
      f"{int(resolve_calls) * per_minute:.0f} (with bash and sleep) | {int(resolve_rss) / 1024:.1f} MiB peak |")
goals = {"weft watch: full status line": 50, "weft watch: full + seconds clock": 100, "weft watch: {{__time}}": 20}
print()
for label, ns, wakes, rss, calls in rows:
    if label in goals:
        us = int(ns) / 1000
        ok = us <= goals[label] and int(rss) <= 30 * 1024
        print(f"- {label}: goal ≤ {goals[label]} µs/s and ≤ 30 MiB: **{'met' if ok else 'missed'}** "
              f"({us:.1f} µs/s, {int(rss) / 1024:.1f} MiB, {wakes} wake-ups a minute)")
print()
for label, ns, wakes, rss, calls in rows:
    print(f"{label}: {int(ns) / 1000:.1f} µs/s, {wakes} wake-ups/min", file=sys.stderr)
PY
