#!/usr/bin/env python3
"""An i3bar that sends `weft bar` one click line of SIZE bytes without a newline, then ends it and clicks a block:
the bar must read through the long line (and drop it) and still run the click. Usage: i3bar-long-click.py WEFT
BAR_FILE SIZE [weft options...]; prints "ok" and weft's stderr, exit 0 when the click re-rendered the block."""
import os
import select
import subprocess
import sys
import threading
import time

weft, bar_file, size, *options = sys.argv[1:]
child = subprocess.Popen([weft, "bar", "--config", bar_file, *options], stdin=subprocess.PIPE,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, bufsize=0)
errors = []
reader = threading.Thread(target=lambda: errors.append(child.stderr.read()), daemon=True)
reader.start()


def fail(message):
    print("i3bar-long-click: " + message, file=sys.stderr)
    child.kill()
    sys.exit(1)


pending = b""


def wait_for(text, timeout=30.0):
    global pending
    deadline = time.monotonic() + timeout
    while text not in pending:
        left = deadline - time.monotonic()
        if left <= 0 or not select.select([child.stdout], [], [], left)[0]:
            fail("no %r from weft bar within %.0f s" % (text, timeout))
        chunk = os.read(child.stdout.fileno(), 65536)
        if not chunk:
            fail("weft bar closed its output")
        pending += chunk


wait_for(b"water 0/8")
child.stdin.write(b"[\n{\"name\": \"water\", \"button\": 1, \"junk\": \"")
chunk = b"x" * (1 << 20)
left = int(size)
while left > 0:
    child.stdin.write(chunk[:left])
    left -= len(chunk)
child.stdin.write(b"\"}\n,{\"name\": \"water\", \"button\": 1}\n")
child.stdin.flush()
wait_for(b"water 1/8")
child.terminate()
if child.wait(timeout=10) != 0:
    fail("weft bar ended with %r on SIGTERM" % child.returncode)
reader.join(timeout=10)
print("ok")
sys.stdout.write(b"".join(errors).decode(errors="replace"))
