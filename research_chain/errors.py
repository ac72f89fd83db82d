"""The one error tree of research-chain.

Everything the package raises on purpose derives from :class:`ResearchChainError`.
Foreign exceptions (nats, httpx, pydantic) are translated at their seam and
chained with ``raise ... from exc`` so handlers only ever see these types::

    ResearchChainError
    ├── RetryableError              transient; the runner naks with a delay
    │   ├── BusUnavailable          NATS down, timeouts, stale KV revision
    │   ├── JudgeTimeout            the LLM endpoint was slow or refused
    │   └── ResultTimeout           a parent waited longer than it allowed for a result
    └── PermanentError              retrying cannot help; park and end degraded
        ├── DecodeError             bytes that are not a valid registered payload
        ├── ValidationFailed        a typed payload broke a contract rule
        ├── RegistryError           the payload registry was misconfigured
        ├── InvalidName             a loop id or key that would break a subject
        ├── RuleViolation           the rule pack is broken or a rule misfired
        ├── GraphError              bad triples or entity ids in a graph write
        └── BudgetExhausted         the loop spent its tokens or its time
"""

from __future__ import annotations

__all__ = [
    "BudgetExhausted",
    "BusUnavailable",
    "DecodeError",
    "GraphError",
    "InvalidName",
    "JudgeTimeout",
    "PermanentError",
    "RegistryError",
    "ResearchChainError",
    "ResultTimeout",
    "RetryableError",
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


class JudgeTimeout(RetryableError):
    """A judge's backend (an LLM endpoint) failed transiently."""


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


class RuleViolation(PermanentError):
    """The rule pack failed its start-up checks or a rule could not run."""


class GraphError(PermanentError):
    """A graph write or query was given invalid triples or ids."""


class BudgetExhausted(PermanentError):
    """The loop has no tokens or time left for the requested work."""
