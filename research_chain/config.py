"""The one settings model: ``RESEARCH_CHAIN_*`` environment variables, CLI flags on top."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Literal

import orjson
import platformdirs
from pydantic import BaseModel, ConfigDict, Field, SecretStr
from pydantic_settings import BaseSettings, SettingsConfigDict

from research_chain.bus.names import Names

__all__ = [
    "JUDGE_NAMES",
    "JudgeEndpoint",
    "JudgeName",
    "JudgeOverrides",
    "Settings",
    "default_data_dir",
    "default_rules_dir",
]

# The judgment points an LLM may make: the three of the chain and the tier-3 classifier.
JudgeName = Literal["route", "assess", "synthesize", "classify"]
JUDGE_NAMES: tuple[JudgeName, ...] = ("route", "assess", "synthesize", "classify")


def default_data_dir() -> Path:
    """The user's data directory (``~/.local/share/research-chain`` on Linux)."""
    return Path(platformdirs.user_data_dir("research-chain", appauthor=False))


def default_rules_dir() -> Path:
    """The ``rules/`` directory beside the package."""
    return Path(__file__).resolve().parent.parent / "rules"


class JudgeOverrides(BaseModel):
    """One judge's LLM settings where they differ from the shared ``llm_*`` ones.

    A judge's key is never written here: ``api_key_env`` names the environment
    variable that holds it.
    """

    model_config = ConfigDict(extra="forbid", frozen=True)

    url: str | None = None
    model: str | None = None
    api_key_env: str | None = None
    temperature: float | None = Field(default=None, ge=0, le=2)
    max_tokens: int | None = Field(default=None, ge=1)
    timeout_s: float | None = Field(default=None, gt=0)
    concurrency: int | None = Field(default=None, ge=1)


class JudgeEndpoint(BaseModel):
    """Everything one judge's chat-completions client needs; the key prints as ``**********``."""

    model_config = ConfigDict(frozen=True)

    url: str
    model: str
    api_key: SecretStr | None = None
    temperature: float = 0.0
    max_tokens: int = 512
    timeout_s: float = 20.0
    concurrency: int = 32


class Settings(BaseSettings):
    """Everything a process needs to know, passed in explicitly (no globals)."""

    model_config = SettingsConfigDict(
        env_prefix="RESEARCH_CHAIN_",
        extra="ignore",
        validate_default=True,
        # Each field's docstring is its description in docs/configuration.md.
        use_attribute_docstrings=True,
    )

    # Connection. No URL means: start the embedded nats-server on loopback.
    nats_url: str | None = None
    """NATS server URL(s), comma-separated; unset: `up` starts an embedded nats-server."""
    nats_user: str | None = None
    """User name for user/password authentication."""
    nats_password: str | None = None
    """Password for user/password authentication."""
    nats_token: str | None = None
    """Token authentication."""
    nats_creds: Path | None = None
    """A `.creds` file (JWT and NKey seed) for decentralised authentication."""
    nats_nkey_seed: Path | None = None
    """A file holding an NKey seed."""
    tls_ca: Path | None = None
    """CA certificate that signs the server's certificate (turns TLS on)."""
    tls_cert: Path | None = None
    """Client certificate for mutual TLS."""
    tls_key: Path | None = None
    """Client certificate's private key for mutual TLS."""
    connect_timeout_s: float = Field(default=5.0, gt=0)
    """Seconds one connection attempt may take."""
    request_timeout_s: float = Field(default=5.0, gt=0)
    """Seconds a JetStream API call or request/reply may take."""
    drain_timeout_s: float = Field(default=5.0, gt=0)
    """Seconds a closing connection waits for its subscriptions to drain."""

    # Embedded server.
    data_dir: Path = Field(default_factory=default_data_dir)
    """Where the embedded nats-server keeps its store."""
    embedded_host: str = "127.0.0.1"
    """Interface the embedded server listens on (and clients look for it on)."""
    embedded_port: int = Field(default=4222, ge=0, le=65535)
    """Port of the embedded server (0: any free port)."""

    # Names of streams and buckets.
    loops_bucket: str = "AGENT_LOOPS"
    """KV bucket of loop states, stage payloads and kept results."""
    entities_bucket: str = "ENTITY_STATES"
    """KV bucket of the knowledge graph (one key per entity)."""
    evidence_store: str = "RESEARCH_EVIDENCE"
    """Object store for bulky evidence bodies."""
    dispatch_stream: str = "RESEARCH_DISPATCH"
    """Work-queue stream of stage dispatches."""
    results_stream: str = "RESEARCH_RESULTS"
    """Stream of results published to parents."""
    dlq_stream: str = "RESEARCH_DLQ"
    """Stream of parked (dead-lettered) messages."""
    schedule_stream: str = "RESEARCH_SCHEDULES"
    """Stream of scheduled deadlines and expiries."""
    replicas: int = Field(default=1, ge=1, le=5)
    """Replicas of every stream and bucket this process provisions (3 on a cluster)."""

    # Chain behaviour.
    rules_dir: Path = Field(default_factory=default_rules_dir)
    """Directory of the rule pack (YAML)."""
    loop_deadline_s: float = Field(default=120.0, gt=0)
    """Seconds a loop may run before it ends degraded with "deadline exceeded"."""
    ack_wait_s: float = Field(default=5.0, gt=0)
    """Seconds a delivery may go unacknowledged, and unreported as in progress, before it
    goes to another worker. Running handlers report progress three times per ack_wait_s,
    so a killed process's in-flight work comes back this soon (ADR 0016)."""
    stage_timeout_s: float = Field(default=60.0, gt=0)
    """Seconds a stage handler may run; what ends a hang (heartbeats hold its message)."""
    max_deliver: int = Field(default=5, ge=1)
    """Deliveries of one stage message before it is parked and the loop degrades."""
    backoff_initial_s: float = Field(default=0.5, ge=0)
    """First retry delay of a failed stage."""
    backoff_max_s: float = Field(default=10.0, ge=0)
    """Longest retry delay of a failed stage."""
    max_ack_pending: int = Field(default=256, ge=1)
    """Stage deliveries in flight per consumer."""
    workers_per_stage: int = Field(default=1, ge=1)
    """Concurrent handlers per stage in one process."""
    processes: int | None = Field(default=None, ge=1)
    """Processes running the stages under `up`, itself included; unset: 2 with 2+ usable CPUs."""
    result_retention_s: float = Field(default=7 * 24 * 3600.0, gt=0)
    """Seconds the results stream keeps a published result."""
    # A finished loop's records (its graph entity, its state, stage payloads and kept
    # result) are removed this long after it ends; 0 keeps them forever.
    loop_retention_s: float = Field(default=7 * 24 * 3600.0, ge=0)
    """Seconds after its end that a loop's records are removed (0 keeps them)."""

    # Limits at the edge: intake refuses a request outside them with a degraded result
    # that names the field (and the graph write refuses a loop id no result could use).
    max_topic_chars: int = Field(default=1_000, ge=1)
    """Longest topic intake accepts."""
    max_hints: int = Field(default=32, ge=0)
    """Most hints in one request."""
    max_hint_key_chars: int = Field(default=64, ge=1)
    """Longest hint key."""
    max_hint_value_chars: int = Field(default=500, ge=1)
    """Longest hint value."""
    # "uuid": a loop id must be a full UUID; "token": any 1..max_loop_id_chars of letters,
    # digits, '_' and '-'. Either way it is one subject token, so at most 128 characters.
    loop_id_format: Literal["uuid", "token"] = "uuid"
    """`uuid` (loop ids must be full UUIDs) or `token` (any safe subject token)."""
    max_loop_id_chars: int = Field(default=128, ge=1, le=128)
    """Longest loop id with the `token` format."""
    max_budget_tokens: int = Field(default=10_000_000, ge=1)
    """Largest token budget a request may ask for."""
    max_iterations_cap: int = Field(default=20, ge=1)
    """Most refine rounds a request may ask for."""
    min_deadline_s: float = Field(default=1.0, gt=0)
    """Shortest deadline a request may ask for."""
    max_deadline_s: float = Field(default=24 * 3600.0, gt=0)
    """Longest deadline a request may ask for."""

    # Tier 2 of the classifier: "none", "hashing" (numpy only), "minilm" (the
    # embeddings extra) or a sentence-transformers model directory.
    embedding_model: str = "none"
    """Classifier tier 2: `none`, `hashing`, `minilm` or a sentence-transformers directory."""

    # LLM judges, on when both llm_url and llm_model are set: any OpenAI-compatible
    # chat-completions endpoint (OpenAI, vLLM, Ollama, llama.cpp server). The key is
    # read from RESEARCH_CHAIN_LLM_API_KEY only (no flag), and never logged.
    llm_url: str | None = None
    """Chat-completions base URL of the LLM judges (with `llm_model`: judges on)."""
    llm_model: str | None = None
    """Model name the LLM judges ask for."""
    llm_api_key: SecretStr | None = None
    """API key of the LLM endpoint (environment only, never logged)."""
    llm_temperature: float = Field(default=0.0, ge=0, le=2)
    """Sampling temperature of the LLM judges."""
    llm_max_tokens: int = Field(default=512, ge=1)
    """Most completion tokens per LLM call."""
    llm_timeout_s: float = Field(default=20.0, gt=0)
    """Seconds one LLM call may take."""
    llm_concurrency: int = Field(default=32, ge=1)
    """LLM calls in flight per judge and process."""
    llm_schema_retries: int = Field(default=1, ge=0, le=5)
    """Re-asks after a reply that breaks the schema."""
    llm_max_prompt_tokens: int = Field(default=3000, ge=256)
    """Prompt size the evidence is trimmed to (estimated tokens)."""
    llm_classify: bool = False
    """Let the LLM read topics into hints (classifier tier 3)."""
    llm_judges: dict[JudgeName, JudgeOverrides] = Field(default_factory=dict)
    """Per-judge overrides as JSON, e.g. `{"synthesize": {"model": "big"}}`."""

    # Sample graph and observability.
    # None: load the sample into an empty store only when `up` runs its own server,
    # never into a cluster it joins.
    load_sample: bool | None = None
    """Load the sample graph into an empty store (unset: only with the embedded server)."""
    metrics_port: int | None = Field(default=None, ge=0, le=65535)
    """Serve /metrics, /livez and /readyz on this port (unset: no endpoint)."""
    metrics_host: str = "127.0.0.1"
    """Interface the metrics endpoint listens on."""
    lag_poll_s: float = Field(default=5.0, gt=0)
    """How often JetStream consumer lag and loops in flight are read for /metrics."""
    log_level: str = "INFO"
    """DEBUG, INFO, WARNING or ERROR."""

    # Tracing: spans are exported over OTLP/HTTP (protobuf) only when an endpoint is
    # set, e.g. http://otel-collector:4318 (or its full /v1/traces URL).
    otlp_endpoint: str | None = None
    """OTLP/HTTP collector for spans, e.g. `http://otel-collector:4318` (unset: no export)."""
    otlp_headers: dict[str, str] = Field(default_factory=dict)
    """Headers sent with every export (JSON object), e.g. an authorization header."""
    otlp_timeout_s: float = Field(default=10.0, gt=0)
    """Seconds one span export may take."""
    service_name: str = "research-chain"
    """`service.name` of the exported spans."""
    # Spans carry ids and counts; question, prompt and completion text only when on.
    trace_content: bool = False
    """Put question, prompt and completion text on spans (off: ids and counts only)."""

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

    def as_environment(self) -> dict[str, str]:
        """These settings as ``RESEARCH_CHAIN_*`` variables, for a child process to read the
        same (secrets in clear: the environment is the child's own)."""
        prefix = self.model_config.get("env_prefix", "")
        out: dict[str, str] = {}
        for name, value in self.model_dump(mode="json").items():
            raw = getattr(self, name)
            if isinstance(raw, SecretStr):
                value = raw.get_secret_value()
            if value is None:
                continue
            text = value if isinstance(value, str) else orjson.dumps(value).decode()
            out[f"{prefix}{name.upper()}"] = text
        return out

    def client_url(self) -> str:
        """Where clients (``ask``, ``watch``, ``eval``, a parent) find a running chain: the
        configured URL, else the address ``up``'s embedded server listens on."""
        return self.nats_url or f"nats://{self.embedded_host}:{self.embedded_port}"

    @property
    def llm_enabled(self) -> bool:
        return bool(self.llm_url and self.llm_model)

    def llm_endpoint(self, judge: JudgeName) -> JudgeEndpoint | None:
        """The judge's endpoint (shared settings under its overrides); None when LLM judges
        are off."""
        if not self.llm_enabled:
            return None
        own = self.llm_judges.get(judge, JudgeOverrides())
        key = self.llm_api_key
        if own.api_key_env:
            value = os.environ.get(own.api_key_env, "")
            key = SecretStr(value) if value else None
        return JudgeEndpoint(
            url=own.url or self.llm_url or "",
            model=own.model or self.llm_model or "",
            api_key=key,
            temperature=self.llm_temperature if own.temperature is None else own.temperature,
            max_tokens=own.max_tokens or self.llm_max_tokens,
            timeout_s=own.timeout_s or self.llm_timeout_s,
            concurrency=own.concurrency or self.llm_concurrency,
        )

    def with_overrides(self, **overrides: Any) -> Settings:
        """CLI flags win over the environment; ``None`` means "flag not given"."""
        given = {key: value for key, value in overrides.items() if value is not None}
        return self.model_copy(update=given) if given else self
