"""A proxy set over two domains in one KB: technology and physical geography.

Technology: invented software projects, programming languages, tech companies, game
studios, publishers, engines, video games, conferences, universities and the people who
write, maintain, found and run them, placed in real cities of real countries. Geography:
invented mountain ranges, mountains, rivers, lakes and national parks placed in real
countries and regions (Valais, Tyrol, Hokkaido, Patagonia's Los Lagos) and flowing into
real seas, with invented mountaineers who made the first ascents.

Relations (41) come in mixed naming styles: dotted Freebase paths
(``computer.software.languages_used``), ``__``-joined paths
(``__geography__river__mouth``), snake_case (``maintained_by``), camelCase
(``gameEngine``), URIs (``http://example.org/onto/developedBy``) and prefixed names
(``schema:founder``, ``dbo:license``). Five are stored only in the other direction,
under the other direction's name (``cvg.game_publisher.games_published`` from publisher
to game, ``geography.mountain_range.mountains`` from range to mountain,
``business.company.subsidiaries``, ``computer.software_developer.software``,
``location.location.people_born_here``), and three under a marked inverse
(``flows_into_inverse``, ``reverse_designer``, ``presented_at_inverse``). Several stored
names serve more than one kind of subject (``headquarteredIn`` for companies, studios and
publishers); the question chains walk logical names, one per kind (``studio_hq``).

Every answer has distractors of its own kind beside it: a game's developer beside its
porting studio (and publisher), a project's maintainer beside its original author, a
language's designer beside its maintainer, a company's head office beside its other
offices and its founder beside its CEO, a person's birthplace beside residence and
workplace city, a river's mouth beside its source range, tributaries and riverside
cities, a mountain's first climber beside the person it is named after, founding years
beside release years and first-ascent years.

Run: ``.venv/bin/python -m bench.proxies.tech_geo OUT``.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import NamedTuple

from bench.proxies.common import KB, Spec, main, write_set

SEED = 73_0419
PER_FILE = 250

# Logical relation -> (stored name, stored object-to-subject). ``True`` means the triple is
# written from the answer back to the asker, under the other direction's (or a marked) name.
RELATIONS: dict[str, tuple[str, bool]] = {
    # software projects
    "proj_lang": ("computer.software.languages_used", False),
    "proj_script": ("scriptingLanguage", False),
    "proj_maint": ("maintained_by", False),
    "proj_author": ("original_author", False),
    "proj_sponsor": ("http://example.org/onto/sponsoredBy", False),
    "proj_license": ("dbo:license", False),
    "proj_year": ("initialRelease", False),
    "proj_conf": ("presented_at_inverse", True),
    # programming languages
    "lang_designer": ("reverse_designer", True),
    "lang_maint": ("maintained_by", False),
    "lang_year": ("initialRelease", False),
    # game engines
    "eng_dev": ("computer.software_developer.software", True),
    "eng_lang": ("computer.software.languages_used", False),
    "eng_script": ("scriptingLanguage", False),
    "eng_license": ("dbo:license", False),
    "eng_year": ("initialRelease", False),
    # video games
    "game_dev": ("http://example.org/onto/developedBy", False),
    "game_port": ("ported_by", False),
    "game_pub": ("cvg.game_publisher.games_published", True),
    "game_engine": ("gameEngine", False),
    "game_year": ("cvg.computer_videogame.release_date", False),
    # studios, companies, publishers, conferences, universities
    "studio_parent": ("business.company.subsidiaries", True),
    "studio_hq": ("http://example.org/onto/headquarteredIn", False),
    "studio_founder": ("schema:founder", False),
    "studio_year": ("__organization__organization__date_founded", False),
    "comp_hq": ("http://example.org/onto/headquarteredIn", False),
    "comp_office": ("has_office_in", False),
    "comp_founder": ("schema:founder", False),
    "comp_ceo": ("hasCEO", False),
    "comp_year": ("__organization__organization__date_founded", False),
    "pub_hq": ("http://example.org/onto/headquarteredIn", False),
    "pub_ceo": ("hasCEO", False),
    "pub_year": ("__organization__organization__date_founded", False),
    "conf_city": ("held_in", False),
    "uni_city": ("__location__location__containedby", False),
    "uni_year": ("__organization__organization__date_founded", False),
    # people and places
    "born_in": ("location.location.people_born_here", True),
    "lives_in": ("__people__person__places_lived", False),
    "works_in": ("workLocation", False),
    "alma_mater": ("schema:alumniOf", False),
    "city_country": ("__location__location__containedby", False),
    "region_country": ("__location__location__containedby", False),
    # physical geography
    "river_mouth": ("__geography__river__mouth", False),
    "river_into": ("flows_into_inverse", True),
    "river_source": ("geography.river.origin", False),
    "river_cities": ("passes_through", False),
    "mtn_range": ("geography.mountain_range.mountains", True),
    "range_highest": ("highest_point", False),
    "range_country": ("http://example.org/onto/spansCountry", False),
    "mtn_ascent": ("http://example.org/onto/firstAscentBy", False),
    "mtn_named": ("named_after", False),
    "mtn_ascent_year": ("first_ascent_year", False),
    "mtn_country": ("dbo:country", False),
    "lake_country": ("__geography__lake__countries", False),
    "park_mtn": ("containsMountain", False),
    "park_region": ("http://example.org/onto/locatedInRegion", False),
}

# Logical names walked backwards along another logical relation (nothing new stored).
REVERSED: dict[str, str] = {
    "river_tribs": "river_into",
    "water_inflows": "river_mouth",
    "range_mtns": "mtn_range",
    "mtn_park": "park_mtn",
    "pub_games": "game_pub",
    "studio_ports": "game_port",
}

COUNTRY_CITIES: list[tuple[str, list[str]]] = [
    ("Switzerland", ["Zurich", "Geneva", "Bern", "Lucerne"]),
    ("Austria", ["Vienna", "Innsbruck", "Salzburg"]),
    ("Italy", ["Milan", "Turin", "Bolzano"]),
    ("France", ["Paris", "Lyon", "Grenoble"]),
    ("Germany", ["Berlin", "Munich", "Hamburg"]),
    ("Norway", ["Oslo", "Bergen", "Tromso"]),
    ("Sweden", ["Stockholm", "Gothenburg", "Kiruna"]),
    ("Finland", ["Helsinki", "Oulu", "Rovaniemi"]),
    ("Japan", ["Tokyo", "Osaka", "Sapporo"]),
    ("Canada", ["Vancouver", "Toronto", "Calgary", "Montreal"]),
    ("United_States", ["Seattle", "San_Francisco", "Austin", "Denver"]),
    ("Chile", ["Santiago", "Puerto_Montt"]),
    ("Argentina", ["Buenos_Aires", "Mendoza"]),
    ("New_Zealand", ["Wellington", "Christchurch", "Queenstown"]),
    ("United_Kingdom", ["London", "Edinburgh", "Manchester", "Inverness"]),
    ("Poland", ["Warsaw", "Krakow", "Zakopane"]),
    ("Slovakia", ["Bratislava", "Poprad"]),
    ("South_Korea", ["Seoul", "Busan"]),
]

TECH_CITIES = [
    "Zurich", "Geneva", "Vienna", "Milan", "Paris", "Lyon", "Berlin", "Munich", "Hamburg",
    "Oslo", "Stockholm", "Helsinki", "Tokyo", "Osaka", "Vancouver", "Toronto", "Montreal",
    "Seattle", "San_Francisco", "Austin", "Santiago", "Buenos_Aires", "Wellington",
    "London", "Edinburgh", "Manchester", "Warsaw", "Krakow", "Seoul", "Busan",
]  # fmt: skip


class Range(NamedTuple):
    name: str
    countries: list[str]
    peak_styles: list[str]


class Cluster(NamedTuple):
    ranges: list[Range]
    river_style: str
    lake_style: str
    seas: list[str]
    regions: list[tuple[str, str]]


CLUSTERS: list[Cluster] = [
    Cluster(
        [
            Range("Varnholt_Alps", ["Switzerland", "Italy"], ["Piz_{s}", "Monte_{s}", "{s}horn"]),
            Range("Brenner_Grat", ["Switzerland"], ["{s}horn", "Piz_{s}"]),
        ],
        "{s}_River",
        "Lake_{s}",
        ["Adriatic_Sea", "Mediterranean_Sea"],
        [("Valais", "Switzerland"), ("Graubunden", "Switzerland"), ("South_Tyrol", "Italy")],
    ),
    Cluster(
        [Range("Kessler_Range", ["Austria", "Germany"], ["Hoher_{s}", "{s}spitze", "{s}kogel"])],
        "{s}_River",
        "{s}see",
        ["Black_Sea", "North_Sea"],
        [("Tyrol", "Austria"), ("Bavaria", "Germany")],
    ),
    Cluster(
        [Range("Serrat_Massif", ["France", "Switzerland"], ["Pic_{s}", "Dent_de_{s}"])],
        "{s}_River",
        "Lac_{s}",
        ["Mediterranean_Sea", "Atlantic_Ocean"],
        [("Savoie", "France"), ("Haute-Savoie", "France")],
    ),
    Cluster(
        [
            Range("Nordvik_Fells", ["Norway", "Sweden"], ["{s}tind", "{s}fjellet"]),
            Range("Kaamos_Fells", ["Finland", "Sweden"], ["{s}tunturi", "{s}vaara"]),
        ],
        "{s}_River",
        "Lake_{s}",
        ["Norwegian_Sea", "Gulf_of_Bothnia", "Baltic_Sea"],
        [("Nordland", "Norway"), ("Norrbotten", "Sweden"), ("Lapland", "Finland")],
    ),
    Cluster(
        [Range("Hokuto_Mountains", ["Japan"], ["Mount_{s}", "{s}-dake"])],
        "{s}_River",
        "Lake_{s}",
        ["Sea_of_Japan", "Pacific_Ocean"],
        [("Hokkaido", "Japan"), ("Nagano_Prefecture", "Japan")],
    ),
    Cluster(
        [
            Range("Cascarra_Range", ["Canada", "United_States"], ["Mount_{s}", "{s}_Peak"]),
            Range("Silverfold_Range", ["United_States"], ["{s}_Peak", "Mount_{s}"]),
        ],
        "{s}_River",
        "{s}_Lake",
        ["Pacific_Ocean", "Salish_Sea", "Gulf_of_Mexico"],
        [("British_Columbia", "Canada"), ("Alberta", "Canada"), ("Colorado", "United_States")],
    ),
    Cluster(
        [Range("Cordillera_Velasca", ["Chile", "Argentina"], ["Cerro_{s}", "Volcan_{s}"])],
        "Rio_{s}",
        "Lago_{s}",
        ["Pacific_Ocean", "Atlantic_Ocean"],
        [("Los_Lagos", "Chile"), ("Mendoza_Province", "Argentina")],
    ),
    Cluster(
        [Range("Tamaru_Alps", ["New_Zealand"], ["Mount_{s}"])],
        "{s}_River",
        "Lake_{s}",
        ["Tasman_Sea", "Pacific_Ocean"],
        [("Otago", "New_Zealand"), ("Canterbury", "New_Zealand")],
    ),
    Cluster(
        [Range("Corrach_Mountains", ["United_Kingdom"], ["Ben_{s}", "Sgurr_{s}"])],
        "River_{s}",
        "Loch_{s}",
        ["North_Sea", "Atlantic_Ocean"],
        [("Scottish_Highlands", "United_Kingdom")],
    ),
    Cluster(
        [Range("Zelen_Tatras", ["Poland", "Slovakia"], ["{s}_Szczyt", "{s}_Stit"])],
        "{s}_River",
        "Lake_{s}",
        ["Baltic_Sea", "Black_Sea"],
        [("Lesser_Poland", "Poland"), ("Presov_Region", "Slovakia")],
    ),
]

ONSETS = [
    "Or", "Tess", "Kal", "Vor", "Bri", "Mar", "Quel", "Dra", "Fen", "Hal", "Is", "Jor",
    "Lun", "Mer", "Nal", "Ost", "Pel", "Rav", "Sel", "Tor", "Ul", "Val", "Wen", "Yr",
    "Zel", "Cor", "Ash", "Bel", "Ev", "Gal", "Kes", "Tam",
]  # fmt: skip
CODAS = [
    "ane", "ary", "den", "mark", "vik", "ora", "ell", "ith", "und", "esk", "arn", "olt",
    "ay", "ine", "aro", "is", "enne", "ow", "ast", "eth", "orn", "ia", "ek", "illa", "um",
    "ard", "osa", "en", "ir", "yn",
]  # fmt: skip
FIRST_NAMES = [
    "Ingrid", "Tomas", "Keiko", "Ravi", "Amara", "Lukas", "Sofia", "Mateo", "Hana",
    "Oskar", "Priya", "Jonas", "Elif", "Marek", "Aiko", "Nadia", "Felix", "Chiara",
    "Henrik", "Leila", "Bruno", "Yuna", "Greta", "Anders", "Camila", "Dmitri", "Freya",
    "Kenji", "Lucia", "Mika", "Noor", "Pavel", "Rosa", "Soren", "Talia", "Viktor",
    "Wren", "Ximena", "Yusuf", "Zofia", "Astrid", "Callum", "Ines", "Joaquin",
]  # fmt: skip
SURNAME_ENDS = [
    "berg", "strom", "ley", "mann", "ford", "ova", "ski", "hart", "sen", "ez", "elli",
    "moto", "ton", "wick", "holt", "quist", "aki", "ridge", "eau", "dottir",
]  # fmt: skip
LANGUAGES = [
    "Zorlang", "Quillscript", "Brevik", "Tesselate", "Marrowlang", "Kestrel_Lang",
    "Ondine", "Vesperlang", "Fennic", "Glyphscript", "Corvid_Lang", "Sablecode",
    "Tarnlang", "Halcyon_Lisp", "Orrery_ML", "Pikelet",
]  # fmt: skip
PROJECT_STEMS = [
    "Fern", "Dither", "Quark", "Loom", "Pebble", "Hollow", "Tide", "Salt", "Grit", "Moss",
    "Lantern", "Copper", "Drift", "Nettle", "Ember", "Thistle", "Cinder", "Bramble",
    "Harbor", "Flint", "Sparrow", "Willow", "Hazel", "Rook", "Marble", "Juniper",
    "Kettle", "Wicker", "Basalt", "Clover", "Pike", "Shale", "Umber", "Velvet", "Yarrow",
    "Zephyr", "Acorn", "Birch", "Cobble", "Dune", "Eddy", "Fjord", "Gorse", "Heron",
    "Ivy", "Lichen", "Maple", "Otter",
]  # fmt: skip
PROJECT_SUFFIXES = [
    "db", "kit", "mesh", "flow", "cache", "store", "gate", "lint", "forge", "wire",
    "stack", "fs", "ql", "sync", "press", "proxy",
]  # fmt: skip
GAME_ADJECTIVES = [
    "Crimson", "Sunken", "Iron", "Hollow", "Silent", "Gilded", "Shattered", "Frozen",
    "Restless", "Forgotten", "Burning", "Distant", "Wandering", "Broken", "Emerald",
    "Midnight", "Rusted", "Endless",
]  # fmt: skip
GAME_NOUNS = [
    "Crown", "Lullaby", "Reverie", "Frontier", "Harbor", "Covenant", "Orchard", "Tide",
    "Lantern", "Citadel", "Meridian", "Requiem", "Archipelago", "Bastion", "Horizon",
    "Menagerie", "Cartographer", "Skyline",
]  # fmt: skip
LICENSES = [
    "MIT_License", "Apache_License_2.0", "GNU_GPLv3", "GNU_LGPLv2.1", "BSD_3-Clause_License",
    "Mozilla_Public_License_2.0", "ISC_License", "Zlib_License",
]  # fmt: skip


class World:
    """The drawn entities, kept in lists so every later draw sees them in the same order."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.kb = KB()
        self.used: set[str] = set()
        self.stems = [onset + coda for onset in ONSETS for coda in CODAS]
        rng.shuffle(self.stems)
        self.country_of: dict[str, str] = {}
        self.cities_of: dict[str, list[str]] = {}
        for country, cities in COUNTRY_CITIES:
            self.cities_of[country] = cities
            for city in cities:
                self.country_of[city] = country
        self.cities = [city for _, cities in COUNTRY_CITIES for city in cities]

    def add(self, logical: str, s: str, o: str) -> None:
        stored, inverse = RELATIONS[logical]
        self.kb.add(logical, s, o, stored, inverse)

    def name(self, pattern: str) -> str:
        """A fresh invented name from the next unused stem."""
        while True:
            candidate = pattern.format(s=self.stems.pop())
            if candidate not in self.used:
                self.used.add(candidate)
                return candidate

    def year(self, low: int, high: int) -> str:
        return str(self.rng.randint(low, high))


def people(world: World, n: int) -> list[str]:
    rng = world.rng
    out: list[str] = []
    while len(out) < n:
        surname = rng.choice(ONSETS) + rng.choice(SURNAME_ENDS)
        full = f"{rng.choice(FIRST_NAMES)}_{surname}"
        if full in world.used:
            continue
        world.used.add(full)
        out.append(full)
    return out


def place_people(world: World, persons: list[str], universities: list[str]) -> None:
    """Birthplace, one or two homes, a workplace city and one or two universities each."""
    rng = world.rng
    for person in persons:
        born = rng.choice(world.cities)
        world.add("born_in", person, born)
        homes = rng.sample([c for c in world.cities if c != born], rng.choice([1, 1, 1, 2]))
        for home in homes:
            world.add("lives_in", person, home)
        if rng.random() < 0.9:
            work = rng.choice(homes) if rng.random() < 0.3 else rng.choice(TECH_CITIES)
            world.add("works_in", person, work)
        for school in rng.sample(universities, rng.choice([1, 1, 2])):
            world.add("alma_mater", person, school)


def universities(world: World) -> list[str]:
    patterns = ["{s}_University", "{s}_Institute_of_Technology", "{s}_College"]
    out = []
    for pattern in patterns * 5 + ["{s}_University"] * 2:
        uni = world.name(pattern)
        out.append(uni)
        world.add("uni_city", uni, world.rng.choice(TECH_CITIES))
        world.add("uni_year", uni, world.year(1388, 1972))
    return out


def build_tech(world: World, techies: list[str]) -> None:
    rng = world.rng

    companies = []
    for pattern in ["{s}_Systems", "{s}_Labs", "{s}_Technologies", "{s}soft"] * 5:
        company = world.name(pattern)
        companies.append(company)
        hq = rng.choice(TECH_CITIES)
        world.add("comp_hq", company, hq)
        for office in rng.sample([c for c in TECH_CITIES if c != hq], rng.choice([1, 2, 2, 3])):
            world.add("comp_office", company, office)
        founders = rng.sample(techies, rng.choice([1, 1, 2]))
        for founder in founders:
            world.add("comp_founder", company, founder)
        ceo = rng.choice(founders) if rng.random() < 0.2 else rng.choice(techies)
        world.add("comp_ceo", company, ceo)
        world.add("comp_year", company, world.year(1968, 2019))

    studios = []
    for pattern in ["{s}_Studios", "{s}_Games", "{s}works", "{s}_Interactive_Studio"] * 5:
        studio = world.name(pattern)
        studios.append(studio)
        world.add("studio_hq", studio, rng.choice(TECH_CITIES))
        for founder in rng.sample(techies, rng.choice([1, 1, 2])):
            world.add("studio_founder", studio, founder)
        if rng.random() < 0.75:
            world.add("studio_parent", studio, rng.choice(companies))
        world.add("studio_year", studio, world.year(1984, 2020))

    publishers = []
    for pattern in ["{s}_Entertainment", "{s}_Publishing", "{s}_Interactive"] * 4:
        publisher = world.name(pattern)
        publishers.append(publisher)
        world.add("pub_hq", publisher, rng.choice(TECH_CITIES))
        world.add("pub_ceo", publisher, rng.choice(techies))
        world.add("pub_year", publisher, world.year(1979, 2012))

    languages = list(LANGUAGES)
    world.used.update(languages)
    for language in languages:
        for designer in rng.sample(techies, rng.choice([1, 1, 1, 2])):
            world.add("lang_designer", language, designer)
        world.add("lang_maint", language, rng.choice(techies))
        world.add("lang_year", language, world.year(1972, 2018))

    engines = []
    for _ in range(11):
        engine = world.name("{s}_Engine")
        engines.append(engine)
        world.add("eng_dev", engine, rng.choice(studios + companies))
        for language in rng.sample(languages, rng.choice([1, 1, 2])):
            world.add("eng_lang", engine, language)
        if rng.random() < 0.7:
            world.add("eng_script", engine, rng.choice(languages))
        world.add("eng_license", engine, rng.choice(LICENSES))
        world.add("eng_year", engine, world.year(1996, 2021))

    conferences = []
    for pattern in ["{s}Conf", "{s}_Summit", "{s}_Dev_Days"] * 4:
        conference = world.name(pattern)
        conferences.append(conference)
        world.add("conf_city", conference, rng.choice(TECH_CITIES))

    stems = list(PROJECT_STEMS)
    rng.shuffle(stems)
    for stem in stems[:46]:
        project = stem + rng.choice(PROJECT_SUFFIXES)
        world.used.add(project)
        for language in rng.sample(languages, rng.choice([1, 1, 2])):
            world.add("proj_lang", project, language)
        if rng.random() < 0.55:
            world.add("proj_script", project, rng.choice(languages))
        author = rng.choice(techies)
        world.add("proj_author", project, author)
        others = [p for p in techies if p != author]
        for maintainer in rng.sample(others, rng.choice([1, 1, 2])):
            world.add("proj_maint", project, maintainer)
        if rng.random() < 0.7:
            world.add("proj_sponsor", project, rng.choice(companies))
        world.add("proj_license", project, rng.choice(LICENSES))
        world.add("proj_year", project, world.year(1991, 2023))
        for conference in rng.sample(conferences, rng.choice([0, 1, 1, 2])):
            world.add("proj_conf", project, conference)

    titles = [f"{a}_{n}" for a in GAME_ADJECTIVES for n in GAME_NOUNS]
    rng.shuffle(titles)
    for title in titles[:58]:
        game = title + ("_II" if rng.random() < 0.1 else "")
        world.used.add(game)
        developers = rng.sample(studios, rng.choice([1, 1, 1, 2]))
        for developer in developers:
            world.add("game_dev", game, developer)
        if rng.random() < 0.45:
            porter = rng.choice([s for s in studios if s not in developers])
            world.add("game_port", game, porter)
        world.add("game_pub", game, rng.choice(publishers))
        world.add("game_engine", game, rng.choice(engines))
        world.add("game_year", game, world.year(1993, 2024))


def build_geography(world: World, climbers: list[str]) -> None:
    rng = world.rng
    for cluster in CLUSTERS:
        countries = sorted({c for r in cluster.ranges for c in r.countries})
        riverside = [city for country in countries for city in world.cities_of[country]]
        peaks_by_country: dict[str, list[str]] = {country: [] for country in countries}
        for mountain_range in cluster.ranges:
            for country in mountain_range.countries:
                world.add("range_country", mountain_range.name, country)
            peaks = []
            for _ in range(rng.choice([4, 5, 5, 6])):
                peak = world.name(rng.choice(mountain_range.peak_styles))
                peaks.append(peak)
                world.add("mtn_range", peak, mountain_range.name)
                country = rng.choice(mountain_range.countries)
                world.add("mtn_country", peak, country)
                peaks_by_country[country].append(peak)
                climber = rng.choice(climbers)
                world.add("mtn_ascent", peak, climber)
                world.add("mtn_ascent_year", peak, world.year(1786, 1985))
                if rng.random() < 0.4:
                    world.add("mtn_named", peak, rng.choice([c for c in climbers if c != climber]))
            world.add("range_highest", mountain_range.name, rng.choice(peaks))

        lakes = []
        for _ in range(rng.choice([1, 2, 2])):
            lake = world.name(cluster.lake_style)
            lakes.append(lake)
            lake_countries = countries if rng.random() < 0.25 else [rng.choice(countries)]
            for country in lake_countries:
                world.add("lake_country", lake, country)

        mains = []
        for _ in range(rng.choice([2, 2, 3])):
            river = world.name(cluster.river_style)
            mains.append(river)
            world.add("river_mouth", river, rng.choice(lakes + cluster.seas))
            world.add("river_source", river, rng.choice(cluster.ranges).name)
            for city in rng.sample(riverside, rng.choice([1, 2, 2, 3])):
                world.add("river_cities", river, city)
        for _ in range(rng.choice([1, 2, 2])):
            river = world.name(cluster.river_style)
            world.add("river_into", river, rng.choice(mains))
            world.add("river_source", river, rng.choice(cluster.ranges).name)
            for city in rng.sample(riverside, rng.choice([0, 1, 1, 2])):
                world.add("river_cities", river, city)

        for region, country in cluster.regions:
            if not peaks_by_country[country] or rng.random() < 0.2:
                continue
            park = world.name("{s}_National_Park")
            world.add("park_region", park, region)
            candidates = peaks_by_country[country]
            for peak in rng.sample(candidates, min(len(candidates), rng.choice([1, 2, 3]))):
                world.add("park_mtn", park, peak)


def build(rng: random.Random) -> KB:
    world = World(rng)
    for country, cities in COUNTRY_CITIES:
        world.used.add(country)
        for city in cities:
            world.used.add(city)
            world.add("city_country", city, country)
    for cluster in CLUSTERS:
        for region, country in cluster.regions:
            world.add("region_country", region, country)
    techies = people(world, 96)
    climbers = people(world, 40)
    schools = universities(world)
    place_people(world, techies, schools)
    place_people(world, climbers, schools)
    build_tech(world, techies)
    build_geography(world, climbers)
    for name, logical in REVERSED.items():
        world.kb.rev(logical, name)
    return world.kb


ONE_HOP: list[Spec] = [
    (
        ["proj_lang"],
        [
            "what is {e} coded in?",
            "which language is {e} written in?",
            "what language would I need to know to hack on {e}?",
            "{e} is built with what programming language?",
            "whats the main language behind {e}",
        ],
    ),
    (
        ["proj_script"],
        [
            "what language do you script {e} with?",
            "which scripting language does {e} use?",
            "if I want to write a plugin for {e}, what language is that in?",
            "what do people write {e} extensions in?",
        ],
    ),
    (
        ["proj_maint"],
        [
            "who looks after {e}?",
            "who keeps {e} going these days?",
            "who maintains {e}?",
            "who takes care of the {e} codebase now?",
            "who should I ping about bugs in {e}?",
        ],
    ),
    (
        ["proj_author"],
        [
            "who originally wrote {e}?",
            "who kicked off the {e} project?",
            "whose brainchild was {e}?",
            "who was the original author of {e}?",
            "who wrote the first version of {e}?",
        ],
    ),
    (
        ["proj_sponsor"],
        [
            "who bankrolls {e}?",
            "which company pays for {e}?",
            "who foots the bill for {e}?",
            "which firm sponsors {e}?",
        ],
    ),
    (
        ["proj_license"],
        [
            "what license is {e} under?",
            "under what terms can I reuse {e}?",
            "how is {e} licensed?",
            "what licence does {e} ship with?",
        ],
    ),
    (
        ["proj_year"],
        [
            "when did {e} first come out?",
            "what year was {e} initially released?",
            "when was the first release of {e}?",
            "how far back does {e} go, what year?",
        ],
    ),
    (
        ["proj_conf"],
        [
            "where was {e} shown off?",
            "at which conference was {e} presented?",
            "which event did {e} get a talk at?",
            "what tech conference showcased {e}?",
        ],
    ),
    (
        ["lang_designer"],
        [
            "who came up with {e}?",
            "who invented the {e} language?",
            "who designed {e}?",
            "whose idea was the {e} programming language?",
            "who dreamed up {e}?",
        ],
    ),
    (
        ["lang_maint"],
        [
            "who maintains the {e} language today?",
            "who looks after {e} now?",
            "who keeps the {e} compiler up to date?",
            "who is the current steward of {e}?",
        ],
    ),
    (
        ["eng_dev"],
        [
            "who made the {e}?",
            "which outfit built {e}?",
            "who develops {e}?",
            "which team is behind the {e}?",
        ],
    ),
    (
        ["eng_lang"],
        [
            "what is the {e} written in?",
            "which language was {e} programmed in?",
            "what's {e} coded in under the hood?",
            "{e} is implemented in which language?",
        ],
    ),
    (
        ["game_dev"],
        [
            "who made {e}?",
            "which outfit made {e}?",
            "which studio developed {e}?",
            "who were the developers behind {e}?",
            "which team created the game {e}?",
        ],
    ),
    (
        ["game_pub"],
        [
            "who put out {e}?",
            "who published {e}?",
            "which company brought {e} to market?",
            "what label was {e} released under?",
        ],
    ),
    (
        ["game_port"],
        [
            "who did the port of {e}?",
            "which studio ported {e}?",
            "who brought {e} over to other platforms?",
            "which team handled the conversion of {e}?",
        ],
    ),
    (
        ["game_engine"],
        [
            "what engine does {e} run on?",
            "what is {e} built on?",
            "which game engine powers {e}?",
            "what's under the hood of {e}?",
        ],
    ),
    (
        ["game_year"],
        [
            "when did {e} come out?",
            "what year was {e} released?",
            "when did {e} hit the shelves?",
            "what year did {e} launch?",
        ],
    ),
    (
        ["studio_parent"],
        [
            "who owns {e}?",
            "which company is {e} part of?",
            "what is the parent company of {e}?",
            "{e} belongs to which corporation?",
        ],
    ),
    (
        ["studio_hq"],
        [
            "where is {e} based?",
            "which city is the studio {e} in?",
            "where are {e} located?",
            "where does {e} have its head office?",
        ],
    ),
    (
        ["comp_hq"],
        [
            "where is {e} headquartered?",
            "where is {e} based?",
            "which city is {e}'s head office in?",
            "where does {e} call home?",
        ],
    ),
    (
        ["studio_founder"],
        [
            "who founded {e}?",
            "who started the studio {e}?",
            "who set up {e}?",
            "who are the people behind the founding of {e}?",
        ],
    ),
    (
        ["studio_year"],
        [
            "when was {e} founded?",
            "what year did the studio {e} open?",
            "how long has {e} been making games, since what year?",
            "when did {e} get started?",
        ],
    ),
    (
        ["lang_year"],
        [
            "when did {e} first appear?",
            "what year was the {e} language released?",
            "how old is {e}, what year did it come out?",
            "when was {e} first made public?",
        ],
    ),
    (
        ["eng_license"],
        [
            "what license does the {e} use?",
            "under what terms can I use the {e}?",
            "how is {e} licensed?",
            "is {e} open source, and under which licence?",
        ],
    ),
    (
        ["pub_games"],
        [
            "what games has {e} put out?",
            "which titles did {e} publish?",
            "what has {e} released?",
            "name the games published by {e}",
        ],
    ),
    (
        ["studio_ports"],
        [
            "which games has {e} ported?",
            "what titles did {e} bring to other platforms?",
            "which ports has {e} done?",
            "what games did {e} handle conversions for?",
        ],
    ),
    (
        ["comp_office"],
        [
            "where else does {e} have offices?",
            "which cities does {e} have branch offices in?",
            "where are {e}'s satellite offices?",
            "besides its headquarters, where does {e} have an office?",
        ],
    ),
    (
        ["comp_founder"],
        [
            "who founded {e}?",
            "who started {e}?",
            "who set up {e}?",
            "who got {e} off the ground?",
        ],
    ),
    (
        ["comp_ceo"],
        [
            "who runs {e}?",
            "who is the boss of {e}?",
            "who's the chief executive at {e}?",
            "who is at the helm of {e}?",
        ],
    ),
    (
        ["pub_ceo"],
        [
            "who runs {e}?",
            "who heads up {e}?",
            "who is the CEO of {e}?",
            "who calls the shots at {e}?",
        ],
    ),
    (
        ["comp_year"],
        [
            "when was {e} founded?",
            "what year did {e} start up?",
            "since when has {e} been around?",
            "when did {e} open its doors?",
        ],
    ),
    (
        ["uni_city"],
        [
            "where is {e}?",
            "which city is {e} in?",
            "where is {e}'s campus?",
            "in what town would I find {e}?",
        ],
    ),
    (
        ["conf_city"],
        [
            "where is {e} held?",
            "which city hosts {e}?",
            "where does {e} take place?",
            "where do people go for {e}?",
        ],
    ),
    (
        ["born_in"],
        [
            "where was {e} born?",
            "what's {e}'s hometown?",
            "where does {e} come from originally?",
            "which city is {e} a native of?",
        ],
    ),
    (
        ["lives_in"],
        [
            "where does {e} live?",
            "which city is {e} living in these days?",
            "where has {e} settled?",
            "where is {e}'s home now?",
        ],
    ),
    (
        ["works_in"],
        [
            "where does {e} work?",
            "which city does {e} commute to for work?",
            "where is {e}'s job based?",
            "in what city is {e}'s workplace?",
        ],
    ),
    (
        ["alma_mater"],
        [
            "where did {e} go to university?",
            "where did {e} study?",
            "what is {e}'s alma mater?",
            "which school did {e} graduate from?",
        ],
    ),
    (
        ["river_mouth"],
        [
            "where does {e} empty?",
            "where does the {e} end up?",
            "what body of water does {e} drain into?",
            "where is the mouth of {e}?",
            "where does {e} flow out to?",
        ],
    ),
    (
        ["river_into"],
        [
            "which river does {e} feed into?",
            "{e} is a tributary of what river?",
            "what bigger river does {e} join?",
            "which river does {e} flow into?",
        ],
    ),
    (
        ["river_source"],
        [
            "where does {e} rise?",
            "which mountains does {e} start in?",
            "where is the source of {e}?",
            "where are the headwaters of {e}?",
        ],
    ),
    (
        ["river_cities"],
        [
            "which cities does {e} run through?",
            "what towns sit on {e}?",
            "which cities lie along the {e}?",
            "what cities does {e} pass through?",
        ],
    ),
    (
        ["river_tribs"],
        [
            "what rivers feed {e}?",
            "which streams join {e}?",
            "what are the tributaries of {e}?",
            "what flows into the {e}?",
        ],
    ),
    (
        ["water_inflows"],
        [
            "which rivers drain into {e}?",
            "what rivers empty into {e}?",
            "which rivers end in {e}?",
            "what rivers have their mouth at {e}?",
        ],
    ),
    (
        ["mtn_range"],
        [
            "which range is {e} in?",
            "what mountains is {e} part of?",
            "{e} belongs to which mountain chain?",
            "which massif does {e} sit in?",
        ],
    ),
    (
        ["range_mtns"],
        [
            "what peaks are in the {e}?",
            "name the mountains of {e}",
            "which summits belong to {e}?",
            "what mountains make up the {e}?",
        ],
    ),
    (
        ["range_highest"],
        [
            "what is the tallest peak in the {e}?",
            "what's the high point of {e}?",
            "which summit tops the {e}?",
            "what is the highest mountain of {e}?",
        ],
    ),
    (
        ["range_country"],
        [
            "which countries does the {e} stretch across?",
            "what countries is {e} in?",
            "which nations share the {e}?",
            "what countries does {e} span?",
        ],
    ),
    (
        ["mtn_ascent"],
        [
            "who got to the top of {e} first?",
            "who first climbed {e}?",
            "who made the first ascent of {e}?",
            "who was the first to summit {e}?",
            "who conquered {e} first?",
        ],
    ),
    (
        ["mtn_named"],
        [
            "who is {e} named for?",
            "who was {e} named after?",
            "whose name does {e} carry?",
            "{e} honours which person?",
        ],
    ),
    (
        ["mtn_ascent_year"],
        [
            "when was {e} first climbed?",
            "what year did someone first stand on top of {e}?",
            "when was the first ascent of {e}?",
            "in what year was {e} first conquered?",
        ],
    ),
    (
        ["mtn_country"],
        [
            "what country is {e} in?",
            "in which country does {e} stand?",
            "{e} rises in which country?",
            "which country would I travel to to climb {e}?",
        ],
    ),
    (
        ["lake_country"],
        [
            "what country is {e} in?",
            "which country has {e}?",
            "in which country would I find {e}?",
            "{e} lies in what country?",
        ],
    ),
    (
        ["park_mtn"],
        [
            "which mountains are in {e}?",
            "what peaks can you find in {e}?",
            "what summits does {e} protect?",
            "what mountains lie within {e}?",
        ],
    ),
    (
        ["mtn_park"],
        [
            "which national park is {e} in?",
            "what park protects {e}?",
            "{e} lies within which national park?",
            "which park would I visit to see {e}?",
        ],
    ),
    (
        ["park_region"],
        [
            "which region is {e} in?",
            "what part of the country is {e} in?",
            "what area is {e} located in?",
            "where is {e}, region-wise?",
        ],
    ),
]

TWO_HOP: list[Spec] = [
    (
        ["game_dev", "studio_hq"],
        [
            "where is the studio that made {e} based?",
            "in what city are the makers of {e}?",
            "where's the developer of {e} headquartered?",
            "which city did the team behind {e} work out of?",
        ],
    ),
    (
        ["game_dev", "studio_parent"],
        [
            "which company owns the studio behind {e}?",
            "who is the parent of the outfit that made {e}?",
            "what corporation owns {e}'s developer?",
            "the studio that developed {e} belongs to which company?",
        ],
    ),
    (
        ["game_dev", "studio_founder"],
        [
            "who founded the studio that made {e}?",
            "who started the outfit behind {e}?",
            "who set up the team that developed {e}?",
            "which person founded the studio behind {e}?",
        ],
    ),
    (
        ["game_pub", "pub_hq"],
        [
            "where is the company that put out {e} based?",
            "which city is {e}'s publisher headquartered in?",
            "where does the publisher of {e} have its head office?",
            "where are the folks who published {e}?",
        ],
    ),
    (
        ["game_pub", "pub_ceo"],
        [
            "who runs the company that published {e}?",
            "who is the boss of {e}'s publisher?",
            "who heads the firm that put out {e}?",
            "who's chief executive at the publisher of {e}?",
        ],
    ),
    (
        ["game_engine", "eng_dev"],
        [
            "who made the engine {e} runs on?",
            "which team built the engine behind {e}?",
            "who develops the tech {e} is built on?",
            "whose engine powers {e}?",
        ],
    ),
    (
        ["game_engine", "eng_lang"],
        [
            "what language is the engine behind {e} written in?",
            "the engine {e} runs on is coded in what?",
            "which programming language was {e}'s engine made with?",
            "what's the engine under {e} implemented in?",
        ],
    ),
    (
        ["proj_lang", "lang_designer"],
        [
            "who designed the language {e} is written in?",
            "who came up with the language {e} is coded in?",
            "who invented the programming language behind {e}?",
            "whose language is {e} built with?",
        ],
    ),
    (
        ["proj_maint", "alma_mater"],
        [
            "where did the maintainer of {e} study?",
            "which university did the person looking after {e} go to?",
            "what's the alma mater of whoever maintains {e}?",
            "where did {e}'s maintainer get their degree?",
        ],
    ),
    (
        ["proj_maint", "works_in"],
        [
            "which city does the maintainer of {e} work in?",
            "where does the person who looks after {e} work?",
            "where is the job of {e}'s maintainer based?",
            "the person keeping {e} alive works in what city?",
        ],
    ),
    (
        ["proj_author", "born_in"],
        [
            "where was the original author of {e} born?",
            "what's the hometown of the person who first wrote {e}?",
            "where does whoever started {e} come from originally?",
            "the creator of {e} was born in which city?",
        ],
    ),
    (
        ["proj_sponsor", "comp_hq"],
        [
            "where is the company that bankrolls {e} based?",
            "which city is {e}'s sponsor headquartered in?",
            "where does the firm paying for {e} have its head office?",
            "{e} is backed by a company based where?",
        ],
    ),
    (
        ["proj_conf", "conf_city"],
        [
            "in which city was {e} presented?",
            "where was the conference that showed off {e} held?",
            "which city hosted the event where {e} got a talk?",
            "what city was {e} showcased in?",
        ],
    ),
    (
        ["comp_ceo", "alma_mater"],
        [
            "where did the boss of {e} go to university?",
            "which school did {e}'s CEO attend?",
            "what's the alma mater of the person running {e}?",
            "where did the head of {e} study?",
        ],
    ),
    (
        ["comp_founder", "born_in"],
        [
            "where was the founder of {e} born?",
            "what's the hometown of whoever started {e}?",
            "the person who set up {e} is a native of which city?",
            "where does {e}'s founder come from originally?",
        ],
    ),
    (
        ["comp_hq", "city_country"],
        [
            "which country is {e} based in?",
            "what country is {e}'s head office in?",
            "in which nation does {e} have its headquarters?",
            "{e} is headquartered in what country?",
        ],
    ),
    (
        ["lang_designer", "born_in"],
        [
            "where was the creator of {e} born?",
            "what's the hometown of the person who invented {e}?",
            "the designer of the {e} language was born where?",
            "where does whoever came up with {e} come from?",
        ],
    ),
    (
        ["river_mouth", "lake_country"],
        [
            "which country is the lake that {e} empties into in?",
            "{e} flows into a lake in what country?",
            "in which country is the lake at the end of {e}?",
            "where is the lake {e} drains into, country-wise?",
        ],
    ),
    (
        ["river_source", "range_country"],
        [
            "which countries do the mountains where {e} rises span?",
            "the range {e} starts in stretches across which countries?",
            "what countries share the mountains at the source of {e}?",
            "which nations does the headwater range of {e} cover?",
        ],
    ),
    (
        ["river_into", "river_mouth"],
        [
            "where does the river that {e} feeds into end up?",
            "where does {e}'s water eventually empty?",
            "what body of water does the river {e} joins drain into?",
            "{e} is a tributary of a river that flows into what?",
        ],
    ),
    (
        ["mtn_ascent", "born_in"],
        [
            "where was the first person to climb {e} born?",
            "what's the hometown of whoever first summited {e}?",
            "the first climber of {e} was born in which city?",
            "where did the person who got to the top of {e} first come from?",
        ],
    ),
    (
        ["mtn_ascent", "lives_in"],
        [
            "where does the first person up {e} live?",
            "which city is the first climber of {e} living in?",
            "where has the person who made the first ascent of {e} settled?",
            "the mountaineer who first conquered {e} lives where?",
        ],
    ),
    (
        ["mtn_range", "range_highest"],
        [
            "what's the tallest peak in the range {e} belongs to?",
            "which summit tops the mountains {e} is part of?",
            "what is the highest mountain in {e}'s range?",
            "what's the high point of the chain that includes {e}?",
        ],
    ),
    (
        ["mtn_range", "range_country"],
        [
            "which countries does the range containing {e} span?",
            "what countries does {e}'s mountain chain cross?",
            "the massif {e} sits in stretches over which countries?",
            "which nations share the range that {e} is in?",
        ],
    ),
    (
        ["park_mtn", "mtn_ascent"],
        [
            "who first climbed the peaks in {e}?",
            "who made the first ascents of the mountains in {e}?",
            "who got to the top of {e}'s summits first?",
            "which mountaineers first conquered the mountains of {e}?",
        ],
    ),
    (
        ["park_region", "region_country"],
        [
            "which country is {e} in?",
            "in what country would I find {e}?",
            "{e} is a national park in which country?",
            "what country do I fly to for {e}?",
        ],
    ),
    (
        ["mtn_park", "park_region"],
        [
            "which region is the national park containing {e} in?",
            "the park that protects {e} is in what region?",
            "in which area is the national park around {e}?",
            "what region is {e}'s national park located in?",
        ],
    ),
]

THREE_HOP: list[Spec] = [
    (
        ["game_dev", "studio_hq", "city_country"],
        [
            "which country is the studio that made {e} in?",
            "what country do the makers of {e} come from?",
            "in which nation is {e}'s developer based?",
            "the outfit behind {e} is headquartered in what country?",
        ],
    ),
    (
        ["game_dev", "studio_parent", "comp_hq"],
        [
            "where is the company that owns {e}'s developer based?",
            "which city is the parent of the studio behind {e} headquartered in?",
            "the studio that made {e} belongs to a company based where?",
            "where does the owner of the team that developed {e} have its head office?",
        ],
    ),
    (
        ["game_dev", "studio_founder", "born_in"],
        [
            "where was the founder of the studio that made {e} born?",
            "what's the hometown of the person who started the outfit behind {e}?",
            "whoever set up {e}'s developer was born in which city?",
            "the founder of the team that created {e} comes from where originally?",
        ],
    ),
    (
        ["game_pub", "pub_hq", "city_country"],
        [
            "which country is the publisher of {e} based in?",
            "the company that put out {e} is headquartered in what country?",
            "what country are the folks who published {e} from?",
            "in which nation does {e}'s publisher have its head office?",
        ],
    ),
    (
        ["game_engine", "eng_lang", "lang_designer"],
        [
            "who designed the language that {e}'s engine is written in?",
            "who came up with the language the engine behind {e} is coded in?",
            "the engine {e} runs on is written in a language invented by whom?",
            "whose programming language was used to build the engine under {e}?",
        ],
    ),
    (
        ["proj_lang", "lang_designer", "alma_mater"],
        [
            "where did the creator of the language {e} is written in study?",
            "which university did the designer of {e}'s language attend?",
            "what's the alma mater of whoever invented the language behind {e}?",
            "the person who came up with {e}'s programming language went to which school?",
        ],
    ),
    (
        ["proj_maint", "alma_mater", "uni_city"],
        [
            "in which city is the university the maintainer of {e} went to?",
            "where is the school that {e}'s maintainer graduated from?",
            "the person looking after {e} studied in which city?",
            "which city is the alma mater of whoever maintains {e} in?",
        ],
    ),
    (
        ["proj_sponsor", "comp_ceo", "born_in"],
        [
            "where was the boss of the company bankrolling {e} born?",
            "what's the hometown of the CEO of {e}'s sponsor?",
            "the person running the firm that pays for {e} was born where?",
            "where does the chief executive of {e}'s backer come from originally?",
        ],
    ),
    (
        ["proj_conf", "conf_city", "city_country"],
        [
            "in which country was {e} presented?",
            "which country hosted the conference where {e} was shown off?",
            "the event that showcased {e} takes place in what country?",
            "what country did {e} get its conference talk in?",
        ],
    ),
    (
        ["comp_founder", "alma_mater", "uni_city"],
        [
            "in which city did the founder of {e} study?",
            "where is the university that {e}'s founder attended?",
            "the person who started {e} went to school in what city?",
            "which city is the alma mater of whoever set up {e} in?",
        ],
    ),
    (
        ["mtn_ascent", "born_in", "city_country"],
        [
            "which country was the first person to climb {e} born in?",
            "what country did whoever first summited {e} come from by birth?",
            "the first climber of {e} was born in what country?",
            "in which nation was the person who got to the top of {e} first born?",
        ],
    ),
    (
        ["mtn_range", "range_highest", "mtn_ascent"],
        [
            "who first climbed the highest peak of the range {e} is in?",
            "who got to the top of the tallest mountain in {e}'s range first?",
            "who made the first ascent of the high point of the chain that includes {e}?",
            "who first conquered the summit that tops {e}'s massif?",
        ],
    ),
    (
        ["river_source", "range_highest", "mtn_ascent"],
        [
            "who first climbed the tallest peak of the mountains where {e} rises?",
            "who made the first ascent of the highest summit in the range {e} starts in?",
            "who got to the top of the high point of {e}'s source range first?",
            "the tallest mountain where {e} has its headwaters was first climbed by whom?",
        ],
    ),
    (
        ["river_into", "river_source", "range_country"],
        [
            "which countries do the mountains where {e}'s main river rises span?",
            "the river {e} feeds starts in a range covering which countries?",
            "what countries share the range at the source of the river {e} joins?",
            "{e} flows into a river whose headwaters are in mountains across which countries?",
        ],
    ),
    (
        ["park_mtn", "mtn_ascent", "born_in"],
        [
            "where were the first climbers of the peaks in {e} born?",
            "what are the hometowns of whoever first summited the mountains in {e}?",
            "the people who first conquered {e}'s summits were born in which cities?",
            "where did the first ascensionists of the mountains in {e} come from originally?",
        ],
    ),
    (
        ["mtn_park", "park_region", "region_country"],
        [
            "which country is the national park containing {e} in?",
            "the park that protects {e} lies in what country?",
            "in which nation is the national park around {e}?",
            "what country would I visit to see {e}'s national park?",
        ],
    ),
    (
        ["comp_ceo", "lives_in", "city_country"],
        [
            "which country does the boss of {e} live in?",
            "the person running {e} has made their home in what country?",
            "in which nation is the CEO of {e} living these days?",
            "what country has {e}'s chief executive settled in?",
        ],
    ),
]


def generate(out: Path) -> None:
    rng = random.Random(SEED)
    kb = build(rng)
    write_set(out, kb, (ONE_HOP, TWO_HOP, THREE_HOP), PER_FILE, rng)


if __name__ == "__main__":
    main(generate, "Write the technology and geography proxy set (kb.txt, q1-q3.jsonl).")
