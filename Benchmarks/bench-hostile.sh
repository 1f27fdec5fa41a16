#!/usr/bin/env bash
# Hostile inputs that once took quadratic (or worse) time (issue 20), each timed through the binary with a limit:
# a stored variable holding {{v}} x 300 (the 3-pass rule), a 1 MB calendar of 32,800 unparseable EXDATEs, one
# 16 MB SUMMARY line, a steps CSV with 50,000 distinct sources, a 1 MB template. Target: each well under 5 s.
# Usage: bench-hostile.sh WEFT WORKDIR; WEFT_BEFORE=/path/to/older/weft adds its figures beside them.
set -uo pipefail
weft=$1
work=$2/hostile
limit=${HOSTILE_LIMIT:-300}
mkdir -p "$work"

python3 - "$work" <<'PY'
import sys, os
w = sys.argv[1]
head = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//bench//EN\r\n"
event = "BEGIN:VEVENT\r\nUID:e{n}@bench\r\nDTSTAMP:20260301T000000Z\r\nDTSTART:20260314T090000Z\r\nDTEND:20260314T100000Z\r\nRRULE:FREQ=DAILY\r\n"
with open(f"{w}/exdates.ics", "w") as f:
    f.write(head + event.format(n=1) + "SUMMARY:many exdates\r\n")
    f.write("".join(f"EXDATE:not-a-date-{i:05d}\r\n" for i in range(32800)))
    f.write("END:VEVENT\r\nEND:VCALENDAR\r\n")
with open(f"{w}/summary.ics", "w") as f:
    f.write(head + event.format(n=2) + "SUMMARY:" + "x" * (16 << 20) + "\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n")
with open(f"{w}/sources.csv", "w") as f:
    f.write("sourceName,sourceVersion,device,type,unit,creationDate,startDate,endDate,value\n")
    for i in range(50000):
        d, m = 1 + (i // 1440) % 28, i % 1440
        t = f"2026-02-{d:02d} {m // 60:02d}:{m % 60:02d}:00 +0100"
        f.write(f'"src{i}","1","","HKQuantityTypeIdentifierStepCount","count","{t}","{t}","{t}","10"\n')
with open(f"{w}/template.txt", "w") as f:
    f.write("{{x}}" * 200000 + "\n")
PY

# Runs one case in a fresh home; prints seconds, or ">limit" / "crash" / "error".
measure() {
  local bin=$1 name=$2 home="$work/home-$RANDOM"
  rm -rf "$home" && mkdir -p "$home/providers" "$home/cache" && chmod 700 "$home/cache"
  local where="--providers $home/providers --cache $home/cache"
  local cmd
  case $name in
  template-bomb)
    "$bin" var set v "$(python3 -c 'print("{{v}}" * 300)')" $where >/dev/null 2>&1
    cmd="$bin resolve {{v}} $where" ;;
  exdates | summary)
    printf 'type = "calendar"\nsources = [{ name = "B", path = "%s/%s.ics" }]\n' "$work" "$name" > "$home/providers/cal.toml"
    cmd="$bin refresh --now 2026-03-14T08:00:00Z --tz UTC $where" ;;
  sources)
    cmd="$bin steps import $work/sources.csv --lenient --tz Europe/Berlin --now 2026-03-01T12:00:00Z $where" ;;
  template-1mb)
    cmd="$bin resolve - $where" ;;
  esac
  local start end status
  start=$(date +%s.%N)
  if [ "$name" = template-1mb ]; then
    timeout "$limit" $cmd < "$work/template.txt" >/dev/null 2>&1; status=$?
  else
    timeout "$limit" $cmd >/dev/null 2>&1; status=$?
  fi
  end=$(date +%s.%N)
  rm -rf "$home"
  case $status in
  0 | 1) python3 -c "print(f'{$end - $start:.2f} s')" ;;
  124) echo "> $limit s" ;;
  *) python3 -c "print(f'crash (exit $status) after {$end - $start:.2f} s')" ;;
  esac
}

echo "## hostile inputs (issue 20)"
echo
if [ -n "${WEFT_BEFORE:-}" ]; then
  echo "| case | before ($WEFT_BEFORE) | weft |"
  echo "|---|---|---|"
else
  echo "| case | weft |"
  echo "|---|---|"
fi
for name in template-bomb exdates summary sources template-1mb; do
  after=$(measure "$weft" "$name")
  if [ -n "${WEFT_BEFORE:-}" ]; then
    echo "| $name | $(measure "$WEFT_BEFORE" "$name") | $after |"
  else
    echo "| $name | $after |"
  fi
done
echo
