"""Cards as objects: the card places a script takes cards from, draws cards from and gives
cards to, and the statements that do it.

Card places (:class:`elgrande.dsl.ast.CardPlace`):

- ``open action cards``: this round's face-up offer, ``State.offer`` (B3.1);
- ``stack N``: the N-th action stack, ``State.stacks[N-1]``, face down (B1.4): drawn from
  the top;
- ``region cards``: the region-card deck, one card per region of Spain (B2.1). The base
  game shuffles it at setup only; a draw during play shuffles it anew with a random stream
  of its own (:func:`draw_stream`: the game's draw key, set from the seed at setup without
  drawing from the setup's stream, and what is drawn), and the deck is whole again after
  it: a region card is only read (``region of c``);
- ``held cards of PLAYER``: the cards held in that player's court, ``State.held[p]``;
- ``removed``: out of this round's offer; nobody may take it this round, and it is
  discarded at round end with the cards nobody took (C13, B3.5). Cards go there; none
  come back from there.

A card variable holds a card id (data: the engine never interprets it), or for a region
card the region's place id. A drawn card is a chance event: before the draw nothing in
any view tells which card comes (the draw key is hidden from views, the stacks' order too,
B8.5a); the draw's event reveals it to everyone.

``carry out c`` runs card ``c``'s script as part of this special action: the interpreter
starts a run of its own for it (:meth:`elgrande.engine.interpreter.Interpreter._carry_out`),
bounded by the same work budget; a card already being carried out is not carried out
again, so no chain of cards carries itself out forever.
"""

from __future__ import annotations

import random
from typing import Any, Final

from elgrande.dsl import ast
from elgrande.engine.context import Ctx, Frame, Run
from elgrande.engine.decisions import Decision, draw_choice
from elgrande.engine.draws import KEY_RANGE as KEY_RANGE
from elgrande.engine.draws import PLACED as PLACED
from elgrande.engine.draws import draw_key as draw_key
from elgrande.engine.primitives import primitive
from elgrande.engine.regions import evaluates
from elgrande.engine.values import CONDITIONS
from elgrande.model.seats import seat
from elgrande.model.state import State

#: Where a card is: ``("open", slot)``, ``("stack", index)``, ``("held", player)``.
Where = tuple[str, int]

#: How many cards deep ``carry out`` may nest (a card carrying out one that carries out
#: another ...), beside the rule that no card is carried out twice in one chain.
CARRY_DEPTH: Final = 8


def draw_stream(ctx: Ctx, source: str) -> random.Random:
    """The random stream of one draw: from the game's draw key and what is drawn (round,
    player, card running, the statement's count in the run, the place drawn from). The
    same game and answers give the same draws; no view holds the key (B8.5a)."""
    s, run = ctx.state, ctx.run
    return random.Random(f"{s.draw_key}/{s.round}/{run.actor}/{run.card}/{run.steps}/"
                         f"{run.work}/{source}")


# -- places ------------------------------------------------------------------------------------
def held(state: State, player: int) -> list[str]:
    """``state.held[player]`` (the lists are made on first use: an old save has none)."""
    if len(state.held) < state.players:  # replaced, not extended: copies share it
        state.held = state.held + [[] for _ in range(state.players - len(state.held))]
    return state.held[player]


def holder(ctx: Ctx, node: ast.CardHolder | None) -> int | None:
    """The player of ``me`` (the card's player, who carries out the special action) or of
    a player variable (None when it holds nobody)."""
    if node is None or node.name is None:
        return ctx.run.actor
    p = ctx.run.env.get(node.name)
    return p if isinstance(p, int) and not isinstance(p, bool) else None


def card_of(ctx: Ctx, ref: ast.CardRef) -> str | None:
    """The card id of ``this card`` (the card whose script runs), a card variable (None
    when nothing was chosen) or a card id written in the script."""
    if ref.name is None:
        return ctx.run.card
    env = ctx.run.env
    if ref.name in env:
        v = env[ref.name]
        return v if isinstance(v, str) else None
    return ref.name


def cards_in(ctx: Ctx, place: ast.CardPlace) -> list[str]:
    """The cards of a card place now (region cards: the region ids of the deck; a stack:
    top first). Charged to the work budget, one unit per card."""
    s, kind = ctx.state, place.kind
    if kind == "open":
        out = [c for c in s.offer if c]
    elif kind == "stack":
        out = list(s.stacks[place.n - 1]) if 0 < place.n <= len(s.stacks) else []
    elif kind == "region":
        out = [ctx.rid(r) for r in ctx.board.regions]
    elif kind == "held":
        p = holder(ctx, place.holder)
        out = list(held(s, p)) if p is not None else []
    else:  # removed: nothing comes back from there
        out = []
    ctx.charge(len(out))
    return out


def find(state: State, card: str) -> Where | None:
    """Where ``card`` is now: in the offer, held by a player, or in a stack."""
    if card in state.offer:
        return ("open", state.offer.index(card))
    for p, cards in enumerate(state.held):
        if card in cards:
            return ("held", p)
    for i, stack in enumerate(state.stacks):
        if card in stack:
            return ("stack", i)
    return None


def take(state: State, card: str, at: Where) -> int:
    """Take ``card`` from where it is; returns the stack it came from (-1: none known)."""
    kind, i = at
    if kind == "open":
        state.clear_offer_slot(i)  # the slot stays: its card is out of this round's offer
        return state.offer_origin[i] if i < len(state.offer_origin) else -1
    if kind == "held":
        state.release_card(i, card)
        return -1
    state.take_from_stack(i, card)
    return i


def give(ctx: Ctx, card: str, to: ast.CardPlace, origin: int) -> None:
    """Put ``card`` into card place ``to`` (the open cards: a new slot, going back under
    the stack it came from when taken, B4.6; a stack: under it; held: in a court;
    removed: nowhere). The place exists (the caller checked it)."""
    s = ctx.state
    if to.kind == "open":
        s.add_to_offer(card, origin)
    elif to.kind == "stack":
        s.add_to_stack(to.n - 1, card)
    elif to.kind == "held":
        p = holder(ctx, to.holder)
        if p is not None:
            s.hold_card(p, card)


# -- statements --------------------------------------------------------------------------------
def _choose_finish(ctx: Ctx, call: ast.Call, d: Decision, answer: Any) -> None:
    ctx.run.env[str(call.arg("var"))] = str(answer)
    ctx.event("choose_card", decider=ctx.subject, chosen=str(answer),
              text=f"{{who}} chooses {{card:{answer}}}.")


def _source(ctx: Ctx, call: ast.Call) -> tuple[ast.CardPlace, list[str]]:
    """The card place a choose or draw takes from and its cards now; with none there the
    variable holds nothing (the statements naming it then do nothing)."""
    place: ast.CardPlace = call.arg("source")
    cards = cards_in(ctx, place)
    if not cards:
        ctx.run.env[str(call.arg("var"))] = None
    return place, cards


@primitive("choose_card", _choose_finish)
def _choose_card(ctx: Ctx, call: ast.Call) -> Decision | None:
    """B4.2: the deciding player chooses one card of the place."""
    place, choices = _source(ctx, call)
    if not choices:
        return None
    return Decision("choose_action_card", [ctx.subject], "Choose a card",
                    {"choices": choices, "why": {}}, "B4.2")


@primitive("draw_card")
def _draw_card(ctx: Ctx, call: ast.Call) -> Decision | None:
    """B2.1, B1.4: the top card of a stack, else a card at random (a chance event: its own
    stream, :func:`draw_stream`); the drawn card is revealed by its event.

    One example card draws today (the ambush); no general form fits a draw: a choice is
    a decision of a player, a draw a chance event hidden from every view until it is
    made, and the records and views treat the two differently."""
    place, cards = _source(ctx, call)
    if not cards:
        return None
    var = str(call.arg("var"))
    if place.kind == "stack":
        card = cards[0]
    else:
        card = draw_choice(draw_stream(ctx, place.kind), sorted(cards))
    ctx.run.env[var] = card
    if place.kind == "region":
        name = ctx.board.place_name(card)
        ctx.event("draw_card", decider=ctx.subject, drawn=card, source="region",
                  text=f"{{who}} draws the region card of {name}.")
    else:
        ctx.event("draw_card", decider=ctx.subject, drawn=card, source=place.kind,
                  text=f"{{who}} draws {{card:{card}}}.")
    return None


@primitive("move_card")
def _move_card(ctx: Ctx, call: ast.Call) -> Decision | None:
    """B4.6, C13: move the card from where it is to the place (a card found nowhere but
    this card, which is carried out, or a place that does not exist: nothing happens).
    ``hold this card`` is this statement: this card into the court of the card's player,
    where it stays instead of going under its stack (:data:`PLACED`)."""
    card = card_of(ctx, call.arg("card"))
    to: ast.CardPlace = call.arg("to")
    p = holder(ctx, to.holder) if to.kind == "held" else None
    if card is None or (to.kind == "stack" and not 0 < to.n <= len(ctx.state.stacks)) or \
            (to.kind == "held" and p is None):
        return None
    at = find(ctx.state, card)
    if at is None and card != ctx.run.card:
        return None
    if at is not None and at == ("held", p):
        return None  # held there already
    origin = take(ctx.state, card, at) if at is not None else -1
    give(ctx, card, to, origin)
    if at is None:  # this card, carried out, went to a place: not under its stack
        ctx.run.env[PLACED] = 1
    if to.kind == "held" and at is None:
        ctx.event("hold_card", decider=ctx.subject, held=card,
                  text=f"{{who}} keeps {{card:{card}}} in their court.")
    elif to.kind == "removed" and at is not None and at[0] == "open":
        ctx.event("remove_card", decider=ctx.subject, removed=card,
                  text=f"{{who}} removes {{card:{card}}} from this round's offer.")
    else:
        words = {"open": "into the open action cards", "stack": f"under stack {to.n}",
                 "held": "into {who}'s court" if p is None or p == ctx.subject else
                 f"into {seat(p)}'s court", "removed": "out of play this round"}
        ctx.event("move_card", decider=ctx.subject, moved=card, to=to.kind,
                  text=f"{{who}} moves {{card:{card}}} {words[to.kind]}.")
    return None


@primitive("carry_out")
def _carry_out(ctx: Ctx, call: ast.Call) -> Decision | None:
    """B4.4: carry out card ``c``'s special action now: a run of its own (``Run.inner``),
    which the interpreter runs to its end before this one goes on. A card already being
    carried out in this chain (this card, or one carrying it out) is not carried out
    again, nor a card beyond :data:`CARRY_DEPTH`.

    One example card carries another out today (the second wind); no general form fits:
    it is the only statement that runs another card's script, and it must stay one so
    that the budget and the depth limit bound every chain of cards."""
    run = ctx.run
    card = card_of(ctx, call.arg("card"))
    if card is None or card == run.card or card in run.callers or \
            len(run.callers) >= CARRY_DEPTH:
        return None
    run.inner = Run(card, run.actor, [Frame([], 0, ctx.subject)], work=run.work,
                    callers=run.callers + [run.card])
    ctx.event("carry_out", decider=ctx.subject, carried=card,
              text=f"{{who}} carries out the special action of {{card:{card}}}.")
    return None


# -- region of a region card, and who holds what --------------------------------------------
@evaluates("region_of_card", "RegionOfCard")
def _region_of_card(ctx: Ctx, node: ast.RegionOfCard) -> list[int]:
    """B2.1: the region of a region card (none when no card was drawn)."""
    card = card_of(ctx, node.card)
    i = ctx.board.index.get(card) if card is not None else None
    return [i] if i is not None else []


def holds(ctx: Ctx, node: ast.Holds) -> bool:
    """``PLAYER holds CARD``: the card is held in that player's court."""
    p = holder(ctx, node.holder)
    card = card_of(ctx, node.card)
    return p is not None and card is not None and card in held(ctx.state, p)


CONDITIONS["Holds"] = holds
