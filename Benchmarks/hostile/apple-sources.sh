TITLE="an Apple Health export with 10,000 sources on one day (2 MB)"
make_input() {
  python3 - "$1" "$2" <<'PY'
import sys
d, s = sys.argv[1], int(sys.argv[2])
with open(f"{d}/export.xml", "w") as f:
    f.write('<?xml version="1.0" encoding="UTF-8"?>\n<HealthData locale="en_US">\n')
    for i in range(10000 * s):
        m = i % 1440
        t = f"2026-02-28 {m // 60:02d}:{m % 60:02d}:00 +0100"
        f.write(f'<Record type="HKQuantityTypeIdentifierStepCount" sourceName="src{i}" unit="count" '
                f'startDate="{t}" endDate="{t}" value="10"/>\n')
    f.write("</HealthData>\n")
PY
}
run_case() {
  "$1" steps import "$3/export.xml" --tz Europe/Berlin --now 2026-03-01T12:00:00Z \
    --providers "$2/providers" --cache "$2/cache"
}
