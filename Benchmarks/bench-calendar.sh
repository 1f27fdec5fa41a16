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
  "calendar next-up on a generated 10,000-event calendar (parse + expand + pick)" 20 100
