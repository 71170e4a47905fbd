#!/usr/bin/env python3
"""Serves the web build's site folder on 127.0.0.1 for the browser tests.

python3 tests/web/serve.py SITE_DIR [--port N] [--isolate]

Prints one line, "collision-lab: serving SITE_DIR at http://127.0.0.1:PORT/", then serves
until killed. Port 0 picks a free port. --isolate sends the cross-origin isolation headers
a threaded (pthreads) build would need; the shipped build is single-threaded and
needs none.
"""
import argparse
import functools
import http.server
import signal
import sys


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".wasm": "application/wasm",
        ".js": "text/javascript",
        ".mjs": "text/javascript",
        ".data": "application/octet-stream",
        ".json": "application/json",
        ".html": "text/html",
    }
    isolate = False

    def end_headers(self):
        self.send_header("Cache-Control", "no-store")  # the site may be rebuilt between pages
        if self.isolate:
            self.send_header("Cross-Origin-Opener-Policy", "same-origin")
            self.send_header("Cross-Origin-Embedder-Policy", "require-corp")
        super().end_headers()

    def log_message(self, format, *args):  # no per-request lines
        pass


def main():
    parser = argparse.ArgumentParser(description="Serve the web build's site for the browser tests")
    parser.add_argument("site")
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--isolate", action="store_true", help="send COOP/COEP headers")
    args = parser.parse_args()
    handler = functools.partial(type("H", (Handler,), {"isolate": args.isolate}), directory=args.site)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", args.port), handler)
    server.daemon_threads = True
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    print(f"collision-lab: serving {args.site} at http://127.0.0.1:{server.server_address[1]}/", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


if __name__ == "__main__":
    main()
