#!/usr/bin/env bash
# Parse + next-up on a generated 10,000-event calendar: `weft calendar next` against python
# recurring-ical-events answering the same question. Targets: at least 20x faster, and under 100 ms.
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

hyperfine -N --warmup 2 --runs 15 --export-json "$work/calendar.json" \
  -n "weft calendar next" "$weft calendar next $work/bench.ics --now $now --tz Europe/Berlin --json" \
  -n "python recurring-ical-events" "$venv/bin/python $here/peer-calendar-next.py $work/bench.ics $now" >&2

python3 "$here/report.py" "$work/calendar.json" "weft calendar next" "python recurring-ical-events" \
  "calendar next-up on a generated 10,000-event calendar (parse + expand + pick)" 20

# The next-up query alone (after parsing), as weft times it in process: median of 9 runs against 100 ms.
for _ in 1 2 3 4 5 6 7 8 9; do
  WEFT_LOG=debug "$weft" calendar next "$work/bench.ics" --now "$now" --tz Europe/Berlin 2>&1 >/dev/null \
    | grep -o 'next_up_ms=[0-9.]*\|parse_ms=[0-9.]*' | tr '\n' ' '
  echo
done | python3 "$here/timing.py"
