"""Music: invented bands, musicians, albums and labels in real cities, Freebase-style names.

Relation names are dotted Freebase paths (``music.artist.label``,
``people.person.place_of_birth``) and ``__``-joined ones (``__music__album__artist``,
``__business__record_label__headquarters``). Distractors: an album's release label and
recording city beside the artist's label and origin, instruments, nationality,
influences, collaborators.

    .venv/bin/python -m bench.proxies.music OUT
"""

from __future__ import annotations

import random
from pathlib import Path

from bench.proxies.common import KB, Spec, main, write_set

SEED = 77031
QUESTIONS_PER_FILE = 250

# fmt: off
CITIES = {
    "Manchester": "United_Kingdom", "Glasgow": "United_Kingdom", "Bristol": "United_Kingdom",
    "Seattle": "United_States", "Athens_Georgia": "United_States", "Austin": "United_States",
    "Detroit": "United_States", "Montreal": "Canada", "Halifax": "Canada", "Reykjavik": "Iceland",
    "Bergen": "Norway", "Oslo": "Norway", "Stockholm": "Sweden", "Gothenburg": "Sweden",
    "Berlin": "Germany", "Hamburg": "Germany", "Dublin": "Ireland", "Cork": "Ireland",
    "Melbourne": "Australia", "Perth": "Australia", "Kingston": "Jamaica", "Lagos": "Nigeria",
    "Bamako": "Mali", "Tokyo": "Japan", "Osaka": "Japan", "Rio_de_Janeiro": "Brazil",
    "Salvador": "Brazil", "Paris": "France",
}
GENRES = [
    "Post-punk", "Shoegaze", "Indie_Folk", "Synth-pop", "Grunge", "Afrobeat", "Reggae",
    "Black_Metal", "Bossa_Nova", "Trip_Hop", "Krautrock",
]
INSTR = ["Guitar", "Bass_Guitar", "Drums", "Keyboards", "Vocals", "Saxophone"]
BAND_A = [
    "The_Velvet", "Neon", "Glass", "Paper", "Silver", "Hollow", "Midnight", "Crimson", "Static",
    "Wild", "Electric", "Lunar", "Northern", "Broken",
]
BAND_B = [
    "Foxes", "Harbour", "Cathedrals", "Machines", "Orchard", "Parade", "Lanterns", "Tides",
    "Circuits", "Saints", "Echoes", "Rivers",
]
GIVEN = [
    "Ian", "Kim", "Thurston", "Bjork", "Liam", "Siobhan", "Dario", "Fela", "Yoko", "Marta", "Oskar",
    "Astrid", "Tunde", "Nina", "Rhys", "Ebo", "Ingrid", "Jarvis", "Keiko", "Lou", "Moe", "Nils",
    "Orla", "Pip", "Ravi", "Sade", "Tom", "Ursula", "Vic", "Wim",
]
SUR = [
    "Curtis", "GORDON", "Moore", "Gudmundsdottir", "O'Shea", "Kuti", "Ono", "Lindgren", "Dahl",
    "Adebayo", "Simone", "Evans", "Mensah", "Bauer", "COCKER", "Sato", "Reed", "Tucker", "Strand",
    "Hughes", "Shankar", "Adu", "Verlaine", "Kaur", "Ramos", "BLAKE",
]
ALB_A = [
    "Songs_for", "Return_to", "Nights_in", "Letters_from", "Ghosts_of", "Dreams_of", "Afterglow",
    "Silent", "Gold", "Lost", "Blue", "Fading",
]
ALB_B = [
    "Winter", "the_Sea", "Alpha", "Tomorrow", "Concrete", "Paradise", "Noise", "Signals", "Ashes",
    "Velvet", "Youth", "Summer",
]
LABELS = {
    "Factory_Records": "Manchester", "Sub_Pop": "Seattle", "Rough_Trade": "Bristol",
    "Warp_Records": "Glasgow", "Smekkleysa": "Reykjavik", "Mute_Records": "Berlin",
    "Island_Records": "Kingston", "Nonesuch": "Austin", "Tigerbeat_Tokyo": "Tokyo",
    "Rune_Grammofon": "Oslo",
}
LABEL_PARENT = {
    "Sub_Pop": "Warp_Records", "Tigerbeat_Tokyo": "Mute_Records", "Nonesuch": "Island_Records",
}

ONE_HOP: list[Spec] = [
    (["album_artist"], [
        "who put out {e}?", "who recorded {e}?", "which band made the album {e}?",
        "whose album is {e}?", "who is {e} by?",
    ]),
    (["albums"], [
        "what albums did {e} release?", "which records has {e} put out?", "what has {e} recorded?",
    ]),
    (["label"], [
        "what label is {e} signed to?", "which record company is {e} on?",
        "who is {e} signed with?", "what label does {e} record for?",
    ]),
    (["members"], [
        "who plays in {e}?", "who are the members of {e}?", "who is in the band {e}?",
    ]),
    (["membership"], [
        "which group is {e} a member of?", "what band does {e} play in?", "which band is {e} in?",
    ]),
    (["birthplace"], [
        "where was {e} born?", "what is {e}'s hometown?", "which city was {e} born in?",
    ]),
    (["release_year"], [
        "when did {e} come out?", "what year was {e} released?", "when was {e} put out?",
        "what year did {e} drop?",
    ]),
    (["country"], [
        "which country is {e} in?", "{e} is in what country?",
    ]),
    (["genre"], [
        "what kind of music does {e} play?", "what genre is {e}?",
        "what style of music is {e} known for?", "what sort of music does {e} make?",
    ]),
    (["origin"], [
        "where is {e} from?", "which city did {e} form in?", "where did {e} get started?",
    ]),
    (["label_hq"], [
        "where is {e} based?", "which city is the label {e} headquartered in?",
    ]),
    (["lead_vocalist"], [
        "who sings for {e}?", "who is the lead singer of {e}?", "who fronts {e}?",
        "who is {e}'s vocalist?",
    ]),
    (["instrument"], [
        "what does {e} play?", "which instrument does {e} play?",
        "what instrument is {e} known for?",
    ]),
]
TWO_HOPS: list[Spec] = [
    (["lead_vocalist", "birthplace"], [
        "where does the singer of {e} come from?", "where was {e}'s frontman born?",
        "which city was the lead vocalist of {e} born in?",
    ]),
    (["album_artist", "label"], [
        "which label is the artist behind {e} signed to?",
        "what record company is the band that made {e} on?",
    ]),
    (["album_artist", "genre"], [
        "what kind of music does the band that made {e} play?", "what genre is the artist of {e}?",
        "what style does the group who recorded {e} play?",
    ]),
    (["membership", "label"], [
        "what label is {e}'s band signed to?", "which record company is the group {e} plays in on?",
    ]),
    (["album_artist", "origin"], [
        "where is the band that recorded {e} from?",
        "which city does the group behind {e} come from?",
    ]),
    (["label", "label_hq"], [
        "where is the label of {e} based?", "which city is {e}'s record company in?",
    ]),
    (["origin", "country"], [
        "which country is {e} from?", "what country did {e} form in?",
    ]),
    (["birthplace", "country"], [
        "in which country was {e} born?", "what country was {e} born in?",
    ]),
    (["membership", "genre"], [
        "what kind of music does {e}'s band play?", "what genre is the group {e} is a member of?",
    ]),
    (["album_artist", "lead_vocalist"], [
        "who is the lead singer of the band that put out {e}?",
        "who fronts the group that made {e}?",
    ]),
    (["members", "birthplace"], [
        "where were the members of {e} born?", "what are the hometowns of the people in {e}?",
    ]),
    (["album_artist", "members"], [
        "who plays in the band that recorded {e}?", "who are the members of the group behind {e}?",
    ]),
]
THREE_HOPS: list[Spec] = [
    (["lead_vocalist", "birthplace", "country"], [
        "which country does the singer of {e} come from?",
        "in which country was {e}'s lead singer born?",
        "what country was the frontman of {e} born in?",
    ]),
    (["album_artist", "label", "label_hq"], [
        "where is the label of the band that put out {e} based?",
        "which city is the record company of {e}'s artist in?",
        "where is the label that signed the group behind {e} based?",
    ]),
    (["album_artist", "origin", "country"], [
        "what country is the band behind {e} from?", "{e}'s artist comes from which country?",
        "in which country did the group that recorded {e} form?",
    ]),
    (["album_artist", "lead_vocalist", "birthplace"], [
        "where was the singer of the band that made {e} born?",
        "where does {e}'s band's singer come from?",
    ]),
    (["membership", "label", "label_hq"], [
        "where is the label of {e}'s band based?",
        "which city is the record company of the group {e} plays in located in?",
    ]),
    (["membership", "origin", "country"], [
        "which country does the band {e} plays in come from?", "what country is {e}'s group from?",
    ]),
    (["label", "label_hq", "country"], [
        "what country is {e}'s label based in?",
        "in which country is the record company of {e} located?",
    ]),
    (["album_artist", "label", "label_parent"], [
        "who owns the label of the artist that made {e}?",
    ]),
    (["membership", "lead_vocalist", "birthplace"], [
        "where was the singer of {e}'s band born?",
        "which city does the lead vocalist of the group {e} is in come from?",
    ]),
]
# fmt: on


def _person(rng: random.Random, used: set[str]) -> str:
    """A name no one has yet."""
    while True:
        name = f"{rng.choice(GIVEN)}_{rng.choice(SUR)}"
        if name not in used:
            used.add(name)
            return name


def _labels(kb: KB, rng: random.Random) -> None:
    for label, city in LABELS.items():
        kb.add("label_hq", label, city, "__business__record_label__headquarters")
        founded = str(rng.randint(1955, 1995))
        kb.add("label_founded", label, founded, "business.organization.date_founded")
    for label, parent in LABEL_PARENT.items():
        kb.add("label_parent", label, parent, "business.organization.parent")


def _artists(kb: KB, rng: random.Random) -> tuple[list[str], list[str], list[str]]:
    """Bands with their members and solo artists: (bands, band members, solo artists)."""
    used: set[str] = set()
    names: set[str] = set()
    while len(names) < 23:
        names.add(f"{rng.choice(BAND_A)}_{rng.choice(BAND_B)}")
    bands = sorted(names)
    solos = [_person(rng, used) for _ in range(8)]
    cities = list(CITIES)
    musicians: list[str] = []
    for band in bands:
        kb.add("origin", band, rng.choice(cities), "music.artist.origin")
        kb.add("formed", band, str(rng.randint(1965, 2012)), "music.artist.active_start")
        members = [_person(rng, used) for _ in range(rng.randint(2, 4))]
        musicians += members
        for member in members:
            kb.add("membership", member, band, "music.group_member.membership")
        kb.add("lead_vocalist", band, members[0], "music.group.lead_vocalist")
    artists = bands + solos
    labels = list(LABELS)
    for a in artists:
        kb.add("label", a, rng.choice(labels), "music.artist.label")
        for genre in rng.sample(GENRES, rng.choice([1, 1, 2])):
            kb.add("genre", a, genre, "music.artist.genre")
        for other in rng.sample([x for x in artists if x != a], 4):
            kb.add("influenced_by", a, other, "influence.influence_node.influenced_by")
        for other in rng.sample([x for x in artists if x != a], 4):
            kb.add("similar", a, other, "__music__artist__similar_artist")
    return bands, musicians, solos


def _people(kb: KB, rng: random.Random, musicians: list[str], solos: list[str]) -> None:
    cities = list(CITIES)
    everyone = musicians + solos
    for m in everyone:
        city = rng.choice(cities)
        kb.add("birthplace", m, city, "people.person.place_of_birth")
        kb.add("birth_year", m, str(rng.randint(1940, 1995)), "people.person.date_of_birth")
        nationality = CITIES[city] if rng.random() < 0.8 else CITIES[rng.choice(cities)]
        kb.add("nationality", m, nationality, "people.person.nationality")
    for m in musicians:
        for instrument in rng.sample(INSTR, rng.randint(1, 2)):
            kb.add("instrument", m, instrument, "music.group_member.instruments_played")
    for m in everyone:
        for other in rng.sample([x for x in everyone if x != m], 2):
            kb.add("collab", m, other, "music.artist.collaborated_with")
    for s in solos:
        kb.add("instrument", s, "Vocals", "music.group_member.instruments_played")


def _albums(kb: KB, rng: random.Random, artists: list[str], everyone: list[str]) -> None:
    names: set[str] = set()
    while len(names) < 56:
        names.add(f"{rng.choice(ALB_A)}_{rng.choice(ALB_B)}")
    cities = list(CITIES)
    labels = list(LABELS)
    for album in sorted(names):
        kb.add("album_artist", album, rng.choice(artists), "__music__album__artist")
        kb.add("release_year", album, str(rng.randint(1970, 2022)), "music.album.release_year")
        kb.add("album_genre", album, rng.choice(GENRES), "music.album.genre")
        kb.add("recorded_in", album, rng.choice(cities), "music.album.recorded_in")
        kb.add("producer", album, rng.choice(everyone), "music.album.produced_by")
        for guest in rng.sample(everyone, rng.randint(2, 4)):
            kb.add("featured", album, guest, "music.album.featured_artists")
        kb.add("album_label", album, rng.choice(labels), "music.album.release_label")


def generate(out: Path) -> None:
    """Write ``kb.txt`` and ``q1.jsonl`` .. ``q3.jsonl`` (1, 2 and 3 hops) into ``out``."""
    rng = random.Random(SEED)
    kb = KB()
    for city, country in CITIES.items():
        kb.add("country", city, country, "location.location.containedby")
    _labels(kb, rng)
    bands, musicians, solos = _artists(kb, rng)
    _people(kb, rng, musicians, solos)
    _albums(kb, rng, bands + solos, musicians + solos)
    kb.rev("album_artist", "albums")
    kb.rev("membership", "members")
    write_set(out, kb, (ONE_HOP, TWO_HOPS, THREE_HOPS), QUESTIONS_PER_FILE, rng)


if __name__ == "__main__":
    main(generate, "Write the synthetic music proxy set (KB and questions).")
