#!/usr/bin/env python3
"""Daily step totals of the real step exports in Tests/Fixtures/steps, computed without weft.

Each case names its files (relative to Tests/Fixtures/steps), the time zone its local days are in, and, for the
generic mapping, the provider file the test writes. The totals follow what the producer's own app shows, read from
the producer's documentation and the files themselves; nothing here is shared with weft's Swift readers.

    python3 expected_totals.py          # writes <case>.json beside this script
    python3 expected_totals.py --check  # exits 1 when a written file differs from what the fixtures give now

Standard library only (csv, datetime, zoneinfo, json).
"""

import csv
import datetime
import json
import sys
from collections import defaultdict
from pathlib import Path
from zoneinfo import ZoneInfo

HERE = Path(__file__).resolve().parent
STEPS = HERE.parent


def samsung_daily_trend(path, zone):
    """Samsung Health `step_daily_trend`: line 1 is Samsung's metadata line, line 2 the header; one row per device
    per day and a `source_type = -2` row per day, Samsung's merge of all devices, which is the app's number (it is
    not the sum of the device rows). `day_time` is epoch milliseconds of 00:00 UTC of the calendar day (older
    exports: "yyyy-MM-dd HH:mm:ss.SSS"), so the day does not depend on the zone."""
    with open(path, encoding="utf-8-sig", newline="") as handle:
        lines = list(csv.reader(handle))
    header = lines[1]
    days = {}
    for row in lines[2:]:
        if not any(row):
            continue
        record = dict(zip(header, row))
        if record["source_type"].strip() != "-2":
            continue
        stamp = record["day_time"].strip()
        if stamp.isdigit():
            day = datetime.datetime.fromtimestamp(int(stamp) / 1000, datetime.timezone.utc).date()
        else:
            day = datetime.date.fromisoformat(stamp[:10])
        days[day.isoformat()] = max(days.get(day.isoformat(), 0), int(float(record["count"])))
    return days


def fitbit_dashboard(path, zone):
    """fitbit.com's dashboard export: titled sections; the `Activities` title, its header on the next line, one
    quoted row per local day with thousands separators ("15,072"), the section ending at a blank line."""
    with open(path, encoding="utf-8-sig", newline="") as handle:
        lines = list(csv.reader(handle))
    start = next(index for index, row in enumerate(lines) if row == ["Activities"])
    header = lines[start + 1]
    days = {}
    for row in lines[start + 2 :]:
        if not row or len(row) == 1:
            break
        record = dict(zip(header, row))
        text = record["Date"]
        for layout in ("%Y-%m-%d", "%m/%d/%Y", "%d-%m-%Y"):
            try:
                day = datetime.datetime.strptime(text, layout).date()
                break
            except ValueError:
                continue
        else:
            raise ValueError(f"{path}: unknown date {text!r}")
        days[day.isoformat()] = int(record["Steps"].replace(",", ""))
    return days


def gadgetbridge_csv(path, zone):
    """Gadgetbridge's CSVExport: `TIMESTAMP,DEVICE_ID,USER_ID,RAW_INTENSITY,STEPS,RAW_KIND,HEART_RATE`, one sample a
    row; TIMESTAMP in Unix seconds, or milliseconds (a number above 10^11); a negative STEPS is Gadgetbridge's "no
    measurement". A day is listed when it has a sample, with the sum of its steps (0 when they all say 0)."""
    tz = ZoneInfo(zone)
    days = defaultdict(int)
    with open(path, encoding="utf-8-sig", newline="") as handle:
        for record in csv.DictReader(handle):
            stamp = int(record["TIMESTAMP"])
            seconds = stamp / 1000 if stamp > 10**11 else stamp
            steps = int(record["STEPS"])
            if steps < 0:
                continue
            day = datetime.datetime.fromtimestamp(seconds, tz).date().isoformat()
            days[day] += steps
    return dict(days)


def fitabase_minute_narrow(path, zone):
    """Fitabase's `minuteStepsNarrow_merged.csv`: `Id,ActivityMinute,Steps`, one row a minute, local wall time
    written `M/d/yyyy h:mm:ss AM`; a day's total is the sum of its minutes."""
    days = defaultdict(int)
    with open(path, encoding="utf-8-sig", newline="") as handle:
        for record in csv.DictReader(handle):
            moment = datetime.datetime.strptime(record["ActivityMinute"], "%m/%d/%Y %I:%M:%S %p")
            days[moment.date().isoformat()] += int(record["Steps"])
    return dict(days)


CASES = [
    {
        "name": "samsung_step_daily_trend",
        "files": ["samsung_health/blacPanthe_Step_Daily_Trend__excerpt.csv"],
        "tz": "America/Los_Angeles",
        "reader": samsung_daily_trend,
    },
    {
        "name": "fitbit_dashboard",
        "files": ["fitbit/fitbit_export_20140710.csv"],
        "tz": "America/Chicago",
        "reader": fitbit_dashboard,
    },
    {
        # Two exports of the same account a week apart: the days they share count once.
        "name": "fitbit_dashboard_two_exports",
        "files": ["fitbit/fitbit_export_20140704.csv", "fitbit/fitbit_export_20140710.csv"],
        "tz": "America/Chicago",
        "reader": fitbit_dashboard,
    },
    {
        "name": "gadgetbridge_csv",
        "files": ["gadgetbridge/MI_BAND_ACTIVITY_SAMPLE.csv"],
        "tz": "Asia/Bangkok",
        "reader": gadgetbridge_csv,
    },
    {
        "name": "generic_fitabase_minutes",
        "files": ["generic/minuteStepsNarrow_merged__excerpt.csv"],
        "tz": "America/Chicago",
        "provider": "\n".join(
            [
                'type = "steps"',
                'start_column = "ActivityMinute"',
                'steps_column = "Steps"',
                'source_column = "Id"',
                'date_format = "M/d/yyyy h:mm:ss a"',
                "",
            ]
        ),
        "reader": fitabase_minute_narrow,
    },
]


def expected(case):
    days = {}
    for name in case["files"]:
        for day, steps in case["reader"](STEPS / name, case["tz"]).items():
            days[day] = max(days.get(day, 0), steps)
    result = {"files": case["files"], "tz": case["tz"], "days": dict(sorted(days.items()))}
    if "provider" in case:
        result["provider"] = case["provider"]
    return json.dumps(result, indent=2) + "\n"


def main():
    check = "--check" in sys.argv[1:]
    stale = []
    for case in CASES:
        target = HERE / f"{case['name']}.json"
        text = expected(case)
        if check:
            if not target.exists() or target.read_text(encoding="utf-8") != text:
                stale.append(target.name)
        else:
            target.write_text(text, encoding="utf-8")
    if stale:
        print("out of date: " + ", ".join(stale), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
