TITLE="a steps CSV of 500,000 bad rows (2 MB)"
make_input() {
  python3 - "$1" "$2" <<'PY'
import sys
d, s = sys.argv[1], int(sys.argv[2])
with open(f"{d}/dailyActivity_merged.csv", "w") as f:
    f.write("ActivityDate,TotalSteps\n")
    f.write("x,1\n" * (500000 * s))
PY
}
run_case() {
  "$1" steps import "$3/dailyActivity_merged.csv" --tz Europe/Berlin --now 2026-03-01T12:00:00Z \
    --providers "$2/providers" --cache "$2/cache"
}
