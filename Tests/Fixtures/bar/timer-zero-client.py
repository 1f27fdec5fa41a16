#!/usr/bin/env python3
"""An i3bar that starts a timer with a click and watches it run out: runs `weft bar`, waits for the timer block to
show idle, left-clicks it (its action starts a timer) and reads status lines until the block shows the timer done.
Prints every distinct text the block showed after the click, one a line, then "ok". Usage: timer-zero-client.py
WEFT BAR_FILE [weft options...]; exit 1 with the reason on stderr when the block never shows idle or done (60 s)."""
import json
import sys
import time

sys.dont_write_bytecode = True  # no __pycache__ in the fixtures folder
from bar_process import BarProcess  # noqa: E402


bar = BarProcess("timer-zero-client", sys.argv[1:])
child, fail, read_line = bar.child, bar.fail, bar.read_line


def texts(timeout=60.0):
    """The timer block's text on each status line, until `timeout`."""
    deadline = time.monotonic() + timeout
    text = None
    while True:
        if time.monotonic() > deadline:
            fail("the timer block did not get there in time (last %r)" % text)
        line = read_line(deadline)
        if line in ("[",) or line.startswith("{"):
            continue
        blocks = {b["name"]: b for b in json.loads(line.lstrip(","))}
        text = blocks["timer"]["full_text"].strip()
        yield text


for text in texts():
    if text.startswith("idle"):
        break
event = {"name": "timer", "button": 1, "x": 10, "y": 5, "modifiers": []}
child.stdin.write(b"[\n" + json.dumps(event).encode() + b"\n")
child.stdin.flush()
shown = []
for text in texts():
    if not shown or shown[-1] != text:
        shown.append(text)
    if text.startswith("done"):
        break
child.stdin.close()
child.terminate()
child.wait(timeout=10)
for text in shown:
    print(text)
print("ok")
