#!/usr/bin/env python3
"""Turns a two-command hyperfine JSON export into a markdown section with medians and the ratio.

Usage: report.py RESULTS.json WEFT_NAME PEER_NAME TITLE MIN_SPEEDUP [MAX_WEFT_MS]   (MIN_SPEEDUP 0: no target)
"""
import json
import sys

results = {r["command"]: r for r in json.load(open(sys.argv[1]))["results"]}
weft, peer = results[sys.argv[2]], results[sys.argv[3]]
title, speedup = sys.argv[4], float(sys.argv[5])
limit = float(sys.argv[6]) if len(sys.argv) > 6 else None
print(f"## {title}\n")
print("| command | median | mean ± σ | max RSS |")
print("|---|---|---|---|")
for name, r in ((sys.argv[2], weft), (sys.argv[3], peer)):
    rss = r.get("memory_usage_byte")
    rss_text = f"{max(rss) // 1024} KiB" if rss else "?"
    print(f"| {name} | {r['median'] * 1000:.1f} ms | {r['mean'] * 1000:.1f} ± {r['stddev'] * 1000:.1f} ms | {rss_text} |")
ratio = peer["median"] / weft["median"]
verdicts = [f"at least {speedup:g}× faster: {'meets' if ratio >= speedup else 'misses'}"] if speedup > 0 else []
if limit is not None:
    verdicts.append(f"weft under {limit:g} ms: {'meets' if weft['median'] * 1000 < limit else 'misses'}")
print(f"\nweft is **{ratio:.1f}×** faster" + (f" ({'; '.join(verdicts)})" if verdicts else "") + "\n")
print(f"{sys.argv[2]}: {ratio:.1f}x faster than {sys.argv[3]}", file=sys.stderr)
