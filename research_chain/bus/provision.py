"""Create or update every stream and bucket the design uses; safe to run on each start."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import nats.js.errors
from nats.js import api

from research_chain.bus import names as n
from research_chain.bus.connection import Bus, nats_errors
from research_chain.bus.errors import waited_out
from research_chain.errors import BusRejected, BusUnavailable

if TYPE_CHECKING:
    from research_chain.config import Settings

__all__ = ["provision", "stream_configs"]

log = logging.getLogger(__name__)

# How long a result's Nats-Msg-Id is remembered: a second finisher (a crashed engine's
# redelivery, a worker resuming after a pause) must come within this to be dropped.
RESULT_DEDUPE_WINDOW_S = 900.0
PLACEMENT_WAIT_S = 30.0
NO_PEERS = 10005  # JetStream: "no suitable peers for placement"


def stream_configs(settings: Settings) -> list[api.StreamConfig]:
    """The plain streams (KV buckets and the object store are separate)."""
    names = settings.names()
    replicas = settings.replicas
    return [
        api.StreamConfig(
            name=names.dispatch_stream,
            description="component dispatches, one durable consumer per stage",
            subjects=list(n.DISPATCH_SUBJECTS),
            retention=api.RetentionPolicy.WORK_QUEUE,
            storage=api.StorageType.FILE,
            duplicate_window=120.0,
            num_replicas=replicas,
        ),
        api.StreamConfig(
            name=names.results_stream,
            description="SearchResults per parent loop, kept for offline parents",
            # Results arrive on the outbox, are stored under research.kept.<parent>.<loop>
            # and republished to research.result.<parent> once stored: a duplicate (same
            # Nats-Msg-Id) is dropped before any parent hears it, however many finishers
            # send it. Direct gets let a parent fetch its own kept results (ADR 0018).
            subjects=[n.RESULT_OUTBOX_SUBJECTS],
            subject_transform=api.SubjectTransform(
                src=n.RESULT_OUTBOX_SUBJECTS, dest=n.KEPT_MAPPED
            ),
            republish=api.RePublish(src=n.KEPT_RESULT_SUBJECTS, dest=n.RESULT_MAPPED),
            allow_direct=True,
            retention=api.RetentionPolicy.LIMITS,
            storage=api.StorageType.FILE,
            max_age=settings.result_retention_s,
            duplicate_window=RESULT_DEDUPE_WINDOW_S,
            num_replicas=replicas,
        ),
        api.StreamConfig(
            name=names.dlq_stream,
            description="parked dispatches with their reason",
            subjects=[n.DLQ_SUBJECTS],
            retention=api.RetentionPolicy.LIMITS,
            storage=api.StorageType.FILE,
            max_age=settings.result_retention_s,
            num_replicas=replicas,
        ),
        api.StreamConfig(
            name=names.schedule_stream,
            description="loop deadlines as scheduled messages",
            subjects=list(n.SCHEDULE_SUBJECTS),
            retention=api.RetentionPolicy.LIMITS,
            storage=api.StorageType.FILE,
            allow_msg_schedules=True,
            allow_msg_ttl=True,
            duplicate_window=120.0,
            num_replicas=replicas,
        ),
    ]


async def _ensure_stream(bus: Bus, config: api.StreamConfig) -> None:
    assert config.name is not None
    try:
        await bus.js.stream_info(config.name)
    except nats.js.errors.NotFoundError:
        await bus.js.add_stream(config)
        log.info("created stream %s", config.name)
        return
    await bus.js.update_stream(config)


async def provision(bus: Bus, settings: Settings) -> None:
    """Idempotent: creates what is missing, updates what drifted, keeps the data.

    A cluster that is still forming (or has a node down) refuses replicated streams
    with "no suitable peers for placement" for a few seconds; that, and the bus being
    briefly unavailable, is waited out for up to ``PLACEMENT_WAIT_S``.
    """
    await waited_out(
        lambda: _provision_once(bus, settings),
        "provision",
        wait_s=PLACEMENT_WAIT_S,
        transient=_settling,
    )


def _settling(exc: BusRejected | BusUnavailable) -> bool:
    cause = exc.__cause__
    placing = isinstance(cause, nats.js.errors.APIError) and cause.err_code == NO_PEERS
    return placing or isinstance(exc, BusUnavailable)


async def _provision_once(bus: Bus, settings: Settings) -> None:
    names = settings.names()
    with nats_errors("provision"):
        for config in stream_configs(settings):
            await _ensure_stream(bus, config)
        buckets = [
            api.KeyValueConfig(
                bucket=names.loops_bucket,
                description="loop state and stage payloads; the rule engine's trigger log",
                history=5,
                storage=api.StorageType.FILE,
                replicas=settings.replicas,
            ),
            api.KeyValueConfig(
                bucket=names.entities_bucket,
                description="the knowledge graph: one key per entity",
                history=1,
                storage=api.StorageType.FILE,
                replicas=settings.replicas,
            ),
        ]
        for kv_config in buckets:
            try:
                await bus.js.key_value(kv_config.bucket)
            except nats.js.errors.BucketNotFoundError:
                await bus.js.create_key_value(kv_config)
                log.info("created bucket %s", kv_config.bucket)
        try:
            await bus.js.object_store(names.evidence_store)
        except nats.js.errors.BucketNotFoundError:
            await bus.js.create_object_store(
                names.evidence_store,
                api.ObjectStoreConfig(
                    bucket=names.evidence_store,
                    description="bulky evidence bodies referenced from Evidence.objectstore_ref",
                    storage=api.StorageType.FILE,
                    replicas=settings.replicas,
                    # Bodies live as long as the loops that reference them.
                    ttl=settings.loop_retention_s or None,
                ),
            )
