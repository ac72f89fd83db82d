"""The JetStream seam: names, connection, provisioning and the embedded server."""

from __future__ import annotations

from research_chain.bus.connection import Bus, connect, nats_errors
from research_chain.bus.names import Names, Stage
from research_chain.bus.provision import provision
from research_chain.bus.server import EmbeddedServer, find_nats_server

__all__ = [
    "Bus",
    "EmbeddedServer",
    "Names",
    "Stage",
    "connect",
    "find_nats_server",
    "nats_errors",
    "provision",
]
