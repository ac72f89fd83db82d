"""A thin async client for the OpenAI chat-completions protocol (ADR 0008).

One ``POST {url}/chat/completions`` per call over pooled ``httpx`` clients,
at most ``concurrency`` at a time. Structured output degrades per endpoint: a strict
``json_schema`` response format first; when the server rejects it (400/404/422),
JSON mode; when that is rejected too, no response format and the schema in the
prompt. What worked is remembered on the client, so one endpoint pays the probe
once. Every httpx exception and HTTP failure is translated here, at the seam,
into the error tree: the judge above never sees a library exception.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from email.utils import parsedate_to_datetime
from enum import IntEnum
from typing import Any

import httpx
import orjson

from research_chain.config import JudgeEndpoint
from research_chain.errors import JudgeRateLimited, JudgeRefused, JudgeTimeout

__all__ = ["ChatClient", "ChatReply", "FormatMode", "Message", "Usage", "retry_after"]

log = logging.getLogger(__name__)

Message = dict[str, str]

# Statuses with which a server says "I do not support that request body".
_UNSUPPORTED = frozenset({400, 404, 415, 422})
# A 429's Retry-After is honoured once per call, and only when it leaves this much time.
_RATE_LIMIT_WAITS = 1
_MIN_CALL_S = 0.5
_POOL_SIZE = 8


class FormatMode(IntEnum):
    """How structured output is asked for, strongest first."""

    JSON_SCHEMA = 0
    JSON_OBJECT = 1
    PROMPTED = 2


@dataclass(frozen=True, slots=True)
class Usage:
    prompt_tokens: int = 0
    completion_tokens: int = 0
    total_tokens: int = 0


@dataclass(frozen=True, slots=True)
class ChatReply:
    """The first choice's text (or refusal), the server's token usage and the format mode
    it answered in."""

    content: str
    usage: Usage
    mode: FormatMode
    finish_reason: str = ""
    refusal: str = ""


def retry_after(value: str | None) -> float | None:
    """A ``Retry-After`` header (seconds or an HTTP date) as seconds from now."""
    if not value:
        return None
    value = value.strip()
    with contextlib.suppress(ValueError):
        return max(0.0, float(value))
    try:
        when = parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    return max(0.0, when.timestamp() - time.time())


@contextlib.contextmanager
def _http_errors(what: str) -> Iterator[None]:
    try:
        yield
    except httpx.TimeoutException as exc:
        raise JudgeTimeout(f"{what}: timed out ({type(exc).__name__})") from exc
    except httpx.HTTPError as exc:
        raise JudgeTimeout(f"{what}: {type(exc).__name__}: {exc}") from exc


def _usage(body: dict[str, Any]) -> Usage:
    raw = body.get("usage") or {}
    if not isinstance(raw, dict):
        return Usage()

    def count(key: str) -> int:
        value = raw.get(key, 0)
        return value if isinstance(value, int) and value > 0 else 0

    prompt, completion = count("prompt_tokens"), count("completion_tokens")
    return Usage(prompt, completion, count("total_tokens") or prompt + completion)


class ChatClient:
    """One judge's endpoint: its model, sampling settings, timeout and concurrency limit."""

    def __init__(
        self, endpoint: JudgeEndpoint, *, transport: httpx.AsyncBaseTransport | None = None
    ) -> None:
        self.endpoint = endpoint
        self.mode = FormatMode.JSON_SCHEMA
        headers = {"Content-Type": "application/json"}
        if endpoint.api_key is not None:
            headers["Authorization"] = f"Bearer {endpoint.api_key.get_secret_value()}"
        # Small pools: httpcore rescans a pool's connections on every assignment pass,
        # so one pool of hundreds costs ~10x the CPU per call of many pools of a few.
        size = min(_POOL_SIZE, endpoint.concurrency)
        pools = -(-endpoint.concurrency // size)
        self._pools = [
            httpx.AsyncClient(
                base_url=endpoint.url.rstrip("/") + "/",
                headers=headers,
                transport=transport,
                limits=httpx.Limits(max_connections=size, max_keepalive_connections=size),
            )
            for _ in range(pools)
        ]
        # One slot per connection allowed: taking a slot is the concurrency limit, and
        # names the pool the call uses.
        self._slots: asyncio.Queue[int] = asyncio.Queue()
        for slot in range(endpoint.concurrency):
            self._slots.put_nowait(slot % pools)

    @property
    def model(self) -> str:
        return self.endpoint.model

    async def aclose(self) -> None:
        for pool in self._pools:
            await pool.aclose()

    async def complete(
        self,
        messages: Sequence[Message],
        schema_name: str,
        schema: dict[str, Any],
        *,
        deadline: float,
    ) -> ChatReply:
        """One completion in the strongest format mode the endpoint accepts.

        Raises :class:`JudgeTimeout` (slow, unreachable, 5xx), :class:`JudgeRateLimited`
        (429 that could not be waited out before ``deadline``) or :class:`JudgeRefused`
        (a refusal, or a 4xx in the weakest mode).
        """
        waits = _RATE_LIMIT_WAITS
        while True:
            mode = self.mode
            try:
                return await self._post(messages, schema_name, schema, mode, deadline)
            except JudgeRateLimited as exc:
                wait = exc.delay if exc.delay is not None else 1.0
                if waits <= 0 or time.time() + wait + _MIN_CALL_S > deadline:
                    raise
                waits -= 1
                log.info("%s: rate limited, retrying in %.2fs", self.model, wait)
                await asyncio.sleep(wait)
            except _Unsupported:
                if mode is FormatMode.PROMPTED:
                    raise JudgeRefused(f"{self.model}: endpoint rejected the request") from None
                if self.mode is mode:
                    self.mode = FormatMode(mode + 1)
                    log.info("%s: %s not accepted, using %s", self.model, mode.name, self.mode.name)

    def _body(
        self,
        messages: Sequence[Message],
        schema_name: str,
        schema: dict[str, Any],
        mode: FormatMode,
    ) -> dict[str, Any]:
        sent = [dict(m) for m in messages]
        if mode is not FormatMode.JSON_SCHEMA:
            # No server-side schema: the model reads it in the system message.
            shape = orjson.dumps(schema).decode()
            sent[0]["content"] += f"\n\nReply with one JSON object matching this schema:\n{shape}"
        body: dict[str, Any] = {
            "model": self.endpoint.model,
            "messages": sent,
            "temperature": self.endpoint.temperature,
            "max_tokens": self.endpoint.max_tokens,
        }
        if mode is FormatMode.JSON_SCHEMA:
            body["response_format"] = {
                "type": "json_schema",
                "json_schema": {"name": schema_name, "schema": schema, "strict": True},
            }
        elif mode is FormatMode.JSON_OBJECT:
            body["response_format"] = {"type": "json_object"}
        return body

    async def _post(
        self,
        messages: Sequence[Message],
        schema_name: str,
        schema: dict[str, Any],
        mode: FormatMode,
        deadline: float,
    ) -> ChatReply:
        timeout = min(self.endpoint.timeout_s, deadline - time.time())
        if timeout < _MIN_CALL_S:
            raise JudgeTimeout(f"{self.model}: no time left before the loop's deadline")
        body = orjson.dumps(self._body(messages, schema_name, schema, mode))
        what = f"{self.model} chat completion"
        pool = await self._slots.get()
        try:
            # The wait for a free slot counts against the deadline, not the call's timeout.
            timeout = min(self.endpoint.timeout_s, deadline - time.time())
            if timeout < _MIN_CALL_S:
                raise JudgeTimeout(f"{self.model}: no time left before the loop's deadline")
            with _http_errors(what):
                response = await self._pools[pool].post(
                    "chat/completions", content=body, timeout=timeout
                )
        finally:
            self._slots.put_nowait(pool)
        return self._reply(response, mode, what)

    def _reply(self, response: httpx.Response, mode: FormatMode, what: str) -> ChatReply:
        status = response.status_code
        if status == 429:
            delay = retry_after(response.headers.get("retry-after"))
            raise JudgeRateLimited(f"{what}: rate limited (429)", delay=delay)
        if status >= 500:
            raise JudgeTimeout(f"{what}: server error {status}")
        if status in _UNSUPPORTED and mode is not FormatMode.PROMPTED:
            raise _Unsupported
        if status >= 400:
            raise JudgeRefused(f"{what}: HTTP {status}")
        try:
            body = orjson.loads(response.content)
            choice = body["choices"][0]
            message = choice["message"]
        except (orjson.JSONDecodeError, KeyError, IndexError, TypeError) as exc:
            raise JudgeTimeout(f"{what}: not a chat completion ({exc})") from exc
        content = message.get("content")
        return ChatReply(
            content=content if isinstance(content, str) else "",
            usage=_usage(body),
            mode=mode,
            finish_reason=str(choice.get("finish_reason") or ""),
            refusal=str(message.get("refusal") or ""),
        )


class _Unsupported(Exception):
    """The endpoint rejected the response format; the client tries a weaker one."""
