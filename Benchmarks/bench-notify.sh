#!/usr/bin/env bash
# The notifier's idle cost: one `weft notify` with an alarm (when this build has `weft alarm`), a calendar with
# reminders and a rain nowcast configured and nothing due. Goal: ≤ 60 wake-ups an hour when nothing is due and
# ≤ 20 MB resident.
#
# Two measures: the real process over a fixed wall time (CPU from /proc/PID/task/*/schedstat, wake-ups from the
# voluntary context switches of its threads, resident memory from /proc/PID/status), scaled to an hour; and a
# simulated day (`--simulate-until`, the notifier's own loop on a clock that jumps instead of waiting), which counts
# the wake-ups the loop asks for over 24 hours, deliveries included.
set -euo pipefail
weft=$1
work=$2/notify
repo=$(cd "$(dirname "$0")/.." && pwd)
seconds=${NOTIFY_BENCH_SECONDS:-120}
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
cat > "$work/notify.toml" <<TOML
[rain]
[reminders]
command = ["true"]
TOML
loc=(--cache "$work/cache" --providers "$work/providers")
"$weft" refresh --quiet "${loc[@]}"
alarm="no (this build has no weft alarm)"
if "$weft" alarm add 07:00 --days daily --label Wake "${loc[@]}" >/dev/null 2>&1; then alarm="yes, 07:00 daily"; fi

cpu_ns() { cat /proc/"$1"/task/*/schedstat 2>/dev/null | awk '{s += $1} END {print s + 0}'; }
switches() { cat /proc/"$1"/task/*/status 2>/dev/null | awk '/^voluntary_ctxt_switches/ {s += $2} END {print s + 0}'; }
rss_kib() { awk '/VmRSS/ {print $2}' /proc/"$1"/status; }

"$weft" notify "${loc[@]}" >/dev/null 2>"$work/notify.log" &
pid=$!
sleep 3
cpu0=$(cpu_ns "$pid"); sw0=$(switches "$pid")
sleep "$seconds"
cpu1=$(cpu_ns "$pid"); sw1=$(switches "$pid"); rss=$(rss_kib "$pid")
dirty=$(awk '/^Private_Dirty/ {print $2}' /proc/"$pid"/smaps_rollup)
# Where the resident pages are: the program's own file (its code and read-only data, clean, shared with the page
# cache), the shared libraries' files, and the rest (heap, stacks, relocated data: private, dirty).
program=$(readlink /proc/"$pid"/exe)
breakdown=$(awk -v program="$program" '
    /^[0-9a-f]+-[0-9a-f]+ / { file = $6 }
    /^Rss:/ { if (file == program) own += $2; else if (file ~ /^\//) libs += $2; else rest += $2 }
    END { printf "%d %d %d", own, libs, rest }' /proc/"$pid"/smaps)
# The same process after something fired (a timer at zero, delivered to no server): what delivering adds stays.
"$weft" timer start 1s --label Tea "${loc[@]}" >/dev/null
for _ in $(seq 100); do grep -q "timer:.*: delivered" "$work/notify.log" && break; sleep 0.1; done
sleep 1
fired=$(rss_kib "$pid")
kill "$pid"; wait "$pid" 2>/dev/null || true

now=$(date -u +%Y-%m-%dT%H:%M:%SZ)
simulated=$("$weft" notify "${loc[@]}" --now "$now" --simulate-until +1d 2>&1 >/dev/null | awk '/wake-ups/ {print $2}' | tail -1)

python3 - "$cpu0" "$cpu1" "$sw0" "$sw1" "$rss" "$seconds" "${simulated:-0}" "$alarm" "${dirty:-0}" "$fired" $breakdown <<'PY'
import sys
cpu0, cpu1, sw0, sw1, rss, seconds, simulated = (int(x) for x in sys.argv[1:8])
alarm = sys.argv[8]
dirty = int(sys.argv[9])
fired = int(sys.argv[10])
own, libs, rest = (int(x) for x in sys.argv[11:14])
hour = 3600 / seconds
cpu_hour = (cpu1 - cpu0) * hour / 1e9
wakes_hour = (sw1 - sw0) * hour
print("## weft notify: idle cost (an alarm, a calendar with reminders, a rain nowcast)\n")
print(f"The real process over {seconds} s after a 3 s start, scaled to an hour; the simulated day runs the notifier's "
      f"own loop for 24 h on a clock that jumps. Alarm configured: {alarm}.\n")
print("| what | per hour |")
print("|---|---|")
print(f"| CPU (real process) | {cpu_hour * 1000:.1f} ms |")
print(f"| wake-ups (real process: voluntary context switches) | {wakes_hour:.0f} |")
print(f"| wake-ups (simulated day / 24) | {simulated / 24:.1f} |")
print(f"| resident memory | {rss / 1024:.1f} MiB ({dirty / 1024:.1f} MiB private dirty) |")
print(f"| … of which the program's own file (the code and data it touched) | {own / 1024:.1f} MiB |")
print(f"| … the shared libraries' files (libc, libstdc++, SQLite, …) | {libs / 1024:.1f} MiB |")
print(f"| … heap, stacks and other anonymous pages | {rest / 1024:.1f} MiB |")
print(f"| resident memory after a timer fired (no notification server) | {fired / 1024:.1f} MiB |")
goal = "meets" if wakes_hour + 12 <= 60 and simulated / 24 <= 60 and max(rss, fired) <= 20 * 1024 else "misses"
print("\nThe program's own file counts the 64 kB around each page of code it ran (the kernel maps them together); "
      "the release link lays the functions the notifier runs side by side (Sources/weft-notify/hot-functions.order, "
      "`make notify-hot-functions`), so they fill few of those.")
print("\nBesides what is due, the loop wakes at most every 5 minutes to read the wall clock again (12 an hour), so a "
      "machine that slept sees what fell due meanwhile.")
print(f"\nGoal ≤ 60 wake-ups an hour idle and ≤ 20 MB resident: weft notify **{goal}** it.\n")
print(f"weft notify: {wakes_hour:.0f} wake-ups/h, {cpu_hour*1000:.1f} ms CPU/h, {rss/1024:.1f} MiB", file=sys.stderr)
PY
