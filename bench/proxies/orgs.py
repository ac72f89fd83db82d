"""Companies: invented firms, people and products in real cities, relations named every way.

Relation names mix camelCase (``foundedBy``, ``hasCEO``), URIs
(``http://example.org/ontology/locatedIn``), prefixed names (``schema:parentOrganization``)
and snake_case (``year_founded``); company to product is stored only backwards
(``Company produced_by_inverse Product``). Distractors sit beside every answer: offices
beside the head office, board members and investors beside the CEO, nationality beside
birthplace.

    .venv/bin/python -m bench.proxies.orgs OUT
"""

from __future__ import annotations

import random
from pathlib import Path

from bench.proxies.common import KB, Spec, main, write_set

SEED = 20240611
QUESTIONS_PER_FILE = 250

# fmt: off
CITIES = {
    "Vienna": "Austria", "Graz": "Austria", "Lyon": "France", "Marseille": "France",
    "Toulouse": "France", "Osaka": "Japan", "Nagoya": "Japan", "Sapporo": "Japan",
    "Sao_Paulo": "Brazil", "Curitiba": "Brazil", "Recife": "Brazil", "Rotterdam": "Netherlands",
    "Utrecht": "Netherlands", "Gothenburg": "Sweden", "Malmo": "Sweden", "Krakow": "Poland",
    "Gdansk": "Poland", "Porto": "Portugal", "Valencia": "Spain", "Bilbao": "Spain",
    "Turin": "Italy", "Bologna": "Italy", "Monterrey": "Mexico", "Guadalajara": "Mexico",
    "Pune": "India", "Chennai": "India", "Lagos": "Nigeria", "Nairobi": "Kenya",
    "Melbourne": "Australia", "Adelaide": "Australia",
}
INDUSTRIES = [
    "Logistics", "Biotechnology", "Renewable_Energy", "Consumer_Electronics", "Food_Processing",
    "Financial_Services", "Textiles", "Aerospace", "Software", "Pharmaceuticals",
]
PFX = [
    "Nordwind", "Helix", "Quanta", "Bluefin", "Solara", "Ironbark", "Veridian", "Copperleaf",
    "Aster", "Kestrel", "Marlow", "Tessera", "Lumen", "Orchid", "Granite", "Zephyr", "Halcyon",
    "Obsidian", "Cobalt", "Juniper", "Falcon", "Meridian", "Sable", "Pioneer", "Alder",
]
SFX = {
    "Logistics": ["Logistics", "Freight"],
    "Biotechnology": ["BioWorks", "Genomics"],
    "Renewable_Energy": ["Power", "SolarTech"],
    "Consumer_Electronics": ["Devices", "Electronics"],
    "Food_Processing": ["Foods", "Provisions"],
    "Financial_Services": ["Capital", "Finance"],
    "Textiles": ["Textiles", "Weavers"],
    "Aerospace": ["Aero", "Aerospace"],
    "Software": ["Soft", "Systems"],
    "Pharmaceuticals": ["Pharma", "Therapeutics"],
}
GIVEN = [
    "Ada", "Bruno", "Chiara", "Dmitri", "Elif", "Femi", "Greta", "Hiroshi", "Ines", "Jonas",
    "Kalinda", "Luca", "Mei", "Nnamdi", "Olga", "Pavel", "Quinn", "Rosa", "Sanjay", "Tove", "Umar",
    "Vera", "Wiktor", "Ximena", "Yusuf", "Zora", "Amara", "Bjorn", "Camila", "Dario", "Esme",
    "Farid", "Gosia", "Hana", "Ivo", "Jana", "Kofi", "Lena", "Mateo", "Noor",
]
SUR = [
    "OKAFOR", "Lindqvist", "MORETTI", "Tanaka", "van_DIJK", "Silva", "KOWALSKI", "Haddad",
    "Nakamura", "FERREIRA", "Adeyemi", "Novak", "Schultz", "ROSSI", "Mensah", "Iyer", "Castillo",
    "Petrov", "Dubois", "Kariuki", "BERGSTROM", "Alvarez", "Yilmaz", "Costa", "Hughes",
]
PROD_A = [
    "Aurora", "Velo", "Nimbus", "Pulse", "Atlas", "Echo", "Vista", "Terra", "Flux", "Orbit", "Nova",
    "Crest", "Ember", "Drift", "Prism", "Summit",
]
PROD_B = ["X2", "Max", "One", "Pro", "Lite", "360", "Go", "Core", "Edge", "Air"]

ONE_HOP: list[Spec] = [
    (["founder"], [
        "who started {e}?", "who set up {e}?", "who founded {e}", "who is the founder of {e}?",
        "{e} was founded by whom?", "who created {e}?",
    ]),
    (["ceo"], [
        "who runs {e}?", "who is the boss of {e}?", "who's in charge at {e}?",
        "who is the chief executive of {e}?", "who leads {e}", "who heads up {e}?",
        "who is the CEO of {e}?",
    ]),
    (["hq"], [
        "where is {e} based?", "which city is {e}'s head office in?", "where is {e} headquartered?",
        "in what city does {e} have its headquarters?", "where are {e}'s headquarters?",
    ]),
    (["country"], [
        "which country is {e} in?", "{e} is located in which country?",
        "what country is {e} part of?",
    ]),
    (["parent"], [
        "who owns {e}?", "what is the parent company of {e}?", "{e} is a subsidiary of which firm?",
        "which company is {e} part of?",
    ]),
    (["industry"], [
        "what line of business is {e} in?", "what industry is {e} in?",
        "what sector does {e} operate in?", "what kind of business is {e}?",
    ]),
    (["founded_year"], [
        "when was {e} set up?", "what year was {e} founded?", "when was {e} established?",
        "in which year did {e} get started?",
    ]),
    (["maker"], [
        "who makes {e}?", "which company produces {e}?", "who manufactures {e}?",
        "which firm is behind {e}?",
    ]),
    (["products"], [
        "what does {e} make?", "which products does {e} sell?", "what products come from {e}?",
    ]),
    (["birthplace"], [
        "where was {e} born?", "what is {e}'s hometown?", "which city was {e} born in?",
        "what is the birthplace of {e}?",
    ]),
    (["launch_year"], [
        "when did {e} come out?", "what year was {e} launched?", "when was {e} released?",
        "when did {e} hit the market?",
    ]),
    (["ceo_of"], [
        "which company does {e} run?", "what firm is {e} the boss of?",
        "{e} is CEO of which company?",
    ]),
    (["founded"], [
        "what company did {e} found?", "which firm did {e} start?",
        "which business was set up by {e}?",
    ]),
]
TWO_HOPS: list[Spec] = [
    (["maker", "hq"], [
        "where is the company that makes {e} based?",
        "which city is the maker of {e} headquartered in?",
        "where does the manufacturer of {e} have its head office?", "where is {e}'s maker based?",
    ]),
    (["hq", "country"], [
        "what country is the HQ of {e} in?", "in which country is {e} based?",
        "{e}'s head office is in what country?", "which country is {e} headquartered in?",
    ]),
    (["founder", "birthplace"], [
        "where was the founder of {e} born?", "what is the hometown of the person who set up {e}?",
        "where was {e}'s founder born?",
    ]),
    (["ceo", "birthplace"], [
        "where was the CEO of {e} born?", "which city was {e}'s boss born in?",
        "what is the birthplace of the person who runs {e}?",
    ]),
    (["maker", "ceo"], [
        "who runs the company that makes {e}?", "who is the boss of {e}'s manufacturer?",
        "who is the CEO of the maker of {e}?",
    ]),
    (["maker", "founder"], [
        "who started the firm that produces {e}?", "who founded the maker of {e}?",
        "who set up the company behind {e}?",
    ]),
    (["parent", "founder"], [
        "who founded {e}'s parent company?", "who set up the company that owns {e}?",
    ]),
    (["parent", "hq"], [
        "where is the parent company of {e} based?", "where is the owner of {e} headquartered?",
        "which city is {e}'s parent company based in?",
    ]),
    (["maker", "industry"], [
        "what line of business is the maker of {e} in?",
        "what industry is the company behind {e} in?",
    ]),
    (["parent", "founded_year"], [
        "when was the parent company of {e} founded?", "what year was {e}'s owner set up?",
    ]),
    (["birthplace", "country"], [
        "which country was {e} born in?", "in what country was {e} born?",
    ]),
    (["maker", "founded_year"], [
        "when was the company that makes {e} set up?",
        "what year was the manufacturer of {e} founded?",
    ]),
    (["parent", "products"], [
        "what does the parent company of {e} make?", "which products does {e}'s owner sell?",
    ]),
]
THREE_HOPS: list[Spec] = [
    (["founder", "birthplace", "country"], [
        "in which country was the founder of {e} born?",
        "what country was the person who started {e} born in?",
        "{e}'s founder was born in which country?",
    ]),
    (["maker", "hq", "country"], [
        "which country is the maker of {e} headquartered in?",
        "in what country is the company that makes {e} based?",
        "what country is {e}'s manufacturer's head office in?",
    ]),
    (["maker", "ceo", "birthplace"], [
        "where was the CEO of the company that makes {e} born?",
        "where was the boss of {e}'s maker born?",
        "which city was the chief executive of the manufacturer of {e} born in?",
    ]),
    (["parent", "ceo", "birthplace"], [
        "where was {e}'s parent company's CEO born?",
        "what is the birthplace of the chief executive of the parent company of {e}?",
    ]),
    (["maker", "parent", "founder"], [
        "who founded the parent company of the maker of {e}?",
        "who set up the company that owns {e}'s manufacturer?",
        "who started the owner of the firm that makes {e}?",
    ]),
    (["parent", "hq", "country"], [
        "what country is the head office of {e}'s parent in?",
        "in which country is the owner of {e} based?",
        "which country is the parent company of {e} headquartered in?",
    ]),
    (["maker", "parent", "industry"], [
        "what line of business is the parent of the maker of {e} in?",
        "what industry is {e}'s maker's parent company in?",
    ]),
    (["ceo", "birthplace", "country"], [
        "which country was the CEO of {e} born in?", "in what country was {e}'s boss born?",
        "the person who runs {e} was born in which country?",
    ]),
    (["maker", "founder", "birthplace"], [
        "where was the founder of the company that makes {e} born?",
        "where was {e}'s maker's founder born?",
    ]),
    (["maker", "hq", "country"], [
        "{e} is made by a company based in which country?",
    ]),
]
# fmt: on


def _people(kb: KB, rng: random.Random) -> list[str]:
    names: set[str] = set()
    while len(names) < 60:
        names.add(f"{rng.choice(GIVEN)}_{rng.choice(SUR)}")
    people = sorted(names)
    cities = list(CITIES)
    for p in people:
        city = rng.choice(cities)
        kb.add("birthplace", p, city, "placeOfBirth")
        kb.add("birth_year", p, str(rng.randint(1945, 1990)), "birth_year")
        nationality = CITIES[city] if rng.random() < 0.8 else CITIES[rng.choice(cities)]
        kb.add("nationality", p, nationality, "schema:nationality")
    return people


def _company_names(rng: random.Random) -> dict[str, str]:
    """48 company names, each with its industry, in the order drawn."""
    # The shuffled copy is never used, but the draw is part of the sequence every
    # later name depends on.
    rng.shuffle(PFX[:])
    industry_of: dict[str, str] = {}
    while len(industry_of) < 48:
        industry = rng.choice(INDUSTRIES)
        name = f"{rng.choice(PFX)}_{rng.choice(SFX[industry])}"
        if rng.random() < 0.2:
            name = name.replace("_", "")  # e.g. QuantaSoft
        if name not in industry_of:
            industry_of[name] = industry
    return industry_of


def _companies(kb: KB, rng: random.Random, people: list[str]) -> dict[str, str]:
    industry_of = _company_names(rng)
    companies = list(industry_of)
    cities = list(CITIES)
    countries = sorted(set(CITIES.values()))
    for c in companies:
        kb.add("industry", c, industry_of[c], "industry_sector")
        kb.add("founded_year", c, str(rng.randint(1950, 2018)), "year_founded")
        hq = rng.choice(cities)
        kb.add("hq", c, hq, "headquarteredIn")
        for office in rng.sample([x for x in cities if x != hq], rng.randint(2, 4)):
            kb.add("office", c, office, "hasOfficeIn")
        for founder in rng.sample(people, rng.choice([1, 1, 2])):
            kb.add("founder", c, founder, "foundedBy")
        kb.add("ceo", c, rng.choice(people), "hasCEO")
        for member in rng.sample(people, rng.randint(2, 3)):
            kb.add("board", c, member, "boardMember")
        for investor in rng.sample(people, rng.randint(1, 3)):
            kb.add("investor", c, investor, "http://example.org/ontology/hasInvestor")
        for market in rng.sample(countries, rng.randint(2, 3)):
            kb.add("market", c, market, "key_market")
        for rival in rng.sample([x for x in companies if x != c], 3):
            kb.add("competitor", c, rival, "competesWith")
    subsidiaries = rng.sample(companies, 18)
    owners = [x for x in companies if x not in subsidiaries]
    for s in subsidiaries:
        kb.add("parent", s, rng.choice(owners), "schema:parentOrganization")
    for c in companies:
        for supplier in rng.sample([x for x in companies if x != c], 2):
            kb.add("supplier", c, supplier, "supplier_of")
    return industry_of


def _products(kb: KB, rng: random.Random, industry_of: dict[str, str]) -> None:
    names: list[str] = []
    drawn: set[tuple[str, str]] = set()
    while len(names) < 62:
        a, b = rng.choice(PROD_A), rng.choice(PROD_B)
        separator = rng.choice(["_", "", "-"])
        if (a, b) in drawn:  # no two products that differ only by separator
            continue
        drawn.add((a, b))
        names.append(f"{a}{separator}{b}")
    products = sorted(names)
    companies = list(industry_of)
    for p in products:
        maker = rng.choice(companies)
        kb.add("maker", p, maker, "produced_by_inverse", inverse=True)
        kb.add(
            "launch_year", p, str(rng.randint(1995, 2023)), "http://example.org/ontology/launchYear"
        )
        kb.add("product_category", p, industry_of[maker], "productCategory")
    for p in products:
        for other in rng.sample([x for x in products if x != p], 2):
            kb.add("rival", p, other, "competing_product")


def generate(out: Path) -> None:
    """Write ``kb.txt`` and ``q1.jsonl`` .. ``q3.jsonl`` (1, 2 and 3 hops) into ``out``."""
    rng = random.Random(SEED)
    kb = KB()
    for city, country in CITIES.items():
        kb.add("country", city, country, "http://example.org/ontology/locatedIn")
    people = _people(kb, rng)
    industry_of = _companies(kb, rng, people)
    _products(kb, rng, industry_of)
    kb.rev("maker", "products")
    kb.rev("ceo", "ceo_of")
    kb.rev("founder", "founded")
    write_set(out, kb, (ONE_HOP, TWO_HOPS, THREE_HOPS), QUESTIONS_PER_FILE, rng)


if __name__ == "__main__":
    main(generate, "Write the synthetic companies proxy set (KB and questions).")
