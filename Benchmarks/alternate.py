#!/usr/bin/env python3
"""Times two commands run by run in turn (A, B, A, B, …) and prints a markdown section: median wall time, median CPU
time (user + system, from wait4, so waiting for a core does not count) and peak RSS of each, and the ratios.

Usage: alternate.py RUNS TITLE MIN_SPEEDUP NAME_A "COMMAND A" NAME_B "COMMAND B"
On a shared machine the load moves between one command's runs and the other's when each runs as a block (as
hyperfine does); alternating puts both under the same load, and CPU time does not count the waits at all.
The ratio is B's time over A's; MIN_SPEEDUP 0 means no target.
"""
import os
import shlex
import statistics
import subprocess
import sys
import tempfile
import time


def run(command):
    # Under /usr/bin/time for the peak RSS: a child of this interpreter starts as a copy of it, and wait4's maxrss
    # would count that copy; CPU time from wait4 includes the command, which time waits for.
    with tempfile.NamedTemporaryFile("r") as rss:
        start = time.perf_counter()
        process = subprocess.Popen(["/usr/bin/time", "-f", "%M", "-o", rss.name] + shlex.split(command),
                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        _, status, usage = os.wait4(process.pid, 0)
        wall = time.perf_counter() - start
        if os.waitstatus_to_exitcode(status) != 0:
            sys.exit(f"failed: {command}")
        return wall, usage.ru_utime + usage.ru_stime, int(rss.read().split()[-1])


def main():
    runs, title, speedup = int(sys.argv[1]), sys.argv[2], float(sys.argv[3])
    names, commands = sys.argv[4::2], sys.argv[5::2]
    for command in commands:
        run(command)  # warm-up: page cache, imports
    measured = {name: [] for name in names}
    for _ in range(runs):
        for name, command in zip(names, commands):
            measured[name].append(run(command))
    print(f"## {title}\n")
    print(f"{runs} runs each, alternating; {time.strftime('%Y-%m-%dT%H:%M:%SZ', time.gmtime())}, "
          f"load average after {' '.join(open('/proc/loadavg').read().split()[:3])}\n")
    print("| command | median wall | median CPU (user + sys) | peak RSS |")
    print("|---|---|---|---|")
    medians = {}
    for name in names:
        wall = statistics.median(m[0] for m in measured[name])
        cpu = statistics.median(m[1] for m in measured[name])
        rss = max(m[2] for m in measured[name])
        medians[name] = (wall, cpu)
        print(f"| {name} | {wall * 1000:.1f} ms | {cpu * 1000:.1f} ms | {rss} KiB |")
    a, b = medians[names[0]], medians[names[1]]
    wall_ratio, cpu_ratio = b[0] / a[0], b[1] / a[1]
    verdict = ""
    if speedup > 0:
        verdict = (f" (at least {speedup:g}×: wall {'meets' if wall_ratio >= speedup else 'misses'}, "
                   f"CPU {'meets' if cpu_ratio >= speedup else 'misses'})")
    print(f"\n{names[0]} is **{wall_ratio:.1f}×** faster in wall time and **{cpu_ratio:.1f}×** in CPU time{verdict}\n")
    print(f"{names[0]}: {wall_ratio:.1f}x wall, {cpu_ratio:.1f}x CPU against {names[1]}", file=sys.stderr)


if __name__ == "__main__":
    main()
