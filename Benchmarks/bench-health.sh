#!/usr/bin/env bash
# Importing a generated 2,000,000-record Apple Health export (iPhone + Watch interleaved, a real export's layout
# and attribute order, other record types at a Watch wearer's proportions): `weft steps import export.zip` against
# healthkit-to-sqlite and apple-health-parser (PyPI) importing the same export.zip. Each command runs under
# /usr/bin/time for wall time and peak RSS: weft three times (median), the peers once each (they take minutes).
# Targets: at least 10× faster than the faster peer; weft's peak RSS under 100 MB, for the fresh import and for a
# re-import into the filled cache.
set -euo pipefail
weft=$1
work=$2/health
here=$(cd "$(dirname "$0")" && pwd)
records=${WEFT_BENCH_HEALTH_RECORDS:-2000000}
mkdir -p "$work/providers" "$work/peer"
python3 "$here/gen-health.py" "$records" "$work/export.xml" "$work/export.zip"
venv=$("$here/python-venv.sh" "$2" healthkit-to-sqlite apple-health-parser)

python3 - "$weft" "$work" "$venv" "$here" "$records" <<'PY'
import os, shutil, statistics, subprocess, sys, tempfile
weft, work, venv, here, records = sys.argv[1:6]
cache = f"{work}/cache"

def timed(command, prepare=None):
    """Runs a shell command under /usr/bin/time; (seconds, peak RSS in KiB), or None with why it failed."""
    if prepare:
        prepare()
    with tempfile.NamedTemporaryFile("r") as out:
        run = subprocess.run(["/usr/bin/time", "-o", out.name, "-f", "%e %M", "sh", "-c", command],
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        if run.returncode != 0:
            return None, run.stderr.strip().splitlines()[-1:] or [f"exit {run.returncode}"]
        seconds, rss = out.read().split()[-2:]
        return (float(seconds), int(rss)), None

def fresh_cache():
    shutil.rmtree(cache, ignore_errors=True)

def fresh_peer():
    shutil.rmtree(f"{work}/peer", ignore_errors=True)
    os.makedirs(f"{work}/peer")

rows, notes = [], []
weft_cmd = f"{weft} steps import {{}} --tz Europe/Berlin --cache {cache} --providers {work}/providers"
for name, path in (("weft steps import export.zip", f"{work}/export.zip"),
                   ("weft steps import export.xml", f"{work}/export.xml")):
    runs = [timed(weft_cmd.format(path), fresh_cache) for _ in range(3)]
    ok = [r for r, _ in runs if r]
    if not ok:
        notes.append(f"{name} failed: {runs[0][1]}")
        continue
    rows.append((name, statistics.median(s for s, _ in ok), max(m for _, m in ok), len(ok)))

def filled_cache():
    fresh_cache()
    subprocess.run(weft_cmd.format(f"{work}/export.zip"), shell=True, check=True, stderr=subprocess.DEVNULL)

# Into the cache the import filled: again with --force (read, merged and written again), and unchanged (recognised
# by size, mtime and content hash, and skipped).
for name, command in (("weft steps import --force export.zip (re-import, filled cache)", "--force {}"),
                      ("weft steps import export.zip (unchanged, skipped)", "{}")):
    runs = [timed(weft_cmd.format(command.format(f"{work}/export.zip")), filled_cache) for _ in range(3)]
    ok = [r for r, _ in runs if r]
    if not ok:
        notes.append(f"{name} failed: {runs[0][1]}")
        continue
    rows.append((name, statistics.median(s for s, _ in ok), max(m for _, m in ok), len(ok)))
peers = [
    ("healthkit-to-sqlite", f"{venv}/bin/healthkit-to-sqlite {work}/export.zip {work}/peer/healthkit.db --silent"),
    ("apple-health-parser", f"cd {work}/peer && {venv}/bin/python {here}/peer-apple-health-parser.py "
                            f"{work}/export.zip {work}/peer/data"),
]
for name, command in peers:
    result, why = timed(command, fresh_peer)
    if result is None:
        notes.append(f"{name} left out: it failed ({' '.join(why)})")
        continue
    rows.append((name, result[0], result[1], 1))

size = os.path.getsize(f"{work}/export.xml") / 1e6
zsize = os.path.getsize(f"{work}/export.zip") / 1e6
print(f"## Apple Health: import a generated {int(records):,}-record export ({size:.0f} MB export.xml, "
      f"{zsize:.0f} MB export.zip)\n")
print("| command | wall time | runs | peak RSS |")
print("|---|---|---|---|")
for name, seconds, rss, runs in rows:
    print(f"| {name} | {seconds:.2f} s | {runs} | {rss / 1024:.1f} MiB |")
print()
weft_zip = next((r for r in rows if r[0] == "weft steps import export.zip"), None)
peer_rows = [r for r in rows if not r[0].startswith("weft")]
if weft_zip and peer_rows:
    for name, seconds, _, _ in peer_rows:
        print(f"- weft is **{seconds / weft_zip[1]:.1f}×** faster than {name}")
    fastest = min(peer_rows, key=lambda r: r[1])
    ratio = fastest[1] / weft_zip[1]
    print(f"- against the faster peer ({fastest[0]}): {ratio:.1f}× (at least 10×: "
          f"{'meets' if ratio >= 10 else 'misses'})")
if weft_zip:
    print(f"- weft's peak RSS {weft_zip[2] / 1024:.1f} MiB (under 100 MB: "
          f"{'meets' if weft_zip[2] * 1024 < 100e6 else 'misses'})")
for note in notes:
    print(f"- {note}")
print()
PY
