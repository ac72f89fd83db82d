"""The one error tree of research-chain.

Everything the package raises on purpose derives from :class:`ResearchChainError`.
Foreign exceptions (nats, httpx, pydantic) are translated at their seam and
chained with ``raise ... from exc`` so handlers only ever see these types::

    ResearchChainError
    ├── RetryableError              transient; the runner naks with a delay
    │   ├── BusUnavailable          NATS down, timeouts, JetStream busy or electing
    │   ├── RevisionConflict        a compare-and-set lost to another writer
    │   ├── JudgeTimeout            the LLM endpoint was slow, down or failed (5xx)
    │   │   └── JudgeRateLimited    HTTP 429; ``delay`` is its Retry-After
    │   ├── HandlerTimeout          a stage handler ran past its time limit
    │   └── ResultTimeout           a parent waited longer than it allowed for a result
    └── PermanentError              retrying cannot help; park and end degraded
        ├── DecodeError             bytes that are not a valid registered payload
        ├── ValidationFailed        a typed payload broke a contract rule
        ├── RegistryError           the payload registry was misconfigured
        ├── InvalidName             a loop id or key that would break a subject
        ├── PayloadTooLarge         a message over the server's or stream's size limit
        ├── NotFound                a stream, bucket, key or stored message that is not there
        ├── BusRejected             JetStream refused the request as wrong (not transient)
        ├── RuleViolation           the rule pack is broken or a rule misfired
        ├── GraphError              bad triples or entity ids in a graph write
        ├── JudgeRefused            the model refused, or the endpoint rejected the request
        └── BudgetExhausted         the loop spent its tokens or its time
"""

from __future__ import annotations

__all__ = [
    "BudgetExhausted",
    "BusRejected",
    "BusUnavailable",
    "DecodeError",
    "GraphError",
    "HandlerTimeout",
    "InvalidName",
    "JudgeRateLimited",
    "JudgeRefused",
    "JudgeTimeout",
    "NotFound",
    "PayloadTooLarge",
    "PermanentError",
    "RegistryError",
    "ResearchChainError",
    "ResultTimeout",
    "RetryableError",
    "RevisionConflict",
    "RuleViolation",
    "ValidationFailed",
]


class ResearchChainError(Exception):
    """Root of every error this package raises on purpose."""


class RetryableError(ResearchChainError):
    """A transient failure; ``delay`` (seconds) overrides the computed backoff."""

    def __init__(self, message: str, *, delay: float | None = None) -> None:
        super().__init__(message)
        self.delay = delay


class BusUnavailable(RetryableError):
    """NATS or JetStream did not answer in time."""


class RevisionConflict(RetryableError):
    """A compare-and-set write lost: the key changed since it was read (or already exists)."""


class JudgeTimeout(RetryableError):
    """A judge's backend (an LLM endpoint) failed transiently."""


class JudgeRateLimited(JudgeTimeout):
    """The LLM endpoint said 429; ``delay`` is how long it asked us to wait, if it said."""


class HandlerTimeout(RetryableError):
    """A stage handler ran past its time limit (hung, or waiting on something dead)."""


class ResultTimeout(RetryableError):
    """No result for a loop arrived within the caller's timeout (it may still come)."""


class PermanentError(ResearchChainError):
    """Retrying the same input cannot succeed."""


class ValidationFailed(PermanentError):
    """A payload broke a rule of the contract; the message names the field."""

    def __init__(self, message: str, *, errors: list[str] | None = None) -> None:
        super().__init__(message)
        self.errors = errors or [message]


class DecodeError(ValidationFailed):
    """Bytes that do not decode to a registered payload; keeps the raw bytes."""

    def __init__(self, message: str, *, raw: bytes = b"", errors: list[str] | None = None) -> None:
        super().__init__(message, errors=errors)
        self.raw = raw


class RegistryError(PermanentError):
    """The payload registry was asked to do something inconsistent."""


class InvalidName(PermanentError):
    """A loop id, stage or key that cannot be used as a subject token."""


class PayloadTooLarge(PermanentError):
    """A message larger than the server's max payload or the stream's max message size;
    the same bytes will never fit, so it is not retried."""


class NotFound(PermanentError):
    """A stream, bucket, consumer, key or stored message that does not exist."""


class BusRejected(PermanentError):
    """JetStream answered that the request itself is wrong (configuration, permissions)."""


class RuleViolation(PermanentError):
    """The rule pack failed its start-up checks or a rule could not run."""


class GraphError(PermanentError):
    """A graph write or query was given invalid triples or ids."""


class JudgeRefused(PermanentError):
    """The model refused to answer, or the endpoint rejected the request (4xx)."""


class BudgetExhausted(PermanentError):
    """The loop has no tokens or time left for the requested work."""
