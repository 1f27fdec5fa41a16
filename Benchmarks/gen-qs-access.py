#!/usr/bin/env python3
"""Writes a deterministic QS Access step CSV of N hourly rows for the steps benchmark.

Usage: Benchmarks/gen-qs-access.py N OUT.csv
QS Access's layout: `Start,Finish,Steps (count)` with the phone's local wall times as `dd/MMM/yyyy H:mm:ss`
(Europe/Berlin, so the hours around daylight-saving changes are included), one row an hour, hours without steps
written as 0.
"""
import random
import sys
from datetime import datetime, timedelta


def main():
    count, out = int(sys.argv[1]), sys.argv[2]
    rng = random.Random(11)
    moment = datetime(2000, 1, 1, 0, 0)
    with open(out, "w", encoding="utf-8") as f:
        f.write("Start,Finish,Steps (count)\n")
        for _ in range(count):
            end = moment + timedelta(hours=1)
            steps = 0 if moment.hour < 7 or moment.hour > 22 else rng.randrange(0, 2500)
            f.write(f"{moment:%d/%b/%Y} {moment.hour}:{moment:%M:%S},{end:%d/%b/%Y} {end.hour}:{end:%M:%S},{steps}\n")
            moment = end


if __name__ == "__main__":
    main()
