#!/usr/bin/env python3
"""An i3bar that clicks a timer block: runs `weft bar`, left-clicks the block (its action starts a timer), waits for
the block to show it running, right-clicks (its action stops it) and waits for idle. Usage: timer-click-client.py
WEFT BAR_FILE [weft options...]; exit 0 when everything held, else 1 with the reason on stderr."""
import json
import os
import select
import subprocess
import sys
import time


def fail(message):
    print("timer-click-client: " + message, file=sys.stderr)
    sys.exit(1)


weft, bar_file, *options = sys.argv[1:]
child = subprocess.Popen([weft, "bar", "--config", bar_file, *options], stdin=subprocess.PIPE,
                         stdout=subprocess.PIPE, stderr=sys.stderr, bufsize=0)
pending = b""


def read_line(deadline):
    global pending
    while b"\n" not in pending:
        left = deadline - time.monotonic()
        if left <= 0 or not select.select([child.stdout], [], [], left)[0]:
            fail("no line from weft bar in time (have %r)" % pending)
        chunk = os.read(child.stdout.fileno(), 65536)
        if not chunk:
            fail("weft bar closed its output (have %r)" % pending)
        pending += chunk
    line, pending = pending.split(b"\n", 1)
    return line.decode()


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
