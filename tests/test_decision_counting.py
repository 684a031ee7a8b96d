"""Counting answers instead of listing them (issue 12): a random placement is drawn from
the same list, by index, without building it; the answer is the one listing gives."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from elgrande.engine.decisions import MAX_LISTED, Decision


def _decision(k: int, lo: int, hi: int) -> Decision:
    return Decision("place_caballeros", [0], "", {"to": [f"r{i}" for i in range(k)],
                                                   "min": lo, "max": hi}, "B4.3")


@given(k=st.integers(1, 10), lo=st.integers(0, 3), extra=st.integers(0, 5),
       seed=st.integers(0, 10_000))
def test_random_placement_equals_the_listed_answer_at_the_same_draw(k: int, lo: int,
                                                                    extra: int,
                                                                    seed: int) -> None:
    d = _decision(k, lo, lo + extra)
    legal = d.legal_answers()
    got = d.random_answer(random.Random(seed))
    if legal is None:  # too many to list: drawn step by step, and legal
        assert d.check(got) == got
        return
    assert len(legal) <= MAX_LISTED
    want = legal[random.Random(seed).randrange(len(legal))]
    assert got == want and list(got) == list(want)
