#!/usr/bin/env python3
"""Replays a recorded Open-Meteo response on 127.0.0.1 with its times shifted to now, for `make demo`.

Usage: scripts/replay-weather.py RECORDED.json
Prints the port it listens on (an ephemeral one), then serves GET /v1/forecast until killed.
The recording's first minutely_15 step is moved to the current quarter hour, and every Unix time in it
(current, minutely_15, hourly, daily) moves by the same amount, so the nowcast looks live.
"""
import json
import sys
import time
from http.server import BaseHTTPRequestHandler, HTTPServer


def shifted(recorded):
    data = json.loads(json.dumps(recorded))
    first = data["minutely_15"]["time"][0]
    delta = int(time.time()) // 900 * 900 - first
    for block in ("current", "minutely_15", "hourly", "daily"):
        times = data.get(block, {}).get("time")
        if isinstance(times, list):
            data[block]["time"] = [t + delta for t in times]
        elif isinstance(times, int):
            data[block]["time"] = times + delta
    return data


def main():
    with open(sys.argv[1], encoding="utf-8") as f:
        recorded = json.load(f)

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self):
            if not self.path.startswith("/v1/forecast"):
                self.send_error(404)
                return
            body = json.dumps(shifted(recorded)).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):
            pass

    server = HTTPServer(("127.0.0.1", 0), Handler)
    print(server.server_address[1], flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
