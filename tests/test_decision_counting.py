"""Counting answers instead of listing them: a random placement is drawn from
the same list, by index, without building it; the answer is the one listing gives."""

from __future__ import annotations

import itertools
import math
import random

from hypothesis import given
from hypothesis import strategies as st

from elgrande.engine.decisions import KINDS, MAX_LISTED, Decision


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


def _assert_counted_as_listed(d: Decision) -> None:
    """The kind's count is the length of the legal list (-1 when it lists none) and its
    i-th answer the list's i-th."""
    handlers = KINDS[d.kind]
    assert handlers.count is not None and handlers.nth is not None
    legal = d.legal_answers()
    n = handlers.count(d, 0)
    if legal is None:
        assert n == -1
        return
    assert n == len(legal)
    assert [handlers.nth(d, 0, i) for i in range(n)] == legal


@given(caps=st.lists(st.integers(0, 6), max_size=5), lo=st.integers(0, 4),
       extra=st.integers(0, 8))
def test_counted_send_answers_are_the_listed_ones_in_order(caps: list[int], lo: int,
                                                           extra: int) -> None:
    d = Decision("send_caballeros", [0], "", {"sources": {f"r{i}": n for i, n in
                                                          enumerate(caps)},
                                              "min": lo, "max": lo + extra}, "B8.7")
    _assert_counted_as_listed(d)


@given(caps=st.lists(st.integers(0, 7), max_size=6), lo=st.integers(-1, 6),
       extra=st.integers(-1, 12))
def test_send_answers_are_the_product_of_the_counts_filtered_in_order(
        caps: list[int], lo: int, extra: int) -> None:
    """B8.7: a send's answers are every count per source (``itertools.product``'s order)
    whose total lies in min..max, none of 0 named; none listed past MAX_LISTED of them or
    past 20 * MAX_LISTED counts (the listing skips the counts past max or short of min)."""
    sources = {f"r{i}": n for i, n in enumerate(caps)}
    d = Decision("send_caballeros", [0], "", {"sources": sources, "min": lo,
                                              "max": lo + extra}, "B8.7")
    want: list[dict[str, int]] | None = []
    if math.prod(n + 1 for n in caps) > 20 * MAX_LISTED:
        want = None
    else:
        for combo in itertools.product(*(range(n + 1) for n in caps)):
            if lo <= sum(combo) <= lo + extra:
                assert want is not None
                want.append({k: n for k, n in zip(sources, combo, strict=True) if n})
                if len(want) > MAX_LISTED:
                    want = None
                    break
    got = d.legal_answers()
    assert got == want
    assert got is None or [list(a) for a in got] == [list(a) for a in want or []]


@given(caps=st.lists(st.integers(1, 6), max_size=5), limit=st.integers(0, 8),
       provinces=st.integers(0, 8), seed=st.integers(0, 10_000))
def test_random_court_answer_equals_the_listed_answer_at_the_same_draw(
        caps: list[int], limit: int, provinces: int, seed: int) -> None:
    """B4.1: a counted bring_to_court draw is the answer listing gives."""
    d = Decision("bring_to_court", [0], "", {"limit": limit, "provinces": provinces,
                                             "regions": {f"r{i}": n for i, n in
                                                         enumerate(caps)},
                                             "refused": {}}, "B4.1")
    legal = d.legal_answers()
    got = d.random_answer(random.Random(seed))
    if legal is None:
        assert d.check(got) == got
        return
    assert got == legal[random.Random(seed).randrange(len(legal))]


@given(k=st.integers(1, 6), lo=st.integers(0, 3), extra=st.integers(0, 5),
       caps=st.lists(st.integers(-1, 4), min_size=6, max_size=6),
       capped=st.lists(st.booleans(), min_size=6, max_size=6))
def test_counted_placements_with_room_are_the_listed_ones_in_order(
        k: int, lo: int, extra: int, caps: list[int], capped: list[bool]) -> None:
    """A place's room (C-module capacities) drops the same answers from the count as from
    the list, and the i-th counted answer is the i-th listed one."""
    d = _decision(k, lo, lo + extra)
    d.options["room"] = {f"r{i}": [caps[i], "C5", "full"] for i in range(k) if capped[i]}
    _assert_counted_as_listed(d)


@given(k=st.integers(1, 8), lo=st.integers(0, 3), extra=st.integers(0, 4),
       spare=st.lists(st.integers(0, 3), min_size=8, max_size=8),
       capped=st.lists(st.booleans(), min_size=8, max_size=8))
def test_placements_with_room_that_holds_no_place_back_count_as_uncapped(
        k: int, lo: int, extra: int, spare: list[int], capped: list[bool]) -> None:
    """C4: a room of at least the placement's maximum everywhere (or of a place not
    offered) is counted the uncapped way (``binding`` False) and still gives the listed
    answers in order, the same as the count under caps."""
    from elgrande.engine.decisions.counting import _caps, _suffix_ways, binding

    d = _decision(k, lo, lo + extra)
    room = {f"r{i}": [lo + extra + spare[i], "C4", "full"] for i in range(k) if capped[i]}
    room["elsewhere"] = [0, "C4", "full"]  # not among the places offered
    d.options["room"] = room
    assert not binding(d.options["to"], room, lo + extra)
    _assert_counted_as_listed(d)
    n = KINDS[d.kind].count(d, 0)
    if n >= 0:
        ways = _suffix_ways(tuple(_caps(d.options["to"], room, lo + extra)), lo + extra)[0]
        assert n == sum(ways[lo:lo + extra + 1])
    room["r0"] = [lo + extra - 1, "C4", "full"]  # one place held back: capped
    assert binding(d.options["to"], room, lo + extra)


@given(n=st.integers(1, 300), seed=st.integers(0, 10_000))
def test_a_random_pick_is_randranges_draw_of_the_listed_choices(n: int, seed: int) -> None:
    """The inline draw of a random answer is ``random.Random.randrange`` (the same seed
    gives the same game), for listed choices and for counted answers alike."""
    import elgrande.engine.decisions as decisions

    assert decisions._INLINE_DRAW  # this Python's randrange is the one drawn inline
    d = Decision("choose_power_card", [0], "", {"choices": list(range(100, 100 + n))},
                 "B3.2")
    rng, ref = random.Random(seed), random.Random(seed)
    for _ in range(5):
        assert d.random_answer(rng) == 100 + ref.randrange(n)
    placing = _decision(3, 0, 4)
    legal = placing.legal_answers()
    assert legal is not None
    for _ in range(5):
        assert placing.random_answer(rng) == legal[ref.randrange(len(legal))]


@given(n=st.integers(0, 60), k=st.integers(0, 60), a=st.integers(-5, 5),
       width=st.integers(-1, 40), seed=st.integers(0, 10_000))
def test_the_inline_draws_are_the_random_modules_draws(n: int, k: int, a: int, width: int,
                                                       seed: int) -> None:
    """randrange, randint, choice, shuffle and sample drawn inline give the
    same numbers as ``random.Random``'s own and leave it in the same state, so the same
    seed gives the same game; what they refuse they refuse alike."""
    from elgrande.engine.decisions import (
        draw_below,
        draw_choice,
        draw_int,
        draw_sample,
        draw_shuffle,
    )

    rng, ref = random.Random(seed), random.Random(seed)
    pop = [f"u{i}" for i in range(n)]
    calls = [(lambda r: draw_below(r, width), lambda r: r.randrange(width)),
             (lambda r: draw_int(r, a, a + width), lambda r: r.randint(a, a + width)),
             (lambda r: draw_choice(r, pop), lambda r: r.choice(pop)),
             (lambda r: draw_sample(r, pop, k), lambda r: r.sample(pop, k))]
    for ours, theirs in calls:
        try:
            want: object = theirs(ref)
        except (ValueError, IndexError) as exc:
            try:
                ours(rng)
            except type(exc):
                continue
            raise AssertionError("an inline draw accepted what random refuses") from None
        assert ours(rng) == want
    mine, theirs_ = pop[:], pop[:]
    draw_shuffle(rng, mine)
    ref.shuffle(theirs_)
    assert mine == theirs_
    assert rng.getstate() == ref.getstate()


@given(k=st.integers(1, 2), lo=st.integers(0, 3), hi=st.integers(28, 45))
def test_counted_placements_past_the_binomial_table_are_the_listed_ones(k: int, lo: int,
                                                                        hi: int) -> None:
    """B4.3: a placement whose sizes pass the kept table of binomials (32) counts and
    draws as listing gives too."""
    _assert_counted_as_listed(_decision(k, lo, hi))


@given(k=st.integers(1, 6), lo=st.integers(0, 3), extra=st.integers(0, 6),
       twice=st.booleans())
def test_counted_placements_read_from_the_kept_table_are_the_listed_ones(
        k: int, lo: int, extra: int, twice: bool) -> None:
    """B4.3: a placement's i-th answer read from the table of answers made at the first
    draw (and read again at the next) is the listed one, its places in the listed order,
    a place listed twice too."""
    to = [f"r{i}" for i in range(k)] + (["r0"] if twice else [])
    d = Decision("place_caballeros", [0], "", {"to": to, "min": lo, "max": lo + extra},
                 "B4.3")
    handlers = KINDS[d.kind]
    legal = d.legal_answers()
    for _ in range(2):  # the table made, then read
        _assert_counted_as_listed(d)
        if legal is not None:
            assert [list(handlers.nth(d, 0, i)) for i in range(len(legal))] == \
                [list(a) for a in legal]


@given(n=st.integers(1, 40), seed=st.integers(0, 10_000))
def test_a_random_option_is_randranges_draw_of_the_labels(n: int, seed: int) -> None:
    """B4.4: an option's inline draw is ``random.Random.randrange`` over its labels, as
    for a pick; a random.Random subclass draws through ``randrange`` itself, the same."""

    class Other(random.Random):
        pass

    d = Decision("choose_option", [0], "", {"labels": [f"l{i}" for i in range(n)]}, "B4.4")
    for rng in (random.Random(seed), Other(seed)):
        ref = random.Random(seed)
        assert [d.random_answer(rng) for _ in range(5)] == [ref.randrange(n) for _ in range(5)]


@given(caps=st.lists(st.integers(0, 5), max_size=6), limit=st.integers(0, 8))
def test_suffix_ways_count_the_capped_sums_place_by_place(caps: list[int], limit: int) -> None:
    """``_suffix_ways`` (B4.3, C4: the counts behind a capped placement's answers): each
    suffix's ways to make every total up to the limit, by enumeration; the running-sum
    shortcut of an uncapped place gives the sliding sum's rows."""
    import itertools

    from elgrande.engine.decisions.counting import _suffix_ways

    ways = _suffix_ways(tuple(caps), limit)
    assert len(ways) == len(caps) + 1
    for k in range(len(caps) + 1):
        assert len(ways[k]) == min(sum(caps[k:]) + 1, limit + 1)
        sums = [sum(c) for c in itertools.product(*(range(x + 1) for x in caps[k:]))]
        assert ways[k] == [sums.count(t) for t in range(len(ways[k]))]


def _listed_move(o: dict, rng: random.Random) -> list[dict]:
    """A random move drawn from a list of the movable caballeros, one entry each (the
    draw as it was before the kind counted them): ``rng.sample`` of that list."""
    sources = o["sources"]
    if o["single_source"] and not o["all"]:
        enough = [s for s in sorted(sources) if sum(sources[s].values()) >= o["min"]]
        src = rng.choice(enough or sorted(sources))
        sources = {src: sources[src]}
    units = [(s, int(key)) for s, owners in sources.items()
             for key, n in owners.items() for _ in range(n)]
    k = len(units) if o["all"] else rng.randint(o["min"], min(o["max"], len(units)))
    room = {t: r[0] for t, r in o.get("room", {}).items()}
    moves: dict[tuple[str, str, int], int] = {}
    for s, who in rng.sample(units, k):
        dests = [t for t in o["to"] if t != s and room.get(t, 1) > 0]
        if dests:
            t = dests[rng.randrange(len(dests))]
            if t in room:
                room[t] -= 1
            moves[(s, t, who)] = moves.get((s, t, who), 0) + 1
    return [{"from": s, "to": t, "player": w, "n": n} for (s, t, w), n in moves.items()]


@given(counts=st.lists(st.lists(st.integers(0, 12), min_size=1, max_size=4), min_size=1,
                       max_size=6),
       lo=st.integers(0, 2), hi=st.integers(0, 30), single=st.booleans(),
       every=st.booleans(), room=st.integers(-1, 3), seed=st.integers(0, 10_000))
def test_a_random_move_is_the_sample_of_the_listed_caballeros(
        counts: list[list[int]], lo: int, hi: int, single: bool, every: bool, room: int,
        seed: int) -> None:
    """B8.2: the caballeros counted, not listed, give the draws a list of them gives (more
    than 21 of them: the sample's set branch; rooms; owners with none)."""
    sources = {f"r{i}": {str(p): n for p, n in enumerate(row)}
               for i, row in enumerate(counts)}
    if every:  # all of them move: as many as there are (move_caballeros's options)
        hi = sum(map(sum, counts))
    o: dict = {"sources": sources, "to": [f"r{i}" for i in range(len(counts) + 2)],
               "min": min(lo, hi), "max": hi, "single_source": single, "all": every}
    if room >= 0:
        o["room"] = {"r1": [room, "B4.3", "full"]}
    d = Decision("move_caballeros", [0], "", o, "B8.2")
    assert d.random_answer(random.Random(seed)) == _listed_move(o, random.Random(seed))
