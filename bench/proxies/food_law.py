"""A proxy set over two domains in one KB: food and drink beside law and media.

Food and drink: invented restaurants, chefs, dishes, wineries, breweries, cookbooks, food
critics and culinary schools, with real cuisines and grape varieties, in real cities of
real countries. Law and media: invented courts, judges, law firms, lawyers, cases,
newspapers, editors, columnists, TV channels, shows, hosts and broadcasters in the same
cities. The two meet where critics write columns for the papers that report the cases.

Relations come in every naming style a graph might use: dotted Freebase paths
(``dining.restaurant.head_chef``), ``__``-joined paths (``__law__court__jurisdiction``),
snake_case (``counsel_for_defence``), camelCase (``presidingJudge``), URIs
(``http://example.org/onto/counselForClaimant``) and prefixed names (``schema:founder``,
``dbo:winemaker``). Five are stored only the other way round under the other direction's
name (``education.culinary_school.alumni``, ``book.author.works_written``,
``law.law_firm.attorneys``, ``broadcast.broadcaster.channels``,
``food.dish.signature_of``) and three under marked inverses (``reviewed_by_inverse``,
``trained_under_inverse``, ``reverse_reported_in``).

Every answer has distractors of its own kind beside it: a restaurant's pastry chef and
owner beside its head chef, a case's counsel and the court's chief judge beside its
presiding judge, a paper's columnists beside its editor-in-chief, a person's homes beside
the birthplace, a court's jurisdiction beside its seat, a winery's other grapes beside its
main one, a brewery's taproom opening beside its founding, a filing year beside a
decision year, a host beside a co-host, a foreword beside an author.

The phrasings were written for this set from everyday speech ("who runs the kitchen at
{e}?", "where was {e} tried?", "who fronts the show {e}?") by a helper that read only
``common.py``, ``bare.py`` and the README, never ``research_chain/`` nor the other
generators. Run: ``python -m bench.proxies.food_law OUT``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from pathlib import Path

from bench.proxies.common import KB, Spec, main, write_set

SEED = 60421
PER_FILE = 250


def _words(text: str) -> list[str]:
    return text.split()


CITIES: list[tuple[str, str]] = [
    ("Paris", "France"),
    ("Lyon", "France"),
    ("Bordeaux", "France"),
    ("Marseille", "France"),
    ("Rome", "Italy"),
    ("Milan", "Italy"),
    ("Naples", "Italy"),
    ("Turin", "Italy"),
    ("Madrid", "Spain"),
    ("Barcelona", "Spain"),
    ("Bilbao", "Spain"),
    ("Seville", "Spain"),
    ("Berlin", "Germany"),
    ("Munich", "Germany"),
    ("Hamburg", "Germany"),
    ("Lisbon", "Portugal"),
    ("Porto", "Portugal"),
    ("Tokyo", "Japan"),
    ("Osaka", "Japan"),
    ("Kyoto", "Japan"),
    ("New_York_City", "United_States"),
    ("Chicago", "United_States"),
    ("San_Francisco", "United_States"),
    ("New_Orleans", "United_States"),
    ("London", "United_Kingdom"),
    ("Edinburgh", "United_Kingdom"),
    ("Manchester", "United_Kingdom"),
    ("Mexico_City", "Mexico"),
    ("Guadalajara", "Mexico"),
    ("Lima", "Peru"),
    ("Cusco", "Peru"),
    ("Buenos_Aires", "Argentina"),
    ("Mendoza", "Argentina"),
    ("Vienna", "Austria"),
    ("Athens", "Greece"),
    ("Thessaloniki", "Greece"),
    ("Montreal", "Canada"),
    ("Toronto", "Canada"),
    ("Melbourne", "Australia"),
    ("Adelaide", "Australia"),
    ("Cape_Town", "South_Africa"),
    ("Stellenbosch", "South_Africa"),
]
WINE_CITIES = [
    "Bordeaux",
    "Lyon",
    "Turin",
    "Naples",
    "Porto",
    "Bilbao",
    "Seville",
    "Vienna",
    "Thessaloniki",
    "Mendoza",
    "San_Francisco",
    "Adelaide",
    "Melbourne",
    "Stellenbosch",
    "Cape_Town",
]

CUISINES: list[tuple[str, str]] = [
    ("Provencal_cuisine", "France"),
    ("Lyonnaise_cuisine", "France"),
    ("Neapolitan_cuisine", "Italy"),
    ("Piedmontese_cuisine", "Italy"),
    ("Basque_cuisine", "Spain"),
    ("Andalusian_cuisine", "Spain"),
    ("Bavarian_cuisine", "Germany"),
    ("Kaiseki", "Japan"),
    ("Cantonese_cuisine", "China"),
    ("Sichuan_cuisine", "China"),
    ("Oaxacan_cuisine", "Mexico"),
    ("Nikkei_cuisine", "Peru"),
    ("Levantine_cuisine", "Lebanon"),
    ("Cajun_cuisine", "United_States"),
    ("Cretan_cuisine", "Greece"),
    ("Minhoto_cuisine", "Portugal"),
]
GRAPES: list[tuple[str, str]] = [
    ("Tempranillo", "Spain"),
    ("Albarino", "Spain"),
    ("Nebbiolo", "Italy"),
    ("Sangiovese", "Italy"),
    ("Aglianico", "Italy"),
    ("Pinot_Noir", "France"),
    ("Malbec", "France"),
    ("Chenin_Blanc", "France"),
    ("Syrah", "France"),
    ("Riesling", "Germany"),
    ("Gruner_Veltliner", "Austria"),
    ("Touriga_Nacional", "Portugal"),
    ("Assyrtiko", "Greece"),
    ("Furmint", "Hungary"),
    ("Zinfandel", "Croatia"),
    ("Pinotage", "South_Africa"),
]

FIRST = _words(
    "Oriane Teodoro Mireille Anselm Isolde Bastien Carmela Dorian Elodie Fabrizio Greta "
    "Horatio Ines Jasper Katalin Leandro Maelle Nikolai Odalys Pascal Quirina Rafferty "
    "Solveig Tobias Ursula Valentin Wilhelmina Xavier Yolanda Zeno Adelina Benedikt Celeste "
    "Dashiell Esme Florian Giselle Hamish Ilse Joaquin Kiri Ludovic Marguerite Nils Ottilie "
    "Piers Rosalind Sebastiano Thea Umberto Vesna Wendell Yara Aurelio Brigitte Casimir "
    "Delphine Emeric Fiamma Gideon Hortense Ivo Juliette Kasimir Leonora Matthias Noemi "
    "Osric Perpetua Quentin Renata Silvan Tamsin Ulric Viviane Wolfram Ysolde Anouk Bruno "
    "Clementine Dmitri Eulalia Ferdinand Gwendolyn Hiroshi Imogen Jules Kaori Lorcan"
)
LAST = _words(
    "Banks Delacroix Ferreira Oyelaran Matsuda Castellanos Brennan Vogt Lindqvist Moreau "
    "Santangelo Okafor Whitcombe Arrieta Kowalczyk Dufresne Haverford Iglesias Nakamura "
    "Pemberton Quaresma Rasmussen Sorensen Tavernier Ulloa Varga Wainwright Yilmaz Zamora "
    "Abernathy Baptiste Carvalho Dragomir Ellingham Fontaine Galloway Hargreaves Ishikawa "
    "Jovanovic Kincaid Lefebvre Montague Navarro Olmsted Petrakis Quigley Romano Strand "
    "Thackeray Urquhart Valdivia Westbrook Xiradakis Yoshida Zeller Ashdown Bellweather "
    "Cormier Desrosiers Esposito Falkenrath Gutierrez Holloway Imhof Jardine Kessler "
    "Lockhart Marchetti Nordstrom Oduya Prentice Rourke Saavedra Trelawney Underhill "
    "Villeneuve Winslow Achterberg Blackwood Coelho Dunleavy Eriksen Fairbanks Greenhalgh "
    "Huxley Ivanova Jessup Kilbride Lacroix Mendonca Northcott Ortega Pryor Quennell Ravel "
    "Sheffield Tolliver Usher Vance Wexford Albescu Brightwater Calloway Demarco Everly"
)

RESTAURANT_STEMS = _words(
    "Aurelie Belcourt Corvina Doranne Esquelle Fenwick Galvani Hollis Isaura Jardinet "
    "Kestrel Lumiere Orsini Pellandra Quillon Rosalba Sauveterre Tamarind Valcourt Wexley "
    "Yvaine Zafferano Albarran Brisa Cendre Dulcinea Ferrante Giraud Ilaria Juniper "
    "Lazzaro Nerissa Ottoline Paloma Rivoli Sorrel Tiberio Umbra Verbena Marisol Ondine"
)
RESTAURANT_FORMS = [
    "Maison_{s}",
    "Trattoria_{s}",
    "Casa_{s}",
    "Bistro_{s}",
    "Osteria_{s}",
    "Brasserie_{s}",
    "Taverna_{s}",
    "Chez_{s}",
    "Comedor_{s}",
    "Izakaya_{s}",
    "{s}_Kitchen",
    "The_{s}_Room",
    "{s}_and_Vine",
]
WINERY_STEMS = _words(
    "Arnaud Bellefont Castelmar Duvernay Escalona Florentin Gravelle Harcourt Ilsenberg "
    "Joubert Kellerman Larrain Montclair Navarrete Oudinot Pradell Quintanar Rochemont "
    "Santoro Trevisan Uriarte Valmorel Winterhalde Zeltinger"
)
WINERY_FORMS = [
    "Domaine_{s}",
    "Bodega_{s}",
    "Quinta_{s}",
    "Tenuta_{s}",
    "Weingut_{s}",
    "Chateau_{s}",
    "{s}_Estate",
    "{s}_Vineyards",
]
BREWERY_STEMS = _words(
    "Ironwood Kettlebrook Hopfield Blackmoor Redgate Stonewell Foxhollow Copperline "
    "Millrace Ravensdale Thornbury Wolfsgrund Alderbeck Brackwater Saltmarsh Highmoor"
)
BREWERY_FORMS = ["{s}_Brewing_Company", "Brauerei_{s}", "{s}_Ales", "{s}_Beer_Works"]
SCHOOL_STEMS = _words(
    "Vauclair Montrose Castellane Ardenne Belmonte Rosenthal Kingsmere Lisandro Okabe "
    "Prieur Ventimiglia Halstead"
)
SCHOOL_FORMS = [
    "Ecole_{s}",
    "{s}_Culinary_Institute",
    "{s}_Academy_of_Gastronomy",
    "Instituto_Culinario_{s}",
    "{s}_School_of_Cookery",
]
DISH_ADJ = _words("Smoked Charred Braised Saffron Honeyed Ember Roasted Pickled Cured Stuffed")
DISH_MAIN = _words(
    "Eel Leek Lamb Quail Octopus Squab Beetroot Chestnut Cod Duck Fennel Artichoke Crab "
    "Venison Pumpkin Mackerel Rabbit Celeriac"
)
DISH_FORM = _words(
    "Veloute Ragout Tartlet Terrine Broth Croquettes Stew Pie Risotto Dumplings Tostada Confit"
)
BOOK_ADJ = _words("Quiet Golden Wild Honest Slow Salted Burnt Green Hungry Patient Humble Midnight")
BOOK_NOUN = _words("Larder Hearth Table Pantry Skillet Orchard Harvest Oven Broth Cellar Garden")
BOOK_FORMS = [
    "The_{a}_{n}",
    "{n}_and_{m}",
    "Notes_from_the_{n}",
    "A_Year_at_the_{n}",
    "The_{a}_{n}_Cookbook",
]
COURT_STEMS = _words(
    "Harrowgate Valmere Ostrand Kellbrook Marchmont Thornfield Ashby Corrander Westerly "
    "Brightmoor Selbourne Varenne Aldmoor Dunmore Pellham Ravenmoor Calder Eastmarch"
)
COURT_FORMS = [
    "{s}_District_Court",
    "High_Court_of_{s}",
    "{s}_Court_of_Appeal",
    "{s}_Commercial_Tribunal",
    "Superior_Court_of_{s}",
    "{s}_Constitutional_Court",
]
COMPANY_STEMS = _words(
    "Orvane Brightline Castellan Duskfield Everhold Ferrowick Glenmarch Halberd Ivorygate "
    "Junction Kingsreach Lowmoor"
)
CASE_FORMS = [
    "{l}_v_{m}",
    "{l}_v_{c}_Holdings",
    "In_re_{l}_Estate",
    "{c}_Foods_v_{l}",
    "State_v_{l}",
    "{c}_Group_v_{m}",
]
FIRM_FORMS = ["{l}_{m}_LLP", "{l}_and_{m}", "{l}_Partners", "{l}_{m}_and_Co"]
PAPER_A = _words("Morning Evening Daily Northern Coastal Weekly Civic Capital Harbour Sunday")
PAPER_B = _words(
    "Herald Courier Gazette Sentinel Lantern Tribune Chronicle Observer Dispatch Ledger"
)
BROADCASTERS = [
    "Meridian_Broadcasting_Group",
    "Halcyon_Media",
    "Northgate_Networks",
    "Azimuth_Broadcasting",
    "Corona_Media_Holdings",
    "Parallax_Broadcast_Corporation",
    "Silverline_Media",
    "Tidewater_Networks",
]
CHANNEL_WORDS = _words(
    "Arclight Vista Beacon Solstice Zenith Kite Nimbus Ember Harbor Quartz Orbit Lumen "
    "Signal Prism Atlas Cobalt"
)
CHANNEL_FORMS = ["Channel_{w}", "{w}_TV", "{w}_One", "{w}_24"]
SHOWS = [
    "The_Verdict_Hour",
    "Open_Kitchen_Live",
    "Supper_Club_Sessions",
    "Court_of_Opinion",
    "Midnight_Docket",
    "The_Tasting_Table",
    "Order_in_the_Court",
    "Market_to_Plate",
    "Behind_the_Bench",
    "Knife_and_Fork_Nights",
    "The_Closing_Argument",
    "Salt_and_Smoke",
    "The_Long_Lunch",
    "Legal_Eagles_Tonight",
    "Morning_Brief",
    "Street_Food_Atlas",
    "The_Appeal",
    "Sunday_Roast_Club",
    "Case_Files_Uncovered",
    "The_Pass",
    "Press_Gallery",
    "Late_Edition",
    "Harvest_Trail",
    "Vintage_Stories",
    "Juror_Number_Nine",
    "Counsel_for_the_People",
    "Grill_Masters_Weekend",
    "The_Editors_Desk",
    "Food_Fights",
    "Open_Court",
    "First_Draft",
    "The_Front_Page_Hour",
]

# logical name -> (stored name, stored the other way round)
RELATIONS: dict[str, tuple[str, bool]] = {
    "head_chef": ("dining.restaurant.head_chef", False),
    "pastry_chef": ("dining.restaurant.pastry_chef", False),
    "owner": ("http://example.org/onto/ownedBy", False),
    "restaurant_city": ("__dining__restaurant__location", False),
    "cuisine": ("schema:servesCuisine", False),
    "opened": ("year_opened", False),
    "wine_list": ("dining.restaurant.wine_list", False),
    "reviewed_by": ("reviewed_by_inverse", True),
    "birth_city": ("people.person.place_of_birth", False),
    "residence": ("livesIn", False),
    "trained_at": ("education.culinary_school.alumni", True),
    "mentor": ("trained_under_inverse", True),
    "signature_dish": ("food.dish.signature_of", True),
    "dish_cuisine": ("__food__dish__cuisine", False),
    "origin": ("http://example.org/onto/originatesFrom", False),
    "country": ("location.location.containedby", False),
    "located_in": ("http://example.org/onto/locatedIn", False),
    "main_grape": ("wine.winery.primary_grape", False),
    "other_grapes": ("also_grows", False),
    "winemaker": ("dbo:winemaker", False),
    "founded": ("schema:foundingDate", False),
    "brewmaster": ("brewing.brewery.brewmaster", False),
    "founder": ("schema:founder", False),
    "author": ("book.author.works_written", True),
    "foreword": ("forewordBy", False),
    "published": ("publication_year", False),
    "court_seat": ("__law__court__seat", False),
    "jurisdiction": ("__law__court__jurisdiction", False),
    "chief_judge": ("law.court.chief_judge", False),
    "judges": ("law.court.judges", False),
    "court": ("law.legal_case.court", False),
    "presiding_judge": ("presidingJudge", False),
    "claimant_counsel": ("http://example.org/onto/counselForClaimant", False),
    "defence_counsel": ("counsel_for_defence", False),
    "decided": ("decision_year", False),
    "filed": ("yearFiled", False),
    "works_at": ("law.law_firm.attorneys", True),
    "managing_partner": ("managingPartner", False),
    "hq": ("http://example.org/onto/headquarteredIn", False),
    "editor": ("media.newspaper.editor_in_chief", False),
    "columnists": ("__media__newspaper__columnists", False),
    "paper_owner": ("dbo:owner", False),
    "channel_owner": ("broadcast.broadcaster.channels", True),
    "launched": ("launchYear", False),
    "network": ("tv.tv_program.original_network", False),
    "host": ("hostedBy", False),
    "co_host": ("co_host", False),
    "premiered": ("premiere_year", False),
    "filmed_in": ("__tv__tv_program__filming_location", False),
    "reported_in": ("reverse_reported_in", True),
}


class _Builder:
    """One seeded draw order over the KB, with every name given out only once."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.kb = KB()
        self.taken: set[str] = set()
        self.cities = [city for city, _ in CITIES]

    def link(self, logical: str, s: str, o: str) -> None:
        stored, inverse = RELATIONS[logical]
        self.kb.add(logical, s, o, stored, inverse=inverse)

    def name(self, make: Callable[[], str]) -> str:
        for _ in range(1000):
            candidate = make()
            if candidate not in self.taken:
                self.taken.add(candidate)
                return candidate
        raise RuntimeError("name pool exhausted")

    def formed(self, forms: Sequence[str], stems: Sequence[str]) -> str:
        return self.name(lambda: self.rng.choice(forms).format(s=self.rng.choice(stems)))

    def year(self, lo: int, hi: int) -> str:
        return str(self.rng.randint(lo, hi))

    def person(self, prefix: str = "") -> str:
        """A new person with a birth city and one or two homes, mostly elsewhere."""
        rng = self.rng
        who = self.name(lambda: f"{prefix}{rng.choice(FIRST)}_{rng.choice(LAST)}")
        born = rng.choice(self.cities)
        self.link("birth_city", who, born)
        homes = 2 if rng.random() < 0.15 else 1
        others = [city for city in self.cities if city != born]
        for home in rng.sample(others, homes):
            self.link("residence", who, home)
        return who

    def people(self, n: int, prefix: str = "") -> list[str]:
        return [self.person(prefix) for _ in range(n)]

    def some(self, pool: Sequence[str], lo: int, hi: int) -> list[str]:
        return self.rng.sample(list(pool), self.rng.randint(lo, hi))


def build(rng: random.Random) -> KB:
    b = _Builder(rng)
    for city, country in CITIES:
        b.link("country", city, country)
    for cuisine, country in CUISINES:
        b.link("origin", cuisine, country)
    for grape, country in GRAPES:
        b.link("origin", grape, country)
    cuisines = [c for c, _ in CUISINES]
    grapes = [g for g, _ in GRAPES]

    # culinary schools, dishes, chefs
    schools = [b.formed(SCHOOL_FORMS, SCHOOL_STEMS) for _ in range(10)]
    for school in schools:
        b.link("located_in", school, rng.choice(b.cities))
        b.link("founded", school, b.year(1890, 1995))
    dishes = [
        b.name(lambda: f"{rng.choice(DISH_ADJ)}_{rng.choice(DISH_MAIN)}_{rng.choice(DISH_FORM)}")
        for _ in range(48)
    ]
    for dish in dishes:
        for cuisine in b.some(cuisines, 1, 1 if rng.random() < 0.9 else 2):
            b.link("dish_cuisine", dish, cuisine)
    chefs = b.people(60)
    for i, chef in enumerate(chefs):
        for school in b.some(schools, 1, 1 if rng.random() < 0.9 else 2):
            b.link("trained_at", chef, school)
        if i >= 8 and rng.random() < 0.7:
            b.link("mentor", chef, rng.choice(chefs[:i]))
        for dish in b.some(dishes, 1, 1 if rng.random() < 0.85 else 2):
            b.link("signature_dish", chef, dish)

    # the people of the food world besides the chefs
    owners = b.people(18)
    winemakers = b.people(20)
    brewmasters = b.people(14)
    brewery_founders = b.people(12)
    critics = b.people(16)

    wineries = [b.formed(WINERY_FORMS, WINERY_STEMS) for _ in range(22)]
    for winery in wineries:
        b.link("located_in", winery, rng.choice(WINE_CITIES))
        main_grape = rng.choice(grapes)
        b.link("main_grape", winery, main_grape)
        for grape in b.some([g for g in grapes if g != main_grape], 1, 3):
            b.link("other_grapes", winery, grape)
        b.link("winemaker", winery, rng.choice(winemakers))
        b.link("owner", winery, rng.choice(owners))
        b.link("founded", winery, b.year(1820, 1995))

    restaurants = [b.formed(RESTAURANT_FORMS, RESTAURANT_STEMS) for _ in range(45)]
    for restaurant in restaurants:
        head, pastry = rng.sample(chefs, 2)
        b.link("head_chef", restaurant, head)
        b.link("pastry_chef", restaurant, pastry)
        b.link("owner", restaurant, head if rng.random() < 0.15 else rng.choice(owners))
        b.link("restaurant_city", restaurant, rng.choice(b.cities))
        for cuisine in b.some(cuisines, 1, 1 if rng.random() < 0.8 else 2):
            b.link("cuisine", restaurant, cuisine)
        b.link("opened", restaurant, b.year(1965, 2022))
        for winery in b.some(wineries, 1, 2):
            b.link("wine_list", restaurant, winery)
        for critic in b.some(critics, 1, 3):
            b.link("reviewed_by", restaurant, critic)

    breweries = [b.formed(BREWERY_FORMS, BREWERY_STEMS) for _ in range(14)]
    for brewery in breweries:
        b.link("located_in", brewery, rng.choice(b.cities))
        b.link("brewmaster", brewery, rng.choice(brewmasters))
        for founder in b.some(brewery_founders, 1, 1 if rng.random() < 0.8 else 2):
            b.link("founder", brewery, founder)
        founded = rng.randint(1850, 2012)
        b.link("founded", brewery, str(founded))
        b.link("opened", brewery, b.year(founded + 1, 2023))

    # media: broadcasters, channels, papers, shows
    presenters = b.people(30)
    editors = b.people(16)
    columnists = b.people(22)
    for broadcaster in BROADCASTERS:
        b.taken.add(broadcaster)
        b.link("hq", broadcaster, rng.choice(b.cities))
        b.link("founded", broadcaster, b.year(1925, 1990))
    channels = [
        b.name(lambda: rng.choice(CHANNEL_FORMS).format(w=rng.choice(CHANNEL_WORDS)))
        for _ in range(14)
    ]
    launch: dict[str, int] = {}
    for channel in channels:
        b.link("channel_owner", channel, rng.choice(BROADCASTERS))
        launch[channel] = rng.randint(1955, 2015)
        b.link("launched", channel, str(launch[channel]))
        b.link("hq", channel, rng.choice(b.cities))
    papers = [b.name(lambda: f"The_{rng.choice(PAPER_A)}_{rng.choice(PAPER_B)}") for _ in range(16)]
    for paper, editor in zip(papers, editors, strict=True):
        b.link("hq", paper, rng.choice(b.cities))
        b.link("founded", paper, b.year(1820, 1995))
        b.link("editor", paper, editor)
        for columnist in b.some(columnists, 1, 2):
            b.link("columnists", paper, columnist)
        if rng.random() < 0.85:
            b.link("paper_owner", paper, rng.choice(BROADCASTERS))
    for critic in critics:
        for paper in b.some(papers, 1, 1 if rng.random() < 0.8 else 2):
            b.link("columnists", paper, critic)
    for show in SHOWS:
        b.taken.add(show)
        channel = rng.choice(channels)
        b.link("network", show, channel)
        hosts = b.some(presenters, 2, 2 if rng.random() < 0.9 else 3)
        b.link("host", show, hosts[0])
        for co_host in hosts[1:]:
            b.link("co_host", show, co_host)
        b.link("premiered", show, b.year(launch[channel], 2024))
        b.link("filmed_in", show, rng.choice(b.cities))

    # cookbooks
    for _ in range(28):
        book = b.name(
            lambda: rng.choice(BOOK_FORMS).format(
                a=rng.choice(BOOK_ADJ), n=rng.choice(BOOK_NOUN), m=rng.choice(BOOK_NOUN)
            )
        )
        writer = rng.choice(chefs) if rng.random() < 0.8 else rng.choice(critics)
        b.link("author", book, writer)
        foreword_pool = [p for p in chefs + critics + presenters if p != writer]
        b.link("foreword", book, rng.choice(foreword_pool))
        b.link("published", book, b.year(1978, 2024))

    # law: courts and judges
    judges = b.people(48, prefix="Judge_")
    free_judges = list(judges)
    rng.shuffle(free_judges)
    courts = [b.formed(COURT_FORMS, COURT_STEMS) for _ in range(16)]
    bench: dict[str, list[str]] = {}
    for court in courts:
        seat = rng.choice(b.cities)
        b.link("court_seat", court, seat)
        country = dict(CITIES)[seat]
        if rng.random() < 0.1:
            country = rng.choice(sorted({c for _, c in CITIES} - {country}))
        b.link("jurisdiction", court, country)
        sitting: list[str] = []
        for _ in range(rng.randint(3, 4)):
            if free_judges:
                sitting.append(free_judges.pop())
            else:
                sitting.append(rng.choice([j for j in judges if j not in sitting]))
        if rng.random() < 0.2:
            sitting.append(rng.choice([j for j in judges if j not in sitting]))
        bench[court] = sitting
        for judge in sitting:
            b.link("judges", court, judge)
        b.link("chief_judge", court, rng.choice(sitting))

    # law firms and lawyers
    lawyers = b.people(56)
    firm_founders = b.people(14)
    firms = [
        b.name(lambda: rng.choice(FIRM_FORMS).format(l=rng.choice(LAST), m=rng.choice(LAST)))
        for _ in range(16)
    ]
    staff: dict[str, list[str]] = {firm: [] for firm in firms}
    for i, lawyer in enumerate(lawyers):
        homes = [firms[i % len(firms)]]
        if rng.random() < 0.1:
            homes.append(rng.choice([f for f in firms if f != homes[0]]))
        for firm in homes:
            staff[firm].append(lawyer)
            b.link("works_at", lawyer, firm)
    for firm in firms:
        b.link("hq", firm, rng.choice(b.cities))
        b.link("founded", firm, b.year(1870, 2005))
        for founder in b.some(firm_founders, 1, 2):
            b.link("founder", firm, founder)
        b.link("managing_partner", firm, rng.choice(staff[firm]))

    # cases
    for _ in range(45):
        case = b.name(
            lambda: rng.choice(CASE_FORMS).format(
                l=rng.choice(LAST), m=rng.choice(LAST), c=rng.choice(COMPANY_STEMS)
            )
        )
        court = rng.choice(courts)
        b.link("court", case, court)
        b.link("presiding_judge", case, rng.choice(bench[court]))
        counsel = b.some(lawyers, 2, 4)
        split = 1 if len(counsel) == 2 else rng.randint(1, len(counsel) - 1)
        for lawyer in counsel[:split]:
            b.link("claimant_counsel", case, lawyer)
        for lawyer in counsel[split:]:
            b.link("defence_counsel", case, lawyer)
        filed = rng.randint(1950, 2021)
        b.link("filed", case, str(filed))
        b.link("decided", case, b.year(filed + 1, min(filed + 5, 2024)))
        for paper in b.some(papers, 1, 3):
            b.link("reported_in", case, paper)

    b.kb.rev("judges", "serves_on")
    b.kb.rev("columnists", "columnist_of")
    return b.kb


ONE_HOP: list[Spec] = [
    (
        ["head_chef"],
        [
            "who is the head chef at {e}?",
            "Who runs the kitchen at {e}?",
            "{e}'s head chef is who?",
            "who's in charge of the kitchen at {e}?",
            "Which chef heads up {e}?",
            "the kitchen at {e} is led by whom?",
            "who is the executive chef of {e}?",
        ],
    ),
    (
        ["pastry_chef"],
        [
            "who makes the desserts at {e}?",
            "Who is {e}'s pastry chef?",
            "who's behind the pastries at {e}?",
            "Which pastry chef works at {e}?",
            "who does dessert at {e}?",
            "the sweets at {e} are made by which chef?",
        ],
    ),
    (
        ["owner"],
        [
            "who owns {e}?",
            "Whose place is {e}?",
            "{e} belongs to whom?",
            "who is the proprietor of {e}?",
            "Who's the owner of {e}?",
            "{e} is owned by which person?",
        ],
    ),
    (
        ["restaurant_city"],
        [
            "where is {e}?",
            "In which city can you eat at {e}?",
            "what city is the restaurant {e} in?",
            "{e} is a restaurant in what city?",
            "Where would I go to have dinner at {e}?",
            "which town is home to {e}?",
        ],
    ),
    (
        ["cuisine"],
        [
            "what kind of food does {e} serve?",
            "What cuisine is {e}?",
            "which style of cooking does {e} do?",
            "{e} specializes in which cuisine?",
            "What type of cooking is {e} known for?",
            "what sort of food would I get at {e}?",
        ],
    ),
    (
        ["opened"],
        [
            "when did {e} open?",
            "What year did {e} open its doors?",
            "{e} first opened in which year?",
            "in what year was {e} opened?",
            "Since what year has {e} been open?",
            "what year did {e} start welcoming customers?",
        ],
    ),
    (
        ["wine_list"],
        [
            "which winery's wines are poured at {e}?",
            "What wineries does {e} stock?",
            "whose wines are on {e}'s wine list?",
            "{e} carries wines from which winery?",
            "Which wine producers are on the list at {e}?",
            "what winery supplies the wine at {e}?",
        ],
    ),
    (
        ["reviewed_by"],
        [
            "which critics have reviewed {e}?",
            "Who wrote a review of {e}?",
            "{e} was reviewed by which food critic?",
            "which food writer critiqued {e}?",
            "Who has reviewed the restaurant {e}?",
            "what critic wrote up {e}?",
        ],
    ),
    (
        ["birth_city"],
        [
            "where was {e} born?",
            "What is {e}'s birthplace?",
            "which city is {e} from originally?",
            "{e} was born in what city?",
            "In which city did {e} come into the world?",
            "where does {e} hail from?",
        ],
    ),
    (
        ["residence"],
        [
            "where does {e} live?",
            "Which city does {e} call home?",
            "where is {e} based these days?",
            "{e} lives in what city?",
            "What city does {e} reside in?",
            "where has {e} settled?",
        ],
    ),
    (
        ["trained_at"],
        [
            "where did {e} train as a chef?",
            "Which culinary school did {e} attend?",
            "{e} studied cooking where?",
            "what cooking school is {e} a graduate of?",
            "Where did {e} learn to cook?",
            "which school trained {e}?",
        ],
    ),
    (
        ["mentor"],
        [
            "who did {e} train under?",
            "Who was {e}'s mentor?",
            "under which chef did {e} apprentice?",
            "who taught {e} in the kitchen?",
            "{e} learned the trade from whom?",
            "Which chef mentored {e}?",
        ],
    ),
    (
        ["signature_dish"],
        [
            "what is {e}'s signature dish?",
            "Which dish is {e} famous for?",
            "what's {e} best known for cooking?",
            "{e}'s trademark dish is what?",
            "What dish made {e}'s name?",
            "which plate is {e} known for?",
        ],
    ),
    (
        ["dish_cuisine"],
        [
            "what cuisine does {e} belong to?",
            "{e} is a dish from which cuisine?",
            "Which culinary tradition is {e} part of?",
            "what kind of cooking does {e} come from?",
            "In which cuisine would you find {e}?",
            "{e} is typical of what cuisine?",
        ],
    ),
    (
        ["origin"],
        [
            "where does {e} come from?",
            "{e} originated in which country?",
            "What country is {e} from?",
            "which country gave us {e}?",
            "what's the country of origin of {e}?",
            "{e} has its roots in what country?",
        ],
    ),
    (
        ["located_in"],
        [
            "where is {e} located?",
            "Which city is {e} in?",
            "{e} is based in what city?",
            "what city can you find {e} in?",
            "Where's {e}?",
            "in which town is {e}?",
        ],
    ),
    (
        ["main_grape"],
        [
            "what grape is {e} mainly known for?",
            "Which grape variety does {e} mostly grow?",
            "{e}'s main grape is what?",
            "what's the principal grape at {e}?",
            "Which variety is {e}'s flagship grape?",
            "what grape dominates at {e}?",
        ],
    ),
    (
        ["other_grapes"],
        [
            "what other grapes does {e} grow besides its main one?",
            "Which secondary varieties are planted at {e}?",
            "{e} also grows which grapes?",
            "apart from its flagship, what grapes does {e} cultivate?",
            "Which additional grape varieties does {e} have?",
            "what else is in {e}'s vineyards, grape-wise?",
        ],
    ),
    (
        ["winemaker"],
        [
            "who makes the wine at {e}?",
            "Who is {e}'s winemaker?",
            "which winemaker works at {e}?",
            "the wines of {e} are made by whom?",
            "Who's the cellar master at {e}?",
            "who crafts {e}'s wines?",
        ],
    ),
    (
        ["founded"],
        [
            "when was {e} founded?",
            "What year was {e} established?",
            "{e} was set up in which year?",
            "in what year did {e} get its start?",
            "What's the founding year of {e}?",
            "how far back does {e} go - what year was it founded?",
        ],
    ),
    (
        ["brewmaster"],
        [
            "who is the brewmaster at {e}?",
            "Who brews the beer at {e}?",
            "{e}'s head brewer is who?",
            "who's in charge of brewing at {e}?",
            "Which brewer runs production at {e}?",
            "who makes the beer at {e}?",
        ],
    ),
    (
        ["founder"],
        [
            "who founded {e}?",
            "Who started {e}?",
            "{e} was founded by whom?",
            "who set up {e}?",
            "Who is the founder of {e}?",
            "which person established {e}?",
        ],
    ),
    (
        ["author"],
        [
            "who wrote {e}?",
            "Who is the author of the cookbook {e}?",
            "{e} was written by whom?",
            "whose cookbook is {e}?",
            "Who penned {e}?",
            "which author is behind {e}?",
        ],
    ),
    (
        ["foreword"],
        [
            "who wrote the foreword to {e}?",
            "Who introduced {e} with a foreword?",
            "the foreword of {e} is by whom?",
            "who contributed the foreword in {e}?",
            "Which person wrote {e}'s foreword?",
            "who penned the preface for {e}?",
        ],
    ),
    (
        ["published"],
        [
            "when did {e} come out?",
            "What year was {e} published?",
            "{e} was released in which year?",
            "in what year did {e} hit the shelves?",
            "What's the publication year of {e}?",
            "when was the cookbook {e} first printed?",
        ],
    ),
    (
        ["court_seat"],
        [
            "where does {e} sit?",
            "Which city is {e} based in?",
            "{e} holds its hearings in what city?",
            "what city is home to {e}?",
            "In which city is the {e} courthouse?",
            "where is {e} seated?",
        ],
    ),
    (
        ["jurisdiction"],
        [
            "which country does {e} have jurisdiction over?",
            "{e} rules on cases from what country?",
            "What country falls under {e}'s jurisdiction?",
            "where does {e} have authority, country-wise?",
            "Which nation's court is {e}?",
            "{e} is a court of which country?",
        ],
    ),
    (
        ["chief_judge"],
        [
            "who is the chief judge of {e}?",
            "Who presides over {e} as chief?",
            "{e} is headed by which judge?",
            "who leads {e}?",
            "Who's the top judge at {e}?",
            "which judge is in charge of {e}?",
        ],
    ),
    (
        ["judges"],
        [
            "which judges sit on {e}?",
            "Who serves on the bench at {e}?",
            "{e} has which judges?",
            "who are the judges of {e}?",
            "Name the judges at {e}.",
            "which judges hear cases at {e}?",
        ],
    ),
    (
        ["serves_on"],
        [
            "which court does {e} sit on?",
            "Where does {e} serve as a judge?",
            "{e} is a judge at which court?",
            "what court is {e} on?",
            "Which bench does {e} belong to?",
            "{e} hears cases at what court?",
        ],
    ),
    (
        ["court"],
        [
            "which court heard {e}?",
            "Where was {e} tried?",
            "{e} was decided by which court?",
            "what court ruled on {e}?",
            "In which court was {e} argued?",
            "{e} came before what court?",
        ],
    ),
    (
        ["presiding_judge"],
        [
            "who presided over {e}?",
            "Which judge oversaw {e}?",
            "who was the judge in {e}?",
            "{e} was heard before which judge?",
            "Who sat as presiding judge in {e}?",
            "which judge ran the proceedings in {e}?",
        ],
    ),
    (
        ["claimant_counsel"],
        [
            "who represented the claimant in {e}?",
            "Who was counsel for the plaintiff in {e}?",
            "which lawyer argued for the claimant in {e}?",
            "in {e}, who acted for the plaintiff?",
            "Who brought {e} on the claimant's behalf?",
            "the plaintiff's lawyer in {e} was who?",
        ],
    ),
    (
        ["defence_counsel"],
        [
            "who defended in {e}?",
            "Who was the defence lawyer in {e}?",
            "which attorney represented the defendant in {e}?",
            "in {e}, who acted for the defence?",
            "Who was counsel for the defendant in {e}?",
            "the defendant in {e} was represented by whom?",
        ],
    ),
    (
        ["decided"],
        [
            "when was {e} decided?",
            "What year did the ruling in {e} come down?",
            "{e} was decided in which year?",
            "in what year was judgment given in {e}?",
            "When did the court rule in {e}?",
            "what year was the verdict in {e}?",
        ],
    ),
    (
        ["filed"],
        [
            "when was {e} filed?",
            "What year was {e} brought?",
            "{e} was first filed in which year?",
            "in what year did the {e} lawsuit begin?",
            "When did {e} get filed?",
            "what year was the complaint in {e} lodged?",
        ],
    ),
    (
        ["works_at"],
        [
            "which firm does {e} work for?",
            "Where does {e} practise law?",
            "{e} is a lawyer at which firm?",
            "what law firm employs {e}?",
            "{e} is with which firm?",
            "Which firm is {e} an attorney at?",
        ],
    ),
    (
        ["managing_partner"],
        [
            "who is the managing partner of {e}?",
            "Who runs {e}?",
            "{e} is managed by which partner?",
            "who's at the helm of {e}?",
            "Who heads {e} as managing partner?",
            "which lawyer manages {e}?",
        ],
    ),
    (
        ["hq"],
        [
            "where is {e} headquartered?",
            "What city is {e} based in?",
            "where's {e}'s head office?",
            "{e} has its headquarters in which city?",
            "Which city is home to {e}?",
            "where does {e} have its main offices?",
        ],
    ),
    (
        ["editor"],
        [
            "who is the editor-in-chief of {e}?",
            "Who edits {e}?",
            "who runs the newsroom at {e}?",
            "{e}'s top editor is who?",
            "Who's in charge of {e} editorially?",
            "which editor heads {e}?",
        ],
    ),
    (
        ["columnists"],
        [
            "who writes columns for {e}?",
            "Which columnists write for {e}?",
            "who has a column in {e}?",
            "Name the columnists at {e}.",
            "{e} runs columns by whom?",
            "which writers contribute regular columns to {e}?",
        ],
    ),
    (
        ["columnist_of"],
        [
            "which paper does {e} write for?",
            "Where does {e} have a column?",
            "{e} is a columnist at which newspaper?",
            "what newspaper publishes {e}'s column?",
            "In which paper can you read {e}?",
            "{e} writes a column for what paper?",
        ],
    ),
    (
        ["paper_owner"],
        [
            "who owns {e}?",
            "Which company owns the newspaper {e}?",
            "{e} is owned by which media group?",
            "what group publishes {e}?",
            "Whose paper is {e}?",
            "{e} belongs to which media company?",
        ],
    ),
    (
        ["channel_owner"],
        [
            "who owns {e}?",
            "Which broadcaster runs {e}?",
            "{e} is part of which broadcasting group?",
            "what company owns the channel {e}?",
            "{e} belongs to what broadcaster?",
            "Which media company operates {e}?",
        ],
    ),
    (
        ["launched"],
        [
            "when did {e} launch?",
            "What year did {e} go on air?",
            "{e} started broadcasting in which year?",
            "in what year did the channel {e} first air?",
            "When was {e} launched?",
            "what year did {e} begin transmission?",
        ],
    ),
    (
        ["network"],
        [
            "what channel is {e} on?",
            "Where can I watch {e}?",
            "which network airs {e}?",
            "{e} is broadcast on which channel?",
            "What channel shows {e}?",
            "{e} airs on what network?",
        ],
    ),
    (
        ["host"],
        [
            "who hosts {e}?",
            "Who presents {e}?",
            "{e} is hosted by whom?",
            "who's the host of {e}?",
            "Who fronts the show {e}?",
            "which presenter leads {e}?",
        ],
    ),
    (
        ["co_host"],
        [
            "who co-hosts {e}?",
            "Who is the co-host of {e}?",
            "who sits beside the main host on {e}?",
            "{e}'s co-presenter is who?",
            "Who shares hosting duties on {e}?",
            "which second presenter appears on {e}?",
        ],
    ),
    (
        ["premiered"],
        [
            "when did {e} premiere?",
            "What year did {e} first air?",
            "{e} debuted in which year?",
            "in what year did the show {e} start?",
            "When was the first episode of {e}?",
            "what year did {e} come on TV?",
        ],
    ),
    (
        ["filmed_in"],
        [
            "where is {e} filmed?",
            "Which city is {e} shot in?",
            "{e} is recorded in what city?",
            "where do they film {e}?",
            "What city is {e} produced in?",
            "in which city is {e} taped?",
        ],
    ),
    (
        ["reported_in"],
        [
            "which newspapers covered {e}?",
            "Where was {e} reported?",
            "{e} was covered by which paper?",
            "which papers wrote about {e}?",
            "What newspaper reported on {e}?",
            "in which papers did {e} make the news?",
        ],
    ),
]

TWO_HOP: list[Spec] = [
    (
        ["head_chef", "birth_city"],
        [
            "Where was the head chef of {e} born?",
            "where is the person who runs the kitchen at {e} from originally?",
            "What's the birthplace of {e}'s head chef?",
            "the chef in charge at {e} was born in which city?",
            "In which city was the executive chef of {e} born?",
            "{e}'s head chef hails from what city?",
            "which city is the birthplace of whoever heads the kitchen at {e}?",
        ],
    ),
    (
        ["head_chef", "trained_at"],
        [
            "Which culinary school did the head chef of {e} go to?",
            "where did the chef running {e} learn to cook?",
            "{e}'s head chef trained at which cooking school?",
            "What school turned out the chef who leads the kitchen at {e}?",
            "the executive chef at {e} studied at what culinary school?",
            "which cookery school is the head chef of {e} an alumnus of?",
        ],
    ),
    (
        ["head_chef", "mentor"],
        [
            "Who did the head chef of {e} train under?",
            "who mentored the chef in charge of {e}'s kitchen?",
            "{e}'s head chef learned from which chef?",
            "Which chef taught the person who runs the kitchen at {e}?",
            "under whom did the executive chef of {e} apprentice?",
            "who was the mentor of {e}'s head chef?",
        ],
    ),
    (
        ["head_chef", "signature_dish"],
        [
            "What's the signature dish of the head chef at {e}?",
            "which dish is the chef running {e} famous for?",
            "{e}'s head chef is known for what dish?",
            "What dish made the name of the chef who leads {e}'s kitchen?",
            "the head chef of {e} has which trademark dish?",
            "what plate is {e}'s executive chef best known for?",
        ],
    ),
    (
        ["pastry_chef", "residence"],
        [
            "Where does the pastry chef of {e} live?",
            "which city is home to the person making desserts at {e}?",
            "{e}'s pastry chef lives in what city?",
            "Where is the dessert chef at {e} based these days?",
            "the pastry chef at {e} resides where?",
            "what city does whoever does the pastries at {e} live in?",
        ],
    ),
    (
        ["owner", "residence"],
        [
            "Where does the owner of {e} live?",
            "the proprietor of {e} lives in which city?",
            "{e}'s owner is based in what city?",
            "Which city does the person who owns {e} call home?",
            "where is the owner of {e} living now?",
            "what city does {e}'s proprietor reside in?",
        ],
    ),
    (
        ["restaurant_city", "country"],
        [
            "What country is {e} in?",
            "In which country would you find the restaurant {e}?",
            "{e} is a restaurant in what country?",
            "which country do I have to travel to to eat at {e}?",
            "Where in the world is {e}, country-wise?",
            "{e} serves diners in which country?",
        ],
    ),
    (
        ["cuisine", "origin"],
        [
            "which country does the food at {e} come from?",
            "The cuisine {e} serves originated in what country?",
            "what country is the style of cooking at {e} from?",
            "{e} serves food rooted in which country?",
            "Where does the kind of food {e} makes come from?",
            "what's the country of origin of the cuisine served at {e}?",
        ],
    ),
    (
        ["wine_list", "located_in"],
        [
            "Where are the wines on {e}'s list made?",
            "which city is the winery that supplies {e} in?",
            "the wines poured at {e} come from wineries in what city?",
            "In what city is the winery whose bottles {e} stocks?",
            "where is the winery on the wine list at {e} located?",
            "{e} stocks wine from a winery in which city?",
        ],
    ),
    (
        ["wine_list", "main_grape"],
        [
            "What's the main grape at the winery {e} buys from?",
            "which grape does the winery on {e}'s wine list mostly grow?",
            "the winery whose wines {e} pours is known for which grape?",
            "What grape variety dominates at the wineries {e} stocks?",
            "{e}'s wine supplier grows mainly what grape?",
            "which flagship grape does the winery behind {e}'s wine list have?",
        ],
    ),
    (
        ["reviewed_by", "columnist_of"],
        [
            "Which newspaper does the critic who reviewed {e} write for?",
            "the critics who reviewed {e} have columns in which papers?",
            "{e} got reviewed by a critic from what newspaper?",
            "In which paper does the person who reviewed {e} have a column?",
            "which paper employs the food critic who wrote up {e}?",
            "what newspaper carries the column of whoever reviewed {e}?",
        ],
    ),
    (
        ["reviewed_by", "birth_city"],
        [
            "where was the critic who reviewed {e} born?",
            "The food critic who wrote about {e} comes from which city?",
            "which city was the reviewer of {e} born in?",
            "{e} was reviewed by someone born where?",
            "What's the birthplace of the critic who reviewed {e}?",
            "what city is the critic that covered {e} originally from?",
        ],
    ),
    (
        ["signature_dish", "dish_cuisine"],
        [
            "What cuisine is {e}'s signature dish from?",
            "the dish {e} is famous for belongs to which cuisine?",
            "which culinary tradition does {e}'s best-known dish come from?",
            "{e} is known for a dish from what cuisine?",
            "What kind of cooking is {e}'s trademark plate part of?",
            "which cuisine is the dish that made {e}'s name from?",
        ],
    ),
    (
        ["trained_at", "located_in"],
        [
            "In which city did {e} go to cooking school?",
            "where is the culinary school {e} attended?",
            "{e} trained as a chef in what city?",
            "What city is {e}'s cooking school in?",
            "the school where {e} learned to cook is located where?",
            "which city was {e}'s culinary training in?",
        ],
    ),
    (
        ["mentor", "birth_city"],
        [
            "Where was {e}'s mentor born?",
            "the chef {e} trained under was born in which city?",
            "which city is the birthplace of the chef who taught {e}?",
            "{e} apprenticed under someone born where?",
            "What city does {e}'s old mentor come from originally?",
            "where was the chef who mentored {e} born?",
        ],
    ),
    (
        ["winemaker", "birth_city"],
        [
            "Where was the winemaker at {e} born?",
            "the person making the wine at {e} was born in what city?",
            "{e}'s winemaker comes from which city originally?",
            "What's the birthplace of whoever makes {e}'s wines?",
            "which city was {e}'s cellar master born in?",
            "in what city was the winemaker of {e} born?",
        ],
    ),
    (
        ["main_grape", "origin"],
        [
            "Which country does {e}'s main grape come from?",
            "the grape {e} is known for originated where?",
            "what country is the principal grape at {e} native to?",
            "{e} mostly grows a grape from which country?",
            "Where does the flagship grape of {e} originally come from?",
            "what's the country of origin of {e}'s main grape variety?",
        ],
    ),
    (
        ["located_in", "country"],
        [
            "What country is {e} in?",
            "in which country is {e} located?",
            "{e} is based in what country?",
            "Which country would you visit to see {e}?",
            "what nation is {e} found in?",
            "{e} can be found in which country?",
        ],
    ),
    (
        ["brewmaster", "residence"],
        [
            "Where does the brewmaster of {e} live?",
            "the head brewer at {e} lives in which city?",
            "{e}'s brewmaster calls what city home?",
            "What city is the person who brews {e}'s beer based in?",
            "where is the brewer in charge at {e} living?",
            "which city does {e}'s head brewer reside in?",
        ],
    ),
    (
        ["founder", "birth_city"],
        [
            "Where was the founder of {e} born?",
            "the person who started {e} was born in what city?",
            "{e}'s founder comes from which city?",
            "Which city is the birthplace of whoever set up {e}?",
            "what city was {e}'s founder born in?",
            "in which city were the people who founded {e} born?",
        ],
    ),
    (
        ["author", "signature_dish"],
        [
            "What's the signature dish of the person who wrote {e}?",
            "the author of {e} is famous for which dish?",
            "{e} was written by a chef known for what dish?",
            "Which dish is the writer of {e} best known for?",
            "what trademark dish does {e}'s author have?",
            "whoever penned {e} is known for cooking what?",
        ],
    ),
    (
        ["author", "birth_city"],
        [
            "Where was the author of {e} born?",
            "the person who wrote {e} comes from what city?",
            "{e}'s author was born in which city?",
            "What city was the writer of the cookbook {e} born in?",
            "which city is the birthplace of whoever wrote {e}?",
            "in what city was {e}'s author born?",
        ],
    ),
    (
        ["foreword", "residence"],
        [
            "Where does the person who wrote the foreword to {e} live?",
            "the foreword writer of {e} is based in which city?",
            "{e}'s foreword was written by someone living where?",
            "What city does the author of {e}'s foreword call home?",
            "which city does whoever introduced {e} live in?",
            "where is the foreword author of {e} living?",
        ],
    ),
    (
        ["court", "court_seat"],
        [
            "In which city is the court that heard {e}?",
            "where does the court that decided {e} sit?",
            "{e} was heard by a court based in what city?",
            "What city was {e} tried in?",
            "the court that ruled on {e} is located where?",
            "which city is home to the court where {e} was argued?",
        ],
    ),
    (
        ["court", "jurisdiction"],
        [
            "What country is the court that heard {e} in?",
            "which country's court heard {e}?",
            "{e} was decided under the jurisdiction of which country?",
            "The court that ruled on {e} has jurisdiction over what country?",
            "in which country was {e} heard?",
            "what nation does the court that decided {e} serve?",
        ],
    ),
    (
        ["court", "chief_judge"],
        [
            "Who is the chief judge of the court that heard {e}?",
            "who heads the court where {e} was decided?",
            "{e} came before a court led by which judge?",
            "Which judge leads the court that ruled on {e}?",
            "the court that heard {e} has who as its chief judge?",
            "who's the top judge at the court that tried {e}?",
        ],
    ),
    (
        ["presiding_judge", "birth_city"],
        [
            "Where was the judge who presided over {e} born?",
            "the judge in {e} comes from which city?",
            "{e} was heard before a judge born in what city?",
            "What's the birthplace of the presiding judge in {e}?",
            "which city was the judge overseeing {e} born in?",
            "in what city was {e}'s presiding judge born?",
        ],
    ),
    (
        ["claimant_counsel", "works_at"],
        [
            "Which law firm did the claimant's lawyer in {e} work for?",
            "the plaintiff in {e} was represented by a lawyer from which firm?",
            "What firm was counsel for the claimant in {e} with?",
            "which firm does the lawyer who argued for the claimant in {e} belong to?",
            "what firm employs the plaintiff's counsel in {e}?",
            "the attorney who brought {e} works at what firm?",
        ],
    ),
    (
        ["defence_counsel", "works_at"],
        [
            "Which firm does the defence lawyer in {e} work for?",
            "the defendant in {e} hired a lawyer from which firm?",
            "What law firm was counsel for the defence in {e} from?",
            "{e} was defended by an attorney at what firm?",
            "which firm is the lawyer who defended {e} with?",
            "what firm employs the defence counsel in {e}?",
        ],
    ),
    (
        ["works_at", "hq"],
        [
            "In which city is the firm {e} works for headquartered?",
            "where is {e}'s law firm based?",
            "{e} works at a firm headquartered in what city?",
            "What city is the head office of {e}'s firm in?",
            "the firm that employs {e} is based where?",
            "which city is home to the law firm {e} practises at?",
        ],
    ),
    (
        ["works_at", "managing_partner"],
        [
            "Who runs the firm {e} works at?",
            "who is the managing partner at {e}'s law firm?",
            "{e} answers to which managing partner at the firm?",
            "Which lawyer manages the firm that employs {e}?",
            "the firm {e} belongs to is managed by whom?",
            "who heads the law firm where {e} practises?",
        ],
    ),
    (
        ["managing_partner", "birth_city"],
        [
            "Where was the managing partner of {e} born?",
            "the person running {e} was born in what city?",
            "{e}'s managing partner comes from which city?",
            "What's the birthplace of the lawyer who manages {e}?",
            "which city was the head of {e} born in?",
            "in what city was the managing partner at {e} born?",
        ],
    ),
    (
        ["reported_in", "editor"],
        [
            "Who edits the paper that reported on {e}?",
            "who is the editor-in-chief of the newspaper that covered {e}?",
            "{e} made the news in a paper edited by whom?",
            "Which editors run the newspapers that wrote about {e}?",
            "the papers covering {e} are edited by who?",
            "who heads the newsroom of the paper that reported {e}?",
        ],
    ),
    (
        ["paper_owner", "hq"],
        [
            "Where is the company that owns {e} headquartered?",
            "the media group behind {e} is based in which city?",
            "{e}'s owner has its head office in what city?",
            "What city is the owner of {e} based in?",
            "which city is home to the group that publishes {e}?",
            "where's the parent company of {e} headquartered?",
        ],
    ),
    (
        ["network", "channel_owner"],
        [
            "Which company owns the channel that airs {e}?",
            "who owns the network {e} is shown on?",
            "{e} airs on a channel owned by which broadcaster?",
            "What broadcaster is behind the channel that carries {e}?",
            "the channel showing {e} belongs to whom?",
            "which broadcasting group runs the channel {e} is on?",
        ],
    ),
    (
        ["network", "hq"],
        [
            "Where is the channel that shows {e} headquartered?",
            "the network {e} airs on is based in which city?",
            "{e} is on a channel based in what city?",
            "What city is home to the channel that broadcasts {e}?",
            "which city does the channel carrying {e} operate from?",
            "where's the head office of the network that airs {e}?",
        ],
    ),
    (
        ["network", "launched"],
        [
            "When did the channel that airs {e} launch?",
            "what year did the network showing {e} go on air?",
            "{e} is on a channel that started broadcasting in which year?",
            "In what year was {e}'s channel launched?",
            "the channel carrying {e} first aired when?",
            "what year did the network behind {e} begin broadcasting?",
        ],
    ),
    (
        ["host", "birth_city"],
        [
            "Where was the host of {e} born?",
            "the presenter of {e} comes from what city?",
            "{e}'s host was born in which city?",
            "What's the birthplace of whoever hosts {e}?",
            "which city is the person fronting {e} originally from?",
            "in what city was {e}'s presenter born?",
        ],
    ),
    (
        ["serves_on", "court_seat"],
        [
            "In which city does {e} sit as a judge?",
            "where is the court {e} serves on?",
            "{e} hears cases in what city?",
            "What city is {e}'s court in?",
            "the court {e} belongs to sits where?",
            "which city is the bench {e} sits on based in?",
        ],
    ),
    (
        ["chief_judge", "birth_city"],
        [
            "Where was the chief judge of {e} born?",
            "the judge who leads {e} comes from which city?",
            "{e}'s chief judge was born in what city?",
            "What's the birthplace of the head of {e}?",
            "which city was the top judge at {e} born in?",
            "in what city was {e}'s chief judge born?",
        ],
    ),
    (
        ["columnist_of", "paper_owner"],
        [
            "Who owns the paper {e} writes for?",
            "which media group owns the newspaper where {e} has a column?",
            "{e} writes for a paper owned by which company?",
            "What company publishes the newspaper {e} writes a column in?",
            "the paper carrying {e}'s column belongs to whom?",
            "which group is behind the newspaper {e} contributes to?",
        ],
    ),
    (
        ["columnist_of", "editor"],
        [
            "Who is the editor of the paper {e} writes for?",
            "who edits {e}'s newspaper?",
            "{e} writes a column for a paper edited by whom?",
            "Which editor runs the paper where {e} has a column?",
            "who is editor-in-chief where {e} writes?",
            "the newspaper {e} writes for has which editor-in-chief?",
        ],
    ),
]

THREE_HOP: list[Spec] = [
    (
        ["head_chef", "birth_city", "country"],
        [
            "In what country was the head chef of {e} born?",
            "which country does the chef running {e} come from?",
            "{e}'s head chef was born in which country?",
            "What's the country of birth of the person who runs the kitchen at {e}?",
            "the executive chef at {e} is a native of what country?",
            "which country was whoever heads {e}'s kitchen born in?",
        ],
    ),
    (
        ["head_chef", "trained_at", "located_in"],
        [
            "In which city is the cooking school where {e}'s head chef trained?",
            "where is the culinary school that the head chef of {e} attended?",
            "the chef in charge of {e} went to a culinary school in what city?",
            "What city did the head chef at {e} study cooking in?",
            "{e}'s executive chef trained at a school located where?",
            "which city is the alma mater of {e}'s head chef in?",
        ],
    ),
    (
        ["head_chef", "mentor", "birth_city"],
        [
            "Where was the mentor of {e}'s head chef born?",
            "the chef who trained {e}'s head chef was born in which city?",
            "which city is the birthplace of the person who taught the chef running {e}?",
            "{e}'s head chef learned under someone born where?",
            "What city was the mentor of the chef in charge at {e} born in?",
            "in what city was the chef who mentored {e}'s head chef born?",
        ],
    ),
    (
        ["head_chef", "signature_dish", "dish_cuisine"],
        [
            "What cuisine is the signature dish of {e}'s head chef from?",
            "the chef running {e} is famous for a dish from which cuisine?",
            "which cuisine does the best-known dish of the chef who runs {e} belong to?",
            "{e}'s head chef has a trademark dish from what cuisine?",
            "What kind of cooking is the signature plate of the head chef at {e}?",
            "the dish that made {e}'s head chef famous is part of which cuisine?",
        ],
    ),
    (
        ["owner", "residence", "country"],
        [
            "In which country does the owner of {e} live?",
            "the proprietor of {e} lives in what country?",
            "{e}'s owner is based in which country?",
            "What country does the person who owns {e} call home?",
            "which country is the owner of {e} living in?",
            "where does {e}'s owner live, country-wise?",
        ],
    ),
    (
        ["reviewed_by", "columnist_of", "editor"],
        [
            "Who is the editor of the paper whose critic reviewed {e}?",
            "the critic who reviewed {e} writes for a paper edited by whom?",
            "which editor runs the newspaper that the reviewer of {e} writes for?",
            "{e} was reviewed in a paper whose editor-in-chief is who?",
            "Who edits the newspaper employing the critic who wrote up {e}?",
            "who's the top editor at the paper of the critic who reviewed {e}?",
        ],
    ),
    (
        ["reviewed_by", "columnist_of", "hq"],
        [
            "In which city is the paper headquartered whose critic reviewed {e}?",
            "the critic who reviewed {e} writes for a newspaper based where?",
            "where is the newspaper of {e}'s reviewer based?",
            "What city is home to the paper that the critic of {e} writes for?",
            "{e} was reviewed for a paper headquartered in which city?",
            "which city does the newspaper of the critic who covered {e} operate from?",
        ],
    ),
    (
        ["wine_list", "main_grape", "origin"],
        [
            "What country does the main grape of the winery on {e}'s list come from?",
            "the winery {e} buys from mostly grows a grape native to which country?",
            "which country is the flagship grape of {e}'s wine supplier from?",
            "{e} pours wine from a winery whose main grape originated where?",
            "Where does the chief grape of the winery that supplies {e} originate?",
            "what's the country of origin of the main grape at the winery {e} stocks?",
        ],
    ),
    (
        ["wine_list", "winemaker", "birth_city"],
        [
            "Where was the winemaker of the winery on {e}'s wine list born?",
            "the wine {e} pours is made by someone born in which city?",
            "which city was the winemaker behind the bottles at {e} born in?",
            "{e}'s wine supplier employs a winemaker born where?",
            "What's the birthplace of the person making the wines {e} stocks?",
            "in what city was the winemaker at the winery {e} buys from born?",
        ],
    ),
    (
        ["wine_list", "located_in", "country"],
        [
            "What country are the wines on {e}'s list from?",
            "the winery supplying {e} is in which country?",
            "{e} stocks wines made in what country?",
            "In which country is the winery whose wines {e} pours?",
            "which country do the bottles on {e}'s wine list come from?",
            "where, country-wise, is the winery that supplies {e}?",
        ],
    ),
    (
        ["author", "trained_at", "located_in"],
        [
            "In which city did the author of {e} go to culinary school?",
            "the person who wrote {e} trained at a cooking school in what city?",
            "where is the culinary school the writer of {e} attended?",
            "{e}'s author studied cooking in which city?",
            "What city is the cooking school of the chef who wrote {e} in?",
            "which city did whoever penned {e} train in as a chef?",
        ],
    ),
    (
        ["author", "birth_city", "country"],
        [
            "In what country was the author of {e} born?",
            "the person who wrote {e} is a native of which country?",
            "{e}'s author comes from what country?",
            "Which country was the writer of {e} born in?",
            "what's the country of birth of whoever wrote {e}?",
            "the cookbook {e} was written by someone born in which country?",
        ],
    ),
    (
        ["winemaker", "birth_city", "country"],
        [
            "In which country was the winemaker at {e} born?",
            "the person who makes {e}'s wine comes from what country?",
            "{e}'s winemaker is a native of which country?",
            "What's the country of birth of whoever makes the wine at {e}?",
            "which country was {e}'s cellar master born in?",
            "the wines of {e} are made by someone born in what country?",
        ],
    ),
    (
        ["court", "chief_judge", "birth_city"],
        [
            "Where was the chief judge of the court that heard {e} born?",
            "the head of the court that decided {e} comes from which city?",
            "{e} came before a court whose chief judge was born where?",
            "What's the birthplace of the top judge at the court that ruled on {e}?",
            "which city was the chief judge of the court in {e} born in?",
            "in what city was the judge leading the court that tried {e} born?",
        ],
    ),
    (
        ["court", "court_seat", "country"],
        [
            "What country is the city where {e} was heard in?",
            "{e} was decided by a court sitting in which country?",
            "in which country is the city whose court heard {e}?",
            "The court that tried {e} sits in a city in what country?",
            "which country is the seat of the court that ruled on {e} in?",
            "where, country-wise, does the court that heard {e} sit?",
        ],
    ),
    (
        ["presiding_judge", "birth_city", "country"],
        [
            "In what country was the judge who presided over {e} born?",
            "the judge in {e} is a native of which country?",
            "{e}'s presiding judge comes from what country?",
            "Which country was the judge overseeing {e} born in?",
            "what's the country of birth of the judge who heard {e}?",
            "the presiding judge of {e} was born in which country?",
        ],
    ),
    (
        ["claimant_counsel", "works_at", "hq"],
        [
            "Where is the firm of the claimant's lawyer in {e} headquartered?",
            "the lawyer for the plaintiff in {e} works at a firm based in which city?",
            "What city is the claimant's counsel's firm in {e} based in?",
            "In which city is the law firm that represented the claimant in {e}?",
            "which city is home to the firm whose lawyer argued for the plaintiff in {e}?",
            "the firm behind the claimant in {e} has its head office where?",
        ],
    ),
    (
        ["defence_counsel", "works_at", "managing_partner"],
        [
            "Who runs the firm of the defence lawyer in {e}?",
            "the defendant's counsel in {e} works at a firm managed by whom?",
            "which managing partner heads the firm that defended {e}?",
            "{e} was defended by a lawyer whose firm is run by who?",
            "Who is the managing partner at the firm of the defence counsel in {e}?",
            "who's in charge of the law firm that represented the defendant in {e}?",
        ],
    ),
    (
        ["reported_in", "paper_owner", "hq"],
        [
            "Where is the owner of the paper that covered {e} based?",
            "{e} was reported by a paper whose owner is headquartered in which city?",
            "which city is home to the company owning the newspaper that reported {e}?",
            "the newspaper that wrote about {e} belongs to a group based where?",
            "What city is the parent company of the paper covering {e} in?",
            "in what city is the media group behind the paper that reported {e} based?",
        ],
    ),
    (
        ["reported_in", "editor", "birth_city"],
        [
            "Where was the editor of the paper that reported {e} born?",
            "the editor-in-chief of the newspaper covering {e} comes from which city?",
            "{e} was covered by a paper whose editor was born where?",
            "What's the birthplace of the editor who runs the paper that wrote about {e}?",
            "which city was the top editor of the paper reporting {e} born in?",
            "in what city was the editor of the newspaper that covered {e} born?",
        ],
    ),
    (
        ["network", "channel_owner", "hq"],
        [
            "Where is the broadcaster that owns {e}'s channel headquartered?",
            "the company behind the network airing {e} is based in which city?",
            "{e} airs on a channel whose owner is based where?",
            "What city is the broadcaster that runs {e}'s channel in?",
            "which city is home to the owner of the channel showing {e}?",
            "in what city does the group owning the network that carries {e} sit?",
        ],
    ),
    (
        ["host", "birth_city", "country"],
        [
            "In what country was the host of {e} born?",
            "the presenter of {e} is a native of which country?",
            "{e}'s host comes from what country?",
            "Which country was whoever fronts {e} born in?",
            "what's the country of birth of {e}'s presenter?",
            "the host of {e} was born in which country?",
        ],
    ),
    (
        ["works_at", "managing_partner", "birth_city"],
        [
            "Where was the managing partner of {e}'s firm born?",
            "the person running the firm {e} works at comes from which city?",
            "{e}'s firm is run by someone born where?",
            "What's the birthplace of the head of the law firm employing {e}?",
            "which city was the managing partner at {e}'s firm born in?",
            "in what city was the boss of {e}'s law firm born?",
        ],
    ),
    (
        ["serves_on", "court_seat", "country"],
        [
            "In which country does {e} serve as a judge?",
            "the court {e} sits on is in what country?",
            "{e} hears cases in which country?",
            "What country is {e}'s court based in?",
            "which country does {e}'s bench sit in?",
            "where, country-wise, is the court {e} serves on?",
        ],
    ),
    (
        ["signature_dish", "dish_cuisine", "origin"],
        [
            "What country does the cuisine of {e}'s signature dish come from?",
            "{e} is famous for a dish from a cuisine of which country?",
            "which country gave us the cuisine behind {e}'s trademark dish?",
            "The dish {e} is known for belongs to a cuisine from where?",
            "what's the country of origin of the cuisine {e}'s signature plate belongs to?",
            "in which country did the cuisine of {e}'s best-known dish originate?",
        ],
    ),
]


def generate(out: Path) -> None:
    rng = random.Random(SEED)
    kb = build(rng)
    write_set(out, kb, (ONE_HOP, TWO_HOP, THREE_HOP), PER_FILE, rng)


if __name__ == "__main__":
    main(generate, __doc__.strip().splitlines()[0])
