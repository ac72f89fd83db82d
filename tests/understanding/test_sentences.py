"""The packaged sentence encoder, run in numpy: BERT's own tokens, and sentence similarity
that reads a phrase as a whole."""

from __future__ import annotations

from typing import Any

import pytest

from research_chain.understanding.sentences import SentenceEncoder, packaged_encoder


@pytest.fixture(scope="module")
def encoder() -> SentenceEncoder:
    return packaged_encoder()


def test_tokens_are_bert_uncased_wordpieces(encoder: SentenceEncoder) -> None:
    """Lower case, accents stripped, symbols (the underscore too) split off, and a word
    the vocabulary lacks cut into its longest known pieces."""
    assert encoder.token_ids("Hello, Wörld_x") == [101, 7592, 1010, 2088, 1035, 1060, 102]
    pieces = encoder.token_ids("unaffable")
    assert pieces[0] == 101 and pieces[-1] == 102 and len(pieces) > 3


def test_a_phrase_is_read_as_a_whole(encoder: SentenceEncoder) -> None:
    """No word of "do for a living" names a profession; the sentence does."""
    relations = ["person profession", "person place of birth", "person spouse"]
    living = encoder.similarities("what does X do for a living ?", relations)
    married = encoder.similarities("who is X married to ?", relations)
    assert max(range(3), key=living.__getitem__) == 0
    assert max(range(3), key=married.__getitem__) == 2


def test_vectors_have_unit_length(encoder: SentenceEncoder) -> None:
    vector = encoder.encode("a short sentence")
    assert vector.shape == (384,)
    assert abs(float(vector @ vector) - 1.0) < 1e-4


def test_a_question_read_again_is_not_encoded_again() -> None:
    """Several stages and seed readings ask about one question: its vector is kept (the
    last few questions'), and the cosines stay exactly what a fresh pass gives."""

    class Counting(SentenceEncoder):
        passes: list[str] = []

        def encode(self, text: str) -> Any:
            self.passes.append(text)
            return super().encode(text)

    fresh = packaged_encoder().similarities("who directed X ?", ["film directed by"])
    counting = Counting.load()
    first = counting.similarities("who directed X ?", ["film directed by"])
    again = counting.similarities("who directed X ?", ["film directed by", "film genre"])
    assert first == fresh and again[0] == first[0]
    assert counting.passes.count("who directed X ?") == 1
