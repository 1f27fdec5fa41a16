#!/usr/bin/env bash
# Importing a generated 2,000,000-record Apple Health export (iPhone + Watch interleaved, a real export's layout
# and attribute order, other record types at a Watch wearer's proportions): `weft steps import export.zip` into a
# new cache and again into the cache that import filled (a re-import merges with the kept history), against
# healthkit-to-sqlite and apple-health-parser (PyPI) importing the same export.zip; also weft's import of export.xml
# and of the unchanged export.zip (recognised and skipped). Each command runs under /usr/bin/time for wall time and
# peak RSS: weft three times (median), the peers once each (they take minutes).
# A peer gets WEFT_BENCH_PEER_TIMEOUT seconds (20 minutes); one that cannot finish is stopped and timed on a
# 200,000-record export instead, beside weft on that export, and the reason is written under the table.
# Targets: at least 10× faster than the faster peer; weft's peak RSS under 100 MB for import and re-import.
# The 1-minute load average is read before and after each row: the machine may be shared.
# Usage: bench-health.sh WEFT WORKDIR (WEFT_BENCH_HEALTH_RECORDS, WEFT_BENCH_HEALTH_FALLBACK_RECORDS and
# WEFT_BENCH_PEER_TIMEOUT change the sizes and the limit, WEFT_BENCH_PEERS which peers run, "" for none; an export
# already generated in WORKDIR is reused).
set -euo pipefail
weft=$1
work=$2/health
here=$(cd "$(dirname "$0")" && pwd)
records=${WEFT_BENCH_HEALTH_RECORDS:-2000000}
fallback=${WEFT_BENCH_HEALTH_FALLBACK_RECORDS:-200000}
limit=${WEFT_BENCH_PEER_TIMEOUT:-1200}
mkdir -p "$work"
venv=$("$here/python-venv.sh" "$2" healthkit-to-sqlite apple-health-parser)

python3 - "$weft" "$work" "$venv" "$here" "$records" "$fallback" "$limit" <<'PY'
import os, shutil, signal, statistics, subprocess, sys, tempfile
weft, work, venv, here = sys.argv[1:5]
records, fallback, limit = int(sys.argv[5]), int(sys.argv[6]), int(sys.argv[7])


def export(count):
    """The directory holding a generated export of `count` records (export.xml, export.zip), generated once."""
    folder = work if count == records else f"{work}/small-{count}"
    os.makedirs(folder, exist_ok=True)
    stamp = f"{folder}/records"
    if not (os.path.exists(stamp) and open(stamp).read().strip() == str(count)
            and os.path.exists(f"{folder}/export.zip")):
        subprocess.run(["python3", f"{here}/gen-health.py", str(count), f"{folder}/export.xml",
                        f"{folder}/export.zip"], check=True)
        with open(stamp, "w") as f:
            f.write(f"{count}\n")
    return folder


def load():
    with open("/proc/loadavg") as f:
        return float(f.read().split()[0])


def timed(command, prepare=None, timeout=None):
    """Runs a shell command under /usr/bin/time: ((seconds, peak RSS in KiB), None), or (None, why it failed).
    A command still running after `timeout` seconds is killed with everything it started."""
    if prepare:
        prepare()
    with tempfile.NamedTemporaryFile("r") as out:
        run = subprocess.Popen(["/usr/bin/time", "-o", out.name, "-f", "%e %M", "sh", "-c", command],
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                               start_new_session=True)
        try:
            _, err = run.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            os.killpg(run.pid, signal.SIGKILL)
            run.communicate()
            within = f"{timeout / 60:g} minutes" if timeout >= 60 else f"{timeout} s"
            return None, f"did not finish within {within} (stopped)"
        if run.returncode != 0:
            lines = [line.strip() for line in err.splitlines() if line.strip()]
            said = [line for line in lines if "error" in line.lower()] or lines[-1:]
            return None, f"failed ({said[0] if said else f'exit {run.returncode}'})"
        seconds, rss = out.read().split()[-2:]
        return (float(seconds), int(rss)), None


rows, notes = [], []
FRESH = "weft steps import export.zip (new cache)"
REIMPORT = "weft steps import --force export.zip (re-import, filled cache)"


def weft_rows(folder, count, runs=3):
    cache = f"{folder}/cache"
    providers = f"{folder}/providers"
    os.makedirs(providers, exist_ok=True)
    command = f"{weft} steps import {{}} --tz Europe/Berlin --cache {cache} --providers {providers}"

    def fresh_cache():
        shutil.rmtree(cache, ignore_errors=True)

    def filled_cache():
        fresh_cache()
        result, why = timed(command.format(f"{folder}/export.zip"))
        if result is None:
            raise SystemExit(f"weft's first import (to fill the cache) {why}")

    # The re-import is given --force: an export unchanged since its import is recognised (size, time, content
    # hash) and skipped, which the last row times.
    for name, path, prepare in (("weft steps import export.zip (new cache)", "export.zip", fresh_cache),
                                (REIMPORT, "--force export.zip", filled_cache),
                                ("weft steps import export.xml (new cache)", "export.xml", fresh_cache),
                                ("weft steps import export.zip (unchanged, skipped)", "export.zip", filled_cache)):
        if count != records and name not in (FRESH, REIMPORT):
            continue
        before = load()
        path = path.replace("export.", f"{folder}/export.")
        results = [timed(command.format(path), prepare) for _ in range(runs)]
        ok = [r for r, _ in results if r]
        if not ok:
            notes.append(f"{name} at {count:,} records {results[0][1]}")
            continue
        rows.append((name, count, statistics.median(s for s, _ in ok), max(m for _, m in ok), len(ok),
                     before, load()))


def peer_command(name, folder):
    peer = f"{folder}/peer"
    if name == "healthkit-to-sqlite":
        return peer, f"{venv}/bin/healthkit-to-sqlite {folder}/export.zip {peer}/healthkit.db --silent"
    return peer, (f"cd {peer} && {venv}/bin/python {here}/peer-apple-health-parser.py "
                  f"{folder}/export.zip {peer}/data")


def fresh(peer):
    def prepare():
        shutil.rmtree(peer, ignore_errors=True)
        os.makedirs(peer)
    return prepare


def peer_row(name, folder, count):
    peer, command = peer_command(name, folder)
    before = load()
    result, why = timed(command, fresh(peer), timeout=limit)
    shutil.rmtree(peer, ignore_errors=True)
    if result is None:
        return why
    rows.append((name, count, result[0], result[1], 1, before, load()))
    return None


main = export(records)
weft_rows(main, records)
weft_small = False
for name in os.environ.get("WEFT_BENCH_PEERS", "healthkit-to-sqlite apple-health-parser").split():
    why = peer_row(name, main, records)
    if why is None:
        continue
    if fallback >= records:
        notes.append(f"{name} left out: at {records:,} records it {why}")
        continue
    small = export(fallback)
    if not weft_small:
        weft_rows(small, fallback)
        weft_small = True
    why_small = peer_row(name, small, fallback)
    if why_small is None:
        notes.append(f"{name} at {records:,} records {why}; its row is at {fallback:,} records, beside weft's")
    else:
        notes.append(f"{name} left out: at {records:,} records it {why}; at {fallback:,} it {why_small}")

size = os.path.getsize(f"{main}/export.xml") / 1e6
zsize = os.path.getsize(f"{main}/export.zip") / 1e6
print(f"## Apple Health: import a generated {records:,}-record export ({size:.0f} MB export.xml, "
      f"{zsize:.0f} MB export.zip)\n")
print("| command | records | wall time | runs | peak RSS | load (1 min) before → after |")
print("|---|---|---|---|---|---|")
for name, count, seconds, rss, runs, before, after in rows:
    print(f"| {name} | {count:,} | {seconds:.2f} s | {runs} | {rss / 1024:.1f} MiB ({rss * 1024 / 1e6:.1f} MB) "
          f"| {before:.1f} → {after:.1f} |")
print()


def weft_row(label, count):
    return next((r for r in rows if r[0] == label and r[1] == count), None)


ratios = []
for name, count, seconds, _, _, _, _ in rows:
    if name.startswith("weft"):
        continue
    mine = weft_row(FRESH, count)
    if mine:
        ratio = seconds / mine[2]
        ratios.append((ratio, name, count))
        print(f"- at {count:,} records weft is **{ratio:.1f}×** faster than {name}")
if ratios:
    ratio, name, count = min(ratios)
    print(f"- against the faster peer ({name}, {count:,} records): {ratio:.1f}× (at least 10×: "
          f"{'meets' if ratio >= 10 else 'misses'})")
for label in (FRESH, REIMPORT):
    mine = weft_row(label, records)
    if mine:
        print(f"- {label}: peak RSS {mine[3] * 1024 / 1e6:.1f} MB (under 100 MB: "
              f"{'meets' if mine[3] * 1024 < 100e6 else 'misses'})")
for note in notes:
    print(f"- {note}")
print()
PY
