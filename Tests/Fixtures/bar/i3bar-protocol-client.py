#!/usr/bin/env python3
"""An i3bar that uses the whole protocol: checks the header's stop and continue signals, a block's short_text and
Pango markup, clicks blocks that share a name by their instance with modifiers and coordinates (each action writes
the click's environment to a file in OUT_DIR), maps buttons 4 to 9, and stops and continues weft as i3bar does for a
hidden bar. Usage: i3bar-protocol-client.py WEFT BAR_FILE OUT_DIR [weft options...]; exit 0 when everything held,
else 1 with the reason on stderr."""
import json
import os
import select
import signal
import sys
import time

sys.dont_write_bytecode = True  # no __pycache__ in the fixtures folder
from bar_process import BarProcess  # noqa: E402

weft, bar_file, out_dir, *options = sys.argv[1:]
bar = BarProcess("i3bar-protocol-client", [weft, bar_file, *options])
child, fail, read_line = bar.child, bar.fail, bar.read_line


def read_blocks(deadline):
    line = read_line(deadline)
    blocks = json.loads(line.lstrip(","))
    return {(b["name"], b.get("instance")): b for b in blocks}


def send(event, first=False):
    child.stdin.write((b"[\n" if first else b",") + json.dumps(event).encode() + b"\n")
    child.stdin.flush()


def wait_for_file(name, count=1, timeout=15.0):
    """The lines of OUT_DIR/name once it has `count` of them."""
    path = os.path.join(out_dir, name)
    deadline = time.monotonic() + timeout
    lines = []
    while time.monotonic() < deadline:
        if os.path.exists(path):
            with open(path) as f:
                lines = f.read().splitlines()
            if len(lines) >= count:
                return lines
        time.sleep(0.02)
    fail("%s did not get %d lines in time (have %r)" % (name, count, lines))


header = json.loads(read_line(time.monotonic() + 10))
if header != {"version": 1, "click_events": True, "stop_signal": signal.SIGSTOP, "cont_signal": signal.SIGCONT}:
    fail("unexpected header %r" % header)
if read_line(time.monotonic() + 10) != "[":
    fail("the endless array does not open with [")
blocks = read_blocks(time.monotonic() + 10)

# Under markup = "pango" the template's own tags stay and the stored value is escaped, in short_text too.
title = blocks.get(("title", "a"))
expected = {"name": "title", "instance": "a", "markup": "pango", "full_text": "<b>R&amp;D &lt;sync&gt;</b>",
            "short_text": "R&amp;D", "background": "#102030", "border": "#405060aa", "border_bottom": 2}
if title is None or any(title.get(key) != value for key, value in expected.items()):
    fail("the title block %r is not %r" % (title, expected))
plain = blocks.get(("title", "b"))
if plain is None or plain["full_text"] != "R&D <sync>" or "markup" in plain:
    fail("the plain block of the same name %r" % plain)

# A click finds its block by name and instance; the action sees the click as i3blocks passes it.
send({"name": "title", "instance": "b", "button": 1, "modifiers": ["Shift", "Mod4"], "x": 1210, "y": 12,
      "relative_x": 17, "relative_y": 6, "output_x": 330, "output_y": 12, "width": 80, "height": 22}, first=True)
click = wait_for_file("click-b")
if click != ["1|Shift,Mod4|1210|12|17|6|330|12|80|22|title|b"]:
    fail("the click's environment %r" % click)
if os.path.exists(os.path.join(out_dir, "click-a")):
    fail("a click on instance b ran instance a's action")

# Numbers beyond any screen, or not whole, and modifiers that are not names, do not reach the action.
send({"name": "title", "instance": "a", "button": 1, "modifiers": ["Control", "$(reboot)"], "x": -5.5,
      "y": 1e300, "relative_x": 123456789, "relative_y": 3, "width": "wide", "height": 22})
click = wait_for_file("click-a")
if click != ["1|Control||||3||||22|title|a"]:
    fail("out-of-range numbers reached the action: %r" % click)

# Buttons 4 to 9 run on_scroll_up, on_scroll_down, on_scroll_left, on_scroll_right, on_back and on_forward.
for count, button in enumerate([4, 5, 6, 7, 8, 9], start=1):
    send({"name": "title", "instance": "b", "button": button, "modifiers": [], "x": 1, "y": 1})
    lines = wait_for_file("buttons", count)
expected = ["up 4", "down 5", "left 6", "right 7", "back 8", "forward 9"]
if lines != expected:
    fail("the buttons ran %r, not %r" % (lines, expected))

# The bar hides: it sends the header's stop_signal, and weft writes nothing until the cont_signal.
clock = lambda blocks: blocks[("clock", None)]["full_text"]
before = clock(read_blocks(time.monotonic() + 5))
if clock(read_blocks(time.monotonic() + 5)) == before:
    fail("the clock block did not change between two lines")
os.kill(child.pid, header["stop_signal"])
deadline = time.monotonic() + 5
while open("/proc/%d/stat" % child.pid).read().rsplit(")", 1)[1].split()[0] != "T":
    if time.monotonic() > deadline:
        fail("weft bar did not stop")
    time.sleep(0.01)
while select.select([child.stdout], [], [], 0)[0]:  # what it wrote before it stopped
    if not os.read(child.stdout.fileno(), 65536):
        fail("weft bar closed its output")
bar.pending = b""
if select.select([child.stdout], [], [], 3.5)[0]:
    fail("weft bar wrote while stopped: %r" % os.read(child.stdout.fileno(), 65536))
os.kill(child.pid, header["cont_signal"])
resumed = clock(read_blocks(time.monotonic() + 3))
if int(resumed) < int(before) + 3:
    fail("after SIGCONT the clock shows %r, not the time now (it showed %r before the pause)" % (resumed, before))

child.terminate()
if child.wait(timeout=10) != 0:
    fail("weft bar ended with %r on SIGTERM" % child.returncode)
print("ok")
