#!/usr/bin/env python3
"""An i3bar that clicks a timer block: runs `weft bar`, left-clicks the block (its action starts a timer), waits for
the block to show it running, right-clicks (its action stops it) and waits for idle. Usage: timer-click-client.py
WEFT BAR_FILE [weft options...]; exit 0 when everything held, else 1 with the reason on stderr."""
import json
import sys
import time

sys.dont_write_bytecode = True  # no __pycache__ in the fixtures folder
from bar_process import BarProcess  # noqa: E402


bar = BarProcess("timer-click-client", sys.argv[1:])
child, fail, read_line = bar.child, bar.fail, bar.read_line


def wait_for(text, timeout=15.0):
    """Reads status lines until the timer block shows `text`."""
    deadline = time.monotonic() + timeout
    seen = None
    while time.monotonic() < deadline:
        line = read_line(deadline)
        if line in ("[",) or line.startswith("{"):
            continue
        blocks = {b["name"]: b for b in json.loads(line.lstrip(","))}
        seen = blocks["timer"]["full_text"].strip()
        if seen == text:
            return
    fail("the timer block never showed %r (last %r)" % (text, seen))


def click(button, first=False):
    event = {"name": "timer", "button": button, "x": 10, "y": 5, "modifiers": []}
    child.stdin.write(((b"[\n" if first else b",") + json.dumps(event).encode() + b"\n"))
    child.stdin.flush()


wait_for("idle")
click(1, first=True)
wait_for("running Pomodoro 1/4")
click(3)
wait_for("idle")
child.stdin.close()
child.terminate()
child.wait(timeout=10)
print("ok")
