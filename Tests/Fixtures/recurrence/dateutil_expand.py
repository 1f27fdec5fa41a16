#!/usr/bin/env python3
"""Expands RRULEs with python-dateutil for weft's differential test (Tests/WeftCalendarTests/DateutilDifferentialTests).

Reads one case per line, `DTSTART|RULE|N|HORIZON` (DTSTART and HORIZON as YYYYMMDDTHHMMSS, floating), and writes
one line per case: the first N instances up to HORIZON, space-separated, or `error: …` when dateutil refuses the
rule or needs more than 10 ms for it (it steps sub-daily rules one period at a time). Exits 3 when python-dateutil is not installed, so the test can skip with a message.
"""
import signal
import sys
import warnings

try:
    from dateutil.rrule import rrulestr
except ImportError:
    sys.exit(3)
from datetime import datetime

warnings.simplefilter("ignore")


class Slow(Exception):
    pass


def too_slow(signum, frame):
    raise Slow()


signal.signal(signal.SIGALRM, too_slow)
# A parent may start us with SIGALRM blocked (the Swift test runner's threads do): the timer must get through.
signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGALRM})
out = []
for line in sys.stdin:
    line = line.strip()
    if not line:
        continue
    start_text, rule, count, horizon_text = line.split("|")
    start = datetime.strptime(start_text, "%Y%m%dT%H%M%S")
    horizon = datetime.strptime(horizon_text, "%Y%m%dT%H%M%S")
    try:
        signal.setitimer(signal.ITIMER_REAL, 0.01)
        # UNTIL bounds dateutil's work: a rule with no instance would otherwise be iterated to the year 9999.
        rule_set = rrulestr("RRULE:" + rule, dtstart=start).replace(until=horizon)
        found = []
        for instance in rule_set:
            if len(found) == int(count):
                break
            found.append(instance.strftime("%Y%m%dT%H%M%S"))
        signal.setitimer(signal.ITIMER_REAL, 0)
        out.append(" ".join(found))
    except Slow:
        out.append("error: dateutil took too long")
        sys.stderr.write("slow: %s %s\n" % (start_text, rule))
    except (ValueError, OverflowError) as error:
        signal.setitimer(signal.ITIMER_REAL, 0)
        out.append("error: " + str(error).replace("\n", " "))
sys.stdout.write("\n".join(out) + "\n")
