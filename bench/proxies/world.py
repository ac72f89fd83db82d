"""World: invented books, publishers, universities, scholars and films in real cities.

A multi-domain Freebase slice: dotted paths (``book.written_work.author``,
``film.film.directed_by``, ``education.university.city``), ``__``-joined ones
(``__book__publisher__headquarters``, ``__people__person__nationality``) and a few
snake_case names (``doctoral_advisor``, ``spouse``). Distractors: a book's translator and
editor beside its author, a film's screenwriter and cast beside its director, a person's
deathplace and homes beside the birthplace, a publisher's headquarters and a film's
locations beside a university's city, founding years beside publication years.

    .venv/bin/python -m bench.proxies.world OUT
"""

from __future__ import annotations

import random
from pathlib import Path

from bench.proxies.common import KB, Spec, main, write_set

SEED = 90517
QUESTIONS_PER_FILE = 250

# fmt: off
CITIES = {
    "Edinburgh": "United_Kingdom", "Leeds": "United_Kingdom", "Boston": "United_States",
    "Chicago": "United_States", "New_Orleans": "United_States", "Toronto": "Canada",
    "Vancouver": "Canada", "Lyon": "France", "Bordeaux": "France", "Leipzig": "Germany",
    "Heidelberg": "Germany", "Bologna": "Italy", "Naples": "Italy", "Salamanca": "Spain",
    "Barcelona": "Spain", "Krakow": "Poland", "Prague": "Czech_Republic", "Uppsala": "Sweden",
    "Copenhagen": "Denmark", "Buenos_Aires": "Argentina", "Mexico_City": "Mexico",
    "Kyoto": "Japan", "Mumbai": "India", "Cape_Town": "South_Africa", "Wellington": "New_Zealand",
    "Istanbul": "Turkey",
}
UNIVERSITIES = [
    "Hollbrook_University", "Saint_Aldhelm_College", "Kessler_Institute_of_Technology",
    "Marchetti_University", "Vantongeren_University", "Royal_Ashcombe_College",
    "Universidad_de_San_Telmo", "Northgate_University", "Pemberton_School_of_Economics",
    "Collegium_Aurelianum", "Hayward_Polytechnic", "Dunmore_University", "Institut_Valmont",
    "Wexcombe_University", "Brannock_College", "Korvald_University",
]
PUBLISHERS = [
    "Greyfriars_Press", "Lanternfield_Books", "Marrow_House", "Kestrel_Editions",
    "Ostrander_Verlag", "Editions_Sorel", "Blackthorn_Publishing", "Quill_and_Ash",
    "Halden_Grove_Press", "Casa_Verdeluz", "Penrose_Hardy", "Tidewater_Books",
]
FIELDS = [
    "Linguistics", "Medieval_History", "Number_Theory", "Organic_Chemistry", "Astrophysics",
    "Comparative_Literature", "Epidemiology", "Philosophy_of_Mind", "Economic_History",
]
GIVEN = [
    "Agnes", "Bertrand", "Clara", "Desmond", "Elena", "Felix", "Greta", "Hugo", "Ilse", "Jonah",
    "Katya", "Leopold", "Maud", "Nikolai", "Odile", "Pablo", "Rosalind", "Sebastian", "Thea",
    "Ulrich", "Vivienne", "Walter", "Yara", "Zeno", "Amos", "Beatrix", "Cyril", "Dagny", "Emil",
    "Freya", "Gideon", "Harriet", "Ivo", "Juno", "Kasimir", "Lucia", "Matteo", "Nell",
]
SUR = [
    "Ashdown", "BRANDT", "Carvalho", "Delacroix", "Eriksen", "FONTAINE", "Gallardo", "Halloran",
    "Ibsen", "Janowski", "KUROSAWA", "Lindgren", "Marquez", "NOVAK", "Okonkwo", "Pellegrini",
    "Quist", "Rasmussen", "SZABO", "Tremaine", "Ueda", "Varga", "WESTBROOK", "Zoller",
    "Achterberg", "Benedetti", "CHOWDHURY", "Duval", "Esposito", "Faulkner",
]
BOOK_A = [
    "The_Salt", "The_Glass", "A_Winter", "The_Last", "The_Paper", "Small", "The_Hollow",
    "Bitter", "Quiet", "The_Iron", "Borrowed", "The_Drowned",
]
BOOK_B = [
    "Orchard", "Harbour", "Cartographer", "Daughters", "Lantern", "Seasons", "Hours", "Garden",
    "Witness", "Republic", "Archive", "Tide",
]
FILM_A = ["Night", "Red", "Blue", "Cold", "Silent", "Burning", "Falling", "Golden", "Distant"]
FILM_B = [
    "Crossing", "Horizon", "Frontier", "Station", "Meridian", "Shore", "Signal", "Run", "Heat",
    "Country", "Line",
]

ONE_HOP: list[Spec] = [
    (["author"], ["who penned {e}?", "who wrote {e}?", "{e} was written by whom?", "who's {e} by?",
        "whose novel is {e}?", "who is the author of {e}?"]),
    (["translator"], ["who translated {e}?", "who did the translation of {e}?",
        "{e} was translated by whom?", "who was the translator on {e}?"]),
    (["editor"], ["who edited {e}?", "who was {e}'s editor?", "who did the editing on {e}?"]),
    (["publisher"], ["which house published {e}?", "who brought out {e}?", "who's {e}'s publisher?",
        "which publisher put out {e}?", "who published {e}?"]),
    (["pub_year"], ["when was {e} first published?", "what year did {e} come out?",
        "when did {e} first appear in print?", "in what year was {e} published?"]),
    (["publisher_hq"], ["where is {e} based?",
        "which city is the publishing house {e} headquartered in?",
        "where does {e} have its head office?"]),
    (["founded"], ["when was {e} founded?", "what year was {e} established?",
        "in what year was {e} set up?"]),
    (["uni_city"], ["which city is {e} in?", "where is {e} located?", "{e} is in which town?",
        "where's the campus of {e}?"]),
    (["education"], ["where did {e} study?", "which university did {e} attend?",
        "where did {e} go to college?", "where was {e} educated?",
        "what school did {e} graduate from?"]),
    (["employer"], ["where does {e} teach?", "which university employs {e}?",
        "which institution is {e} on the faculty of?", "where did {e} hold a professorship?"]),
    (["advisor"], ["who supervised {e}'s doctorate?", "who was {e}'s doctoral advisor?",
        "who was {e}'s PhD supervisor?", "under whom did {e} do a PhD?"]),
    (["students"], ["whose PhDs did {e} supervise?", "which doctoral students did {e} advise?",
        "who did {e} take on as a PhD student?"]),
    (["spouse"], ["who is {e} married to?", "who did {e} marry?", "who is {e}'s spouse?"]),
    (["field"], ["what field does {e} work in?", "what does {e} research?"]),
    (["birthplace"], ["where was {e} born?", "which city was {e} born in?",
        "what's {e}'s birthplace?", "where does {e} come from originally?"]),
    (["deathplace"], ["where did {e} die?", "in which city did {e} pass away?",
        "where did {e} breathe their last?"]),
    (["lived"], ["where has {e} lived?", "which cities did {e} live in?"]),
    (["nationality"], ["what nationality is {e}?", "which country is {e} a citizen of?",
        "what passport does {e} hold?"]),
    (["country"], ["which country is {e} in?", "{e} is in what country?"]),
    (["director"], ["who directed {e}?", "who was behind the camera on {e}?", "who helmed {e}?",
        "{e} was directed by whom?", "who's the director of {e}?"]),
    (["screenwriter"], ["who wrote the screenplay for {e}?", "who scripted {e}?",
        "who wrote the film {e}?", "who has the writing credit on {e}?"]),
    (["based_on"], ["what book is {e} based on?", "which novel was {e} adapted from?",
        "{e} is an adaptation of what book?", "what's the source novel for {e}?"]),
    (["adaptations"], ["which films were made of {e}?", "what film was {e} turned into?"]),
    (["locations"], ["where was {e} filmed?", "where was {e} shot?", "where did they film {e}?",
        "which city was {e} shot on location in?"]),
    (["starring"], ["who starred in {e}?", "who acted in {e}?", "who's in the cast of {e}?",
        "who appears in {e}?"]),
    (["release_year"], ["when did {e} hit cinemas?", "what year was {e} released?",
        "when was {e} released?"]),
    (["works"], ["what did {e} write?", "which books has {e} written?", "what are {e}'s books?"]),
    (["directed"], ["which films did {e} direct?", "what movies has {e} directed?"]),
]
TWO_HOPS: list[Spec] = [
    (["author", "birthplace"], ["where was the author of {e} born?",
        "where does the writer of {e} come from?", "which city was {e}'s author born in?",
        "where was the person who wrote {e} born?"]),
    (["author", "nationality"], ["what nationality is the author of {e}?",
        "which country is the writer of {e} a citizen of?"]),
    (["author", "education"], ["where did the author of {e} study?",
        "which university did {e}'s author go to?"]),
    (["author", "deathplace"], ["where did the writer of {e} die?",
        "in which city did the author of {e} pass away?"]),
    (["translator", "nationality"], ["what nationality is the translator of {e}?",
        "what country does {e}'s translator hold citizenship in?"]),
    (["publisher", "publisher_hq"], ["where is the publisher of {e} based?",
        "where is {e}'s publisher located?",
        "which city is the house that published {e} headquartered in?"]),
    (["publisher", "founded"], ["when was the publisher of {e} founded?",
        "what year was the house that brought out {e} set up?"]),
    (["education", "uni_city"], ["which city is the school {e} attended in?",
        "in what city did {e} go to university?", "where is {e}'s alma mater?"]),
    (["employer", "uni_city"], ["in which city does {e} teach?",
        "where is the university {e} works at?"]),
    (["advisor", "employer"], ["where did {e}'s doctoral advisor teach?",
        "which university employed {e}'s PhD supervisor?"]),
    (["spouse", "birthplace"], ["where was {e}'s spouse born?",
        "where does {e}'s husband or wife come from?"]),
    (["director", "birthplace"], ["where was the director of {e} born?",
        "where does the person who directed {e} hail from?"]),
    (["director", "education"], ["where did the director of {e} study?",
        "where did {e}'s director go to university?"]),
    (["based_on", "author"], ["who wrote the book {e} is based on?",
        "who wrote the novel behind {e}?", "whose novel was {e} adapted from?"]),
    (["based_on", "publisher"], ["who published the book that {e} was adapted from?"]),
    (["birthplace", "country"], ["in which country was {e} born?",
        "what country was {e} born in?"]),
    (["uni_city", "country"], ["what country is {e} located in?", "{e} is in which country?"]),
    (["publisher_hq", "country"], ["what country is {e} based in?"]),
    (["locations", "country"], ["in which country was {e} filmed?",
        "what country was {e} shot in?"]),
    (["works", "publisher"], ["who published {e}'s books?",
        "which houses has {e} published with?"]),
]
THREE_HOPS: list[Spec] = [
    (["author", "birthplace", "country"], ["in which country was the author of {e} born?",
        "what country was {e}'s writer born in?",
        "the person who penned {e} was born in which country?"]),
    (["publisher", "publisher_hq", "country"], ["what country is the publisher of {e} based in?",
        "{e}'s publisher is based in what country?",
        "in which country is the house that published {e} headquartered?"]),
    (["director", "birthplace", "country"], ["in which country was the director of {e} born?",
        "what country was the person who directed {e} born in?"]),
    (["author", "education", "uni_city"], ["which city did the author of {e} go to university in?",
        "where is the school {e}'s author attended?"]),
    (["education", "uni_city", "country"], ["in which country did {e} study?",
        "what country is {e}'s alma mater in?"]),
    (["advisor", "employer", "uni_city"], ["in which city did {e}'s doctoral advisor teach?",
        "where is the university that {e}'s PhD supervisor worked at?"]),
    (["advisor", "birthplace", "country"], ["in which country was {e}'s doctoral advisor born?"]),
    (["based_on", "author", "birthplace"], [
        "where was the author of the book {e} is based on born?",
        "where was the novelist behind {e} born?"]),
    (["based_on", "publisher", "publisher_hq"], [
        "where is the publisher of the novel {e} was adapted from based?"]),
    (["based_on", "author", "nationality"], [
        "what nationality is the writer of the novel behind {e}?"]),
    (["director", "education", "uni_city"], ["which city did {e}'s director study in?"]),
    (["spouse", "birthplace", "country"], ["in which country was {e}'s spouse born?"]),
    (["employer", "uni_city", "country"], ["which country does {e} teach in?",
        "in what country is the university where {e} works?"]),
    (["translator", "birthplace", "country"], ["in which country was the translator of {e} born?"]),
]
# fmt: on


def _titles(rng: random.Random, first: list[str], second: list[str], n: int) -> list[str]:
    names: set[str] = set()
    while len(names) < n:
        a, b = rng.choice(first), rng.choice(second)
        if not a.endswith(b):
            names.add(f"{a}_{b}")
    return sorted(names)


def _institutions(kb: KB, rng: random.Random) -> None:
    cities = list(CITIES)
    for uni in UNIVERSITIES:
        kb.add("uni_city", uni, rng.choice(cities), "education.university.city")
        kb.add("founded", uni, str(rng.randint(1380, 1965)), "organization.organization.founded")
    for house in PUBLISHERS:
        kb.add("publisher_hq", house, rng.choice(cities), "__book__publisher__headquarters")
        kb.add("founded", house, str(rng.randint(1790, 1990)), "organization.organization.founded")


def _people(kb: KB, rng: random.Random) -> dict[str, list[str]]:
    """Everyone's own facts; people by role, each role its own people in the order drawn."""
    names: set[str] = set()
    people: list[str] = []
    while len(people) < 130:
        name = f"{rng.choice(GIVEN)}_{rng.choice(SUR)}"
        if name not in names:
            names.add(name)
            people.append(name)
    roles: dict[str, list[str]] = {}
    start = 0
    for role, n in (("author", 34), ("translator", 12), ("editor", 10), ("academic", 36)):
        roles[role] = people[start : start + n]
        start += n
    roles["director"], roles["actor"] = people[start : start + 14], people[start + 14 :]
    cities = list(CITIES)
    for p in people:
        born = rng.choice(cities)
        kb.add("birthplace", p, born, "people.person.place_of_birth")
        nationality = CITIES[born] if rng.random() < 0.75 else CITIES[rng.choice(cities)]
        kb.add("nationality", p, nationality, "__people__person__nationality")
        for city in rng.sample(cities, rng.randint(1, 2)):
            kb.add("lived", p, city, "__people__person__places_lived")
        if rng.random() < 0.6:
            kb.add("deathplace", p, rng.choice(cities), "people.deceased_person.place_of_death")
        if p not in roles["actor"] or rng.random() < 0.5:
            for uni in rng.sample(UNIVERSITIES, rng.choice([1, 1, 2])):
                kb.add("education", p, uni, "people.person.education")
    scholars = roles["academic"] + [a for a in roles["author"] if rng.random() < 0.3]
    for i, p in enumerate(scholars):
        kb.add("employer", p, rng.choice(UNIVERSITIES), "people.person.employment_history")
        kb.add("field", p, rng.choice(FIELDS), "research_field")
        if i >= 8:
            kb.add("advisor", p, rng.choice(scholars[: min(i, 20)]), "doctoral_advisor")
    shuffled = people[:]
    rng.shuffle(shuffled)
    for a, b in zip(shuffled[:22:2], shuffled[1:22:2], strict=True):
        kb.add("spouse", a, b, "spouse")
        kb.add("spouse", b, a, "spouse")
    return roles


def _books(kb: KB, rng: random.Random, roles: dict[str, list[str]]) -> list[str]:
    books = _titles(rng, BOOK_A, BOOK_B, 72)
    for book in books:
        for author in rng.sample(roles["author"], rng.choice([1, 1, 1, 2])):
            kb.add("author", book, author, "book.written_work.author")
        if rng.random() < 0.6:
            kb.add(
                "translator", book, rng.choice(roles["translator"]), "book.translation.translator"
            )
        kb.add("editor", book, rng.choice(roles["editor"]), "book.written_work.editor")
        kb.add("publisher", book, rng.choice(PUBLISHERS), "book.book_edition.publisher")
        year = str(rng.randint(1890, 2021))
        kb.add("pub_year", book, year, "book.written_work.date_of_first_publication")
    return books


def _films(kb: KB, rng: random.Random, roles: dict[str, list[str]], books: list[str]) -> None:
    cities = list(CITIES)
    for film in _titles(rng, FILM_A, FILM_B, 44):
        kb.add("director", film, rng.choice(roles["director"]), "film.film.directed_by")
        writers = roles["author"] + roles["director"]
        for writer in rng.sample(writers, rng.choice([1, 2])):
            kb.add("screenwriter", film, writer, "film.film.written_by")
        if rng.random() < 0.5:
            kb.add("based_on", film, rng.choice(books), "film.film.based_on")
        for city in rng.sample(cities, rng.randint(1, 2)):
            kb.add("locations", film, city, "film.film.featured_film_locations")
        for actor in rng.sample(roles["actor"], rng.randint(2, 3)):
            kb.add("starring", film, actor, "__film__film__starring")
        year = str(rng.randint(1950, 2023))
        kb.add("release_year", film, year, "film.film.initial_release_date")


def generate(out: Path) -> None:
    """Write ``kb.txt`` and ``q1.jsonl`` .. ``q3.jsonl`` (1, 2 and 3 hops) into ``out``."""
    rng = random.Random(SEED)
    kb = KB()
    for city, country in CITIES.items():
        kb.add("country", city, country, "location.location.containedby")
    _institutions(kb, rng)
    roles = _people(kb, rng)
    books = _books(kb, rng, roles)
    _films(kb, rng, roles, books)
    kb.rev("author", "works")
    kb.rev("advisor", "students")
    kb.rev("based_on", "adaptations")
    kb.rev("director", "directed")
    write_set(out, kb, (ONE_HOP, TWO_HOPS, THREE_HOPS), QUESTIONS_PER_FILE, rng)


if __name__ == "__main__":
    main(generate, "Write the synthetic multi-domain proxy set (KB and questions).")
