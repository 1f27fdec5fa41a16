"""Independent check (shares no code with weft): each stream's points summed per local day (Asia/Kolkata, by the
point's start) against the Step count column of Google's own daily CSV. Run in this folder: python3 check_streams.py
Expected: estimated_steps agrees on all 25 days; top_level and merge_step_deltas (trimmed to the days they
disagree on) are higher on 2025-02-08, -09, -16, -17 and -22."""
import collections, csv, datetime, glob, json, zoneinfo

tz = zoneinfo.ZoneInfo("Asia/Kolkata")
daily = {r["Date"]: int(r["Step count"]) for r in csv.DictReader(open("Daily activity metrics.csv"))}
for name in sorted(glob.glob("derived_*.json")):
    doc = json.load(open(name))
    per = collections.Counter()
    for p in doc["Data Points"]:
        day = datetime.datetime.fromtimestamp(int(p["startTimeNanos"]) / 1e9, tz).date().isoformat()
        per[day] += p["fitValue"][0]["value"]["intVal"]
    stream = doc["Data Source"].split(":")[-1]
    differing = {d: (per[d], daily[d]) for d in sorted(per) if per[d] != daily.get(d)}
    print(f"{stream}: {len(per)} days, differing from the daily CSV: {differing}")
