"""The heuristic router: which action, which seeds, which relation path.

A seed option is one entity mention read as one entity type ("[Mercury]" may
be a planet or an element); each option is scored by the best relation path from its
type (:func:`~research_chain.understanding.paths.infer_paths`), so the reading that
explains the question best wins.
"""

from __future__ import annotations

import itertools
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, replace

from research_chain.graph.protocol import Step
from research_chain.graph.text import normalise, tokens
from research_chain.judges.base import RouteRequest
from research_chain.payloads import DecomposeScope, RouteAction, RouteDecision, SeedRefType
from research_chain.payloads.graph import entity_type
from research_chain.understanding.analysis import Analysis, EntityMention
from research_chain.understanding.lexical import packaged_lexicon
from research_chain.understanding.lexicon import (
    ASKING_VERBS,
    CLOSE_LINK,
    NOISE_WORDS,
    singular,
    words,
)
from research_chain.understanding.paths import (
    LITERAL,
    NODE_MARK,
    PathChoice,
    Signature,
    infer_paths,
    path_to_wire,
)
from research_chain.understanding.sexes import sexes_along, step_sexes

__all__ = ["SeedOption", "decide_route", "rewrite_topic", "seed_options", "unmatched_words"]

COMPARISON_WORDS = words(
    """compare comparison versus vs more most less least higher highest lower lowest
    better best worse worst larger largest smaller smallest longer longest shorter
    shortest older oldest newer newest faster fastest slower slowest earlier later first
    last heavier heaviest lighter lightest bigger biggest often fewer fewest greater"""
)


ALTERNATIVE_MARGIN = 2.5
# Below this a relation word is only a distant associate of the relation (vectors alone).
BARELY = 0.25
MAX_ALTERNATIVES = 2


@dataclass(frozen=True, slots=True)
class SeedOption:
    """One way to read the question's seed: a reference, its ids and their type."""

    ref: str
    ref_type: SeedRefType
    ids: tuple[str, ...]
    type: str
    span: tuple[int, int]
    explicit: bool


def seed_options(request: RouteRequest) -> list[SeedOption]:
    """Every (mention, type) reading, explicit mentions first; candidates if none."""
    analysis = request.analysis
    options: list[SeedOption] = []
    mentions = sorted(analysis.entities, key=lambda m: (not m.explicit, -(m.end - m.start)))
    for mention in mentions:
        options.extend(_mention_options(analysis, mention))
    if options:
        return options
    topic = f" {normalise(request.topic)} "
    for index, candidate in enumerate(request.classifier.candidates[:3]):
        # A text hit is a seed only if the question names it; otherwise it is context.
        if not candidate.label or f" {normalise(candidate.label)} " not in topic:
            continue
        options.append(
            SeedOption(
                str(index),
                SeedRefType.CANDIDATE_INDEX,
                (candidate.entity_id,),
                entity_type(candidate.entity_id),
                (0, 0),
                False,
            )
        )
    return options


def _mention_options(analysis: Analysis, mention: EntityMention) -> list[SeedOption]:
    by_type: dict[str, list[str]] = {}
    for entity_id in mention.entity_ids:
        by_type.setdefault(entity_type(entity_id), []).append(entity_id)
    span = analysis.entity_token_span(mention)
    out = []
    for kind, ids in sorted(by_type.items()):
        if len(by_type) == 1:
            ref, ref_type = mention.surface, SeedRefType.NAME
        else:
            ref, ref_type = ".".join(ids[0].split(".")[-2:]), SeedRefType.PARTIAL_ID
            if len(ids) > 1:
                ref, ref_type = mention.surface, SeedRefType.NAME
        out.append(SeedOption(ref, ref_type, tuple(ids), kind, span, mention.explicit))
    return out


def rewrite_topic(topic: str) -> str:
    """The topic without noise words, nouns singular: a looser second try."""
    kept = [t for t in tokens(topic) if t not in NOISE_WORDS]
    return " ".join(dict.fromkeys(singular(w) for w in kept))


def _best(
    request: RouteRequest, options: list[SeedOption]
) -> tuple[SeedOption, list[PathChoice]] | None:
    """The seed reading with the best path, and its paths best first."""
    best: tuple[float, SeedOption, list[PathChoice]] | None = None
    for option in options:
        tree = request.paths.get(option.ids, {})
        paths = infer_paths(request.analysis, option.type, tree, option.span)
        if not paths:
            continue
        paths[0] = _stop_at_asked(paths[0], request.analysis.answer_types, tree, option.type)
        score = paths[0].score + (0.5 if option.explicit else 0.0)
        if best is None or score > best[0]:
            best = (score, option, paths)
    return None if best is None else (best[1], best[2])


def _stop_at_asked(
    choice: PathChoice, wanted: AbstractSet[str], tree: Signature, root: str
) -> PathChoice:
    """A path that reaches the asked type and then reads a value of it ("which maintenance
    jobs did X carry out": the jobs, then their ``work_done``) answers with what it reached:
    the entities were asked for, the value only describes them."""
    if not wanted or choice.final_type != LITERAL or len(choice.steps) < 2:
        return choice
    nodes = {root}
    for step in choice.steps[:-1]:
        nodes = {
            c for n in nodes for c in tree.get(n, {}).get((step.predicate, step.direction), ())
        }
    reached = sorted(n for n in nodes if n.partition(NODE_MARK)[0] in wanted)
    if not reached:
        return choice
    kind = reached[0].partition(NODE_MARK)[0]
    return replace(choice, steps=choice.steps[:-1], final_type=kind, end=reached[0], asked=True)


def _alternatives(paths: list[PathChoice]) -> list[list[dict[str, str]]]:
    """Close runners-up, walked only if the best reading reaches nothing."""
    best = paths[0]
    return [
        path_to_wire(p.steps)
        for p in paths[1:]
        if p.score >= best.score - ALTERNATIVE_MARGIN and p.final_type == best.final_type
    ][:MAX_ALTERNATIVES]


def _decompose(request: RouteRequest, why: str) -> RouteDecision:
    analysis = request.analysis
    axes = []
    if analysis.types:
        axes.append("entity_type")
    if analysis.relations:
        axes.append("relationship")
    if request.classifier.hints.get("time_range"):
        axes.append("time")
    if _is_comparison(analysis):
        axes.append("comparison")
    focus = rewrite_topic(request.topic) or request.topic
    scope = DecomposeScope.NARROW if len(analysis.entities) == 1 else DecomposeScope.MEDIUM
    args: dict[str, object] = {"axes": axes or ["topic"], "focus": focus, "scope": scope.value}
    if analysis.entities:
        args["seeds"] = [
            {"ref": o.ref, "ref_type": o.ref_type.value} for o in _unique_seeds(request)
        ]
    return RouteDecision(action=RouteAction.DECOMPOSE, args=args, rationale=why)


def _unique_seeds(request: RouteRequest) -> list[SeedOption]:
    seen: dict[str, SeedOption] = {}
    for option in seed_options(request):
        seen.setdefault(option.ref, option)
    return list(seen.values())


def _is_comparison(analysis: Analysis) -> bool:
    return any(t.text in COMPARISON_WORDS for t in analysis.tokens)


def unmatched_words(analysis: Analysis) -> list[str]:
    """Content words that name no entity, type or relation: what the graph cannot answer."""
    used = {m.token for m in analysis.relations} | set(analysis.comember_tokens)
    used |= {i for positions in analysis.types.values() for i in positions}
    for mention in analysis.entities:
        start, end = analysis.entity_token_span(mention)
        used |= set(range(start, end))
    if analysis.tokens and analysis.tokens[0].text in ASKING_VERBS:
        used.add(0)  # "name the works of X": the asking verb is no content word
    return [
        t.text
        for t in analysis.tokens
        if t.index not in used
        and t.text not in NOISE_WORDS
        and not t.text.isdigit()
        and t.text not in COMPARISON_WORDS
        and len(t.text) > 2
    ]


def _asks_for_more(analysis: Analysis, unmatched: list[str]) -> bool:
    """ "name the works of X" asks, as "what are the works of X" does, for something X's own
    record does not hold; "tell me about X" and "give me details of X" ask for that record
    (WordNet: details, facts, data are information)."""
    if not analysis.tokens or analysis.tokens[0].text not in ASKING_VERBS:
        return False
    lexicon = packaged_lexicon()
    return any(lexicon.related(word, "information") < CLOSE_LINK for word in unmatched)


def _seed_args(option: SeedOption) -> list[dict[str, str]]:
    return [{"ref": option.ref, "ref_type": option.ref_type.value}]


def _no_seed(request: RouteRequest) -> RouteDecision:
    analysis = request.analysis
    if request.classifier.hints.get("time_range") or analysis.types:
        return _decompose(
            request, "No entity is named; the question asks by type or time, so search by facet."
        )
    if request.retighten_rounds < request.max_retighten:
        topic = rewrite_topic(request.topic)
        if topic and topic != request.topic:
            return RouteDecision(
                action=RouteAction.RETIGHTEN,
                args={"topic": topic, "hints": dict(request.intent.hints)},
                rationale="No entity in the graph matched the topic, so retry "
                "with noise words dropped and word stems.",
            )
    return _decompose(request, "No seed entity matched, so search the topic by its facets.")


def _one_hop(request: RouteRequest, option: SeedOption) -> PathChoice | None:
    """The option's best single relation, when a word names it plainly; or, when the
    answer's type is asked for, the one relation from the option that reaches it ("which
    Swift Mini drones": the drones of that model, though no word says "model")."""
    tree = request.paths.get(option.ids, {})
    choices = infer_paths(request.analysis, option.type, tree, option.span, max_len=1)
    if choices:
        predicate = choices[0].steps[0].predicate
        named = (m.predicate == predicate and m.strength >= 0.5 for m in request.analysis.relations)
        return choices[0] if any(named) else None
    wanted = request.analysis.answer_types
    reaching = [
        (Step(predicate, direction), node)
        for (predicate, direction), nodes in tree.get(option.type, {}).items()
        for node in nodes
        if node.partition(NODE_MARK)[0] in wanted
    ]
    if len({step for step, _ in reaching}) != 1:
        return None
    step, node = reaching[0]
    final = node.partition(NODE_MARK)[0]
    return PathChoice(option.type, (step,), final, 0.0, end=node, asked=True)


def _barely_named(analysis: Analysis, path: PathChoice) -> bool:
    """A one-step path whose relation the question names only remotely ("top speed" and
    ``max_flight_time_minutes``): answering with it would answer another question. Not
    when it reaches what the question asks for: "where is X located" and ``contained_by``
    are remote words, but the step is the one to a place."""
    if len(path.steps) != 1 or path.asked:
        return False
    predicate = path.steps[0].predicate
    support = [m.strength for m in analysis.relations if m.predicate == predicate]
    return bool(support) and max(support) < BARELY


def _conditions(
    request: RouteRequest, chosen: SeedOption, options: list[SeedOption]
) -> list[tuple[SeedOption, PathChoice]]:
    """Two or more named entities, each tied to the answer by its own relation ("a
    player at position X at club Y"): one hop per entity, to be intersected."""
    candidates = [chosen, *options]
    if not any(
        not (a.span[0] < b.span[1] and b.span[0] < a.span[1])
        for a, b in itertools.combinations(candidates, 2)
    ):
        return []  # every reading overlaps every other: one condition at most
    spans: list[tuple[int, int]] = []
    picked: list[tuple[SeedOption, PathChoice]] = []
    for option in candidates:
        if any(option.span[0] < end and start < option.span[1] for start, end in spans):
            continue
        choice = _one_hop(request, option)
        if choice is None:
            continue
        spans.append(option.span)
        picked.append((option, choice))
    predicates = {c.steps[0].predicate for _, c in picked}
    if len(picked) < 2 or len(predicates) < len(picked):
        return []
    return picked


def decide_route(request: RouteRequest) -> RouteDecision:
    """The action, its typed args and one sentence of why."""
    analysis = request.analysis
    if analysis.unknown_names:
        names = ", ".join(analysis.unknown_names)
        return RouteDecision(
            action=RouteAction.SYNTHESIZE_DIRECTLY,
            args={"unknown": list(analysis.unknown_names)},
            rationale=f"The question names {names}, which the graph does not hold, so say so.",
        )
    options = seed_options(request)
    if not options:
        return _no_seed(request)
    if _is_comparison(analysis) and len({o.ref for o in options}) >= 2:
        return _decompose(request, "The question compares several entities, so split it by facet.")
    chosen = _best(request, options)
    if chosen is not None and _barely_named(analysis, chosen[1][0]):
        option, (path, *_) = chosen
        weak = path.steps[0].predicate
        asked = sorted({m.word for m in analysis.relations if m.predicate == weak})
        return RouteDecision(
            action=RouteAction.SYNTHESIZE_DIRECTLY,
            args={"seeds": _seed_args(option), "path": [], "unmatched": asked},
            rationale=f"The topic asks about {' '.join(asked)!r} of {option.ref!r}; the nearest "
            f"relation, {weak}, is only a distant associate, so say so.",
        )
    if chosen is None:
        option = options[0]
        args: dict[str, object] = {"seeds": _seed_args(option), "path": []}
        unmatched = unmatched_words(analysis)
        if unmatched and (analysis.wh_word or _asks_for_more(analysis, unmatched)):
            args["unmatched"] = unmatched
            why = f"The topic asks about {' '.join(unmatched)!r} of {option.ref!r}, which no "
            why += "relation in the graph names, so answer from its own state."
        else:
            why = f"The topic names {option.ref!r} and no relation, so describe it directly."
        return RouteDecision(action=RouteAction.SYNTHESIZE_DIRECTLY, args=args, rationale=why)
    option, paths = chosen
    path = paths[0]
    args = {
        "seeds": _seed_args(option),
        "seed_type": option.type,
        "path": path_to_wire(path.steps),
        "alternatives": _alternatives(paths),
    }
    conditions = _conditions(request, option, options)
    if conditions:
        (option, path), others = conditions[0], conditions[1:]
        args = {
            "seeds": _seed_args(option),
            "seed_type": option.type,
            "path": path_to_wire(path.steps),
            "constraints": [
                {"seeds": _seed_args(o), "seed_type": o.type, "path": path_to_wire(p.steps)}
                for o, p in others
            ],
        }
        named = " and ".join(repr(o.ref) for o, _ in conditions)
        return RouteDecision(
            action=RouteAction.WALK_SEEDS,
            args=args,
            rationale=f"The question sets one condition on each of {named}, so walk "
            "each one's relation and keep what all of them reach.",
        )
    words = " then ".join(s.predicate for s in path.steps)
    single_hop_out = len(path.steps) == 1 and path.steps[0].direction.value == "out"
    # "the latest fault of X" picks one of X's faults by date: a walk does, X's state not;
    # "X's father" keeps one of X's parents by sex: a walk does too
    if (
        single_hop_out
        and len(option.ids) == 1
        and not analysis.order
        and not any(sexes_along(step_sexes(analysis, option.ref), path.steps))
    ):
        return RouteDecision(
            action=RouteAction.SYNTHESIZE_DIRECTLY,
            args=args,
            rationale=f"The question asks for {words} of {option.ref!r}, which is in its own "
            "state, so answer from it directly.",
        )
    return RouteDecision(
        action=RouteAction.WALK_SEEDS,
        args=args,
        rationale=f"The question names {option.ref!r} ({option.type}) and asks along {words}, "
        "so walk that relation path from it.",
    )
