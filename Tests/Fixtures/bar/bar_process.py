"""The part every test i3bar client shares: `weft bar` started with a pipe for clicks and one for status lines,
lines read with a deadline, and failures said on stderr with exit status 1."""
import os
import select
import subprocess
import sys
import time


class BarProcess:
    """`weft bar --config BAR_FILE [weft options...]` from argv `WEFT BAR_FILE [options...]`, run as `name`."""

    def __init__(self, name, argv):
        self.name = name
        weft, bar_file, *options = argv
        self.child = subprocess.Popen([weft, "bar", "--config", bar_file, *options], stdin=subprocess.PIPE,
                                      stdout=subprocess.PIPE, stderr=sys.stderr, bufsize=0)
        self.pending = b""

    def fail(self, message):
        print(self.name + ": " + message, file=sys.stderr)
        sys.exit(1)

    def read_line(self, deadline):
        """The next status line, failing once `deadline` (time.monotonic) passes without one."""
        while b"\n" not in self.pending:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([self.child.stdout], [], [], left)[0]:
                self.fail("no line from weft bar in time (have %r)" % self.pending)
            chunk = os.read(self.child.stdout.fileno(), 65536)
            if not chunk:
                self.fail("weft bar closed its output (have %r)" % self.pending)
            self.pending += chunk
        line, self.pending = self.pending.split(b"\n", 1)
        return line.decode()
