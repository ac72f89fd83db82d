"""compute_backoff is pure: exponential, capped, jittered within bounds, overridable."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from research_chain.errors import BusUnavailable, DecodeError
from research_chain.runtime.retry import RetryPolicy, compute_backoff, is_retryable

POLICY = RetryPolicy(max_attempts=6, initial_delay_s=0.1, coefficient=2.0, max_delay_s=1.0)


def test_backoff_grows_then_caps_without_jitter() -> None:
    policy = RetryPolicy(initial_delay_s=0.1, coefficient=2.0, max_delay_s=1.0, jitter=0.0)
    assert [compute_backoff(policy, a) for a in range(1, 7)] == pytest.approx(
        [0.1, 0.2, 0.4, 0.8, 1.0, 1.0]
    )


@given(attempt=st.integers(1, 50), seed=st.integers(0, 2**32))
def test_jitter_stays_within_bounds(attempt: int, seed: int) -> None:
    delay = compute_backoff(POLICY, attempt, rng=random.Random(seed))
    base = min(0.1 * 2 ** (attempt - 1), 1.0)
    assert base * (1 - POLICY.jitter) - 1e-9 <= delay <= min(base * (1 + POLICY.jitter), 1.0)


def test_an_errors_own_delay_wins_but_is_capped() -> None:
    assert compute_backoff(POLICY, 1, override_s=0.5) == 0.5
    assert compute_backoff(POLICY, 1, override_s=30.0) == 1.0


def test_attempts_count_from_one_and_policies_are_checked() -> None:
    with pytest.raises(ValueError, match="attempt"):
        compute_backoff(POLICY, 0)
    with pytest.raises(ValueError, match="max_attempts"):
        RetryPolicy(max_attempts=0)


def test_what_retries() -> None:
    assert is_retryable(POLICY, BusUnavailable("down"))
    assert is_retryable(POLICY, RuntimeError("unknown bug"))
    assert not is_retryable(POLICY, DecodeError("bad bytes"))
