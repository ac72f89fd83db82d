"""A fake OpenAI-compatible chat-completions server: real HTTP/1.1 on loopback, scripted.

Replies are scripted per judge, recognised by the marker string its prompt opens
with (``research-chain/route/v1`` and so on): each judge has a queue of
:class:`Step` s (valid, a given reply, an invalid enum, broken JSON, a refusal,
slow, an HTTP status with ``Retry-After``), and an empty queue answers valid. Every reply
carries ``usage`` figures, and the server sums what it sent, so a test can hold
``tokens_used`` to it. Every request body is kept for tests to read the prompts.

By hand, so ``research-chain up --llm-url`` can be tried without a model::

    python -m tests.fake_llm --port 8089 --delay-ms 200
    research-chain up --llm-url http://127.0.0.1:8089/v1 --llm-model fake
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import re
from collections import deque
from dataclasses import dataclass, field
from typing import Any

import orjson

__all__ = ["FakeLLM", "Step", "main", "route_reply", "synthesis_reply"]

_Response = tuple[int, dict[str, str], bytes]

JUDGES = ("route", "assess", "synthesize", "classify")
_MARKER = re.compile(r"research-chain/(route|assess|synthesize|classify)/v\d+")
_REF = re.compile(r"\[\d+\] ref=(\S+) source=\S+ text=\"((?:[^\"\\]|\\.)*)\"")
_PATH = re.compile(r"^(\d+)\. from ", re.MULTILINE)
_REASONS = {200: "OK", 400: "Bad Request", 404: "Not Found", 429: "Too Many Requests",
            500: "Internal Server Error", 503: "Service Unavailable"}  # fmt: skip


@dataclass(frozen=True)
class Step:
    """One scripted reply. ``kind``: valid | reply (``content``: a string, an object, or a
    function of the user prompt returning either) | invalid_enum | broken | refusal | slow
    (valid after ``delay_s``) | status (``status``, ``retry_after``) | tool_calls
    (``content``: the assistant message's ``tool_calls`` list; scripts for an agent's
    requests, which carry no judge marker, are under the judge name "")."""

    kind: str = "valid"
    content: Any = None
    status: int = 200
    retry_after: str | None = None
    delay_s: float = 0.0
    usage: tuple[int, int] | None = None


@dataclass
class FakeLLM:
    """``delay_s`` applies to every reply; ``usage`` is (prompt, completion) tokens per
    reply; ``formats`` are the response_format types the server accepts."""

    delay_s: float = 0.0
    usage: tuple[int, int] = (100, 20)
    formats: frozenset[str] = frozenset({"json_schema", "json_object"})
    requests: list[dict[str, Any]] = field(default_factory=list)
    headers: list[dict[str, str]] = field(default_factory=list)
    tokens_sent: int = 0
    _scripts: dict[str, deque[Step]] = field(default_factory=dict)
    _server: asyncio.Server | None = None
    _tasks: set[asyncio.Task[None]] = field(default_factory=set)
    url: str = ""

    def script(self, judge: str, *steps: Step) -> None:
        self._scripts.setdefault(judge, deque()).extend(steps)

    def prompts(self, judge: str) -> list[str]:
        """The user messages of every request a judge made, in order."""
        return [
            m["content"]
            for body in self.requests
            if judge_of(body) == judge
            for m in body["messages"]
            if m["role"] == "user"
        ]

    def calls(self, judge: str) -> int:
        return sum(1 for body in self.requests if judge_of(body) == judge)

    async def start(self, host: str = "127.0.0.1", port: int = 0) -> str:
        self._server = await asyncio.start_server(self._connection, host, port)
        bound = self._server.sockets[0].getsockname()[1]
        self.url = f"http://{host}:{bound}/v1"
        return self.url

    async def stop(self) -> None:
        if self._server is not None:
            self._server.close()
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        if self._server is not None:
            await self._server.wait_closed()

    async def _connection(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        task = asyncio.current_task()
        assert task is not None
        self._tasks.add(task)
        try:
            while await self._exchange(reader, writer):
                pass
        except (ConnectionError, asyncio.IncompleteReadError, ValueError):
            pass
        finally:
            self._tasks.discard(task)
            writer.close()
            with contextlib.suppress(Exception):
                await writer.wait_closed()

    async def _exchange(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> bool:
        line = await reader.readline()
        if not line:
            return False
        method, path, _ = line.decode().split(" ", 2)
        headers: dict[str, str] = {}
        while (raw := await reader.readline()) not in (b"\r\n", b"\n", b""):
            key, _, value = raw.decode().partition(":")
            headers[key.strip().lower()] = value.strip()
        body = await reader.readexactly(int(headers.get("content-length", "0")))
        self.headers.append(headers)
        status, extra, payload = await self._answer(method, path, body)
        head = [f"HTTP/1.1 {status} {_REASONS.get(status, 'Status')}",
                "Content-Type: application/json", f"Content-Length: {len(payload)}",
                *(f"{k}: {v}" for k, v in extra.items())]  # fmt: skip
        writer.write(("\r\n".join(head) + "\r\n\r\n").encode() + payload)
        await writer.drain()
        return headers.get("connection", "").lower() != "close"

    async def _answer(
        self, method: str, path: str, raw: bytes
    ) -> tuple[int, dict[str, str], bytes]:
        if method == "GET" and path.rstrip("/").endswith("/models"):
            return 200, {}, orjson.dumps({"object": "list", "data": [{"id": "fake"}]})
        if method != "POST" or not path.rstrip("/").endswith("/chat/completions"):
            return 404, {}, orjson.dumps({"error": {"message": f"no route {method} {path}"}})
        body = orjson.loads(raw)
        self.requests.append(body)
        wanted = (body.get("response_format") or {}).get("type")
        if wanted and wanted not in self.formats:
            return (
                400,
                {},
                orjson.dumps({"error": {"message": f"response_format {wanted} unsupported"}}),
            )
        judge = judge_of(body)
        queue = self._scripts.get(judge)
        step = queue.popleft() if queue else Step()
        await asyncio.sleep(self.delay_s + step.delay_s)
        if step.kind == "status":
            extra = {"Retry-After": step.retry_after} if step.retry_after is not None else {}
            return step.status, extra, orjson.dumps({"error": {"message": "scripted failure"}})
        prompt, completion = step.usage or self.usage
        self.tokens_sent += prompt + completion
        message: dict[str, Any] = {"role": "assistant", "content": _content(step, judge, body)}
        if step.kind == "tool_calls":
            message = {"role": "assistant", "content": None, "tool_calls": step.content}
        if step.kind == "refusal":
            message = {"role": "assistant", "content": None, "refusal": "I can't help with that."}
        reply = {
            "id": f"fake-{len(self.requests)}",
            "object": "chat.completion",
            "model": body.get("model", "fake"),
            "choices": [{"index": 0, "message": message,
                         "finish_reason": "tool_calls" if step.kind == "tool_calls" else "stop"}],
            "usage": {"prompt_tokens": prompt, "completion_tokens": completion,
                      "total_tokens": prompt + completion},
        }  # fmt: skip
        return 200, {}, orjson.dumps(reply)


def judge_of(body: dict[str, Any]) -> str:
    for message in body.get("messages", []):
        found = _MARKER.search(message.get("content") or "")
        if found:
            return found.group(1)
    return ""


def _user(body: dict[str, Any]) -> str:
    return "\n".join(m["content"] for m in body["messages"] if m["role"] == "user")


def valid_reply(judge: str, body: dict[str, Any]) -> dict[str, Any]:
    """A reply that passes validation, read from the prompt (first path, first ref)."""
    prompt = _user(body)
    if judge == "route":
        path = _PATH.search(prompt)
        if path:
            return route_reply("walk_seeds", int(path.group(1)))
        return route_reply("decompose", 0, axes=["topic"], focus="the question")
    if judge == "assess":
        return {"sufficient": True, "refined_queries": [], "rationale": "fake: enough",
                "confidence": 0.8}  # fmt: skip
    if judge == "synthesize":
        ref = _REF.search(prompt)
        if ref is None:
            return synthesis_reply(False, "the evidence holds nothing that answers it")
        label = orjson.loads(f'"{ref.group(2)}"').split(" | ")[0]
        return synthesis_reply(True, f"{label} [{ref.group(1)}]")
    return {"entities": [], "relations": [], "types": [], "time_start": "", "time_end": ""}


def route_reply(action: str, path: int, **fields: Any) -> dict[str, Any]:
    reply = {"action": action, "path": path, "also": [], "topic": "", "axes": [], "focus": "",
             "scope": "medium", "rationale": "fake router"}  # fmt: skip
    return {**reply, **fields}


def synthesis_reply(
    answered: bool, answer: str, support: list[str] | None = None
) -> dict[str, Any]:
    return {"answered": answered, "answer": answer, "support": support or [], "gaps": []}


_BAD_ENUM = {"route": ("action", "teleport"), "assess": ("sufficient", "maybe"),
             "synthesize": ("answered", "perhaps"), "classify": ("entities", "none")}  # fmt: skip


def _content(step: Step, judge: str, body: dict[str, Any]) -> str:
    if step.kind == "broken":
        return '{"action": "walk_seeds", "path": '
    if step.kind == "reply":
        content = step.content(_user(body)) if callable(step.content) else step.content
        return content if isinstance(content, str) else orjson.dumps(content).decode()
    reply = valid_reply(judge, body)
    if step.kind == "invalid_enum" and judge in _BAD_ENUM:
        key, value = _BAD_ENUM[judge]
        reply[key] = value
    return orjson.dumps(reply).decode()


async def _serve(port: int, delay_s: float) -> None:
    fake = FakeLLM(delay_s=delay_s)
    url = await fake.start(port=port)
    print(f"fake LLM on {url} (every reply valid, {delay_s * 1000:.0f} ms)", flush=True)
    try:
        await asyncio.Event().wait()
    finally:
        await fake.stop()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--port", type=int, default=8089)
    parser.add_argument("--delay-ms", type=float, default=0.0)
    args = parser.parse_args(argv)
    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(_serve(args.port, args.delay_ms / 1000))


if __name__ == "__main__":
    main()
