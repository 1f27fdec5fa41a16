TITLE="an Apple Health record with 40,000 attributes (0.4 MB)"
make_input() {
  python3 - "$1" "$2" <<'PY'
import sys
d, s = sys.argv[1], int(sys.argv[2])
with open(f"{d}/export.xml", "w") as f:
    f.write('<?xml version="1.0" encoding="UTF-8"?>\n<HealthData locale="en_US">\n'
            '<Record type="HKQuantityTypeIdentifierStepCount" sourceName="Phone" unit="count" ')
    f.write(" ".join(f'a{i}="x"' for i in range(40000 * s)))
    f.write(' startDate="2026-02-28 10:00:00 +0100" endDate="2026-02-28 10:01:00 +0100" value="10"/>\n'
            "</HealthData>\n")
PY
}
run_case() {
  "$1" steps import "$3/export.xml" --tz Europe/Berlin --now 2026-03-01T12:00:00Z \
    --providers "$2/providers" --cache "$2/cache"
}
