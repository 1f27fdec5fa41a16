#!/usr/bin/env python3
"""Serves a directory on 127.0.0.1 for the refresh benchmark: prints the (ephemeral) port, then serves until killed.

Usage: Benchmarks/serve-dir.py DIR
Last-Modified and If-Modified-Since work as a static web server's do, so weft's conditional GETs get 304s.
"""
import functools
import sys
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer


class Quiet(SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def main():
    handler = functools.partial(Quiet, directory=sys.argv[1])
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    print(server.server_address[1], flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
