TITLE="a calendar of 2,500 VTIMEZONEs, each used by one event (0.75 MB)"
make_input() {
  python3 - "$1" "$2" <<'PY'
import sys
d, s = sys.argv[1], int(sys.argv[2])
n = 2500 * s
with open(f"{d}/cal.ics", "w") as f:
    f.write("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//bench//EN\r\n")
    for i in range(n):
        f.write(f"BEGIN:VTIMEZONE\r\nTZID:Zone/{i}\r\nBEGIN:STANDARD\r\nDTSTART:19700101T000000\r\n"
                "TZOFFSETFROM:+0100\r\nTZOFFSETTO:+0100\r\nEND:STANDARD\r\nEND:VTIMEZONE\r\n")
    for i in range(n):
        f.write(f"BEGIN:VEVENT\r\nUID:e{i}@bench\r\nDTSTAMP:20260301T000000Z\r\n"
                f"DTSTART;TZID=Zone/{i}:20260314T090000\r\nDTEND;TZID=Zone/{i}:20260314T100000\r\nSUMMARY:x\r\nEND:VEVENT\r\n")
    f.write("END:VCALENDAR\r\n")
PY
}
run_case() {
  printf 'type = "calendar"\nsources = [{ name = "B", path = "%s/cal.ics" }]\n' "$3" > "$2/providers/cal.toml"
  "$1" refresh --now 2026-03-14T08:00:00Z --tz UTC --providers "$2/providers" --cache "$2/cache"
}
