"""Payloads too big for one message: evidence bodies go to the Object Store, a reference stays.

The server's max payload (1 MB by default) caps a KV value and a message alike. Before a
stage's completion or a loop's result is written, :func:`fit` measures its envelope; when
it is over the limit, the longest evidence snippets are stored as objects in the evidence
store and replaced by a short preview and ``Evidence.objectstore_ref`` (the contract's
field for this), longest first, until it fits. What still does not fit raises
:class:`~research_chain.errors.PayloadTooLarge`: permanent, parked, the loop ends
degraded naming it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar, cast

from research_chain.bus import Bus
from research_chain.errors import PayloadTooLarge
from research_chain.payloads import Evidence, ExecutionOutput, SearchResult, WireModel

__all__ = ["HEADROOM_BYTES", "PREVIEW_CHARS", "fit"]

P = TypeVar("P", bound=WireModel)

# Room left under the server's max payload for headers and the KV/stream framing.
HEADROOM_BYTES = 16 * 1024
# What an offloaded snippet keeps inline, so judges and parents still see its start.
PREVIEW_CHARS = 280


async def fit(
    bus: Bus, store: str, payload: P, *, name: str, encode: Callable[[WireModel], bytes]
) -> tuple[P, bytes]:
    """``payload`` and its encoding, with evidence bodies moved out until it fits.

    ``name`` prefixes the objects (``<name>/<index>``): a loop's stage run or result, so a
    retry overwrites its own objects instead of adding more.
    """
    limit = bus.max_payload - HEADROOM_BYTES
    data = encode(payload)
    if len(data) <= limit:
        return payload, data
    if isinstance(payload, ExecutionOutput | SearchResult):
        slim: ExecutionOutput | SearchResult = payload
        evidence: list[Evidence] = list(slim.evidence)
        longest = sorted(range(len(evidence)), key=lambda i: -len(evidence[i].snippet_text))
        for i in longest:
            item = evidence[i]
            if len(item.snippet_text) <= PREVIEW_CHARS:
                break
            ref = f"{name}/{i}"
            await bus.put_object(store, ref, item.snippet_text.encode())
            evidence[i] = item.model_copy(
                update={"snippet_text": item.snippet_text[:PREVIEW_CHARS], "objectstore_ref": ref}
            )
            slim = slim.model_copy(update={"evidence": evidence})
            data = encode(slim)
            if len(data) <= limit:
                return cast(P, slim), data
    raise PayloadTooLarge(
        f"{type(payload).__name__}: {len(data)} bytes, at most {limit} fit in one message "
        "(evidence bodies already moved to the object store)"
    )
