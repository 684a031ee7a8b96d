"""Scoring: one region's ranking (B6.5-B6.9, B5.3), special scorings (B8.6) and the
general scoring after rounds 3, 6 and 9 (B6.1-B6.4).

Every function returns a structured result (who got what where, and why) and adds the
points to ``state.scores``. The figures (values, bonuses, how many ranks pay with 2 or 3
players) come from the board data.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any, Final

from elgrande.errors import IllegalMove
from elgrande.model.board import Board
from elgrande.model.hook_context import HookContext
from elgrande.model.seats import seat
from elgrande.model.state import NOBODY, OFF_BOARD, State

if TYPE_CHECKING:
    from elgrande.model.score_results import CastilloMove, GeneralScoring, RegionScore, ScoreLine

    #: the result classes, as :func:`result_classes` gives them
    Classes = tuple[type[ScoreLine], type[RegionScore], type[CastilloMove],
                    type[GeneralScoring]]
    #: the makers of results, as :func:`result_makers` gives them
    Makers = tuple[
        Callable[[int, int, int, int, tuple[tuple[str, int], ...]], ScoreLine],
        Callable[[int, tuple[int, int, int], str, bool, tuple[ScoreLine, ...]], RegionScore],
        Callable[[int, int, int, int | None], CastilloMove],
        Callable[[tuple[int, ...], RegionScore, tuple[CastilloMove, ...],
                  tuple[RegionScore, ...], tuple[tuple[int, int, int, str], ...]],
                 GeneralScoring]]


#: The classes of a scoring's results once :func:`result_classes` has imported them.
_CLASSES: Classes | None = None


def result_classes() -> Classes:
    """``(ScoreLine, RegionScore, CastilloMove, GeneralScoring)``, a scoring's result
    classes (:mod:`elgrande.model.score_results`, B6.1-B6.9), imported on the first call
    and kept: a game imports them at its first scoring, not at start, and a scoring does
    not pay an import statement's lookup (about 8k instructions) at each region it
    scores. Raises nothing."""
    global _CLASSES
    if _CLASSES is None:
        from elgrande.model.score_results import (
            CastilloMove,
            GeneralScoring,
            RegionScore,
            ScoreLine,
        )

        _CLASSES = (ScoreLine, RegionScore, CastilloMove, GeneralScoring)
    return _CLASSES


#: The makers of a scoring's results once :func:`result_makers` has imported them.
_MAKERS: Makers | None = None


def result_makers() -> Makers:
    """``(new_line, new_score, new_move, new_scoring)`` of
    :mod:`elgrande.model.score_results`: each makes the instance its class's constructor
    makes (``ScoreLine``, ``RegionScore``, ``CastilloMove``, ``GeneralScoring``), in the
    pure build without the constructor call; imported on the first call and kept (as
    :func:`result_classes`). Raises nothing."""
    global _MAKERS
    if _MAKERS is None:
        from elgrande.model.score_results import new_line, new_move, new_score, new_scoring

        _MAKERS = (new_line, new_score, new_move, new_scoring)
    return _MAKERS


def ranks(counts: Sequence[int]) -> list[int]:
    """Rank participants by caballero count with the tie rule of B6.5.

    Args:
        counts: caballeros per participant (any order).
    Returns:
        The rank of each participant (1, 2, 3, ...), or 0 for a participant with no
        caballero. Distinct counts are taken from high to low with a position ``p``
        starting at 1: a participant alone at a count gets rank ``p`` (``p += 1``); a
        group of two or more tied participants all get rank ``p + 1`` (``p += 2``).
    """
    out = [0] * len(counts)
    p = 1
    for c in sorted(set(counts), reverse=True):
        if c <= 0:
            break
        if counts.count(c) == 1:
            out[counts.index(c)] = p
            p += 1
        else:
            for i, x in enumerate(counts):
                if x == c:
                    out[i] = p + 1
            p += 2
    return out


class ScoringRules:
    """What the rules modules in play change in a scoring (their composed hooks; see
    :mod:`elgrande.engine.modules`). None means the base game's rules alone. The base class
    of :class:`elgrande.engine.modules.Rules`, which sets these fields and gives these
    methods; a class, not a protocol, so that the compiled build reads the fields natively
    (docs/compiled.md)."""

    #: False when no module changes a place's scoring: ``ranking_counts`` and
    #: ``area_bonus`` would return their inputs and nothing, and are not called.
    scoring_hooks: bool

    #: ``ranking_counts(ctx, place, (who, counts)) -> (who, counts)``: who counts in
    #: ``place``'s ranking, and with how many caballeros (None: no module changes it).
    ranking_counts: Callable[..., tuple[list[int], list[int]]] | None
    #: ``area_bonus(ctx, place, first_only) -> [(participant, reason, points)]``: bonuses
    #: paid in ``place`` beside the ranking (None: none).
    area_bonus: Callable[..., list[tuple[int, str, int]]] | None
    #: ``scoring_step(ctx, step, place)``: a step of a general scoring is done (None: no
    #: module listens).
    scoring_step: Callable[..., None] | None
    #: every hook composed, by name (None: no module implements it); a scoring nobody
    #: reads makes the Castillo's moves only for a ``castillo_emptied`` hook
    composed: dict[str, Callable[..., Any] | None]

    def scoring_places(self, ctx: HookContext) -> set[int] | None:
        """The places whose scoring ``ranking_counts`` and ``area_bonus`` may change now
        (None: any place); elsewhere they would return their inputs and nothing."""
        raise NotImplementedError

    def scoring_order(self, ctx: HookContext, places: list[int]) -> list[int]:
        """The places of a general scoring after the Castillo, in order (B6.4)."""
        raise NotImplementedError

    def castillo_emptied(self, ctx: HookContext, discs: Sequence[int],
                         moves: Sequence[Any]) -> None:
        """Called after the Castillo's caballeros went to their discs' regions (B6.3)."""
        raise NotImplementedError


def paid_ranks(board: Board, players: int) -> int:
    """How many ranks of a place's values are paid in a game of ``players`` players
    (B6.8: with 2 players only the left value, with 3 the left and middle ones; the
    board data's ``paid_ranks``). Scoring, the bots' outlook and the board's drawing
    read it here.

    Args:
        board: the board (its ``paid_ranks`` by player count).
        players: the number of players (2-5).
    Returns:
        1 to the number of values.
    Raises:
        KeyError: a player count the board data does not give.
    """
    return board.paid_ranks[players]


def current_values(state: State, board: Board, place: int) -> tuple[tuple[int, int, int], str]:
    """The values a place scores with now: a mobile scoreboard's if one lies there (B6.9),
    else the printed ones. Returns ``(values, source)``."""
    for i, at in enumerate(state.scoreboards):
        if at == place:
            sb = board.scoreboards[i]
            return sb.values, sb.id
    return board.places[place].values, "printed"


def participants(state: State, place: int) -> tuple[list[int], list[int]]:
    """The ranked participants of a place: ``(who, counts)``.

    Players with their counts; the neutral caballeros count for their holder (C8) or,
    unheld, as the participant NOBODY (C9).
    """
    who = list(range(state.players))
    counts = state.caballeros[place][:]
    n = state.neutral[place]
    if n:
        if state.neutral_holder != NOBODY:
            counts[state.neutral_holder] += n
        else:
            who.append(NOBODY)
            counts.append(n)
    return who, counts


def score_region(state: State, board: Board, place: int, first_only: bool = False,
                 rules: ScoringRules | None = None,
                 hooks: HookContext | None = None) -> RegionScore:
    """Score one place now and add the points to ``state.scores``.

    Args:
        state: the state (its scores are updated).
        board: the board.
        place: a place index (a region, the Castillo, or an area).
        first_only: pay only the first rank (B8.6); a tie for first scores nothing.
        rules: the rules modules in play (their ``ranking_counts`` and ``area_bonus``
            hooks), or None for the base game's rules alone.
        hooks: the context the hooks are called with (one per scoring, handed on); made
            here when None and a hook is called.
    Returns:
        The :class:`RegionScore`.

    Implements B6.5 (ranking), B6.6 (Grande bonus), B5.3/B6.7 (king's bonus), B6.8 (2/3
    players), B6.9 (mobile scoreboards), C9 (neutral rank pays nobody).
    """
    values, source, lines = _ranked(state, board, place, first_only, rules, hooks, _LINES)
    return (_MAKERS or result_makers())[1](place, values, source, first_only, tuple(lines))


def score_points(state: State, board: Board, place: int, first_only: bool = False,
                 rules: ScoringRules | None = None, hooks: HookContext | None = None) -> None:
    """Score one place as :func:`score_region` does (same arguments, same points added to
    ``state.scores``, same hooks called) without making its result: for a scoring nobody
    reads (a playout's, :func:`elgrande.engine.events_read`). Raises nothing."""
    _ranked(state, board, place, first_only, rules, hooks, _NO_LINES)


def score_region_json(state: State, board: Board, place: int, first_only: bool = False,
                      rules: ScoringRules | None = None,
                      hooks: HookContext | None = None) -> dict[str, Any]:
    """``score_region(...).to_json()`` (same arguments, same points added, same hooks
    called): the same JSON, made without the :class:`RegionScore` and its lines (what a
    reader of a ``score`` action's event gets, B8.6). Raises nothing."""
    values, source, lines = _ranked(state, board, place, first_only, rules, hooks,
                                    _JSON_LINES)
    return _region_json(place, values, source, first_only, lines)


#: What :func:`_ranked` makes of a scoring's lines: none (unless a module's bonus needs
#: them), :class:`ScoreLine` objects, or their JSON (:meth:`ScoreLine.to_json`'s dicts).
_NO_LINES: Final = 0
_LINES: Final = 1
_JSON_LINES: Final = 2


def _ranked(state: State, board: Board, place: int, first_only: bool,
            rules: ScoringRules | None, hooks: HookContext | None,
            made: int) -> tuple[tuple[int, int, int], str, list[Any]]:
    """:func:`score_region`'s work: the points added, ``(values, source, lines)``
    returned; ``made``: :data:`_LINES` (``lines`` of :class:`ScoreLine`),
    :data:`_JSON_LINES` (their JSON dicts, made without the objects) or
    :data:`_NO_LINES` (``lines`` made only when a module's bonus needs it, else left
    empty). Raises nothing."""
    new_line = (_MAKERS or result_makers())[0]  # (no call once imported)

    # current_values inline: a mobile scoreboard's values, else the printed ones (B6.9)
    values, source = board.places[place].values, "printed"
    i = 0
    for at in state.scoreboards:  # (a loop the compiled build runs natively)
        if at == place:
            sb = board.scoreboards[i]
            values, source = sb.values, sb.id
            break
        i += 1
    paid = board.paid_ranks[state.players]  # paid_ranks inline (B6.8)
    if first_only:
        paid = min(paid, 1)
    if rules is not None and not rules.scoring_hooks:
        rules = None  # no module changes this scoring (the hooks' compositions do nothing)
    lines: list[Any] = []
    ranking: tuple[tuple[int, int, int, bool], ...] | None
    if rules is None and not state.neutral[place]:
        # the players alone, no module's counts (as participants): the ranking is a
        # function of the counts only, made once per counts and shared (_RANKINGS)
        row = state.caballeros[place]
        counted = tuple(row)
        ranking = _RANKINGS.get(counted)
        if ranking is None:
            order: list[int] = []
            key = 1
            for c in row:  # (a loop: no comprehension function made)
                if c > 0:
                    order.append(key - c * 64)
                key += 1
            ranking = _ranking(order)
            if len(_RANKINGS) >= 10_000:  # (bounded: a process of many games)
                _RANKINGS.clear()
            _RANKINGS[counted] = ranking
    else:
        if state.neutral[place]:
            who, counts = participants(state, place)
        else:  # no neutral caballero: the players alone (as participants)
            who, counts = list(range(state.players)), state.caballeros[place][:]
        if rules is not None:
            if hooks is None:
                hooks = HookContext(state, board, [])
            ranking_counts = rules.ranking_counts
            if ranking_counts is not None:
                who, counts = ranking_counts(hooks, place, (who, counts))
        order = []
        for i, c in enumerate(counts):  # (a loop: no comprehension function made)
            if c > 0:
                order.append(-c * 64 + (32 if who[i] == NOBODY else 0) + who[i] + 1)
        keyed = tuple(order)  # the ranking, a function of these keys: made once, shared
        ranking = _KEYED_RANKINGS.get(keyed)
        if ranking is None:
            ranking = _ranking(order)
            if len(_KEYED_RANKINGS) >= 10_000:
                _KEYED_RANKINGS.clear()
            _KEYED_RANKINGS[keyed] = ranking
    scores = state.scores
    direct = True  # the points go to the scores as the lines are made
    if rules is not None:
        bonus = rules.area_bonus
        if bonus is not None:
            # the bonuses first (the lines below change nothing a hook reads); with none,
            # the points go to the scores at once, as without the hook
            extra = bonus(hooks, place, first_only)
            direct = not extra
    for p, c, rank, alone in ranking:
        pts = values[rank - 1] if rank <= paid else 0
        bonuses: tuple[tuple[str, int], ...] = ()
        got = pts  # ScoreLine.total, inline
        if alone:  # the leader alone (a player)
            if place == state.king and board.king_bonus:
                bonuses = (("king", board.king_bonus),)
                got += board.king_bonus
            if state.grandes[p] == place and board.grande_bonus:
                bonuses += (("grande", board.grande_bonus),)
                got += board.grande_bonus
        if made or not direct:
            if made == _JSON_LINES:  # ScoreLine.to_json's dict, no object
                lines.append({"participant": p, "caballeros": c, "rank": rank,
                              "points": pts, "bonuses": [[why, n] for why, n in bonuses]
                              if bonuses else []})
            else:
                lines.append(new_line(p, c, rank, pts, bonuses))
        if direct and p != NOBODY:
            scores[p] += got
    if not direct and made == _JSON_LINES:  # the lines as JSON: bonuses added to them
        for who_gets, reason, points in extra:
            for ln in lines:  # (each line's bonuses its own list: added in place)
                if ln["participant"] == who_gets:
                    ln["bonuses"].append([reason, points])
                    break
            else:
                lines.append({"participant": who_gets, "caballeros": 0, "rank": 0,
                              "points": 0, "bonuses": [[reason, points]]})
        for ln in lines:
            if ln["participant"] != NOBODY:  # ScoreLine.total of its JSON, inline
                got = ln["points"]
                for _, b in ln["bonuses"]:
                    got += b
                scores[ln["participant"]] += got
    elif not direct:
        for who_gets, reason, points in extra:
            for k, ln in enumerate(lines):
                if ln.participant == who_gets:
                    # (attrs.evolve, spelt out: it runs interpreted, 13k instructions)
                    lines[k] = new_line(ln.participant, ln.caballeros, ln.rank, ln.points,
                                         ln.bonuses + ((reason, points),))
                    break
            else:
                lines.append(new_line(who_gets, 0, 0, 0, ((reason, points),)))
        for ln in lines:
            if ln.participant != NOBODY:  # ln.total, inline (a loop: no generator made)
                got = ln.points
                for _, b in ln.bonuses:
                    got += b
                scores[ln.participant] += got
    return values, source, lines


#: The rankings :func:`_ranking` made of the players' counts alone, by those counts
#: (a ranking never changes once made: scorings share it; at most 10,000 kept).
_RANKINGS: Final[dict[tuple[int, ...], tuple[tuple[int, int, int, bool], ...]]] = {}
#: The rankings :func:`_ranking` made of other participants (the neutral caballeros, a
#: module's counts), by their keys as :func:`_ranking` takes them, unsorted (at most
#: 10,000 kept).
_KEYED_RANKINGS: Final[dict[tuple[int, ...], tuple[tuple[int, int, int, bool], ...]]] = {}


def _ranking(order: list[int]) -> tuple[tuple[int, int, int, bool], ...]:
    """The ranking of a place (B6.5) from its participants' keys ``order`` (one int a
    participant with caballeros, ``-count * 64 + (32 if neutral) + participant + 1``,
    participants below 31: sorted as ``(-count, neutral, participant)`` would be, here,
    in place): ``(participant, caballeros, rank, alone)`` best rank first,
    the neutral caballeros after players of their rank, ``alone`` True for a player who
    leads alone (the king's and Grande's bonuses, B5.3, B6.6). Ranks as :func:`ranks`
    gives them. Raises nothing."""
    order.sort()  # a list of ints sorts without a comparison call
    out: list[tuple[int, int, int, bool]] = []
    k, m, r = 0, len(order), 1
    while k < m:
        top = order[k] >> 6  # -count
        j = k + 1
        while j < m and order[j] >> 6 == top:
            j += 1
        rank = r if j - k == 1 else r + 1
        for key in order[k:j]:
            p = (key & 31) - 1
            out.append((p, -top, rank, k == 0 and j == 1 and p != NOBODY))
        r += 1 if j - k == 1 else 2
        k = j
    return tuple(out)


def score_regions(state: State, board: Board, places: Iterable[int],
                  first_only: bool = False,
                  rules: ScoringRules | None = None) -> list[RegionScore]:
    """Score several places in the order given (a special scoring, B8.6)."""
    hooks = HookContext(state, board, []) if rules is not None else None
    return [score_region(state, board, p, first_only, rules, hooks) for p in places]


def check_discs(state: State, board: Board, discs: Sequence[int]) -> None:
    """Check secret-disc choices (B6.1): one per player, each a mainland region.

    Raises:
        IllegalMove: rule B6.1.
    """
    if len(discs) != state.players:
        raise IllegalMove("B6.1", f"need one disc per player ({state.players}), got {len(discs)}")
    for p, d in enumerate(discs):
        if not (0 <= d < len(board.places)) or not board.is_region(d):
            what = board.place_id(d) if 0 <= d < len(board.places) else str(d)
            raise IllegalMove("B6.1", f"{seat(p)}'s disc must show one of the mainland "
                              f"regions, not {what}")


def general_scoring(state: State, board: Board, discs: Sequence[int],
                    rules: ScoringRules | None = None,
                    hooks: HookContext | None = None) -> GeneralScoring:
    """Carry out a whole general scoring (B6.1-B6.4) with the given secret discs.

    Args:
        state: updated in place (scores, Castillo emptied).
        board: the board.
        discs: ``discs[player]`` = the region index on that player's disc.
        rules: the rules modules in play (ranking, bonuses, scoring order, what happens
            when the Castillo empties, the ``scoring_step`` events), or None for the base
            game's rules alone.
        hooks: the context their hooks are called with (its events: where they tell what
            they changed); made here, with an events list nobody reads, when None.
    Raises:
        IllegalMove: B6.1 for a disc that is not a mainland region; the state is then
        unchanged.

    Order: the Castillo is scored (B6.2); each player's Castillo caballeros go to the disc's
    region, or to court when the disc shows the king's region (B6.3); then every region is
    scored in the board's scoring order (B6.4).
    """
    first = castillo_part(state, board, discs, rules, hooks)
    if rules is not None and hooks is None:
        hooks = HookContext(state, board, [])
    return regions_part(state, board, first, rules, hooks)


def castillo_part(state: State, board: Board, discs: Sequence[int],
                  rules: ScoringRules | None = None,
                  hooks: HookContext | None = None) -> GeneralScoring:
    """A general scoring's first part (B6.1-B6.3): the Castillo scored, its caballeros
    gone to the discs' regions or to court, the ``castillo_emptied`` hooks called (see
    :func:`general_scoring`, whose arguments it takes). Returns the scoring so far (no
    region scored yet), for :func:`regions_part`.

    Raises:
        IllegalMove: B6.1 for a disc that is not a mainland region; nothing changed.
    """
    first = _castillo(state, board, discs, rules, hooks, _LINES)
    assert first is not None and not isinstance(first, dict)  # (made: the result)
    return first


def castillo_json(state: State, board: Board, discs: Sequence[int],
                  rules: ScoringRules | None = None,
                  hooks: HookContext | None = None) -> dict[str, Any]:
    """``castillo_part(state, board, discs, rules, hooks).to_json()``: the same JSON, the
    same points added, caballeros moved and hooks called, without making the Castillo's
    result objects (what a reader of a general scoring's event gets, B6.1-B6.3; for
    :func:`regions_json`).

    Raises:
        IllegalMove: B6.1 for a disc that is not a mainland region; nothing changed.
    """
    first = _castillo(state, board, discs, rules, hooks, _JSON_LINES)
    assert isinstance(first, dict)  # (made as JSON)
    return first


def castillo_points(state: State, board: Board, discs: Sequence[int],
                    rules: ScoringRules | None = None,
                    hooks: HookContext | None = None) -> None:
    """:func:`castillo_part` without its result (the same points added, the same
    caballeros moved, the same hooks called; no Castillo :class:`RegionScore` nor
    scoring made, no :class:`CastilloMove` unless a ``castillo_emptied`` hook gets them):
    for a scoring nobody reads (a playout's, :func:`elgrande.engine.events_read`).

    Raises:
        IllegalMove: B6.1 for a disc that is not a mainland region; nothing changed.
    """
    _castillo(state, board, discs, rules, hooks, _NO_LINES)


def _castillo(state: State, board: Board, discs: Sequence[int], rules: ScoringRules | None,
              hooks: HookContext | None,
              made: int) -> GeneralScoring | dict[str, Any] | None:
    """:func:`castillo_part`'s work; ``made`` (as :func:`_ranked`'s): the scoring so far
    (:data:`_LINES`), its JSON (:data:`_JSON_LINES`, as :func:`castillo_json`) or
    nothing (:data:`_NO_LINES`: None returned, as :func:`castillo_points`)."""
    _, new_score, new_move, new_scoring = result_makers()

    check_discs(state, board, discs)
    castle = board.castillo
    step = None
    ranked = rules  # the rules the Castillo's own scoring hears (B6.2)
    if rules is not None:
        if hooks is None:
            hooks = HookContext(state, board, [])
        step = rules.scoring_step
        if rules.scoring_hooks:  # the scoring hooks only where they may change something
            hooked = rules.scoring_places(hooks)
            if hooked is not None and castle not in hooked:
                ranked = None
    values, source, lines = _ranked(state, board, castle, False, ranked, hooks, made)
    if step is not None:
        step(hooks, "castillo", castle)                             # B6.2
    # the moves: for the result and the castillo_emptied hooks (none: none made)
    told = made != _NO_LINES or (rules is not None
                                 and rules.composed["castillo_emptied"] is not None)
    moves: list[CastilloMove] = []
    for p in range(state.players):
        n = state.caballeros[castle][p]
        if not n:
            continue
        state.set_caballeros(castle, p, 0)
        d = discs[p]
        if d == state.king:
            state.court[p] += n
            if told:
                moves.append(new_move(p, n, d, None))
        else:
            state.add_caballeros(d, p, n)
            if told:
                moves.append(new_move(p, n, d, d))
    grandes: tuple[tuple[int, int, int, str], ...] = ()
    if rules is not None and hooks is not None:
        before = state.grandes[:] if made != _NO_LINES else None
        rules.castillo_emptied(hooks, discs, moves)
        if before is not None and before != state.grandes:
            grandes = _grandes_moved(state, before)
    if made == _NO_LINES:
        return None
    if made == _JSON_LINES:  # GeneralScoring.to_json's dict, no region scored yet
        moved = []
        for m in moves:  # (a loop: no comprehension function made)
            moved.append(m.to_json())
        return {"discs": list(discs), "castillo": _region_json(castle, values, source,
                                                               False, lines),
                "moves": moved, "regions": [], "grandes": [list(g) for g in grandes]}
    castillo = new_score(castle, values, source, False, tuple(lines))
    return new_scoring(tuple(discs), castillo, tuple(moves), (), grandes)


def regions_part(state: State, board: Board, first: GeneralScoring,
                 rules: ScoringRules | None = None,
                 hooks: HookContext | None = None) -> GeneralScoring:
    """A general scoring's second part (B6.3's end, B6.4): the ``emptied`` step heard,
    then every region scored in the scoring order, after :func:`castillo_part` returned
    ``first`` (``hooks``: given whenever ``rules`` is). Returns the whole scoring."""
    regions: list[RegionScore] = []
    _regions(state, board, rules, hooks, regions)
    return result_makers()[3](first.discs, first.castillo, first.moves, tuple(regions),
                               first.grandes)


def regions_points(state: State, board: Board, rules: ScoringRules | None = None,
                   hooks: HookContext | None = None) -> None:
    """:func:`regions_part` without its result (the same points added, the same hooks
    called, no :class:`RegionScore` made): for a scoring nobody reads (a playout's,
    :func:`elgrande.engine.events_read`). Raises nothing."""
    _regions(state, board, rules, hooks, None)


def regions_json(state: State, board: Board, first: dict[str, Any],
                 rules: ScoringRules | None = None,
                 hooks: HookContext | None = None) -> dict[str, Any]:
    """``regions_part(state, board, first, rules, hooks).to_json()`` for the first part's
    JSON ``first`` (:func:`castillo_json`, or :meth:`GeneralScoring.to_json`; not
    changed): the same JSON, the same points added and hooks called, without making the
    regions' result objects (what a reader of a general scoring's event gets, B6.4).
    Raises nothing."""
    regions: list[Any] = []
    _regions(state, board, rules, hooks, regions, True)
    told = dict(first)  # (no region scored yet: its "regions" replaced, in place)
    told["regions"] = regions
    return told


def _region_json(place: int, values: tuple[int, int, int], source: str, first_only: bool,
                 lines: list[Any]) -> dict[str, Any]:
    """:meth:`RegionScore.to_json`'s dict, made from its fields (``lines`` as JSON)."""
    return {"place": place, "values": list(values), "source": source,
            "first_only": first_only, "lines": lines}


def _regions(state: State, board: Board, rules: ScoringRules | None,
             hooks: HookContext | None, made: list[Any] | None,
             as_json: bool = False) -> None:
    """:func:`regions_part`'s work: each region's scoring appended to ``made`` (None:
    only the points added, :func:`score_points`), as :class:`RegionScore` or, if
    ``as_json``, as its JSON (:meth:`RegionScore.to_json`'s dict). Raises nothing."""
    step = None if rules is None else rules.scoring_step
    hooked: set[int] | None = None
    order: Sequence[int]
    if rules is not None and hooks is not None:
        if step is not None:
            step(hooks, "emptied", -1)                               # B6.3
        order = rules.scoring_order(hooks, list(board.scoring_order))
        if rules.scoring_hooks:
            hooked = rules.scoring_places(hooks)
    else:
        order = board.scoring_order
    new_score = None if made is None or as_json else result_makers()[1]
    lines_made = _NO_LINES if made is None else _JSON_LINES if as_json else _LINES
    for r in order:  # (a loop: no comprehension function made)
        # the scoring hooks only where they may change something (scoring_places)
        values, source, lines = _ranked(state, board, r, False, rules if hooked is None
                                        or r in hooked else None, hooks, lines_made)
        if made is not None:
            if new_score is not None:
                made.append(new_score(r, values, source, False, tuple(lines)))
            else:  # RegionScore.to_json's dict, made without the object
                made.append(_region_json(r, values, source, False, lines))
        if step is not None:  # a module hears of each place scored (B6.4)
            step(hooks, "region", r)


def _grandes_moved(state: State, before: list[int]) -> tuple[tuple[int, int, int, str], ...]:
    """:attr:`GeneralScoring.grandes` from the Grandes before the ``castillo_emptied``
    hooks ran (a card's trigger on that step runs after them and tells its own moves)."""
    return tuple((p, before[p], state.grandes[p], "")
                 for p in range(state.players) if before[p] != state.grandes[p])


__all__ = [
    "OFF_BOARD", "ScoringRules",
    "castillo_json", "castillo_part", "castillo_points", "check_discs", "current_values",
    "general_scoring",
    "participants", "ranks", "regions_json", "regions_part", "regions_points",
    "result_classes", "result_makers", "score_points", "score_region", "score_regions",
]
