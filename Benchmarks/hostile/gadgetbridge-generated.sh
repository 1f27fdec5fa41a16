TITLE="a Gadgetbridge database of 20 rows whose STEPS column is generated, 50 MB of SQLite work a row if read (8 KB)"
make_input() {
  python3 - "$1" "$2" <<'PY'
import sqlite3, sys
d, s = sys.argv[1], int(sys.argv[2])
db = sqlite3.connect(f"{d}/Gadgetbridge.db")
db.execute("CREATE TABLE MI_BAND_ACTIVITY_SAMPLE(TIMESTAMP INTEGER, DEVICE_ID INTEGER, RAW INTEGER, "
           "STEPS INTEGER GENERATED ALWAYS AS (length(hex(zeroblob(RAW))) / 1000000) VIRTUAL)")
db.executemany("INSERT INTO MI_BAND_ACTIVITY_SAMPLE(TIMESTAMP, DEVICE_ID, RAW) VALUES (?, 1, 50000000)",
               [(1772268000 + 60 * i,) for i in range(20 * s)])
db.commit()
PY
}
run_case() {
  "$1" steps import "$3/Gadgetbridge.db" --tz Europe/Berlin --now 2026-03-01T12:00:00Z \
    --providers "$2/providers" --cache "$2/cache"
}
