TITLE="an export.zip that declares 1 KB but inflates to 64-255 MiB (0.1-0.3 MB), under a 32 MiB budget: the inflated bytes are counted"
make_input() {
  python3 - "$1" "$2" <<'PY'
import struct, sys, zipfile
d, s = sys.argv[1], int(sys.argv[2])
path = f"{d}/export.zip"
with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z:
    with z.open("apple_health_export/export.xml", "w") as f:
        f.write(b"<HealthData>\n")
        chunk = b"<Me/>\n" * ((1 << 20) // 6)
        for _ in range(min(255, 64 * s)):
            f.write(chunk)
        f.write(b"</HealthData>\n")
data = bytearray(open(path, "rb").read())
# The uncompressed size in the local header (offset 22) and in the central directory entry (offset 24) says 1 KB.
struct.pack_into("<I", data, 22, 1024)
central = data.rfind(b"PK\x01\x02")
struct.pack_into("<I", data, central + 24, 1024)
open(path, "wb").write(data)
PY
}
run_case() {
  "$1" steps import "$3/export.zip" --max-unzipped-mib 32 --tz Europe/Berlin --now 2026-03-01T12:00:00Z \
    --providers "$2/providers" --cache "$2/cache"
}
