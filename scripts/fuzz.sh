#!/usr/bin/env bash
# Builds the libFuzzer targets (Fuzz/) and runs each for FUZZ_SECONDS, one at a time.
# Exits 1 when any target found a crash, a hang (-timeout) or ran out of memory (-rss_limit_mb);
# the input that did it is in .build-fuzz/artifacts/ and the target's log in .build-fuzz/logs/.
#
#   FUZZ_SECONDS=60      seconds per target
#   FUZZ_TARGETS="..."   a subset (default: all)
#   FUZZ_BUILD=0         run what was built before, without building
#   FUZZ_SHARED_FIXTURES extra seed directory (default /work/shared/fixtures when it exists)
set -euo pipefail
cd "$(dirname "$0")/.."

ALL_TARGETS="FuzzTemplate FuzzSteps FuzzHabits FuzzCalendar FuzzOpenMeteo FuzzMETNorway FuzzPirateWeather FuzzWeatherKit FuzzProviderFile FuzzHTTPHeaders FuzzServe"
TARGETS=${FUZZ_TARGETS:-$ALL_TARGETS}
SECONDS_EACH=${FUZZ_SECONDS:-60}
OUT=.build-fuzz
SHARED=${FUZZ_SHARED_FIXTURES:-/work/shared/fixtures}
# Seeds above this are left out: libFuzzer mutates small inputs far faster, and the big calendars add no syntax.
MAX_SEED_BYTES=65536

# The build: only the fuzz targets' modules are compiled with -sanitize=fuzzer,address (Swift code gets
# coverage and ASan; C dependencies — libical, BoringSSL — are not instrumented). C++ is built with NDEBUG, as a
# release build is: toml++ (under TOMLKit) otherwise aborts on its own debug assertions for malformed TOML, which
# release builds do not have.
if [ "${FUZZ_BUILD:-1}" != 0 ]; then
    for target in $TARGETS; do
        WEFT_FUZZ=1 ${SWIFT:-swift} build --scratch-path "$OUT" -c debug --product "$target" \
            -Xswiftc -sanitize=fuzzer,address -Xcxx -DNDEBUG 2>&1 | grep -v "Cannot export local symbol" || true
        test -x "$OUT/debug/$target" || { echo "fuzz: building $target failed" >&2; exit 2; }
    done
fi

# Fixture files that seed each target, plus its own seeds in Fuzz/Corpus/<target> (extreme numbers for every one).
seeds() {
    local roots=(Tests/Fixtures)
    [ -d "$SHARED" ] && roots+=("$SHARED")
    [ -d "Fuzz/Corpus/$1" ] && find "Fuzz/Corpus/$1" -type f
    case $1 in
    FuzzTemplate | FuzzHTTPHeaders | FuzzServe) ;;
    FuzzProviderFile) find providers -type f -name '*.toml' 2>/dev/null ;;
    FuzzSteps) find "${roots[@]/%//steps}" providers -type f \( -name '*.csv' -o -name '*.txt' \) 2>/dev/null ;;
    FuzzHabits) find providers/examples -type f -name '*.csv' 2>/dev/null ;;
    FuzzCalendar) find "${roots[@]/%//ical}" -type f -name '*.ics' 2>/dev/null ;;
    FuzzOpenMeteo) find "${roots[@]/%//weather}" -type f -name 'openmeteo-*' 2>/dev/null ;;
    FuzzMETNorway) find "${roots[@]/%//weather}" -type f -name 'met-*' 2>/dev/null ;;
    FuzzPirateWeather) find "${roots[@]/%//weather}" -type f \( -name 'pirateweather-*' -o -name 'darksky-*' \) 2>/dev/null ;;
    FuzzWeatherKit) find "${roots[@]/%//weather}" -type f -name 'weatherkit-*' 2>/dev/null ;;
    esac
}

dictionary() {
    case $1 in
    FuzzTemplate | FuzzCalendar | FuzzProviderFile | FuzzHTTPHeaders | FuzzServe) echo "Fuzz/Dictionaries/$1.dict" ;;
    FuzzSteps | FuzzHabits) echo "Fuzz/Dictionaries/csv.dict" ;;
    *) echo "Fuzz/Dictionaries/json.dict" ;;
    esac
}

mkdir -p "$OUT/artifacts" "$OUT/logs"
failed=()
for target in $TARGETS; do
    corpus="$OUT/corpus/$target"
    mkdir -p "$corpus"
    # Named by content, so a re-run neither duplicates seeds nor loses what earlier runs found.
    while IFS= read -r file; do
        [ "$(stat -c %s "$file")" -le $MAX_SEED_BYTES ] || continue
        cp -n "$file" "$corpus/seed-$(sha1sum "$file" | cut -c1-16)"
    done < <(seeds "$target")
    dict=$(dictionary "$target")
    log="$OUT/logs/$target.log"
    echo "fuzz: $target for ${SECONDS_EACH}s ($(ls "$corpus" | wc -l) inputs in $corpus)"
    status=0
    # Swift's own backtracer would hold a crashing process for its report; libFuzzer and ASan report instead.
    SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0} \
        "$OUT/debug/$target" "$corpus" ${dict:+-dict="$dict"} \
        -max_total_time="$SECONDS_EACH" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
        -artifact_prefix="$OUT/artifacts/$target-" -print_final_stats=1 >"$log" 2>&1 || status=$?
    runs=$(grep -o '^stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo "?")
    speed=$(grep -o '^stat::average_exec_per_sec: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo "?")
    if [ $status -ne 0 ]; then
        echo "fuzz: $target FAILED (exit $status): $(grep -m1 -E 'ERROR: |SUMMARY: |deadly signal|Fatal error' "$log" || true)"
        grep -o "Test unit written to .*" "$log" | sed 's/^/fuzz:   /' || true
        failed+=("$target")
    else
        echo "fuzz: $target ok: $runs runs, $speed exec/s"
    fi
done

if [ ${#failed[@]} -gt 0 ]; then
    echo "fuzz: failures in ${failed[*]}; inputs in $OUT/artifacts/, logs in $OUT/logs/" >&2
    exit 1
fi
