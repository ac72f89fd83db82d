"""What the proxy generators share: a KB that remembers what it stored, chain walks, questions.

Every generator draws from one seeded ``random.Random`` in a fixed order, so the same
code always writes the same bytes; anything that changes the order of the draws (a new
draw, a set iterated where a list was) changes everything drawn after it.
"""

from __future__ import annotations

import argparse
import json
import random
from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from collections.abc import Set as AbstractSet
from pathlib import Path
from typing import TypedDict

Triple = tuple[str, str, str]
Spec = tuple[list[str], list[str]]
"""A relation chain (logical names) and the question templates that ask along it."""

QUESTION_FILES = ("q1.jsonl", "q2.jsonl", "q3.jsonl")


class Question(TypedDict):
    question: str
    answers: list[str]


class ChainQuestion(Question):
    """A question with how it was made, so misses can be grouped by chain and template."""

    chain: list[str]
    template: str
    seed: str
    lower: bool


class KB:
    """Triples as stored (any relation naming) beside a walkable map under logical names.

    The logical names let question chains read the same whatever shape the stored
    relation has (URI, camelCase, Freebase path) and whichever direction it is stored in.
    """

    def __init__(self) -> None:
        self.triples: list[Triple] = []
        self.fwd: defaultdict[str, defaultdict[str, set[str]]] = defaultdict(
            lambda: defaultdict(set)
        )

    def add(self, logical: str, s: str, o: str, stored: str, inverse: bool = False) -> None:
        """Walk ``logical`` from ``s`` to ``o``; store ``o stored s`` when ``inverse``."""
        self.fwd[logical][s].add(o)
        self.triples.append((o, stored, s) if inverse else (s, stored, o))

    def rev(self, logical: str, name: str) -> None:
        """Make ``name`` walk ``logical`` backwards (nothing new is stored)."""
        self.fwd[name] = defaultdict(set)
        for s, objects in list(self.fwd[logical].items()):
            for o in objects:
                self.fwd[name][o].add(s)

    def walk(self, seed: str, chain: Sequence[str]) -> set[str]:
        current = {seed}
        for relation in chain:
            following: set[str] = set()
            for entity in current:
                following |= self.fwd[relation].get(entity, set())
            current = following
        return current


def write_kb(triples: Iterable[Triple], path: Path) -> int:
    """One ``subject TAB relation TAB object`` line per distinct triple, first seen first."""
    distinct = dict.fromkeys(triples)
    with path.open("w", encoding="utf-8") as out:
        for triple in distinct:
            out.write("\t".join(triple) + "\n")
    return len(distinct)


def surface(name: str, rng: random.Random) -> str:
    """Mostly the name as the KB writes it, a quarter of the time with spaces for underscores."""
    return name.replace("_", " ") if rng.random() < 0.25 else name


def make_questions(
    kb: KB,
    specs: Sequence[Spec],
    n: int,
    rng: random.Random,
    lower_p: float = 0.12,
    max_answers: int = 4,
    verbatim: AbstractSet[str] = frozenset(),
) -> list[ChainQuestion]:
    """Up to ``n`` distinct questions, seeds drawn from the first relation's subjects.

    A question whose walk ends nowhere or at more than ``max_answers`` entities is
    drawn again; ``n * 200`` draws at most. Seeds in ``verbatim`` are written as stored,
    never with spaces nor lower-cased (and draw nothing for it).
    """
    rows: list[ChainQuestion] = []
    seen: set[str] = set()
    for _ in range(n * 200):
        if len(rows) >= n:
            break
        chain, templates = rng.choice(specs)
        seed = rng.choice(sorted(kb.fwd[chain[0]].keys()))
        gold = kb.walk(seed, chain)
        gold.discard(seed)
        if not gold or len(gold) > max_answers:
            continue
        template = rng.choice(templates)
        if seed in verbatim:
            question, lower = template.format(e=seed), False
        else:
            question = template.format(e=surface(seed, rng))
            lower = rng.random() < lower_p
            if lower:
                question = question.lower()
        if question.lower() in seen:
            continue
        seen.add(question.lower())
        rows.append(
            {
                "question": question,
                "answers": sorted(gold),
                "chain": chain,
                "template": template,
                "seed": seed,
                "lower": lower,
            }
        )
    return rows


def write_set(
    out: Path, kb: KB, specs_by_hops: Sequence[Sequence[Spec]], per_file: int, rng: random.Random
) -> None:
    """``kb.txt``, then one question file per hop count, drawn in that order."""
    write_kb(kb.triples, out / "kb.txt")
    for name, specs in zip(QUESTION_FILES, specs_by_hops, strict=True):
        dump(make_questions(kb, specs, per_file, rng), out / name)


def dump(rows: Iterable[Question], path: Path) -> None:
    with path.open("w", encoding="utf-8") as out:
        for row in rows:
            out.write(json.dumps(row) + "\n")


def main(generate: Callable[[Path], None], description: str) -> None:
    """The command line every generator has: one output folder, made if missing."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("out", type=Path, help="folder for kb.txt and q1/q2/q3.jsonl")
    out: Path = parser.parse_args().out
    out.mkdir(parents=True, exist_ok=True)
    generate(out)
    for name in ("kb.txt", *QUESTION_FILES):
        with (out / name).open(encoding="utf-8") as lines:
            print(f"{out / name}: {sum(1 for _ in lines)} lines")
