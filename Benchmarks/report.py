#!/usr/bin/env python3
"""Turns a two-command hyperfine JSON export into a markdown section with medians and the ratio.

Usage: report.py RESULTS.json WEFT_NAME PEER_NAME TITLE MIN_SPEEDUP [MAX_WEFT_MS] [--rss WEFT_CMD PEER_CMD]
(MIN_SPEEDUP 0: no target). hyperfine before 1.16 records no memory, so with --rss each shell command runs once
more under /usr/bin/time for its peak RSS (the largest process it started).
"""
import json
import os
import subprocess
import sys
import tempfile

measured = {}
if "--rss" in sys.argv:
    at = sys.argv.index("--rss")
    for name, command in zip((sys.argv[2], sys.argv[3]), sys.argv[at + 1 : at + 3]):
        with tempfile.NamedTemporaryFile("r") as out:
            subprocess.run(["/usr/bin/time", "-o", out.name, "-f", "%M", "sh", "-c", command],
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
            measured[name] = int(out.read().split()[-1])
    del sys.argv[at : at + 3]

results = {r["command"]: r for r in json.load(open(sys.argv[1]))["results"]}
weft, peer = results[sys.argv[2]], results[sys.argv[3]]
title, speedup = sys.argv[4], float(sys.argv[5])
limit = float(sys.argv[6]) if len(sys.argv) > 6 else None
print(f"## {title}\n")
print("| command | median | mean ± σ | max RSS |")
print("|---|---|---|---|")
for name, r in ((sys.argv[2], weft), (sys.argv[3], peer)):
    rss = r.get("memory_usage_byte")
    rss_text = f"{max(rss) // 1024} KiB" if rss else f"{measured[name]} KiB" if name in measured else "?"
    print(f"| {name} | {r['median'] * 1000:.1f} ms | {r['mean'] * 1000:.1f} ± {r['stddev'] * 1000:.1f} ms | {rss_text} |")
ratio = peer["median"] / weft["median"]
verdicts = [f"at least {speedup:g}× faster: {'meets' if ratio >= speedup else 'misses'}"] if speedup > 0 else []
if limit is not None:
    verdicts.append(f"weft under {limit:g} ms: {'meets' if weft['median'] * 1000 < limit else 'misses'}")
print(f"\nweft is **{ratio:.1f}×** faster" + (f" ({'; '.join(verdicts)})" if verdicts else "") + "\n")
print(f"{sys.argv[2]}: {ratio:.1f}x faster than {sys.argv[3]}", file=sys.stderr)
