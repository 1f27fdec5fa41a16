#!/usr/bin/env python3
"""An i3bar that clicks an alarm block: runs `weft bar`, waits for the block to show the alarm ringing (and urgent),
left-clicks (its action snoozes), waits for it snoozed (not urgent), right-clicks (its action dismisses) and waits for
neither. The block's template prints `{{__alarms_ringing}}{{__alarms_snoozed}}`. Usage: alarm-click-client.py WEFT
BAR_FILE [weft options...]; exit 0 when everything held, else 1 with the reason on stderr."""
import json
import sys
import time

sys.dont_write_bytecode = True  # no __pycache__ in the fixtures folder
from bar_process import BarProcess  # noqa: E402


bar = BarProcess("alarm-click-client", sys.argv[1:])
child, fail, read_line = bar.child, bar.fail, bar.read_line


def wait_for(text, urgent, timeout=15.0):
    """Reads status lines until the alarm block shows `text` with `urgent` as given."""
    deadline = time.monotonic() + timeout
    seen = None
    while time.monotonic() < deadline:
        line = read_line(deadline)
        if line in ("[",) or line.startswith("{"):
            continue
        block = {b["name"]: b for b in json.loads(line.lstrip(","))}["alarm"]
        seen = (block["full_text"].strip(), block.get("urgent", False))
        if seen == (text, urgent):
            return
    fail("the alarm block never showed %r, urgent %r (last %r)" % (text, urgent, seen))


def click(button, first=False):
    event = {"name": "alarm", "button": button, "x": 10, "y": 5, "modifiers": []}
    child.stdin.write(((b"[\n" if first else b",") + json.dumps(event).encode() + b"\n"))
    child.stdin.flush()


wait_for("10", True)
click(1, first=True)
wait_for("01", False)
click(3)
wait_for("00", False)
child.stdin.close()
child.terminate()
child.wait(timeout=10)
print("ok")
