"""The LLM judge: route, assess and synthesize on any OpenAI-compatible endpoint.

Each judgment is one conversation: the versioned prompt, a structured reply
checked against the reply model and the request, and on a violation a bounded
number of re-asks with the error fed back. Before every call the prompt is
estimated and the call is skipped when it (plus the completion it may write)
would pass the loop's remaining ``budget_tokens``. Whatever goes wrong (budget,
deadline, timeout, HTTP error, 429 that cannot be waited out, refusal, repeated
violation) the heuristic judge answers that step, and the judgment names the
fallback and the reason; the loop always continues. Tokens are the server's own
``usage`` figures, summed over every call, including rejected replies.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import replace
from typing import Any, TypeVar

from pydantic import BaseModel

from research_chain.config import JUDGE_NAMES, Settings
from research_chain.errors import JudgeRefused, JudgeTimeout, ValidationFailed
from research_chain.judges.base import (
    Allowance,
    AssessRequest,
    Judge,
    Judgment,
    RouteRequest,
    SynthesisRequest,
)
from research_chain.judges.chat import ChatClient, Message
from research_chain.judges.choices import route_choices
from research_chain.judges.heuristic import HeuristicJudge
from research_chain.judges.prompts import (
    Prompt,
    assess_prompt,
    correction,
    estimate_tokens,
    route_prompt,
    synthesis_prompt,
    topic_prompt,
)
from research_chain.judges.replies import (
    AssessReply,
    RouteReply,
    SynthesisReply,
    TopicReply,
    to_assessment,
    to_decision,
    to_hints,
    to_synthesis,
)
from research_chain.judges.structured import parse_reply, strict_schema
from research_chain.payloads import AssessmentOutput, RouteDecision
from research_chain.telemetry import llm_span

__all__ = ["BUDGET_EXHAUSTED", "LLMJudge"]

log = logging.getLogger(__name__)

T = TypeVar("T")
BUDGET_EXHAUSTED = "budget-exhausted"


class LLMJudge:
    """One chat client per judgment point; the heuristic judge behind every one of them."""

    name = "llm"

    def __init__(
        self,
        clients: Mapping[str, ChatClient],
        *,
        fallback: Judge | None = None,
        schema_retries: int = 1,
        max_prompt_tokens: int = 3000,
        classify: bool = False,
    ) -> None:
        self._clients = dict(clients)
        self._fallback = fallback or HeuristicJudge()
        self._retries = schema_retries
        self._max_prompt = max_prompt_tokens
        self._classify = classify
        self._schemas: dict[type[BaseModel], dict[str, Any]] = {
            model: strict_schema(model)
            for model in (RouteReply, AssessReply, SynthesisReply, TopicReply)
        }

    @classmethod
    def from_settings(cls, settings: Settings) -> LLMJudge:
        clients: dict[str, ChatClient] = {}
        for point in JUDGE_NAMES:
            endpoint = settings.llm_endpoint(point)
            if endpoint is not None:
                clients[point] = ChatClient(endpoint)
        return cls(
            clients,
            schema_retries=settings.llm_schema_retries,
            max_prompt_tokens=settings.llm_max_prompt_tokens,
            classify=settings.llm_classify,
        )

    async def aclose(self) -> None:
        for client in self._clients.values():
            await client.aclose()

    async def route(self, request: RouteRequest) -> Judgment[RouteDecision]:
        choices = route_choices(request)
        return await self._judge(
            "route",
            lambda budget: route_prompt(request, choices),
            lambda reply: to_decision(_as(reply, RouteReply), request, choices),
            request.allowance,
            lambda: self._fallback.route(request),
        )

    async def assess(self, request: AssessRequest) -> Judgment[AssessmentOutput]:
        return await self._judge(
            "assess",
            lambda budget: assess_prompt(request, budget),
            lambda reply: to_assessment(_as(reply, AssessReply), request),
            request.allowance,
            lambda: self._fallback.assess(request),
        )

    async def synthesize(self, request: SynthesisRequest) -> Judgment[str]:
        return await self._judge(
            "synthesize",
            lambda budget: synthesis_prompt(request, budget),
            lambda reply: to_synthesis(_as(reply, SynthesisReply), request),
            request.allowance,
            lambda: self._fallback.synthesize(request),
        )

    async def read_topic(self, topic: str, allowance: Allowance) -> Judgment[dict[str, Any] | None]:
        """Tier 3 of the classifier, when turned on; nothing to add otherwise."""

        async def nothing() -> Judgment[dict[str, Any] | None]:
            return Judgment(None, judge=self._fallback.name)

        if not self._classify:
            return await nothing()
        result: Judgment[dict[str, Any] | None] = await self._judge(
            "classify",
            lambda budget: topic_prompt(topic),
            lambda reply: to_hints(_as(reply, TopicReply)),
            allowance,
            nothing,
        )
        return result

    async def _judge(
        self,
        point: str,
        build: Callable[[int], Prompt],
        convert: Callable[[BaseModel], T],
        allowance: Allowance,
        fallback: Callable[[], Awaitable[Judgment[T]]],
    ) -> Judgment[T]:
        """Ask, validate, re-ask with the error, or fall back with the reason."""
        client = self._clients.get(point)
        if client is None:
            return await fallback()
        reserve = client.endpoint.max_tokens
        prompt = build(max(0, min(self._max_prompt, allowance.tokens - reserve)))
        schema = self._schemas[prompt.reply]
        messages: list[Message] = list(prompt.messages)
        spent = calls = 0
        problem = ""
        for _ in range(1 + self._retries):
            need = estimate_tokens(messages, schema) + reserve
            if spent + need > allowance.tokens:
                why = f"{point}: about {need} tokens needed, {allowance.tokens - spent} left"
                return await self._fell_back(fallback, BUDGET_EXHAUSTED, why, spent, calls)
            try:
                with llm_span(point, client.model) as span:
                    span.attempt(calls + 1)
                    reply = await client.complete(
                        messages, f"{point}_reply", schema, deadline=allowance.deadline
                    )
                    span.usage(reply.usage.prompt_tokens, reply.usage.completion_tokens)
                    span.content(messages, reply.content)
            except (JudgeTimeout, JudgeRefused) as exc:
                why = str(exc)
                return await self._fell_back(fallback, f"{point}-llm-fallback", why, spent, calls)
            calls += 1
            spent += reply.usage.total_tokens
            if reply.refusal:
                why = f"{client.model} refused: {reply.refusal[:200]}"
                return await self._fell_back(fallback, f"{point}-llm-fallback", why, spent, calls)
            try:
                value = convert(parse_reply(reply.content, prompt.reply))
            except ValidationFailed as exc:
                problem = str(exc)
                log.info("%s reply rejected (%s)", point, problem)
                messages += [{"role": "assistant", "content": reply.content}, correction(exc)]
                continue
            return Judgment(value, spent, judge=f"{self.name}:{client.model}", calls=calls)
        why = f"no valid reply in {calls} attempt(s): {problem}"
        return await self._fell_back(fallback, f"{point}-llm-fallback", why, spent, calls)

    async def _fell_back(
        self,
        fallback: Callable[[], Awaitable[Judgment[T]]],
        name: str,
        reason: str,
        spent: int,
        calls: int,
    ) -> Judgment[T]:
        log.info("%s: %s", name, reason)
        judged = await fallback()
        return replace(
            judged,
            tokens_used=judged.tokens_used + spent,
            fallback=name,
            reason=reason,
            calls=calls,
        )


M = TypeVar("M", bound=BaseModel)


def _as(reply: BaseModel, model: type[M]) -> M:
    if not isinstance(reply, model):
        raise ValidationFailed(f"reply: expected {model.__name__}")
    return reply
