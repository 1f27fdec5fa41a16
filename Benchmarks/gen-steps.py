#!/usr/bin/env python3
"""Writes a deterministic Apple-Health-style step CSV of N rows for the steps benchmark.

Usage: Benchmarks/gen-steps.py N OUT.csv
Two sources record the same walks (an iPhone and an Apple Watch, overlapping as real exports do), in the
`sourceName,sourceVersion,device,type,unit,creationDate,startDate,endDate,value` layout with local times and
offsets (Europe/Berlin, so DST changes are included).
"""
import random
import sys
from datetime import datetime, timedelta, timezone
from zoneinfo import ZoneInfo

BERLIN = ZoneInfo("Europe/Berlin")
DEVICES = {
    "Anna’s iPhone": "<<HKDevice: 0x283a>, name:iPhone, manufacturer:Apple Inc., model:iPhone, hardware:iPhone14,5>",
    "Anna’s Apple Watch": "<<HKDevice: 0x283b>, name:Apple Watch, manufacturer:Apple Inc., model:Watch, hardware:Watch6,1>",
}


def local(dt):
    return dt.astimezone(BERLIN).strftime("%Y-%m-%d %H:%M:%S %z")


def main():
    count, out = int(sys.argv[1]), sys.argv[2]
    rng = random.Random(7)
    moment = datetime(2016, 1, 1, 6, 0, tzinfo=timezone.utc)
    rows = 0
    with open(out, "w", encoding="utf-8") as f:
        f.write("sourceName,sourceVersion,device,type,unit,creationDate,startDate,endDate,value\n")
        while rows < count:
            length = timedelta(seconds=rng.randrange(60, 600))
            steps = rng.randrange(20, 900)
            for name, device in DEVICES.items():
                if rows >= count:
                    break
                # The watch's sample is shifted a little and counts slightly differently.
                start = moment + timedelta(seconds=rng.randrange(0, 30) if "Watch" in name else 0)
                value = steps if "iPhone" in name else max(1, steps + rng.randrange(-20, 20))
                f.write(
                    f'"{name}","17.2","{device}","HKQuantityTypeIdentifierStepCount","count",'
                    f'"{local(start + length)}","{local(start)}","{local(start + length)}","{value}"\n')
                rows += 1
            moment += length + timedelta(seconds=rng.randrange(60, 600))


if __name__ == "__main__":
    main()
