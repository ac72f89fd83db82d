"""Proxy set: hospitals, physicians, drugs and grants beside airlines, airports and railways.

Two domains in one KB, with invented entities in 38 real cities of 14 countries.

* **Health and education**: 56 physicians (employer, visiting posts, alma mater,
  honorary doctorates, specialty, mentor), 24 hospitals (city, satellite sites, chief of
  staff, board chair, founder, founding year, teaching university), 12 universities,
  invented diseases and the drugs that treat them (side effects, maker, distributor,
  developer), 12 pharma companies, 30 research grants (principal investigator, funders).
* **Transport**: 14 airlines (hub, focus airports, headquarters, founding year,
  alliance, fleet, CEO, founder), 30 airports (city served, opening year), 18 aircraft
  models and their 6 makers, 14 railway lines and 8 ferry routes (first stop, terminus,
  operator) with their stations and ferry terminals.

41 relations in mixed naming: dotted Freebase (``medicine.drug.manufacturer``,
``aviation.airline.focus_cities``), ``__``-joined (``__people__person__place_of_birth``,
``__transport__station__city``), snake_case (``chief_of_staff``,
``affiliated_university``), camelCase (``hubAirport``, ``boardChair``), URIs
(``http://example.org/onto/locatedIn``), prefixed names (``schema:alumniOf``,
``schema:funder``). Five are stored only in reverse (``education.academic_mentor.mentees``
from mentor to student, ``organization.organization_founder.organizations_founded``,
``organization.organization.leadership_of`` from person to organization,
``aviation.airline_alliance.member_airlines``, ``http://example.org/onto/operatedBy``
from aircraft model to airline) and three with a marked inverse (``treats_inverse`` from
disease to drug, ``reverse_terminus`` from station to line, ``operated_by_inverse`` from
operator to route).

Distractors sit beside every answer: a hospital's chief of staff beside its board chair
and founder; a person's birthplace beside homes, deathplace and nationality; a drug's
maker beside its distributor and developer, what it treats beside its side effects; an
airline's hub beside its focus airports and headquarters city; a company's head office
beside its other sites; a physician's alma mater beside honorary degrees; founding years
beside opening years.

Run: ``.venv/bin/python -m bench.proxies.health_transport OUT``
"""

from __future__ import annotations

import itertools
import random
from pathlib import Path

from bench.proxies.common import KB, Spec, main, write_set

SEED = 20261203
PER_FILE = 250

COUNTRIES: list[tuple[str, list[str]]] = [
    ("Canada", ["Toronto", "Montreal", "Vancouver"]),
    ("United_States", ["Boston", "Chicago", "Seattle", "Denver"]),
    ("United_Kingdom", ["Manchester", "Edinburgh", "Bristol"]),
    ("France", ["Lyon", "Marseille", "Toulouse"]),
    ("Germany", ["Hamburg", "Munich", "Leipzig"]),
    ("Italy", ["Turin", "Bologna", "Naples"]),
    ("Spain", ["Valencia", "Seville", "Bilbao"]),
    ("Netherlands", ["Rotterdam", "Utrecht"]),
    ("Sweden", ["Gothenburg", "Uppsala"]),
    ("Norway", ["Bergen", "Trondheim"]),
    ("Japan", ["Osaka", "Sapporo", "Fukuoka"]),
    ("Australia", ["Perth", "Adelaide", "Brisbane"]),
    ("Brazil", ["Recife", "Curitiba"]),
    ("South_Africa", ["Durban", "Cape_Town"]),
]
PORTS = [
    "Vancouver",
    "Seattle",
    "Boston",
    "Bristol",
    "Edinburgh",
    "Marseille",
    "Hamburg",
    "Naples",
    "Valencia",
    "Rotterdam",
    "Gothenburg",
    "Bergen",
    "Trondheim",
    "Fukuoka",
    "Brisbane",
    "Durban",
    "Cape_Town",
    "Recife",
]

FIRST = [
    "Ingrid",
    "Tomas",
    "Amara",
    "Keiko",
    "Rafael",
    "Odile",
    "Henrik",
    "Priya",
    "Mateo",
    "Sunniva",
    "Leopold",
    "Yara",
    "Colm",
    "Beatriz",
    "Noor",
    "Dmitri",
    "Elodie",
    "Kwame",
    "Ilse",
    "Marcus",
    "Hana",
    "Teodor",
    "Fiona",
    "Oskar",
    "Lucia",
    "Emeka",
    "Signe",
    "Ruben",
    "Mirela",
    "Jasper",
    "Akiko",
    "Florian",
    "Grete",
    "Idris",
    "Carmen",
    "Benedikt",
    "Aoife",
    "Vikram",
    "Solveig",
    "Lorenzo",
    "Thandiwe",
    "Pieter",
    "Maren",
    "Haruto",
    "Catalina",
    "Evander",
    "Ottilie",
    "Nikolai",
    "Rosalind",
    "Paloma",
    "Kenji",
    "Liesel",
    "Duncan",
    "Imogen",
    "Tariq",
    "Astrid",
    "Felix",
    "Mariana",
]
SURNAMES = [
    "Halvorsen",
    "Okonkwo",
    "Brightwater",
    "Castellano",
    "Vennholm",
    "Achterberg",
    "Morrow",
    "Fairweather",
    "Ishikawa",
    "Lindqvist",
    "Moreau",
    "Quillfeather",
    "Rasmussen",
    "Santangelo",
    "Thorne",
    "Umberfield",
    "Valcourt",
    "Wexley",
    "Yardley",
    "Zeller",
    "Abernathy",
    "Blackwood",
    "Carrow",
    "Dunmore",
    "Esterhazy",
    "Falkenrath",
    "Greaves",
    "Hollis",
    "Ivanova",
    "Jarrow",
    "Larkin",
    "Marchetti",
    "Nakamura",
    "Oyelaran",
    "Pennington",
    "Rowntree",
    "Sadler",
    "Tremaine",
    "Underhill",
    "Vasquez",
    "Whitlock",
    "Yoshida",
    "Zamora",
    "Ashcombe",
    "Brannigan",
    "Calloway",
    "Devereux",
    "Ellingham",
    "Fenwick",
    "Garroway",
    "Hartigan",
    "Jessup",
    "Kavanagh",
    "Lockridge",
    "Merriweather",
    "Norrington",
    "Ortega",
    "Prescott",
    "Stanhope",
    "Talbot",
    "Vossberg",
    "Winterbourne",
    "Aldana",
    "Beaumont",
    "Corvino",
    "Drachmann",
    "Eberhardt",
    "Farrow",
    "Goldhaber",
    "Hesketh",
    "Iwasaki",
    "Jorgensen",
    "Kowalczyk",
    "Lemaire",
    "Mwangi",
    "Nordstrom",
    "Olawale",
    "Petrakis",
]

HOSPITALS = [
    "St_Anselm_General_Hospital",
    "Mercy_Vale_Hospital",
    "Greyfriars_Infirmary",
    "Holy_Cross_Medical_Centre",
    "Brightmoor_Childrens_Hospital",
    "Silver_Birch_Hospital",
    "St_Brigid_Memorial_Hospital",
    "Lakeshore_Heart_Institute",
    "Northgate_General_Hospital",
    "Our_Lady_of_the_Harbour_Hospital",
    "Kingsmere_Royal_Infirmary",
    "Elmstead_Cancer_Centre",
    "Riverbend_University_Hospital",
    "St_Columba_Hospital",
    "Westhaven_Clinic",
    "Amberley_Neurological_Hospital",
    "Cedar_Hill_Hospital",
    "Sacred_Heart_Teaching_Hospital",
    "Foxglove_Hospital",
    "Meadowlark_Medical_Centre",
    "St_Aidan_Regional_Hospital",
    "Harrowfield_General_Hospital",
    "Bellwether_Hospital",
    "Good_Samaritan_Eastside_Hospital",
]
UNIVERSITIES = [
    "Calder_University",
    "Veraine_School_of_Medicine",
    "Ostwald_Medical_College",
    "Royal_Aldermoor_University",
    "Thessaly_Institute_of_Health",
    "Marisol_University",
    "Northmarch_College_of_Physicians",
    "Brenholt_University",
    "Linnea_Medical_Academy",
    "Ashgrove_University",
    "Kaimana_Institute_of_Medicine",
    "Pelling_University",
]
SPECIALTIES = [
    "Cardiology",
    "Oncology",
    "Neurology",
    "Pediatrics",
    "Dermatology",
    "Nephrology",
    "Endocrinology",
    "Rheumatology",
    "Pulmonology",
    "Gastroenterology",
]
DISEASES = [
    "Tidewater_Fever",
    "Amber_Lung_Disease",
    "Copperline_Anemia",
    "Marsh_Ague",
    "Glasswing_Syndrome",
    "Redmoor_Palsy",
    "Vesper_Dermatitis",
    "Hollow_Bone_Disease",
    "Cinder_Cough",
    "Lanternfish_Syndrome",
    "Blue_Harbour_Fever",
    "Salt_Marsh_Arthritis",
    "Thornback_Migraine",
    "Quiet_Heart_Syndrome",
    "Frostbloom_Rash",
    "Ironvale_Nephritis",
    "Slow_Tide_Myopathy",
    "Winterglass_Asthma",
    "Palefield_Encephalitis",
    "Rushlight_Thyroiditis",
    "Dovecote_Colitis",
    "Ember_Skin_Disorder",
    "Sable_Vein_Thrombosis",
    "Moorland_Sleeping_Sickness",
]
SYMPTOMS = [
    "Nausea",
    "Insomnia",
    "Dizziness",
    "Headache",
    "Skin_Rash",
    "Fatigue",
    "Dry_Mouth",
    "Weight_Gain",
    "Blurred_Vision",
    "Hair_Loss",
]
DRUG_HEADS = ["Cal", "Dor", "Ven", "Lux", "Mir", "Tor", "Zan", "Bel", "Oxa", "Quel", "Ser", "Vex"]
DRUG_TAILS = [
    "azine",
    "ivir",
    "olol",
    "umab",
    "ostat",
    "epride",
    "afil",
    "idone",
    "oxin",
    "ymex",
    "arin",
    "ectin",
]
PHARMA = [
    "Norrland_Pharma",
    "Astera_Biologics",
    "Helix_Vale_Therapeutics",
    "Corvane_Laboratories",
    "Meridia_Health_Sciences",
    "Pallas_Pharmaceuticals",
    "Quorum_Biotech",
    "Solent_Medica",
    "Tamarind_Life_Sciences",
    "Umbria_Generics",
    "Vantor_Pharma",
    "Wyndmere_Biopharma",
]
GRANT_HEADS = [
    "Bright_Horizon",
    "Northern_Light",
    "Open_Door",
    "Clear_Path",
    "First_Step",
    "Long_View",
]
GRANT_TAILS = ["Discovery", "Frontier", "Pathways", "Catalyst", "Legacy"]

AIRLINES = [
    "Aero_Boreal",
    "Skyvale_Airways",
    "Meridian_Air",
    "Cobalt_Wings",
    "Austral_Jet",
    "Sunfinch_Airlines",
    "Pacifica_Crown",
    "Northwind_Express",
    "Laurel_Air",
    "Tasman_Blue",
    "Condessa_Airlines",
    "Saffron_Sky",
    "Harbinger_Air",
    "Emberline",
]
ALLIANCES = ["Polar_Star_Alliance", "Skybridge_Group", "Horizon_Union", "Terra_Link_Alliance"]
AIRPORTS = [
    "Ravensmoor_Airport",
    "Kingsfield_International",
    "Alderwick_Field",
    "Bramblecross_Airport",
    "Cormorant_Point_Airport",
    "Duskwater_International",
    "Eastmarch_Airport",
    "Falconridge_International",
    "Glenhollow_Airport",
    "Highmere_Airport",
    "Ironreach_International",
    "Juniper_Flats_Airport",
    "Kittiwake_Bay_Airport",
    "Longmeadow_International",
    "Mistral_Plains_Airport",
    "Nightingale_Field",
    "Orchard_Vale_Airport",
    "Pinecrest_International",
    "Quayside_Airport",
    "Redwing_International",
    "Stormhaven_Airport",
    "Thistledown_Airport",
    "Upperton_Field",
    "Vantage_Hill_International",
    "Willowmere_Airport",
    "Yarrow_Heath_Airport",
    "Zephyr_Downs_Airport",
    "Amberfield_International",
    "Blackthorn_Airport",
    "Coldharbour_International",
]
MAKERS = [
    "Valkyr_Aerospace",
    "Strand_Aircraft_Works",
    "Condor_Aviation_Industries",
    "Meridale_Aeronautics",
    "Sakurajima_Aero_Systems",
    "Brightwing_Aircraft",
]
MODELS = [
    "Kestrel_700",
    "Albatross_X2",
    "Petrel_200",
    "Osprey_Jet_90",
    "Swift_440",
    "Heron_R5",
    "Tern_100",
    "Gannet_330",
    "Merlin_S8",
    "Plover_52",
    "Curlew_610",
    "Shearwater_770",
    "Skua_24",
    "Avocet_150",
    "Lapwing_900",
    "Fulmar_310",
    "Dunlin_480",
    "Egret_220",
]
RAIL_LINES = [
    "Northern_Arrow_Line",
    "Coastway_Express",
    "Silver_Fern_Line",
    "Highland_Meridian",
    "Valley_Link_Line",
    "Amber_Corridor",
    "Blue_Heron_Railway",
    "Crownpoint_Line",
    "Iron_Lark_Express",
    "Saltmarsh_Line",
    "Twin_Rivers_Line",
    "Orchard_Loop",
    "Granite_Way_Line",
    "Sundial_Express",
]
FERRY_ROUTES = [
    "Skerry_Sound_Ferry",
    "Gull_Crossing",
    "Brinewater_Passage",
    "Seal_Rock_Ferry",
    "Harbour_Light_Crossing",
    "Whitecap_Route",
    "Breakwater_Strait_Ferry",
    "Lantern_Bay_Crossing",
]
STATIONS = [
    "Harbor_Gate_Station",
    "Kingsway_Central",
    "Elm_Row_Station",
    "Foundry_Lane_Station",
    "Regent_Yards_Station",
    "Bishops_Walk_Station",
    "Corn_Exchange_Station",
    "Millbrook_Junction",
    "Oakhurst_Station",
    "Canal_Street_Terminal",
    "Pennyfield_Station",
    "Queens_Bridge_Station",
    "Saltworks_Halt",
    "Tanner_Row_Station",
    "Upper_Market_Station",
    "Wharfside_Station",
    "Beaconfield_Station",
    "Cathedral_Square_Station",
    "Drover_Lane_Station",
    "Eastgate_Terminus",
    "Fountain_Court_Station",
    "Greenway_Junction",
    "Hawthorn_Halt",
    "Ivy_Bridge_Station",
    "Jubilee_Parade_Station",
    "Lamplighter_Station",
    "Mariners_Rest_Station",
    "Northfield_Central",
    "Old_Mill_Station",
    "Parkside_Junction",
    "Riverside_Terminus",
    "Sheepfold_Station",
    "Tollgate_Station",
    "Weavers_Cross_Station",
]
TERMINALS = [
    "Pier_7_Terminal",
    "Gull_Wharf_Terminal",
    "Anchor_Quay_Terminal",
    "Lighthouse_Pier",
    "Dockside_Ferry_Terminal",
    "Seawall_Terminal",
    "Shell_Point_Pier",
    "Harbourmaster_Quay",
    "Cutter_Dock",
    "Pilot_Wharf",
    "Kelp_Bay_Terminal",
    "North_Mole_Terminal",
]
RAIL_OPERATORS = ["Nordlink_Rail", "Crownrail_Group", "TransVale_Rail", "Ferrovia_Aurora"]
FERRY_OPERATORS = ["Coastal_Star_Ferries", "Bluewater_Lines"]

# Logical name -> stored name, how it is stored ("fwd", "rev": only the other direction,
# "marked": the other direction under a name that says so).
RELATIONS: dict[str, tuple[str, str]] = {
    # health and education
    "works_at": ("schema:worksFor", "fwd"),
    "consults_at": ("visiting_consultant_at", "fwd"),
    "trained_at": ("schema:alumniOf", "fwd"),
    "honorary": ("honoraryDoctorateFrom", "fwd"),
    "specialty": ("medicine.physician.specialty", "fwd"),
    "mentor": ("education.academic_mentor.mentees", "rev"),
    "born_in": ("__people__person__place_of_birth", "fwd"),
    "lives_in": ("__people__person__places_lived", "fwd"),
    "died_in": ("__people__deceased_person__place_of_death", "fwd"),
    "nationality": ("__people__person__nationality", "fwd"),
    "located_in": ("http://example.org/onto/locatedIn", "fwd"),
    "facility_cities": ("facility_cities", "fwd"),
    "chief_of_staff": ("chief_of_staff", "fwd"),
    "board_chair": ("boardChair", "fwd"),
    "hospital_founder": ("organization.organization_founder.organizations_founded", "rev"),
    "founded_year": ("yearFounded", "fwd"),
    "affiliated_university": ("affiliated_university", "fwd"),
    "country": ("location.location.containedby", "fwd"),
    "treats": ("treats_inverse", "marked"),
    "side_effect": ("medicine.drug.side_effects", "fwd"),
    "manufacturer": ("medicine.drug.manufacturer", "fwd"),
    "distributor": ("distributedBy", "fwd"),
    "developer": ("http://example.org/onto/developedBy", "fwd"),
    "hq": ("organization.organization.headquarters", "fwd"),
    "ceo": ("organization.organization.leadership_of", "rev"),
    "founded_by": ("foundedBy", "fwd"),
    "described_by": ("first_described_by", "fwd"),
    "grant_pi": ("medicine.research_grant.principal_investigator", "fwd"),
    "grant_funder": ("schema:funder", "fwd"),
    # transport
    "hub": ("hubAirport", "fwd"),
    "focus": ("aviation.airline.focus_cities", "fwd"),
    "serves_city": ("http://example.org/onto/servesCity", "fwd"),
    "airport_opened": ("opening_year", "fwd"),
    "airline_founded": ("aviation.airline.founded", "fwd"),
    "alliance": ("aviation.airline_alliance.member_airlines", "rev"),
    "fleet": ("http://example.org/onto/operatedBy", "rev"),
    "model_maker": ("aviation.aircraft_model.manufacturer", "fwd"),
    "origin": ("transport.route.origin", "fwd"),
    "terminus": ("reverse_terminus", "marked"),
    "station_city": ("__transport__station__city", "fwd"),
    "route_operator": ("operated_by_inverse", "marked"),
}


def link(kb: KB, logical: str, s: str, o: str, *also: str) -> None:
    """Store ``s logical o`` as RELATIONS says; ``also`` walks it under narrower names too."""
    stored, direction = RELATIONS[logical]
    inverse = direction != "fwd"
    kb.add(logical, s, o, stored, inverse)
    for name in also:
        kb.add(name, s, o, stored, inverse)


def year(rng: random.Random, lo: int, hi: int) -> str:
    return str(rng.randint(lo, hi))


def build(rng: random.Random) -> KB:
    kb = KB()
    cities: list[str] = []
    country_of: dict[str, str] = {}
    for country, names in COUNTRIES:
        for city in names:
            cities.append(city)
            country_of[city] = country
            link(kb, "country", city, country)
    countries = [country for country, _ in COUNTRIES]

    # people: physicians, then historical founders, then executives
    full_names = [f"{a}_{b}" for a, b in itertools.product(FIRST, SURNAMES)]
    people = rng.sample(full_names, 56 + 30 + 30)
    physicians, founders, executives = people[:56], people[56:86], people[86:]

    def personal(person: str, died_p: float) -> None:
        born = rng.choice(cities)
        link(kb, "born_in", person, born)
        homes = rng.sample([c for c in cities if c != born], rng.randint(1, 2))
        for home in homes:
            link(kb, "lives_in", person, home)
        if rng.random() < died_p:
            link(kb, "died_in", person, rng.choice([c for c in cities if c != born]))
        if rng.random() < 0.75:
            link(kb, "nationality", person, country_of[born])
        else:
            link(kb, "nationality", person, rng.choice(countries))

    for i, person in enumerate(physicians):
        personal(person, 0.6 if i < 20 else 0.1)
    for person in founders:
        personal(person, 0.7)
    for person in executives:
        personal(person, 0.05)

    # universities and hospitals
    for university in UNIVERSITIES:
        link(kb, "located_in", university, rng.choice(cities), "university_city")
        link(kb, "founded_year", university, year(rng, 1450, 1960), "university_founded")
    hospital_city: dict[str, str] = {}
    for hospital in HOSPITALS:
        city = rng.choice(cities)
        hospital_city[hospital] = city
        link(kb, "located_in", hospital, city, "hospital_city")
        for site in rng.sample([c for c in cities if c != city], rng.randint(1, 2)):
            link(kb, "facility_cities", hospital, site)
        link(kb, "founded_year", hospital, year(rng, 1840, 1985), "hospital_founded")
        for university in rng.sample(UNIVERSITIES, 2 if rng.random() < 0.2 else 1):
            link(kb, "affiliated_university", hospital, university)
        link(kb, "hospital_founder", hospital, rng.choice(founders))
        link(kb, "board_chair", hospital, rng.choice(executives))

    # physicians: every hospital gets staff, then each its chief of staff
    employer: dict[str, str] = {}
    order = rng.sample(HOSPITALS, len(HOSPITALS))
    for i, doctor in enumerate(physicians):
        hospital = order[i] if i < len(order) else rng.choice(HOSPITALS)
        employer[doctor] = hospital
        link(kb, "works_at", doctor, hospital)
        others = [h for h in HOSPITALS if h != hospital]
        for visited in rng.sample(others, rng.randint(0, 2)):
            link(kb, "consults_at", doctor, visited)
        schools = rng.sample(UNIVERSITIES, 2 if rng.random() < 0.3 else 1)
        for school in schools:
            link(kb, "trained_at", doctor, school)
        if rng.random() < 0.35:
            honour = rng.choice([u for u in UNIVERSITIES if u not in schools])
            link(kb, "honorary", doctor, honour)
        link(kb, "specialty", doctor, rng.choice(SPECIALTIES))
        if i >= 12 and rng.random() < 0.8:
            link(kb, "mentor", doctor, rng.choice(physicians[: min(i, 40)]))
    for hospital in HOSPITALS:
        staff = [d for d in physicians if employer[d] == hospital]
        link(kb, "chief_of_staff", hospital, rng.choice(staff))

    # companies: pharma, aircraft makers, rail and ferry operators
    for company in PHARMA + MAKERS + RAIL_OPERATORS + FERRY_OPERATORS:
        city = rng.choice(cities)
        link(kb, "hq", company, city)
        if company in PHARMA or company in MAKERS:
            for site in rng.sample([c for c in cities if c != city], rng.randint(1, 2)):
                link(kb, "facility_cities", company, site)
        link(kb, "ceo", company, rng.choice(executives))
        for founder in rng.sample(founders, 2 if rng.random() < 0.25 else 1):
            link(kb, "founded_by", company, founder)

    # diseases and drugs
    for disease in DISEASES:
        link(kb, "described_by", disease, rng.choice(physicians[:30]))
    drugs = [
        head + tail
        for head, tail in rng.sample(list(itertools.product(DRUG_HEADS, DRUG_TAILS)), 36)
    ]
    disease_order = rng.sample(DISEASES, len(DISEASES))
    for i, drug in enumerate(drugs):
        treated = [disease_order[i]] if i < len(disease_order) else []
        if not treated or rng.random() < 0.4:
            treated.append(rng.choice([d for d in DISEASES if d not in treated]))
        for disease in treated:
            link(kb, "treats", drug, disease)
        harms = SYMPTOMS + [d for d in DISEASES if d not in treated]
        for harm in rng.sample(harms, rng.randint(1, 3)):
            link(kb, "side_effect", drug, harm)
        maker, seller, inventor = rng.sample(PHARMA, 3)
        link(kb, "manufacturer", drug, maker)
        link(kb, "distributor", drug, seller)
        link(kb, "developer", drug, inventor)

    # research grants
    for head, tail in itertools.product(GRANT_HEADS, GRANT_TAILS):
        grant = f"{head}_{tail}_Grant"
        link(kb, "grant_pi", grant, rng.choice(physicians))
        for funder in rng.sample(PHARMA, 2 if rng.random() < 0.3 else 1):
            link(kb, "grant_funder", grant, funder)

    # airports and airlines
    for airport in AIRPORTS:
        link(kb, "serves_city", airport, rng.choice(cities))
        link(kb, "airport_opened", airport, year(rng, 1928, 2016))
    for i, model in enumerate(MODELS):
        maker = MAKERS[i] if i < len(MAKERS) else rng.choice(MAKERS)
        link(kb, "model_maker", model, maker)
    main_hubs = rng.sample(AIRPORTS, len(AIRLINES))
    for airline, main_hub in zip(AIRLINES, main_hubs, strict=True):
        hubs = [main_hub]
        if rng.random() < 0.2:
            hubs.append(rng.choice([a for a in AIRPORTS if a not in main_hubs]))
        for hub in hubs:
            link(kb, "hub", airline, hub)
        for focus in rng.sample([a for a in AIRPORTS if a not in hubs], rng.randint(1, 3)):
            link(kb, "focus", airline, focus)
        link(kb, "hq", airline, rng.choice(cities))
        link(kb, "airline_founded", airline, year(rng, 1919, 2008))
        if rng.random() < 0.8:
            link(kb, "alliance", airline, rng.choice(ALLIANCES))
        for model in rng.sample(MODELS, rng.randint(2, 4)):
            link(kb, "fleet", airline, model)
        link(kb, "ceo", airline, rng.choice(executives))
        link(kb, "founded_by", airline, rng.choice(founders))

    # railway lines and ferry routes
    station_city: dict[str, str] = {}
    for station in STATIONS:
        station_city[station] = rng.choice(cities)
        link(kb, "station_city", station, station_city[station])
    for terminal in TERMINALS:
        station_city[terminal] = rng.choice(PORTS)
        link(kb, "station_city", terminal, station_city[terminal])
    for routes, stops, operators in (
        (RAIL_LINES, STATIONS, RAIL_OPERATORS),
        (FERRY_ROUTES, TERMINALS, FERRY_OPERATORS),
    ):
        for route in routes:
            start = rng.choice(stops)
            end = rng.choice([s for s in stops if station_city[s] != station_city[start]])
            link(kb, "origin", route, start)
            link(kb, "terminus", route, end)
            link(kb, "route_operator", route, rng.choice(operators))

    for logical, name in (
        ("treats", "treated_by"),
        ("grant_pi", "grants_held"),
        ("hub", "hub_of"),
        ("alliance", "alliance_members"),
        ("fleet", "flown_by"),
    ):
        kb.rev(logical, name)
    return kb


SPECS_1: list[Spec] = [
    (
        ["works_at"],
        [
            "where does {e} work?",
            "which hospital employs {e}?",
            "where does {e} practise medicine?",
            "which hospital is {e} on the staff of?",
            "{e} works at which hospital?",
        ],
    ),
    (
        ["consults_at"],
        [
            "which hospitals does {e} visit as a consultant?",
            "where else does {e} see patients on a visiting basis?",
            "at which hospitals does {e} hold a visiting post?",
            "where does {e} drop in to consult?",
        ],
    ),
    (
        ["trained_at"],
        [
            "where did {e} go to medical school?",
            "which university did {e} graduate from?",
            "where did {e} study?",
            "what is {e}'s alma mater?",
            "where was {e} trained?",
        ],
    ),
    (
        ["honorary"],
        [
            "which university gave {e} an honorary doctorate?",
            "who awarded {e} an honorary degree?",
            "where did {e} get an honorary doctorate from?",
            "which school honoured {e} with a degree without the coursework?",
        ],
    ),
    (
        ["specialty"],
        [
            "what is {e}'s specialty?",
            "what kind of doctor is {e}?",
            "what field of medicine is {e} in?",
            "what does {e} specialise in?",
            "which branch of medicine does {e} practise?",
        ],
    ),
    (
        ["mentor"],
        [
            "who was {e}'s mentor?",
            "who taught {e} the trade?",
            "who took {e} under their wing?",
            "under whom did {e} learn medicine?",
        ],
    ),
    (
        ["born_in"],
        [
            "where was {e} born?",
            "what is {e}'s birthplace?",
            "where does {e} come from originally?",
            "in which city did {e} come into the world?",
        ],
    ),
    (
        ["lives_in"],
        [
            "where has {e} lived?",
            "which cities has {e} called home?",
            "where did {e} settle?",
            "where does {e} live?",
        ],
    ),
    (
        ["died_in"],
        [
            "where did {e} die?",
            "in what city did {e} pass away?",
            "where did {e} breathe their last?",
            "which city did {e} die in?",
        ],
    ),
    (
        ["nationality"],
        [
            "what nationality is {e}?",
            "which country is {e} a citizen of?",
            "what passport does {e} carry?",
            "where does {e} hold citizenship?",
        ],
    ),
    (
        ["hospital_city"],
        [
            "where is {e}?",
            "which city is {e} in?",
            "in what town would I find {e}?",
            "where is {e} located?",
        ],
    ),
    (
        ["university_city"],
        [
            "where is {e}?",
            "which city is {e}'s campus in?",
            "what city is {e} in?",
            "where would I go to study at {e}?",
        ],
    ),
    (
        ["facility_cities"],
        [
            "where else does {e} have sites?",
            "in which other cities does {e} run facilities?",
            "where are {e}'s satellite sites?",
            "which cities host a branch of {e}?",
        ],
    ),
    (
        ["chief_of_staff"],
        [
            "who is the chief of staff at {e}?",
            "who heads the medical staff at {e}?",
            "who is the top doctor at {e}?",
            "who is in charge of the doctors at {e}?",
        ],
    ),
    (
        ["board_chair"],
        [
            "who chairs the board of {e}?",
            "who is {e}'s board chair?",
            "who presides over the trustees of {e}?",
            "who sits at the head of {e}'s board table?",
        ],
    ),
    (
        ["hospital_founder"],
        [
            "who founded {e}?",
            "who set up {e}?",
            "who established {e}?",
            "who started {e}?",
        ],
    ),
    (
        ["hospital_founded"],
        [
            "when was {e} founded?",
            "what year did {e} open its doors?",
            "in which year was {e} established?",
            "how far back does {e} go?",
        ],
    ),
    (
        ["university_founded"],
        [
            "when was {e} founded?",
            "what year was {e} established?",
            "since when has {e} been around?",
            "in which year did {e} take in its first students?",
        ],
    ),
    (
        ["affiliated_university"],
        [
            "which university is {e} affiliated with?",
            "which medical school does {e} teach for?",
            "what university is {e} the teaching hospital of?",
            "whose students do their training at {e}?",
        ],
    ),
    (
        ["country"],
        [
            "which country is {e} in?",
            "{e} is in what country?",
            "what nation is {e} part of?",
            "in which country would I find the city of {e}?",
        ],
    ),
    (
        ["treats"],
        [
            "what is {e} prescribed for?",
            "what does {e} treat?",
            "what is {e} used for?",
            "what would a doctor give you {e} for?",
            "what condition is {e} taken for?",
        ],
    ),
    (
        ["treated_by"],
        [
            "what drugs treat {e}?",
            "what can you take for {e}?",
            "which medicine helps with {e}?",
            "what is {e} treated with?",
        ],
    ),
    (
        ["side_effect"],
        [
            "what are the side effects of {e}?",
            "what can {e} do to you besides helping?",
            "what are the downsides of taking {e}?",
            "what reactions can {e} cause?",
        ],
    ),
    (
        ["manufacturer"],
        [
            "who makes {e}?",
            "which company manufactures {e}?",
            "who produces {e}?",
            "whose factories turn out {e}?",
        ],
    ),
    (
        ["distributor"],
        [
            "who distributes {e}?",
            "which company ships {e} to pharmacies?",
            "who handles the distribution of {e}?",
            "who gets {e} onto pharmacy shelves?",
        ],
    ),
    (
        ["developer"],
        [
            "who developed {e}?",
            "which lab came up with {e}?",
            "who invented {e}?",
            "which company did the research behind {e}?",
        ],
    ),
    (
        ["hq"],
        [
            "where is {e} headquartered?",
            "where is {e} based?",
            "which city is {e}'s head office in?",
            "where does {e} have its main office?",
        ],
    ),
    (
        ["ceo"],
        [
            "who is the CEO of {e}?",
            "who runs {e}?",
            "who is the boss at {e}?",
            "who's at the helm of {e}?",
        ],
    ),
    (
        ["founded_by"],
        [
            "who founded {e}?",
            "who started {e}?",
            "who got {e} off the ground?",
            "who set up {e}?",
        ],
    ),
    (
        ["described_by"],
        [
            "who first described {e}?",
            "which doctor identified {e}?",
            "who discovered {e}?",
            "who was the first to write up {e}?",
        ],
    ),
    (
        ["grants_held"],
        [
            "what grants does {e} hold?",
            "which research grants has {e} won?",
            "what funding has {e} been awarded?",
            "which grants is {e} the lead on?",
        ],
    ),
    (
        ["grant_pi"],
        [
            "who leads {e}?",
            "who is the principal investigator on {e}?",
            "who was awarded {e}?",
            "whose research does {e} pay for?",
        ],
    ),
    (
        ["grant_funder"],
        [
            "who funds {e}?",
            "who is paying for {e}?",
            "which company bankrolls {e}?",
            "who put up the money for {e}?",
        ],
    ),
    (
        ["hub"],
        [
            "what is {e}'s hub?",
            "which airport is {e}'s main base?",
            "where does {e} hub?",
            "which airport does {e} mostly fly out of?",
        ],
    ),
    (
        ["hub_of"],
        [
            "which carrier calls {e} home?",
            "which airline hubs at {e}?",
            "whose hub is {e}?",
            "which airline has its main base at {e}?",
        ],
    ),
    (
        ["focus"],
        [
            "what are {e}'s focus airports?",
            "which secondary bases does {e} use?",
            "where else does {e} station planes besides its hub?",
            "which airports are focus airports for {e}?",
        ],
    ),
    (
        ["serves_city"],
        [
            "which city does {e} serve?",
            "what city is {e} the airport for?",
            "if I land at {e}, what city am I in?",
            "{e} is the airport of which city?",
        ],
    ),
    (
        ["airport_opened"],
        [
            "when did {e} open?",
            "what year did {e} open?",
            "when did {e} start handling flights?",
            "when did the first plane land at {e}?",
        ],
    ),
    (
        ["airline_founded"],
        [
            "when was {e} founded?",
            "what year did {e} start flying?",
            "when did {e} take to the skies?",
            "since when has {e} been around?",
        ],
    ),
    (
        ["alliance"],
        [
            "which alliance is {e} in?",
            "what alliance does {e} belong to?",
            "which airline group has {e} signed up to?",
            "who does {e} codeshare with, which alliance?",
        ],
    ),
    (
        ["alliance_members"],
        [
            "which airlines are in {e}?",
            "who are the members of {e}?",
            "which carriers belong to {e}?",
            "who flies under the {e} banner?",
        ],
    ),
    (
        ["fleet"],
        [
            "what does {e} fly?",
            "which aircraft does {e} operate?",
            "what planes are in {e}'s fleet?",
            "which aircraft types does {e} use?",
        ],
    ),
    (
        ["flown_by"],
        [
            "which airlines fly the {e}?",
            "who operates the {e}?",
            "which carriers use the {e}?",
            "who has the {e} in their fleet?",
        ],
    ),
    (
        ["model_maker"],
        [
            "who makes the {e}?",
            "who builds the {e}?",
            "which manufacturer produced the {e}?",
            "whose plane is the {e}?",
        ],
    ),
    (
        ["origin"],
        [
            "where does {e} start?",
            "what is the first stop on {e}?",
            "where does {e} begin?",
            "where do you board {e} at the start of the route?",
        ],
    ),
    (
        ["terminus"],
        [
            "where does {e} end?",
            "what is the last stop on {e}?",
            "what is the terminus of {e}?",
            "where does {e} terminate?",
        ],
    ),
    (
        ["station_city"],
        [
            "which city is {e} in?",
            "where is {e}?",
            "what town does {e} serve?",
            "where would I find {e}?",
        ],
    ),
    (
        ["route_operator"],
        [
            "who operates {e}?",
            "who runs {e}?",
            "which company runs services on {e}?",
            "whose trains or boats run on {e}?",
        ],
    ),
]

SPECS_2: list[Spec] = [
    (
        ["works_at", "hospital_city"],
        [
            "in which city does {e} work?",
            "what city is {e}'s hospital in?",
            "where is the hospital that employs {e}?",
            "which town does {e} go to work in?",
        ],
    ),
    (
        ["trained_at", "university_city"],
        [
            "in which city did {e} study medicine?",
            "where is {e}'s alma mater?",
            "what city did {e} go to medical school in?",
            "which city is the school {e} graduated from in?",
        ],
    ),
    (
        ["mentor", "works_at"],
        [
            "where does {e}'s mentor work?",
            "which hospital employs the doctor who trained {e}?",
            "at which hospital is {e}'s mentor on staff?",
            "where did the person who taught {e} the trade practise?",
        ],
    ),
    (
        ["mentor", "specialty"],
        [
            "what was the specialty of {e}'s mentor?",
            "what kind of doctor taught {e}?",
            "what field was {e}'s mentor in?",
            "what did the doctor who took {e} under their wing specialise in?",
        ],
    ),
    (
        ["born_in", "country"],
        [
            "in which country was {e} born?",
            "what country does {e} come from originally?",
            "which country is {e}'s birthplace in?",
            "{e} was born in what country?",
        ],
    ),
    (
        ["died_in", "country"],
        [
            "in which country did {e} die?",
            "what country did {e} pass away in?",
            "where in the world did {e} breathe their last, which country?",
            "{e} died in what country?",
        ],
    ),
    (
        ["chief_of_staff", "trained_at"],
        [
            "where did the chief of staff of {e} study?",
            "what school did {e}'s chief of staff graduate from?",
            "where was the top doctor at {e} trained?",
            "which university turned out {e}'s chief of staff?",
        ],
    ),
    (
        ["chief_of_staff", "born_in"],
        [
            "where was the chief of staff at {e} born?",
            "what is the hometown of {e}'s chief of staff?",
            "where does the head of the medical staff at {e} come from?",
            "in which city was {e}'s top doctor born?",
        ],
    ),
    (
        ["hospital_founder", "born_in"],
        [
            "where was the founder of {e} born?",
            "what was the birthplace of the person who set up {e}?",
            "where did whoever established {e} come from?",
            "in which city was {e}'s founder born?",
        ],
    ),
    (
        ["board_chair", "nationality"],
        [
            "what nationality is the chair of {e}'s board?",
            "which country is {e}'s board chair a citizen of?",
            "what passport does the person chairing {e} carry?",
            "where does the head of {e}'s trustees hold citizenship?",
        ],
    ),
    (
        ["hospital_city", "country"],
        [
            "what country is {e} in?",
            "in which country would I find {e}?",
            "which nation is {e} located in?",
            "{e} is in what country?",
        ],
    ),
    (
        ["affiliated_university", "university_city"],
        [
            "in which city is the university {e} is affiliated with?",
            "where is the medical school that {e} teaches for?",
            "what city is {e}'s partner university in?",
            "which city is home to the university behind {e}?",
        ],
    ),
    (
        ["affiliated_university", "university_founded"],
        [
            "when was the university {e} is affiliated with founded?",
            "what year was {e}'s partner university established?",
            "since when has the medical school {e} teaches for been around?",
            "when did the university behind {e} get going?",
        ],
    ),
    (
        ["treated_by", "manufacturer"],
        [
            "who makes the drugs for {e}?",
            "which companies produce medicine for {e}?",
            "which firms make treatments for {e}?",
            "who manufactures what's prescribed for {e}?",
        ],
    ),
    (
        ["treats", "described_by"],
        [
            "who first described the disease {e} treats?",
            "which doctor identified the illness {e} is prescribed for?",
            "who discovered the condition {e} is used against?",
            "who first wrote up what {e} is taken for?",
        ],
    ),
    (
        ["manufacturer", "hq"],
        [
            "where is the maker of {e} based?",
            "in which city is the company that makes {e} headquartered?",
            "which city is home to the manufacturer of {e}?",
            "where does the firm that produces {e} have its head office?",
        ],
    ),
    (
        ["manufacturer", "ceo"],
        [
            "who runs the company that makes {e}?",
            "who is the CEO of {e}'s manufacturer?",
            "who's the boss of the firm that produces {e}?",
            "who heads the maker of {e}?",
        ],
    ),
    (
        ["developer", "founded_by"],
        [
            "who founded the company that developed {e}?",
            "who started the lab that came up with {e}?",
            "who set up the firm that did the research behind {e}?",
            "who got the developer of {e} off the ground?",
        ],
    ),
    (
        ["distributor", "hq"],
        [
            "where is {e}'s distributor based?",
            "in which city is the company that distributes {e} headquartered?",
            "where does the firm shipping {e} to pharmacies have its head office?",
            "which city is the distributor of {e} in?",
        ],
    ),
    (
        ["described_by", "works_at"],
        [
            "where did the doctor who first described {e} work?",
            "which hospital employed the discoverer of {e}?",
            "where did whoever identified {e} practise?",
            "which hospital was the person who discovered {e} on the staff of?",
        ],
    ),
    (
        ["grants_held", "grant_funder"],
        [
            "which companies fund {e}'s research?",
            "who bankrolls {e}'s research?",
            "who pays for the grants {e} leads?",
            "whose money backs {e}'s work?",
        ],
    ),
    (
        ["grant_pi", "works_at"],
        [
            "which hospital is the lead of {e} based at?",
            "where does the principal investigator of {e} work?",
            "which hospital employs the person who was awarded {e}?",
            "where does whoever leads {e} practise?",
        ],
    ),
    (
        ["grant_funder", "hq"],
        [
            "where is the funder of {e} based?",
            "in which city is the company paying for {e} headquartered?",
            "where does whoever bankrolls {e} have its head office?",
            "which city is the sponsor of {e} in?",
        ],
    ),
    (
        ["ceo", "born_in"],
        [
            "where was the CEO of {e} born?",
            "where is the head of {e} from originally?",
            "what is the birthplace of the person running {e}?",
            "in which city was {e}'s boss born?",
        ],
    ),
    (
        ["founded_by", "died_in"],
        [
            "where did the founder of {e} die?",
            "in which city did the person who started {e} pass away?",
            "where did whoever set up {e} breathe their last?",
            "which city did {e}'s founder die in?",
        ],
    ),
    (
        ["hub", "serves_city"],
        [
            "which city is {e}'s hub in?",
            "what city does {e} mostly fly out of?",
            "which city is home to {e}'s main airport?",
            "where is {e}'s hub, which city?",
        ],
    ),
    (
        ["hub", "airport_opened"],
        [
            "when did {e}'s hub airport open?",
            "what year did the main base of {e} open?",
            "when did the airport {e} calls home start handling flights?",
            "how old is {e}'s hub, what year did it open?",
        ],
    ),
    (
        ["hub_of", "alliance"],
        [
            "which alliance does the airline based at {e} belong to?",
            "what alliance is the carrier that hubs at {e} in?",
            "which airline group is the home carrier of {e} part of?",
            "the airline whose hub is {e} is in which alliance?",
        ],
    ),
    (
        ["hub_of", "ceo"],
        [
            "who runs the airline that calls {e} home?",
            "who is the CEO of the carrier hubbed at {e}?",
            "who's at the helm of the airline based at {e}?",
            "who is the boss of the airline whose hub is {e}?",
        ],
    ),
    (
        ["focus", "serves_city"],
        [
            "which cities are {e}'s focus cities?",
            "in which cities does {e} station planes besides its hub?",
            "what cities do {e}'s secondary bases serve?",
            "which cities does {e} use as secondary bases?",
        ],
    ),
    (
        ["fleet", "model_maker"],
        [
            "who builds the planes {e} flies?",
            "which manufacturers supply {e}'s fleet?",
            "whose aircraft does {e} operate?",
            "which planemakers does {e} buy from?",
        ],
    ),
    (
        ["flown_by", "hub"],
        [
            "which airports are hubs for the airlines flying the {e}?",
            "where are the carriers that use the {e} based, which airports?",
            "from which hub airports do the operators of the {e} fly?",
            "what are the main bases of airlines with the {e} in their fleet?",
        ],
    ),
    (
        ["model_maker", "hq"],
        [
            "where is the maker of the {e} based?",
            "in which city is the company that builds the {e} headquartered?",
            "where does the manufacturer of the {e} have its head office?",
            "which city is home to whoever makes the {e}?",
        ],
    ),
    (
        ["alliance_members", "hub"],
        [
            "which airports do the members of {e} hub at?",
            "where are the hubs of the airlines in {e}?",
            "what are the main airports of the carriers in {e}?",
            "which airports do {e} airlines call home?",
        ],
    ),
    (
        ["origin", "station_city"],
        [
            "which city does {e} depart from?",
            "from which city does {e} start?",
            "what city is the first stop of {e} in?",
            "where does {e} begin, which city?",
        ],
    ),
    (
        ["terminus", "station_city"],
        [
            "in which city does {e} end?",
            "what city is the last stop of {e} in?",
            "which city do you reach at the end of {e}?",
            "where does {e} terminate, which city?",
        ],
    ),
    (
        ["route_operator", "hq"],
        [
            "where is the company that runs {e} based?",
            "in which city is the operator of {e} headquartered?",
            "which city is home to whoever runs services on {e}?",
            "where does the operator of {e} have its head office?",
        ],
    ),
    (
        ["route_operator", "ceo"],
        [
            "who runs the company that operates {e}?",
            "who is the CEO of the operator of {e}?",
            "who is the boss of the firm running {e}?",
            "who's at the helm of the company behind {e}?",
        ],
    ),
    (
        ["station_city", "country"],
        [
            "which country is {e} in?",
            "in what country would I find {e}?",
            "{e} is in which country?",
            "what nation is {e} located in?",
        ],
    ),
    (
        ["serves_city", "country"],
        [
            "which country is {e} in?",
            "in what country would I land at {e}?",
            "{e} is an airport in which country?",
            "if I fly into {e}, what country am I in?",
        ],
    ),
]

SPECS_3: list[Spec] = [
    (
        ["works_at", "hospital_city", "country"],
        [
            "in which country does {e} work?",
            "what country is {e}'s hospital in?",
            "which country does {e} practise medicine in?",
            "{e} works at a hospital in which country?",
        ],
    ),
    (
        ["mentor", "trained_at", "university_city"],
        [
            "in which city did {e}'s mentor study?",
            "where is the alma mater of the doctor who trained {e}?",
            "what city did the person who taught {e} the trade go to medical school in?",
            "which city is the school {e}'s mentor graduated from in?",
        ],
    ),
    (
        ["mentor", "works_at", "hospital_city"],
        [
            "in which city does {e}'s mentor work?",
            "what city is the hospital of the doctor who trained {e} in?",
            "where did the person who took {e} under their wing practise, which city?",
            "which town does {e}'s mentor go to work in?",
        ],
    ),
    (
        ["chief_of_staff", "trained_at", "university_city"],
        [
            "in which city did the chief of staff of {e} study?",
            "where is the alma mater of {e}'s chief of staff?",
            "what city did the top doctor at {e} go to medical school in?",
            "which city is the university that trained {e}'s chief of staff in?",
        ],
    ),
    (
        ["chief_of_staff", "born_in", "country"],
        [
            "in which country was {e}'s chief of staff born?",
            "what country does the chief of staff at {e} come from originally?",
            "where was the head of the medical staff at {e} born, which country?",
            "the top doctor at {e} was born in what country?",
        ],
    ),
    (
        ["hospital_founder", "born_in", "country"],
        [
            "in which country was the founder of {e} born?",
            "what country did the person who set up {e} come from originally?",
            "whoever established {e} was born in which country?",
            "which country is the birthplace of {e}'s founder in?",
        ],
    ),
    (
        ["affiliated_university", "university_city", "country"],
        [
            "in which country is the university {e} is affiliated with?",
            "what country is {e}'s partner university in?",
            "which nation is the medical school {e} teaches for located in?",
            "the university behind {e} is in what country?",
        ],
    ),
    (
        ["manufacturer", "hq", "country"],
        [
            "in which country is the maker of {e} based?",
            "what country is the company that makes {e} headquartered in?",
            "which country does the firm that produces {e} call home?",
            "the manufacturer of {e} has its head office in what country?",
        ],
    ),
    (
        ["treats", "described_by", "works_at"],
        [
            "at which hospital did the discoverer of the disease {e} treats work?",
            "which hospital employed the doctor who first described what {e} is prescribed for?",
            "where did whoever identified the condition {e} is taken for practise?",
            "which hospital had on staff the person who first wrote up the illness {e} treats?",
        ],
    ),
    (
        ["treated_by", "manufacturer", "hq"],
        [
            "where are the makers of drugs for {e} based?",
            "in which cities are the companies producing medicine for {e} headquartered?",
            "which cities are home to the firms that make treatments for {e}?",
            "where do the manufacturers of what's prescribed for {e} have their head offices?",
        ],
    ),
    (
        ["grants_held", "grant_funder", "hq"],
        [
            "where are the companies funding {e}'s research based?",
            "in which cities are the firms bankrolling {e}'s research headquartered?",
            "which cities are home to whoever pays for {e}'s grants?",
            "where do the sponsors of {e}'s work have their head offices?",
        ],
    ),
    (
        ["developer", "founded_by", "born_in"],
        [
            "where was the founder of the company that developed {e} born?",
            "what is the birthplace of whoever started the lab that came up with {e}?",
            "in which city was the person who set up the firm behind the research on {e} born?",
            "where does the founder of {e}'s developer come from originally?",
        ],
    ),
    (
        ["hub", "serves_city", "country"],
        [
            "in which country is {e}'s hub?",
            "which country does {e} mostly fly out of?",
            "what country is {e}'s main airport in?",
            "where in the world is {e}'s hub, which country?",
        ],
    ),
    (
        ["fleet", "model_maker", "hq"],
        [
            "where are the makers of {e}'s planes based?",
            "in which cities are the companies that build {e}'s aircraft headquartered?",
            "which cities are home to the planemakers {e} buys from?",
            "where do the manufacturers of what {e} flies have their head offices?",
        ],
    ),
    (
        ["hub_of", "ceo", "born_in"],
        [
            "where was the boss of the airline based at {e} born?",
            "what is the birthplace of the CEO of the carrier that calls {e} home?",
            "in which city was the person running the airline hubbed at {e} born?",
            "where does the head of {e}'s home carrier come from originally?",
        ],
    ),
    (
        ["hub_of", "fleet", "model_maker"],
        [
            "who builds the planes flown by the airline that hubs at {e}?",
            "which manufacturers supply the fleet of the carrier based at {e}?",
            "whose aircraft does the airline that calls {e} home operate?",
            "which planemakers does {e}'s home airline buy from?",
        ],
    ),
    (
        ["alliance_members", "hub", "serves_city"],
        [
            "which cities do the airlines of {e} hub in?",
            "in which cities are the hubs of the carriers in {e}?",
            "what cities are home to the main airports of {e} members?",
            "where do {e} airlines mostly fly out of, which cities?",
        ],
    ),
    (
        ["terminus", "station_city", "country"],
        [
            "in which country does {e} end?",
            "what country is the last stop of {e} in?",
            "which country do you reach at the end of {e}?",
            "where does {e} terminate, which country?",
        ],
    ),
    (
        ["origin", "station_city", "country"],
        [
            "in which country does {e} start?",
            "what country is the first stop of {e} in?",
            "from which country does {e} depart?",
            "where does {e} begin, which country?",
        ],
    ),
    (
        ["route_operator", "ceo", "born_in"],
        [
            "where was the head of the company running {e} born?",
            "what is the birthplace of the CEO of {e}'s operator?",
            "in which city was the boss of the firm that runs {e} born?",
            "where does the person at the helm of {e}'s operator come from originally?",
        ],
    ),
]


def generate(out: Path) -> None:
    rng = random.Random(SEED)
    kb = build(rng)
    write_set(out, kb, (SPECS_1, SPECS_2, SPECS_3), PER_FILE, rng)


if __name__ == "__main__":
    main(generate, "Write the health_transport proxy set: kb.txt and q1/q2/q3.jsonl.")
