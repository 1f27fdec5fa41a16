#!/usr/bin/env python3
"""Splits an iCalendar file into a vdir (one .ics per UID, as vdirsyncer and khal keep them).

Usage: Benchmarks/split-vdir.py IN.ics OUT_DIR
A series' master and its RECURRENCE-ID overrides share a UID and so a file; VTIMEZONEs are copied into each.
"""
import os
import sys


def main():
    source, out = sys.argv[1], sys.argv[2]
    os.makedirs(out, exist_ok=True)
    zones, events, current, depth = [], {}, None, 0
    with open(source, encoding="utf-8") as f:
        for line in f.read().splitlines():
            if line in ("BEGIN:VEVENT", "BEGIN:VTIMEZONE") and current is None:
                current, depth = [line], 1
                continue
            if current is None:
                continue
            current.append(line)
            if line.startswith("BEGIN:"):
                depth += 1
            elif line.startswith("END:"):
                depth -= 1
                if depth == 0:
                    if current[0] == "BEGIN:VTIMEZONE":
                        zones.append(current)
                    else:
                        uid = next(l[4:] for l in current if l.startswith("UID:"))
                        events.setdefault(uid, []).append(current)
                    current = None
    for index, (uid, components) in enumerate(events.items()):
        lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//weft benchmark//EN"]
        for component in zones + components:
            lines += component
        lines.append("END:VCALENDAR")
        with open(os.path.join(out, f"{index:05d}.ics"), "w", encoding="utf-8") as f:
            f.write("\r\n".join(lines) + "\r\n")


if __name__ == "__main__":
    main()
