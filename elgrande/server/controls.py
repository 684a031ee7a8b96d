"""The controls of a seat's pending decision for the page of ``elgrande serve`` (B3.4),
built only from the fixed action space (:mod:`elgrande.adapters.actions`), so a set's or a
homebrew set's decisions need no page code of their own.

A partial answer is a list of *units*, each a short list of integer actions: one
``PICK`` (forms ``pick`` and ``subset``), ``LOC l`` or ``LOC l, PICK j`` (form ``counts``:
one caballero to or from a location), ``FROM l,c [PICK j] LOC d`` (form ``moves``: one
caballero moved). The page adds and removes units in any order; here they are put in the
action space's canonical order and fed to an :class:`AnswerBuilder`, whose mask is exact
for that order; where a minimum (or B4.1's provinces first) needs other units *before*
them, a search over the canonical sequences that hold them decides (:func:`_completable`).
So an option is enabled exactly when some answer the engine accepts holds the units with
it. A disabled option carries the rule that forbids it (the engine's refusal of the
answer it would make, else the decision's rule).

The description (``controls(...)``)::

    {"kind", "prompt", "rule", "secret": bool, "form": "pick"|"subset"|"counts"|"moves",
     "units": [[action, ...], ...] (canonical), "actions": the units flattened,
     "total": units so far, "min", "max" (caballeros; subset: the count),
     "max_note": why "max" is below the number the prompt states, or None,
     "options": [{"unit": [action, ...] or None, "label", "enabled", "count",
                  "place"?, "value"?, "group"?, "short"? (a scoreboard's move: the
                  label in two parts, :func:`~.page_words.scoreboard_words`), "from"?,
                  "from_label"?, "player"?, "to"?,
                  "available"? (moves: the owner's caballeros at "from"),
                  "to_label"?, "kind"?, "kind_label"?, "rule"?, "title"?, "why"?,
                  "means"? (an Intrigue & the King card: what its number means,
                  :func:`~.card_faces.intrigue_words`), "then"? (pick: the unit of the
                  same seat's next decision sent with this one, where the decision
                  ``follows`` it: :func:`_combined`)}, ...],
     "done": {"unit": [DONE], "enabled", "rule"?, "title"?, "why"?} or None,
     "card": {"id", "title", "name", "text", "stack"} or None (the action card whose special
              action is under way: its printed text, so the seat knows what it does),
     "goes_on": whether the card's steps follow the one asking (False with no card:
                :func:`~.page_words.card_goes_on`),
     "folds": [fold, ...] (disabled options shown as one line: :mod:`.folds`),
     "note": why options usually closed are open now (B4.1: the provinces run short),
             or what Intrigue & the King cards' numbers are (I1, I3:
             :data:`~.card_faces.INTRIGUE_LEGEND`), or None,
     "how": what a click does at a choice of one option (sent at once, or held until
            Send where secret: :func:`~.page_words.how_to_answer`), or None}

A card's option (an action card's choice) has ``"name"`` and ``"aside"`` too: its label
in two parts (:func:`~.page_words.card_parts`), for a compact button.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from elgrande.adapters.actions import (
    COURT_LOCATION,
    DIST_KINDS,
    PICK_KINDS,
    PROVINCES,
    SUBSET_KINDS,
    ActionSpace,
    AnswerBuilder,
)
from elgrande.dsl.choice_words import names_unsaid
from elgrande.engine.decisions import Decision, secret_kinds
from elgrande.errors import IllegalMove
from elgrande.errors.rule_ids import RULES, title
from elgrande.model.counted import counted
from elgrande.model.seats import seat as seat_marker
from elgrande.play.game import Game
from elgrande.server.card_faces import explain, printed_words
from elgrande.server.card_hints import idle_words
from elgrande.server.card_notes import card_under_way
from elgrande.server.card_places import (
    card_choice_words,
    card_move_words,
    card_place_words,
    king_move_prompt,
    king_move_reasons,
)
from elgrande.server.folds import folds, reasons
from elgrande.server.page_words import (
    card_goes_on,
    card_parts,
    card_prompt,
    castillo_words,
    combined_labels,
    court_note,
    disc_note,
    either_how,
    empty_source_words,
    how_to_answer,
    king_disc_words,
    king_words,
    lead_label,
    max_note,
    power_label,
    prompt_places,
    provinces_note,
    scoreboard_words,
)

#: The rule an action the mask forbids cites when the engine names none (B3.4: a decision's
#: legal answers).
GENERIC_RULE = "B3.4"
#: The most integer actions a partial answer may hold (a bound on what the page sends).
MAX_ACTIONS = 400


def _form(kind: str) -> str:
    if kind in PICK_KINDS:
        return "pick"
    if kind in SUBSET_KINDS:
        return "subset"
    return "counts" if kind in DIST_KINDS else "moves"


def _refusal(rule: str, why: str) -> dict[str, Any]:
    return {"rule": rule, "title": title(rule), "why": why}


def _units(b: AnswerBuilder, actions: Sequence[int]) -> list[list[int]]:
    """``actions`` cut into units (see the module docstring); DONE ends them.

    Raises:
        IllegalMove: an action outside the space or out of place, or too many.
    """
    sp = b.space
    rule = b.decision.rule or GENERIC_RULE
    if len(actions) > MAX_ACTIONS:
        raise IllegalMove(rule, f"at most {MAX_ACTIONS} actions make an answer")
    for a in actions:
        if type(a) is not int or not 0 <= a < sp.size:
            raise IllegalMove(rule, f"{a!r} is not an action (0..{sp.size - 1})")
    form = _form(b.decision.kind)
    n_loc = len(sp.locations)
    out: list[list[int]] = []
    i = 0
    while i < len(actions):
        a = actions[i]
        if a == sp.done:
            if i != len(actions) - 1:
                raise IllegalMove(rule, "nothing may follow DONE")
            break
        if form in ("pick", "subset"):
            unit = [a]
        elif form == "counts":
            unit = [a]
            if sp.picks <= a < sp.picks + n_loc and b.send_kinds(sp.locations[a - sp.picks]):
                unit = list(actions[i:i + 2])
        else:
            f = a - sp.picks - n_loc
            if not 0 <= f < n_loc * sp.colours:
                raise IllegalMove(rule, f"{sp.describe(a)}: a move begins with its source")
            c = f % sp.colours
            who = c if c < sp.players else -1
            size = 3 if b.kinds(sp.locations[f // sp.colours], who) else 2
            unit = list(actions[i:i + size])
        out.append(unit)
        i += len(unit)
    return out


def _key(b: AnswerBuilder, unit: list[int]) -> tuple[int, ...]:
    """The canonical order of units: a move's (source, colour, kind, destination); else
    the actions themselves (a location's index, then its kind)."""
    sp = b.space
    if b.decision.kind != "move_caballeros":
        return tuple(unit)
    f = unit[0] - sp.picks - len(sp.locations)
    src, c = divmod(f, sp.colours)
    kind = unit[1] if len(unit) == 3 else 0
    return (src, c, kind, unit[-1] - sp.picks)


def _run(b0: AnswerBuilder, units: Iterable[list[int]]) -> AnswerBuilder | None:
    """A copy of ``b0`` fed ``units`` in canonical order; None when one is refused."""
    b = b0.copy()
    for unit in sorted(units, key=lambda u: _key(b0, u)):
        for a in unit:
            if not b.allows(a):
                return None
            b.apply(a, check=False)
    return b


#: The most partial answers :func:`_completable` tries before it falls back to the
#: canonical order alone (which may then disable an option that some order allows).
SEARCH_BUDGET = 4000


def _next_units(b: AnswerBuilder) -> list[list[int]]:
    """The units ``b``'s mask allows next (each completable)."""
    sp = b.space
    out: list[list[int]] = []
    for a in b.legal_actions():
        if a == sp.done:
            continue
        x = b.copy()
        x.apply(a, check=False)
        if b.decision.kind in DIST_KINDS:
            if x.holding is None:
                out.append([a])
            else:
                out += [[a, j] for j in x.legal_actions()]
            continue
        heads = [[a]]
        if x.holding_kind is None and x.holding is not None and x.kinds(*x.holding):
            heads = [[a, j] for j in x.legal_actions()]
        for head in heads:
            y = b.copy()
            for h in head:
                y.apply(h, check=False)
            out += [[*head, t] for t in y.legal_actions()]
    return out


def _completable(b0: AnswerBuilder, units: list[list[int]]) -> bool:
    """Whether some answer the engine accepts holds ``units`` (a multiset, any order):
    a search over the canonical sequences that hold them, the mask pruning it."""
    want = sorted(units, key=lambda u: _key(b0, u))
    if _run(b0, want) is not None:
        return True  # their own canonical order: the common case
    d = b0.decision
    if d.kind in SUBSET_KINDS:  # different entries, no more than the count
        js = [u[0] for u in units]
        return len(set(js)) == len(js) <= int(d.options["count"]) and all(
            j < len(b0.entries) for j in js)
    if d.kind not in DIST_KINDS | {"move_caballeros"}:
        return False
    if d.kind != "bring_to_court":
        # without a minimum, the canonical order alone decides (every bound is an upper
        # one); other units before them can only help reach the minimum
        free = Decision(d.kind, d.players, d.prompt, {**d.options, "min": 0, "all": False},
                        d.rule)
        if _run(AnswerBuilder(b0.space, free, b0.player), want) is None:
            return False
    seen: set[tuple[int, ...]] = set()
    budget = [SEARCH_BUDGET if d.kind in DIST_KINDS else SEARCH_BUDGET // 10]

    def go(b: AnswerBuilder, rest: list[list[int]]) -> bool:
        if not rest:
            return True  # a state the masks reached can be completed
        key = tuple(b.actions)
        if key in seen or budget[0] <= 0:
            return False
        seen.add(key)
        budget[0] -= 1
        x = _run(b, [rest[0]])
        if x is not None and go(x, rest[1:]):
            return True
        top = _key(b0, rest[0])
        for u in _next_units(b):
            if _key(b0, u) < top:
                y = b.copy()
                for a in u:
                    y.apply(a, check=False)
                if go(y, rest):
                    return True
        return False

    return go(b0.copy(), want)


def _why_not(b0: AnswerBuilder, units: list[list[int]], default: str) -> dict[str, Any]:
    """Why ``units`` cannot be completed: the engine's refusal of the answer they make
    (the rule it cites), else the decision's rule and ``default``."""
    d = b0.decision
    answer = _raw_answer(b0, units)
    if answer is not None:
        try:
            d.check(answer, b0.player)
        except IllegalMove as exc:
            return _refusal(exc.rule or d.rule or GENERIC_RULE, str(exc.message))
    return _refusal(d.rule or GENERIC_RULE, default)


def _raw_answer(b0: AnswerBuilder, units: list[list[int]]) -> Any:
    """The engine answer ``units`` make, built without the masks (to ask the engine why
    it refuses it); None where the form has no such answer."""
    sp = b0.space
    kind = b0.decision.kind
    if kind in SUBSET_KINDS:
        picks = _entries(b0.decision, b0.player)
        return [picks[u[0]] for u in units if u[0] < len(picks)]
    if kind in DIST_KINDS:
        counts: dict[str, int] = {}
        for u in units:
            loc = sp.locations[u[0] - sp.picks]
            counts[loc] = counts.get(loc, 0) + 1
        if kind == "bring_to_court":
            return {"provinces": counts.pop(PROVINCES, 0), "regions": counts}
        return counts
    if kind == "move_caballeros":
        moves: list[dict[str, Any]] = []
        for u in units:
            f = u[0] - sp.picks - len(sp.locations)
            c = f % sp.colours
            moves.append({"from": sp.locations[f // sp.colours], "to":
                          sp.locations[u[-1] - sp.picks], "player": c if c < sp.players
                          else -1, "n": 1})
        return moves
    return None


def _kind_label(key: str, value: Any) -> str:
    """A declared kind of caballero in words (C10, C11): ``seated`` / ``not seated``,
    ``office: viceroy`` / ``no office``."""
    if value is True:
        return str(key)
    if value is False:
        return f"not {key}"
    if value is None:
        return f"no {key}"
    return f"{key}: {value}"


def _entries(d: Decision, seat: int) -> list[Any]:
    """The list a pick decision's PICK indexes, for ``seat`` (its values, not the
    action space's own form of an option or a scoreboard's move)."""
    o = d.options
    if d.kind == "choose_option":
        return list(range(len(o["labels"])))
    if d.kind == "move_scoreboard":
        return [{"scoreboard": sb, "to": t} for sb, ts in o["moves"].items() for t in ts]
    return list(o["choices"] if "choices" in o else o["per_player"][str(seat)])


def _place_name(game: Game, loc: str) -> str:
    """The board's name of place ``loc`` (:meth:`~elgrande.model.board.Board.place_name`);
    the provinces and the court, which are no places of the board, in words."""
    words = {PROVINCES: "the provinces", COURT_LOCATION: "the court"}.get(loc)
    return words or game.library.board.place_name(loc)


def _pick_label(game: Game, d: Decision, value: Any, j: int) -> dict[str, Any]:
    """Label and page hints of the j-th entry of a pick decision."""
    kind = d.kind
    if kind == "choose_option":
        return {"label": str(d.options["labels"][j]), "value": j}
    if kind in ("choose_region", "secret_region"):
        return {"label": _place_name(game, value), "value": value, "place": value}
    if kind == "choose_action_card":
        try:
            card = game.library.card(value)
        except KeyError:
            return {"label": str(value), "value": value}
        return {"label": game.card_label(card.id), **card_parts(game, card.id),
                "value": value, "text": printed_words(card),
                "stack": card.stack}
    if kind == "choose_power_card":
        return {"label": power_label(game, value), "value": value}
    if kind == "choose_player":
        names = game.names
        label = names[value] if isinstance(value, int) and 0 <= value < len(names) else value
        return {"label": str(label), "value": value, "player": value}
    if kind == "move_scoreboard":  # h31: grouped by scoreboard on the page
        return {**scoreboard_words(game, value["scoreboard"], value["to"]),
                "value": value, "place": value["to"]}
    return {"label": str(value), "value": value}


def _pick_others(game: Game, d: Decision, seat: int, listed: list[Any]) -> list[Any]:
    """The values a pick decision leaves out that a player may look for among its options
    (every place for a region, the hand for a power card, every seat for a player, the
    open action cards for a card), in their order."""
    st = game.state
    kind = d.kind
    if kind in ("choose_region", "secret_region"):
        pool: list[Any] = [p.id for p in game.library.board.places if p.kind != "space"]
    elif kind == "choose_power_card":
        pool = sorted(st.hands[seat] or []) if st.hands else []
    elif kind == "choose_player":
        pool = list(range(st.players))
    elif kind == "choose_action_card":
        pool = [c for c in (st.offer or []) if c]
    else:
        pool = []
    return [v for v in pool if v not in listed]


def _pick_options(game: Game, b0: AnswerBuilder, chosen: set[int]) -> list[dict[str, Any]]:
    """The entries of a pick or subset decision, then (picks) the values it leaves out,
    disabled with the engine's reason."""
    d, seat = b0.decision, b0.player
    entries = _entries(d, seat)
    out: list[dict[str, Any]] = []
    for j, value in enumerate(entries):
        opt = {"unit": [j], **_pick_label(game, d, value, j), "count": int(j in chosen)}
        if d.kind in SUBSET_KINDS:
            units = [[k] for k in sorted(chosen)] + [[j]]
            opt["enabled"] = j not in chosen and _completable(b0, units)
            if not opt["enabled"]:
                opt.update(_why_not(b0, units, f"{d.options['count']} are chosen already: "
                                    "take one back first"))
        else:
            opt["enabled"] = True
        out.append(opt)
    if d.kind in PICK_KINDS:
        for value in _pick_others(game, d, seat, entries):
            opt = {"unit": None, **_pick_label(game, d, value, -1), "count": 0,
                   "enabled": False}
            try:
                d.check(value, seat)
                opt.update(_refusal(d.rule or GENERIC_RULE, "not one of the choices now"))
            except IllegalMove as exc:
                opt.update(_refusal(exc.rule or d.rule or GENERIC_RULE, str(exc.message)))
            out.append(opt)
    shown = d.options.get("shown") if d.kind == "choose_option" else None
    if isinstance(shown, list):  # the engine's order for people (B4.5: "before" first)
        out.sort(key=lambda o: shown.index(o["value"]) if o["value"] in shown else len(out))
    if d.kind in _ORDERED:  # the board's order, a card's or a seat's value: never moved
        order = _board_order(game)  # by being disabled (the page keeps this order)
        out.sort(key=lambda o: order.get(o["value"], len(order)) if d.kind in (
            "choose_region", "secret_region") else o["value"])
    return out


def _combined(game: Game, b0: AnswerBuilder, options: list[dict[str, Any]]
              ) -> list[dict[str, Any]]:
    """The options with each one the decision's ``follows`` lists (answers the same seat
    is asked again right after, B4.5's "before" then B4.4) combined with the options of
    that next decision, found by answering it on a copy of the game: one option per
    next option, ``"then": unit`` its unit there, its label the two labels
    (:func:`~.page_words.combined_labels`; the options not combined said alike,
    :func:`~.page_words.lead_label`); the first takes the option's place, the others
    come after the decision's own options. Left
    as it is when the next decision is not the same seat's open pick (or is secret)."""
    d = b0.decision
    follows = d.options.get("follows")
    if not isinstance(follows, list) or d.kind in secret_kinds():
        return options
    out: list[dict[str, Any]] = []
    later: list[dict[str, Any]] = []
    lead = ""  # the first next option's label, to say the others in the same words
    for o in options:
        nxt = _next_options(game, b0, o) if o["enabled"] and o.get("value") in follows \
            else None
        if not nxt:
            out.append(o)
            continue
        names = combined_labels(o["label"], [x["label"] for x in nxt], d.rule)
        lead = lead or nxt[0]["label"]
        both = [{**o, **{k: v for k, v in x.items() if k not in _OWN},
                 "then": x["unit"], "label": name} for x, name in zip(nxt, names, strict=True)]
        out.append(both[0])
        later += both[1:]
    if lead:  # the options not combined, said as the combined ones are
        for o in out:
            if "then" not in o and o["enabled"]:
                o["label"] = lead_label(o["label"], lead, d.rule)
    return out + later


#: The keys of a combined option's second part left out (:func:`_combined`): its own
#: unit, value and count, and a card's name or a scoreboard's move in two parts (the
#: label names both choices).
_OWN = frozenset({"unit", "value", "count", "name", "aside", "group", "short"})


def _next_options(game: Game, b0: AnswerBuilder, o: dict[str, Any]
                  ) -> list[dict[str, Any]] | None:
    """The options of the decision that follows option ``o`` (a copy of the game takes
    it), when that is the same seat's own pick, not secret; else None (B3.4)."""
    g = game.copy()
    try:
        g.answer(b0.player, _entries(b0.decision, b0.player)[o["unit"][0]])
    except IllegalMove:
        return None
    d = g.pending
    if d is None or d.players != [b0.player] or _form(d.kind) != "pick" \
            or d.kind in secret_kinds():
        return None
    b = AnswerBuilder(b0.space, d, b0.player)
    return [x for x in _pick_options(g, b, set()) if x["unit"] is not None]


#: The pick kinds whose options are shown in the board's order (regions) or their value's
#: (power cards, seats).
_ORDERED = frozenset({"choose_region", "secret_region", "choose_power_card", "choose_player"})


def _board_order(game: Game) -> dict[Any, int]:
    return {p.id: i for i, p in enumerate(game.library.board.places)}


def _count_options(game: Game, b0: AnswerBuilder, units: list[list[int]]
                   ) -> list[dict[str, Any]]:
    """One option per location (and kind, where a send's kinds are chosen): the board's
    places, the provinces or the court where the decision names them."""
    sp, d = b0.space, b0.decision
    o = d.options
    named = set(o.get("to", [])) | set(o.get("sources", {})) | set(o.get("regions", {}))
    if d.kind == "bring_to_court":
        named.add(PROVINCES)
    places = {p.id for p in game.library.board.places if p.kind != "space"}
    locs = [loc for loc in sp.locations if loc in named or (loc in places
                                                               and d.kind != "send_caballeros")]
    out: list[dict[str, Any]] = []
    for loc in locs:
        kinds = b0.send_kinds(loc)
        key = b0.which[loc][0] if kinds else ""
        for j, kind in enumerate(kinds or [None]):
            unit = [sp.loc(loc)] + ([sp.pick(j)] if kinds else [])
            words = _kind_label(key, kind[0]) if kinds else ""
            opt: dict[str, Any] = {
                "unit": unit, "place": loc, "count": sum(u == unit for u in units),
                "label": _place_name(game, loc) + (f" ({words})" if kinds else "")}
            if kinds:
                opt["kind"], opt["kind_label"] = kind[0], words
            opt["enabled"] = _completable(b0, [*units, unit])
            if not opt["enabled"]:
                opt.update(_why_not(b0, [*units, unit], "no more caballeros may go there"))
            out.append(opt)
    return out


def _move_options(game: Game, b0: AnswerBuilder, units: list[list[int]]
                  ) -> list[dict[str, Any]]:
    """One option per (source, colour, kind, destination) of the decision's sources and
    every place as a destination."""
    sp, d = b0.space, b0.decision
    o = d.options
    dests = [loc for loc in sp.locations if loc in o["to"] or loc in {
        p.id for p in game.library.board.places if p.kind != "space"}]
    out: list[dict[str, Any]] = []
    for s in sorted(o["sources"], key=sp.locations.index):
        for w in sorted(o["sources"][s], key=lambda w: sp.colour_index(int(w))):
            who = int(w)
            kinds = b0.kinds(s, who)
            for j, kind in enumerate(kinds or [None]):
                head = [sp.source(s, who)] + ([sp.pick(j)] if kinds else [])
                for t in dests:
                    if t == s:
                        continue
                    unit = [*head, sp.loc(t)]
                    opt: dict[str, Any] = {
                        "unit": unit, "from": s, "player": who, "to": t, "place": t,
                        "count": sum(u == unit for u in units),
                        "available": int(o["sources"][s][w]),
                        "from_label": _place_name(game, s), "to_label": _place_name(game, t),
                        "label": f"{_place_name(game, s)} to {_place_name(game, t)}"}
                    if kinds:
                        opt["kind"] = kind[0]
                        opt["kind_label"] = _kind_label(b0.which[s][str(who)][0], kind[0])
                    opt["enabled"] = _completable(b0, [*units, unit])
                    if not opt["enabled"]:
                        opt.update(_why_not(b0, [*units, unit],
                                            "no more caballeros may move so"))
                    out.append(opt)
    return out


def controls(game: Game, seat: int, space: ActionSpace | None = None,
             actions: Sequence[int] = ()) -> dict[str, Any] | None:
    """The description of ``seat``'s pending decision with the partial answer ``actions``
    (units in any order; see the module docstring), or None when ``seat`` has nothing to
    decide. Reads only the decision (the seat's own options) and the seat's hand. Its
    texts (prompt, labels, reasons) name the players as the log does
    (:meth:`~elgrande.play.game.Game.in_words`).

    Raises:
        IllegalMove: ``actions`` are not a partial answer the mask allows (with the rule
        that forbids them).
    """
    try:
        out = _controls(game, seat, space, actions)
    except IllegalMove as exc:
        raise _named(game, exc) from None
    if out is not None:
        out["prompt"] = card_prompt(game, seat, game.in_words(out["prompt"]),
                                    out["card"] is not None)  # f20: steps said once
        if game.pending is not None:  # B8 (f30): a card's king move in the card's words
            out["prompt"] = king_move_prompt(game, game.pending, out["prompt"])
        # h33: whether the card's steps follow (Done's "none" does not end the card)
        out["goes_on"] = out["card"] is not None and card_goes_on(game)
        for o in (*out["options"], out["done"] or {}):
            for key in ("label", "why"):
                if key in o:
                    o[key] = game.in_words(o[key])
            if "label" in o:  # f34: an either's option without the script's name
                o["label"] = names_unsaid(o["label"])
        for f in out["folds"]:
            f["why"] = game.in_words(f["why"])
            f["labels"] = [game.in_words(x) for x in f["labels"]]
            f["whys"] = [game.in_words(x) for x in f["whys"]]
            f["reasons"] = reasons(f["labels"], f["whys"],  # as people read them
                                   out["form"] == "moves")
    return out


def _named(game: Game, exc: IllegalMove) -> IllegalMove:
    """Refusal ``exc`` with its players named as the log names them."""
    return IllegalMove(exc.rule, game.in_words(exc.message))


def _controls(game: Game, seat: int, space: ActionSpace | None,
              actions: Sequence[int]) -> dict[str, Any] | None:
    """:func:`controls` in the engine's words (players by seat marker)."""
    d = game.pending
    if d is None or seat not in d.players:
        return None
    sp = space or ActionSpace.for_game(game)
    b0 = AnswerBuilder(sp, d, seat)
    units = _units(b0, actions)
    b = _run(b0, units)
    if b is None and not _completable(b0, units):
        raise IllegalMove(**_why_args(b0, units))
    form = _form(d.kind)
    canon = sorted(units, key=lambda u: _key(b0, u))
    if form == "pick" and canon:
        raise IllegalMove(d.rule or GENERIC_RULE, "a choice is answered whole: nothing to add")
    start: set[tuple[int, ...]] | None = None
    if form in ("pick", "subset"):
        options = _pick_options(game, b0, {u[0] for u in canon})
        if form == "pick":
            options = _combined(game, b0, options)
    elif form == "counts":
        options = _count_options(game, b0, canon)
        if canon:  # the places disabled before any choice too (folded: .folds)
            start = {tuple(o["unit"]) for o in _count_options(game, b0, [])
                     if not o["enabled"]}
    else:
        options = _move_options(game, b0, canon)  # every disabled one folds (.folds)
    board = game.library.board
    king_words(options, lambda loc: _place_name(game, loc),
               board.place_id(game.state.king) if 0 <= game.state.king < len(board.places)
               else None)
    king_move_reasons(game, d, options)  # B8: a card's king move names where he may go
    king_disc_words(game, d, options)  # f19: the king's region's button says what it means
    card_place_words(game, d, options, lambda loc: _place_name(game, loc))
    card_move_words(game, d, options, lambda loc: _place_name(game, loc))
    card_choice_words(game, d, options)  # B8: a card's choice refuses the king's
    empty_source_words(game, d, options)  # h31: a source region holding none says so
    castillo_words(game, d, options)  # h33: a card's region choice says why no Castillo
    idle_words(game, d, options)  # f28: the places where the card would do nothing
    fold = folds(options, form, start)
    done: dict[str, Any] | None = None
    if form != "pick":
        done = {"unit": [sp.done], "enabled": b is not None and b.allows(sp.done)}
        if not done["enabled"]:
            short = _short(b0, len(canon))
            # too few chosen is no rule's refusal: said plainly, with no rule id (B3.4)
            done.update(_refusal(d.rule or GENERIC_RULE, short) if form == "subset"
                        else {"why": short[:1].upper() + short[1:]})
    lo, hi = (b0.lo, b0.hi) if form != "subset" else (d.options["count"],) * 2
    card = card_under_way(game)
    legend = explain(game, d.kind, options, card)  # f16: no card a bare number or id
    return {"kind": d.kind, "prompt": prompt_places(game, d, d.prompt), "rule": d.rule,
            "secret": d.kind in secret_kinds(), "form": form, "units": canon,
            "actions": [a for u in canon for a in u], "total": len(canon), "min": lo,
            "max": hi, "max_note": (max_note(d, hi) or court_note(game, d, seat, hi))
            if form != "subset" else None,
            "options": options, "done": done, "card": card, "folds": fold,
            "note": provinces_note(d) or disc_note(game, d, seat) or legend,
            "how": how_to_answer(form, d.kind in secret_kinds(), options) or either_how(d)}


def _short(b0: AnswerBuilder, total: int) -> str:
    if b0.decision.kind in SUBSET_KINDS:
        return f"choose exactly {b0.decision.options['count']}, not {total}"
    return f"not finished: choose at least {counted(b0.lo, 'caballero')} ({total} so far)"


def _why_args(b0: AnswerBuilder, units: list[list[int]]) -> dict[str, str]:
    r = _why_not(b0, units, "these choices cannot be completed to a legal answer")
    return {"rule": r["rule"], "message": r["why"]}


def answer_from_actions(game: Game, seat: int, actions: Sequence[int],
                        space: ActionSpace | None = None) -> Any:
    """The engine answer of ``seat`` made by the integer ``actions`` (units in any order,
    ending with DONE where the form has one), built by an :class:`AnswerBuilder`.

    Raises:
        IllegalMove: ``seat`` has nothing to decide (B3.4), an action the mask forbids
        (the rule that forbids it), or an unfinished answer; its message names the
        players as the log does.
    """
    try:
        return _from_actions(game, seat, actions, space)
    except IllegalMove as exc:
        raise _named(game, exc) from None


def _from_actions(game: Game, seat: int, actions: Sequence[int],
                  space: ActionSpace | None) -> Any:
    """:func:`answer_from_actions`, its refusals in the engine's words."""
    d = game.pending
    if d is None or seat not in d.players:
        raise IllegalMove("B3.4", f"{seat_marker(seat)} has nothing to decide now")
    sp = space or ActionSpace.for_game(game)
    b0 = AnswerBuilder(sp, d, seat)
    if not isinstance(actions, (list, tuple)):
        raise IllegalMove(d.rule or GENERIC_RULE, "actions: a list of integers")
    units = _units(b0, list(actions))
    b = _run(b0, units)
    if b is None:
        raise IllegalMove(**_why_args(b0, units))
    if not b.complete and actions and actions[-1] == sp.done:
        if not b.allows(sp.done):
            raise IllegalMove(d.rule or GENERIC_RULE, _short(b0, len(units)))
        b.apply(sp.done, check=False)
    if not b.complete:
        raise IllegalMove(d.rule or GENERIC_RULE, "the answer is not finished"
                          + ("" if _form(d.kind) == "pick" else " (end it with DONE)"))
    return b.answer()


def refusal(exc: IllegalMove) -> dict[str, Any]:
    """The JSON of a refused answer (the API's 422 body): ``{"ok": False, "rule", "title",
    "error", "rule_text"}``, the rule's text as ``elgrande rules ID`` prints it ('' for an
    id the reference does not hold)."""
    r = RULES.get(exc.rule)
    return {"ok": False, "rule": exc.rule, "title": r.title if r else "",
            "error": str(exc.message), "rule_text": r.text if r else ""}


def parse_actions(text: str | None) -> list[int]:
    """The actions of a query parameter ``"3,66,66"`` ('' or None: none).

    Raises:
        IllegalMove: not a comma-separated list of integers, or too long (B3.4).
    """
    if not text:
        return []
    parts = text.split(",")
    if len(parts) > MAX_ACTIONS or not all(p.strip().isdigit() and len(p.strip()) < 7
                                          for p in parts):
        raise IllegalMove(GENERIC_RULE, "actions: integers separated by commas")
    return [int(p) for p in parts]


def controls_reply(game: Game, seat: int | None, actions: str | None,
                   space: ActionSpace | None = None) -> tuple[int, dict[str, Any]]:
    """The answer of ``GET /api/games/{game}/controls?t=TOKEN&actions=3,66``: ``(200,
    {"controls": controls(...) or None})``, or ``(422, refusal)`` when the actions are not
    a partial answer the masks allow. A spectator (``seat`` None) has no controls."""
    if seat is None:
        return 200, {"controls": None}
    try:
        return 200, {"controls": controls(game, seat, space, parse_actions(actions))}
    except IllegalMove as exc:
        return 422, refusal(exc)
