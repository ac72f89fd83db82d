"""Publishing a stage's work into the work-queue stream, once per loop, stage and step."""

from __future__ import annotations

from research_chain.bus import Bus
from research_chain.bus import names as n
from research_chain.bus.names import Stage
from research_chain.bus.trace_context import inject
from research_chain.payloads import WireModel, default_registry

__all__ = ["dispatch"]


async def dispatch(
    bus: Bus,
    stage: Stage,
    loop_id: str,
    *,
    step: int,
    round_: int,
    body: WireModel,
    parent_loop_id: str,
    traceparent: str = "",
) -> bool:
    """Publish ``body`` for ``stage``; False when the stream saw this step already.

    The ``Nats-Msg-Id`` is loop, stage and step, so a rule re-fired after a
    crash (same state, same decision) cannot put the same work in twice.
    """
    headers: dict[str, str] = {
        n.Header.MSG_ID: n.dispatch_msg_id(loop_id, stage, step),
        n.Header.LOOP_ID: loop_id,
        n.Header.PARENT_LOOP_ID: parent_loop_id,
        n.Header.STAGE: stage.value,
        n.Header.STEP: str(step),
        n.Header.ROUND: str(round_),
    }
    inject(headers, traceparent)
    data = default_registry().encode(body, id=n.dispatch_msg_id(loop_id, stage, step))
    ack = await bus.publish(n.stage_subject(stage, loop_id), data, headers=headers)
    return not ack.duplicate
