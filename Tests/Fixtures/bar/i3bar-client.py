#!/usr/bin/env python3
"""A minimal i3bar: runs `weft bar` as its status_command, checks the protocol, clicks a block and waits for the
block to re-render. Usage: i3bar-client.py WEFT BAR_FILE [weft options...]; exit 0 when everything held, else 1
with the reason on stderr."""
import json
import os
import select
import subprocess
import sys
import time


def fail(message):
    print("i3bar-client: " + message, file=sys.stderr)
    sys.exit(1)


weft, bar_file, *options = sys.argv[1:]
child = subprocess.Popen([weft, "bar", "--config", bar_file, *options], stdin=subprocess.PIPE,
                         stdout=subprocess.PIPE, stderr=sys.stderr, bufsize=0)
pending = b""


def read_line(timeout=10.0):
    global pending
    deadline = time.monotonic() + timeout
    while b"\n" not in pending:
        left = deadline - time.monotonic()
        if left <= 0 or not select.select([child.stdout], [], [], left)[0]:
            fail("no line from weft bar within %.0f s (have %r)" % (timeout, pending))
        chunk = os.read(child.stdout.fileno(), 65536)
        if not chunk:
            fail("weft bar closed its output (have %r)" % pending)
        pending += chunk
    line, pending = pending.split(b"\n", 1)
    return line.decode()


def read_blocks(first=False):
    """One status line of the endless array: `[...]` first, `,[...]` after."""
    line = read_line()
    if first:
        if line.startswith(","):
            fail("the first status line starts with a comma: %r" % line)
    elif not line.startswith(","):
        fail("a later status line does not start with a comma: %r" % line)
    blocks = json.loads(line.lstrip(","))
    if not isinstance(blocks, list) or not all("full_text" in b and "name" in b for b in blocks):
        fail("not an array of blocks with full_text and name: %r" % line)
    return {b["name"]: b for b in blocks}


def click(name, button, first=False):
    event = {"name": name, "button": button, "x": 10, "y": 5, "modifiers": []}
    child.stdin.write(((b"[\n" if first else b",") + json.dumps(event).encode() + b"\n"))
    child.stdin.flush()


header = json.loads(read_line())
if header != {"version": 1, "click_events": True, "stop_signal": 19, "cont_signal": 18}:
    fail("unexpected header %r" % header)
if read_line() != "[":
    fail("the endless array does not open with [")
blocks = read_blocks(first=True)
if blocks["water"]["full_text"] != "water 0/8":
    fail("first rendering %r" % blocks["water"])
if blocks["static"]["full_text"] != "static" or blocks["static"].get("align") != "center":
    fail("static block %r" % blocks["static"])

click("water", 1, first=True)
blocks = read_blocks()
if blocks["water"]["full_text"] != "water 1/8":
    fail("after a left click %r" % blocks["water"])
click("water", 1)
if read_blocks()["water"]["full_text"] != "water 2/8":
    fail("after a second left click")
click("water", 3)
blocks = read_blocks()
if blocks["water"]["full_text"] != "water 1/8":
    fail("after a right click %r" % blocks["water"])
if blocks["water"].get("color") != "#00ff00":
    fail("the colour template did not apply: %r" % blocks["water"])
# A click on a block or button without an action changes nothing, and the bar keeps running with stdin closed.
click("static", 1)
child.stdin.close()
time.sleep(0.5)
if child.poll() is not None:
    fail("weft bar ended when its stdin closed (status %r)" % child.returncode)
child.terminate()
if child.wait(timeout=10) != 0:
    fail("weft bar ended with %r on SIGTERM" % child.returncode)
print("ok")
