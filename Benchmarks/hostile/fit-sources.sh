TITLE="a Google Fit JSON export with 10,000 sources on one day (2 MB)"
make_input() {
  python3 - "$1" "$2" <<'PY'
import sys
d, s = sys.argv[1], int(sys.argv[2])
midnight = 1772233200  # 2026-02-28 00:00 in Berlin
with open(f"{d}/fit.json", "w") as f:
    f.write('{"Data Source": "derived:com.google.step_count.delta", "Data Points": [\n')
    points = []
    for i in range(10000 * s):
        start = (midnight + i % 1440 * 60) * 10**9
        points.append(f'{{"fitValue":[{{"value":{{"intVal":10}}}}],"originDataSourceId":"raw:src{i}",'
                      f'"endTimeNanos":{start + 60 * 10**9},"dataTypeName":"com.google.step_count.delta",'
                      f'"startTimeNanos":{start}}}')
    f.write(",\n".join(points))
    f.write("\n]}\n")
PY
}
run_case() {
  "$1" steps import "$3/fit.json" --tz Europe/Berlin --now 2026-03-01T12:00:00Z \
    --providers "$2/providers" --cache "$2/cache"
}
