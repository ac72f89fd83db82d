"""The one settings model: ``RESEARCH_CHAIN_*`` environment variables, CLI flags on top."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import platformdirs
from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict

from research_chain.bus.names import Names

__all__ = ["Settings", "default_data_dir", "default_rules_dir"]


def default_data_dir() -> Path:
    return Path(platformdirs.user_data_dir("research-chain", appauthor=False))


def default_rules_dir() -> Path:
    return Path(__file__).resolve().parent.parent / "rules"


class Settings(BaseSettings):
    """Everything a process needs to know, passed in explicitly (no globals)."""

    model_config = SettingsConfigDict(
        env_prefix="RESEARCH_CHAIN_", extra="ignore", validate_default=True
    )

    # Connection. No URL means: start the embedded nats-server on loopback.
    nats_url: str | None = None
    nats_user: str | None = None
    nats_password: str | None = None
    nats_token: str | None = None
    nats_creds: Path | None = None
    nats_nkey_seed: Path | None = None
    tls_ca: Path | None = None
    tls_cert: Path | None = None
    tls_key: Path | None = None
    connect_timeout_s: float = Field(default=5.0, gt=0)
    request_timeout_s: float = Field(default=5.0, gt=0)
    drain_timeout_s: float = Field(default=5.0, gt=0)

    # Embedded server.
    data_dir: Path = Field(default_factory=default_data_dir)
    embedded_host: str = "127.0.0.1"
    embedded_port: int = Field(default=4222, ge=0, le=65535)

    # Names of streams and buckets.
    loops_bucket: str = "AGENT_LOOPS"
    entities_bucket: str = "ENTITY_STATES"
    evidence_store: str = "RESEARCH_EVIDENCE"
    dispatch_stream: str = "RESEARCH_DISPATCH"
    results_stream: str = "RESEARCH_RESULTS"
    dlq_stream: str = "RESEARCH_DLQ"
    schedule_stream: str = "RESEARCH_SCHEDULES"
    replicas: int = Field(default=1, ge=1, le=5)

    # Chain behaviour.
    rules_dir: Path = Field(default_factory=default_rules_dir)
    loop_deadline_s: float = Field(default=120.0, gt=0)
    ack_wait_s: float = Field(default=30.0, gt=0)
    max_deliver: int = Field(default=5, ge=1)
    backoff_initial_s: float = Field(default=0.5, ge=0)
    backoff_max_s: float = Field(default=10.0, ge=0)
    max_ack_pending: int = Field(default=256, ge=1)
    workers_per_stage: int = Field(default=1, ge=1)
    result_retention_s: float = Field(default=7 * 24 * 3600.0, gt=0)
    # A finished loop's records (its graph entity, its state, stage payloads and kept
    # result) are removed this long after it ends; 0 keeps them forever.
    loop_retention_s: float = Field(default=7 * 24 * 3600.0, ge=0)

    # Tier 2 of the classifier: "none", "hashing" (numpy only), "minilm" (the
    # embeddings extra) or a sentence-transformers model directory.
    embedding_model: str = "none"

    # Sample graph and observability.
    # None: load the sample into an empty store only when `up` runs its own server,
    # never into a cluster it joins.
    load_sample: bool | None = None
    metrics_port: int | None = None
    metrics_host: str = "127.0.0.1"
    log_level: str = "INFO"

    def names(self) -> Names:
        return Names(
            loops_bucket=self.loops_bucket,
            entities_bucket=self.entities_bucket,
            evidence_store=self.evidence_store,
            dispatch_stream=self.dispatch_stream,
            results_stream=self.results_stream,
            dlq_stream=self.dlq_stream,
            schedule_stream=self.schedule_stream,
        )

    def client_url(self) -> str:
        """Where clients (``ask``, ``watch``, ``eval``, a parent) find a running chain: the
        configured URL, else the address ``up``'s embedded server listens on."""
        return self.nats_url or f"nats://{self.embedded_host}:{self.embedded_port}"

    def with_overrides(self, **overrides: Any) -> Settings:
        """CLI flags win over the environment; ``None`` means "flag not given"."""
        given = {key: value for key, value in overrides.items() if value is not None}
        return self.model_copy(update=given) if given else self
