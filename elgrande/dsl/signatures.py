"""The one declaration of every effect primitive: its parameters, their types, what it
does in words, and the rules it enforces.

The parser names each argument from this declaration, the checker checks types from it,
the English renderer uses its ``render`` template, the docs list it, and the engine's
registry must implement exactly these names (a test checks both ways).

Parameter types:
    ``var`` a new variable name; ``choice`` a choose-clause; ``qty`` how many;
    ``flag`` true/false; ``players`` whose caballeros (None = the decider's own or any,
    by ``own``); ``region`` one region; ``regions`` a region set (for caballeros also
    ``court`` and ``provinces``); ``each`` a player set; ``kind`` a lasting-effect kind;
    ``duration`` how long it lasts; ``cardplace`` a card place to take or draw from;
    ``carddest`` a card place to give to; ``cardref`` a card (``this card``, a card
    variable or a card id);
    ``rule_param`` a rule parameter's name and ``rule_value`` its new value
    (:mod:`elgrande.dsl.rule_params`); ``way`` ``"gain"``/``"lose"``; ``points`` a number
    expression of points.
"""

from __future__ import annotations

import attrs


@attrs.frozen(slots=True, repr=False, eq=False)
class Param:
    """One parameter of a primitive: ``name``, ``type`` (see module doc), ``doc``, and
    whether the script may leave it out.

    For a ``duration``, ``allowed`` lists the durations the statement accepts (their
    parser words, keys of :data:`DURATION_WORDS`; empty: any), and ``refusal`` is the
    error code of another (the checker reads both for every statement with a duration)."""

    name: str
    type: str
    doc: str
    optional: bool = False
    allowed: tuple[str, ...] = ()
    refusal: str = "E-TYPE"


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
        single_use: why the primitive is a statement of its own although at most one
            shipped or example card uses it (empty for a primitive several cards use;
            tests/test_single_use_primitives.py counts the cards).
    """

    name: str
    phrase: str
    summary: str
    params: tuple[Param, ...]
    render: str
    rules: tuple[str, ...] = ()
    decides: tuple[str, ...] = ()
    single_use: str = ""

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
       rules: tuple[str, ...] = (), decides: tuple[str, ...] = (),
       single_use: str = "") -> Signature:
    return Signature(name, phrase, summary, tuple(params), render, rules, decides,
                     single_use)


#: The durations a script may write (the parser's words), with how a script writes each.
DURATION_WORDS: dict[str, str] = {
    "this turn": "this turn", "end of this round": "until end of this round",
    "end of next round": "until end of next round", "next scoring": "until next scoring",
    "once": "once", "while held": "while held",
}


def duration_problem(statement: str, param: Param, value: object
                     ) -> tuple[str, str, str] | None:
    """What is wrong with the duration ``value`` of parameter ``param`` (a ``duration``)
    of a statement (its first word, ``statement``): None when ``param.allowed`` is empty
    or has it, else ``(code, message, hint)`` with the parameter's ``refusal`` code."""
    if not param.allowed or value in param.allowed:
        return None
    return (param.refusal, f"'{statement}' cannot last '{value}'", "write " + ", ".join(
        f"'{DURATION_WORDS.get(d, d)}'" for d in param.allowed))


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
    _s("move",
       "move [QTY] [own] PIECE [of WHO] [from SET] to SET",
       "Move pieces of one kind (PIECE_KINDS: caballeros, the king, a Grande, a mobile "
       "scoreboard, or a kind a set declares) from place(s) to other places. The kind's "
       "mover, registered by its set's rules module, keeps that set's rules: nothing into or "
       "out of the king's region, nothing out of the Castillo by a special action, and "
       "the rooms, seats and offices of the sets in play. Caballeros also move from and to "
       "a court and the provinces: 'from provinces to court' brings (B4.1: when the "
       "provinces run short, the rest may come from your regions), 'from court to SET' "
       "places (B5.1, not only next to the king), '... to provinces', '... to court' and "
       "one player's caballeros to an off-board space send (B8.7: who has fewer sends "
       "what they have).",
       [Param("qty", "qty", "how many (caballeros only): 'up to N', 'N' (as many as can, "
              "up to N), 'all', 'all or some'", optional=True), OWN, WHOSE,
        Param("piece", "piece", "what moves: a piece kind of PIECE_KINDS"),
        Param("source", "regions", "where it may come from (caballeros: required; "
              "'court', 'provinces' and off-board spaces allowed)", optional=True),
        Param("to", "regions", "where it may go (caballeros: also 'court', 'provinces', "
              "an off-board space)")],
       "move {piece} to {to}",
       ("B8.1",),
       ("move_caballeros", "choose_region", "choose_player", "move_scoreboard",
        "choose_option", "place_caballeros", "send_caballeros", "bring_to_court")),
    _s("score", "score SET [, first position only]",
       "Score the regions of the set now (a special scoring): ranking, 2/3-player values, "
       "mobile scoreboards and bonuses as usual.",
       [Param("where", "regions", "the regions to score, in scoring order"),
        Param("first_only", "flag", "pay the first position only", optional=True)],
       "score {where}{first_only}", ("B8.6", "B6.5", "B6.6", "B6.8", "B6.9", "B5.3")),
    _s("take_back_power_card", "take back a power card",
       "Take one of your played power cards (this round's included) back into your hand.",
       [], "take one of your played power cards back into your hand", ("B3.2",),
       ("choose_power_card",),
       single_use="Power cards are no card place of the card forms ('choose card', "
       "'move card' move action cards, each one id in one place): every player holds a 1 .. 13 "
       "of their own, so a value names no one card, and they live only in a hand and a "
       "played pile (B3.2); a general form would add two card places and a value type for "
       "this one card"),
    # kept for the Veto only: the base module's reaction window, opened by the flow before
    # each special action (B8.4), not a script run at an event (a trigger: 'when')
    _s("keep", "keep KIND until DURATION",
       "Keep this card as a lasting effect a rules module gives meaning: the Veto (B8.4), "
       "played in the reaction window before another player's special action.",
       [Param("kind", "kind", "the lasting effect, e.g. 'veto'"),
        Param("until", "duration", "'end of this round', 'end of next round', "
              "'next scoring'",
              allowed=("end of this round", "end of next round", "next scoring"))],
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
       "is void)", ("I8", "B5.1"),
       single_use="It moves no piece (the 'move' "
       "statement's) but changes the map: two regions count as adjacent until the next "
       "bridge, a lasting change no rule-change duration (a turn, a round, to the next "
       "scoring) says and no other card makes (I8)"),
    _s("lay_scoreboard", "lay scoreboard to SET",
       "Lay a mobile scoreboard from beside the board onto a region of the set; only when "
       "none is beside the board, or one laid this way is still out, move one on the board "
       "instead. A scoreboard laid this way goes back beside the board after the next "
       "scoring. Never into or out of the king's region, never onto the other scoreboard.",
       [Param("to", "regions", "where the scoreboard may go")],
       "lay a mobile scoreboard from beside the board (else move one on the board) to {to}; "
       "it goes back after the next scoring", ("I8", "I9", "B6.9", "B5.2"),
       ("move_scoreboard",),
       single_use="The 'move a scoreboard' statement's mover "
       "does the move, but this scoreboard is a loan (I9): one from beside the board must "
       "be taken first, at most one lies out this way at a time, and it goes back beside "
       "the board after the next scoring; 'beside the board' is no place a move names, and "
       "the return and the one-at-a-time limit are kept across turns in the set's state, "
       "which no general form carries"),
    _s("pass_", "pass", "Do nothing.", [], "do nothing",
       single_use="The empty statement: a "
       "block holds at least one statement, so a branch that does nothing ('either: ... "
       "or: pass') says so with it; no card's whole effect is to do nothing"),
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
       "draw a card from {source} (call it {var})", ("B2.1", "B1.4"),
       single_use="The one random "
       "take of the card forms: a chance event, hidden from every view until drawn, where "
       "'choose card' is a player's open choice; the stacks and the region-card deck are "
       "face down, so drawing is the only way a script takes from them"),
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
       "carry out the special action of {card}", ("B4.4",),
       single_use="The only statement "
       "that runs another card's script (its special action, B4.4) inside this one; the "
       "card forms move cards and do not run them, and running a script is no move"),
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
        Param("value", "rule_value", "the new value: 'up to N' or 'N' (N a number "
              "expression, evaluated when the change is made: '2', 'n', 'n + 1', 'score of "
              "me'), a region set, or on (the 'close' phrase)"),
        Param("until", "duration", "'this turn', 'this round', 'until end of next round', "
              "'until next scoring'", allowed=("this turn", "end of this round",
                                               "end of next round", "next scoring"),
              refusal="E-RULE-DURATION")],
       "{until}, {param}"),
    # Points: the score track (B2.4, B7.1); a card's points, not a scoring's.
    _s("points", "gain|lose NUMBER points",
       "The deciding player gains or loses points (NUMBER a number expression, evaluated "
       "now; 'as p:' makes p gain or lose them). A score never goes below 0: a player "
       "loses at most the points they have (scores start at 0, B2.4, and the rules name "
       "no score below it); a number below 0 is 0.",
       [Param("way", "way", "'gain' or 'lose'"),
        Param("n", "points", "how many points: a number expression ('2', 'n', "
              "'score of p - score of me')")],
       "{way} {n}", ("B2.4", "B7.1"),
       single_use="No other statement changes a score but by scoring places ('score', "
       "B6): points a card gives or takes outright have no other form, and this one "
       "covers both ways and every player (through 'as p:'); one example card uses it "
       "so far, as no shipped card gives points outright"),
]}

#: The duration of a trigger (``when EVENT [of PLAYERS] DURATION: BLOCK``, a control
#: structure, not a primitive): every duration (elgrande/engine/triggers.py ends each).
WHEN_DURATION = Param("duration", "duration", "how long the trigger lasts",
                      allowed=tuple(DURATION_WORDS))

#: Lasting-effect kinds a ``keep`` statement may name, with what each does: the Veto
#: only (B8.4); a card's other lasting effects are triggers (``when``).
LASTING_KINDS: dict[str, str] = {
    "veto": "cancels one other player's special action (or its rest) (B8.4)",
}


@attrs.frozen(slots=True, repr=False, eq=False)
class PieceKind:
    """A kind of piece the one ``move`` statement moves (its mover is registered by the
    rules module of the set that has it: ``RulesModule.movers``, a test
    checks both name the same kinds).

    Attributes:
        name: the kind as the script names it after its article (``king``, ``limit table``).
        written: how a script writes it (``the king``, ``own grande``; docs, hints).
        render: the statement's English, with the ``move`` statement's ``{param}``
            placeholders; ``{owner}`` reads whose piece it is ("your Grande", "an opponent's
            Grande").
        counted: it takes a quantity and a source (``move 2 caballeros from A to B``).
        owned: it belongs to a player: ``own`` or ``of WHO`` names whose (required for a
            kind that is not counted; caballeros left unnamed are anyone's).
        court: ``court`` may be its destination (the deciding player's court).
        rules: rule ids its mover enforces (with the ``move`` statement's own, B8.1).
        into_castillo: English added when the move's ``to`` is the Castillo (what the
            piece does there, by the rules of the set that lets it in).
    """

    name: str
    written: str
    render: str
    counted: bool = False
    owned: bool = False
    court: bool = False
    rules: tuple[str, ...] = ()
    into_castillo: str = ""


#: The piece kinds of the ``move`` statement, by name.
PIECE_KINDS: dict[str, PieceKind] = {k.name: k for k in [
    PieceKind("caballeros", "[own] caballeros [of WHO]",
              "move {qty} {whose} from {source} to {to}", counted=True, owned=True,
              rules=("B8.2", "B5.2", "B8.1")),
    PieceKind("king", "the king", "move the king to {to}", rules=("B5.2", "B8.1")),
    PieceKind("grande", "own grande | grande of WHO", "move {owner} to {to}",
              owned=True, rules=("B1.2", "B5.2"),
              into_castillo="; at the next general scoring it leaves with its owner's "
              "Castillo caballeros to the region on their disc"),
    PieceKind("scoreboard", "a scoreboard",
              "place a mobile scoreboard from beside the board, or move one on the board, "
              "to {to}", rules=("B6.9", "B5.2")),
    # kinds of the Grand Inquisitor & the Colonies (their movers: elgrande/rules/colonies/)
    PieceKind("black caballeros", "black caballeros",
              "move {qty} black caballeros from {source} to {to}", counted=True,
              rules=("C8", "C11", "B5.2")),
    PieceKind("limit table", "the limit table",
              "move the limit table to {to}; when more caballeros stand there than it has "
              "seats, you choose who sits, one seat at a time", rules=("C10", "B5.2")),
    PieceKind("grand inquisitor", "the grand inquisitor",
              "take the Grand Inquisitor into {to}", court=True, rules=("C8",)),
]}
