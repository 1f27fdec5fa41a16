TITLE="a steps CSV with 25,000 distinct sources"
make_input() {
  python3 - "$1" "$2" <<'PY'
import sys
d, s = sys.argv[1], int(sys.argv[2])
with open(f"{d}/sources.csv", "w") as f:
    f.write("sourceName,sourceVersion,device,type,unit,creationDate,startDate,endDate,value\n")
    for i in range(25000 * s):
        day, m = 1 + (i // 1440) % 28, i % 1440
        t = f"2026-02-{day:02d} {m // 60:02d}:{m % 60:02d}:00 +0100"
        f.write(f'"src{i}","1","","HKQuantityTypeIdentifierStepCount","count","{t}","{t}","{t}","10"\n')
PY
}
run_case() {
  "$1" steps import "$3/sources.csv" --lenient --tz Europe/Berlin --now 2026-03-01T12:00:00Z \
    --providers "$2/providers" --cache "$2/cache"
}
