"""Timestamp requests over HTTP on 127.0.0.1, turned into RFC 3161 replies signed by a test
time-stamping authority (pyHanko's DummyTimeStamper), for the length of a `with` block."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from asn1crypto import keys, tsp, x509
from pyhanko.sign.timestamps.dummy_client import DummyTimeStamper


@dataclass(frozen=True)
class RunningTSA:
    url: str
    requests: list[bytes]


@contextmanager
def tsa_server(
    certificate: x509.Certificate, key: keys.PrivateKeyInfo, fixed_time: datetime | None = None
) -> Iterator[RunningTSA]:
    """A TSA answering POSTed timestamp requests at its URL, signing with `certificate` (which
    must allow time stamping) and `key`; with `fixed_time`, every token says that time."""
    stamper = DummyTimeStamper(certificate, key, fixed_dt=fixed_time)
    received: list[bytes] = []

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
            received.append(body)
            request = tsp.TimeStampReq.load(body)
            reply = asyncio.run(stamper.async_request_tsa_response(request)).dump()
            self.send_response(200)
            self.send_header("Content-Type", "application/timestamp-reply")
            self.send_header("Content-Length", str(len(reply)))
            self.end_headers()
            self.wfile.write(reply)

        def log_message(self, format: str, *args: object) -> None:
            pass  # the test's output is not the place for an access log

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield RunningTSA(f"http://127.0.0.1:{server.server_address[1]}/", received)
    finally:
        server.shutdown()
        server.server_close()
        thread.join(5)
