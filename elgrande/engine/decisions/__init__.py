"""Pending decisions: who must decide what, and what answers are legal (B3.4).

A :class:`Decision` is plain data: a ``kind``, the ``players`` who must answer, a
``prompt`` and ``options`` (the constraint, JSON-able, region ids as strings). Each kind
is a :class:`DecisionKind` registered in :data:`KINDS` (:func:`register`) that, from the
decision alone (no state needed),

- checks an answer and returns it normalised (raising :class:`IllegalMove` with a rule id),
- lists the legal answers when they are few,
- draws a random legal answer from a ``random.Random``.

The package, by concern: :mod:`~elgrande.engine.decisions.chance` (random draws, the same
numbers as ``random.Random``'s), :mod:`~elgrande.engine.decisions.forms` (plain answers,
seats, answer keys), :mod:`~elgrande.engine.decisions.decision` (the Decision, the kind
base class and the registry), and the kinds: :mod:`~elgrande.engine.decisions.picks`,
:mod:`~elgrande.engine.decisions.places`, :mod:`~elgrande.engine.decisions.send`,
:mod:`~elgrande.engine.decisions.court`, :mod:`~elgrande.engine.decisions.moves`
(:mod:`~elgrande.engine.decisions.counting` counts their answers without listing them).

Answer forms (also in the generated docs/dsl.md):

=====================  =================================================================
kind                   answer
=====================  =================================================================
choose_region          a region id, e.g. ``"aragon"``
choose_number          an integer
choose_player          a player index
choose_option          an option index (0-based) into ``options["labels"]``
choose_power_card      a power-card value
choose_action_card     an action card id among ``options["choices"]``
move_caballeros        a list of moves ``[{"from": id, "to": id, "player": i, "n": k}]``;
                       ``player`` may be left out when only one colour may move; the
                       neutral caballeros are player ``-1``; ``options["room"]`` as for
                       place_caballeros; where ``options["which"]`` lists kinds of a
                       player's caballeros in a source (``{id: {player: [key, [[value,
                       n], ...]]}}``, declared by a rules module), a move may add
                       ``key: value`` to say which of them leave (at most n of a kind);
                       a move naming none takes the kinds in their listed order
place_caballeros       ``{region id: caballeros}`` (``{}`` places none); a place may take
                       at most ``options["room"][id][0]`` when it is listed there (a
                       capacity); a seating: ``{player index: caballeros}``
send_caballeros        ``{source id or "court": caballeros}``; where
                       ``options["which"]`` lists kinds of the owner's caballeros in a
                       source (``{id: [key, [[value, n], ...]]}``, declared by a rules
                       module), that source's count may be parts ``[{"n": k, key:
                       value}, ...]`` (or one part) saying which of them leave (at most n
                       of a kind; a part naming none takes the kinds in their listed
                       order, which is also what a plain count takes)
bring_to_court         an integer (from the provinces) or
                       ``{"provinces": k, "regions": {region id: n}}`` (B4.1)
move_scoreboard        ``{"scoreboard": "8-4-0", "to": region id}``
secret_region          one region id per answering player (each answers alone); secret
                       until the discs are revealed together (B8.5)
=====================  =================================================================

A key an answer form does not name (of the mapping answered, or of a move) is refused
(:data:`ANSWER_KEYS`; a rules module declares the keys it reads with :func:`answer_keys`).
:meth:`Decision.check` returns an answer in normal form, as plain data: the form
:meth:`Decision.legal_answers` lists.

A decision whose options hold ``"skip": answer`` was added to the game after older records
were written: replaying a record whose line answers a decision of another kind answers it
so (:func:`elgrande.records.replay`).

A kind whose answers are secret declares it where it is registered (its ``secret``, a
:class:`Secret`: public at the reveal, or never); the viewer and the
adapters' information states show another player's such answer only as its words
(:func:`answer_as_seen`), e.g. "blue chose 13 cards" for I1's card choice.
"""

from __future__ import annotations

# isort: off
# the kinds' modules register their kinds as they are imported, in the order of the
# answer forms above (the order of KINDS)
from elgrande.engine.decisions import picks, places, send, court, moves  # noqa: F401
# isort: on
from elgrande.engine.decisions.chance import _INLINE_DRAW as _INLINE_DRAW
from elgrande.engine.decisions.chance import (
    Random,
    draw_below,
    draw_choice,
    draw_int,
    draw_sample,
    draw_shuffle,
)
from elgrande.engine.decisions.court import CourtKind
from elgrande.engine.decisions.decision import (
    COUNTED,
    KINDS,
    LISTED_CHOICES,
    LISTED_LABELS,
    NEVER,
    NOT_INLINE,
    REVEAL,
    Decision,
    DecisionKind,
    FunctionKind,
    Secret,
    answer_as_seen,
    kind,
    register,
    secret_kinds,
)
from elgrande.engine.decisions.forms import (
    ANSWER_KEYS,
    MAX_ANSWER_DEPTH,
    MAX_INT,
    MAX_LISTED,
    MIN_INT,
    SMALL_INT,
    answer_keys,
    check_seat,
    is_int,
    plain_answer,
    refuse_unknown_keys,
    shown,
)
from elgrande.engine.decisions.moves import MoveKind, ScoreboardKind
from elgrande.engine.decisions.picks import OptionKind, PickKind
from elgrande.engine.decisions.places import PlaceKind
from elgrande.engine.decisions.send import SendKind, send_taken, send_value

#: The handlers of a kind as loose callables, as :func:`kind` takes them (an older name).
Kind = FunctionKind

__all__ = [
    "ANSWER_KEYS", "COUNTED", "KINDS", "LISTED_CHOICES", "LISTED_LABELS", "MAX_ANSWER_DEPTH",
    "MAX_INT", "MAX_LISTED", "MIN_INT", "NEVER", "NOT_INLINE", "REVEAL", "SMALL_INT", "CourtKind",
    "Decision", "DecisionKind", "FunctionKind", "Kind", "MoveKind", "OptionKind", "PickKind",
    "PlaceKind", "Random", "ScoreboardKind", "Secret", "SendKind", "answer_as_seen", "answer_keys",
    "check_seat", "draw_below", "draw_choice", "draw_int", "draw_sample", "draw_shuffle", "is_int",
    "kind", "plain_answer", "refuse_unknown_keys", "register", "secret_kinds", "send_taken",
    "send_value", "shown",
]
