"""The citation format, quote-back validation and claim-level grounding.

A citation is an evidence entity id in square brackets, ``[acme.ops.robotics.gcs.drone.d7]``,
placed at the end of the sentence it supports. Quote-back keeps a citation only
if its id is in the evidence; grounding splits the answer into claims (one per
line or sentence) and checks each against the snippets of the evidence it cites.
Lines starting with ``Caveat:`` or ``Note:`` are about the answer, not claims.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from research_chain.graph.text import tokens
from research_chain.payloads import ClaimVerdict, Evidence, GroundedClaim, VerifiedResponse
from research_chain.understanding.analysis import word_matches
from research_chain.understanding.lexicon import NOISE_WORDS

__all__ = [
    "QuoteBack",
    "cite",
    "extract_refs",
    "ground",
    "quote_back",
    "split_claims",
]

REF = re.compile(r"\s?\[([A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+){5})\]")
_SENTENCE = re.compile(r"(?<=[\].!?])\s+(?=[A-Z])")
_TRIPLE = re.compile(r"(.+?) --(\S+)--> (.+)")
_NOT_CLAIMS = ("caveat:", "note:")
_FILLER = NOISE_WORDS | {"answer", "answers", "more", "found", "including", "s"}

SUPPORTED_AT = 0.75
WEAK_AT = 0.4


def cite(entity_ids: Iterable[str]) -> str:
    """The citation markers for ``entity_ids``, each once, in order."""
    return "".join(f" [{entity_id}]" for entity_id in dict.fromkeys(entity_ids))


def extract_refs(text: str) -> list[str]:
    return list(dict.fromkeys(m.group(1) for m in REF.finditer(text)))


@dataclass(frozen=True, slots=True)
class QuoteBack:
    text: str
    kept: list[str]
    dropped: list[str]


def quote_back(text: str, evidence: Sequence[Evidence]) -> QuoteBack:
    """Remove citations of ids that are not in the evidence; report which were dropped."""
    known = {item.entity_id for item in evidence}
    dropped: list[str] = []
    kept: list[str] = []

    def check(match: re.Match[str]) -> str:
        ref = match.group(1)
        if ref in known:
            if ref not in kept:
                kept.append(ref)
            return match.group(0)
        if ref not in dropped:
            dropped.append(ref)
        return ""

    return QuoteBack(REF.sub(check, text), kept, dropped)


def split_claims(text: str) -> list[str]:
    """Claims of an answer: its lines, and sentences within a line; caveats excluded."""
    claims: list[str] = []
    for line in text.splitlines():
        line = line.strip()
        if not line or line.casefold().startswith(_NOT_CLAIMS):
            continue
        claims.extend(part.strip() for part in _SENTENCE.split(line) if part.strip())
    return claims


def _content(text: str) -> set[str]:
    return {t for t in tokens(REF.sub("", text)) if t not in _FILLER}


def _contradiction(claim: str, snippets: Sequence[str]) -> str:
    """A cited triple whose subject and relation the claim names but whose value it does not."""
    claim_tokens = set(tokens(claim))
    for snippet in snippets:
        for part in snippet.split("; "):
            m = _TRIPLE.search(part.split(" | ")[-1])
            if m is None:
                continue
            subject, value = set(tokens(m.group(1))), set(tokens(m.group(3)))
            words = [w for w in tokens(m.group(2)) if w not in NOISE_WORDS]
            names_relation = any(word_matches(t, words) for t in claim_tokens) if words else False
            if subject and subject <= claim_tokens and names_relation and not value & claim_tokens:
                return f"evidence says {m.group(1)} {m.group(2)} {m.group(3)}"
    return ""


def _verdict(claim: str, cited: Sequence[Evidence]) -> GroundedClaim:
    refs = [item.entity_id for item in cited]
    if not cited:
        return GroundedClaim(
            text=claim, verdict=ClaimVerdict.UNVERIFIABLE, reason="cites no evidence"
        )
    wanted = _content(claim)
    have: set[str] = set()
    for item in cited:
        have |= set(tokens(item.snippet_text)) | set(tokens(item.entity_id.split(".")[-1]))
    score = round(len(wanted & have) / len(wanted), 4) if wanted else 1.0
    if score < SUPPORTED_AT:
        reason = _contradiction(claim, [item.snippet_text for item in cited])
        if reason:
            return GroundedClaim(
                text=claim,
                verdict=ClaimVerdict.CONTRADICTED,
                refs=refs,
                score=score,
                reason=reason,
            )
    if score >= SUPPORTED_AT:
        verdict, reason = ClaimVerdict.SUPPORTED, ""
    elif score >= WEAK_AT:
        verdict, reason = ClaimVerdict.WEAK, "part of the claim is not in the cited evidence"
    else:
        verdict, reason = ClaimVerdict.UNVERIFIABLE, "the cited evidence does not state it"
    return GroundedClaim(text=claim, verdict=verdict, refs=refs, score=score, reason=reason)


def ground(
    text: str, evidence: Sequence[Evidence], dropped: Sequence[str] = ()
) -> VerifiedResponse:
    """Per-claim verdicts of ``text`` against the evidence each claim cites."""
    by_id = {item.entity_id: item for item in evidence}
    claims = []
    for claim in split_claims(text):
        cited = [by_id[ref] for ref in extract_refs(claim) if ref in by_id]
        claims.append(_verdict(claim, cited))
    return VerifiedResponse.from_claims(claims, list(dropped))
