#!/usr/bin/env python3
"""Reads `parse_ms=… next_up_ms=…` lines (weft calendar next with WEFT_LOG=debug) and prints their medians."""
import statistics
import sys

rows = [dict(part.split("=") for part in line.split()) for line in sys.stdin if line.strip()]
parse = statistics.median(float(row["parse_ms"]) for row in rows)
next_up = statistics.median(float(row["next_up_ms"]) for row in rows)
verdict = "meets" if next_up < 100 else "misses"
print(f"in process: parse **{parse:.0f} ms**, next-up **{next_up:.0f} ms** "
      f"(median of {len(rows)}; next-up under 100 ms: {verdict})\n")
