#!/usr/bin/env python3
"""Writes a deterministic Apple Health `export.xml` of N records (and, with a third argument, the `export.zip` that
holds it) for the Apple Health import benchmark.

Usage: Benchmarks/gen-health.py N OUT.xml [OUT.zip]

The layout is a real export's: the XML declaration, the DOCTYPE with its internal DTD (taken from weft's fixture,
Tests/Fixtures/steps/apple_health_export/export.xml), ExportDate and Me, then `<Record>` elements with Apple's
attribute order (type, sourceName, sourceVersion, device, unit, creationDate, startDate, endDate, value) and
offsets on every date (Europe/Berlin, so DST changes are included). An iPhone and an Apple Watch record the same
walks, interleaved in time as real exports are. Per day the record types come in the proportions of an iPhone +
Watch wearer's export (about 2,500 records a day): heart rate ~27% (with a MetadataEntry child), active energy
~27%, basal energy ~20%, steps ~7%, walking + running distance ~7%, flights ~1%, and stand time, exercise time,
audio exposure, walking speed, respiratory rate and sleep for the rest; so about 42% of the records are of the
four types weft keeps.
"""
import os
import random
import sys
import zipfile
from datetime import datetime, timedelta, timezone
from zoneinfo import ZoneInfo

BERLIN = ZoneInfo("Europe/Berlin")
HERE = os.path.dirname(os.path.abspath(__file__))
FIXTURE = os.path.join(HERE, "..", "Tests", "Fixtures", "steps", "apple_health_export", "export.xml")
Q = "HKQuantityTypeIdentifier"
PHONE = ('sourceName="Anna’s iPhone" sourceVersion="17.3.1" device="&lt;&lt;HKDevice: 0x283f6c0f0&gt;, '
         'name:iPhone, manufacturer:Apple Inc., model:iPhone, hardware:iPhone15,2, software:17.3.1&gt;"')
WATCH = ('sourceName="Anna’s Apple Watch" sourceVersion="10.3.1" device="&lt;&lt;HKDevice: 0x283f6e2b0&gt;, '
         'name:Apple Watch, manufacturer:Apple Inc., model:Watch, hardware:Watch6,2, software:10.3.1&gt;"')


def header():
    text = open(FIXTURE, encoding="utf-8").read()
    return text[: text.index(" <Record")]


def stamp(dt):
    return dt.astimezone(BERLIN).strftime("%Y-%m-%d %H:%M:%S %z")


def record(kind, source, unit, start, seconds, value, child=None):
    end = start + timedelta(seconds=seconds)
    created = stamp(end + timedelta(seconds=37))
    unit_attr = f' unit="{unit}"' if unit else ""
    head = (f' <Record type="{kind}" {source}{unit_attr} creationDate="{created}" startDate="{stamp(start)}" '
            f'endDate="{stamp(end)}" value="{value}"')
    if child:
        return head + ">\n  " + child + "\n </Record>\n"
    return head + "/>\n"


def day_records(rng, day):
    """One day's records, as (start, text) pairs."""
    out = []
    wake = day + timedelta(hours=6, minutes=rng.randrange(60))
    awake = 16 * 3600
    # Walks: both devices record steps, distance and sometimes flights, overlapping.
    for _ in range(90):
        start = wake + timedelta(seconds=rng.randrange(awake))
        seconds = rng.randrange(60, 600)
        steps = rng.randrange(20, 110) * seconds // 60
        km = steps * 0.00072
        out.append((start, record(Q + "StepCount", WATCH, "count", start, seconds, steps)))
        out.append((start, record(Q + "DistanceWalkingRunning", WATCH, "km", start, seconds, f"{km:.5f}")))
        phone_start = start + timedelta(seconds=rng.randrange(0, 40))
        phone_steps = int(steps * rng.uniform(0.85, 1.05))
        out.append((phone_start, record(Q + "StepCount", PHONE, "count", phone_start, seconds, phone_steps)))
        out.append((phone_start, record(Q + "DistanceWalkingRunning", PHONE, "km", phone_start, seconds,
                                        f"{phone_steps * 0.00071:.5f}")))
        if rng.random() < 0.12:
            out.append((start, record(Q + "FlightsClimbed", WATCH, "count", start, 60, rng.randrange(1, 4))))
            out.append((phone_start, record(Q + "FlightsClimbed", PHONE, "count", phone_start, 60,
                                            rng.randrange(1, 4))))
    # The Watch's minute-by-minute energy, heart rate and the rest.
    for _ in range(680):
        start = wake + timedelta(seconds=rng.randrange(awake))
        out.append((start, record(Q + "ActiveEnergyBurned", WATCH, "kcal", start, 60, f"{rng.uniform(0.1, 9):.3f}")))
    for _ in range(500):
        start = day + timedelta(seconds=rng.randrange(86400))
        out.append((start, record(Q + "BasalEnergyBurned", WATCH, "kcal", start, 60, f"{rng.uniform(0.9, 1.3):.3f}")))
    for _ in range(680):
        start = day + timedelta(seconds=rng.randrange(86400))
        out.append((start, record(Q + "HeartRate", WATCH, "count/min", start, 0, rng.randrange(52, 150),
                                  '<MetadataEntry key="HKMetadataKeyHeartRateMotionContext" value="0"/>')))
    extras = [
        (Q + "AppleStandTime", WATCH, "min", 40), (Q + "AppleExerciseTime", WATCH, "min", 40),
        (Q + "EnvironmentalAudioExposure", WATCH, "dBASPL", 60), (Q + "HeadphoneAudioExposure", PHONE, "dBASPL", 20),
        (Q + "WalkingSpeed", PHONE, "km/hr", 25), (Q + "RespiratoryRate", WATCH, "count/min", 20),
        (Q + "WalkingStepLength", PHONE, "cm", 25),
    ]
    for kind, source, unit, count in extras:
        for _ in range(count):
            start = day + timedelta(seconds=rng.randrange(86400))
            out.append((start, record(kind, source, unit, start, 60, f"{rng.uniform(1, 80):.2f}")))
    for _ in range(12):
        start = day + timedelta(seconds=rng.randrange(6 * 3600))
        out.append((start, record("HKCategoryTypeIdentifierSleepAnalysis", WATCH, None, start, 1800,
                                  "HKCategoryValueSleepAnalysisAsleepCore")))
    out.sort(key=lambda pair: pair[0])
    return [text for _, text in out]


def main():
    count, out = int(sys.argv[1]), sys.argv[2]
    rng = random.Random(16)
    day = datetime(2022, 1, 1, tzinfo=BERLIN).astimezone(timezone.utc)
    written = 0
    with open(out, "w", encoding="utf-8") as f:
        f.write(header())
        while written < count:
            for text in day_records(rng, day):
                if written == count:
                    break
                f.write(text)
                written += 1
            day += timedelta(days=1)
        f.write("</HealthData>\n")
    if len(sys.argv) > 3:
        with zipfile.ZipFile(sys.argv[3], "w", zipfile.ZIP_DEFLATED, compresslevel=6) as z:
            z.write(out, "apple_health_export/export.xml")


if __name__ == "__main__":
    main()
