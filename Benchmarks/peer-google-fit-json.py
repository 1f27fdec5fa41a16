#!/usr/bin/env python3
"""The peer for the Google Fit JSON benchmark: Python's json.load of the whole file, then steps per UTC day.

Usage: peer-google-fit-json.py FILE.json
"""
import json
import sys
from collections import defaultdict


def main():
    with open(sys.argv[1], encoding="utf-8") as f:
        document = json.load(f)
    days = defaultdict(int)
    for point in document["Data Points"]:
        days[int(point["startTimeNanos"]) // 86_400_000_000_000] += point["fitValue"][0]["value"]["intVal"]
    print(len(days), "days")


if __name__ == "__main__":
    main()
