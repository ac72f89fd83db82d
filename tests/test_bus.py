from __future__ import annotations

import pytest

from research_chain.bus import Bus, names
from research_chain.bus.names import Stage
from research_chain.config import Settings
from research_chain.errors import InvalidName

LOOP = "0b1e6a52-6f1e-4c8e-9a57-3b0c7c2d9e11"


@pytest.mark.parametrize("bad", ["a.b", "a*", ">", "a b", "", "a\tb", "x" * 129, "a>b"])
def test_loop_ids_cannot_inject_subject_tokens(bad: str) -> None:
    with pytest.raises(InvalidName, match="loop_id"):
        names.stage_subject(Stage.NL_CLASSIFY, bad)
    with pytest.raises(InvalidName):
        names.validate_loop_id(bad)


def test_loop_id_must_be_a_full_uuid() -> None:
    assert names.validate_loop_id(LOOP) == LOOP
    with pytest.raises(InvalidName, match="UUID"):
        names.validate_loop_id("0b1e6a52-6f1e")
    assert names.validate_loop_id("parent-1", require_uuid=False) == "parent-1"


def test_names_are_functions_of_the_loop_id() -> None:
    assert names.stage_subject(Stage.ROUTE_SEARCH, LOOP) == f"component.route_search.{LOOP}"
    assert names.stage_key(Stage.NL_CLASSIFY, LOOP) == f"classify.complete.{LOOP}"
    assert names.requested_key(LOOP) == f"research.requested.{LOOP}"
    assert names.complete_key(LOOP) == f"COMPLETE_{LOOP}"
    assert names.loop_key(LOOP) == f"loop.{LOOP}"
    assert names.result_subject("parent-7") == "research.result.parent-7"
    assert (
        names.dispatch_msg_id(LOOP, Stage.ASSESS_SUFFICIENCY, 3) == f"{LOOP}:assess_sufficiency:3"
    )
    assert names.event_subject(LOOP, "r1") == f"research.events.{LOOP}.r1"


async def test_provisioning_is_idempotent_and_keeps_data(bus: Bus, settings: Settings) -> None:
    from research_chain.bus import provision

    kv = await bus.js.key_value(settings.loops_bucket)
    await kv.put("loop.x", b"1")
    await provision(bus, settings)
    await provision(bus, settings)
    assert (await kv.get("loop.x")).value == b"1"
    stream_names = {info.config.name for info in await bus.js.streams_info()}
    assert {
        settings.dispatch_stream,
        settings.results_stream,
        settings.dlq_stream,
        settings.schedule_stream,
        f"KV_{settings.loops_bucket}",
        f"KV_{settings.entities_bucket}",
    } <= stream_names


async def test_kv_compare_and_set_refuses_a_stale_revision(bus: Bus, settings: Settings) -> None:
    import nats.js.errors

    kv = await bus.js.key_value(settings.loops_bucket)
    rev = await kv.put("loop.cas", b"a")
    await kv.update("loop.cas", b"b", last=rev)
    with pytest.raises(nats.js.errors.KeyWrongLastSequenceError):
        await kv.update("loop.cas", b"c", last=rev)


def test_only_the_bus_imports_nats() -> None:
    """The seam: every other module talks to NATS through research_chain.bus."""
    import re
    from pathlib import Path

    import research_chain

    root = Path(research_chain.__file__).parent
    pattern = re.compile(r"^\s*(import nats|from nats)\b", re.MULTILINE)
    offenders = [
        str(path.relative_to(root))
        for path in root.rglob("*.py")
        if path.parent.name != "bus" and pattern.search(path.read_text())
    ]
    assert offenders == []
    components = root / "components"
    assert [p.name for p in components.glob("*.py") if "research_chain.bus" in p.read_text()] == []


async def test_kv_answers_absent_and_lost_races_as_values(bus: Bus, settings: Settings) -> None:
    kv = bus.bucket(settings.loops_bucket)
    assert await kv.read("loop.none") is None
    assert await kv.entry("loop.none") is None
    first = await kv.create("loop.k", b"a")
    assert first is not None
    assert await kv.create("loop.k", b"b") is None
    second = await kv.update("loop.k", b"c", last=first)
    assert second is not None
    assert await kv.update("loop.k", b"d", last=first) is None
    assert await kv.read("loop.k") == b"c"
    await kv.purge("loop.k")
    await kv.purge("loop.never")
    assert await kv.read("loop.k") is None
    assert await kv.create("loop.k", b"again") is not None  # over the purge marker
    assert await kv.read("loop.k") == b"again"


async def test_publish_acks_say_stored_or_duplicate_and_no_stream_is_an_error(bus: Bus) -> None:
    from research_chain.errors import BusUnavailable

    subject = names.stage_subject(Stage.NL_CLASSIFY, LOOP)
    first = await bus.publish(subject, b"x", headers={names.Header.MSG_ID: "dup-check"})
    again = await bus.publish(subject, b"x", headers={names.Header.MSG_ID: "dup-check"})
    assert not first.duplicate
    assert again.duplicate
    assert again.seq == first.seq
    with pytest.raises(BusUnavailable):
        await bus.publish("no.stream.captures.this", b"x")


async def test_nats_failures_arrive_as_project_errors(bus: Bus, settings: Settings) -> None:
    from research_chain.errors import NotFound, PayloadTooLarge

    with pytest.raises(PayloadTooLarge):
        await bus.publish(names.result_subject("p"), b"x" * (bus.nc.max_payload + 1))
    with pytest.raises(PayloadTooLarge):
        await bus.send("anything", b"x" * (bus.nc.max_payload + 1))
    with pytest.raises(NotFound):
        await bus.stream_state("NO_SUCH_STREAM")
    assert await bus.get_msg(settings.results_stream, 999) is None
    await bus.delete_msg(settings.results_stream, 999)
    with pytest.raises(NotFound):
        await bus.bucket("NO_SUCH_BUCKET").read("k")


@pytest.mark.parametrize(
    ("code", "err_code", "error"),
    [
        (409, 10158, "BusUnavailable"),  # the same msg id still being stored: resend
        (503, None, "BusUnavailable"),
        (400, 10071, "BusRejected"),
    ],
)
def test_a_publish_still_being_stored_is_retried_not_refused(
    code: int, err_code: int | None, error: str
) -> None:
    """After a leader change a stream answers a resent publish 409 "duplicate message id is
    in process" until the first copy is stored: that is "not now", not "not this"."""
    import nats.js.errors

    from research_chain import errors
    from research_chain.bus.errors import nats_errors

    with pytest.raises(getattr(errors, error)), nats_errors("publish x"):
        raise nats.js.errors.APIError(code=code, err_code=err_code, description="from the server")


async def test_a_stored_result_republished_again_is_heard_once(bus: Bus) -> None:
    """A stream leader taking over may republish a result its predecessor already sent;
    the parent's subscription drops that repeat by its stream sequence. A result stored
    twice (under another message id) is two results, and both are heard."""
    import asyncio
    from collections.abc import Mapping

    from research_chain.bus.message import Message
    from research_chain.bus.results import ResultSubscription

    parent = "dedupe-parent"
    subject = names.result_subject(parent)
    republished: list[Message] = []
    heard: list[bytes] = []
    first_sent, last_heard = asyncio.Event(), asyncio.Event()

    async def raw(msg: Message) -> None:
        republished.append(msg)
        first_sent.set()

    async def on_result(headers: Mapping[str, str], data: bytes) -> None:
        heard.append(data)
        if data == b"again":
            last_heard.set()

    await bus.subscribe(subject, raw)
    await ResultSubscription.open(bus, subject, on_result)

    async def store(msg_id: str, body: bytes) -> None:
        headers: dict[str, str] = {names.Header.MSG_ID: msg_id, names.Header.LOOP_ID: LOOP}
        await bus.publish(names.result_outbox_subject(parent, LOOP), body, headers=headers)

    await store("result-1", b"first")
    await asyncio.wait_for(first_sent.wait(), 10)
    repeat = republished[0]
    assert repeat.headers[names.Header.SEQUENCE]
    await bus.send(subject, repeat.data, headers=dict(repeat.headers))
    await store("result-2", b"again")
    await asyncio.wait_for(last_heard.wait(), 10)
    assert heard == [b"first", b"again"]
    assert len(republished) == 3


async def test_an_idempotent_call_is_asked_again_only_while_it_fails_in_passing() -> None:
    """A consumer request that times out or meets a 503 (a cluster electing a leader) is
    asked again until it answers or the wait is over; a closed connection or a rejected
    config ends it at once."""
    from collections.abc import Awaitable, Callable

    import nats.errors
    import nats.js.errors

    from research_chain.bus.connection import _not_yet as timed_out
    from research_chain.bus.errors import nats_errors, waited_out
    from research_chain.errors import BusRejected, BusUnavailable

    calls: list[int] = []

    def failing(first: int, error: Exception) -> Callable[[], Awaitable[int]]:
        async def call() -> int:
            calls.append(1)
            with nats_errors("consumer x"):
                if len(calls) <= first:
                    raise error
            return len(calls)

        return call

    answer = await waited_out(
        failing(2, nats.errors.TimeoutError()), "x", wait_s=30.0, transient=timed_out
    )
    assert answer == 3
    calls.clear()
    electing = nats.js.errors.APIError(code=503, description="no leader")
    assert await waited_out(failing(1, electing), "x", wait_s=30.0, transient=timed_out) == 2
    calls.clear()
    with pytest.raises(BusRejected):
        rejected = nats.js.errors.APIError(code=400, description="bad config")
        await waited_out(failing(5, rejected), "x", wait_s=30.0, transient=timed_out)
    assert len(calls) == 1
    calls.clear()
    with pytest.raises(BusUnavailable):
        await waited_out(
            failing(5, nats.errors.ConnectionClosedError()), "x", wait_s=30.0, transient=timed_out
        )
    assert len(calls) == 1
    calls.clear()
    with pytest.raises(BusUnavailable):
        await waited_out(
            failing(5, nats.errors.TimeoutError()), "x", wait_s=0.0, transient=timed_out
        )
    assert len(calls) == 1
