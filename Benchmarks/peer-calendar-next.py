#!/usr/bin/env python3
"""The peer for the calendar benchmark: python recurring-ical-events answering "what is next, and then?".

Usage: peer-calendar-next.py FILE.ics NOW_ISO
Prints the next two non-cancelled occurrences (start, summary), in progress counting as next.
"""
import sys
from datetime import datetime

import icalendar
import recurring_ical_events


def main():
    with open(sys.argv[1], "rb") as f:
        calendar = icalendar.Calendar.from_ical(f.read())
    now = datetime.fromisoformat(sys.argv[2].replace("Z", "+00:00"))
    found = []
    for event in recurring_ical_events.of(calendar).after(now):
        if str(event.get("STATUS", "")).upper() == "CANCELLED":
            continue
        found.append(event)
        if len(found) == 2:
            break
    for event in found:
        print(event.decoded("DTSTART"), event.get("SUMMARY"))


if __name__ == "__main__":
    main()
