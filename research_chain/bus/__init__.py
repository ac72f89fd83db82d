"""The JetStream seam: the only package that imports ``nats``.

Names, connection and operations, KV buckets, consumers, provisioning and the
embedded server; every nats-py failure leaves here as a
:mod:`research_chain.errors` type.
"""

from __future__ import annotations

from research_chain.bus.connection import Bus, Published, StreamState, connect
from research_chain.bus.consumers import ConsumerSpec, PullSubscription
from research_chain.bus.errors import nats_errors
from research_chain.bus.kv import Bucket, Entry
from research_chain.bus.message import Handler, Message, Subscription
from research_chain.bus.names import Names, Stage
from research_chain.bus.provision import provision
from research_chain.bus.server import EmbeddedServer, find_nats_server

__all__ = [
    "Bucket",
    "Bus",
    "ConsumerSpec",
    "EmbeddedServer",
    "Entry",
    "Handler",
    "Message",
    "Names",
    "Published",
    "PullSubscription",
    "Stage",
    "StreamState",
    "Subscription",
    "connect",
    "find_nats_server",
    "nats_errors",
    "provision",
]
