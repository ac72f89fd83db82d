"""Sports and arts: invented clubs, athletes, painters and playwrights in real cities.

Two domains in one KB, in mixed relation naming. Sports: dotted Freebase
(``sports.pro_athlete.teams``, ``sports.sports_team.coach``), ``__``-joined
(``__people__person__place_of_birth``), snake_case (``home_city``, ``year_founded``,
``position_played``) and ``location.location.containedby`` (stadium -> city -> country).
Arts: ``visual_art.artwork.artist``, ``visual_art.artwork.owner``, ``theater.play.playwright``,
``people.person.spouse_s`` and the like. Stored only in reverse: a team's owners
(``sports.sports_team_owner.teams_owned``), an artwork's former owners
(``visual_art.art_owner.artworks_previously_owned``) and a play's director
(``theater.theater_director.plays_directed``). Distractors: a team's rival, owner and
stadium city beside its coach, league and home city; an athlete's former teams beside the
current one; a coach's playing clubs; an artwork's former owner beside its current one; a
play's director beside its playwright; deathplace and nationality beside birthplace;
founding, opening, completion and premiere years side by side.

    .venv/bin/python -m bench.proxies.sports_arts OUT
"""

from __future__ import annotations

import random
from pathlib import Path

from bench.proxies.common import KB, Spec, main, write_set

SEED = 40261
QUESTIONS_PER_FILE = 250

# fmt: off
CITIES = {
    "Manchester": "United_Kingdom", "Glasgow": "United_Kingdom", "Porto": "Portugal",
    "Lisbon": "Portugal", "Seville": "Spain", "Valencia": "Spain", "Turin": "Italy",
    "Florence": "Italy", "Marseille": "France", "Lille": "France", "Munich": "Germany",
    "Hamburg": "Germany", "Dortmund": "Germany", "Rotterdam": "Netherlands",
    "Amsterdam": "Netherlands", "Antwerp": "Belgium", "Vienna": "Austria", "Zurich": "Switzerland",
    "Oslo": "Norway", "Gothenburg": "Sweden", "Helsinki": "Finland", "Athens": "Greece",
    "Dublin": "Ireland", "Montreal": "Canada", "Winnipeg": "Canada",
    "Philadelphia": "United_States", "Denver": "United_States", "Seattle": "United_States",
    "Sao_Paulo": "Brazil", "Melbourne": "Australia", "Osaka": "Japan",
}
# league, sport, country, teams
LEAGUES = [
    ("Caledonian_Premier_Division", "Association_football", "United_Kingdom", 3),
    ("Liga_Atlantica", "Association_football", "Portugal", 3),
    ("Serie_Aurora", "Association_football", "Italy", 3),
    ("Bundesklasse_Nord", "Association_football", "Germany", 4),
    ("Ligue_Rhodanienne", "Association_football", "France", 3),
    ("Continental_Hoops_Association", "Basketball", "United_States", 4),
    ("Iberian_Basket_Series", "Basketball", "Spain", 3),
    ("Northern_Ice_League", "Ice_hockey", "Canada", 3),
]
POSITIONS = {
    "Association_football": [
        "Goalkeeper", "Centre_Back", "Full_Back", "Defensive_Midfielder", "Winger", "Striker",
    ],
    "Basketball": ["Point_Guard", "Shooting_Guard", "Small_Forward", "Power_Forward", "Center"],
    "Ice_hockey": ["Goaltender", "Defenceman", "Left_Wing", "Right_Wing", "Centreman"],
}
CLUB_A = [
    "Athletic", "Sporting", "Racing", "Dynamo", "Olympic", "Real", "Union", "Vitoria",
]
CLUB_B = [
    "Corvana", "Brenmoor", "Valdeira", "Osterwald", "Kessing", "Marlow_Vale", "Tarrasca",
    "Holmfirth", "Saint_Ives_Bay", "Norhaven",
]
FRANCHISE_A = ["Harbour", "Ridgeway", "Granite", "Iron_Bay", "Redwater", "Timberline", "Lakeshore"]
FRANCHISE_B = ["Comets", "Falcons", "Huskies", "Mariners", "Lynx", "Monarchs", "Stallions"]
VENUE_KIND = ["Park", "Arena", "Stadium", "Field", "Ground", "Dome"]
MUSEUMS = [
    "Halvorsen_Gallery", "Museum_of_the_Lowlands", "Castellane_Collection", "Orbury_Art_House",
    "Pinacoteca_Verrazzi", "Stadtgalerie_Lindau", "Kunsthalle_Brenner", "Whitcombe_Museum",
    "Musee_Delorme", "National_Gallery_of_Tarrow", "Ravensmoor_Institute", "Galeria_Oliveira",
    "Neumark_Foundation", "Aldgate_Fine_Art_Museum",
]
THEATRES = [
    "Lyric_Playhouse", "Teatro_Ombrelli", "Gaslight_Theatre", "Royal_Thornbury_Theatre",
    "Kammerspiele_Voss", "Theatre_du_Pont_Noir", "Old_Market_Stage", "Corinthian_Playhouse",
    "Teatro_San_Lazzaro", "Birchwood_Repertory", "The_Tallow_House", "Nordic_Chamber_Stage",
    "Empire_Variety_Theatre", "Hawthorne_Studio_Theatre",
]
SCHOOLS = [
    # art schools, drama schools, universities
    "Wrenfield_Academy_of_Fine_Arts", "Steinmark_Kunstakademie", "Accademia_Corsetti",
    "Ecole_des_Beaux-Arts_de_Varenne", "Corvell_Drama_School", "Ashby_Conservatoire_of_Theatre",
    "Institut_Theatral_Mirabeau", "Oakhurst_University", "Universidade_de_Santa_Clara",
    "Kallberg_University", "Pemberly_College", "Rheinfeld_Technical_University",
]
ART_SCHOOLS, DRAMA_SCHOOLS, UNIVERSITIES = SCHOOLS[:4], SCHOOLS[4:7], SCHOOLS[7:]
MOVEMENTS = [
    "Symbolism", "Realism", "Expressionism", "Fauvism", "Surrealism", "Pointillism", "Tonalism",
    "Luminism",
]
MEDIA = ["Oil_on_canvas", "Tempera_on_panel", "Watercolour", "Gouache", "Fresco", "Pastel"]
GENRES = ["Comedy", "Tragedy", "Farce", "Melodrama", "History_play", "Satire", "Tragicomedy"]
GIVEN = [
    "Anselm", "Brigida", "Caspar", "Delphine", "Emeric", "Fenna", "Gaspard", "Hedda", "Isidor",
    "Jolanda", "Kornel", "Liesl", "Mathis", "Noor", "Osric", "Petra", "Quentin", "Rhea", "Silvan",
    "Tamsin", "Viggo", "Wilma", "Xavi", "Yelena", "Zoltan", "Aurelio", "Bronte", "Cosmin",
    "Dorota", "Evander", "Fiorella", "Gunnar", "Henrike", "Idris", "Jasna", "Kiran", "Leontine",
    "Marek", "Nilsa", "Oona",
]
SUR = [
    "Abernethy", "Brackwater", "Castellvi", "Dunholm", "Eklund", "Ferrante", "Gorski",
    "Haverkamp", "Ingvarsson", "Jessup", "Kallas", "Lisowski", "Moravec", "Nakagawa",
    "Oyelaran", "Pruitt", "Quarles", "Rautio", "Sandoval", "Thorvald", "Ulloa", "Whitlock",
    "Yilmaz", "Zubiri", "Albescu", "Bellweather", "Corrigan", "Daskalov", "Etxeberria",
    "Fairbairn", "Hargreave", "Iwasaki", "Jovanovic", "Kettering", "Lambrecht", "Mondragon",
]
PAINTING_A = [
    "Harbour", "Orchard", "Woman", "Boats", "Bridge", "Garden", "Girl", "Mill", "Wheatfield",
    "Street", "Cathedral", "Fisherman",
]
PAINTING_B = [
    "at_Dusk", "in_Winter", "with_a_Parasol", "in_the_Rain", "at_Noon", "by_Moonlight", "in_Blue",
    "after_the_Storm",
]
PLAY_A = ["Broken", "Silver", "Empty", "Crooked", "Borrowed", "Painted", "Burnt", "Winter"]
PLAY_B = ["Chair", "Crown", "House", "Bargain", "Wedding", "Bell", "Letter", "Harvest", "Kingdom"]

# Logical relations: team -> coach / owner / league / home_city / stadium / founded / rival;
# stadium -> stadium_city / capacity / opened; league -> league_country / sport;
# athlete -> teams / former_teams / position; coach -> played_for; person -> birthplace /
# nationality / deathplace / education / spouse / children; city -> country;
# artwork -> artist / owner / former_owner / completed / medium; painter -> movement;
# museum -> museum_city; school -> school_city; play -> playwright / venue / stage_director /
# premiere_year / genre; theatre -> theatre_city. Walked backwards (nothing stored):
# roster, teams_coached, owns, home_teams, parents, works, plays_by, plays_directed.
ONE_HOP: list[Spec] = [
    (["coach"], ["who coaches {e}?", "who is in charge of {e}?", "who's the head coach at {e}?",
        "who runs the team at {e} from the bench?"]),
    (["team_owner"], ["who owns {e}?", "who is the owner of {e}?", "{e} belongs to whom?"]),
    (["league"], ["what league are {e} in?", "which competition do {e} play in?",
        "{e} compete in which league?"]),
    (["home_city"], ["what city are {e} from?", "which town do {e} represent?",
        "where are {e} based?"]),
    (["stadium"], ["where do {e} play their home games?", "what is {e}'s home ground?",
        "which stadium do {e} call home?", "where do {e} host visiting teams?"]),
    (["founded"], ["when was {e} founded?", "what year did {e} come into being?",
        "in which year was {e} established?", "{e} dates back to what year?"]),
    (["rival"], ["who are {e}'s arch rivals?", "which side is {e}'s biggest rival?",
        "who do {e} contest the derby with?"]),
    (["stadium_city"], ["which city is {e} in?", "where is {e} located?",
        "{e} stands in which city?"]),
    (["capacity"], ["how many spectators does {e} hold?", "what's the capacity of {e}?",
        "how many fans fit into {e}?"]),
    (["opened"], ["when did {e} open?", "what year was {e} opened?",
        "when did {e} first open its gates?"]),
    (["teams"], ["who does {e} play for?", "which club is {e} on?", "what team is {e} signed with?",
        "who is {e} playing for these days?"]),
    (["former_teams"], ["which clubs did {e} play for before?", "what were {e}'s previous teams?",
        "where did {e} play earlier in their career?"]),
    (["position"], ["what position does {e} play?", "what's {e}'s position?",
        "what role does {e} fill in the lineup?"]),
    (["played_for"], ["which teams did {e} play for as a player?",
        "where did {e} play before going into coaching?",
        "which clubs did {e} turn out for in their playing days?"]),
    (["league_country"], ["which country is {e} played in?", "what country does {e} operate in?"]),
    (["sport"], ["which sport does {e} organise?", "what game is played in {e}?",
        "what sport is the {e} for?"]),
    (["roster"], ["who plays for {e}?", "who is on the {e} roster?",
        "which players does {e} have?"]),
    (["teams_coached"], ["which team does {e} coach?", "what side is {e} in charge of?",
        "which club has {e} as head coach?"]),
    (["owns"], ["which team does {e} own?", "what club belongs to {e}?",
        "{e} is the owner of which team?"]),
    (["home_teams"], ["which team plays at {e}?", "whose home ground is {e}?",
        "who calls {e} home?"]),
    (["birthplace"], ["where was {e} born?", "what's {e}'s hometown?",
        "{e} was born in which city?", "which city is {e} a native of?"]),
    (["nationality"], ["what nationality is {e}?", "which country does {e} hold citizenship of?",
        "what country is {e} a national of?"]),
    (["deathplace"], ["where did {e} die?", "in what city did {e} pass away?",
        "where did {e} draw their last breath?"]),
    (["education"], ["where did {e} study?", "which school did {e} go to?",
        "where was {e} trained?", "what's {e}'s alma mater?"]),
    (["spouse"], ["who is {e} married to?", "who is {e}'s other half?", "who did {e} wed?",
        "who is {e}'s husband or wife?"]),
    (["children"], ["who are {e}'s kids?", "who are the children of {e}?",
        "who is {e}'s son or daughter?", "what are the names of {e}'s children?"]),
    (["parents"], ["who are {e}'s parents?", "who is {e}'s mother or father?",
        "whose child is {e}?"]),
    (["country"], ["which country is {e} in?", "{e} lies in what country?",
        "what nation is {e} part of?"]),
    (["artist"], ["who painted {e}?", "who is the artist behind {e}?", "whose brush made {e}?",
        "who created the painting {e}?"]),
    (["owner"], ["which gallery has {e} hanging?", "where is {e} kept today?",
        "which museum owns {e}?", "who holds {e} now?"]),
    (["former_owner"], ["who used to own {e}?", "which collection did {e} belong to before?",
        "who previously held {e}?"]),
    (["completed"], ["when was {e} painted?", "what year did the artist finish {e}?",
        "when was {e} completed?"]),
    (["medium"], ["what is {e} painted in?", "what medium is {e}?",
        "what materials was {e} made with?"]),
    (["movement"], ["what movement is {e} associated with?",
        "which school of painting did {e} belong to?", "what style did {e} paint in?"]),
    (["museum_city"], ["where is {e}?", "in which city will I find {e}?",
        "which town is home to {e}?"]),
    (["school_city"], ["where is {e} located?", "which city is {e} in?",
        "what city is the campus of {e} in?"]),
    (["works"], ["what did {e} paint?", "which paintings are by {e}?", "name the works of {e}"]),
    (["playwright"], ["who penned the play {e}?", "who wrote {e}?", "who's the playwright of {e}?",
        "whose play is {e}?"]),
    (["venue"], ["where was {e} first staged?", "which theatre premiered {e}?",
        "where did {e} have its first night?", "where did {e} open?"]),
    (["stage_director"], ["who directed {e}?", "who staged {e}?",
        "who was the director of the play {e}?", "who put {e} on stage?"]),
    (["premiere_year"], ["when was {e} first performed?", "what year did {e} premiere?",
        "when did {e} open on stage?"]),
    (["genre"], ["what kind of play is {e}?", "what genre is {e}?", "what sort of piece is {e}?"]),
    (["theatre_city"], ["which city is {e} in?", "where is {e} located?", "what town is {e} in?"]),
    (["plays_by"], ["what plays did {e} write?", "which plays are by {e}?",
        "what has {e} written for the stage?"]),
    (["plays_directed"], ["what plays has {e} directed?", "which productions did {e} stage?"]),
]
TWO_HOPS: list[Spec] = [
    (["coach", "birthplace"], ["where was the coach of {e} born?",
        "which town does the person who coaches {e} hail from?",
        "where was {e}'s head coach born?"]),
    (["coach", "nationality"], ["what nationality is {e}'s coach?",
        "which country is the man or woman in charge of {e} a citizen of?"]),
    (["stadium", "stadium_city"], ["in which city is {e}'s stadium?",
        "the stadium of {e} is in what city?", "which city do {e} play their home games in?"]),
    (["stadium", "capacity"], ["how many fans can {e}'s ground hold?",
        "what's the capacity of the stadium {e} play at?"]),
    (["home_city", "country"], ["what country are {e} based in?",
        "which country is {e}'s home city in?"]),
    (["league", "league_country"], ["in which country is the league that {e} play in?",
        "what country is {e}'s league in?"]),
    (["league", "sport"], ["what sport do {e} play?", "which sport is {e}'s league for?"]),
    (["rival", "home_city"], ["where are {e}'s arch-rivals based?",
        "what city do {e}'s rivals come from?"]),
    (["rival", "coach"], ["who coaches {e}'s rivals?", "who is in charge of {e}'s derby rivals?"]),
    (["team_owner", "nationality"], ["what nationality is the owner of {e}?",
        "which country is {e}'s owner a citizen of?"]),
    (["teams", "coach"], ["who coaches {e}'s team?", "who is in charge of {e}'s team?",
        "who's the head coach of the club {e} plays for?"]),
    (["teams", "stadium"], ["where does {e}'s team play its home games?",
        "what's the home ground of the club {e} plays for?"]),
    (["teams", "league"], ["which league is {e}'s club in?",
        "what competition does the team {e} is on play in?"]),
    (["teams", "home_city"], ["which city is {e}'s team from?",
        "where is the club that {e} plays for based?"]),
    (["teams", "team_owner"], ["who owns the team {e} plays for?", "who owns {e}'s club?"]),
    (["birthplace", "country"], ["in which country was {e} born?",
        "what country was {e} born in?", "{e}'s birthplace is in what country?"]),
    (["artist", "birthplace"], ["where was the painter of {e} born?",
        "where does the artist behind {e} come from?",
        "which city was the person who painted {e} born in?"]),
    (["artist", "nationality"], ["what nationality is the painter of {e}?",
        "the artist who made {e} is a citizen of which country?"]),
    (["artist", "movement"], ["what movement did the painter of {e} belong to?",
        "which school of painting was {e}'s artist part of?"]),
    (["artist", "education"], ["where did the artist who painted {e} train?",
        "which school did {e}'s painter attend?"]),
    (["artist", "spouse"], ["who was the painter of {e} married to?",
        "who was the other half of the artist behind {e}?"]),
    (["owner", "museum_city"], ["in which city can I see {e}?", "which city is {e} hanging in?",
        "what city is the museum that owns {e} in?"]),
    (["playwright", "birthplace"], ["where was the playwright of {e} born?",
        "where was the person who wrote {e} born?", "which city does {e}'s author hail from?"]),
    (["playwright", "spouse"], ["who was married to the author of the play {e}?",
        "who was the spouse of the playwright behind {e}?"]),
    (["playwright", "education"], ["where did the writer of {e} study?",
        "which school did the playwright of {e} go to?"]),
    (["venue", "theatre_city"], ["in which city did {e} premiere?",
        "which city saw the first performance of {e}?",
        "what city is the theatre where {e} opened in?"]),
    (["stage_director", "nationality"], ["what nationality is the director of {e}?",
        "which country does the person who staged {e} come from?"]),
    (["spouse", "birthplace"], ["where was {e}'s spouse born?",
        "where does {e}'s other half come from?"]),
    (["children", "children"], ["who are {e}'s grandchildren?",
        "who are the kids of {e}'s kids?"]),
    (["parents", "birthplace"], ["where were {e}'s parents born?",
        "where was {e}'s mother or father born?"]),
    (["plays_by", "venue"], ["where did {e}'s plays premiere?",
        "which theatres first staged plays by {e}?"]),
    (["works", "owner"], ["which museums hold paintings by {e}?",
        "where can I see works by {e}?"]),
]
THREE_HOPS: list[Spec] = [
    (["teams", "stadium", "stadium_city"], ["in what city is the stadium where {e}'s team plays?",
        "the city where the stadium of {e}'s team is?",
        "which city does {e}'s club play its home matches in?"]),
    (["teams", "coach", "birthplace"], ["where was the coach of {e}'s team born?",
        "which city does the manager of the club {e} plays for come from?"]),
    (["teams", "coach", "nationality"], ["what nationality is the coach of {e}'s team?",
        "which country is the person in charge of {e}'s club from?"]),
    (["teams", "home_city", "country"], ["in which country is {e}'s club based?",
        "what country is the team {e} plays for from?"]),
    (["teams", "league", "league_country"], ["in which country is the league {e}'s team plays in?",
        "what country does the competition {e}'s club is in belong to?"]),
    (["coach", "birthplace", "country"], ["in which country was the coach of {e} born?",
        "what country does {e}'s coach come from originally?"]),
    (["stadium", "stadium_city", "country"], ["in what country is {e}'s home ground?",
        "which country is the stadium of {e} in?"]),
    (["rival", "stadium", "stadium_city"], ["in which city do {e}'s rivals play their home games?",
        "the stadium of {e}'s arch-rivals is in what city?"]),
    (["team_owner", "birthplace", "country"], ["in which country was the owner of {e} born?"]),
    (["artist", "birthplace", "country"], ["the country that the painter of {e} comes from?",
        "in which country was the artist of {e} born?",
        "what country was the person who painted {e} born in?"]),
    (["artist", "education", "school_city"], ["which city did the painter of {e} train in?",
        "where is the school that {e}'s artist attended?"]),
    (["artist", "spouse", "birthplace"], [
        "where was the spouse of the artist who painted {e} born?",
        "where does the other half of {e}'s painter come from?"]),
    (["owner", "museum_city", "country"], ["which country would I have to visit to see {e}?",
        "in what country is the gallery that has {e}?"]),
    (["playwright", "birthplace", "country"], ["in which country was the playwright of {e} born?",
        "what country does the author of the play {e} hail from?"]),
    (["venue", "theatre_city", "country"], ["in which country was {e} first put on?",
        "what country did {e} premiere in?"]),
    (["stage_director", "education", "school_city"], [
        "in which city did the director of {e} study?",
        "where is the school that the person who staged {e} went to?"]),
    (["spouse", "birthplace", "country"], ["in which country was {e}'s spouse born?",
        "what country does {e}'s husband or wife come from?"]),
    (["playwright", "children", "birthplace"], [
        "where were the children of the playwright of {e} born?"]),
]
# fmt: on


def _names(rng: random.Random, first: list[str], second: list[str], n: int, fmt: str) -> list[str]:
    names: set[str] = set()
    while len(names) < n:
        names.add(fmt.format(a=rng.choice(first), b=rng.choice(second)))
    return sorted(names)


def _people(rng: random.Random) -> dict[str, list[str]]:
    """Distinct invented people, split into roles in the order drawn."""
    seen: set[str] = set()
    people: list[str] = []
    while len(people) < 162:
        name = f"{rng.choice(GIVEN)}_{rng.choice(SUR)}"
        if name not in seen:
            seen.add(name)
            people.append(name)
    roles: dict[str, list[str]] = {}
    start = 0
    for role, n in (
        ("athlete", 52),
        ("coach", 26),
        ("owner", 14),
        ("painter", 24),
        ("collector", 8),
        ("playwright", 22),
        ("stage_director", 16),
    ):
        roles[role] = people[start : start + n]
        start += n
    return roles


def _person_facts(kb: KB, rng: random.Random, roles: dict[str, list[str]]) -> None:
    cities = list(CITIES)
    for role, people in roles.items():
        sports = role in ("athlete", "coach", "owner")
        prefix = "__people__" if sports else "people."
        sep = "__" if sports else "."
        dead_p = {"athlete": 0.0, "coach": 0.2, "owner": 0.1}.get(role, 0.6)
        if role == "painter":
            schools = ART_SCHOOLS + UNIVERSITIES[:2]
        elif role in ("playwright", "stage_director"):
            schools = DRAMA_SCHOOLS + UNIVERSITIES[2:]
        else:
            schools = UNIVERSITIES
        for p in people:
            born = rng.choice(cities)
            kb.add("birthplace", p, born, f"{prefix}person{sep}place_of_birth")
            nationality = CITIES[born] if rng.random() < 0.7 else CITIES[rng.choice(cities)]
            kb.add("nationality", p, nationality, f"{prefix}person{sep}nationality")
            if rng.random() < dead_p:
                died = rng.choice(cities)
                kb.add("deathplace", p, died, f"{prefix}deceased_person{sep}place_of_death")
            if not sports or rng.random() < 0.15:
                for school in rng.sample(schools, rng.choice([1, 1, 2])):
                    kb.add("education", p, school, f"{prefix}person{sep}education")


def _families(kb: KB, rng: random.Random, roles: dict[str, list[str]]) -> None:
    """Sixteen couples; the first ten have children drawn from later in the shuffle, so some
    children are themselves parents (grandchildren exist)."""
    everyone = [p for people in roles.values() for p in people]
    shuffled = everyone[:]
    rng.shuffle(shuffled)
    couples = list(zip(shuffled[:32:2], shuffled[1:32:2], strict=True))
    for a, b in couples:
        kb.add("spouse", a, b, "people.person.spouse_s")
        kb.add("spouse", b, a, "people.person.spouse_s")
    has_parents: set[str] = set()
    for i, (a, b) in enumerate(couples[:10]):
        later = [p for p in shuffled[2 * i + 2 : 2 * i + 40] if p not in has_parents]
        for child in rng.sample(later, rng.choice([1, 2, 2, 3])):
            has_parents.add(child)
            kb.add("children", a, child, "people.person.children")
            if rng.random() < 0.85:
                kb.add("children", b, child, "people.person.children")


def _sports(kb: KB, rng: random.Random, roles: dict[str, list[str]]) -> None:
    by_country: dict[str, list[str]] = {}
    for city, country in CITIES.items():
        by_country.setdefault(country, []).append(city)
    cities = list(CITIES)
    used: set[str] = set()
    teams_by_sport: dict[str, list[str]] = {}
    coaches = roles["coach"][:]
    rng.shuffle(coaches)
    for league, sport, country, n in LEAGUES:
        kb.add("league_country", league, country, "sports.sports_league.country")
        kb.add("sport", league, sport, "sports.sports_league.sport")
        kb.add("founded", league, str(rng.randint(1888, 1975)), "year_founded")
        club = sport == "Association_football"
        members: list[str] = []
        while len(members) < n:
            if club:
                name = f"{rng.choice(CLUB_A)}_{rng.choice(CLUB_B)}"
            else:
                name = f"{rng.choice(FRANCHISE_A)}_{rng.choice(FRANCHISE_B)}"
            if name not in used:
                used.add(name)
                members.append(name)
        for team in members:
            teams_by_sport.setdefault(sport, []).append(team)
            kb.add("league", team, league, "sports.sports_team.league")
            home = rng.choice(by_country[country]) if rng.random() < 0.85 else rng.choice(cities)
            kb.add("home_city", team, home, "home_city")
            kb.add("founded", team, str(rng.randint(1870, 1995)), "year_founded")
            kb.add("coach", team, coaches.pop(), "sports.sports_team.coach")
            for owner in rng.sample(roles["owner"], rng.choice([1, 1, 1, 1, 2])):
                kb.add("team_owner", team, owner, "sports.sports_team_owner.teams_owned", True)
            stadium = f"{rng.choice(SUR)}_{rng.choice(VENUE_KIND)}"
            if stadium in kb.fwd["stadium_city"]:
                # a shared ground: the second tenant plays where the first does
                kb.add("stadium", team, stadium, "sports.sports_team.arena_stadium")
                continue
            kb.add("stadium", team, stadium, "sports.sports_team.arena_stadium")
            ground = home if rng.random() < 0.8 else rng.choice(by_country[CITIES[home]])
            kb.add("stadium_city", stadium, ground, "location.location.containedby")
            kb.add("capacity", stadium, str(rng.randrange(6000, 90000, 250)), "capacity")
            kb.add("opened", stadium, str(rng.randint(1890, 2018)), "sports.sports_facility.opened")
        shuffled = members[:]
        rng.shuffle(shuffled)
        for a, b in zip(shuffled[::2], shuffled[1::2], strict=False):
            kb.add("rival", a, b, "rival_team")
            kb.add("rival", b, a, "rival_team")
    for athlete in roles["athlete"]:
        sport = rng.choice(sorted(teams_by_sport))
        current = rng.choice(teams_by_sport[sport])
        kb.add("teams", athlete, current, "sports.pro_athlete.teams")
        others = [t for t in teams_by_sport[sport] if t != current]
        for old in rng.sample(others, rng.choice([0, 0, 1, 1, 2])):
            kb.add("former_teams", athlete, old, "sports.pro_athlete.former_teams")
        kb.add("position", athlete, rng.choice(POSITIONS[sport]), "position_played")
    coached = {coach: team for team, names in kb.fwd["coach"].items() for coach in names}
    for coach in roles["coach"]:
        if rng.random() < 0.5:
            sport = rng.choice(sorted(teams_by_sport))
            for team in rng.sample(teams_by_sport[sport], rng.choice([1, 2])):
                if team != coached[coach]:
                    kb.add("played_for", coach, team, "played_for")


def _arts(kb: KB, rng: random.Random, roles: dict[str, list[str]]) -> None:
    cities = list(CITIES)
    for museum in MUSEUMS:
        kb.add("museum_city", museum, rng.choice(cities), "architecture.museum.city")
        kb.add("founded", museum, str(rng.randint(1753, 1990)), "year_founded")
    for theatre in THEATRES:
        kb.add("theatre_city", theatre, rng.choice(cities), "theater.theater.city")
        kb.add("founded", theatre, str(rng.randint(1780, 1985)), "year_founded")
    for school in SCHOOLS:
        kb.add("school_city", school, rng.choice(cities), "located_in")
    for painter in roles["painter"]:
        kb.add(
            "movement",
            painter,
            rng.choice(MOVEMENTS),
            "visual_art.visual_artist.associated_periods_or_movements",
        )
    holders = MUSEUMS + roles["collector"]
    for work in _names(rng, PAINTING_A, PAINTING_B, 56, "{a}_{b}"):
        for artist in rng.sample(roles["painter"], rng.choice([1] * 12 + [2])):
            kb.add("artist", work, artist, "visual_art.artwork.artist")
        owner = rng.choice(MUSEUMS) if rng.random() < 0.88 else rng.choice(roles["collector"])
        kb.add("owner", work, owner, "visual_art.artwork.owner")
        if rng.random() < 0.45:
            former = rng.choice([h for h in holders if h != owner])
            kb.add(
                "former_owner",
                work,
                former,
                "visual_art.art_owner.artworks_previously_owned",
                inverse=True,
            )
        year = str(rng.randint(1780, 1965))
        kb.add("completed", work, year, "visual_art.artwork.date_completed")
        kb.add("medium", work, rng.choice(MEDIA), "visual_art.artwork.media")
    for play in _names(rng, PLAY_A, PLAY_B, 46, "The_{a}_{b}"):
        for writer in rng.sample(roles["playwright"], rng.choice([1] * 11 + [2])):
            kb.add("playwright", play, writer, "theater.play.playwright")
        kb.add("venue", play, rng.choice(THEATRES), "theater.play.premiere_venue")
        kb.add(
            "stage_director",
            play,
            rng.choice(roles["stage_director"]),
            "theater.theater_director.plays_directed",
            inverse=True,
        )
        year = str(rng.randint(1850, 2016))
        kb.add("premiere_year", play, year, "theater.play.date_of_first_performance")
        kb.add("genre", play, rng.choice(GENRES), "theater.play.genre")


def generate(out: Path) -> None:
    """Write ``kb.txt`` and ``q1.jsonl`` .. ``q3.jsonl`` (1, 2 and 3 hops) into ``out``."""
    rng = random.Random(SEED)
    kb = KB()
    for city, country in CITIES.items():
        kb.add("country", city, country, "location.location.containedby")
    roles = _people(rng)
    _person_facts(kb, rng, roles)
    _families(kb, rng, roles)
    _sports(kb, rng, roles)
    _arts(kb, rng, roles)
    for logical, backwards in (
        ("teams", "roster"),
        ("coach", "teams_coached"),
        ("team_owner", "owns"),
        ("stadium", "home_teams"),
        ("children", "parents"),
        ("artist", "works"),
        ("playwright", "plays_by"),
        ("stage_director", "plays_directed"),
    ):
        kb.rev(logical, backwards)
    write_set(out, kb, (ONE_HOP, TWO_HOPS, THREE_HOPS), QUESTIONS_PER_FILE, rng)


if __name__ == "__main__":
    main(generate, "Write the synthetic sports and arts proxy set (KB and questions).")
