"""The one place nats-py exceptions become the project's own (see :mod:`research_chain.errors`).

Every call into nats-py made by :mod:`research_chain.bus` runs under
:func:`nats_errors`, so nothing outside this package ever sees a foreign
exception. The split follows what a caller can do about it: wait and retry
(transport, timeouts, a JetStream leader being elected), re-read and retry (a
lost compare-and-set), or stop (too large, not there, refused as wrong).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from typing import TypeVar

import nats.errors
import nats.js.errors

from research_chain.errors import (
    BusRejected,
    BusUnavailable,
    InvalidName,
    NotFound,
    PayloadTooLarge,
    RevisionConflict,
)

__all__ = ["nats_errors", "waited_out"]

log = logging.getLogger(__name__)
_T = TypeVar("_T")
# Between two tries of a call that is waited out: a cluster settles in a few seconds.
_RETRY_PAUSE_S = 0.25

# JetStream's own code for "message size exceeds maximum allowed" (a stream's max_msg_size).
_ERR_MSG_TOO_LARGE = 10054
# "Message delete failed": what deleting a sequence that is already gone answers (with 500).
_ERR_MSG_DELETE_FAILED = 10057
# "Duplicate message id is in process" (with 409): a copy with the same Nats-Msg-Id is still
# being stored by a newly elected leader; resending gets the duplicate ack once it is.
_ERR_DUPLICATE_IN_PROCESS = 10158
# Statuses that say "not now" rather than "not this": timeout, server error, unavailable.
_TRANSIENT_STATUS = frozenset({408, 500, 503})

_BAD_NAMES = (
    nats.errors.BadSubjectError,
    nats.js.errors.InvalidKeyError,
    nats.js.errors.InvalidBucketNameError,
    nats.js.errors.InvalidObjectNameError,
)


@contextmanager
def nats_errors(what: str) -> Iterator[None]:
    """Run a nats-py call, re-raising its failures as the project's errors ``from`` them.

    ``what`` names the operation, so the message says what was being done.
    """
    try:
        yield
    except nats.errors.MaxPayloadError as exc:
        raise PayloadTooLarge(f"{what}: message exceeds the server's max payload") from exc
    except nats.js.errors.KeyWrongLastSequenceError as exc:
        raise RevisionConflict(f"{what}: the key changed since it was read") from exc
    except nats.js.errors.NotFoundError as exc:
        raise NotFound(f"{what}: {exc.description or type(exc).__name__}") from exc
    except nats.js.errors.APIError as exc:
        raise _api_error(what, exc) from exc
    except _BAD_NAMES as exc:
        raise InvalidName(f"{what}: {type(exc).__name__}: {exc}") from exc
    except nats.errors.AuthorizationError as exc:
        raise BusRejected(f"{what}: not authorized: {exc}") from exc
    except (nats.errors.Error, TimeoutError, OSError) as exc:
        raise BusUnavailable(f"{what}: {type(exc).__name__}: {exc}") from exc


def _api_error(what: str, exc: nats.js.errors.APIError) -> Exception:
    message = f"{what}: {exc.description or type(exc).__name__} (code {exc.code})"
    if exc.err_code == _ERR_MSG_TOO_LARGE:
        return PayloadTooLarge(message)
    if exc.err_code == _ERR_MSG_DELETE_FAILED:
        return NotFound(message)
    if (
        exc.code is None
        or exc.code in _TRANSIENT_STATUS
        or exc.err_code == _ERR_DUPLICATE_IN_PROCESS
    ):
        return BusUnavailable(message)
    return BusRejected(message)


async def waited_out(
    call: Callable[[], Awaitable[_T]],
    what: str,
    *,
    wait_s: float,
    transient: Callable[[BusRejected | BusUnavailable], bool],
) -> _T:
    """Run an idempotent call again while it fails in a way ``transient`` says passes (a
    cluster electing a leader or still placing replicas), for up to ``wait_s``; then, or
    on any other failure, let the failure through."""
    deadline = asyncio.get_running_loop().time() + wait_s
    while True:
        try:
            return await call()
        except (BusRejected, BusUnavailable) as exc:
            if not transient(exc) or asyncio.get_running_loop().time() > deadline:
                raise
            log.info("%s: %s; retrying", what, exc)
            await asyncio.sleep(_RETRY_PAUSE_S)
