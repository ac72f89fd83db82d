"""Genealogy: invented German-style royals with Freebase relation names.

Relations as MetaQA-like Freebase dumps write them (``__people__person__spouse_s``,
``__people__deceased_person__place_of_death``, ``__location__location__containedby``),
entity names lower-case with underscores (``sophie_of_hesse_17``). Questions ask with
everyday nouns (``wife``, ``hometown``, ``line of work``) or whole sentences
(``where did {x} die ?``), MetaQA's spacing before ``?``.

    .venv/bin/python -m bench.proxies.genealogy OUT
"""

from __future__ import annotations

import random
from pathlib import Path

from bench.proxies.common import KB, QUESTION_FILES, Question, Triple, dump, main, write_kb

SEED = 11
DRAWS = 4000
QUESTIONS_PER_FILE = 300
MAX_ANSWERS = 4

PERSON = "__people__person__"
DIED = "__people__deceased_person__"
CONTAINED_BY = "__location__location__containedby"

# fmt: off
FIRST_MALE = [
    "john", "carl", "otto", "hans", "louis", "henry", "philip", "frederick", "george", "william",
    "edward", "albert",
]
FIRST_FEMALE = [
    "anna", "maria", "sophie", "louise", "charlotte", "elizabeth", "mary", "caroline", "augusta",
    "frederica", "helena",
]
HOUSES = [
    "of_hesse", "of_saxony", "of_bavaria", "of_prussia", "of_hanover", "of_wurttemberg", "of_baden",
    "of_mecklenburg",
]
# fmt: on
COUNTRY_OF = {
    "kassel": "germany",
    "dresden": "germany",
    "munich": "germany",
    "berlin": "germany",
    "hanover": "germany",
    "stuttgart": "germany",
    "karlsruhe": "germany",
    "schwerin": "germany",
    "vienna": "austria",
    "prague": "czech_republic",
    "paris": "france",
    "london": "united_kingdom",
}
CITIES = list(COUNTRY_OF)
# A nationality other than the birthplace's country is drawn from this list, in this
# order: the order the first generated set drew from, so kb.txt stays that set's.
COUNTRIES = ["germany", "france", "czech_republic", "united_kingdom", "austria"]
PROFESSIONS = ["monarch", "politician", "soldier", "painter", "composer", "writer", "diplomat"]
RELIGIONS = ["lutheranism", "catholicism", "calvinism", "anglicanism"]
ETHNICITIES = ["germans", "french_people", "english_people", "austrians"]
CAUSES = ["tuberculosis", "smallpox", "stroke", "pneumonia"]

NOUNS = {
    PERSON + "spouse_s": ["wife", "husband", "spouse", "partner"],
    PERSON + "children": ["child", "son", "daughter", "kid", "offspring"],
    PERSON + "parents": ["parent", "father", "mother", "dad", "mom"],
    PERSON + "place_of_birth": ["birthplace", "place of birth", "hometown", "birth place"],
    PERSON + "nationality": ["nationality", "citizenship", "country of citizenship"],
    PERSON + "gender": ["gender", "sex"],
    PERSON + "profession": ["profession", "job", "occupation", "line of work"],
    PERSON + "religion": ["religion", "faith", "religious belief"],
    PERSON + "ethnicity": ["ethnicity", "ethnic group", "race"],
    DIED + "place_of_death": ["place of death", "deathplace"],
    DIED + "cause_of_death": ["cause of death"],
    CONTAINED_BY: ["country", "location"],
}
SENTENCES = {
    PERSON + "place_of_birth": ["where was {x} born ?", "in which city was {x} born ?"],
    PERSON + "nationality": ["what country is {x} from ?", "which country is {x} a citizen of ?"],
    PERSON + "gender": ["is {x} male or female ?", "what sex is {x} ?"],
    PERSON + "profession": ["what does {x} do for a living ?", "what was {x}'s job ?"],
    DIED + "place_of_death": ["where did {x} die ?", "in which city did {x} die ?"],
    DIED + "cause_of_death": ["how did {x} die ?", "what did {x} die of ?"],
    PERSON + "spouse_s": ["who is {x} married to ?", "who did {x} marry ?"],
    PERSON + "religion": ["what religion did {x} follow ?"],
    CONTAINED_BY: ["in which country is {x} ?", "where is {x} located ?"],
}
TWO_HOPS = [
    "what is the {b} of the {a} of {x} ?",
    "what is the {b} of {x}'s {a} ?",
    "{x}'s {a} has what {b} ?",
    "what is the {b} of {x} 's {a} ?",
]
THREE_HOPS = [
    "what is the {c} of the {b} of the {a} of {x} ?",
    "what is the {c} of the {b} of {x}'s {a} ?",
]
# The first generated set drew question subjects from a set of names, in an order that
# followed the interpreter's string hashing. This order gives the same draws (found by
# replaying every draw against that set's question files), so the set stays byte for byte
# the one earlier figures were measured on. A KB with other subjects draws from sorted().
# fmt: off
SUBJECT_ORDER = [
    "elizabeth_of_hesse_24", "frederick_of_hanover_13", "elizabeth_of_bavaria_61",
    "george_of_mecklenburg_2", "maria_of_prussia_22", "john_of_mecklenburg_118",
    "frederick_of_wurttemberg_67", "john_of_bavaria_58", "william_of_hesse_9", "otto_of_prussia_35",
    "schwerin", "stuttgart", "albert_of_baden_50", "berlin", "sophie_of_saxony_4",
    "otto_of_bavaria_88", "charlotte_of_hesse_36", "otto_of_hesse_101", "john_of_prussia_142",
    "mary_of_hanover_136", "philip_of_baden_148", "maria_of_hanover_65", "augusta_of_prussia_1",
    "helena_of_hesse_98", "mary_of_bavaria_110", "philip_of_saxony_17", "maria_of_bavaria_25",
    "edward_of_baden_85", "charlotte_of_hesse_63", "mary_of_mecklenburg_51",
    "augusta_of_saxony_133", "george_of_mecklenburg_135", "frederick_of_hesse_71",
    "george_of_prussia_150", "augusta_of_baden_119", "albert_of_saxony_155", "munich",
    "henry_of_bavaria_60", "anna_of_prussia_78", "albert_of_prussia_45", "louis_of_bavaria_141",
    "louis_of_baden_74", "frederick_of_bavaria_123", "augusta_of_saxony_14",
    "john_of_mecklenburg_62", "anna_of_wurttemberg_80", "john_of_hanover_100",
    "john_of_mecklenburg_27", "augusta_of_wurttemberg_139", "caroline_of_prussia_57",
    "elizabeth_of_prussia_113", "albert_of_saxony_26", "vienna", "hans_of_hanover_107",
    "frederica_of_hesse_96", "louise_of_saxony_109", "helena_of_hanover_84", "hans_of_baden_115",
    "hans_of_hesse_20", "hans_of_hesse_143", "frederick_of_mecklenburg_91", "philip_of_hesse_158",
    "louise_of_baden_147", "mary_of_hesse_72", "william_of_wurttemberg_87", "albert_of_hesse_105",
    "caroline_of_prussia_111", "frederick_of_hanover_104", "henry_of_mecklenburg_82",
    "anna_of_saxony_16", "helena_of_mecklenburg_93", "frederick_of_hanover_125",
    "carl_of_mecklenburg_3", "caroline_of_saxony_47", "elizabeth_of_bavaria_59",
    "philip_of_baden_31", "philip_of_bavaria_43", "augusta_of_prussia_29", "carl_of_hanover_56",
    "hans_of_prussia_153", "louis_of_bavaria_90", "mary_of_saxony_18", "frederick_of_saxony_102",
    "frederica_of_mecklenburg_94", "mary_of_baden_21", "william_of_baden_5", "george_of_saxony_7",
    "philip_of_wurttemberg_112", "hans_of_baden_140", "albert_of_saxony_114",
    "augusta_of_saxony_54", "frederick_of_mecklenburg_137", "edward_of_hesse_19",
    "elizabeth_of_saxony_23", "frederica_of_mecklenburg_41", "augusta_of_bavaria_52",
    "henry_of_wurttemberg_152", "elizabeth_of_saxony_69", "henry_of_baden_138",
    "louis_of_bavaria_128", "augusta_of_bavaria_108", "philip_of_saxony_130", "louis_of_prussia_44",
    "john_of_hanover_32", "sophie_of_prussia_28", "louise_of_prussia_55", "hans_of_wurttemberg_159",
    "london", "frederick_of_mecklenburg_79", "caroline_of_hesse_120", "dresden",
    "philip_of_mecklenburg_99", "maria_of_prussia_103", "augusta_of_mecklenburg_0",
    "augusta_of_hesse_106", "mary_of_mecklenburg_75", "frederick_of_saxony_146",
    "william_of_mecklenburg_42", "otto_of_prussia_53", "charlotte_of_baden_37",
    "elizabeth_of_hesse_89", "maria_of_bavaria_134", "elizabeth_of_wurttemberg_144", "karlsruhe",
    "william_of_prussia_39", "prague", "elizabeth_of_mecklenburg_10", "albert_of_bavaria_68",
    "caroline_of_saxony_124", "sophie_of_saxony_66", "maria_of_hesse_95", "louis_of_saxony_77",
    "john_of_hanover_49", "george_of_prussia_11", "mary_of_saxony_156", "louise_of_wurttemberg_83",
    "carl_of_saxony_73", "carl_of_saxony_38", "otto_of_prussia_154", "hans_of_wurttemberg_151",
    "sophie_of_prussia_81", "anna_of_prussia_33", "kassel", "anna_of_saxony_48",
    "caroline_of_saxony_76", "louis_of_wurttemberg_116", "helena_of_baden_127", "maria_of_baden_70",
    "paris", "albert_of_prussia_46", "hanover", "philip_of_baden_30", "william_of_baden_131",
    "frederica_of_wurttemberg_97", "george_of_prussia_149", "philip_of_saxony_34",
    "louise_of_baden_92", "george_of_hanover_126", "william_of_mecklenburg_145",
    "elizabeth_of_prussia_15", "william_of_wurttemberg_40", "helena_of_bavaria_6",
    "frederica_of_mecklenburg_129", "william_of_saxony_64", "john_of_prussia_8",
    "otto_of_wurttemberg_122", "caroline_of_hesse_12", "hans_of_baden_86", "mary_of_bavaria_157",
    "anna_of_wurttemberg_117", "carl_of_baden_121", "george_of_hesse_132",
]
# fmt: on


def _facts(rng: random.Random) -> tuple[list[Triple], dict[str, str]]:
    """Each person's own facts, and each person's gender (``m`` or ``f``) by name."""
    gender: dict[str, str] = {}
    for i in range(160):
        g = rng.choice("mf")
        first = rng.choice(FIRST_MALE if g == "m" else FIRST_FEMALE)
        gender[f"{first}_{rng.choice(HOUSES)}_{i}"] = g
    triples: list[Triple] = []
    for name, g in gender.items():
        triples.append((name, PERSON + "gender", "male" if g == "m" else "female"))
        born = rng.choice(CITIES)
        triples.append((name, PERSON + "place_of_birth", born))
        nation = COUNTRY_OF[born] if rng.random() < 0.8 else rng.choice(COUNTRIES)
        triples.append((name, PERSON + "nationality", nation))
        triples.append((name, PERSON + "profession", rng.choice(PROFESSIONS)))
        triples.append((name, PERSON + "religion", rng.choice(RELIGIONS)))
        if rng.random() < 0.6:
            triples.append((name, PERSON + "ethnicity", rng.choice(ETHNICITIES)))
        if rng.random() < 0.7:
            triples.append((name, DIED + "place_of_death", rng.choice(CITIES)))
            triples.append((name, DIED + "cause_of_death", rng.choice(CAUSES)))
    triples += [(city, CONTAINED_BY, country) for city, country in COUNTRY_OF.items()]
    return triples, gender


def _families(rng: random.Random, gender: dict[str, str]) -> list[Triple]:
    """Fifty couples, each with up to two children drawn from everyone (a spouse excepted)."""
    names = list(gender)
    rng.shuffle(names)
    men = [n for n in names if gender[n] == "m"]
    women = [n for n in names if gender[n] == "f"]
    triples: list[Triple] = []
    for husband, wife in zip(men[:50], women[:50], strict=False):
        triples += [(husband, PERSON + "spouse_s", wife), (wife, PERSON + "spouse_s", husband)]
        for child in rng.sample(names, 2):
            if child not in (husband, wife):
                triples += [
                    (husband, PERSON + "children", child),
                    (wife, PERSON + "children", child),
                    (child, PERSON + "parents", husband),
                    (child, PERSON + "parents", wife),
                ]
    return triples


def _ask(
    rng: random.Random, kb: KB, relations: dict[str, list[str]], x: str
) -> list[tuple[int, str, list[str]]]:
    """One walk of up to three hops from ``x``: (hops, question, answers) for each hop reached."""
    asked: list[tuple[int, str, list[str]]] = []
    p1 = rng.choice(relations[x])
    first = sorted(kb.walk(x, [p1]))
    if rng.random() < 0.5 and p1 in SENTENCES:
        asked.append((1, rng.choice(SENTENCES[p1]).format(x=x), first))
    else:
        asked.append((1, f"what is the {rng.choice(NOUNS[p1])} of {x} ?", first))
    if not relations.get(first[0]):
        return asked
    p2 = rng.choice(relations[first[0]])
    n1, n2 = rng.choice(NOUNS[p1]), rng.choice(NOUNS[p2])
    template = rng.choice(TWO_HOPS)
    if p2 == PERSON + "place_of_birth" and rng.random() < 0.5:
        template = "where was the {a} of {x} born ?"
    if p2 == DIED + "place_of_death" and rng.random() < 0.5:
        template = "where did the {a} of {x} die ?"
    second = sorted(kb.walk(x, [p1, p2]))
    asked.append((2, template.format(a=n1, b=n2, x=x), second))
    if not second or not relations.get(second[0]):
        return asked
    p3 = rng.choice(relations[second[0]])
    n3 = rng.choice(NOUNS[p3])
    template = rng.choice(THREE_HOPS)
    asked.append((3, template.format(a=n1, b=n2, c=n3, x=x), sorted(kb.walk(x, [p1, p2, p3]))))
    return asked


def generate(out: Path) -> None:
    """Write ``kb.txt`` and ``q1.jsonl`` .. ``q3.jsonl`` (1, 2 and 3 hops) into ``out``."""
    rng = random.Random(SEED)
    facts, gender = _facts(rng)
    kb = KB()
    relations: dict[str, list[str]] = {}
    for s, p, o in facts + _families(rng, gender):
        kb.add(p, s, o, p)
        if p not in relations.setdefault(s, []):
            relations[s].append(p)
    write_kb(kb.triples, out / "kb.txt")
    if sorted(SUBJECT_ORDER) != sorted(relations):
        raise ValueError("SUBJECT_ORDER must list the KB's subjects; draw from sorted() if not")
    files: dict[int, dict[str, Question]] = {1: {}, 2: {}, 3: {}}
    for _ in range(DRAWS):
        for hops, question, answers in _ask(rng, kb, relations, rng.choice(SUBJECT_ORDER)):
            if answers and len(answers) <= MAX_ANSWERS:
                files[hops].setdefault(question, {"question": question, "answers": answers})
    for name, rows in zip(QUESTION_FILES, files.values(), strict=True):
        dump(list(rows.values())[:QUESTIONS_PER_FILE], out / name)


if __name__ == "__main__":
    main(generate, "Write the synthetic genealogy proxy set (KB and questions).")
