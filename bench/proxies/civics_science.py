"""Civics and science proxy set: invented politicians and scientists in real cities.

Two domains share one KB and one map of real places (32 cities in 15 countries, each
city stored ``location.location.containedby`` its country). Civics: politicians,
parties, ministries, parliaments and elections. Science: scientists, institutes,
prizes, discoveries and journals. Every entity but the places is invented.

Relation names come in mixed shapes: dotted Freebase (``government.politician.party``,
``people.person.place_of_birth``), ``__``-joined Freebase
(``__people__deceased_person__place_of_death``, ``__award__award_winner__awards_won``),
snake_case (``year_elected``, ``doctoral_advisor``), camelCase (``headOfState``,
``foundedIn``), URIs (``http://example.org/onto/employedBy``) and prefixed
(``schema:alumniOf``). Six relations are stored only in reverse (person -> thing or
container -> part, while the questions walk the other way): three with a marker in the
name (``discovered_by_inverse``, ``current_minister_inverse``,
``reverse_previous_minister``) and three without one (``founded_party`` stored founder
-> party, ``__award__award_winner__awards_won`` stored winner -> prize,
``journal.journal.papers`` stored journal -> discovery).

Distractors of the answer's own kind sit beside every answer: a politician's former
party beside the current one; birthplace beside deathplace and residence; an
institute's city beside its founding city and a ministry's city; a party's leader
beside its founders; a ministry's current minister beside the previous one; an
election's runner-up beside its winner; a scientist's doctoral advisor beside
collaborators; employer beside alma mater; founding, election, first-award and
discovery years side by side.

Questions are asked in everyday words ("what outfit is {e} with now?", "who took home
{e} in the end?", "whose lab did {e} train in?"), with possessives, relative clauses,
"of" chains and passives; a quarter write the entity with spaces and 12 % are all
lower case (see ``common.make_questions``).

Run from the repository root::

    .venv/bin/python -m bench.proxies.civics_science OUT
"""

from __future__ import annotations

import random
from pathlib import Path

from bench.proxies.common import KB, Spec, main, write_set

SEED = 4417
QUESTIONS_PER_FILE = 250

PLACES: dict[str, list[str]] = {
    "France": ["Paris", "Lyon", "Marseille"],
    "Germany": ["Berlin", "Munich", "Hamburg"],
    "Italy": ["Rome", "Milan", "Turin"],
    "Spain": ["Madrid", "Barcelona", "Seville"],
    "Portugal": ["Lisbon", "Porto"],
    "Netherlands": ["Amsterdam", "Rotterdam"],
    "Sweden": ["Stockholm", "Gothenburg"],
    "Norway": ["Oslo", "Bergen"],
    "Poland": ["Warsaw", "Krakow"],
    "Japan": ["Tokyo", "Osaka"],
    "Canada": ["Toronto", "Montreal"],
    "Brazil": ["Sao_Paulo", "Rio_de_Janeiro"],
    "Argentina": ["Buenos_Aires", "Cordoba"],
    "Australia": ["Sydney", "Melbourne"],
    "India": ["Mumbai", "Delhi"],
}
COUNTRIES = list(PLACES)
CITIES = [city for cities in PLACES.values() for city in cities]

FIRST_NAMES = [
    "Ilsa", "Tomas", "Maren", "Odile", "Bruno", "Katja", "Lionel", "Anouk", "Pavel",
    "Greta", "Emil", "Sabine", "Matteo", "Ingrid", "Rafael", "Yara", "Jonas", "Noor",
    "Viktor", "Helena", "Aurelio", "Marta", "Soren", "Livia", "Casimir", "Dagny",
    "Felipe", "Ottilie", "Rurik", "Selma", "Teodor", "Zofia",
]  # fmt: skip
SURNAME_HEADS = [
    "Varn", "Ost", "Kell", "Brav", "Dun", "Hal", "Mor", "Sel", "Tarv", "Quen", "Lind",
    "Rav", "Esk", "Gorm", "Pell", "Wyn", "Corr", "Fen", "Hask", "Jor",
]  # fmt: skip
SURNAME_TAILS = [
    "holt", "ander", "wick", "mere", "stad", "berg", "ley", "ford", "ric", "ova",
    "elli", "ez", "dottir", "sen", "ard",
]  # fmt: skip

PARTIES = [
    "Progress_Alliance", "Civic_Renewal_Party", "Green_Horizon", "Liberty_Front",
    "Workers_Common", "Unity_Movement", "New_Republic_League", "Harbour_Party",
    "Rural_Voice", "Citizens_Compact", "Forward_Coalition", "Social_Beacon",
    "Heritage_Union", "Open_Future_Party", "Reform_Circle", "Popular_Bridge",
    "Democratic_Lantern", "Northern_Accord", "Commonwealth_First", "Justice_Ring",
    "Federal_Dawn", "Solidarity_Oak",
]  # fmt: skip
LEGISLATURES = [
    "Meridian_Assembly", "Federal_Moot", "Chamber_of_Voices", "Council_of_the_Realm",
    "High_Senate_of_Delvor", "Grand_Diet_of_Ostra", "House_of_Commons_Rivel",
    "National_Thing_Arven", "Sejm_of_Korlin", "Kaigi_of_Seiran", "Parliament_Hall_Tamsin",
    "Congress_of_Lumen", "Cortes_of_Varda", "Assembly_of_the_Southern_Cross",
    "Lok_Sabha_Veyra",
]  # fmt: skip
MINISTRY_TOPICS = [
    "Harbour_Works", "Northern_Roads", "Water_Supply", "Rail_Transit", "Public_Health",
    "Fisheries", "Cultural_Heritage", "Digital_Affairs", "Mining", "Forestry",
    "Border_Control", "Civil_Aviation", "Housing", "Energy_Grids", "Tourism",
    "Labour_Relations", "Coastal_Defence", "Postal_Service", "Weather_Service",
    "Public_Archives", "Sport", "Family_Affairs", "Small_Business", "Space_Research",
]  # fmt: skip
MINISTRY_HEADS = ["Ministry_of_", "Department_of_", "Office_for_"]
ELECTION_WORDS = [
    "Harvest", "Tidewater", "Snowmelt", "Lantern", "Ashen", "Copper", "Winter",
    "Meadow", "Rainfall", "Amber",
]  # fmt: skip
ELECTION_KINDS = ["Ballot", "Poll", "Vote"]
INSTITUTES = [
    "Kestrel_Institute", "Halden_Polytechnic", "Aurora_Research_Centre",
    "Verity_College", "Marlowe_University", "Ember_Laboratories", "Copperfield_Institute",
    "Solstice_Academy", "Greyling_School_of_Science", "Northwind_University",
    "Pelham_Observatory", "Thistle_Institute_of_Technology", "Varga_Research_Hall",
    "Linden_Institute", "Osprey_University", "Quarry_Hill_College", "Bellweather_Institute",
    "Crane_Foundation_for_Science", "Ironwood_University", "Saltmarsh_Laboratory",
    "Heron_Institute", "Ridgeway_Polytechnic",
]  # fmt: skip
PRIZES = [
    "Halvorsen_Medal", "Lumen_Prize", "Castellan_Award", "Orrery_Medal",
    "Brightwater_Prize", "Sable_Cross_of_Science", "Wexford_Medal", "Gilded_Compass_Award",
    "Meridian_Prize_for_Chemistry", "Starling_Medal", "Cobalt_Prize", "Ansel_Award",
    "Quill_and_Flask_Prize", "Tessellate_Medal", "Northlight_Prize", "Ruhland_Award",
    "Prism_Laureateship", "Vesper_Medal",
]  # fmt: skip
DISCOVERY_HEADS = [
    "Helical", "Quantum", "Cold", "Spiral", "Silent", "Inverse", "Lattice", "Amber",
    "Drift", "Photonic",
]  # fmt: skip
DISCOVERY_TAILS = [
    "Effect", "Reaction", "Catalyst", "Theorem", "Engine", "Compound", "Sequence", "Lens",
]  # fmt: skip
JOURNALS = [
    "Annals_of_Drift_Physics", "Kestrel_Review", "Journal_of_Applied_Lattices",
    "Proceedings_of_the_Orrery_Society", "Chemical_Lantern", "Quarterly_Letters_in_Optics",
    "Bulletin_of_Cold_Matter", "Frontier_Notes", "Transactions_in_Spiral_Mathematics",
    "The_Amber_Journal", "Open_Catalysis_Letters", "Review_of_Silent_Systems",
    "Northern_Science_Gazette", "Archive_of_Photonics",
]  # fmt: skip

N_POLITICIANS = 80
N_SCIENTISTS = 80
N_ELECTIONS = 30
N_DISCOVERIES = 60

R = "http://example.org/onto/"
P_DEATH = "__people__deceased_person__place_of_death"
P_AWARDS = "__award__award_winner__awards_won"


def other(rng: random.Random, pool: list[str], *avoid: str) -> str:
    """A draw from ``pool`` that is none of ``avoid`` (the pool always has one)."""
    return rng.choice([item for item in pool if item not in avoid])


def build_kb(rng: random.Random) -> KB:
    kb = KB()

    # Places.
    for country, cities in PLACES.items():
        for city in cities:
            kb.add("containedby", city, country, "location.location.containedby")

    # People: one pool of unique invented names, politicians first.
    surnames = [head + tail for head in SURNAME_HEADS for tail in SURNAME_TAILS]
    full = [f"{first}_{last}" for first in FIRST_NAMES for last in surnames]
    people = rng.sample(full, N_POLITICIANS + N_SCIENTISTS)
    politicians = people[:N_POLITICIANS]
    scientists = people[N_POLITICIANS:]

    def person_places(person: str, home: list[str]) -> None:
        birth = rng.choice(home) if rng.random() < 0.85 else rng.choice(CITIES)
        kb.add("birthplace", person, birth, "people.person.place_of_birth")
        if rng.random() < 0.25:
            kb.add("deathplace", person, other(rng, CITIES, birth), P_DEATH)
        if rng.random() < 0.6:
            near = [city for city in home if city != birth]
            kb.add("residence", person, rng.choice(near or CITIES), "schema:homeLocation")

    # Civics: countries' legislatures and parties, then politicians.
    legislature_of = dict(zip(COUNTRIES, LEGISLATURES, strict=True))
    for country, body in legislature_of.items():
        kb.add("legislature_country", body, country, "government.governmental_body.jurisdiction")
    parties_of: dict[str, list[str]] = {country: [] for country in COUNTRIES}
    for i, party in enumerate(PARTIES):
        parties_of[COUNTRIES[i % len(COUNTRIES)]].append(party)
    country_of_party = {p: c for c, ps in parties_of.items() for p in ps}

    politicians_of: dict[str, list[str]] = {country: [] for country in COUNTRIES}
    members: dict[str, list[str]] = {party: [] for party in PARTIES}
    in_body: dict[str, list[str]] = {body: [] for body in LEGISLATURES}
    for i, person in enumerate(politicians):
        country = COUNTRIES[i % len(COUNTRIES)]
        politicians_of[country].append(person)
        person_places(person, PLACES[country])
        party = rng.choice(parties_of[country])
        members[party].append(person)
        kb.add("party", person, party, "government.politician.party")
        if rng.random() < 0.45:
            former = [p for p in parties_of[country] if p != party]
            kb.add(
                "former_party",
                person,
                rng.choice(former) if former else other(rng, PARTIES, party),
                "previousParty",
            )
        body = legislature_of[country]
        in_body[body].append(person)
        kb.add("legislature", person, body, R + "sitsIn")
        kb.add("year_elected", person, str(rng.randint(1984, 2021)), "year_elected")

    for party in PARTIES:
        country = country_of_party[party]
        leader = rng.choice(members[party] or politicians_of[country])
        kb.add("party_leader", party, leader, "hasLeader")
        others = [person for person in politicians_of[country] if person != leader]
        for founder in rng.sample(others, rng.choice((1, 1, 2))):
            kb.add("party_founder", party, founder, "founded_party", inverse=True)
        kb.add("founded_year", party, str(rng.randint(1890, 2008)), "foundedIn")
        kb.add("headquarters", party, rng.choice(PLACES[country]), R + "headquarteredIn")

    for country in COUNTRIES:
        kb.add("head_of_state", country, rng.choice(politicians_of[country]), "headOfState")

    topics = rng.sample(MINISTRY_TOPICS, len(MINISTRY_TOPICS))
    for i, topic in enumerate(topics):
        ministry = MINISTRY_HEADS[i % len(MINISTRY_HEADS)] + topic
        country = COUNTRIES[i % len(COUNTRIES)]
        kb.add("ministry_country", ministry, country, "government.government_office.jurisdiction")
        now, before = rng.sample(politicians_of[country], 2)
        kb.add("current_minister", ministry, now, "current_minister_inverse", inverse=True)
        kb.add("previous_minister", ministry, before, "reverse_previous_minister", inverse=True)
        kb.add("located_in", ministry, rng.choice(PLACES[country]), R + "locatedIn")

    elections = rng.sample(
        [f"{word}_{kind}" for word in ELECTION_WORDS for kind in ELECTION_KINDS], N_ELECTIONS
    )
    for election in elections:
        body = rng.choice(LEGISLATURES)
        winner, second = rng.sample(in_body[body], 2)
        kb.add("election_winner", election, winner, "__government__election__winner")
        kb.add("election_runner_up", election, second, "runner_up")
        kb.add("election_body", election, body, "electedBody")

    # Science: institutes, scientists, prizes, discoveries, journals.
    for institute in INSTITUTES:
        city = rng.choice(CITIES)
        kb.add("located_in", institute, city, R + "locatedIn")
        start = other(rng, CITIES, city) if rng.random() < 0.65 else city
        kb.add("founding_city", institute, start, "founding_city")
        kb.add("founded_year", institute, str(rng.randint(1800, 1970)), "foundedIn")

    advised: set[tuple[str, str]] = set()
    for i, person in enumerate(scientists):
        person_places(person, PLACES[rng.choice(COUNTRIES)])
        work = rng.choice(INSTITUTES)
        kb.add("employer", person, work, R + "employedBy")
        school = other(rng, INSTITUTES, work) if rng.random() < 0.85 else work
        kb.add("alma_mater", person, school, "schema:alumniOf")
        if i >= 16:
            advisor = rng.choice(scientists[:i])
            advised.add((person, advisor))
            advised.add((advisor, person))
            kb.add("doctoral_advisor", person, advisor, "doctoral_advisor")
    pairs: set[tuple[str, str]] = set()
    while len(pairs) < 40:
        a, b = rng.sample(scientists, 2)
        if (a, b) in advised or (a, b) in pairs:
            continue
        pairs.add((a, b))
        pairs.add((b, a))
        kb.add("collaborator", a, b, "collaboratesWith")
        kb.add("collaborator", b, a, "collaboratesWith")

    for prize in PRIZES:
        for winner in rng.sample(scientists, rng.randint(2, 4)):
            kb.add("prize_winner", prize, winner, P_AWARDS, inverse=True)
        kb.add("prize_first_year", prize, str(rng.randint(1895, 1985)), "firstAwardedIn")
        kb.add("prize_presenter", prize, rng.choice(INSTITUTES), "award.award.presented_by")

    discoveries = rng.sample(
        [f"{head}_{tail}" for head in DISCOVERY_HEADS for tail in DISCOVERY_TAILS],
        N_DISCOVERIES,
    )
    for discovery in discoveries:
        for finder in rng.sample(scientists, rng.choice((1, 1, 2))):
            kb.add("discoverer", discovery, finder, "discovered_by_inverse", inverse=True)
        kb.add("discovery_year", discovery, str(rng.randint(1945, 2022)), "year_discovered")
        journal = rng.choice(JOURNALS)
        kb.add("published_in", discovery, journal, "journal.journal.papers", inverse=True)

    for journal in JOURNALS:
        kb.add("founded_year", journal, str(rng.randint(1850, 1990)), "foundedIn")
        kb.add("editor", journal, rng.choice(scientists), "editorInChief")

    # Walks against the stored direction (nothing new is stored).
    kb.rev("discoverer", "discovered")
    kb.rev("prize_winner", "prizes_won")
    kb.rev("party_founder", "parties_founded")
    kb.rev("doctoral_advisor", "students")
    kb.rev("party_leader", "leads_party")
    kb.rev("election_winner", "elections_won")
    kb.rev("published_in", "journal_papers")
    return kb


ONE_HOP: list[Spec] = [
    (["containedby"], [
        "which country is {e} in?",
        "{e} is a city in which country?",
        "what nation would I be in if I landed in {e}?",
        "{e} lies in what country?",
    ]),
    (["head_of_state"], [
        "who runs {e} at the very top?",
        "who is the top dog in {e}?",
        "who is {e}'s head of state?",
        "who sits at the summit of {e}'s government?",
    ]),
    (["birthplace"], [
        "where was {e} born?",
        "what city did {e} come into the world in?",
        "what's {e}'s birthplace?",
        "{e} was born in which city?",
    ]),
    (["deathplace"], [
        "where did {e} pass away?",
        "in which city did {e} die?",
        "where did {e} breathe their last?",
        "what city was {e} in when they died?",
    ]),
    (["residence"], [
        "where does {e} live?",
        "which city does {e} call home these days?",
        "where has {e} settled down?",
        "what town is {e} living in?",
    ]),
    (["party"], [
        "which party does {e} belong to?",
        "what political outfit is {e} with now?",
        "{e} is a card-carrying member of which party?",
        "which party does {e} currently represent?",
        "what's {e}'s party these days?",
    ]),
    (["former_party"], [
        "which party did {e} leave?",
        "what party was {e} in before switching sides?",
        "{e} used to belong to which party?",
        "which party did {e} defect from?",
    ]),
    (["legislature"], [
        "which parliament does {e} sit in?",
        "what lawmaking chamber is {e} a member of?",
        "where does {e} hold a seat as a lawmaker?",
        "which assembly counts {e} among its members?",
    ]),
    (["year_elected"], [
        "when did {e} first win a seat?",
        "what year was {e} voted in?",
        "in which year did voters first send {e} to parliament?",
        "when did {e} get into office?",
    ]),
    (["party_leader"], [
        "who leads {e} these days?",
        "who is in charge of {e}?",
        "who heads up {e}?",
        "who's the boss of {e} right now?",
    ]),
    (["party_founder"], [
        "who started {e}?",
        "{e} was founded by whom?",
        "who set up {e}?",
        "who got {e} off the ground?",
    ]),
    (["founded_year"], [
        "when was {e} set up?",
        "what year did {e} come into being?",
        "in what year was {e} established?",
        "since when has {e} existed?",
    ]),
    (["headquarters"], [
        "where is {e} based?",
        "which city does {e} have its head office in?",
        "where does {e} run things from?",
        "what city is home base for {e}?",
    ]),
    (["ministry_country"], [
        "which country's government does {e} belong to?",
        "{e} is part of which nation's cabinet?",
        "what country does {e} serve?",
    ]),
    (["current_minister"], [
        "who runs {e} now?",
        "who is the minister in charge of {e} at present?",
        "who's at the helm of {e} today?",
        "who heads {e} currently?",
    ]),
    (["previous_minister"], [
        "who ran {e} before the current minister?",
        "who used to head {e}?",
        "who did the present head of {e} take over from?",
        "who was at the helm of {e} last time round?",
    ]),
    (["legislature_country"], [
        "in which country does {e} sit?",
        "{e} makes the laws for which country?",
        "which nation is {e} the parliament of?",
    ]),
    (["election_winner"], [
        "who won {e}?",
        "who came out on top in {e}?",
        "who was victorious in {e}?",
        "who carried the day in {e}?",
    ]),
    (["election_runner_up"], [
        "who came second in {e}?",
        "who finished just behind the winner in {e}?",
        "who was the runner-up in {e}?",
    ]),
    (["election_body"], [
        "which chamber was {e} held to fill?",
        "{e} chose members of which parliament?",
        "seats in what assembly were up for grabs in {e}?",
    ]),
    (["employer"], [
        "where does {e} work?",
        "what outfit is {e} with now?",
        "which institute pays {e}'s salary?",
        "who is {e}'s employer?",
    ]),
    (["alma_mater"], [
        "where did {e} study?",
        "which school did {e} graduate from?",
        "where did {e} get their degree?",
        "what university did {e} go to?",
    ]),
    (["doctoral_advisor"], [
        "who was {e} mentored by?",
        "whose lab did {e} train in?",
        "{e}'s mentor",
        "who supervised {e}'s PhD?",
    ]),
    (["collaborator"], [
        "who has {e} worked with?",
        "who are {e}'s research partners?",
        "who did {e} team up with on papers?",
        "with whom does {e} co-author?",
    ]),
    (["located_in"], [
        "which city is {e} in?",
        "where is {e}?",
        "what city can you find {e} in?",
        "where would I go to visit {e}?",
    ]),
    (["founding_city"], [
        "where was {e} originally started?",
        "in which city was {e} first set up?",
        "which city did {e} begin life in?",
    ]),
    (["prize_winner"], [
        "who took home {e} in the end?",
        "who has won {e}?",
        "who has been given {e}?",
        "which scientists received {e}?",
    ]),
    (["prize_first_year"], [
        "when was {e} first handed out?",
        "what year was {e} given for the first time?",
        "since what year has {e} been around?",
    ]),
    (["prize_presenter"], [
        "who hands out {e}?",
        "which institution gives {e}?",
        "{e} is awarded by whom?",
    ]),
    (["discoverer"], [
        "who came up with {e}?",
        "who discovered {e}?",
        "who is credited with {e}?",
        "who first found {e}?",
    ]),
    (["discovery_year"], [
        "when was {e} discovered?",
        "what year did {e} come about?",
        "in what year was {e} first found?",
    ]),
    (["published_in"], [
        "which journal ran {e}?",
        "where was {e} published?",
        "in which journal did {e} first appear?",
        "what publication carried {e}?",
    ]),
    (["editor"], [
        "who edits {e}?",
        "who's the chief editor of {e}?",
        "who decides what goes into {e}?",
    ]),
    (["discovered"], [
        "what did {e} discover?",
        "what is {e} known for finding?",
        "which discoveries are credited to {e}?",
    ]),
    (["prizes_won"], [
        "what prizes has {e} won?",
        "which awards did {e} pick up?",
        "what honours has {e} received?",
    ]),
    (["parties_founded"], [
        "which party did {e} found?",
        "what party did {e} help start?",
        "{e} set up which party?",
    ]),
    (["students"], [
        "who did {e} supervise?",
        "which students trained under {e}?",
        "who were {e}'s doctoral students?",
    ]),
    (["leads_party"], [
        "which party does {e} lead?",
        "what party is {e} the head of?",
        "{e} is the leader of which party?",
    ]),
    (["elections_won"], [
        "which elections did {e} win?",
        "what votes has {e} won?",
        "which polls did {e} come first in?",
    ]),
]  # fmt: skip

TWO_HOP: list[Spec] = [
    (["party", "party_leader"], [
        "who leads the party that {e} belongs to?",
        "who is the leader of {e}'s party?",
        "who's in charge of {e}'s party?",
        "the leader of the party of {e}",
    ]),
    (["party", "headquarters"], [
        "where is {e}'s party based?",
        "which city is the party of {e} run from?",
        "where does the party {e} belongs to have its head office?",
    ]),
    (["former_party", "party_leader"], [
        "who leads the party {e} used to be in?",
        "who heads the party that {e} left?",
        "who's in charge of {e}'s old party?",
    ]),
    (["birthplace", "containedby"], [
        "which country was {e} born in?",
        "what country does {e} come from originally?",
        "in which nation is {e}'s birthplace?",
    ]),
    (["deathplace", "containedby"], [
        "in which country did {e} die?",
        "what country did {e} pass away in?",
        "{e} breathed their last in which country?",
    ]),
    (["residence", "containedby"], [
        "which country does {e} live in?",
        "what country has {e} settled in?",
        "in which nation does {e} make their home?",
    ]),
    (["legislature", "legislature_country"], [
        "which country's parliament does {e} sit in?",
        "for which nation does {e} make laws?",
        "in what country is {e} a lawmaker?",
    ]),
    (["party_leader", "birthplace"], [
        "where was the leader of {e} born?",
        "what city does the person who leads {e} come from?",
        "the birthplace of the head of {e}",
    ]),
    (["party_founder", "birthplace"], [
        "where was the founder of {e} born?",
        "what city did the person who started {e} come from?",
        "where were the people who set up {e} born?",
    ]),
    (["headquarters", "containedby"], [
        "which country is {e} based in?",
        "in what country does {e} have its head office?",
        "{e} is run from which country?",
    ]),
    (["head_of_state", "party"], [
        "which party does {e}'s head of state belong to?",
        "what party is the top leader of {e} from?",
        "the party of the person running {e}",
    ]),
    (["current_minister", "party"], [
        "which party is the person running {e} in?",
        "what party does the current head of {e} belong to?",
        "which party has the minister at {e} now?",
    ]),
    (["previous_minister", "party"], [
        "what party does the person who used to run {e} belong to?",
        "which party is {e}'s former minister with?",
    ]),
    (["current_minister", "birthplace"], [
        "where was the person now running {e} born?",
        "which city does {e}'s current minister hail from?",
    ]),
    (["legislature_country", "head_of_state"], [
        "who is the head of state of the country where {e} sits?",
        "who leads the nation that {e} makes laws for?",
        "who's at the top in the country {e} serves?",
    ]),
    (["election_winner", "party"], [
        "which party did the winner of {e} stand for?",
        "what party is the person who won {e} in?",
        "the party of whoever came out on top in {e}",
    ]),
    (["election_runner_up", "party"], [
        "which party was the runner-up in {e} from?",
        "what party does the person who came second in {e} belong to?",
    ]),
    (["election_body", "legislature_country"], [
        "which country held {e}?",
        "in what nation did {e} take place?",
        "{e} was a vote in which country?",
    ]),
    (["located_in", "containedby"], [
        "which country is {e} in?",
        "in which country can you find {e}?",
        "{e} is located in what country?",
    ]),
    (["founding_city", "containedby"], [
        "in which country was {e} first set up?",
        "what country did {e} start out in?",
    ]),
    (["employer", "located_in"], [
        "which city does {e} work in?",
        "in what city is the institute where {e} works?",
        "where is {e}'s workplace?",
    ]),
    (["alma_mater", "located_in"], [
        "which city did {e} study in?",
        "where is the school {e} graduated from?",
        "in what city is {e}'s old university?",
    ]),
    (["doctoral_advisor", "employer"], [
        "where does {e}'s mentor work?",
        "which institute employs the person who supervised {e}?",
        "what outfit is {e}'s old PhD supervisor with?",
    ]),
    (["doctoral_advisor", "alma_mater"], [
        "where did {e}'s doctoral supervisor study?",
        "which university did the mentor of {e} go to?",
    ]),
    (["discoverer", "employer"], [
        "where does the person behind {e} work?",
        "which institute is the discoverer of {e} with?",
        "what outfit employs whoever came up with {e}?",
    ]),
    (["discoverer", "birthplace"], [
        "where was the person who came up with {e} born?",
        "what is the birthplace of {e}'s discoverer?",
        "the discoverer of {e} was born where?",
    ]),
    (["published_in", "editor"], [
        "who edits the journal that ran {e}?",
        "who's the chief editor of the journal {e} appeared in?",
        "who is in charge of the publication that carried {e}?",
    ]),
    (["prize_winner", "employer"], [
        "where do the winners of {e} work?",
        "which institutes employ people who took home {e}?",
    ]),
    (["prize_presenter", "located_in"], [
        "which city is the institution that hands out {e} in?",
        "where is the body that awards {e}?",
    ]),
    (["discovered", "published_in"], [
        "which journal published what {e} discovered?",
        "where did {e} publish their findings?",
        "which journals ran {e}'s discoveries?",
    ]),
    (["editor", "alma_mater"], [
        "where did the editor of {e} study?",
        "which university did the person who edits {e} go to?",
    ]),
    (["prizes_won", "prize_presenter"], [
        "which institutions have given {e} a prize?",
        "who handed out the awards {e} won?",
    ]),
    (["students", "employer"], [
        "where do {e}'s doctoral students work?",
        "which institutes employ the people {e} supervised?",
    ]),
    (["leads_party", "headquarters"], [
        "where is the party that {e} leads based?",
        "which city is home to the party {e} heads?",
    ]),
]  # fmt: skip

THREE_HOP: list[Spec] = [
    (["party", "headquarters", "containedby"], [
        "in which country is the head office of {e}'s party?",
        "which country is the party {e} belongs to based in?",
        "the country of the headquarters of the party of {e}",
    ]),
    (["party", "party_leader", "birthplace"], [
        "where was the leader of {e}'s party born?",
        "what city does the person leading the party {e} is in come from?",
        "the birthplace of the leader of the party of {e}",
    ]),
    (["party", "party_founder", "birthplace"], [
        "where was the founder of {e}'s party born?",
        "what city did whoever started the party {e} belongs to come from?",
    ]),
    (["employer", "located_in", "containedby"], [
        "which country does {e} work in?",
        "in what country is the institute {e} works for?",
        "which nation is {e}'s workplace in?",
    ]),
    (["doctoral_advisor", "birthplace", "containedby"], [
        "which country is {e}'s mentor from?",
        "in what country was the person who supervised {e} born?",
        "the country of birth of {e}'s PhD supervisor",
    ]),
    (["discoverer", "employer", "located_in"], [
        "in which city does the person who came up with {e} work?",
        "what city is the institute of {e}'s discoverer in?",
    ]),
    (["discoverer", "alma_mater", "founding_city"], [
        "in which city was the school attended by {e}'s discoverer first set up?",
        "where did the university that the discoverer of {e} went to begin life?",
    ]),
    (["published_in", "editor", "alma_mater"], [
        "where did the editor of the journal that ran {e} study?",
        "which university did the person editing the journal {e} appeared in go to?",
    ]),
    (["prize_presenter", "located_in", "containedby"], [
        "in which country is the institution that gives out {e}?",
        "which country is {e} awarded from?",
        "the country of the body that hands out {e}",
    ]),
    (["election_winner", "party", "party_leader"], [
        "who leads the party of the person who won {e}?",
        "who heads the party whose candidate came out on top in {e}?",
    ]),
    (["current_minister", "party", "party_founder"], [
        "who started the party that {e}'s current minister belongs to?",
        "who founded the party of the person running {e}?",
    ]),
    (["election_body", "legislature_country", "head_of_state"], [
        "who is the head of state of the country where {e} was held?",
        "who runs the nation that held {e}?",
    ]),
    (["head_of_state", "party", "headquarters"], [
        "where is the party of {e}'s head of state based?",
        "which city is the party of the leader of {e} run from?",
    ]),
    (["party_leader", "birthplace", "containedby"], [
        "which country was the leader of {e} born in?",
        "what nation does the head of {e} come from originally?",
    ]),
    (["legislature", "legislature_country", "head_of_state"], [
        "who is head of state in the country whose parliament {e} sits in?",
        "who runs the nation where {e} is a lawmaker?",
    ]),
    (["discoverer", "doctoral_advisor", "employer"], [
        "where does the mentor of the person who came up with {e} work?",
        "which institute employs the PhD supervisor of {e}'s discoverer?",
    ]),
    (["alma_mater", "located_in", "containedby"], [
        "in which country did {e} study?",
        "which country is the university {e} went to in?",
    ]),
    (["current_minister", "birthplace", "containedby"], [
        "which country was the person running {e} born in?",
        "what nation does {e}'s current minister come from originally?",
    ]),
]  # fmt: skip


def generate(out: Path) -> None:
    rng = random.Random(SEED)
    kb = build_kb(rng)
    write_set(out, kb, (ONE_HOP, TWO_HOP, THREE_HOP), QUESTIONS_PER_FILE, rng)


if __name__ == "__main__":
    main(generate, __doc__.splitlines()[0] if __doc__ else "civics and science proxy set")
