#!/usr/bin/env python3
"""Writes a calendar and a step export dated around now, for `make demo`.

Usage: scripts/demo-data.py DIRECTORY
Writes DIRECTORY/team.ics and DIRECTORY/StepCount.csv in the local time zone ($TZ, else the system's), then prints
what a reader should see in the demo's output.

team.ics: a weekly stand-up whose occurrence later today is moved earlier (a RECURRENCE-ID override), and an
all-day offsite the day after tomorrow. Times are floating (no zone), so they are local wherever the demo runs.

StepCount.csv: the shape of muquit/applehealth2csv (every field quoted, full type name, `yyyy-MM-dd HH:mm:ss Z`
dates) with an iPhone and an Apple Watch counting the same walks over the last ten days, so that adding their
samples would count those walks twice. The watch gives one sample a minute, the phone one per five minutes; on
evening walks the watch is off and only the phone counts. All samples start and end on whole minutes, so the
expected de-duplicated total is exact: the watch's steps, plus the phone's in minutes without the watch.
"""
import random
import sys
from datetime import datetime, timedelta, timezone
from pathlib import Path

WATCH = "Anna’s Apple Watch"
PHONE = "Anna’s iPhone"
DEVICES = {
    WATCH: ("10.2", "<<HKDevice: 0x2834fee90>, name:Apple Watch, manufacturer:Apple Inc., model:Watch, "
            "hardware:Watch6,1, software:10.2>"),
    PHONE: ("17.2", "<<HKDevice: 0x2834fdb80>, name:iPhone, manufacturer:Apple Inc., model:iPhone, "
            "hardware:iPhone14,5, software:17.2>"),
}


def local(naive):
    """A naive local wall time made aware in the local zone (DST included)."""
    return naive.astimezone()


def ics_time(naive):
    return naive.strftime("%Y%m%dT%H%M%S")


def next_quarter(naive):
    """The next quarter hour strictly after `naive`."""
    base = naive.replace(minute=0, second=0, microsecond=0)
    return base + timedelta(minutes=(naive.minute // 15 + 1) * 15)


def calendar(now):
    stamp = datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%SZ")
    regular = next_quarter(now + timedelta(hours=3))
    moved = next_quarter(now + timedelta(minutes=40))
    offsite = (now + timedelta(days=2)).date()
    minutes = timedelta(minutes=15)
    lines = [
        "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//weft//make demo//EN", "X-WR-CALNAME:Team",
        "BEGIN:VEVENT", "UID:standup@demo.weft", f"DTSTAMP:{stamp}",
        f"DTSTART:{ics_time(regular - timedelta(weeks=3))}",
        f"DTEND:{ics_time(regular - timedelta(weeks=3) + minutes)}",
        "RRULE:FREQ=WEEKLY", "SUMMARY:Stand-up", "LOCATION:Room 4", "END:VEVENT",
        # Today's occurrence, moved: the series' UID with the original start as RECURRENCE-ID.
        "BEGIN:VEVENT", "UID:standup@demo.weft", f"DTSTAMP:{stamp}", f"RECURRENCE-ID:{ics_time(regular)}",
        f"DTSTART:{ics_time(moved)}", f"DTEND:{ics_time(moved + minutes)}",
        "SUMMARY:Stand-up (moved earlier)", "LOCATION:Room 2", "END:VEVENT",
        "BEGIN:VEVENT", "UID:offsite@demo.weft", f"DTSTAMP:{stamp}",
        f"DTSTART;VALUE=DATE:{offsite.strftime('%Y%m%d')}",
        f"DTEND;VALUE=DATE:{(offsite + timedelta(days=1)).strftime('%Y%m%d')}",
        "SUMMARY:Team offsite", "END:VEVENT",
        "END:VCALENDAR",
    ]
    return "\r\n".join(lines) + "\r\n", regular, moved


def walks(day, today, now, rng):
    """(start, minutes, watch worn) of one day's walks; today's end before now."""
    if day == today:
        # Relative to now, squeezed into the minutes since midnight when the demo runs early in the day.
        since_midnight = (now - datetime.combine(day, datetime.min.time())).total_seconds() / 60
        squeeze = min(1.0, since_midnight / 330)
        plan = [(now - timedelta(minutes=back * squeeze), max(1, int(length * squeeze)), worn)
                for back, length, worn in [(300, 40, True), (120, 30, True), (70, 20, False), (35, 25, True)]]
    else:
        start = datetime.combine(day, datetime.min.time())
        # Six days ago is a lazy day, so the streak has a start.
        scale = 0.4 if (today - day).days == 6 else 1.0
        plan = [(start + timedelta(hours=7, minutes=40), int(rng.randint(25, 35) * scale), True),
                (start + timedelta(hours=12, minutes=30), int(rng.randint(20, 40) * scale), True),
                (start + timedelta(hours=17, minutes=50), int(rng.randint(25, 35) * scale), True),
                (start + timedelta(hours=20, minutes=30), int(rng.randint(10, 25) * scale), False)]
    midnight = datetime.combine(day, datetime.min.time())
    taken = set()  # squeezed walks must not share a minute, or the expected totals would be wrong
    result = []
    for start, length, worn in plan:
        start = start.replace(second=0, microsecond=0)
        minutes = [start + timedelta(minutes=i) for i in range(length)]
        minutes = [m for m in minutes if midnight <= m and m + timedelta(minutes=1) <= now and m not in taken]
        taken.update(minutes)
        if minutes:
            result.append((minutes, worn))
    return result


def chunks(minutes):
    """Runs of at most five adjacent minutes: the phone's samples, which must not span another walk's minutes."""
    run = []
    for minute in minutes:
        if run and (len(run) == 5 or minute != run[-1] + timedelta(minutes=1)):
            yield run
            run = []
        run.append(minute)
    if run:
        yield run


def row(source, start, end, steps):
    version, device = DEVICES[source]
    created = end + timedelta(minutes=3)
    fields = [source, version, device, "HKQuantityTypeIdentifierStepCount", "count",
              local(created).strftime("%Y-%m-%d %H:%M:%S %z"), local(start).strftime("%Y-%m-%d %H:%M:%S %z"),
              local(end).strftime("%Y-%m-%d %H:%M:%S %z"), str(steps)]
    return ",".join(f'"{field}"' for field in fields)


def steps(now, rng):
    today = now.date()
    rows = ["sourceName,sourceVersion,device,Type,unit,creationDate,startDate,endDate,value"]
    totals = {}  # day -> (watch, phone, de-duplicated), for days with samples
    for back in range(9, -1, -1):
        day = today - timedelta(days=back)
        watch = phone = unique = 0
        for minutes, worn in walks(day, today, now, rng):
            cadence = {minute: rng.randint(95, 120) for minute in minutes}
            if worn:
                for minute, count in cadence.items():
                    rows.append(row(WATCH, minute, minute + timedelta(minutes=1), count))
                watch += sum(cadence.values())
                unique += sum(cadence.values())
            # The phone, in a pocket, misses a few steps; it writes one sample per five minutes.
            for chunk in chunks(minutes):
                count = round(sum(cadence[minute] for minute in chunk) * rng.uniform(0.85, 0.95))
                rows.append(row(PHONE, chunk[0], chunk[-1] + timedelta(minutes=1), count))
                phone += count
                if not worn:
                    unique += count
        if watch or phone:
            totals[day] = (watch, phone, unique)
    return "\n".join(rows) + "\n", totals


def main():
    directory = Path(sys.argv[1])
    directory.mkdir(parents=True, exist_ok=True)
    now = datetime.now().replace(microsecond=0)
    rng = random.Random(now.date().toordinal())
    text, regular, moved = calendar(now)
    (directory / "team.ics").write_text(text, encoding="utf-8", newline="")
    csv, totals = steps(now, rng)
    (directory / "StepCount.csv").write_text(csv, encoding="utf-8")
    print(f"team.ics: the stand-up of {regular:%a %H:%M} is moved to {moved:%H:%M}; an all-day offsite in 2 days")
    print("StepCount.csv: an iPhone and an Apple Watch counting the same walks (the phone alone in the evenings)")
    for back in range(2, -1, -1):
        day = now.date() - timedelta(days=back)
        watch, phone, unique = totals.get(day, (0, 0, 0))
        print(f"  {day}  watch {watch:>6,} + phone {phone:>6,} = {watch + phone:>6,} added up; "
              f"{unique:>6,} de-duplicated by minute")
    # weft's default average divides by the days that have data, and rounds half away from zero.
    week = [totals[day][2] for day in totals if (now.date() - day).days < 7]
    print(f"  7-day average, de-duplicated: {int(sum(week) / len(week) + 0.5):,}")


if __name__ == "__main__":
    main()
