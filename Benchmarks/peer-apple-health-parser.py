#!/usr/bin/env python3
"""apple-health-parser's import of an Apple Health export.zip: extract it, parse export.xml, and build the records
of the four types weft keeps (steps, walking + running distance, flights, active energy).

Usage: Benchmarks/peer-apple-health-parser.py export.zip WORKDIR
"""
import sys

from apple_health_parser.utils.parser import Parser

FLAGS = [
    "HKQuantityTypeIdentifierStepCount",
    "HKQuantityTypeIdentifierDistanceWalkingRunning",
    "HKQuantityTypeIdentifierFlightsClimbed",
    "HKQuantityTypeIdentifierActiveEnergyBurned",
]

parser = Parser(export_file=sys.argv[1], output_dir=sys.argv[2], overwrite=True)
total = 0
for flag in FLAGS:
    total += len(parser.get_flag_records(flag=flag).records)
print(f"{total} records")
