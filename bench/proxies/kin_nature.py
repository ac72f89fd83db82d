"""Proxy set: noble and business families beside natural science, asked in everyday words.

Two domains share one KB. The kin half is eight invented families over three or four
generations (five noble houses, three business dynasties) with the spouses who married
in, their titles, houses and family firms; person names are written in lowercase with
underscores and particles as some public knowledge bases write them
(``ludolf_von_falkenau``, ``consuelo_de_los_rios_y_valcarcel``) and a question writes them
verbatim. The nature half is invented species (genus, family, habitat, native region,
diet, prey, discoverer, describer, namesake), invented stars, planets and moons
(orbits, discoverer, constellation, spectral type, observatory) and the scientists
behind them with their institutions and cities; there a quarter of the questions write
the entity with spaces for underscores and 12 % are all lower case.

43 relations in mixed naming: Freebase ``__``-joined paths (``__people__person__parents``,
``__people__person__spouse_s``), dotted Freebase (``biology.organism.genus``), snake_case
(``place_of_death``), camelCase (``inheritedCompany``), URIs
(``http://example.org/kin/godparentOf``) and prefixed names (``schema:worksFor``). Several
are stored only in the other direction (children only as ``parents``, houses only as
``royalty.noble_house.members``, predators only as ``preys_on``, a moon's planet only as
``__astronomy__planet__moons``) and three under marked inverses (``founded_by_inverse``,
``reverse_discovered_by``, ``reverse_doctoral_advisor``).

Every answer has distractors of its own kind beside it: a father beside the mother, a
step-parent and a godfather; a spouse beside siblings and a second marriage; a birthplace
beside the deathplace, burial place, homes and the house seat; a nationality beside the
birthplace's country; a founder beside the heirs and the chairman; a genus beside the
family; a habitat beside the native region; a diet beside the prey; prey beside
predators; a discoverer beside the describer and the namesake; a moon's planet beside
the planet's star; a discovery site beside the discoverer's employer; an employer beside
the alma mater.

The phrasings were written for this set by a helper who read only ``common.py``,
``bare.py`` and the README, never ``research_chain/`` nor the other generators, and never
ran the chain on it. Run: ``python -m bench.proxies.kin_nature OUT``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from bench.proxies.common import (
    KB,
    QUESTION_FILES,
    Spec,
    dump,
    main,
    make_questions,
    write_kb,
)

SEED = 5_120_417
PER_FILE = 250
MAX_ANSWERS = 4
LOWER_P = 0.12

# -- stored relation names -------------------------------------------------------------

PARENTS = "__people__person__parents"
SPOUSE = "__people__person__spouse_s"
SIBLING = "__people__person__sibling_s"
GENDER = "__people__person__gender"
NATIONALITY = "__people__person__nationality"
RELIGION = "__people__person__religion"
PROFESSION = "__people__person__profession"
BIRTHPLACE = "__people__person__place_of_birth"
DEATHPLACE = "place_of_death"
BURIAL = "__people__deceased_person__place_of_burial"
RESIDENCE = "dbo:residence"
TITLES = "royalty.noble_person.titles"
HOUSE_MEMBERS = "royalty.noble_house.members"
HOUSE_SEAT = "house_seat"
GODPARENT_OF = "http://example.org/kin/godparentOf"
FOUNDED_BY_INVERSE = "founded_by_inverse"
INHERITED = "inheritedCompany"
CHAIRMAN = "hasChairman"
HEADQUARTERS = "organization.organization.headquarters"
INDUSTRY = "schema:industry"
CONTAINED_BY = "location.location.containedby"

GENUS = "biology.organism.genus"
TAXON_FAMILY = "taxonomicFamily"
GENUS_FAMILY = "__biology__genus__family"
HABITAT = "habitat"
NATIVE_REGION = "nativeRegion"
DIET = "biology.animal.diet"
PREYS_ON = "preys_on"
REVERSE_DISCOVERED = "reverse_discovered_by"
NAMED_BY = "http://example.org/bio/namedBy"
NAMED_AFTER = "named_after"
ORBITS = "astronomy.orbital_relationship.orbits"
PLANET_MOONS = "__astronomy__planet__moons"
SKY_DISCOVERER = "astronomy.celestial_object.discovered_by"
CONSTELLATION = "astronomy.star.constellation"
SPECTRAL_TYPE = "spectral_type"
DISCOVERY_SITE = "discoverySite"
OBSERVATORY_LOCATION = "schema:location"
WORKS_FOR = "schema:worksFor"
ALMA_MATER = "http://example.org/onto/almaMater"
LOCATED_IN = "http://example.org/onto/locatedIn"
FIELD = "fieldOfStudy"
REVERSE_ADVISOR = "reverse_doctoral_advisor"


def _words(text: str) -> tuple[str, ...]:
    return tuple(text.split())


# -- places ----------------------------------------------------------------------------

CITIES: dict[str, tuple[str, ...]] = {
    "united_kingdom": ("york", "london", "bath", "edinburgh", "bristol"),
    "germany": ("dresden", "leipzig", "weimar", "kassel", "munich"),
    "spain": ("seville", "toledo", "cadiz", "madrid", "salamanca"),
    "italy": ("florence", "siena", "mantua", "naples", "genoa"),
    "sweden": ("uppsala", "stockholm", "gothenburg", "lund", "kalmar"),
    "france": ("lyon", "paris", "dijon", "bordeaux", "nantes"),
    "netherlands": ("rotterdam", "leiden", "utrecht", "delft", "amsterdam"),
    "austria": ("vienna", "graz", "linz", "salzburg", "innsbruck"),
    "portugal": ("porto", "lisbon", "coimbra", "braga", "evora"),
    "switzerland": ("geneva", "zurich", "basel", "lausanne"),
    "united_states": ("tucson", "boston"),
    "chile": ("santiago", "la_serena"),
    "south_africa": ("cape_town",),
    "australia": ("hobart", "perth"),
    "japan": ("kyoto", "sendai"),
    "canada": ("montreal",),
}
EUROPE = (
    "united_kingdom",
    "germany",
    "spain",
    "italy",
    "sweden",
    "france",
    "netherlands",
    "austria",
    "portugal",
    "switzerland",
)

# -- given names (male, female) by culture -----------------------------------------------

GIVEN: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "uk": (
        _words("edmund aldous ambrose lionel percival tristram gervase rupert"),
        _words("beatrice rowena cecily winifred harriet imogen honoria letitia"),
    ),
    "scots": (
        _words("angus fergus lachlan hamish ewan malcolm ruaridh alasdair"),
        _words("morag isobel flora elspeth catriona ailsa seonaid marsaili"),
    ),
    "de": (
        _words("adalbert konrad siegfried ludolf eberhard ruprecht wolfram gebhard"),
        _words("wilhelmine ottilie hedwig kunigunde walburga mechthild irmgard gisela"),
    ),
    "es": (
        _words("inigo rodrigo gonzalo alonso fadrique beltran tello sancho"),
        _words("mercedes pilar consuelo remedios leonor urraca ximena mencia"),
    ),
    "it": (
        _words("ascanio lodovico galeazzo ippolito ottaviano raimondo ercole cosimo"),
        _words("ginevra costanza vittoria bianca ortensia lucrezia fiammetta isotta"),
    ),
    "se": (
        _words("axel gustaf sten magnus nils ture fredrik sigvard"),
        _words("ebba ulrika brita sigrid kerstin hedvig agneta ingeborg"),
    ),
    "fr": (
        _words("anselme bertrand gaspard thibault amaury enguerrand tanguy gontran"),
        _words("clotilde aurore heloise solange segolene apolline eulalie mahaut"),
    ),
    "nl": (
        _words("joost maarten hendrik pieter reinier jacobus cornelis gerrit"),
        _words("geertruida aleida wilhelmina cornelia machteld anneke neeltje trijntje"),
    ),
    "at": (
        _words("salomon anselm isidor julius moritz nathan emanuel siegmund"),
        _words("babette rahel franziska eleonore karoline hermine regine henriette"),
    ),
    "pt": (
        _words("joaquim duarte afonso vasco henrique bartolomeu nuno goncalo"),
        _words("filipa beatriz ines constanca guiomar mafalda brites joana"),
    ),
}


@dataclass(frozen=True)
class Family:
    key: str
    pattern: str
    culture: str
    country: str
    religion: str
    seat: str
    noble: bool
    house: str | None
    title: tuple[str, str] | None
    minor_title: tuple[str, str] | None
    firms: tuple[tuple[str, str, str], ...]


FAMILIES = (
    Family(
        "marchmont",
        "{g}_of_marchmont-ashby",
        "uk",
        "united_kingdom",
        "anglicanism",
        "york",
        True,
        "house_of_marchmont-ashby",
        ("earl_of_marchmont", "countess_of_marchmont"),
        ("viscount_ashby", "viscountess_ashby"),
        (("ashby_ironstone_company", "mining", "york"),),
    ),
    Family(
        "falkenau",
        "{g}_von_falkenau",
        "de",
        "germany",
        "lutheranism",
        "dresden",
        True,
        "house_of_falkenau",
        ("margrave_of_falkenau", "margravine_of_falkenau"),
        ("count_of_tiefenbach", "countess_of_tiefenbach"),
        (("elbtal_porcelain_works", "porcelain", "dresden"),),
    ),
    Family(
        "los_rios",
        "{g}_de_los_rios_y_valcarcel",
        "es",
        "spain",
        "catholicism",
        "seville",
        True,
        "house_of_los_rios",
        ("marquis_of_valcarcel", "marchioness_of_valcarcel"),
        ("count_of_arroyo_frio", "countess_of_arroyo_frio"),
        (("guadalquivir_olive_oil_company", "olive_oil", "seville"),),
    ),
    Family(
        "castelverde",
        "{g}_di_castelverde",
        "it",
        "italy",
        "catholicism",
        "florence",
        True,
        "house_of_castelverde",
        ("prince_of_castelverde", "princess_of_castelverde"),
        ("duke_of_montebruno", "duchess_of_montebruno"),
        (("arno_silk_mills", "textiles", "florence"),),
    ),
    Family(
        "norrhagen",
        "{g}_af_norrhagen",
        "se",
        "sweden",
        "lutheranism",
        "uppsala",
        True,
        "house_of_norrhagen",
        ("count_of_norrhagen", "countess_of_norrhagen"),
        ("baron_of_ekeby", "baroness_of_ekeby"),
        (("norrland_timber_company", "timber", "gothenburg"),),
    ),
    Family(
        "hoeven",
        "{g}_van_der_hoeven-brandt",
        "nl",
        "netherlands",
        "calvinism",
        "rotterdam",
        False,
        None,
        None,
        None,
        (
            ("noordzee_handelshuis", "shipping", "rotterdam"),
            ("maasstad_assurantie", "insurance", "amsterdam"),
            ("delftse_tegelfabriek", "ceramics", "delft"),
        ),
    ),
    Family(
        "oppenfeld",
        "{g}_von_oppenfeld",
        "at",
        "austria",
        "judaism",
        "vienna",
        False,
        None,
        ("baron_of_oppenfeld", "baroness_of_oppenfeld"),
        None,
        (
            ("donau_kreditbank", "banking", "vienna"),
            ("ringstrasse_baugesellschaft", "construction", "vienna"),
            ("alpenbahn_aktiengesellschaft", "railways", "innsbruck"),
        ),
    ),
    Family(
        "maia",
        "{g}_dos_santos_e_maia",
        "pt",
        "portugal",
        "catholicism",
        "porto",
        False,
        None,
        ("viscount_of_maia", "viscountess_of_maia"),
        None,
        (
            ("companhia_vinicola_do_douro_alto", "wine", "porto"),
            ("atlantico_cork_works", "cork", "lisbon"),
            ("banco_mercantil_do_norte", "banking", "braga"),
        ),
    ),
)

# Families the spouses who married in come from: name pattern, culture, country, religion.
OUTSIDERS = (
    ("{g}_zu_wildenhain", "de", "germany", "lutheranism"),
    ("{g}_von_trauchburg", "de", "germany", "catholicism"),
    ("{g}_de_beaulac", "fr", "france", "catholicism"),
    ("{g}_du_plessis-morvan", "fr", "france", "catholicism"),
    ("{g}_van_amstel-rooy", "nl", "netherlands", "calvinism"),
    ("{g}_of_glenmorrow", "scots", "united_kingdom", "presbyterianism"),
    ("{g}_di_serravalle", "it", "italy", "catholicism"),
    ("{g}_ruiz_de_alarcon_y_mena", "es", "spain", "catholicism"),
    ("{g}_af_ekenstam", "se", "sweden", "lutheranism"),
    ("{g}_da_cunha_e_melo", "pt", "portugal", "catholicism"),
    ("{g}_von_gutmannsthal", "at", "austria", "judaism"),
    ("{g}_de_la_tour_d_orval", "fr", "switzerland", "calvinism"),
    ("{g}_bar-lavan_von_eskeles", "at", "austria", "judaism"),
)

PROFESSIONS = {
    ("noble", "male"): (
        "landowner",
        "diplomat",
        "army_officer",
        "courtier",
        "politician",
        "naval_officer",
        "magistrate",
    ),
    ("noble", "female"): (
        "lady-in-waiting",
        "salon_hostess",
        "patron_of_the_arts",
        "writer",
        "landowner",
        "translator",
    ),
    ("business", "male"): (
        "banker",
        "merchant",
        "industrialist",
        "shipowner",
        "wine_merchant",
        "lawyer",
        "engineer",
    ),
    ("business", "female"): (
        "philanthropist",
        "art_collector",
        "banker",
        "writer",
        "salon_hostess",
    ),
}


@dataclass
class Person:
    name: str
    gender: str
    gen: int
    family: Family | None
    pattern: str
    culture: str
    country: str
    religion: str
    professions: list[str] = field(default_factory=list)
    titles: list[str] = field(default_factory=list)
    birth: str = ""
    death: str = ""
    burial: str = ""
    residence: list[str] = field(default_factory=list)


@dataclass
class Firm:
    name: str
    industry: str
    city: str
    founders: list[str]
    heirs: list[str]
    chairmen: list[str]


class Kin:
    """The family trees, drawn in a fixed order: people, marriages, then everything else."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.people: dict[str, Person] = {}
        self.parents: dict[str, tuple[str, str]] = {}
        self.marriages: list[tuple[str, str]] = []
        self.godparents: dict[str, list[str]] = {}
        self.firms: list[Firm] = []
        self.patriarchs: dict[str, str] = {}

    # - people -

    def person(
        self,
        pattern: str,
        culture: str,
        gender: str,
        gen: int,
        family: Family | None,
        country: str,
        religion: str,
    ) -> str:
        pool = GIVEN[culture][0 if gender == "male" else 1]
        free = [g for g in pool if pattern.format(g=g) not in self.people]
        if not free:  # a namesake: the next of the line
            free = [f"{g}_ii" for g in pool if pattern.format(g=f"{g}_ii") not in self.people]
        name = pattern.format(g=self.rng.choice(free))
        self.people[name] = Person(name, gender, gen, family, pattern, culture, country, religion)
        return name

    def outsider(self, gender: str, gen: int, religion: str) -> str:
        rng = self.rng
        alike = [o for o in OUTSIDERS if o[3] == religion]
        pool = alike if alike and rng.random() < 0.6 else list(OUTSIDERS)
        pattern, culture, country, faith = rng.choice(pool)
        return self.person(pattern, culture, gender, gen, None, country, faith)

    def child(self, father: str, mother: str, gen: int, gender: str | None = None) -> str:
        rng = self.rng
        dad, mum = self.people[father], self.people[mother]
        gender = gender or rng.choice(("male", "female"))
        country = dad.country if rng.random() < 0.88 else mum.country
        religion = dad.religion if rng.random() < 0.85 else mum.religion
        name = self.person(dad.pattern, dad.culture, gender, gen, dad.family, country, religion)
        self.parents[name] = (father, mother)
        return name

    def marry(self, husband: str, wife: str) -> None:
        self.marriages.append((husband, wife))

    def spouses(self, name: str) -> list[str]:
        return [w if h == name else h for h, w in self.marriages if name in (h, w)]

    def children(self, name: str) -> list[str]:
        return [c for c, ps in self.parents.items() if name in ps]

    def children_of(self, father: str, mother: str) -> list[str]:
        return [c for c, ps in self.parents.items() if ps == (father, mother)]

    def siblings(self, name: str) -> list[str]:
        mine = set(self.parents.get(name, ()))
        return [c for c, ps in self.parents.items() if c != name and mine & set(ps)]

    def members(self, family: Family) -> list[str]:
        return [n for n, p in self.people.items() if p.family is family]

    # - drawing -

    def draw(self) -> None:
        rng = self.rng
        patriarchs = self.patriarchs
        gen1: list[str] = []
        for fam in FAMILIES:
            head = self.person(fam.pattern, fam.culture, "male", 0, fam, fam.country, fam.religion)
            patriarchs[fam.key] = head
            first = self.outsider("female", 0, fam.religion)
            self.marry(head, first)
            second = self.outsider("female", 0, fam.religion) if rng.random() < 0.45 else None
            if second:
                self.marry(head, second)
            n = rng.randint(3, 4)
            split = rng.randint(1, n - 1) if second else n
            for i in range(n):
                mother = first if i < split else second
                assert mother is not None
                gen1.append(self.child(head, mother, 1, "male" if i == 0 else None))

        # gen 1 marriages: sons take a daughter of another family or a bride from outside
        sons = [c for c in gen1 if self.people[c].gender == "male"]
        daughters = [c for c in gen1 if self.people[c].gender == "female"]
        taken: set[str] = set()
        couples: list[tuple[str, str]] = []
        for son in sons:
            if rng.random() < 0.12:
                continue
            fam = self.people[son].family
            others = [d for d in daughters if d not in taken and self.people[d].family is not fam]
            if others and rng.random() < 0.5:
                wife = rng.choice(others)
                taken.add(wife)
            else:
                wife = self.outsider("female", 1, self.people[son].religion)
            self.marry(son, wife)
            couples.append((son, wife))
        for daughter in daughters:
            if daughter in taken or rng.random() >= 0.7:
                continue
            husband = self.outsider("male", 1, self.people[daughter].religion)
            self.marry(husband, daughter)
            couples.append((husband, daughter))

        # gen 2, with a widow's second marriage now and then (step-fathers)
        gen2: list[str] = []
        for husband, wife in couples:
            born_in = self.people[husband].family is not None
            n = rng.randint(1, 3) if born_in else rng.randint(0, 2)
            for _ in range(n):
                gen2.append(self.child(husband, wife, 2))
            if rng.random() < 0.2:
                second = self.outsider("male", 1, self.people[wife].religion)
                self.marry(second, wife)
                gen2.append(self.child(second, wife, 2))

        # gen 2 marriages and a few gen 3 children
        for person in gen2:
            me = self.people[person]
            if rng.random() >= 0.42:
                continue
            other = "female" if me.gender == "male" else "male"
            partner = self.outsider(other, 2, me.religion)
            husband, wife = (person, partner) if me.gender == "male" else (partner, person)
            self.marry(husband, wife)
            if me.family is not None and me.gender == "male" and rng.random() < 0.6:
                for _ in range(rng.randint(1, 2)):
                    self.child(husband, wife, 3)
            elif me.family is not None and rng.random() < 0.3:
                self.child(husband, wife, 3)

        self.attributes()
        self.draw_titles()
        self.draw_firms()
        self.draw_godparents()

    def attributes(self) -> None:
        rng = self.rng
        for p in self.people.values():
            home = CITIES[p.country]
            roll = rng.random()
            if p.family is not None and p.family.country == p.country and roll < 0.45:
                p.birth = p.family.seat
            elif roll < 0.9:
                p.birth = rng.choice(home)
            else:
                p.birth = rng.choice(CITIES[rng.choice(EUROPE)])
            dead = p.gen <= 1 or (p.gen == 2 and rng.random() < 0.65) or rng.random() < 0.15
            if dead:
                if rng.random() < 0.15:
                    p.death = p.birth
                else:
                    abroad = rng.random() < 0.25
                    p.death = rng.choice(CITIES[rng.choice(EUROPE)] if abroad else home)
                if rng.random() < 0.6:
                    options = [p.death, p.birth]
                    if p.family is not None and p.family.noble:
                        options.append(p.family.seat)
                    p.burial = rng.choice(options)
            if rng.random() < 0.7:
                options = sorted(set(home) | set(CITIES[rng.choice(EUROPE)]))
                p.residence = sorted(rng.sample(options, rng.randint(1, 2)))
            noble = p.family.noble if p.family is not None else rng.random() < 0.5
            pool = PROFESSIONS[("noble" if noble else "business", p.gender)]
            p.professions = sorted(rng.sample(pool, rng.randint(1, 2)))

    def draw_titles(self) -> None:
        rng = self.rng
        for fam in FAMILIES:
            if fam.title is None:
                continue
            head = self.patriarchs[fam.key]
            holders = [head]
            self.people[head].titles.append(fam.title[0])
            if fam.minor_title:
                self.people[head].titles.append(fam.minor_title[0])
            sons = [c for c in self.children(head) if self.people[c].gender == "male"]
            heir = sons[0]
            holders.append(heir)
            grandsons = [c for c in self.children(heir) if self.people[c].gender == "male"]
            if grandsons:
                holders.append(grandsons[0])
            for holder in holders[1:]:
                self.people[holder].titles.append(fam.title[0])
            for son in sons[1:]:
                if fam.minor_title and rng.random() < 0.8:
                    self.people[son].titles.append(fam.minor_title[0])
        # wives take the female form of each title their husbands held
        for name, p in self.people.items():
            if p.gender != "male":
                continue
            for wife in self.spouses(name):
                for title in p.titles:
                    female = _female_title(title)
                    if female and female not in self.people[wife].titles:
                        self.people[wife].titles.append(female)

    def draw_firms(self) -> None:
        rng = self.rng
        for fam in FAMILIES:
            head = self.patriarchs[fam.key]
            sons = [c for c in self.children(head) if self.people[c].gender == "male"]
            for i, (firm, industry, city) in enumerate(fam.firms):
                heirs: list[str] = []
                if i == 0 and not fam.noble:
                    founders = [head]
                    heirs.append(sons[0])
                    grandsons = [
                        c for c in self.children(sons[0]) if self.people[c].gender == "male"
                    ]
                    if grandsons:
                        heirs.append(grandsons[0])
                elif i == 0:
                    founders = [rng.choice(sons)]
                    heirs.extend(self.children(founders[0])[:1])
                elif i == 1:
                    founders = [sons[1] if len(sons) > 1 else sons[0]]
                    heirs.extend(self.children(founders[0])[:1])
                else:
                    young = [m for m in self.members(fam) if self.people[m].gen >= 2]
                    founders = [rng.choice(young)] if young else [sons[-1]]
                if rng.random() < 0.35:
                    partners = [
                        n
                        for n, p in self.people.items()
                        if p.gender == "male"
                        and p.gen == self.people[founders[0]].gen
                        and p.family is not fam
                    ]
                    founders.append(rng.choice(partners))
                kin = set(self.spouses(founders[0])) | set(self.siblings(founders[0]))
                for c in self.children(founders[0]):
                    kin |= set(self.spouses(c))
                kin -= set(founders) | set(heirs)
                chairs = sorted(kin) or self.children(founders[0]) or founders
                chairmen = sorted(rng.sample(chairs, min(len(chairs), rng.randint(1, 2))))
                self.firms.append(Firm(firm, industry, city, founders, heirs, chairmen))

    def draw_godparents(self) -> None:
        rng = self.rng
        for name in list(self.parents):
            if rng.random() >= 0.75:
                continue
            me = self.people[name]
            father, mother = self.parents[name]
            near: set[str] = set()
            for parent in (father, mother):
                for sib in self.siblings(parent):
                    near.add(sib)
                    near |= set(self.spouses(sib))
            elders = [n for n, p in self.people.items() if p.gen == me.gen - 1 and n not in near]
            pool = sorted(near - {father, mother})
            picks: list[str] = []
            if pool and rng.random() < 0.6:
                picks.append(rng.choice(pool))
            others = [e for e in elders if e not in (father, mother) and e not in picks]
            for _ in range(rng.randint(1, 2) - len(picks)):
                if others:
                    pick = rng.choice(others)
                    others.remove(pick)
                    picks.append(pick)
            if picks:
                self.godparents[name] = sorted(picks)

    # - into the KB -

    def store(self, kb: KB) -> set[str]:
        """Add every triple; return the entities a question names verbatim."""
        for name, p in self.people.items():
            kb.add("gender", name, p.gender, GENDER)
            kb.add("nationality", name, p.country, NATIONALITY)
            kb.add("religion", name, p.religion, RELIGION)
            for job in p.professions:
                kb.add("profession", name, job, PROFESSION)
            kb.add("birthplace", name, p.birth, BIRTHPLACE)
            if p.death:
                kb.add("deathplace", name, p.death, DEATHPLACE)
            if p.burial:
                kb.add("burial", name, p.burial, BURIAL)
            for city in p.residence:
                kb.add("residence", name, city, RESIDENCE)
            for title in p.titles:
                kb.add("title", name, title, TITLES)
        for name, (father, mother) in self.parents.items():
            kb.add("parent", name, father, PARENTS)
            kb.add("parent", name, mother, PARENTS)
        for husband, wife in self.marriages:
            kb.add("spouse", husband, wife, SPOUSE)
            kb.add("spouse", wife, husband, SPOUSE)
        for name in self.people:
            for sib in self.siblings(name):
                kb.add("sibling", name, sib, SIBLING)
        for fam in FAMILIES:
            if fam.house is None:
                continue
            kb.add("house_seat", fam.house, fam.seat, HOUSE_SEAT)
            for member in self.members(fam):
                kb.add("house_member", fam.house, member, HOUSE_MEMBERS)
        for child, godparents in self.godparents.items():
            for godparent in godparents:
                kb.add("godparent", child, godparent, GODPARENT_OF, inverse=True)
        for firm in self.firms:
            for founder in firm.founders:
                kb.add("founded_by", firm.name, founder, FOUNDED_BY_INVERSE, inverse=True)
            for heir in firm.heirs:
                kb.add("inherited", heir, firm.name, INHERITED)
            for chair in firm.chairmen:
                kb.add("chairman", firm.name, chair, CHAIRMAN)
            kb.add("headquarters", firm.name, firm.city, HEADQUARTERS)
            kb.add("industry", firm.name, firm.industry, INDUSTRY)
        verbatim = set(self.people) | {f.name for f in self.firms}
        verbatim |= {fam.house for fam in FAMILIES if fam.house}
        return verbatim


def _female_title(title: str) -> str | None:
    for fam in FAMILIES:
        for pair in (fam.title, fam.minor_title):
            if pair and pair[0] == title:
                return pair[1]
    return None


# -- nature ----------------------------------------------------------------------------

# name, gender, country, field
BIOLOGISTS = (
    ("henrik_aldqvist", "male", "sweden", "ornithology"),
    ("margit_soderlund", "female", "sweden", "herpetology"),
    ("pieter_van_oosterwijk", "male", "netherlands", "mammalogy"),
    ("amelie_de_rochebrune", "female", "france", "entomology"),
    ("tobias_kreutzfeld", "male", "germany", "zoology"),
    ("ines_carvalhal", "female", "portugal", "herpetology"),
    ("bartholomew_quennell", "male", "united_kingdom", "ornithology"),
    ("lucia_ferrandi", "female", "italy", "mammalogy"),
    ("octavio_urrutia", "male", "chile", "zoology"),
    ("naledi_mokoena", "female", "south_africa", "herpetology"),
    ("wilfred_ashcombe", "male", "united_kingdom", "entomology"),
    ("rosa_villaverde", "female", "spain", "ornithology"),
    ("emil_hradecky", "male", "austria", "zoology"),
    ("clara_bjornstad", "female", "sweden", "mammalogy"),
    ("ferdinand_von_maltitz", "male", "germany", "entomology"),
    ("hana_moriyama", "female", "japan", "zoology"),
    ("jules_lacombe-terrier", "male", "france", "herpetology"),
    ("abigail_thornquist", "female", "united_states", "ornithology"),
)
ASTRONOMERS = (
    ("kaspar_lindenhahn", "male", "germany", "astronomy"),
    ("eleanor_vandermeer", "female", "netherlands", "astrophysics"),
    ("takeshi_onodera", "male", "japan", "planetary_science"),
    ("isadora_quintero", "female", "chile", "astronomy"),
    ("magnus_ehrenborg", "male", "sweden", "astrophysics"),
    ("beatrix_holloway", "female", "united_kingdom", "planetary_science"),
    ("renaud_de_saint-clair", "male", "france", "astronomy"),
    ("theresia_wendlinger", "female", "austria", "astrophysics"),
    ("marcus_pellegrini", "male", "italy", "planetary_science"),
    ("joanna_trevelyan", "female", "australia", "astronomy"),
    ("samuel_okafor-reid", "male", "united_states", "astrophysics"),
    ("matilde_areias", "female", "portugal", "planetary_science"),
    ("graham_mcallister", "male", "canada", "astronomy"),
    ("yuki_tanabe", "female", "japan", "astrophysics"),
    ("dirk_van_heemskerk", "male", "netherlands", "astronomy"),
    ("annelie_strandberg", "female", "sweden", "planetary_science"),
)
UNIVERSITIES = (
    ("halvorsen_institute_of_natural_history", "uppsala"),
    ("saint_brendan_college", "edinburgh"),
    ("marlow_university", "london"),
    ("aldine_academy_of_sciences", "vienna"),
    ("royal_lusitanian_university", "coimbra"),
    ("rijnland_university", "leiden"),
    ("university_of_the_southern_cone", "santiago"),
    ("kamo_river_university", "kyoto"),
    ("table_bay_university", "cape_town"),
    ("mont-royal_polytechnic", "montreal"),
    ("sonoran_desert_university", "tucson"),
    ("gonzaga_institute_of_science", "mantua"),
    ("isar_technical_university", "munich"),
)
OBSERVATORIES = (
    ("kestrel_ridge_observatory", "tucson"),
    ("cerro_albo_observatory", "la_serena"),
    ("karoo_plains_observatory", "cape_town"),
    ("hoshimi_hill_observatory", "sendai"),
    ("kahlenberg_observatory", "vienna"),
    ("gamla_uppsala_observatory", "uppsala"),
    ("mount_nelson_southern_observatory", "hobart"),
    ("pic_de_l_aube_observatory", "bordeaux"),
)

# kind, role, genera, family
KINDS = (
    ("vole", "prey", ("paludimys", "fenomys"), "paludimyidae"),
    ("shrew", "prey", ("sorexiella",), "soricellidae"),
    ("skink", "prey", ("lampriscincus", "calyptoscincus"), "lampriscincidae"),
    ("tree_frog", "prey", ("dendrophrys",), "dendrophryidae"),
    ("finch", "prey", ("serinopsis", "carduellina"), "serinopsidae"),
    ("moth", "prey", ("noctuella",), "noctuellidae"),
    ("owl", "predator", ("strigella",), "strigellidae"),
    ("marten", "predator", ("martellus", "mustelina"), "martellidae"),
    ("viper", "predator", ("viperina",), "viperinidae"),
    ("kingfisher", "predator", ("alcedops",), "alcedopidae"),
    ("harrier", "predator", ("circella",), "circellidae"),
)
ADJECTIVES = _words(
    "pale-bellied ridge-backed amber-eyed sooty lesser_marsh greater_upland ochre-tailed "
    "dusky spotted_fen ashen copper-crowned long-toed striped_cliff velvet whistling "
    "moss-green cinder silver-flanked banded_reed hooded_mountain"
)
HABITATS = _words(
    "cloud_forest mangrove_swamp alpine_meadow peat_bog river_delta limestone_karst "
    "temperate_rainforest sand_dunes salt_marsh bamboo_thicket boreal_taiga coastal_heath"
)
REGIONS = _words(
    "borneo patagonia madagascar new_guinea tasmania yucatan_peninsula anatolia sumatra "
    "the_pyrenees the_carpathians the_atlas_mountains hokkaido the_western_ghats the_andes"
)
PREY_DIETS = ("insects", "seeds", "nectar", "leaves", "fruit", "grasses", "fungi", "worms")
PREDATOR_DIETS = ("small_mammals", "fish", "reptiles", "birds", "amphibians", "carrion")
STARS = _words(
    "orvella kessarine veyra_major dulcanth morrow_light sable_eye ithren calder_prime "
    "nysa_borealis quillon aster_vane harrowgate_star"
)
PLANETS = _words(
    "tamsel oruth new_halvard brennic lorimer cadenza pellucid_world varrow ixion_deep "
    "selkirk marrowind thalassa_nova gideon osterhold fennimore quarrel_rock halcyon_reach "
    "bramble dunmere sorrel corvane elowen tiberin greymantle ashgrove wyncote pallis "
    "ondine_major kettleby far_cressida gallant rhosyn vantablue meridian_drift larkspur "
    "obelin"
)
MOON_NAMES = _words(
    "little_tam pell_minor wisp caddis lantern fathom sprig nimbus_minor kestle ember mote "
    "cinderling glint tallow rook pebble_moon skerry flint hollin dapple quill tarn "
    "vesper_minor ashling bracken sedge murrain spindle thimble wren_minor old_grey sallow "
    "nettle brimble coracle dunlin eyot furrow gossamer hob inkcap jackdaw knap lichen marl "
    "nook oriel pipit quern rill scree teasel umber vetch wold yarrow"
)
CONSTELLATIONS = _words(
    "cygnus lyra draco cassiopeia orion aquila perseus hercules vela carina pavo centaurus"
)
SPECTRAL_TYPES = _words(
    "g-type_main-sequence k-type_main-sequence m-type_red_dwarf f-type_main-sequence "
    "red_giant white_dwarf b-type_giant"
)


def draw_nature(kb: KB, rng: random.Random, kin: Kin) -> None:
    """Scientists, institutions, species and sky objects, in a fixed order of draws."""
    universities = [u for u, _ in UNIVERSITIES]
    observatories = [o for o, _ in OBSERVATORIES]
    for university, city in UNIVERSITIES:
        kb.add("city", university, city, LOCATED_IN)
    for observatory, city in OBSERVATORIES:
        kb.add("city", observatory, city, OBSERVATORY_LOCATION)

    def scientists(group: Sequence[tuple[str, str, str, str]], workplaces: list[str]) -> None:
        earlier: list[str] = []
        for name, gender, country, field_ in group:
            kb.add("gender", name, gender, GENDER)
            kb.add("nationality", name, country, NATIONALITY)
            abroad = rng.random() < 0.15
            birth = rng.choice(CITIES[rng.choice(EUROPE)] if abroad else CITIES[country])
            kb.add("birthplace", name, birth, BIRTHPLACE)
            if rng.random() < 0.4:
                kb.add("deathplace", name, rng.choice(CITIES[rng.choice(EUROPE)]), DEATHPLACE)
            kb.add("field", name, field_, FIELD)
            school = rng.choice(universities)
            kb.add("alma_mater", name, school, ALMA_MATER)
            jobs = [w for w in workplaces if w != school or rng.random() < 0.2]
            for job in sorted(rng.sample(jobs, 1 if rng.random() < 0.7 else 2)):
                kb.add("employer", name, job, WORKS_FOR)
            if earlier and rng.random() < 0.6:
                advisor = rng.choice(earlier)
                kb.add("advisor", name, advisor, REVERSE_ADVISOR, inverse=True)
            earlier.append(name)

    scientists(BIOLOGISTS, universities)
    scientists(ASTRONOMERS, universities[:6] + observatories + observatories)
    biologists = [b[0] for b in BIOLOGISTS]
    astronomers = [a[0] for a in ASTRONOMERS]
    patrons = [n for n, p in kin.people.items() if p.gen <= 1 and p.family is not None]

    # species
    species_by_role: dict[str, list[str]] = {"prey": [], "predator": []}
    adjectives_used: set[str] = set()
    for kind, role, genera, family in KINDS:
        for genus in genera:
            kb.add("genus_family", genus, family, GENUS_FAMILY)
            for _ in range(rng.randint(2, 3)):
                free = [a for a in ADJECTIVES if f"{a}_{kind}" not in adjectives_used]
                name = f"{rng.choice(free)}_{kind}"
                adjectives_used.add(name)
                species_by_role[role].append(name)
                kb.add("genus", name, genus, GENUS)
                kb.add("family", name, family, TAXON_FAMILY)
                for habitat in sorted(rng.sample(HABITATS, rng.randint(1, 2))):
                    kb.add("habitat", name, habitat, HABITAT)
                n_regions = 1 if rng.random() < 0.7 else 2
                for region in sorted(rng.sample(REGIONS, n_regions)):
                    kb.add("native_region", name, region, NATIVE_REGION)
                diets = PREY_DIETS if role == "prey" else PREDATOR_DIETS
                for diet in sorted(rng.sample(diets, rng.randint(1, 2))):
                    kb.add("diet", name, diet, DIET)
                finder = rng.choice(biologists)
                kb.add("species_discoverer", name, finder, REVERSE_DISCOVERED, inverse=True)
                namer = rng.choice([b for b in biologists if b != finder])
                kb.add("named_by", name, namer, NAMED_BY)
                if rng.random() < 0.35:
                    pool = patrons if rng.random() < 0.5 else biologists
                    honoured = rng.choice([p for p in pool if p not in (finder, namer)])
                    kb.add("named_after", name, honoured, NAMED_AFTER)
    hunters = species_by_role["predator"]
    for prey in species_by_role["prey"]:
        for hunter in sorted(rng.sample(hunters, rng.randint(1, 2))):
            kb.add("preys_on", hunter, prey, PREYS_ON)
    for hunter in hunters:
        if rng.random() < 0.3:
            kind = hunter.rsplit("_", 1)[-1]
            bigger = rng.choice([h for h in hunters if not h.endswith(kind)])
            kb.add("preys_on", bigger, hunter, PREYS_ON)

    # sky
    planets, moons = list(PLANETS), list(MOON_NAMES)
    for star in STARS:
        kb.add("constellation", star, rng.choice(CONSTELLATIONS), CONSTELLATION)
        kb.add("spectral_type", star, rng.choice(SPECTRAL_TYPES), SPECTRAL_TYPE)
        if rng.random() < 0.5:
            kb.add("sky_discoverer", star, rng.choice(astronomers), SKY_DISCOVERER)
            kb.add("discovery_site", star, rng.choice(observatories), DISCOVERY_SITE)
        for _ in range(rng.randint(1, 3)):
            planet = planets.pop(rng.randrange(len(planets)))
            kb.add("orbits", planet, star, ORBITS)
            finders = rng.sample(astronomers, 1 if rng.random() < 0.75 else 2)
            for finder in sorted(finders):
                kb.add("sky_discoverer", planet, finder, SKY_DISCOVERER)
            if rng.random() < 0.9:
                kb.add("discovery_site", planet, rng.choice(observatories), DISCOVERY_SITE)
            if rng.random() < 0.3:
                pool = patrons if rng.random() < 0.4 else astronomers
                honoured = rng.choice([p for p in pool if p not in finders])
                kb.add("named_after", planet, honoured, NAMED_AFTER)
            for _ in range(min(len(moons), rng.choice((0, 1, 1, 2, 2, 3)))):
                moon = moons.pop(rng.randrange(len(moons)))
                kb.add("moon", planet, moon, PLANET_MOONS)
                kb.add("sky_discoverer", moon, rng.choice(astronomers), SKY_DISCOVERER)
                if rng.random() < 0.7:
                    kb.add("discovery_site", moon, rng.choice(observatories), DISCOVERY_SITE)


# -- walkable names that store nothing new -------------------------------------------------


def _derive(kb: KB, source: str, name: str, keep: Callable[[str], bool]) -> None:
    for s in sorted(kb.fwd[source]):
        for o in sorted(kb.fwd[source][s]):
            if keep(o):
                kb.fwd[name][s].add(o)


def derive(kb: KB) -> None:
    def male(e: str) -> bool:
        return "male" in kb.fwd["gender"].get(e, set())

    def female(e: str) -> bool:
        return "female" in kb.fwd["gender"].get(e, set())

    kb.rev("parent", "child")
    kb.rev("house_member", "house")
    kb.rev("founded_by", "founded")
    kb.rev("inherited", "heir")
    kb.rev("preys_on", "predator")
    kb.rev("moon", "moon_of")
    kb.rev("orbits", "planets")
    kb.rev("species_discoverer", "species_found")
    kb.rev("advisor", "students")
    for source, name, keep in (
        ("parent", "father", male),
        ("parent", "mother", female),
        ("child", "son", male),
        ("child", "daughter", female),
        ("spouse", "husband", male),
        ("spouse", "wife", female),
        ("sibling", "brother", male),
        ("sibling", "sister", female),
    ):
        _derive(kb, source, name, keep)


# -- questions -------------------------------------------------------------------------

KIN_1: list[Spec] = [
    (
        ["father"],
        [
            "Who was {e}'s old man?",
            "Who fathered {e}?",
            "Who was the father of {e}?",
            "Who's {e}'s dad?",
            "Which man was {e}'s father?",
            "{e} was born to which father?",
            "Who was {e}'s pa?",
        ],
    ),
    (
        ["mother"],
        [
            "Who was {e}'s mum?",
            "Who gave birth to {e}?",
            "Who was the mother of {e}?",
            "Which woman bore {e}?",
            "Who is {e}'s mom?",
            "{e}'s mother: who was she?",
            "Who was {e}'s ma?",
        ],
    ),
    (
        ["parent"],
        [
            "Who were {e}'s parents?",
            "Whose child was {e}?",
            "Name the mother and father of {e}.",
            "Who were {e}'s folks?",
            "{e} was the child of whom?",
            "Who brought {e} into the world?",
        ],
    ),
    (
        ["child"],
        [
            "Who were {e}'s kids?",
            "What children did {e} have?",
            "Who were {e}'s offspring?",
            "Name the children of {e}.",
            "Who did {e} have as children?",
            "Which people called {e} their parent?",
        ],
    ),
    (
        ["son"],
        [
            "Who was {e}'s son?",
            "Which of {e}'s children were boys?",
            "Name {e}'s sons.",
            "Who was {e}'s lad?",
            "Who was a son of {e}?",
            "{e} had which sons?",
        ],
    ),
    (
        ["daughter"],
        [
            "Who was {e}'s daughter?",
            "Which of {e}'s children were girls?",
            "Name the daughters of {e}.",
            "Who was {e}'s little girl?",
            "{e} had which daughters?",
            "Who is known as a daughter of {e}?",
        ],
    ),
    (
        ["spouse"],
        [
            "Who did {e} marry?",
            "Who was {e} married to?",
            "Who was {e}'s spouse?",
            "Who did {e} wed?",
            "{e} tied the knot with whom?",
            "Who was {e}'s other half?",
            "Whom did {e} take as a spouse?",
        ],
    ),
    (
        ["wife"],
        [
            "Who was {e}'s missus?",
            "Who was {e}'s wife?",
            "Which woman did {e} marry?",
            "Who was the wife of {e}?",
            "Who was {e}'s bride?",
            "{e} was married to which lady?",
        ],
    ),
    (
        ["husband"],
        [
            "Who was {e}'s husband?",
            "Which man did {e} marry?",
            "Who was {e}'s hubby?",
            "Who was the husband of {e}?",
            "Who was {e}'s bridegroom?",
            "{e} was whose wife?",
        ],
    ),
    (
        ["sibling"],
        [
            "Who were {e}'s siblings?",
            "Who were {e}'s brothers and sisters?",
            "Name a brother or sister of {e}.",
            "Who was {e}'s sibling?",
            "Who shared a parent with {e}?",
            "Who grew up as {e}'s brother or sister?",
        ],
    ),
    (
        ["brother"],
        [
            "Who was {e}'s brother?",
            "Who were the brothers of {e}?",
            "Who was {e}'s bro?",
            "Which man was a brother to {e}?",
            "{e} had which brothers?",
            "Name a brother of {e}.",
        ],
    ),
    (
        ["sister"],
        [
            "Who was {e}'s sister?",
            "Who were the sisters of {e}?",
            "Who was {e}'s sis?",
            "Which woman was a sister to {e}?",
            "{e} had which sisters?",
            "Name a sister of {e}.",
        ],
    ),
    (
        ["gender"],
        [
            "What is {e}'s sex?",
            "Was {e} male or female?",
            "What gender was {e}?",
            "Is {e} a man or a woman?",
            "What sex is recorded for {e}?",
            "{e}: male or female?",
        ],
    ),
    (
        ["nationality"],
        [
            "What nationality was {e}?",
            "Which country was {e} a citizen of?",
            "What was {e}'s citizenship?",
            "{e} held which nationality?",
            "Which nation did {e} belong to?",
            "Where was {e} a national of?",
        ],
    ),
    (
        ["religion"],
        [
            "What religion did {e} follow?",
            "Which faith did {e} practise?",
            "What was {e}'s religion?",
            "What church did {e} belong to?",
            "{e} was of which faith?",
            "What did {e} believe in, religion-wise?",
        ],
    ),
    (
        ["profession"],
        [
            "What did {e} do for a living?",
            "What was {e}'s job?",
            "What was {e}'s line of work?",
            "What profession did {e} have?",
            "How did {e} earn a living?",
            "What was {e}'s occupation?",
        ],
    ),
    (
        ["birthplace"],
        [
            "Where was {e} born?",
            "What was {e}'s birthplace?",
            "In which city was {e} born?",
            "Where did {e} come into the world?",
            "{e} was born in what town?",
            "What is the place of birth of {e}?",
        ],
    ),
    (
        ["deathplace"],
        [
            "Where did {e} pass away?",
            "Where did {e} die?",
            "In which city did {e} breathe their last?",
            "Where did {e} meet their end?",
            "What was {e}'s place of death?",
            "{e} died in which city?",
        ],
    ),
    (
        ["burial"],
        [
            "Where is {e} buried?",
            "Where was {e} laid to rest?",
            "Where was {e} interred?",
            "What is {e}'s final resting place?",
            "In which city is {e}'s grave?",
            "Where does {e} lie buried?",
        ],
    ),
    (
        ["residence"],
        [
            "Where did {e} live?",
            "Where did {e} make their home?",
            "Which city did {e} reside in?",
            "Where was {e}'s home?",
            "Where did {e} settle?",
            "What town did {e} live in?",
        ],
    ),
    (
        ["title"],
        [
            "What title did {e} hold?",
            "What was {e}'s noble title?",
            "Which title was {e} styled with?",
            "What was {e}'s rank of nobility?",
            "{e} bore which title?",
            "By what title was {e} known?",
        ],
    ),
    (
        ["house"],
        [
            "Which house did {e} belong to?",
            "What dynasty was {e} part of?",
            "Which noble house was {e} born into?",
            "{e} was a member of what house?",
            "What family line did {e} come from?",
            "Which dynasty counts {e} among its members?",
        ],
    ),
    (
        ["house_seat"],
        [
            "Where was {e} seated?",
            "What was the seat of {e}?",
            "Which city was the seat of {e}?",
            "Where did {e} hold court?",
            "{e} had its seat where?",
            "From what city did {e} rule its lands?",
        ],
    ),
    (
        ["godparent"],
        [
            "Who were {e}'s godparents?",
            "Who stood as godparent to {e}?",
            "Who sponsored {e} at baptism?",
            "Who held {e} at the font?",
            "Who were the godparents of {e}?",
            "{e} was godchild to whom?",
        ],
    ),
    (
        ["founded"],
        [
            "What company did {e} start?",
            "Which firm did {e} found?",
            "What business did {e} set up?",
            "{e} founded which company?",
            "Which firm was established by {e}?",
            "What company did {e} launch?",
        ],
    ),
    (
        ["founded_by"],
        [
            "Who founded {e}?",
            "Who started {e}?",
            "Who set up {e}?",
            "{e} was founded by whom?",
            "Who established {e}?",
            "Who were the founders of {e}?",
        ],
    ),
    (
        ["inherited"],
        [
            "Which company did {e} inherit?",
            "What firm was handed down to {e}?",
            "What business did {e} come into by inheritance?",
            "{e} inherited which firm?",
            "Which family firm passed to {e}?",
            "What company did {e} get as an inheritance?",
        ],
    ),
    (
        ["heir"],
        [
            "Who inherited {e}?",
            "Who was {e} handed down to?",
            "Who came into {e} by inheritance?",
            "Which heir took over {e}?",
            "{e} was inherited by whom?",
            "To whom did {e} pass on inheritance?",
        ],
    ),
    (
        ["chairman"],
        [
            "Who chaired {e}?",
            "Who was the chairman of {e}?",
            "Who sat at the head of {e}'s board?",
            "Who was {e}'s chair?",
            "Who presided over the board of {e}?",
            "{e} was chaired by whom?",
        ],
    ),
    (
        ["headquarters"],
        [
            "Where is {e} headquartered?",
            "Where is {e} based?",
            "In which city is {e}'s head office?",
            "Where does {e} have its headquarters?",
            "{e} is run from which city?",
            "Which city is home to {e}?",
        ],
    ),
    (
        ["industry"],
        [
            "What industry is {e} in?",
            "What line of business is {e} in?",
            "What does {e} do as a business?",
            "Which sector does {e} operate in?",
            "What trade is {e} in?",
            "{e} is what kind of business?",
        ],
    ),
]

NATURE_1: list[Spec] = [
    (
        ["genus"],
        [
            "What genus is {e} in?",
            "Which genus does {e} belong to?",
            "{e} is classified under which genus?",
            "What is the genus of {e}?",
            "To what genus is {e} assigned?",
            "{e} sits in which genus?",
        ],
    ),
    (
        ["family"],
        [
            "What family does {e} belong to?",
            "Which biological family is {e} in?",
            "{e} is a member of what family?",
            "What is {e}'s taxonomic family?",
            "In which family is {e} placed?",
            "Which family do taxonomists put {e} in?",
        ],
    ),
    (
        ["genus_family"],
        [
            "Which family is the genus {e} in?",
            "What family does the genus {e} belong to?",
            "{e} is a genus of which family?",
            "To what family is the genus {e} assigned?",
            "The genus {e} falls under what family?",
            "Which family contains {e}?",
        ],
    ),
    (
        ["habitat"],
        [
            "What kind of habitat does {e} live in?",
            "What is {e}'s habitat?",
            "What environment is {e} found in?",
            "What type of terrain does {e} inhabit?",
            "In what kind of place does {e} make its home?",
            "Which habitat suits {e}?",
        ],
    ),
    (
        ["native_region"],
        [
            "Where is {e} native to?",
            "What region does {e} come from originally?",
            "Where in the world is {e} from?",
            "Which part of the world is {e} indigenous to?",
            "{e} is native to which region?",
            "What is {e}'s native range?",
        ],
    ),
    (
        ["diet"],
        [
            "What is {e}'s diet?",
            "What kind of food does {e} eat?",
            "What sort of diet does {e} have?",
            "What food type does {e} live on?",
            "{e}'s diet consists of what?",
            "What food group does {e} eat?",
        ],
    ),
    (
        ["preys_on"],
        [
            "What does {e} hunt?",
            "Which animals does {e} prey on?",
            "What is {e}'s prey?",
            "Which creatures fall prey to {e}?",
            "What does {e} catch and eat?",
            "{e} preys upon which species?",
        ],
    ),
    (
        ["predator"],
        [
            "What hunts {e}?",
            "Which animals prey on {e}?",
            "What are {e}'s predators?",
            "What eats {e}?",
            "{e} is hunted by what?",
            "Which predator goes after {e}?",
        ],
    ),
    (
        ["species_discoverer"],
        [
            "Who discovered {e}?",
            "Who first found {e}?",
            "Which scientist discovered {e}?",
            "Who was the discoverer of {e}?",
            "{e} was discovered by whom?",
            "Who came across {e} first?",
        ],
    ),
    (
        ["named_by"],
        [
            "Who named {e}?",
            "Who gave {e} its scientific name?",
            "Who formally described {e}?",
            "Which naturalist described {e}?",
            "{e} was named by which scientist?",
            "Who coined the name for {e}?",
        ],
    ),
    (
        ["named_after"],
        [
            "Who is {e} named after?",
            "Who was {e} named in honour of?",
            "Whose name does {e} bear?",
            "{e} commemorates whom?",
            "After whom was {e} named?",
            "Who is the namesake of {e}?",
        ],
    ),
    (
        ["orbits"],
        [
            "What does {e} orbit?",
            "Which star does {e} go around?",
            "What star is {e} in orbit around?",
            "Around which star does {e} revolve?",
            "{e} circles which star?",
            "What is {e}'s parent star?",
        ],
    ),
    (
        ["planets"],
        [
            "Which planets orbit {e}?",
            "What planets go around {e}?",
            "What worlds circle {e}?",
            "Name the planets of {e}.",
            "Which planets does {e} have?",
            "What orbits the star {e}?",
        ],
    ),
    (
        ["moon"],
        [
            "What moons does {e} have?",
            "Which moons orbit {e}?",
            "What are the satellites of {e}?",
            "Name {e}'s moons.",
            "Which natural satellites go around {e}?",
            "What circles the planet {e}?",
        ],
    ),
    (
        ["moon_of"],
        [
            "Which planet does {e} orbit?",
            "{e} is a moon of which planet?",
            "What planet is {e} a satellite of?",
            "Around which planet does {e} travel?",
            "What world does the moon {e} circle?",
            "Which planet hosts {e}?",
        ],
    ),
    (
        ["sky_discoverer"],
        [
            "Who discovered {e}?",
            "Who first spotted {e}?",
            "Which astronomer discovered {e}?",
            "{e} was discovered by whom?",
            "Who found {e}?",
            "Who is credited with discovering {e}?",
        ],
    ),
    (
        ["constellation"],
        [
            "Which constellation is {e} in?",
            "In what constellation can {e} be found?",
            "What constellation does {e} lie in?",
            "{e} is part of which constellation?",
            "Where in the sky is {e}, constellation-wise?",
            "Which constellation hosts {e}?",
        ],
    ),
    (
        ["spectral_type"],
        [
            "What is the spectral type of {e}?",
            "What spectral class is {e}?",
            "How is {e} classified spectrally?",
            "What kind of star is {e}?",
            "{e} belongs to which spectral class?",
            "What's {e}'s stellar classification?",
        ],
    ),
    (
        ["discovery_site"],
        [
            "Where was {e} discovered?",
            "Which observatory discovered {e}?",
            "From which observatory was {e} first seen?",
            "At what observatory was {e} found?",
            "{e} was spotted from which observatory?",
            "What observatory is credited with finding {e}?",
        ],
    ),
    (
        ["employer"],
        [
            "Where did {e} work?",
            "Who employed {e}?",
            "Which institution was {e} at?",
            "Where was {e} on the staff?",
            "What institution did {e} work for?",
            "{e} held a post at which institution?",
        ],
    ),
    (
        ["alma_mater"],
        [
            "Where did {e} study?",
            "Which university did {e} attend?",
            "What is {e}'s alma mater?",
            "Where was {e} educated?",
            "{e} graduated from which institution?",
            "Where did {e} go to university?",
        ],
    ),
    (
        ["field"],
        [
            "What field did {e} work in?",
            "What was {e}'s area of research?",
            "Which discipline was {e} in?",
            "What was {e}'s specialty?",
            "{e} was a researcher in what field?",
            "What branch of science did {e} pursue?",
        ],
    ),
    (
        ["advisor"],
        [
            "Who was {e}'s doctoral advisor?",
            "Who supervised {e}'s doctorate?",
            "Who was {e}'s phd supervisor?",
            "Under whom did {e} do a doctorate?",
            "Who mentored {e} through the phd?",
            "{e} got their phd under which scientist?",
        ],
    ),
    (
        ["students"],
        [
            "Who were {e}'s doctoral students?",
            "Whose phd did {e} supervise?",
            "Which scientists did {e} advise as doctoral students?",
            "Who did {e} mentor through a doctorate?",
            "{e} was doctoral advisor to whom?",
            "Who earned a phd under {e}?",
        ],
    ),
    (
        ["city"],
        [
            "Which city is {e} in?",
            "Where is {e} located?",
            "In what city can {e} be found?",
            "{e} is based in which city?",
            "What city is home to {e}?",
            "Where is {e}?",
        ],
    ),
]

KIN_2: list[Spec] = [
    (
        ["father", "nationality"],
        [
            "What is the nationality of {e}'s father?",
            "Which country was {e}'s dad a citizen of?",
            "What nationality was {e}'s old man?",
            "{e}'s father held what citizenship?",
            "Where was the father of {e} a national of?",
            "What country did {e}'s father belong to?",
        ],
    ),
    (
        ["mother", "husband"],
        [
            "Who was {e}'s mum's husband?",
            "Who did {e}'s mother marry?",
            "Who was the husband of {e}'s mother?",
            "Which man was married to {e}'s mum?",
            "{e}'s mother wed whom?",
            "Whom did the mother of {e} take as her husband?",
        ],
    ),
    (
        ["spouse", "religion"],
        [
            "What religion did {e}'s spouse follow?",
            "Which faith was {e}'s husband or wife?",
            "What was the religion of the person {e} married?",
            "What church did {e}'s other half belong to?",
            "{e}'s spouse practised which faith?",
            "What was {e}'s partner's religion?",
        ],
    ),
    (
        ["father", "father"],
        [
            "Who was {e}'s paternal grandfather?",
            "Who was {e}'s father's father?",
            "Who was {e}'s grandad on the dad's side?",
            "Who was the dad of {e}'s dad?",
            "{e}'s father's old man was who?",
            "Who fathered {e}'s father?",
        ],
    ),
    (
        ["mother", "father"],
        [
            "Who was {e}'s maternal grandfather?",
            "Who was {e}'s mother's father?",
            "Who was {e}'s grandpa on the mum's side?",
            "Who was the father of {e}'s mom?",
            "{e}'s mum was whose daughter? Who was her dad?",
            "Who fathered {e}'s mother?",
        ],
    ),
    (
        ["spouse", "child"],
        [
            "Who are the children of {e}'s spouse?",
            "Who were {e}'s husband's or wife's kids?",
            "What children did the person {e} married have?",
            "Name the offspring of {e}'s spouse.",
            "Whose parent was {e}'s other half?",
            "{e}'s spouse had which children?",
        ],
    ),
    (
        ["child", "birthplace"],
        [
            "Where were {e}'s children born?",
            "In which city were {e}'s kids born?",
            "What are the birthplaces of {e}'s children?",
            "Where did {e}'s offspring come into the world?",
            "{e}'s children were born in what towns?",
            "Where was each of {e}'s kids born?",
        ],
    ),
    (
        ["sibling", "spouse"],
        [
            "Who did {e}'s siblings marry?",
            "Who married {e}'s brother or sister?",
            "Whom did {e}'s siblings wed?",
            "Who were the spouses of {e}'s brothers and sisters?",
            "{e}'s siblings tied the knot with whom?",
            "Who married into {e}'s family through one of {e}'s siblings?",
        ],
    ),
    (
        ["father", "profession"],
        [
            "What did {e}'s dad do for a living?",
            "What was {e}'s father's job?",
            "What was the occupation of {e}'s father?",
            "How did {e}'s old man earn his keep?",
            "{e}'s father worked as what?",
            "What line of work was {e}'s father in?",
        ],
    ),
    (
        ["mother", "religion"],
        [
            "What faith did {e}'s mother follow?",
            "What was {e}'s mum's religion?",
            "Which church did the mother of {e} belong to?",
            "{e}'s mom was of which faith?",
            "What religion was {e}'s ma?",
            "How did {e}'s mother worship: what was her religion?",
        ],
    ),
    (
        ["father", "deathplace"],
        [
            "Where did {e}'s father die?",
            "Where did {e}'s dad pass away?",
            "In which city did {e}'s father breathe his last?",
            "What was the place of death of {e}'s father?",
            "{e}'s old man died where?",
            "Where did the father of {e} meet his end?",
        ],
    ),
    (
        ["spouse", "house"],
        [
            "Which house did {e}'s spouse come from?",
            "What dynasty was {e}'s husband or wife born into?",
            "{e} married into which noble house?",
            "Which noble house was {e}'s spouse a member of?",
            "What family line did {e}'s other half belong to?",
            "The person {e} married belonged to which house?",
        ],
    ),
    (
        ["spouse", "birthplace"],
        [
            "Where was {e}'s spouse born?",
            "Where was {e}'s husband or wife born?",
            "What is the birthplace of the person {e} married?",
            "In which city was {e}'s other half born?",
            "{e}'s spouse was born in what town?",
            "Where did {e}'s partner come into the world?",
        ],
    ),
    (
        ["founded", "headquarters"],
        [
            "Where is the company {e} founded headquartered?",
            "In which city is the firm {e} started based?",
            "Where does the business {e} set up have its head office?",
            "{e} founded a company; where is it based?",
            "Which city is home to the firm founded by {e}?",
            "Where is the head office of the company established by {e}?",
        ],
    ),
    (
        ["founded_by", "nationality"],
        [
            "What nationality was the founder of {e}?",
            "Which country was {e}'s founder a citizen of?",
            "What citizenship did the person who started {e} hold?",
            "The founder of {e} was a national of which country?",
            "What nationality were the people who set up {e}?",
            "Where was the founder of {e} a national of?",
        ],
    ),
    (
        ["inherited", "industry"],
        [
            "What industry is the firm {e} inherited in?",
            "What line of business was the company handed down to {e} in?",
            "What does the company {e} inherited do?",
            "The firm that passed to {e} works in which sector?",
            "What trade was {e}'s inherited business in?",
            "Which industry was the family firm {e} came into part of?",
        ],
    ),
    (
        ["chairman", "spouse"],
        [
            "Who was the spouse of {e}'s chairman?",
            "Who did the chairman of {e} marry?",
            "Who was married to the person who chaired {e}?",
            "Whom did {e}'s chair wed?",
            "Who was the other half of {e}'s chairman?",
            "The chairman of {e} was married to whom?",
        ],
    ),
    (
        ["spouse", "father"],
        [
            "Who was {e}'s father-in-law?",
            "Who was {e}'s spouse's dad?",
            "Who was the father of the person {e} married?",
            "Who was the father of {e}'s husband or wife?",
            "Whose son-in-law or daughter-in-law was {e}?",
            "{e}'s other half was whose child, on the father's side?",
        ],
    ),
    (
        ["godparent", "profession"],
        [
            "What did {e}'s godparents do for a living?",
            "What was the occupation of {e}'s godparents?",
            "What jobs did the people who stood godparent to {e} have?",
            "How did {e}'s godparents earn a living?",
            "What line of work were {e}'s godparents in?",
            "{e}'s godparents worked as what?",
        ],
    ),
    (
        ["house", "house_seat"],
        [
            "Where was the seat of {e}'s house?",
            "From which city did {e}'s dynasty rule?",
            "Where was the noble house of {e} seated?",
            "Which city was the seat of the house {e} belonged to?",
            "{e}'s family house had its seat where?",
            "Where did {e}'s dynasty hold court?",
        ],
    ),
    (
        ["spouse", "title"],
        [
            "What title did {e}'s spouse hold?",
            "What was the noble title of the person {e} married?",
            "By what title was {e}'s husband or wife known?",
            "{e}'s spouse bore which title?",
            "Which title did {e}'s other half carry?",
            "What rank of nobility did {e}'s spouse have?",
        ],
    ),
    (
        ["birthplace", "country"],
        [
            "In which country was {e} born?",
            "What country is {e}'s birthplace in?",
            "{e} was born in which country?",
            "Which nation was {e} born in?",
            "In what country did {e} come into the world?",
            "The city {e} was born in lies in which country?",
        ],
    ),
    (
        ["sister", "husband"],
        [
            "Who was {e}'s sister's husband?",
            "Who did {e}'s sister marry?",
            "Which man married {e}'s sis?",
            "Who was married to a sister of {e}?",
            "{e}'s sister wed whom?",
            "Who took {e}'s sister as his wife?",
        ],
    ),
]

NATURE_2: list[Spec] = [
    (
        ["genus", "genus_family"],
        [
            "What family is {e}'s genus in?",
            "Which family does the genus of {e} belong to?",
            "The genus of {e} sits in which family?",
            "What family is the genus containing {e} placed in?",
            "To what family does {e}'s genus belong?",
            "Which family includes the genus that {e} is in?",
        ],
    ),
    (
        ["predator", "habitat"],
        [
            "What habitat do {e}'s predators live in?",
            "What kind of environment do the animals that hunt {e} live in?",
            "Where do the things that eat {e} make their home, habitat-wise?",
            "What is the habitat of {e}'s predators?",
            "The predators of {e} live in what type of terrain?",
            "Which habitats are home to the hunters of {e}?",
        ],
    ),
    (
        ["preys_on", "native_region"],
        [
            "Where are the animals {e} hunts native to?",
            "What region is {e}'s prey native to?",
            "Where does {e}'s prey come from originally?",
            "What is the native range of the animals {e} preys on?",
            "The prey of {e} is indigenous to which region?",
            "Which part of the world are {e}'s prey species from?",
        ],
    ),
    (
        ["species_discoverer", "employer"],
        [
            "Where did the discoverer of {e} work?",
            "Which institution employed the person who discovered {e}?",
            "Who employed {e}'s discoverer?",
            "What institution was the scientist who found {e} at?",
            "The discoverer of {e} held a post where?",
            "Where was the person who first found {e} on the staff?",
        ],
    ),
    (
        ["species_discoverer", "nationality"],
        [
            "What nationality was the discoverer of {e}?",
            "Which country was the person who discovered {e} a citizen of?",
            "The scientist who first found {e} held which nationality?",
            "What citizenship did {e}'s discoverer have?",
            "Where was the discoverer of {e} a national of?",
            "{e} was discovered by someone of what nationality?",
        ],
    ),
    (
        ["named_by", "alma_mater"],
        [
            "Where did the scientist who named {e} study?",
            "Which university did the person who described {e} attend?",
            "What is the alma mater of {e}'s namer?",
            "Where was the naturalist who described {e} educated?",
            "The person who gave {e} its name graduated from which institution?",
            "Where did {e}'s describer go to university?",
        ],
    ),
    (
        ["moon_of", "orbits"],
        [
            "Which star does {e}'s planet orbit?",
            "What star is the planet of {e} circling?",
            "The planet {e} orbits goes around which star?",
            "Around which star does {e}'s host planet revolve?",
            "What is the parent star of the planet {e} belongs to?",
            "{e} circles a planet that orbits which star?",
        ],
    ),
    (
        ["orbits", "constellation"],
        [
            "In which constellation is the star that {e} orbits?",
            "What constellation is {e}'s star in?",
            "The star {e} circles lies in which constellation?",
            "Which constellation hosts the parent star of {e}?",
            "Where in the sky is {e}'s sun, constellation-wise?",
            "In what constellation can the star around which {e} revolves be found?",
        ],
    ),
    (
        ["sky_discoverer", "employer"],
        [
            "Where did the astronomer who discovered {e} work?",
            "Which institution employed {e}'s discoverer?",
            "Who was the employer of the person who first spotted {e}?",
            "The discoverer of {e} was on the staff of which institution?",
            "At what institution did the finder of {e} work?",
            "Where did whoever discovered {e} hold a post?",
        ],
    ),
    (
        ["discovery_site", "city"],
        [
            "In which city is the observatory where {e} was discovered?",
            "What city is the observatory that found {e} in?",
            "Where is the observatory that first spotted {e} located?",
            "{e} was discovered at an observatory in which city?",
            "Which city hosts the observatory credited with finding {e}?",
            "The observatory that discovered {e} is in what city?",
        ],
    ),
    (
        ["employer", "city"],
        [
            "In which city is {e}'s institution?",
            "What city did {e} work in?",
            "Where is the institution that employed {e} located?",
            "Which city is {e}'s workplace in?",
            "{e} worked at an institution in which city?",
            "The place {e} worked is in what city?",
        ],
    ),
    (
        ["advisor", "employer"],
        [
            "Where did {e}'s doctoral advisor work?",
            "Which institution employed {e}'s phd supervisor?",
            "Who employed the scientist who supervised {e}'s doctorate?",
            "{e}'s advisor held a post at which institution?",
            "Where was the person who mentored {e}'s phd on the staff?",
            "At what institution did {e}'s doctoral supervisor work?",
        ],
    ),
    (
        ["advisor", "advisor"],
        [
            "Who was the doctoral advisor of {e}'s advisor?",
            "Who supervised the phd of {e}'s supervisor?",
            "Who was {e}'s academic grandparent?",
            "Under whom did {e}'s doctoral advisor earn a doctorate?",
            "Who mentored {e}'s phd supervisor?",
            "{e}'s advisor got their doctorate under which scientist?",
        ],
    ),
    (
        ["named_after", "nationality"],
        [
            "What nationality was the person {e} is named after?",
            "Which country was {e}'s namesake a citizen of?",
            "The person {e} honours held which nationality?",
            "What citizenship did the namesake of {e} hold?",
            "{e} is named for someone of what nationality?",
            "Where was {e}'s namesake a national of?",
        ],
    ),
    (
        ["species_found", "genus"],
        [
            "What genera do the species {e} discovered belong to?",
            "Which genus is the species discovered by {e} in?",
            "In what genus are the animals {e} found?",
            "The species {e} discovered are classified under which genera?",
            "To which genus does {e}'s discovery belong?",
            "What genus were the creatures {e} discovered placed in?",
        ],
    ),
    (
        ["planets", "sky_discoverer"],
        [
            "Who discovered the planets orbiting {e}?",
            "Which astronomers found the planets of {e}?",
            "Who spotted the worlds that circle {e}?",
            "The planets around {e} were discovered by whom?",
            "Who is credited with finding {e}'s planets?",
            "Who first found the planets that go around {e}?",
        ],
    ),
]

KIN_3: list[Spec] = [
    (
        ["father", "wife", "nationality"],
        [
            "What is the nationality of {e}'s father's wife?",
            "Which country was {e}'s dad's wife a citizen of?",
            "What nationality was the woman {e}'s father married?",
            "{e}'s father's spouse held what citizenship?",
            "Where was the wife of {e}'s father a national of?",
            "What nationality was {e}'s old man's missus?",
        ],
    ),
    (
        ["spouse", "child", "gender"],
        [
            "What is the gender of {e}'s spouse's children?",
            "Were {e}'s spouse's kids boys or girls?",
            "What sex are the children of the person {e} married?",
            "{e}'s husband's or wife's children: male or female?",
            "What gender were the offspring of {e}'s other half?",
            "Is the child of {e}'s spouse a man or a woman?",
        ],
    ),
    (
        ["mother", "father", "title"],
        [
            "What title did {e}'s maternal grandfather hold?",
            "What was the noble title of {e}'s mum's dad?",
            "By what title was {e}'s mother's father known?",
            "{e}'s mother's father bore which title?",
            "What rank of nobility did the father of {e}'s mother have?",
            "Which title did {e}'s grandfather on the mother's side carry?",
        ],
    ),
    (
        ["father", "father", "birthplace"],
        [
            "Where was {e}'s paternal grandfather born?",
            "Where was {e}'s father's father born?",
            "In which city was the dad of {e}'s dad born?",
            "What was the birthplace of {e}'s grandad on the father's side?",
            "{e}'s father's old man was born where?",
            "Where did {e}'s father's father come into the world?",
        ],
    ),
    (
        ["spouse", "father", "religion"],
        [
            "What religion did {e}'s father-in-law follow?",
            "Which faith did {e}'s spouse's father practise?",
            "What was the religion of the father of the person {e} married?",
            "{e}'s husband's or wife's dad was of which faith?",
            "What church did {e}'s spouse's father belong to?",
            "What did {e}'s father-in-law believe in, religion-wise?",
        ],
    ),
    (
        ["child", "spouse", "nationality"],
        [
            "What nationality were the people {e}'s children married?",
            "Which country were {e}'s kids' spouses citizens of?",
            "What citizenship did {e}'s children's husbands and wives hold?",
            "{e}'s children married people of what nationality?",
            "What nationality were {e}'s sons- and daughters-in-law?",
            "Where were the spouses of {e}'s offspring nationals of?",
        ],
    ),
    (
        ["sibling", "child", "birthplace"],
        [
            "Where were {e}'s nieces and nephews born?",
            "In which cities were {e}'s siblings' children born?",
            "Where were the kids of {e}'s brothers and sisters born?",
            "What are the birthplaces of {e}'s siblings' children?",
            "{e}'s siblings had children born where?",
            "Where did {e}'s nieces and nephews come into the world?",
        ],
    ),
    (
        ["mother", "sibling", "spouse"],
        [
            "Who married {e}'s mum's siblings?",
            "Who were the spouses of {e}'s mother's brothers and sisters?",
            "Whom did {e}'s mother's brothers and sisters marry?",
            "Who did {e}'s mother's siblings wed?",
            "{e}'s mum's brothers and sisters tied the knot with whom?",
            "Who was married to a brother or sister of {e}'s mother?",
        ],
    ),
    (
        ["founded", "heir", "spouse"],
        [
            "Who was married to the heir of the company {e} founded?",
            "Who was the spouse of whoever inherited the firm {e} started?",
            "Whom did the heir to the company {e} set up marry?",
            "The company {e} founded passed to an heir; who did that heir marry?",
            "Who was the husband or wife of the person who inherited the business {e} founded?",
            "Who wed the heir of the firm established by {e}?",
        ],
    ),
    (
        ["founded_by", "child", "profession"],
        [
            "What did the children of {e}'s founder do for a living?",
            "What were the occupations of the kids of the person who started {e}?",
            "How did the offspring of {e}'s founder earn a living?",
            "The founder of {e} had children; what were their jobs?",
            "What line of work were the children of whoever set up {e} in?",
            "What professions did the sons and daughters of {e}'s founder have?",
        ],
    ),
    (
        ["father", "founded", "headquarters"],
        [
            "Where is the company {e}'s father founded based?",
            "In which city is the firm started by {e}'s dad headquartered?",
            "Where does the business {e}'s father set up have its head office?",
            "{e}'s father founded a company; which city is it run from?",
            "Which city is home to the firm {e}'s old man established?",
            "Where is the headquarters of the company founded by the father of {e}?",
        ],
    ),
    (
        ["spouse", "house", "house_seat"],
        [
            "Where was the seat of the house {e}'s spouse belonged to?",
            "From which city did the dynasty of {e}'s husband or wife rule?",
            "Where was {e}'s spouse's noble house seated?",
            "{e} married into a house seated where?",
            "Which city was the seat of {e}'s other half's family house?",
            "Where did the house of the person {e} married hold court?",
        ],
    ),
    (
        ["mother", "husband", "deathplace"],
        [
            "Where did {e}'s mum's husband die?",
            "Where did the man {e}'s mother married pass away?",
            "In which city did {e}'s mother's husband breathe his last?",
            "What was the place of death of the husband of {e}'s mother?",
            "{e}'s mother's husband died where?",
            "Where did {e}'s mum's spouse meet his end?",
        ],
    ),
    (
        ["father", "birthplace", "country"],
        [
            "In which country was {e}'s father born?",
            "What country is {e}'s dad's birthplace in?",
            "{e}'s father was born in which country?",
            "In what country did {e}'s old man come into the world?",
            "The city {e}'s father was born in is in which country?",
            "Which nation was the father of {e} born in?",
        ],
    ),
    (
        ["sibling", "spouse", "house"],
        [
            "Which houses did {e}'s siblings marry into?",
            "What dynasties did the spouses of {e}'s brothers and sisters come from?",
            "The people {e}'s siblings married belonged to which noble houses?",
            "Which noble house were {e}'s siblings' husbands and wives members of?",
            "What family lines did {e}'s siblings' spouses come from?",
            "{e}'s brothers and sisters wed members of which houses?",
        ],
    ),
    (
        ["godparent", "spouse", "nationality"],
        [
            "What nationality were the spouses of {e}'s godparents?",
            "Which country were the husbands and wives of {e}'s godparents citizens of?",
            "{e}'s godparents were married to people of what nationality?",
            "What citizenship did the spouses of the people who stood godparent to {e} hold?",
            "Where were {e}'s godparents' other halves nationals of?",
            "The godparents of {e} had spouses of which nationality?",
        ],
    ),
    (
        ["spouse", "son", "profession"],
        [
            "What did {e}'s spouse's son do for a living?",
            "What was the job of the son of the person {e} married?",
            "How did {e}'s husband's or wife's son earn a living?",
            "What was the occupation of {e}'s spouse's boy?",
            "{e}'s other half had a son; what was his line of work?",
            "What profession did the son of {e}'s spouse follow?",
        ],
    ),
]

NATURE_3: list[Spec] = [
    (
        ["moon_of", "orbits", "constellation"],
        [
            "In which constellation is the star that {e}'s planet orbits?",
            "What constellation is the sun of {e}'s planet in?",
            "The planet {e} circles orbits a star in which constellation?",
            "Where in the sky is the star of {e}'s planet, constellation-wise?",
            "Which constellation hosts the star around which {e}'s planet revolves?",
            "What constellation holds the parent star of the planet {e} orbits?",
        ],
    ),
    (
        ["moon_of", "orbits", "spectral_type"],
        [
            "What spectral type is the star that {e}'s planet orbits?",
            "What kind of star does the planet {e} circles go around?",
            "What is the spectral class of the sun of {e}'s planet?",
            "The planet of {e} orbits a star of which spectral type?",
            "How is the parent star of {e}'s planet classified spectrally?",
            "What's the stellar classification of the star {e}'s host planet orbits?",
        ],
    ),
    (
        ["predator", "genus", "genus_family"],
        [
            "What family does the genus of {e}'s predator belong to?",
            "To which family do the genera of the animals that hunt {e} belong?",
            "The predators of {e} are in genera of which family?",
            "Which family contains the genus of whatever eats {e}?",
            "What family is the genus of {e}'s hunters placed in?",
            "{e} is hunted by animals whose genus sits in which family?",
        ],
    ),
    (
        ["species_discoverer", "employer", "city"],
        [
            "In which city is the institution where {e}'s discoverer worked?",
            "What city was the employer of the person who discovered {e} in?",
            "The scientist who found {e} worked at an institution in which city?",
            "Where is the workplace of {e}'s discoverer located?",
            "Which city hosted the institution that employed the discoverer of {e}?",
            "In what city did the discoverer of {e} hold a post?",
        ],
    ),
    (
        ["sky_discoverer", "alma_mater", "city"],
        [
            "In which city did the discoverer of {e} go to university?",
            "Where is the university attended by the astronomer who found {e}?",
            "What city is the alma mater of {e}'s discoverer in?",
            "The person who first spotted {e} studied in which city?",
            "Which city was the discoverer of {e} educated in?",
            "In what city is the school where {e}'s discoverer studied?",
        ],
    ),
    (
        ["named_by", "advisor", "nationality"],
        [
            "What nationality was the doctoral advisor of the scientist who named {e}?",
            "Which country was the phd supervisor of {e}'s describer a citizen of?",
            "The person who named {e} did a doctorate under someone of what nationality?",
            "What citizenship did the advisor of {e}'s namer hold?",
            "Where was the doctoral supervisor of whoever described {e} a national of?",
            "What nationality was the mentor of the scientist who gave {e} its name?",
        ],
    ),
    (
        ["discovery_site", "city", "country"],
        [
            "In which country is the observatory that discovered {e}?",
            "What country was {e} discovered in?",
            "The observatory that spotted {e} lies in which country?",
            "{e} was first seen from an observatory in which country?",
            "Which nation hosts the observatory credited with finding {e}?",
            "In what country is the observatory where {e} was found?",
        ],
    ),
    (
        ["orbits", "sky_discoverer", "employer"],
        [
            "Where did the discoverer of {e}'s star work?",
            "Which institution employed the person who discovered the star {e} orbits?",
            "The star that {e} circles was discovered by someone working where?",
            "Who employed the astronomer who found {e}'s parent star?",
            "At what institution did the discoverer of the star around {e} work?",
            "Where was the finder of {e}'s sun on the staff?",
        ],
    ),
    (
        ["advisor", "employer", "city"],
        [
            "In which city did {e}'s doctoral advisor work?",
            "What city is the institution of {e}'s phd supervisor in?",
            "{e}'s advisor worked at an institution in which city?",
            "Where is the workplace of the scientist who supervised {e}'s doctorate?",
            "Which city did {e}'s doctoral supervisor hold a post in?",
            "The person who mentored {e}'s phd worked in what city?",
        ],
    ),
    (
        ["employer", "city", "country"],
        [
            "In which country did {e} work?",
            "What country is {e}'s institution in?",
            "{e} held a post in which country?",
            "Which nation was {e}'s workplace in?",
            "The institution that employed {e} is in what country?",
            "In what country was {e} on the staff of an institution?",
        ],
    ),
    (
        ["species_discoverer", "birthplace", "country"],
        [
            "In which country was the discoverer of {e} born?",
            "What country was the person who discovered {e} born in?",
            "The scientist who first found {e} came into the world in which country?",
            "Which nation was {e}'s discoverer born in?",
            "In what country is the birthplace of whoever discovered {e}?",
            "{e} was discovered by someone born in which country?",
        ],
    ),
    (
        ["planets", "sky_discoverer", "nationality"],
        [
            "What nationality were the astronomers who discovered {e}'s planets?",
            "Which country were the people who found the planets orbiting {e} citizens of?",
            "The planets around {e} were found by astronomers of what nationality?",
            "What citizenship did the discoverers of {e}'s worlds hold?",
            "Where were the finders of the planets of {e} nationals of?",
            "The discoverers of the planets circling {e} held which nationality?",
        ],
    ),
    (
        ["named_after", "birthplace", "country"],
        [
            "In which country was {e}'s namesake born?",
            "Where was the person {e} is named after born, country-wise?",
            "What country did the person {e} honours come into the world in?",
            "The namesake of {e} was born in which country?",
            "Which nation was the person {e} was named after born in?",
            "In what country is the birthplace of {e}'s namesake?",
        ],
    ),
]


def build(rng: random.Random) -> tuple[KB, set[str]]:
    kb = KB()
    kin = Kin(rng)
    kin.draw()
    verbatim = kin.store(kb)
    draw_nature(kb, rng, kin)
    cities = sorted(
        {
            c
            for s in (
                "birthplace",
                "deathplace",
                "burial",
                "residence",
                "headquarters",
                "house_seat",
                "city",
            )
            for objects in kb.fwd[s].values()
            for c in objects
        }
    )
    where = {c: country for country, names in CITIES.items() for c in names}
    for city in cities:
        kb.add("country", city, where[city], CONTAINED_BY)
    derive(kb)
    return kb, verbatim


def generate(out: Path) -> None:
    rng = random.Random(SEED)
    kb, verbatim = build(rng)
    write_kb(kb.triples, out / "kb.txt")
    by_hops = (KIN_1 + NATURE_1, KIN_2 + NATURE_2, KIN_3 + NATURE_3)
    for name, specs in zip(QUESTION_FILES, by_hops, strict=True):
        questions = make_questions(kb, specs, PER_FILE, rng, LOWER_P, MAX_ANSWERS, verbatim)
        dump(questions, out / name)


if __name__ == "__main__":
    main(generate, __doc__.strip().splitlines()[0])
