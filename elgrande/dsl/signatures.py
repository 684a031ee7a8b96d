"""The one declaration of every effect primitive: its parameters, their types, what it
does in words, and the rules it enforces.

The parser names each argument from this declaration, the checker checks types from it,
the English renderer uses its ``render`` template, the docs list it, and the engine's
registry must implement exactly these names (a test checks both ways).

Parameter types:
    ``var`` a new variable name; ``choice`` a choose-clause; ``qty`` how many;
    ``flag`` true/false; ``players`` whose caballeros (None = the decider's own or any,
    by ``own``); ``region`` one region; ``regions`` a region set; ``destination``
    ``"provinces"``/``"court"``; ``each`` a player set; ``kind`` a lasting-effect kind;
    ``duration`` how long it lasts; ``cardplace`` a card place to take or draw from;
    ``carddest`` a card place to give to; ``cardref`` a card (``this card``, a card
    variable or a card id);
    ``rule_param`` a rule parameter's name and ``rule_value`` its new value
    (:mod:`elgrande.dsl.rule_params`).
"""

from __future__ import annotations

import attrs


@attrs.frozen(slots=True, repr=False, eq=False)
class Param:
    """One parameter of a primitive: ``name``, ``type`` (see module doc), ``doc``, and
    whether the script may leave it out."""

    name: str
    type: str
    doc: str
    optional: bool = False


@attrs.frozen(slots=True, repr=False, eq=False)
class Signature:
    """A primitive's declaration.

    Attributes:
        name: the grammar rule and registry name (``move_caballeros``).
        phrase: how a script writes it (shown in docs and hints).
        summary: one sentence on what it does.
        params: its parameters in grammar order.
        render: English template; ``{param}`` is replaced by the rendered argument.
        rules: rule ids the primitive enforces (``elgrande rules ID``).
        decides: the decision kinds it may raise (empty: none).
    """

    name: str
    phrase: str
    summary: str
    params: tuple[Param, ...]
    render: str
    rules: tuple[str, ...] = ()
    decides: tuple[str, ...] = ()

    def param(self, name: str) -> Param:
        """The parameter called ``name``.

        Raises:
            KeyError: no such parameter.
        """
        for p in self.params:
            if p.name == name:
                return p
        raise KeyError(name)


def _s(name: str, phrase: str, summary: str, params: list[Param], render: str,
       rules: tuple[str, ...] = (), decides: tuple[str, ...] = ()) -> Signature:
    return Signature(name, phrase, summary, tuple(params), render, rules, decides)


QTY = Param("qty", "qty", "how many: 'up to N', 'exactly N', 'N', 'all', 'all or some' "
            "(N a number expression: '2', 'n', 'n + 1', 'score of me', ...)")
OWN = Param("own", "flag", "'own': only the deciding player's caballeros", optional=True)
WHOSE = Param("whose", "players", "'of any player', 'of opponents' or 'of p'", optional=True)

SIGNATURES: dict[str, Signature] = {s.name: s for s in [
    _s("choose", "NAME = choose region from SET | number from LO to HI | player from PLAYERS",
       "The deciding player chooses a region, a number or a player; the name keeps it.",
       [Param("var", "var", "the variable that keeps the choice"),
        Param("choice", "choice", "what is chosen, and from what")],
       "choose {choice} (call it {var})",
       ("B8.1",), ("choose_region", "choose_number", "choose_player")),
    _s("move_caballeros",
       "move QTY [own] caballeros [of WHO] from SET to SET",
       "Move caballeros already on the board from region(s) to other regions or the "
       "Castillo. Never from court, never out of the Castillo, never into or out of the "
       "king's region.",
       [QTY, OWN, WHOSE, Param("source", "regions", "the source region, or any of a set"),
        Param("to", "regions", "where they may go")],
       "move {qty} {whose} from {source} to {to}",
       ("B8.2", "B5.2", "B8.1"), ("move_caballeros",)),
    _s("place_caballeros", "place QTY [own] caballeros from court to SET",
       "Place caballeros from the deciding player's court onto regions or the Castillo, "
       "not only next to the king; never into the king's region.",
       [QTY, OWN, Param("to", "regions", "where they may go")],
       "place {qty} of your caballeros from your court in {to}",
       ("B5.1", "B5.2"), ("place_caballeros",)),
    _s("send_caballeros",
       "send QTY [own] caballeros [of WHO] from SET to provinces|court",
       "Send caballeros from court and/or regions to the provinces or to court. Never "
       "from the Castillo or the king's region; who has fewer sends what they have.",
       [QTY, OWN, Param("whose", "players", "'of p': the caballeros of the player in variable "
                        "p; left out, the deciding player's own", optional=True),
        Param("source", "regions", "where they come from ('court' allowed)"),
        Param("to", "destination", "'provinces' or 'court'")],
       "send {qty} {whose} from {source} to {to}",
       ("B8.7", "B5.2"), ("send_caballeros",)),
    _s("bring_to_court", "bring QTY caballeros to court",
       "Bring caballeros from the provinces to court; when the provinces are empty the "
       "rest may come from the player's own caballeros in regions (not the Castillo, "
       "not the king's region).",
       [QTY], "bring {qty} caballeros from your provinces to your court", ("B4.1",),
       ("bring_to_court",)),
    _s("score", "score SET [, first position only]",
       "Score the regions of the set now (a special scoring): ranking, 2/3-player values, "
       "mobile scoreboards and bonuses as usual.",
       [Param("where", "regions", "the regions to score, in scoring order"),
        Param("first_only", "flag", "pay the first position only", optional=True)],
       "score {where}{first_only}", ("B8.6", "B6.5", "B6.6", "B6.8", "B6.9", "B5.3")),
    _s("move_king", "move king to SET",
       "Move the king to a region of the set (never the Castillo).",
       [Param("to", "regions", "where the king may go")],
       "move the king to {to}", ("B5.2", "B8.1"), ("choose_region",)),
    _s("move_grande", "move own grande to SET",
       "Move the deciding player's Grande to another region of the set (never the "
       "Castillo, never into or out of the king's region); with the Colonies the set's new "
       "areas too (C3).",
       [Param("to", "regions", "where the Grande may go")],
       "move your Grande to {to}", ("B1.2", "B5.2"), ("choose_region",)),
    _s("move_scoreboard", "move scoreboard to SET",
       "Place a mobile scoreboard that is off the board, or move one that is on it, onto "
       "a region of the set; never into or out of the king's region, never onto the other "
       "scoreboard.",
       [Param("to", "regions", "where the scoreboard may go")],
       "place a mobile scoreboard from beside the board, or move one on the board, "
       "to {to}", ("B6.9", "B5.2"), ("move_scoreboard",)),
    _s("take_back_power_card", "take back a power card",
       "Take one of your played power cards (this round's included) back into your hand.",
       [], "take one of your played power cards back into your hand", ("B3.2",),
       ("choose_power_card",)),
    # kept for the Veto only: the base module's reaction window, opened by the flow before
    # each special action (B8.4), not a script run at an event (a trigger: 'when')
    _s("keep", "keep KIND until DURATION",
       "Keep this card as a lasting effect a rules module gives meaning: the Veto (B8.4), "
       "played in the reaction window before another player's special action.",
       [Param("kind", "kind", "the lasting effect, e.g. 'veto'"),
        Param("until", "duration", "'end of this round', 'end of next round', "
              "'next scoring'")],
       "keep this card as a {kind} until {until}", ("B8.4",)),
    _s("secret_choice", "each [other] player secretly chooses region NAME from SET",
       "The players choose a region at the same time with their secret discs; the choices "
       "are revealed together. A player with nothing to choose from chooses nothing.",
       [Param("each", "each", "who chooses"), Param("var", "var", "keeps the choices"),
        Param("source", "regions", "what may be chosen (per player)")],
       "{each} secretly chooses {source} (call it {var})", ("B8.5",),
       ("secret_region",)),
    _s("bridge", "bridge REGION and REGION",
       "Lay the bridge between two regions: they count as adjacent until a bridge is laid "
       "again (only one bridge is ever on the board).",
       [Param("a", "regions", "one end (a region)"), Param("b", "regions", "the other end")],
       "lay the bridge between {a} and {b}: they count as adjacent (a bridge laid before "
       "is void)", ("I8", "B5.1")),
    _s("lay_scoreboard", "lay scoreboard to SET",
       "Lay a mobile scoreboard from beside the board onto a region of the set; only when "
       "none is beside the board, or one laid this way is still out, move one on the board "
       "instead. A scoreboard laid this way goes back beside the board after the next "
       "scoring. Never into or out of the king's region, never onto the other scoreboard.",
       [Param("to", "regions", "where the scoreboard may go")],
       "lay a mobile scoreboard from beside the board (else move one on the board) to {to}; "
       "it goes back after the next scoring", ("I8", "I9", "B6.9", "B5.2"),
       ("move_scoreboard",)),
    _s("grande_into_castillo", "put an opponent grande into castillo",
       "Put the Grande of an opponent (the deciding player chooses whose, among those whose "
       "Grande may go) into the Castillo; a Grande already in the Castillo or in the king's "
       "region cannot go. It counts there for the Castillo's Grande bonus and leaves at the "
       "next general scoring with its owner's Castillo caballeros to the region on their "
       "disc (the king's region on the disc: the owner puts it in another mainland region).",
       [], "put the Grande of one of your opponents into the Castillo; at the next general "
       "scoring it leaves with its owner's Castillo caballeros to the region on their disc",
       ("I8", "I9", "B1.2", "B5.2"), ("choose_player",)),
    _s("pass_", "pass", "Do nothing.", [], "do nothing"),
    # Statements whose implementation a rules module registers (Grand Inquisitor & the
    # Colonies: elgrande/rules/colonies.py).
    _s("take_inquisitor", "take the grand inquisitor",
       "Take the Grand Inquisitor into your court: his black caballeros count as yours until "
       "another player takes him.",
       [], "take the Grand Inquisitor into your court", ("C8",)),
    _s("move_black_caballeros", "move QTY black caballeros from SET to SET",
       "Reposition the Inquisitor's black caballeros from region(s) to other regions; never "
       "into or out of the king's region, never to the provinces or to court.",
       [QTY, Param("source", "regions", "where they may come from"),
        Param("to", "regions", "where they may go")],
       "move {qty} black caballeros from {source} to {to}", ("C8", "C11", "B5.2"),
       ("move_caballeros",)),
    _s("move_limit_table", "move limit table to SET",
       "Move the limit table to another region of the set (never France, never into or out "
       "of the king's region); the caballeros stay; the mover seats them when there are more "
       "than seats (one seat at a time: the C10 follow-up decision).",
       [Param("to", "regions", "where the table may go")],
       "move the limit table to {to}", ("C10", "B5.2"), ("choose_region", "choose_option")),
    _s("seat_limit_table", "seat the limit table",
       "When more caballeros stand in the limit table's region than it has seats, the "
       "deciding player chooses who sits, one seat at a time (the C10 follow-up decision); "
       "otherwise all sit.",
       [], "seat caballeros at the limit table", ("C10",), ("choose_option",)),
    # Cards as objects (elgrande/engine/cards.py): card places a script takes from, draws
    # from and gives to; a card held in a court; another card's special action carried out.
    _s("choose_card", "NAME = choose card from CARDS",
       "The deciding player chooses one card of a card place (the open action cards, the "
       "cards held by a player, the removed cards); the name keeps it. The region-card "
       "deck and the stacks are face down: draw from them.",
       [Param("var", "var", "the variable that keeps the card"),
        Param("source", "cardplace", "where the card is chosen from")],
       "choose one of {source} (call it {var})", ("B4.2",), ("choose_action_card",)),
    _s("draw_card", "NAME = draw card from CARDS",
       "Draw a card: the top card of a stack, else a card at random (the region-card deck "
       "is shuffled anew for each draw, B2.1). The draw is a chance event: no player can "
       "know the card before it is drawn.",
       [Param("var", "var", "the variable that keeps the card"),
        Param("source", "cardplace", "where the card is drawn from")],
       "draw a card from {source} (call it {var})", ("B2.1", "B1.4")),
    _s("move_card", "move card CARD to CARDS | me (or: hold this card)",
       "Move a card from wherever it is (the offer, a stack, a player's court; this card "
       "while it is carried out) to a card place: under a stack (B4.6), into the open "
       "action cards, into a player's court (held; 'me': the card's player), or out of "
       "this round's offer (removed, C13). 'hold this card' is 'move card this card to "
       "me': the card stays in your court instead of going under its stack.",
       [Param("card", "cardref", "the card moved"),
        Param("to", "carddest", "where it goes")],
       "move {card} {to}", ("B4.6", "C13")),
    _s("carry_out", "carry out CARD",
       "Carry out the special action of a card now, as part of this one (its own script, "
       "run to its end before this one goes on; the work budget of this special action "
       "bounds both; a card already being carried out is not carried out again).",
       [Param("card", "cardref", "the card whose special action is carried out")],
       "carry out the special action of {card}", ("B4.4",)),
    # A lasting rule change: the parameters are declared by the rules modules
    # (elgrande/dsl/rule_params.py), the English of each comes from its declaration.
    _s("change_rule", "change PARAM [in SET] to VALUE DURATION",
       "For a while, change a parameter of the rules that a rules module in play declares "
       "(where this turn's placement may go, how many it places, a place closed to placement "
       "and moves, how caballeros count in a ranking). 'close SET to placement and moves "
       "DURATION' is the same statement for the flag 'closed'. A later change of the same "
       "parameter wins while both last.",
       [Param("param", "rule_param", "the parameter: words a rules module declares"),
        Param("where", "regions", "'in SET': the places it changes (for parameters that "
              "name places)", optional=True),
        Param("value", "rule_value", "the new value: 'up to N' or 'N', a region set, or "
              "on (the 'close' phrase)"),
        Param("until", "duration", "'this turn', 'this round', 'until end of next round', "
              "'until next scoring'")],
       "{until}, {param}"),
]}

#: Primitives whose plain quantity ``N`` means "up to N" (a bring, B4.1: the player
#: brings up to N); everywhere else a plain ``N`` is as many as can, up to N (B8.7), as
#: ``exactly N`` is. The renderer words a plain N as it plays; the engine reads it so too
#: (:func:`elgrande.engine.values.limits`).
PLAIN_UP_TO: frozenset[str] = frozenset({"bring_to_court"})

#: Lasting-effect kinds a ``keep`` statement may name, with what each does: the Veto
#: only (B8.4); a card's other lasting effects are triggers (``when``).
LASTING_KINDS: dict[str, str] = {
    "veto": "cancels one other player's special action (or its rest) (B8.4)",
}
