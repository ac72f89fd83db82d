"""The end of a message no handler could take: the dead-letter stream, with its reason.

Control consumers (intake, engine, deadlines, expiry) call :func:`park` when a
message fails permanently, fails with an unexpected exception, or runs out of
attempts; the stage runner parks its own dispatches the same way. The parked
copy is deduplicated by stream position, so two replicas parking one message
store it once.
"""

from __future__ import annotations

import logging

from research_chain.bus import Bus, Message
from research_chain.bus import names as n
from research_chain.errors import PayloadTooLarge, ResearchChainError

__all__ = ["describe", "park"]

log = logging.getLogger(__name__)

MAX_REASON_CHARS = 1000


def describe(error: BaseException | str) -> tuple[str, str]:
    """(error type, message) for the dead-letter headers, never empty."""
    if isinstance(error, str):
        return "InvalidRequest", error[:MAX_REASON_CHARS] or "InvalidRequest"
    text = str(error)[:MAX_REASON_CHARS] or type(error).__name__
    return type(error).__name__, text


async def park(
    bus: Bus,
    where: str,
    msg: Message,
    error: BaseException | str,
    *,
    loop_id: str = "",
    stage: str = "",
    kind: str = "",
) -> bool:
    """Publish ``msg`` on ``research.dlq.<where>`` with why; False if even that failed
    (the caller then leaves the message to be redelivered)."""
    described, text = describe(error)
    kind = kind or described
    headers: dict[str, str] = {
        n.Header.ERROR_TYPE: kind,
        n.Header.ERROR_MESSAGE: text,
        n.Header.REASON: text,
        n.Header.ATTEMPT: str(msg.attempt),
        n.Header.LOOP_ID: loop_id[:200],
    }
    if stage:
        headers[n.Header.STAGE] = stage
    if msg.seq:
        headers[n.Header.MSG_ID] = f"dlq:{msg.stream}:{msg.seq}"
    try:
        try:
            await bus.publish(n.dlq_subject(where), msg.data, headers=headers)
        except PayloadTooLarge:  # the headers tipped it over: keep the reason, drop the body
            await bus.publish(n.dlq_subject(where), b"", headers=headers)
    except ResearchChainError as exc:
        log.warning("%s: could not park %s (%s)", where, msg.subject, exc)
        return False
    log.warning("%s: parked %s after %d attempt(s): %s: %s", where, loop_id or msg.subject,
                msg.attempt, kind, text)  # fmt: skip
    return True
