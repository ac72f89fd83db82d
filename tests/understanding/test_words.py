"""The packaged word table must carry real word knowledge, not just load."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from research_chain.understanding.words import WordVectors, packaged_words

# Relation and type words as graph schemas spell them.
SCHEMA = ["spouse", "birth", "gender", "club", "aged", "movie", "country", "directed", "starred"]
FILM = {"movie", "directed", "starred"}

# (question word, the schema word it names, schema words it must beat). Film words are only
# held against non-film words: "act" sitting near "movie" is right, not a flaw.
PAIRS = [
    ("wife", "spouse", SCHEMA),
    ("husband", "spouse", SCHEMA),
    ("partner", "spouse", SCHEMA),
    ("born", "birth", SCHEMA),
    ("birthplace", "birth", SCHEMA),
    ("sex", "gender", SCHEMA),
    ("team", "club", SCHEMA),
    ("old", "aged", SCHEMA),
    ("age", "aged", SCHEMA),
    ("film", "movie", SCHEMA),
    ("nationality", "country", SCHEMA),
    ("director", "directed", SCHEMA),
    ("actor", "starred", [w for w in SCHEMA if w not in FILM]),
    ("act", "starred", [w for w in SCHEMA if w not in FILM]),
]


@pytest.fixture(scope="module")
def words() -> WordVectors:
    return packaged_words()


@pytest.mark.parametrize(("word", "relation", "controls"), PAIRS)
def test_related_word_beats_unrelated_schema_words(
    words: WordVectors, word: str, relation: str, controls: list[str]
) -> None:
    related = words.similarity(word, relation)
    for control in controls:
        if control != relation:
            assert related > words.similarity(word, control), (word, relation, control)


@pytest.mark.parametrize(
    ("word", "related", "unrelated"),
    [
        ("wife", "spouse", "nationality"),
        ("wife", "spouse", "club"),
        ("team", "club", "gender"),
        ("sex", "gender", "club"),
        ("born", "birth", "team"),
        ("film", "movie", "spouse"),
    ],
)
def test_unrelated_pairs_score_clearly_lower(
    words: WordVectors, word: str, related: str, unrelated: str
) -> None:
    assert words.similarity(word, related) - words.similarity(word, unrelated) > 0.15


@pytest.mark.parametrize(("word", "relation", "_"), [p for p in PAIRS if p[0] != "act"])
def test_best_picks_the_named_relation(
    words: WordVectors, word: str, relation: str, _: list[str]
) -> None:
    found = words.best(word, SCHEMA)
    assert found is not None
    assert found[0] == relation
    assert found[1] == pytest.approx(words.similarity(word, relation))


def test_vectors_are_unit_and_fold_case_and_accents(words: WordVectors) -> None:
    wife = words.vector("wife")
    assert wife is not None
    assert float(np.linalg.norm(wife)) == pytest.approx(1.0, abs=1e-5)
    shouted = words.vector("  WIFE ")
    assert shouted is not None
    assert np.array_equal(wife, shouted)
    assert words.similarity("café", "cafe") == pytest.approx(1.0, abs=1e-5)


def test_cached_vectors_cannot_be_changed_by_a_caller(words: WordVectors) -> None:
    vec = words.vector("spouse")
    assert vec is not None
    with pytest.raises(ValueError):
        vec[0] = 1.0


def test_out_of_vocabulary_words_are_composed_from_pieces(words: WordVectors) -> None:
    assert "birthdate" not in words
    assert words.pieces("birthdate") == ["birth", "##date"]
    composed = words.vector("birthdate")
    assert composed is not None
    assert float(np.linalg.norm(composed)) == pytest.approx(1.0, abs=1e-5)
    assert words.similarity("birthdate", "birth") > words.similarity("birthdate", "club") + 0.3
    assert "filmography" not in words
    found = words.best("filmography", ["spouse", "movie", "gender"])
    assert found is not None
    assert found[0] == "movie"


def test_identifiers_are_split_into_their_words(words: WordVectors) -> None:
    assert words.similarity("place_of_birth", "born") > words.similarity("place_of_birth", "team")
    assert words.similarity("date-of-birth", "born") > words.similarity("date-of-birth", "club")


@pytest.mark.parametrize("junk", ["", "12345", "???", "qqqzzx", "x" * 500])
def test_unusable_input_has_no_vector_and_zero_similarity(words: WordVectors, junk: str) -> None:
    assert words.vector(junk) is None
    assert words.similarity(junk, "spouse") == 0.0
    assert words.best(junk, SCHEMA) is None


def test_nonsense_that_spells_from_pieces_stays_far_from_everything(words: WordVectors) -> None:
    assert words.vector("frobnicate") is not None
    assert max(words.similarity("frobnicate", w) for w in SCHEMA) < 0.3


def test_best_skips_candidates_without_vectors(words: WordVectors) -> None:
    found = words.best("wife", ["12345", "club", "spouse", ""])
    assert found is not None
    assert found == ("spouse", words.similarity("wife", "spouse"))
    assert words.best("wife", ["12345", ""]) is None
    assert words.best("wife", []) is None


def test_packaged_table_is_loaded_once_and_describes_itself() -> None:
    table = packaged_words()
    assert table is packaged_words()
    assert len(table) > 20_000
    assert table.meta["dim"] == table.dim


def _write_table(path: Path, vocab: list[str], rows: np.ndarray, scales: np.ndarray) -> None:
    np.savez_compressed(
        path,
        vocab=np.frombuffer("\n".join(vocab).encode(), dtype=np.uint8),
        vectors=rows,
        scales=scales,
    )


def test_wordpiece_split_is_greedy_longest_match(tmp_path: Path) -> None:
    vocab = ["play", "pl", "##ay", "##ing", "##in", "##g", "un"]
    rows = np.eye(len(vocab), dtype=np.int8) * 100
    _write_table(tmp_path / "t.npz", vocab, rows, np.full(len(vocab), 0.01, dtype=np.float32))
    table = WordVectors.load(tmp_path / "t.npz")
    assert table.pieces("playing") == ["play", "##ing"]
    assert table.pieces("plg") == ["pl", "##g"]
    assert table.pieces("unplay") is None  # "##play" is no piece: BERT gives [UNK]
    composed = table.vector("playing")
    assert composed is not None
    expected = np.zeros(len(vocab), dtype=np.float32)
    expected[[0, 3]] = np.sqrt(0.5)
    np.testing.assert_allclose(composed, expected, atol=1e-6)
    assert table.similarity("play", "pl") == pytest.approx(0.0)


def test_a_table_whose_rows_do_not_match_its_vocabulary_is_refused(tmp_path: Path) -> None:
    rows = np.zeros((2, 4), dtype=np.int8)
    _write_table(tmp_path / "bad.npz", ["a", "b", "c"], rows, np.ones(3, dtype=np.float32))
    with pytest.raises(ValueError):
        WordVectors.load(tmp_path / "bad.npz")
