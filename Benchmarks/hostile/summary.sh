TITLE="one 4 MB SUMMARY line"
make_input() {
  python3 - "$1" "$2" <<'PY'
import sys
d, s = sys.argv[1], int(sys.argv[2])
with open(f"{d}/cal.ics", "w") as f:
    f.write("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//bench//EN\r\nBEGIN:VEVENT\r\nUID:e2@bench\r\n"
            "DTSTAMP:20260301T000000Z\r\nDTSTART:20260314T090000Z\r\nDTEND:20260314T100000Z\r\n")
    f.write("SUMMARY:" + "x" * ((4 << 20) * s) + "\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n")
PY
}
run_case() {
  printf 'type = "calendar"\nsources = [{ name = "B", path = "%s/cal.ics" }]\n' "$3" > "$2/providers/cal.toml"
  "$1" refresh --now 2026-03-14T08:00:00Z --tz UTC --providers "$2/providers" --cache "$2/cache"
}
