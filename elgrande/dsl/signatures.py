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
    ``duration`` how long it lasts.
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
    _s("move",
       "move [QTY] [own] PIECE [of WHO] [from SET] to SET",
       "Move pieces of one kind (PIECE_KINDS: caballeros, the king, a Grande, a mobile "
       "scoreboard, or a kind a set declares) from place(s) to other places. The kind's "
       "mover, registered by its set's rules module, keeps that set's rules: nothing into or "
       "out of the king's region, nothing out of the Castillo by a special action, and "
       "the rooms, seats and offices of the sets in play.",
       [Param("qty", "qty", "how many (caballeros only): 'up to N', 'N', 'all', "
              "'all or some'", optional=True), OWN, WHOSE,
        Param("piece", "piece", "what moves: a piece kind of PIECE_KINDS"),
        Param("source", "regions", "where it may come from (caballeros: required)",
              optional=True),
        Param("to", "regions", "where it may go")],
       "move {piece} to {to}",
       ("B8.1",),
       ("move_caballeros", "choose_region", "choose_player", "move_scoreboard",
        "choose_option")),
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
    _s("take_back_power_card", "take back a power card",
       "Take one of your played power cards (this round's included) back into your hand.",
       [], "take one of your played power cards back into your hand", ("B3.2",),
       ("choose_power_card",)),
    _s("keep", "keep KIND until DURATION",
       "Keep this card as a lasting effect (e.g. a Veto) for a while.",
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
    _s("turn_place_number", "this turn place QTY",
       "This turn the deciding player places up to this many caballeros from court instead "
       "of their Caballero card's number (still next to the king or in the Castillo).",
       [QTY], "this turn, place {qty} caballeros from your court instead of your Caballero "
       "card's number", ("I4", "I8", "I9", "B4.3")),
    _s("turn_place_into", "this turn place into SET",
       "This turn the deciding player's placement from court may go into the regions of the "
       "set instead of only next to the king or in the Castillo; never the king's region.",
       [Param("to", "regions", "where this turn's placement may go")],
       "this turn, your placement from court may go to {to}", ("I4", "I8", "B5.2")),
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
    _s("pass_", "pass", "Do nothing.", [], "do nothing"),
    # Statements whose implementation a rules module registers.
    _s("remove_action_card", "remove an open action card",
       "Remove one face-up action card still open to the players after you: nobody may take "
       "it this round.",
       [], "remove one open action card for this round", ("C13",), ("choose_action_card",)),
]}

#: Primitives whose plain quantity ``N`` means "up to N" (a bring, B4.1: the player
#: brings up to N); everywhere else a plain ``N`` is as many as can, up to N (B8.7), as
#: ``exactly N`` is. The renderer words a plain N as it plays; the engine reads it so too
#: (:func:`elgrande.engine.values.limits`).
PLAIN_UP_TO: frozenset[str] = frozenset({"bring_to_court"})

#: Lasting-effect kinds a ``keep`` statement may name, with what each does.
LASTING_KINDS: dict[str, str] = {
    "veto": "cancels one other player's special action (or its rest) (B8.4)",
    "plot": "at the next general scoring your Grande goes with your Castillo "
                  "caballeros to your disc's region (C13)",
}


@attrs.frozen(slots=True, repr=False, eq=False)
class PieceKind:
    """A kind of piece the one ``move`` statement moves (its mover is registered by the
    rules module of the set that has it: :data:`elgrande.engine.pieces.MOVERS`, a test
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
