#!/usr/bin/env bash
# Writes Sources/weft-notify/hot-functions.order: the functions weft-notify runs, which its release link lays
# together (Package.swift, `notifyHotFunctions`). The kernel maps a program's code 64 kB at a time around each page
# it runs, so the notifier's resident memory is the number of 64 kB windows its functions touch: scattered over the
# whole binary they kept ~13 MB resident, laid together ~1 MB of code needs a few MB.
#
# What it runs is what callgrind sees in the bench's configuration (Benchmarks/bench-notify.sh: an alarm, a calendar
# with reminders, a rain nowcast) with a notification server on a private session bus: the notifier started and
# idle, a timer started meanwhile and delivered at zero (again with no session bus), and a simulated day (alarm,
# pre-alert, reminders).
# `make notify-hot-functions` runs it and relinks (SwiftPM does not know the list is an input of the link, so it
# removes the linked program first). Run it after changing what the notifier does: a function missing from the list
# (new, renamed) still links, only away from the rest, and `make bench` shows the resident memory it costs.
#
# Usage: scripts/notify-hot-functions.sh [RELEASE_DIR]   (default .build-release/release, as `make release` builds)
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)
out=$repo/Sources/weft-notify/hot-functions.order
export LC_ALL=C
command -v valgrind >/dev/null || { echo "valgrind is not installed (apt-get install valgrind)" >&2; exit 2; }
release=$(cd "${1:-.build-release/release}" && pwd)
[ -x "$release/weft" ] && [ -x "$release/weft-notify" ] || { echo "no $release/weft and weft-notify: make release" >&2; exit 2; }

work=$(mktemp -d)
pids=()
cleanup() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    rm -rf "$work"
}
trap cleanup EXIT

# The bench's configuration and cache (its replay server refreshes the nowcast), measured for a second.
NOTIFY_BENCH_SECONDS=1 Benchmarks/bench-notify.sh "$release/weft" "$work" >/dev/null 2>&1
cd "$work/notify"
loc=(--cache "$work/notify/cache" --providers "$work/notify/providers")
# valgrind 3.19 (Debian 12) cannot read the DWARF 5 the toolchain writes: a copy without it, symbols kept.
objcopy --strip-debug "$release/weft-notify" "$work/weft-notify"

# A private session bus and the tests' notification server (Debian's python3: python3-dbus, `make deps`).
cat >"$work/bus.conf" <<CONF
<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig><type>session</type><listen>unix:path=$work/bus</listen><auth>EXTERNAL</auth>
<policy context="default"><allow send_destination="*" eavesdrop="true"/><allow eavesdrop="true"/><allow own="*"/></policy>
</busconfig>
CONF
dbus-daemon --config-file="$work/bus.conf" --print-address --nofork --nosyslog >"$work/address" 2>/dev/null &
pids+=("$!")
for _ in $(seq 100); do [ -s "$work/address" ] && break; sleep 0.1; done
read -r address <"$work/address"
export DBUS_SESSION_BUS_ADDRESS=$address
coproc SERVER { exec /usr/bin/python3 "$repo/Tests/Fixtures/dbus/notification_server.py" --address "$address" \
    --record "$work/calls.jsonl" --capabilities actions,body,body-markup,persistence; }
pids+=("$SERVER_PID")
read -r ready <&"${SERVER[0]}"
[[ $ready == ready* ]] || { echo "the notification server did not start: $ready" >&2; exit 1; }

# Started and idle, then a timer at zero: over the bus, and again with no session bus (its commands only).
idle_then_timer() {
    local name=$1 label=$2
    valgrind --tool=callgrind --demangle=no --callgrind-out-file="$work/run-$name.%p" \
        "$work/weft-notify" "${loc[@]}" 2>"$work/$name.log" >/dev/null &
    local notifier=$!
    pids+=("$notifier")
    "$release/weft" timer start 20s --label "$label" "${loc[@]}" >/dev/null
    for _ in $(seq 240); do
        grep -q "timer:.*: delivered" "$work/$name.log" && break
        sleep 0.5
    done
    grep -q "timer:.*: delivered" "$work/$name.log" || { echo "the timer was not delivered:" >&2; cat "$work/$name.log" >&2; exit 1; }
    sleep 2
    kill "$notifier"
    wait "$notifier" 2>/dev/null || true
}
idle_then_timer bus Pomodoro
DBUS_SESSION_BUS_ADDRESS= idle_then_timer nobus Tea

# A simulated day: the alarm and its pre-alert, the reminders.
valgrind --tool=callgrind --demangle=no --callgrind-out-file="$work/day.%p" "$work/weft-notify" "${loc[@]}" \
    --now "$(date -u +%Y-%m-%dT%H:%M:%SZ)" --simulate-until +1d >/dev/null 2>&1

# Every function callgrind saw (its recursion suffix `'2` dropped) that the program defines, in the program's order.
cat "$work"/run-* "$work"/day.* | sed -nE "s/^c?fn=\([0-9]+\) (.*)$/\1/p" | sed -E "s/'[0-9]+$//" | sort -u >"$work/ran"
nm -S --defined-only "$work/weft-notify" | awk 'NF == 4 && $3 ~ /^[tTwW]$/ && $2 !~ /^0+$/ {print $1, $4}' \
    | sort -k2,2 >"$work/defined"
{
    echo "# The functions weft-notify runs, laid together by its release link (Package.swift, notifyHotFunctions)."
    echo "# Written by scripts/notify-hot-functions.sh; do not edit."
    join -1 1 -2 2 "$work/ran" "$work/defined" | sort -k2,2 | awk '!seen[$1]++ {print $1}'
} >"$out"
echo "$out: $(grep -vc '^#' "$out") functions"
