"""Retry policy as data and the pure backoff function the runner naks with."""

from __future__ import annotations

import random
from dataclasses import dataclass

from research_chain.errors import PermanentError, ResearchChainError, RetryableError

__all__ = ["RetryPolicy", "compute_backoff", "is_retryable"]


@dataclass(frozen=True, slots=True)
class RetryPolicy:
    """How one stage retries: attempts, exponential delays with jitter, what never retries."""

    max_attempts: int = 5
    initial_delay_s: float = 0.5
    coefficient: float = 2.0
    max_delay_s: float = 10.0
    jitter: float = 0.2
    ack_wait_s: float = 5.0
    ack_wait_backoff: bool = False
    handler_timeout_s: float = 60.0
    non_retryable: tuple[type[BaseException], ...] = (PermanentError,)

    def __post_init__(self) -> None:
        if self.max_attempts < 1:
            raise ValueError("max_attempts must be >= 1")
        if not 0.0 <= self.jitter <= 1.0:
            raise ValueError("jitter must be within [0, 1]")
        if self.ack_wait_s <= 0 or self.handler_timeout_s <= 0:
            raise ValueError("ack_wait_s and handler_timeout_s must be > 0")

    @property
    def heartbeat_s(self) -> float:
        """How often a running handler reports progress: three beats per ``ack_wait``."""
        return max(self.ack_wait_s / 3, 0.05)

    def ack_backoff(self) -> list[float]:
        """Consumer-side redelivery delays after a missed ack; empty unless asked for.

        nats-server 2.15.1 lets a consumer's ``backoff`` override the delay of later
        naks (measured: a 50 ms nak came back after 2 s, then 6 s), which would
        take retry timing away from :func:`compute_backoff`. So by default a missed
        ack is retried after ``ack_wait_s`` and every other retry uses our delay.
        """
        if not self.ack_wait_backoff:
            return []
        return [
            self.ack_wait_s * min(self.coefficient**i, 4.0) for i in range(self.max_attempts - 1)
        ]


def compute_backoff(
    policy: RetryPolicy,
    attempt: int,
    *,
    override_s: float | None = None,
    rng: random.Random | None = None,
) -> float:
    """Delay before attempt ``attempt + 1``; ``attempt`` counts from 1.

    ``initial * coefficient**(attempt-1)`` capped at ``max_delay_s``, then spread by
    ``±jitter`` so a burst of failures does not come back as a burst. An error's
    own delay (``override_s``) wins but is capped too.
    """
    if attempt < 1:
        raise ValueError("attempt counts from 1")
    if override_s is not None:
        return max(0.0, min(override_s, policy.max_delay_s))
    base = min(policy.initial_delay_s * policy.coefficient ** (attempt - 1), policy.max_delay_s)
    spread = (rng or random).uniform(-policy.jitter, policy.jitter)
    return max(0.0, min(base * (1.0 + spread), policy.max_delay_s))


def is_retryable(policy: RetryPolicy, error: BaseException) -> bool:
    """Permanent errors never retry; our retryable ones and unknown failures do."""
    if isinstance(error, policy.non_retryable):
        return False
    return isinstance(error, RetryableError) or not isinstance(error, ResearchChainError)
