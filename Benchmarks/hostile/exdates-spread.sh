TITLE="33 events of 990 unparseable EXDATEs each (0.9 MB), under the per-event cap"
make_input() {
  python3 - "$1" "$2" <<'PY'
import sys
d, s = sys.argv[1], int(sys.argv[2])
with open(f"{d}/cal.ics", "w") as f:
    f.write("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//bench//EN\r\n")
    for e in range(33 * s):
        f.write(f"BEGIN:VEVENT\r\nUID:e{e}@bench\r\nDTSTAMP:20260301T000000Z\r\nDTSTART:20260314T090000Z\r\n"
                "RRULE:FREQ=DAILY\r\nSUMMARY:many exdates\r\n")
        f.write("".join(f"EXDATE:not-a-date-{i:06d}\r\n" for i in range(990)))
        f.write("END:VEVENT\r\n")
    f.write("END:VCALENDAR\r\n")
PY
}
run_case() {
  printf 'type = "calendar"\nsources = [{ name = "B", path = "%s/cal.ics" }]\n' "$3" > "$2/providers/cal.toml"
  "$1" refresh --now 2026-03-14T08:00:00Z --tz UTC --providers "$2/providers" --cache "$2/cache"
}
