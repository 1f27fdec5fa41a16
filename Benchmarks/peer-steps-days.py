#!/usr/bin/env python3
"""The peer for the steps benchmark: pandas reading the same CSV and summing steps per local day.

Usage: peer-steps-days.py FILE.csv ZONE
Prints `date steps` lines. (pandas has no per-minute de-duplication of overlapping sources: this is the plain
read_csv + per-local-day sum the benchmark compares with.)
"""
import sys

import pandas as pd


def main():
    frame = pd.read_csv(sys.argv[1], usecols=["type", "startDate", "value"])
    frame = frame[frame["type"] == "HKQuantityTypeIdentifierStepCount"]
    start = pd.to_datetime(frame["startDate"], format="%Y-%m-%d %H:%M:%S %z", utc=True)
    days = start.dt.tz_convert(sys.argv[2]).dt.date
    totals = frame["value"].groupby(days).sum()
    for day, steps in totals.items():
        print(day, int(steps))


if __name__ == "__main__":
    main()
