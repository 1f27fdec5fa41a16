#!/usr/bin/env python3
"""Writes a deterministic iCalendar file of N events for the calendar benchmark.

Usage: Benchmarks/gen-calendar.py N OUT.ics
About 30% of the events recur (daily, weekly or monthly rules, with COUNT, UNTIL or open-ended); a third of those
carry EXDATEs and a third a RECURRENCE-ID override (moved or cancelled). Start times use several zones (Berlin,
New York, Tokyo, UTC, floating) and some events are all-day. Events spread over 2024-01-01 .. 2027-12-31.
"""
import random
import sys
from datetime import datetime, timedelta

ZONES = ["Europe/Berlin", "America/New_York", "Asia/Tokyo", "UTC", None]


def stamp(dt, zone):
    if zone == "UTC":
        return ":" + dt.strftime("%Y%m%dT%H%M%SZ")
    if zone is None:
        return ":" + dt.strftime("%Y%m%dT%H%M%S")
    return f";TZID={zone}:" + dt.strftime("%Y%m%dT%H%M%S")


def main():
    count, out = int(sys.argv[1]), sys.argv[2]
    rng = random.Random(42)
    begin = datetime(2024, 1, 1, 0, 0)
    lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//weft benchmark//EN"]
    for index in range(count):
        uid = f"event-{index}@bench.weft"
        zone = rng.choice(ZONES)
        start = begin + timedelta(days=rng.randrange(0, 4 * 365), minutes=15 * rng.randrange(28, 80))
        all_day = rng.random() < 0.08
        recurring = rng.random() < 0.30
        event = ["BEGIN:VEVENT", f"UID:{uid}", "DTSTAMP:20240101T000000Z", f"SUMMARY:Event {index}"]
        if all_day:
            event += [f"DTSTART;VALUE=DATE:{start:%Y%m%d}", f"DTEND;VALUE=DATE:{start + timedelta(days=1):%Y%m%d}"]
        else:
            event += ["DTSTART" + stamp(start, zone), "DTEND" + stamp(start + timedelta(minutes=rng.choice([15, 30, 60, 90])), zone)]
        if rng.random() < 0.2:
            event.append(f"LOCATION:Room {rng.randrange(1, 40)}")
        overrides = []
        if recurring and not all_day:
            freq = rng.choice(["DAILY", "WEEKLY", "WEEKLY", "MONTHLY"])
            rule = f"RRULE:FREQ={freq}"
            ending = rng.random()
            if ending < 0.4:
                rule += f";COUNT={rng.randrange(5, 200)}"
            elif ending < 0.7:
                rule += f";UNTIL={(start + timedelta(days=rng.randrange(30, 900))):%Y%m%dT%H%M%S}Z"
            if freq == "WEEKLY" and rng.random() < 0.5:
                rule += ";BYDAY=MO,WE,FR"
            event.append(rule)
            step = {"DAILY": 1, "WEEKLY": 7, "MONTHLY": 30}[freq]
            if rng.random() < 0.33:
                event.append("EXDATE" + stamp(start + timedelta(days=step * rng.randrange(1, 4)), zone))
            if rng.random() < 0.33:
                original = start + timedelta(days=step * rng.randrange(1, 4))
                moved = original + timedelta(hours=2)
                override = ["BEGIN:VEVENT", f"UID:{uid}", "DTSTAMP:20240101T000000Z", "RECURRENCE-ID" + stamp(original, zone)]
                if rng.random() < 0.5:
                    override += ["STATUS:CANCELLED", "DTSTART" + stamp(original, zone)]
                else:
                    override += ["DTSTART" + stamp(moved, zone), "DTEND" + stamp(moved + timedelta(minutes=30), zone)]
                override += [f"SUMMARY:Event {index} (moved)", "END:VEVENT"]
                overrides.append(override)
        event.append("END:VEVENT")
        lines += event
        for override in overrides:
            lines += override
    lines.append("END:VCALENDAR")
    with open(out, "w", encoding="utf-8", newline="") as f:
        f.write("\r\n".join(lines) + "\r\n")


if __name__ == "__main__":
    main()
