# The files the --help examples name, copied from the test fixtures, and one refresh.
set -e
mkdir -p Downloads calendars/personal
steps="$DOCTEST_FIXTURES/steps"
cp "$steps/apple_health/applehealth2csv_README_StepCount.csv" Downloads/StepCount.csv
cp "$steps/apple_health/applehealth2csv_README_StepCount.csv" Downloads/export.csv
cp "$steps/apple_health/applehealth2csv_README_StepCount.csv" export.csv
cp "$steps/apple_health_export/export.zip" Downloads/export.zip
cp "$steps/google_fit/takeout_2025_Daily_activity_metrics__excerpt.csv" "Daily activity metrics.csv"
cp "$steps/fitbit/fitabase_2016_hourlySteps_merged__excerpt_mixed_datetime_formats.csv" hourlySteps_merged.csv
cp "$steps/generic/pedometer_log.csv" pedometer_log.csv
printf 'Date,Time,Steps\n2026-03-09,08:00,1200\n2026-03-09,18:30,3400\n' > walks.csv
cp "$DOCTEST_FIXTURES/store/v4/habits.csv" Downloads/identitybuilder.csv
cp "$DOCTEST_FIXTURES/store/v4/habits.csv" identitybuilder-export.csv
printf 'Date,Habit Name\n2026-03-08,Floss\n2026-03-09,Floss\n' > numu.csv
weather="$DOCTEST_FIXTURES/weather"
cp "$weather/openmeteo-minutely15-derived-45min-rain.json" saved.json
cp "$weather/met-nowcast-complete-trondheim-2023-rain.json" nowcast.json
cp "$weather/met-locationforecast-compact-malmo-2023-rain.json" forecast.json
cp "$weather/met-metalerts-current-torungen-2024-gale.json" metalerts.json
printf 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//weft doctest//EN\r\nBEGIN:VEVENT\r\nUID:standup@weft\r\nDTSTAMP:20260101T000000Z\r\nDTSTART;TZID=Europe/Berlin:20260302T093000\r\nDURATION:PT15M\r\nRRULE:FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR\r\nSUMMARY:Stand-up\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n' > calendars/work.ics
cp calendars/work.ics work.ics
cp calendars/work.ics calendars/personal/standup.ics
weft refresh --quiet || true
weft var set water 3 --goal 8 >/dev/null
weft habit add Read >/dev/null
weft habit add Stretch >/dev/null
weft habit add "Exercise 30min" >/dev/null
weft backup > weft-backup.json
gzip -c weft-backup.json > weft-2026-11-27.json.gz
mkdir -p .cache
