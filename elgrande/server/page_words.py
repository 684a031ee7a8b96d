"""Words the page of ``elgrande serve`` shows beside a decision's controls, all from the
engine's public data: a power card's caballeros (B3.2), the action cards on offer (B3.1)
and what bounds a decision's number of caballeros (B8.2: a card's number against the
caballeros that can move, as the move's options give them).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, Final

from elgrande.dsl import ast as dsl_ast
from elgrande.engine.choice_sources import moves_from_its_one_choice
from elgrande.engine.decisions import Decision
from elgrande.engine.interpreter import block_at
from elgrande.errors.rule_ids import title as rule_title
from elgrande.model.counted import counted
from elgrande.play.early_deal import deal_chance
from elgrande.play.game import Game
from elgrande.play.narrate import FACE_UNKNOWN, card_summary
from elgrande.play.words import card_aside
from elgrande.rules.base_data import VETO_KIND
from elgrande.server.card_faces import UNKNOWN, face_words, unknown_aside
from elgrande.server.card_notes import card_under_way
from elgrande.server.card_places import castillo_reason
from elgrande.tools.board_values import paid_of, scores_words


def power_label(game: Game, value: Any) -> str:
    """The label of power card ``value`` (an int 1-13): its value and how many caballeros
    it brings to court, from the set's data (B3.2), e.g. ``"6 · 3 caballeros"``; the
    value alone for a value the board's table does not hold."""
    table = game.library.board.power_cards
    if not isinstance(value, int) or value not in table:
        return str(value)
    n = table[value]
    return f"{value} · {counted(n, 'caballero')}"


def card_parts(game: Game, cid: str) -> dict[str, str]:
    """Card ``cid``'s label (:meth:`~elgrande.play.game.Game.card_label`, B8: how every
    text names it) in two parts for a compact button: ``{"name": its printed title,
    "aside": what tells it apart from the cards sharing that title ('' where none does),
    e.g. "you may choose any one region to be scored, stack 2"}``
    (:func:`elgrande.play.words.card_aside`). An id the library does not hold: its id as
    the name; a card whose face no source gives (no text, no summary), whose aside says
    only :data:`~elgrande.play.narrate.FACE_UNKNOWN`: what is known of it, ``"a card of
    Grand Inquisitor & the Colonies whose face no published source gives"`` (f17, f19,
    :func:`~.card_faces.unknown_aside`; its text says what it plays as,
    :func:`~.card_faces.face_words`). Raises nothing."""
    try:
        card = game.library.card(cid)
    except KeyError:
        return {"name": str(cid), "aside": ""}
    aside = card_aside(game.library, cid)
    if aside == FACE_UNKNOWN and face_words(card).startswith(UNKNOWN):  # f16, f17, f19
        aside = unknown_aside(game, card)
    return {"name": card.title, "aside": aside}


#: How a choice of one option is answered on the page (B3.4), by whether it is secret
#: (B8.5, C2: held, then sent) and whether its options are places on the map.
HOW = {
    (False, True): "Click a region on the map, or its button: your choice is sent at once.",
    (True, True): "Click a region on the map, or its button, to hold your choice; then "
                  "Send it (Change lets it go). It stays secret until revealed.",
    (True, False): "Click a choice to hold it; then Send it (Change lets it go). It stays "
                   "secret until revealed.",
}


#: How a choice of one option is answered where two options share a place (f16: a mobile
#: scoreboard's 8-4-0 and 4-0-0 to one region, B6.9): a click on the map picks neither.
HOW_SHARED = ("Click a button: your choice is sent at once. A region on the map holds more "
              "than one choice here (each button says which), so a click on it only "
              "points to its buttons.")

#: The B4.5 question's buttons, combined with B4.4's, in words that say what
#: each leads to (f15: a player who chose "after placing" felt asked twice when the
#: B4.4 question came after the placement): its "before" with B4.4's carry out, with
#: B4.4's decline, and its "after", which asks B4.4 once the caballeros are placed.
ORDER_WORDS = {"first": "Special action first, then place my caballeros",
               "decline": "Decline the special action, then place my caballeros",
               "after": "Place my caballeros first (then carry out the special action or "
                        "decline it)"}


def combined_labels(first: str, nexts: list[str], rule: str = "") -> list[str]:
    """The labels of an option ``first`` combined with each of the options ``nexts`` of
    the same seat's question that follows it (B4.5 then B4.4), parallel to the labels of
    the options it is not combined with (:func:`lead_label`): for a question of rule
    B4.5 with B4.4's two answers, :data:`ORDER_WORDS` (``"Special action first, then
    place my caballeros"``, ``"Decline the special action, then place my
    caballeros"``); else the first next option said with when (``"carry out the special
    action before placing my caballeros"``), every other one alone (``"decline it"``).
    Raises nothing."""
    if rule == "B4.5" and len(nexts) == 2:
        return [ORDER_WORDS["first"], ORDER_WORDS["decline"]]
    return [f"{nexts[0]} {first}", *nexts[1:]] if nexts else []


def lead_label(label: str, first_next: str, rule: str = "") -> str:
    """The label of an option of a question whose other options are combined with the
    question that follows (B4.5's "after" beside "before"), said in their words: for
    rule B4.5, :data:`ORDER_WORDS`' "after" (what comes after the placement said too);
    else ``first_next`` (the next question's first option) with when, e.g. ``"carry out
    the special action after placing my caballeros"`` (:func:`combined_labels`). Raises
    nothing."""
    return ORDER_WORDS["after"] if rule == "B4.5" else f"{first_next} {label}"


#: How an "either ... or ..." card's choice of its part is answered (f36: the one choice
#: with no line saying what a click does, B4.4).
EITHER_HOW: Final = ("Click the part of the card you choose: it is sent at once, and the "
                     "card goes on with that part.")


def either_how(d: Decision) -> str | None:
    """:data:`EITHER_HOW` at a card's choice of one of its parts (``d`` of kind
    ``choose_option`` whose prompt is the engine's "CARD: choose one", B4.4); None
    otherwise. Raises nothing."""
    return EITHER_HOW if d.kind == "choose_option" and d.prompt.endswith(": choose one") \
        else None


def how_to_answer(form: str, secret: bool, options: list[dict[str, Any]]) -> str | None:
    """What a click does at a choice of one option (form ``pick``, B3.4), said plainly
    near the choices: an ordinary region choice is sent at the click, a secret one (B8.5,
    C2) is held until Send (:data:`HOW`); where two options share a place (B6.9: the two
    scoreboards), the buttons only (:data:`HOW_SHARED`). None for other forms and for an ordinary
    choice whose options are no places (its buttons say it).

    Args:
        form: the controls' form (``pick``, ``subset``, ``counts``, ``moves``).
        secret: whether the decision is secret.
        options: the controls' options (a place's has ``"place"``).
    """
    if form != "pick":
        return None
    places = [o["place"] for o in options if o.get("place")]
    if not secret and len(set(places)) < len(places):
        return HOW_SHARED
    return HOW.get((secret, bool(places)))


def offer(game: Game, view: dict[str, Any]) -> list[dict[str, Any]]:
    """The action cards on offer in ``view`` (``view["state"]["offer"]``, a list of card
    ids, ``''`` where taken; B3.1) as ``[{"id", "title", "name", "aside", "summary",
    "text", "stack", "copies"}]`` by stack number (f17: the state's offer order put stack 7
    between 4 and 5; a card from no stack last, each stack's in the offer's order; the
    state's order is unchanged), taken ones left out. Public: every viewer sees the
    open cards. An id the library does not hold is shown by its id, with no text.
    ``title`` is the log's label (:meth:`~elgrande.play.game.Game.card_label`): two
    "Special Scoring" cards are told apart; ``name`` and ``aside`` are its two parts
    (:func:`card_parts`); ``summary`` what the card does in one line, from its text
    (:func:`elgrande.play.narrate.card_summary`), the page's line under a card whose
    aside says nothing but its stack (f15: every card on offer says what it does);
    ``copies`` how many copies of the card its stack holds (f36: a card of 2 copies that
    came up again looked like a discarded card reused; 1 for an id the library does not
    hold).

    Args:
        game: the game (its card library).
        view: ``game.view(seat)`` or the public view.
    """
    ids = (view.get("state") or {}).get("offer") or []
    out: list[dict[str, Any]] = []
    for cid in ids:
        if not cid:
            continue
        try:
            card = game.library.card(cid)
        except KeyError:
            out.append({"id": cid, "title": str(cid), "name": str(cid), "aside": "",
                        "summary": "", "text": "", "stack": None, "copies": 1})
            continue
        text = face_words(card)  # f16: a card with no printed text says what is known
        out.append({"id": card.id, "title": game.card_label(card.id),
                    **card_parts(game, card.id),
                    "summary": card_summary(card) or ("" if text.startswith(UNKNOWN) else text),
                    "text": text, "stack": card.stack, "copies": card.copies})
    return sorted(out, key=_stack_key)


def _stack_key(c: dict[str, Any]) -> int:
    s = c.get("stack")
    return s if isinstance(s, int) and not isinstance(s, bool) and s > 0 else 1 << 30


def max_note(d: Decision, hi: int) -> str | None:
    """Why decision ``d`` allows at most ``hi`` caballeros when the card or power card
    allows more, from the decision's options (never its prompt's words), as one plain
    clause the page puts after "at most ``hi``": a move's card number against the
    caballeros it may take (``options["allowed"]``, ``options["available"]``, B8.2), e.g.
    ``"the card allows up to 5; only 2 of these caballeros can move"``, or against the room
    where they may go; a bring to court's limit against the caballeros there are (B4.1).
    None when nothing lowers the number (or the options do not say it)."""
    o = d.options
    if d.kind == "move_caballeros":
        allowed, available = o.get("allowed"), o.get("available")
        if not isinstance(allowed, int) or not isinstance(available, int) or allowed <= hi:
            return None
        card = f"the card {'asks for' if o.get('min') == hi else 'allows up to'} {allowed}"
        if available <= hi:
            return f"{card}; only {hi} of these caballeros can move"
        return f"{card}; only {hi} {'fits' if hi == 1 else 'fit'} where they may go"
    limit = o.get("limit")
    if d.kind == "bring_to_court" and isinstance(limit, int) and limit > hi:
        return f"up to {limit} may come; you have only {counted(hi, 'caballero')} to bring"
    return None


def court_note(game: Game, d: Decision, seat: int, hi: int) -> str | None:
    """Why the turn's placement (B4.3: ``d`` of kind ``place_caballeros``, rule B4.3)
    allows at most ``hi`` caballeros when the turn's card places more: the seat's court
    holds only ``hi`` (f17: "Place up to 4 caballeros" for a stack-5 card said no why),
    e.g. ``"King's Card places up to 5, but your court holds only 4 (B4.3)"`` (the card
    by its label, :meth:`~elgrande.play.game.Game.card_label`). None otherwise (another
    bound, or no card). Raises nothing."""
    cid = game.flow.card
    if d.kind != "place_caballeros" or d.rule != "B4.3" or not cid:
        return None
    try:
        number = game.library.card(cid).place
    except KeyError:
        return None
    if not 0 <= seat < len(game.state.court) or game.state.court[seat] != hi \
            or number <= hi:
        return None
    return (f"{game.card_label(cid)} places up to {number}, but your court holds only "
            f"{hi} (B4.3)")


def prompt_places(game: Game, d: Decision, prompt: str) -> str:
    """The turn's placement prompt (B4.3: ``d`` of kind ``place_caballeros``, rule
    B4.3, "Place up to 2 caballeros from your court next to the king or in the
    Castillo") with the expansion's areas it also offers (``d.options["to"]``, places
    of the board's kind ``area``: C5's Ship, France) named after it: ``"... or in the
    Castillo (also offered: France, Ship)"`` (f17: a row said "Ship" while the prompt
    named only the king's neighbours and the Castillo); ``prompt`` as it is for another
    decision or where no area is offered. Raises nothing."""
    if d.kind == "move_scoreboard":
        return prompt + scoreboards_note(game, d)
    if d.kind == "secret_region" and d.rule == "B6.1":
        return scoring_lead(game) + prompt
    if d.kind != "place_caballeros" or d.rule != "B4.3":
        return prompt
    board = game.library.board
    names = [board.places[board.index[t]].name for t in d.options.get("to", [])
             if t in board.index and board.places[board.index[t]].kind == "area"]
    names = [n for n in names if n not in prompt]
    return f"{prompt} (also offered: {', '.join(names)})" if names else prompt


def scoring_lead(game: Game) -> str:
    """B6 (f24: the secret disc was asked with nothing saying a general scoring had
    begun): ``"General scoring after round 3 (B6): "`` while the round just played is
    one a general scoring follows, else ``""`` (an expansion's opening disc before round
    1). Raises nothing."""
    r = game.state.round
    after = getattr(game.flow, "scoring_after", ())
    return f"General scoring after round {r} (B6): " if r >= 1 and r in after else ""


def disc_note(game: Game, d: Decision, seat: int) -> str | None:
    """B6.1, B6.3 (f32: "why am I asked, with none in the Castillo?"): at the general
    scoring's secret disc (``d`` of kind ``secret_region``, rule B6.1) of ``seat``, when
    the seat has no caballero in the Castillo, ``"You have no caballeros in the Castillo
    now: your disc moves none of yours; every player sets one all the same (B6.1)"``;
    None otherwise (the board is public: nothing hidden is read). Raises nothing."""
    st = game.state
    castillo = game.library.board.castillo
    if d.kind != "secret_region" or d.rule != "B6.1" or not 0 <= castillo < len(st.caballeros):
        return None
    row = st.caballeros[castillo]
    if not 0 <= seat < len(row) or row[seat] > 0:
        return None
    return ("You have no caballeros in the Castillo now: your disc moves none of yours; "
            "every player sets one all the same (B6.1)")


def scoreboards_note(game: Game, d: Decision) -> str:
    """B6.8, B6.9 (h29, f21: the board drew "8-4" where the buttons and the log said
    "8-4-0"): at a mobile scoreboard's move (``d`` of kind ``move_scoreboard``), what the
    scoreboards it offers (``d.options["moves"]``' ids) score where B6.8 cuts a value not
    0, said once after the prompt: ``" (with 2 players, B6.8: 8-4-0 scores 8, 4-0-0
    scores 4)"``; ``""`` where each scores as printed (the board, the buttons and the
    log name each by its printed values). Raises nothing."""
    board, players = game.library.board, game.state.players
    paid = paid_of(board, players)
    offered = (d.options or {}).get("moves") or {}
    said = [w for sb in board.scoreboards if sb.id in offered
            if (w := scores_words(sb.values, paid))]
    return f" (with {players} players, B6.8: {', '.join(said)})" if said else ""


def provinces_note(d: Decision) -> str | None:
    """Why a bring-to-court decision's regions may be chosen (B4.1: caballeros come from
    the regions only once the provinces are empty): when the seat's provinces hold fewer
    caballeros than the decision's limit and it has caballeros in regions, e.g. "Your
    provinces have only 2: the rest may come from your regions (B4.1)". None otherwise
    (the regions can never be chosen in this decision)."""
    o = d.options
    if d.kind != "bring_to_court" or not o.get("regions"):
        return None
    n, limit = int(o.get("provinces", 0)), int(o.get("limit", 0))
    if n >= limit:
        return None
    if n == 0:
        return "Your provinces are empty: caballeros may come from your regions (B4.1)"
    return f"Your provinces have only {n}: the rest may come from your regions (B4.1)"


def taken_back(game: Game, view: dict[str, Any]) -> list[int]:
    """Per player, how many of the power cards they played they have taken back into
    their hand since (B3.2, a card's special action; the view's discards no longer hold
    them, so the box's count of cards played would fall unsaid, f15): every power card
    answer of theirs (``game.history``: a card played, or one taken back) less the
    cards in their discards (those played and not taken back), halved. Only counts: the
    log says every card taken back to everyone. Raises nothing."""
    st = view.get("state") or {}
    discards = st.get("discards") or []
    answers = [0] * int(st.get("players") or 0)
    for h in game.history:
        p = h.get("player")
        if h.get("kind") == "choose_power_card" and isinstance(p, int) and 0 <= p < len(answers):
            answers[p] += 1
    return [max(0, (a - len(discards[p] if p < len(discards) else [])) // 2)
            for p, a in enumerate(answers)]


def held_lines(game: Game, view: dict[str, Any]) -> list[list[str]]:
    """Per player, the cards they hold in words, from ``view``'s public state only (a
    card held in court, ``state["held"]``, and a Veto kept for later, B8.4, in
    ``state["lasting"]``: both taken face up, so every viewer sees them; never a hand):
    e.g. ``[["Veto (until the end of round 4)"], [], []]``, each card by its label
    (:meth:`~elgrande.play.game.Game.card_label`: two cards with one title told apart).
    A card the library does not hold is named by its id.

    Args:
        game: the game (its card library).
        view: ``game.view(seat)`` or the public view.
    """
    st = view.get("state") or {}
    n = int(st.get("players") or 0)
    out: list[list[str]] = [[] for _ in range(n)]

    def name(cid: Any) -> str:
        return game.card_label(cid) if isinstance(cid, str) else str(cid)

    for p, row in enumerate(st.get("held") or []):
        if p < n:
            out[p] += [name(cid) for cid in row or []]
    for e in st.get("lasting") or []:
        p = e.get("player")
        if e.get("kind") != VETO_KIND or not isinstance(p, int) or not 0 <= p < n:
            continue
        until = int(e.get("expires") or 0)
        rounds = getattr(game.flow, "rounds", None) or [until]
        out[p].append(name(e.get("card")) + (  # f26: "round 10" of a 9-round game
            "" if not until else f" (until the end of round {until})" if until <= max(rounds)
            else " (until the game's end)"))
    return out


#: The new-game form's option that picks the shuffle for the host's homebrew cards (the
#: words of ``new.html``'s checkbox; B3.1 unchanged: only the seed is chosen).
EARLY_OPTION = ("Deal my cards early (playtest): the game's shuffle is picked so that your "
                "cards come up in the first round(s); the rules are unchanged")

#: The new-game form's two sentences under :data:`EARLY_OPTION` (h33: one sentence said
#: both and confused a host): what a homebrew card's chance is (B3.1, B3.7), then what the
#: early deal does (the words of ``new.html``'s ``#chance-words`` and ``#early-words``).
CHANCE_WORDS: Final = ("A card's chance, said above, is how likely it is to come up at all in "
                       "one game: each round turns up one card of each stack, so a card "
                       "comes up only if the shuffle puts it among the cards the rounds "
                       "turn up.")
EARLY_WORDS: Final = ("The early deal picks the game's shuffle so that your cards come up in "
                      "the first round(s) instead; unticked, the stacks are shuffled at random.")


def homebrew_note(game: Game, card: dict[str, Any], early: bool) -> str:
    """What the host is told after creating a game about an uploaded card ``card``
    (``{"id", "title", "round"}``, ``round`` from
    :func:`elgrande.play.early_deal.early_seed` when ``early``): the round the picked
    shuffle turns it up in, or else its chance of coming up at all in a game of this
    variant (:func:`elgrande.play.early_deal.deal_chance`, B3.1, B3.7), e.g. "Your card X
    is one of 13 in its stack: 9 of them come up in a game (one a round, B3.1), so it comes
    up in a given game with probability 9/13 (69%)". A card in no action stack is in play
    from the first round.

    Args:
        game: the new game (its library and header's variant).
        card: one card of :func:`elgrande.server.card_notes.uploaded`.
        early: whether the host asked for an early deal.
    Raises:
        ValueError: a card the game's library does not hold.
    """
    title = str(card["title"])
    chance = deal_chance(game.library, str(card["id"]), str(game.header["variant"]))
    if chance is None:
        return f"Your card {title} is not dealt from a stack: it is in play from the first round."
    if early:
        r = card.get("round")
        if r is None:
            return (f"Your card {title}: no shuffle tried turns it up in this game's "
                    "rounds (too many of your cards share its stack).")
        return (f"Your card {title} comes up in round {r} (B3.1: each round turns up the "
                "top card of each stack).")
    p = chance.chance
    share = f"{p.numerator}/{p.denominator} ({round(100 * p)}%)" if p < 1 else "certainty"
    if chance.copies == 1:
        head = f"Your card {title} is one of {chance.size} in its stack"
    else:
        head = (f"Your card {title} has {chance.copies} copies among the {chance.size} "
                "cards of its stack")
    return (f"{head}: {chance.draws} of them come up in a game (one a round, B3.1), so it "
            f"comes up in a given game with {'probability ' if p < 1 else ''}{share}.")


#: The words the new-game form's check of a chosen zip (``POST /api/homebrew/check``)
#: uses to name the early deal's option (the start of :data:`EARLY_OPTION`).
EARLY_NAME = EARLY_OPTION.split(" (playtest)")[0]


def check_note(game: Game, card: dict[str, Any], early: bool, latest: int | None) -> str:
    """What the new-game form says under its upload field about an uploaded card
    ``card`` (``{"id", "title"}``) before the game is created: its chance of coming up
    (:func:`homebrew_note`'s words, B3.1, B3.7), then what the early deal would do for
    it: ``latest`` is the latest round in which a deal found by
    :func:`elgrande.play.early_deal.early_seed` turns up one of the host's cards (None:
    no deal tried turns them all up). E.g. "... with probability 9/13 (69%). Tick 'Deal
    my cards early' to see it in round 1." (``early``: the box is ticked already: "'Deal
    my cards early' is ticked: your card X comes up in round 1. (Unticked: your card X is
    one of 13 ...)", f35: which applies said first).

    Args:
        game: a game set up with the uploaded cards (its library and variant).
        card: one card of :func:`elgrande.server.card_notes.uploaded`.
        early: whether the form's early-deal box is ticked.
        latest: the early deal's latest first round of the host's cards, or None.
    Raises:
        ValueError: a card the game's library does not hold.
    """
    chance = homebrew_note(game, card, False)
    if deal_chance(game.library, str(card["id"]), str(game.header["variant"])) is None:
        return chance
    if latest is None:
        return (f"{chance} '{EARLY_NAME}' finds no shuffle that turns up all your cards "
                "(too many of them share a stack).")
    first = game.library.board.variants[str(game.header["variant"])].rounds[0]
    when = f"in round {latest}" if latest == first else f"by round {latest}"
    if early:  # f35: which of the two applies said first, the chance as the other way
        return (f"'{EARLY_NAME}' is ticked: your card {card['title']} comes up {when}. "
                f"(Unticked: {chance[0].lower() + chance[1:]})")
    return f"{chance} Tick '{EARLY_NAME}' to see it {when}."


#: The king's region refused (B5.2) in one wording, from a placement as from a move (f14:
#: a placement said only "the king's region is closed"; a move names the region).
KING_WORDS = "{place} is the king's region: nothing may enter or leave it"


def king_words(options: list[dict[str, Any]], name_of: Callable[[str], str],
               king: str | None = None) -> None:
    """B5.2: give every option refused by rule B5.2 at its ``"place"`` (a location id)
    that is the king's region ``king`` (its place id; None: every such option) the one
    wording :data:`KING_WORDS`, the place named by ``name_of(place id)``, marked
    ``"whole": True`` (the reason says all the rule's title says: the page shows "B5.2:
    Catalonia is the king's region: ...", not the title too, f15); an option already in
    those words is only marked; one with no place, or refused at another place (a king's
    move refusing a region not adjacent to him under the decision's rule B5.2: f30 read
    five regions called the king's), is left as it is. Changes ``options`` in place;
    raises nothing."""
    for o in options:
        why = str(o.get("why") or "")
        if o.get("rule") == "B5.2" and o.get("place") and (king is None or o["place"] == king
                                                            or "nothing may enter" in why):
            if "nothing may enter" not in why:
                o["why"] = KING_WORDS.format(place=name_of(str(o["place"])))
            o["whole"] = True


#: What a disc's prompt says of the king's region (C2, I2: "(the king's region: they stay
#: in court)"; B6.1: "(the king's region: back to your court)").
_KING_ASIDE = re.compile(r"\(the king's region: ([^)]+)\)")
#: How many caballeros a disc's prompt says go to its region (C2: "2 caballeros go there
#: from your court", I2: "1 caballero goes there").
_DISC_COUNT = re.compile(r"\b(\d+) caballeros? goe?s? there\b")


def king_disc_words(game: Game, d: Decision, options: list[dict[str, Any]]) -> None:
    """B5.2, C2, I2 (f19): at a secret disc whose prompt says what the king's region
    means ("Set your secret disc: 2 caballeros go there from your court (the king's
    region: they stay in court)"), the king's region's own button says it, the
    caballeros counted as the seat's: ``"New Castile (the king's region: your 2 stay in
    court)"``, ``"... (the king's region: your caballero stays in court)"``, ``"...
    (the king's region: back to your court)"`` (B6.1). The engine's prompt is unchanged.
    Changes ``options`` (the controls' options, a place's with ``"place"``) in place;
    raises nothing.

    Args:
        game: the game (its board and the king's place, B5).
        d: the pending decision.
        options: the controls' options of ``d``.
    """
    said = _KING_ASIDE.search(d.prompt) if d.kind == "secret_region" else None
    board = game.library.board
    if said is None or not 0 <= game.state.king < len(board.places):
        return
    words = said.group(1).strip()
    count = _DISC_COUNT.search(d.prompt)
    if count is not None:
        n = int(count.group(1))
        words = re.sub(r"^(?:they stay|it stays)\b",
                       "your caballero stays" if n == 1 else f"your {n} stay", words)
    king = board.place_id(game.state.king)
    for o in options:
        if o.get("place") == king and "king's region" not in str(o.get("label", "")):
            o["label"] = f"{o['label']} (the king's region: {words})"


#: Where a card's choice says the steps that follow it (:func:`elgrande.dsl.choice_words.
#: choice_use`, B8).
_THEN = " Then: "
#: "if C, sends O to A; otherwise, moves O to B" (the same caballeros either way).
_IF_ELSE = re.compile(r"\bif (?P<c>[^;]+?), (?P<v1>\w+) (?P<o>[^;]+?) to (?P<a>[^;]+?); "
                      r"otherwise, (?P<v2>\w+) (?P=o) to (?P<b>[^;]+?)(?P<end>\.?)$")
#: "each P chooses R and each P, ..." (the same players named twice in a row).
_SAME_SUBJECT = re.compile(r"\b(?P<s>each [^,;:]+?) (?P<a>[^;:]+?) and (?P=s)(?=[,:])")
#: "each other player, clockwise from your left: X" where X is one step (no ";").
_LOOP_COLON = re.compile(r"(, clockwise from [^:;]+?): (?=[^;]*$)")
#: More words than this in a card's steps after its choice are left to the card's text,
#: which the decision's panel shows (B8).
STEPS_WORDS = 60


def steps_once(prompt: str, actor: str | None = None) -> str:
    """A card's choice prompt as the page says it (f20, B8: a card's choice says
    what the card does with it): the steps after `` Then: `` each said once, in plain
    words: an "if C, sends O to A; otherwise, moves O to B" as "moves O to B or, if C,
    sends them to A"; a subject said twice in a row ("each other player with caballeros
    in that region secretly chooses ... and each other player with caballeros in that
    region, ...") the second time as "then"; a one-step loop's colon as a comma. Steps
    still longer than :data:`STEPS_WORDS` words are left to the card's text (the panel
    shows it, :func:`~.card_notes.card_under_way`). The engine's prompt is unchanged
    (saved games compare it); a prompt without `` Then: `` is returned as it is.
    Raises nothing.

    Args:
        prompt: the decision's prompt in words (:meth:`~elgrande.play.game.Game.in_words`).
        actor: the name of the player carrying out the card, where the one who reads the
            prompt is another (a fellow player's secret choice, B8.5): the steps' "each
            other player" and "your left" are said of the actor (B8.7: clockwise from the
            acting player's left); None where the actor reads it.
    """
    head, sep, steps = prompt.partition(_THEN)
    if not sep:
        return prompt
    m = _IF_ELSE.search(steps)
    if m is not None:
        cond, dest = m["c"], m["b"]
        if cond.startswith(dest + " is "):
            cond = "it is " + cond[len(dest) + 4:]
        steps = (steps[:m.start()] + f"{m['v2']} {m['o']} to {dest} or, if {cond}, "
                 f"{m['v1']} them to {m['a']}{m['end']}")
    steps = _SAME_SUBJECT.sub(lambda s: f"{s['s']} {s['a']} and then", steps)
    steps = _LOOP_COLON.sub(r"\1, ", steps)
    if actor is not None:
        steps = steps.replace("each other player", f"each player other than {actor}")
        steps = steps.replace("your left", f"{actor}'s left")
    if len(steps.split()) > STEPS_WORDS:
        return f"{head.rstrip('.')} (the card's text says what follows)."
    return head + sep + steps


def card_prompt(game: Game, seat: int, said: str, under_way: bool) -> str:
    """The prompt ``said`` (a decision's prompt in words) as ``seat`` reads it on the
    page: :func:`steps_once`, a card's steps said of the card's actor by name where
    ``seat`` is a fellow player (``under_way``: a card's special action is under way,
    B8.5, B8.7). Raises nothing."""
    actor = game.flow.actor
    other = game.names[actor] if under_way and actor != seat \
        and 0 <= actor < len(game.names) else None
    return number_named(steps_once(said, other))


#: A count of a card's steps given by the number the prompt's own choice asks for, as the
#: card's script names it (``bring 'n' caballeros``).
_NUMBER_NAME: Final = re.compile(r"'[a-z_][a-z0-9_]*'")


def number_named(said: str) -> str:
    """``said`` with the script's name of the number its own choice asks for said as
    "that many" ("choose a number from 1 to 2. Then: bring 'n' caballeros ..." -> "...
    bring that many caballeros ..."; f22: a player who did not write the card cannot know
    what 'n' is). Only where the prompt asks for a number (B8); raises nothing."""
    head, sep, rest = said.partition(". Then: ")
    if not sep or "choose a number" not in head:
        return said
    return head + sep + _NUMBER_NAME.sub("that many", rest)


#: The rule a card's region choice cites where the caballeros it moves are taken from the
#: region chosen (B8.2: the engine's refusal of the Castillo as such a source).
TAKEN_FROM_RULE: Final = "B8.2"
#: What a region button of such a choice adds where nobody has a caballero (h31, f23).
NO_CABALLEROS: Final = "no caballeros"


def empty_source_words(game: Game, d: Decision, options: list[dict[str, Any]]) -> None:
    """B8, B8.2 (h31, f23: Intrigue's "choose a region" offered a region holding nobody's
    caballero, and choosing it moved nothing unsaid): at a card's region choice (``d`` of
    kind ``choose_region``, rule B8) whose region is where the card takes caballeros from
    (the engine refuses a place there citing :data:`TAKEN_FROM_RULE`, in
    ``d.options["why"]``, and the card under way moves from exactly that region,
    :func:`~elgrande.engine.choice_sources.moves_from_its_one_choice`; f24: not a card
    moving caballeros from the regions next to the one chosen, into it), each enabled
    option of a region holding no caballero (nobody's, the neutral ones counted, C9) gets
    ``" (no caballeros)"`` after its label: allowed, the card then moves none. Counts
    from ``game.state`` (the board, public); the decision's prompt, options and legality
    are unchanged. Changes ``options`` in place; raises nothing."""
    why = d.options.get("why") if d.kind == "choose_region" and d.rule == "B8" else None
    if not isinstance(why, dict) or not any(
            isinstance(v, list) and v[:1] == [TAKEN_FROM_RULE] for v in why.values()):
        return
    if not moves_from_its_one_choice(_card_script(game)):
        return
    board, s = game.library.board, game.state
    for o in options:  # the enabled ones: a refused one keeps its label and reason
        i = board.index.get(str(o.get("place"))) if o.get("enabled") else None
        if i is None or i >= len(s.caballeros):
            continue
        neutral = s.neutral[i] if i < len(s.neutral) else 0
        if sum(s.caballeros[i]) + neutral == 0:
            o["label"] = f"{o['label']} ({NO_CABALLEROS})"


def _card_script(game: Game) -> dsl_ast.Script | None:
    """The script of the card whose special action is under way, or None."""
    card = card_under_way(game)
    try:
        return game.library.card(str(card["id"])).script if card else None
    except KeyError:
        return None


#: What a mobile scoreboard's button to the Castillo adds (B6.9: one may lie there; f28:
#: "scored with its values" did not say whose values); ``{place}`` the Castillo's name.
CASTILLO_NOTE: Final = "B6.9: the {place} is scored with this scoreboard's values"


def scoreboard_words(game: Game, sb: str, to: str) -> dict[str, str]:
    """A mobile scoreboard's move (B6.9) in words: ``{"label": "scoreboard 8-4-0 (beside
    the board) to Galicia", "group": "Scoreboard 8-4-0, beside the board", "short": "to
    Galicia"}``: the label says which scoreboard it is and where it lies now (f21: "8-4-0
    to Galicia" said neither); ``group`` and ``short`` are the same words in two parts, for
    the page's buttons grouped under a heading per scoreboard (h31, f23: 18 near-identical
    labels on a phone). The Castillo says it may hold one (B6.9, f23), and whose values
    then score it (f28): "to the Castillo (B6.9: the Castillo is scored with this
    scoreboard's values)". ``sb`` a scoreboard id, ``to`` a place id; an id the board does
    not hold is said as itself. Raises nothing."""
    board = game.library.board
    i = board.index.get(to)
    dest = board.place_name(to)
    if i is not None and board.is_castillo(i):
        dest = f"the {dest} ({CASTILLO_NOTE.format(place=dest)})"
    try:
        at = game.state.scoreboards[board.scoreboard_index(sb)]
    except (KeyError, IndexError):
        return {"label": f"scoreboard {sb} to {dest}", "group": f"Scoreboard {sb}",
                "short": f"to {dest}"}
    where = "beside the board" if at < 0 else f"now on {board.place_name(at)}"
    return {"label": f"scoreboard {sb} ({where}) to {dest}",
            "group": f"Scoreboard {sb}, {where}", "short": f"to {dest}"}


def card_goes_on(game: Game) -> bool:
    """B8 (h33: "Done (move none)" at a card's first move step read as ending
    the card): whether the special action under way (``game.flow.run``) has steps after
    the statement now asking, in any of its blocks (a statement after it, a loop's next
    player, a block around it with statements left) or in a card carrying it out (B4.4).
    False with no card under way or no script known. Raises nothing."""
    run = game.flow.run
    runs = []
    while run is not None:
        runs.append(run)
        run = run.inner
    for r in reversed(runs):  # the innermost (asking) run first
        script = game.library.scripts.get(r.card)
        if script is None:
            continue
        for i, f in enumerate(reversed(r.frames)):
            body = block_at(script, f.path).body
            # the asking statement is at ``pc`` in the innermost frame (and a carrying
            # card's "carry out" at its own); an outer frame's ``pc`` is already past it
            asking = i == 0
            if f.rest or len(body) > f.pc + (1 if asking else 0):
                return True
    return False


#: The rule a card's region choice cites for the Castillo where the engine's decision gives
#: none (B8: a special action does what its card says, and no card's region is the
#: Castillo unless the card says so).
CARD_REGION_RULE: Final = "B8"
#: Why a card's region choice refuses the Castillo where the engine's decision says no
#: more than "not one of the allowed answers" (h33: it was drawn greyed with no word why).
CASTILLO_CHOICE: Final = "the {place} is not a region a card may choose unless the card says so"
#: The decisions of a card asking for one region (B8, B8.5).
_REGION_KINDS: Final = ("choose_region", "secret_region")


def castillo_words(game: Game, d: Decision, options: list[dict[str, Any]]) -> None:
    """B8 (h33): while a card asks to choose a region (``d`` of kind
    ``choose_region`` or ``secret_region``, a card under way) and refuses the Castillo,
    the Castillo's option gives the engine's own reason for it (``d.options["why"]``: its
    rule and words, not reworded as another place's) fitted to the choice's use
    (:func:`~elgrande.server.card_places.castillo_reason`, f28: the king's move, a
    choice of where caballeros go), else
    :data:`CASTILLO_CHOICE` under :data:`CARD_REGION_RULE`; the page shows it on hover,
    at a tap and in its "Why not other places?" fold. Changes ``options`` (the controls'
    options, a place's with ``"place"``) in place; raises nothing."""
    if d.kind not in _REGION_KINDS or card_under_way(game) is None:
        return
    board = game.library.board
    given = d.options.get("why") if isinstance(d.options, dict) else None
    for o in options:
        place = o.get("place")
        i = board.index.get(place) if isinstance(place, str) else None
        if o.get("enabled") or not isinstance(place, str) or i is None or \
                not board.is_castillo(i):
            continue
        said = given.get(place) if isinstance(given, dict) else None
        if isinstance(said, (list, tuple)) and len(said) == 2:  # f28: fitted to the use
            rule, why = castillo_reason(game, d, str(said[0]), str(said[1]))
        else:
            rule = CARD_REGION_RULE
            why = CASTILLO_CHOICE.format(place=board.place_name(place))
        o.update(rule=rule, title=rule_title(rule), why=why)
        o.pop("whole", None)
