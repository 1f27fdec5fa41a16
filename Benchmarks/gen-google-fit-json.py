#!/usr/bin/env python3
"""Writes a deterministic Google Fit Takeout step-count JSON of N data points for the steps benchmark.

Usage: Benchmarks/gen-google-fit-json.py N OUT.json
The layout of Takeout's `All Data/derived_com.google.step_count.delta_*.json`: one data point a line, keys in
Google's order, nanosecond times, one phone's step counter as the origin.
"""
import random
import sys


def main():
    count, out = int(sys.argv[1]), sys.argv[2]
    rng = random.Random(3)
    origin = "raw:com.google.step_count.cumulative:Google:Pixel 7:1234abcd:Step Counter"
    moment = 1_600_000_000_000_000_000
    with open(out, "w", encoding="utf-8") as f:
        f.write('{\n    "Data Source": "derived:com.google.step_count.delta:com.google.android.gms:estimated_steps",\n')
        f.write('    "Data Points": [\n')
        for index in range(count):
            length = rng.randrange(20, 60) * 1_000_000_000 + rng.randrange(0, 999_999_999)
            steps = rng.randrange(1, 90)
            f.write(
                f'        {{"fitValue":[{{"value":{{"intVal":{steps}}}}}],"originDataSourceId":"{origin}",'
                f'"endTimeNanos":{moment + length},"dataTypeName":"com.google.step_count.delta",'
                f'"startTimeNanos":{moment},"modifiedTimeMillis":{(moment + length) // 1_000_000 + 5000},'
                f'"rawTimestampNanos":0}}{"," if index < count - 1 else ""}\n')
            moment += length + rng.randrange(30, 900) * 1_000_000_000
        f.write("    ]\n}\n")


if __name__ == "__main__":
    main()
