TITLE="an Apple Health export.zip unzipping to 256 MiB (0.3 MB), under a 128 MiB budget"
make_input() {
  python3 - "$1" "$2" <<'PY'
import sys, zipfile
d, s = sys.argv[1], int(sys.argv[2])
with zipfile.ZipFile(f"{d}/export.zip", "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z:
    with z.open("apple_health_export/export.xml", "w", force_zip64=True) as f:
        f.write(b"<HealthData>\n<!--")
        chunk = b" " * (1 << 20)
        for _ in range(256 * s):
            f.write(chunk)
        f.write(b"-->\n</HealthData>\n")
PY
}
run_case() {
  "$1" steps import "$3/export.zip" --max-unzipped-mib 128 --tz Europe/Berlin --now 2026-03-01T12:00:00Z \
    --providers "$2/providers" --cache "$2/cache"
}
