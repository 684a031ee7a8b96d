"""Pending decisions: who must decide what, and what answers are legal (DESIGN.md 3).

A :class:`Decision` is plain data: a ``kind``, the ``players`` who must answer, a
``prompt`` and ``options`` (the constraint, JSON-able, region ids as strings). Each kind
has a handler in :data:`KINDS` that, from the decision alone (no state needed),

- checks an answer and returns it normalised (raising :class:`IllegalMove` with a rule id),
- lists the legal answers when they are few,
- draws a random legal answer from a ``random.Random``.

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

A kind whose answers are secret declares it where it is registered (:func:`kind`'s
``secret``, a :class:`Secret`: public at the reveal, or never); the viewer and the
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
from elgrande.engine.decisions.decision import (
    KINDS,
    NEVER,
    REVEAL,
    Decision,
    Kind,
    Secret,
    answer_as_seen,
    kind,
    secret_kinds,
)
from elgrande.engine.decisions.decision import _pick_listed as _pick_listed
from elgrande.engine.decisions.forms import (
    ANSWER_KEYS,
    MAX_ANSWER_DEPTH,
    MAX_INT,
    MAX_LISTED,
    answer_keys,
    check_seat,
    is_int,
    plain_answer,
    refuse_unknown_keys,
    shown,
)

# the pick kind's handlers, for a rules module that registers a kind of its own of that form
from elgrande.engine.decisions.picks import _pick_check as _pick_check
from elgrande.engine.decisions.picks import _pick_count as _pick_count
from elgrande.engine.decisions.picks import _pick_legal as _pick_legal
from elgrande.engine.decisions.picks import _pick_nth as _pick_nth
from elgrande.engine.decisions.send import send_taken, send_value

__all__ = [
    "ANSWER_KEYS", "KINDS", "MAX_ANSWER_DEPTH", "MAX_INT", "MAX_LISTED", "NEVER", "REVEAL",
    "Decision", "Kind", "Random", "Secret", "answer_as_seen", "answer_keys", "check_seat",
    "draw_below", "draw_choice", "draw_int", "draw_sample", "draw_shuffle", "is_int", "kind",
    "plain_answer", "refuse_unknown_keys", "secret_kinds", "send_taken", "send_value", "shown",
]
