"""Properties of whole games (hypothesis): random games of 2-5 players, standard and short
variants, every answer drawn with ``decision.random_answer``. After every answer:

- caballeros are conserved (B1.1), power cards stay partitioned between hand and discard
  (B1.3, B3.2), scores never go down;
- a refused answer (wrong player, a power card already played or not in hand, a region
  not allowed, a placement over the limit, garbage types) raises ``IllegalMove`` with a
  ``B`` rule id and leaves ``game.to_json()`` exactly as it was (DESIGN.md 3, 5);
- ``copy()`` is independent of the original;
- ``to_json`` -> JSON text -> ``from_json`` continues identically;
- the record replays to the same final state (DESIGN.md 6);
- the game always ends after the last scoring of its variant (B3.6, B3.7, B7.1);
- ``view(p)`` never shows another player's hand or unrevealed secret choice (B8.5a).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

from conftest import examples
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from elgrande.engine.decisions import Decision
from elgrande.errors import IllegalMove
from elgrande.play.game import Game, new_game
from elgrande.play.records import record_lines, replay
from elgrande.rules.base import DISCS

# A whole game per example: no shrinking (seeds do not shrink usefully, and a failing
# game is reported with its seeds anyway).
GAMES = settings(max_examples=examples(15), deadline=None,
                 phases=[Phase.explicit, Phase.reuse, Phase.generate],
                 suppress_health_check=[HealthCheck.too_slow])
#: Cheap properties (one plain game per example) get more examples.
MANY = settings(GAMES, max_examples=examples(100))

players_st = st.integers(2, 5)
variant_st = st.sampled_from(["standard", "short"])
seed_st = st.integers(0, 2**32 - 1)

Check = Callable[[Game, int], None]


def _base_invariants(game: Game, before_scores: list[int]) -> None:
    s = game.state
    assert s.conservation_errors(game.library.board) == []                       # B1.1
    full = sorted(game.library.board.power_cards)
    for p in range(s.players):                                                  # B1.3
        assert sorted(s.hands[p] + s.discards[p]) == full
    assert all(a >= b for a, b in zip(s.scores, before_scores, strict=True))
    d = game.pending
    if d is not None:
        assert d.players, "a pending decision must name who answers"
        assert all(0 <= p < s.players for p in d.players)


def answer_randomly(game: Game, answers: int, seed: int) -> Game:
    """Give ``game`` ``answers`` random answers (``random.Random(seed)``, the first player
    asked answering): a mid-game position. Returns the game."""
    rng = random.Random(seed)
    for _ in range(answers):
        d = game.pending
        assert d is not None
        game.answer(d.players[0], d.random_answer(rng, d.players[0]))
    return game


def play(players: int, variant: str, seed: int, answer_seed: int,
         before: Check | None = None, after: Check | None = None, game: Game | None = None,
         invariants: Callable[[Game, list[int]], None] | None = None) -> Game:
    """Play a random game, checking invariants after every answer. ``before(game, i)`` runs
    before answer i, ``after(game, i)`` after it; ``game``: play this one instead of a new
    base game; ``invariants(game, scores_before)``: instead of the base game's."""
    game = game or new_game(players, seed=seed, variant=variant, logging=False)
    _invariants = invariants or _base_invariants
    rng = random.Random(answer_seed)
    _invariants(game, [0] * players)
    i = 0
    while game.pending is not None:
        if before:
            before(game, i)
        d = game.pending
        p = d.players[rng.randrange(len(d.players))]
        scores = game.state.scores[:]
        game.answer(p, d.random_answer(rng, p))
        _invariants(game, scores)
        if after:
            after(game, i)
        i += 1
        assert i < 5000, "the game does not end"
    return game


def _last_round(game: Game, variant: str) -> int:
    return game.library.board.variants[variant].rounds[-1]


# -- the game ends ---------------------------------------------------------------------------


@MANY
@given(players=players_st, variant=variant_st, seed=seed_st, answer_seed=seed_st)
def test_game_ends_after_last_scoring(players: int, variant: str, seed: int,
                                      answer_seed: int) -> None:
    """B3.6, B3.7, B7.1: scorings happen after exactly the variant's scoring rounds, the
    rounds played are exactly the variant's, and the game ends after the last scoring."""
    rounds: list[int] = []
    scorings: list[int] = []

    def after(game: Game, i: int) -> None:
        r = game.flow.round
        if game.pending is not None and (not rounds or rounds[-1] != r):
            rounds.append(r)
        if game.flow.phase == DISCS and (not scorings or scorings[-1] != r):
            scorings.append(r)

    game = play(players, variant, seed, answer_seed, after=after)
    v = game.library.board.variants[variant]
    assert game.pending is None
    assert game.over
    assert game.flow.round == _last_round(game, variant)
    assert rounds == list(v.rounds)
    assert scorings == list(v.scoring_after)
    assert len(game.state.scores) == players
    assert game.winners() and all(game.state.scores[w] == max(game.state.scores)
                                  for w in game.winners())


# -- refused answers ----------------------------------------------------------------------


def _bad_answers(game: Game, d: Decision, p: int) -> list[Any]:
    """Answers the pending decision must refuse (for player ``p``, who may answer)."""
    b = game.library.board
    ids = [b.place_id(i) for i in range(len(b.places))]
    out: list[Any] = [None, True, "no-such-thing", 3.5, {"no": "sense"}]
    o = d.options
    k = d.kind
    if k == "choose_power_card":
        out += [v for _, v in game.state.bids if v not in o["choices"]]      # B3.2
        out += [v for v in game.state.discards[p] if v not in o["choices"]]
        out += [0, 14, -1, str(o["choices"][0]), float(o["choices"][0])]
    elif k in ("choose_region", "secret_region", "choose_player", "choose_number"):
        legal = o["choices"] if "choices" in o else o["per_player"][str(p)]
        out += [x for x in [*ids, -1, 99] if x not in legal][:4]
    elif k == "choose_action_card":
        out += ["no-such-card", 0]
        out += [c for c in game.library.cards.cards if c not in o["choices"]][:2]
    elif k == "choose_option":
        out += [len(o["labels"]), -1, "0"]
    elif k == "place_caballeros":
        if o["to"]:
            out.append({o["to"][0]: o["max"] + 1})                           # over the limit
            out.append({o["to"][0]: -1})
        out += [{r: 1} for r in ids if r not in o["to"]][:3]                # not allowed
        out.append([])
    elif k == "bring_to_court":
        out += [o["limit"] + 1, -1, {"provinces": -1}, {"provinces": o["limit"] + 1}]
    elif k == "move_caballeros":
        out += [[{"from": "nowhere", "to": ids[0], "n": 1}],
                [{"from": ids[0], "to": ids[1], "n": 0}], [{"to": ids[0]}]]
    elif k == "send_caballeros":
        out += [{"nowhere": 1}, {s: n + 1 for s, n in o["sources"].items()} or {"x": 1},
                {s: -1 for s in o["sources"]} or {"x": -1}]
    elif k == "move_scoreboard":
        out += [{"scoreboard": "no-board", "to": ids[0]}, {"to": ids[0]}]
    return out


def _refuse(game: Game, player: int, answer: Any) -> None:
    before = json.dumps(game.to_json(), sort_keys=True)
    kind = game.pending.kind if game.pending else None
    try:
        game.answer(player, answer)
    except IllegalMove as exc:
        assert exc.rule.startswith("B"), (exc.rule, exc.message)
        assert exc.message
    else:
        raise AssertionError(f"{kind}: the answer {answer!r} of player {player} was "
                             "accepted")
    assert json.dumps(game.to_json(), sort_keys=True) == before, \
        f"a refused answer {answer!r} changed the game"


@GAMES
@given(players=players_st, variant=variant_st, seed=seed_st, answer_seed=seed_st,
       every=st.integers(1, 4))
def test_refused_answers_change_nothing(players: int, variant: str, seed: int,
                                        answer_seed: int, every: int) -> None:
    """DESIGN.md 3/5: a refused answer raises IllegalMove with a rule id and changes
    nothing; covered: wrong players, B3.2 power cards, regions not allowed, placements
    over the limit, garbage types."""
    kinds: set[str] = set()

    def before(game: Game, i: int) -> None:
        d = game.pending
        assert d is not None
        if i % every and d.kind in kinds:  # every kind is tried at its first decision
            return
        p = d.players[0]
        for q in [q for q in (-1, *range(players), players) if q not in d.players][:3]:
            _refuse(game, q, d.random_answer(random.Random(i), p))
        for bad in _bad_answers(game, d, p):
            _refuse(game, p, bad)
        kinds.add(d.kind)

    play(players, variant, seed, answer_seed, before=before)
    assert {"choose_power_card", "choose_action_card", "secret_region"} <= kinds


# -- copies, JSON, records ------------------------------------------------------------------


@settings(GAMES, max_examples=examples(30))
@given(players=players_st, variant=variant_st, seed=seed_st, answer_seed=seed_st,
       every=st.integers(3, 12))
def test_copy_is_independent(players: int, variant: str, seed: int, answer_seed: int,
                             every: int) -> None:
    """game.copy(): equal to the original, and answering on the copy (a few decisions on)
    leaves the original's to_json unchanged."""
    copies = 0

    def before(game: Game, i: int) -> None:
        nonlocal copies
        if i % every:
            return
        snapshot = json.dumps(game.to_json(), sort_keys=True)
        c = game.copy()
        assert json.dumps(c.to_json(), sort_keys=True) == snapshot
        rng = random.Random(i)
        for _ in range(rng.randint(1, 6)):
            if c.pending is None:
                break
            cd = c.pending
            q = cd.players[-1]
            c.answer(q, cd.random_answer(rng, q))
        assert c.history != game.history
        assert json.dumps(game.to_json(), sort_keys=True) == snapshot
        copies += 1

    play(players, variant, seed, answer_seed, before=before)
    assert copies > 0


@settings(GAMES, max_examples=examples(10))
@given(players=players_st, seed=seed_st, answer_seed=seed_st, logging=st.booleans(),
       every=st.integers(3, 12))
def test_a_copy_is_unchanged_when_the_original_plays_on(players: int, seed: int,
                                                       answer_seed: int, logging: bool,
                                                       every: int) -> None:
    """The other direction of copy(): what copies share (the history and log so far, the
    blocks of a special action, a log that is never narrated) is never changed by the
    original answering on; the copy's JSON stays as it was, with logging on or off."""
    kept: list[tuple[Game, str]] = []

    def before(game: Game, i: int) -> None:
        if i % every == 0:
            c = game.copy()
            kept.append((c, json.dumps(c.to_json(), sort_keys=True)))
        for c, snapshot in kept[-3:]:
            assert json.dumps(c.to_json(), sort_keys=True) == snapshot

    game = new_game(players, seed=seed, logging=logging)
    play(players, "standard", seed, answer_seed, before=before, game=game)
    assert all(json.dumps(c.to_json(), sort_keys=True) == s for c, s in kept)
    assert len(game.history) > len(kept[-1][0].history)
    assert bool(game.log) == logging


@settings(GAMES, max_examples=examples(25))
@given(players=players_st, variant=variant_st, seed=seed_st, answer_seed=seed_st,
       fork=st.integers(0, 60))
def test_json_round_trip_continues_identically(players: int, variant: str, seed: int,
                                               answer_seed: int, fork: int) -> None:
    """to_json -> JSON text -> from_json gives the same game at every decision point (in
    the middle of special actions too); a game rebuilt at one point and given the same
    further answers ends in the same state, flow, history and scores."""
    shadows: list[Game] = []
    special_fork = False

    def before(game: Game, i: int) -> None:
        nonlocal special_fork
        data = game.to_json()
        rebuilt = Game.from_json(json.loads(json.dumps(data)))
        assert rebuilt.to_json() == json.loads(json.dumps(data))
        assert rebuilt.pending is not None and game.pending is not None
        assert rebuilt.pending.to_json() == game.pending.to_json()
        if i == fork:
            shadows.append(rebuilt)
        elif not special_fork and game.flow.phase == "special":
            special_fork = True  # also fork once in the middle of a special action
            shadows.append(rebuilt)

    def after(game: Game, i: int) -> None:
        h = game.history[-1]
        for s in shadows:
            if len(s.history) < len(game.history):
                s.answer(h["player"], json.loads(json.dumps(h["answer"])))
            assert s.history == game.history
            assert (s.pending is None) == (game.pending is None)
            if game.pending is not None:
                assert s.pending is not None
                assert s.pending.to_json() == game.pending.to_json()

    game = play(players, variant, seed, answer_seed, before=before, after=after)
    assert shadows, "no fork point reached"
    for s in shadows:
        assert s.over
        assert s.state.scores == game.state.scores
        assert s.state.to_json() == game.state.to_json()
        assert s.flow.to_json() == game.flow.to_json()


@MANY
@given(players=players_st, variant=variant_st, seed=seed_st, answer_seed=seed_st)
def test_record_replays_to_the_same_state(players: int, variant: str, seed: int,
                                          answer_seed: int) -> None:
    """DESIGN.md 6: replaying record_lines(game) reproduces the game bit for bit."""
    game = play(players, variant, seed, answer_seed)
    lines = record_lines(game)
    assert len(lines) == 1 + len(game.history)
    again = replay(lines, logging=False)
    assert again.over
    assert again.state.to_json() == game.state.to_json()
    assert again.flow.to_json() == game.flow.to_json()
    assert again.history == json.loads(json.dumps(game.history))


# -- hidden information (B8.5a) ---------------------------------------------------------------


@MANY
@given(players=players_st, variant=variant_st, seed=seed_st, answer_seed=seed_st)
def test_views_hide_hands_and_unrevealed_secrets(players: int, variant: str, seed: int,
                                                 answer_seed: int) -> None:
    """B8.5a: view(p) shows p's own hand and own secret answer only: others' hands are
    None, and flow.secret / flow.run.secret (answers given to a secret choice not yet
    revealed) hold only the viewer's entry; the stacks' order is not shown."""
    partial = 0

    def after(game: Game, i: int) -> None:
        nonlocal partial
        fl = game.flow
        d = game.pending
        if d is None:
            return
        secrets = dict(fl.secret)
        if fl.run is not None:
            secrets.update(fl.run.secret)
        secret_now = d.kind == "secret_region"
        if secret_now and any(str(q) in secrets for q in range(players)):
            partial += 1
        if not (secret_now or i % 25 == 0):
            return
        for v in range(players):
            view = game.view(v)
            assert view["player"] == v
            hands = view["state"]["hands"]
            assert hands[v] == game.state.hands[v]
            assert all(h is None for q, h in enumerate(hands) if q != v)
            assert set(view["flow"]["secret"]) <= {str(v)}
            if str(v) in fl.secret:
                assert view["flow"]["secret"][str(v)] == fl.secret[str(v)]
            if view["flow"]["run"] is not None:
                assert set(view["flow"]["run"]["secret"]) <= {str(v)}
            assert all(s == sorted(s) for s in view["state"]["stacks"])
            if v in d.players:
                assert view["pending"] == d.to_json()
            else:
                assert view["pending"] is None
            json.dumps(view)  # JSON-able
            assert game.lazy_view(v) == view  # the lazy view (bots): the same mapping

    play(players, variant, seed, answer_seed, after=after)
    assert partial > 0, "no secret choice was seen half answered"
