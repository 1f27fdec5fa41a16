#!/usr/bin/env bash
# Builds the test bundle and runs WeftCalendarTests under valgrind memcheck.
#
# Exits non-zero when a test fails, when memcheck finds a memory error, or when memory is definitely lost
# (a libical tree, iterator or string that was never freed). Possibly-lost and still-reachable blocks are
# the Swift runtime's caches and are not errors. Takes a few minutes (its own debug build in .build-valgrind).
#
# Usage: scripts/valgrind-calendar.sh            (FILTER=WeftCalendarTests.LoadingTests to narrow it)
set -euo pipefail

cd "$(dirname "$0")/.."
scratch=".build-valgrind"
work="$scratch/valgrind"
filter="${FILTER:-WeftCalendarTests}"

command -v valgrind >/dev/null || { echo "valgrind is not installed (apt-get install valgrind)" >&2; exit 2; }

# Without Swift debug info: valgrind 3.19 (Debian 12) cannot read the DWARF 5 the toolchain writes.
swift build --build-tests --scratch-path "$scratch" -Xswiftc -gnone
mkdir -p "$work"
# Linked-in objects still carry DWARF 5, so run a copy without debug sections; symbols stay for the reports.
objcopy --strip-debug "$scratch/debug/weftPackageTests.xctest" "$work/weftPackageTests.xctest"

# swift-testing's runner parks the main thread in dispatch_main(), which pthread_exit()s the main thread;
# valgrind 3.19 crashes on that ("VALGRIND INTERNAL ERROR: signal 11"). This preload replaces dispatch_main()
# with a loop that drains the main queue the way CoreFoundation's run loop does, so the tests run unchanged.
cat >"$work/dispatch_main_shim.c" <<'SHIM'
#include <poll.h>
#include <stdint.h>
#include <unistd.h>
extern int _dispatch_get_main_queue_handle_4CF(void);
extern void _dispatch_main_queue_callback_4CF(void *message);
void dispatch_main(void) {
    int fd = _dispatch_get_main_queue_handle_4CF();
    for (;;) {
        struct pollfd ready = { .fd = fd, .events = POLLIN };
        poll(&ready, 1, 100);
        if (ready.revents & POLLIN) { uint64_t count; (void)!read(fd, &count, sizeof count); }
        _dispatch_main_queue_callback_4CF(0);
    }
}
SHIM
cc -shared -fPIC -O1 -o "$work/dispatch_main_shim.so" "$work/dispatch_main_shim.c"

echo "valgrind: running $filter (this takes a while)…" >&2
LD_PRELOAD="$PWD/$work/dispatch_main_shim.so" SWIFT_BACKTRACE=enable=no valgrind \
    --leak-check=full --errors-for-leak-kinds=definite --show-leak-kinds=definite --error-exitcode=1 \
    --suppressions=scripts/valgrind-swift.supp --num-callers=40 \
    "$work/weftPackageTests.xctest" --testing-library swift-testing --filter "$filter"
