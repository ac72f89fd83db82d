"""A tiny OTLP/HTTP (protobuf) trace receiver on loopback, for tests of trace export."""

from __future__ import annotations

import gzip
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from opentelemetry.proto.collector.trace.v1.trace_service_pb2 import (
    ExportTraceServiceRequest,
    ExportTraceServiceResponse,
)


@dataclass(frozen=True)
class ReceivedSpan:
    name: str
    trace_id: str
    span_id: str
    parent_span_id: str
    attributes: dict[str, Any]
    resource: dict[str, Any]


def _values(pairs: Any) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for kv in pairs:
        kind = kv.value.WhichOneof("value")
        out[kv.key] = getattr(kv.value, kind) if kind else None
    return out


class Receiver:
    """Collects every span POSTed to ``/v1/traces``."""

    def __init__(self) -> None:
        self.spans: list[ReceivedSpan] = []
        self.lock = threading.Lock()

    def take(self, body: bytes) -> None:
        request = ExportTraceServiceRequest.FromString(body)
        got = [
            ReceivedSpan(
                name=span.name,
                trace_id=span.trace_id.hex(),
                span_id=span.span_id.hex(),
                parent_span_id=span.parent_span_id.hex(),
                attributes=_values(span.attributes),
                resource=_values(rs.resource.attributes),
            )
            for rs in request.resource_spans
            for ss in rs.scope_spans
            for span in ss.spans
        ]
        with self.lock:
            self.spans += got


@contextmanager
def otlp_receiver() -> Iterator[tuple[str, Receiver]]:
    """Yields the endpoint to configure (``http://127.0.0.1:PORT``) and the receiver."""
    receiver = Receiver()

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
            if self.headers.get("Content-Encoding") == "gzip":
                body = gzip.decompress(body)
            if self.path != "/v1/traces":
                self.send_error(404)
                return
            receiver.take(body)
            reply = ExportTraceServiceResponse().SerializeToString()
            self.send_response(200)
            self.send_header("Content-Type", "application/x-protobuf")
            self.send_header("Content-Length", str(len(reply)))
            self.end_headers()
            self.wfile.write(reply)

        def log_message(self, format: str, *args: Any) -> None:
            return None

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}", receiver
    finally:
        server.shutdown()
        server.server_close()
