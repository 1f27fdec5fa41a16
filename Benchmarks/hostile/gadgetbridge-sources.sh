TITLE="a Gadgetbridge database with 10,000 devices on one day (0.2 MB)"
make_input() {
  python3 - "$1" "$2" <<'PY'
import sqlite3, sys
d, s = sys.argv[1], int(sys.argv[2])
db = sqlite3.connect(f"{d}/Gadgetbridge.db")
db.execute("CREATE TABLE MI_BAND_ACTIVITY_SAMPLE(TIMESTAMP INTEGER, DEVICE_ID INTEGER, STEPS INTEGER)")
midnight = 1772233200  # 2026-02-28 00:00 in Berlin
db.executemany("INSERT INTO MI_BAND_ACTIVITY_SAMPLE VALUES (?, ?, 10)",
               [(midnight + i % 1440 * 60, i) for i in range(10000 * s)])
db.commit()
PY
}
run_case() {
  "$1" steps import "$3/Gadgetbridge.db" --tz Europe/Berlin --now 2026-03-01T12:00:00Z \
    --providers "$2/providers" --cache "$2/cache"
}
