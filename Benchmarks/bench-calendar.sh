#!/usr/bin/env bash
# Parse + next-up on a generated 10,000-event calendar: `weft calendar next` against python
# recurring-ical-events answering the same question, with the peak RSS of both. Targets: at least 20x faster, and
# under 100 ms.
set -euo pipefail
weft=$1
work=$2/calendar
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$work"
python3 "$here/gen-calendar.py" 10000 "$work/bench.ics"
now=2026-03-10T09:30:00Z
venv=$("$here/python-venv.sh" "$2" icalendar recurring-ical-events)

"$weft" calendar next "$work/bench.ics" --now "$now" --tz Europe/Berlin >&2
"$venv/bin/python" "$here/peer-calendar-next.py" "$work/bench.ics" "$now" >&2

# weft and the peer alternate run by run, so both meet the same load (the machine is shared); CPU time is from wait4.
python3 "$here/alternate.py" 15 "calendar next-up on a generated 10,000-event calendar (parse + expand + pick)" 20 \
  "weft calendar next" "$weft calendar next $work/bench.ics --now $now --tz Europe/Berlin --json" \
  "python recurring-ical-events" "$venv/bin/python $here/peer-calendar-next.py $work/bench.ics $now"

# A year of the same calendar listed as JSON against the same list as text: the JSON writer costs about what
# formatting the text does. Target: JSON within 1.5x of text (the ratio is text/JSON, so at least 0.67).
list="$weft calendar list $work/bench.ics --now $now --tz Europe/Berlin --from 2026-01-01 --days 365"
python3 "$here/alternate.py" 5 "calendar list of a year of the 10,000-event calendar: JSON against text" 0.67 \
  "weft calendar list --json" "$list --json" "weft calendar list (text)" "$list"

# 100,000 events: memory follows what next-up and a listing keep (the events' values, one slice of the window),
# not the file's libical trees nor the whole window's occurrences. Targets: next ≤ 150 MiB, a year listed ≤ 300 MiB.
python3 "$here/gen-calendar.py" 100000 "$work/big.ics"
echo "## calendar of 100,000 events: peak memory of next-up and of a year listed"
echo
echo "$(stat -c %s "$work/big.ics") bytes; $(date -u +%Y-%m-%dT%H:%M:%SZ), load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo
echo "| command | time | peak RSS | target |"
echo "|---|---|---|---|"
rss_row() { # NAME TARGET_MIB COMMAND...: one run under /usr/bin/time, output discarded
  local name=$1 target=$2
  shift 2
  /usr/bin/time -o "$work/big-time.txt" -f '%e %M' "$@" >/dev/null 2>&1
  local seconds kib
  read -r seconds kib < <(tail -1 "$work/big-time.txt")
  local mib=$((kib / 1024))
  echo "| $name | $seconds s | $mib MiB | ≤ $target MiB: $([ "$mib" -le "$target" ] && echo meets || echo misses) |"
}
rss_row "weft calendar next" 150 "$weft" calendar next "$work/big.ics" --now "$now" --tz Europe/Berlin --json
big_list=("$weft" calendar list "$work/big.ics" --now "$now" --tz Europe/Berlin --from 2026-01-01 --days 365)
rss_row "weft calendar list, a year (text)" 300 "${big_list[@]}"
rss_row "weft calendar list, a year (--json)" 300 "${big_list[@]}" --json
echo

# khal (from PyPI) on the same events as a vdir, one .ics per UID as khal keeps them; weft reads the same vdir.
# khal indexes a vdir into its own SQLite file on first use, so it is timed cold (index built: once, it takes
# minutes) and warm (index kept: the run a user sees every time after the first).
python3 "$here/split-vdir.py" "$work/bench.ics" "$work/vdir"
khalvenv=$("$here/python-venv.sh" "$work/khal" khal)
cat >"$work/khal.conf" <<CONF
[calendars]
[[bench]]
path = $work/vdir
type = calendar
[locale]
local_timezone = Europe/Berlin
default_timezone = Europe/Berlin
timeformat = %H:%M
dateformat = %Y-%m-%d
longdateformat = %Y-%m-%d
datetimeformat = %Y-%m-%d %H:%M
longdatetimeformat = %Y-%m-%d %H:%M
[sqlite]
path = $work/khal.db
CONF
printf '#!/bin/sh\nexec %s -c %s list --format "{start} {title}" --day-format "" "2026-03-10 10:30" 1d\n' \
  "$khalvenv/bin/khal" "$work/khal.conf" >"$work/khal-next.sh"
chmod +x "$work/khal-next.sh"
rm -f "$work/khal.db"
/usr/bin/time -o "$work/khal-cold.txt" -f '%e %M' "$work/khal-next.sh" >/dev/null 2>&1
cold=$(tail -1 "$work/khal-cold.txt")
"$work/khal-next.sh" 2>/dev/null | head -2 >&2
python3 "$here/alternate.py" 5 \
  "calendar next-up on the same events as a vdir of $(ls "$work/vdir" | wc -l) files: weft against khal (warm index)" 0 \
  "weft calendar next (vdir)" "$weft calendar next $work/vdir --now $now --tz Europe/Berlin --json" \
  "khal list (warm index)" "$work/khal-next.sh"
echo "khal's first run on the vdir (building its index): ${cold% *} s, peak RSS ${cold#* } KiB; weft keeps no index and reads the files every time."
echo

# The next-up query alone (after parsing), as weft times it in process: median of 9 runs against 100 ms.
for _ in 1 2 3 4 5 6 7 8 9; do
  WEFT_LOG=debug "$weft" calendar next "$work/bench.ics" --now "$now" --tz Europe/Berlin 2>&1 >/dev/null \
    | grep -o 'next_up_ms=[0-9.]*\|parse_ms=[0-9.]*' | tr '\n' ' '
  echo
done | python3 "$here/timing.py"
