"""Game events in plain words, for ``game.log`` and the CLI.

Events are plain dicts made by the flow and the primitives (``{"event": "move", ...}``);
this module turns each into one or more lines of English using the players' names.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from elgrande.data.card_fields import text_as_shown
from elgrande.model.board import Board
from elgrande.model.counted import counted, noun
from elgrande.model.scoring import paid_ranks, result_classes
from elgrande.model.seats import named
from elgrande.model.state import NOBODY, State
from elgrande.play.narrate_after import AFTER, after_choice, first_player
from elgrande.play.narrate_effects import CARD_REF, fired_on, from_court_line, option_line
from elgrande.play.narrate_values import by_first_value as by_first_value
from elgrande.play.reveal_words import unscored

if TYPE_CHECKING:
    from elgrande.model.score_results import GeneralScoring, RegionScore


def caballeros(n: int) -> str:
    """``"1 caballero"``, ``"3 caballeros"``."""
    return counted(n, "caballero")


def _places(board: Board, counts: dict[str, int]) -> str:
    return ", ".join(f"{n} in {board.place_name(r)}" if r in board.index
                     else f"{n} from {r}" for r, n in counts.items()) or "none"


#: Events a card's effect makes (``ctx.event``; they carry the card id): indented under
#: the "carries out the special action" line.
EFFECT_EVENTS = frozenset({"choose", "move", "place", "send", "court", "score", "king",
                           "grande", "scoreboard", "take_back", "keep", "reveal", "nothing",
                           "points"})
#: What a statement that found nothing to do inside ``each player:`` / ``for each player``
#: would have done (a ``nothing`` event), by statement name (a move of caballeros from or
#: to a court or the provinces: its form's decision kind,
#: :func:`elgrande.dsl.caballero_moves.statement_name`); others: "do".
NOTHING_TO = {"move": "move", "place_caballeros": "place from court",
              "send_caballeros": "send", "bring_to_court": "bring to court",
              "score": "score", "take_back_power_card": "take back", "choose": "choose",
              "lay_scoreboard": "lay a mobile scoreboard", "choose_card": "choose a card",
              "draw_card": "draw a card", "move_card": "move a card",
              "carry_out": "carry out a card"}
#: The start of the line of a ``special`` event (see :func:`story`).
CARRIES_OUT = " carries out the special action of "
#: Under a special action that changed nothing: none was possible, or the player chose none.
NOTHING_DONE = "  (nothing done)"
#: In the line of a ``choose`` event (see :func:`words`).
CHOOSES = " chooses "
#: A line of a ``choose`` event, an either card's branch too (``" chooses, for ...: "``).
CHOICE_LINE = re.compile(r" chooses[ ,:]")
#: In the line of a ``choose`` event whose one possible region was taken for the player
#: (``only``, B8).
ONLY = ", the only one this card allows (B8)"
#: Under a card's choice after which its action did nothing more (nothing to move there,
#: or the player moved none, B8.2): the note's start (:func:`after_choice` says why).
NOTHING_AFTER = AFTER


class _Face(Protocol):
    """What :func:`card_labels` reads of a card (``elgrande.data.cards.CardDef``)."""

    @property
    def id(self) -> str: ...
    @property
    def title(self) -> str: ...
    @property
    def stack(self) -> int: ...
    @property
    def text(self) -> str: ...


#: A phrase from a card's text this many words long or shorter is shown whole.
_WHOLE_WORDS = 16
#: A phrase offering a choice (:func:`_whole`) this many words long or shorter is
#: shown whole too (f36: a cut before its " or " hid the choice).
_CHOICE_WORDS = 24
#: A longer phrase is cut to this many words at least (more while two would read alike).
_CUT_WORDS = 8
#: Words a cut phrase does not end on (it takes the next word too).
_LINKS = frozenset("a an the of any to from into and or in on all your their with".split())


def _squeezed(text: str) -> str:
    """``text`` in lower case without its spaces: a card's title as its text may spell
    it (``"Mobile score board"`` for the title ``"Mobile scoreboard"``)."""
    return re.sub(r"\s+", "", text).lower()


def face_text(card: _Face) -> str:
    """What ``card``'s face says it does: its printed text, else the paraphrase its file
    gives (``summary:``, what the sources say the special action does, docs/library.md:
    a Colonies 7th-stack card with no printed title or text, C10); ``""`` for neither.
    The printed text is as shown (:func:`~elgrande.data.card_fields.text_as_shown`: a
    misprint its ``sic`` field lists is marked ``[sic]``)."""
    data = getattr(card, "data", None) or {}
    if card.text.strip():
        return text_as_shown(card.text, data)
    summary = data.get("summary")
    return summary.strip() if isinstance(summary, str) else ""


def _phrase(card: _Face) -> list[str]:
    """The words of ``card``'s face (:func:`face_text`: its printed text, else its
    file's summary) after its ``"Title:"`` prefix (the title
    spelt with other spaces too), first sentence only, end punctuation dropped, first
    word in lower case unless it is a name or number, "all the N regions" said by their
    first value (f15, f23: ``"Score all the 4 regions."`` -> ``score every region whose
    first value is 4``; ``"Intrigue: Move any 4
    Caballeros on the board!"`` -> ``move any 4 Caballeros on the board``); [] when the
    face says nothing more."""
    return _phrase_of(face_text(card), card.title)


def _phrase_of(text: str, title: str) -> list[str]:
    """:func:`_phrase` of printed text ``text`` of a card titled ``title``."""
    first = _sentences(_body(text, title))[:1]
    return _tidy(first[0]).split() if first else []


def _body(text: str, title: str) -> str:
    """Printed text ``text`` of a card titled ``title`` without its ``"Title:"`` prefix."""
    text = text.strip()
    head, colon, rest = text.partition(":")
    return rest.strip() if colon and _squeezed(head) == _squeezed(title) else text


def _sentences(text: str) -> list[str]:
    """``text`` cut after each ``.``, ``!`` or ``?`` that a space follows; [] for none."""
    return [s for s in re.split(r"(?<=[.!?])\s+", text.strip()) if s]


def _tidy(text: str) -> str:
    """``text`` as a line of the page: its end punctuation dropped, its first word in
    lower case unless it is a name or number, "all the N regions" said "every region whose
    first value is N" (f23), another "all the N" said "all N"."""
    text = text.rstrip(".!?").strip()
    text = by_first_value(text)
    text = re.sub(r"\b(all) the (?=\d)", r"\1 ", text, flags=re.I)
    words = text.split()
    if words and len(words[0]) > 1 and words[0][1:].islower():
        words[0] = words[0].lower()
    return " ".join(words)


def _cut(words: list[str], n: int) -> list[str]:
    """The first ``n`` or more of ``words``: more while the last is a linking word
    (:data:`_LINKS`)."""
    while n < len(words) and words[n - 1].lower() in _LINKS:
        n += 1
    return words[:n]


def _whole(words: list[str]) -> bool:
    """True when phrase ``words`` is shown whole: :data:`_WHOLE_WORDS` words or fewer, or
    :data:`_CHOICE_WORDS` or fewer when it says a second alternative, an ``or`` and its
    first word again (f36, B4.4: ``"move 2 ... into any region or move all ..."``)."""
    pairs = zip(words, words[1:], strict=False)
    return len(words) <= _WHOLE_WORDS or len(words) <= _CHOICE_WORDS and any(
        w.lower() == "or" and n.lower() == words[0].lower() for w, n in pairs)


def _said(cut: list[str], words: list[str]) -> str:
    """Phrase ``cut`` (the start of ``words``), with "…" when it is shorter."""
    return " ".join(cut) + (" …" if len(cut) < len(words) else "")


def _gist(words: list[str]) -> list[str]:
    """The first clause of ``words`` (up to a word ending in ``:``, ``;`` or ``,``, the
    mark dropped) when it is :data:`_WHOLE_WORDS` words or fewer, else the first
    :data:`_CUT_WORDS` or more (:func:`_cut`): what tells a card's phrase by its start
    where other cards have the same phrase whole (``"move the limit table to another
    region"``)."""
    for i, w in enumerate(words[:_WHOLE_WORDS]):
        if w[-1:] in ":;,":
            return [*words[:i], w[:-1]]
    return _cut(words, _CUT_WORDS)


#: What the label of a card sharing its title says in place of a phrase when its face is
#: in no source (no printed text, no summary: docs/library.md's ``unknown:`` cards).
FACE_UNKNOWN = "face unknown"


def _natural(cid: str) -> tuple[Any, ...]:
    """A sort key of card id ``cid`` with its numbers by value (``"x-6"`` before
    ``"x-10"``)."""
    return tuple(int(p) if p.isdigit() else p for p in re.split(r"(\d+)", cid))


def _tell_apart(group: list[_Face]) -> dict[str, tuple[str, str]]:
    """Card id -> ``(label, aside)`` for cards sharing one title: ``"Title (stack N)"``
    where the stacks differ; else a phrase from each card's face (:func:`_phrase`: its
    text, else its file's summary), cut to :data:`_CUT_WORDS` words or more while two
    cards of other phrases read alike (a phrase several cards have whole: its first
    clause, :func:`_gist`), with ", stack N" where the phrases are the same and the
    stacks differ; :data:`FACE_UNKNOWN` for a card with no face. Cards still alike are
    counted, in id order: ``"7th-stack card (move the limit table to another region …,
    1 of 3 such)"``, ``"7th-stack card (face unknown, 2 of 6 such)"`` (f19: never the
    card's id). The aside is what the label adds to the title, without its brackets and
    its count (the page's line under the card)."""
    title = group[0].title
    if len({c.stack for c in group}) == len(group):
        return {c.id: (f"{title} (stack {c.stack})", f"stack {c.stack}") for c in group}
    words = {c.id: _phrase(c) for c in group}
    n = _CUT_WORDS
    while True:
        cut = {k: w if _whole(w) else _cut(w, n) for k, w in words.items()}
        fulls: dict[tuple[str, ...], set[tuple[str, ...]]] = {}
        for cid, w in cut.items():
            fulls.setdefault(tuple(w), set()).add(tuple(words[cid]))
        if not any(len(fulls[tuple(w)]) > 1 and len(w) < len(words[cid])
                   for cid, w in cut.items()):
            break
        n += 1
    many = Counter(tuple(w) for w in cut.values())
    for cid, w in list(cut.items()):  # the same long phrase on several cards: its start
        if len(fulls[tuple(w)]) == 1 and not _whole(words[cid]) and many[tuple(w)] > 1:
            cut[cid] = _gist(words[cid])
    alike: dict[tuple[str, ...], list[_Face]] = {}
    for c in group:
        alike.setdefault(tuple(cut[c.id]), []).append(c)
    asides: dict[str, str] = {}
    for c in group:
        short = _said(cut[c.id], words[c.id]) or (
            "" if face_text(c) else FACE_UNKNOWN)
        same = alike[tuple(cut[c.id])]
        if len(same) > 1 and len({o.stack for o in same}) > 1:
            short = f"{short}, stack {c.stack}" if short else f"stack {c.stack}"
        asides[c.id] = short
    counts = Counter(asides.values())
    out: dict[str, tuple[str, str]] = {}
    for aside, cards in _by_aside(group, asides).items():
        for k, c in enumerate(cards, 1):
            said = aside if counts[aside] == 1 else \
                f"{aside + ', ' if aside else ''}{k} of {len(cards)} such"
            out[c.id] = (f"{title} ({said})" if said else title, aside)
    return out


def _by_aside(group: list[_Face], asides: dict[str, str]) -> dict[str, list[_Face]]:
    """The cards of ``group`` by their aside, each list in id order (:func:`_natural`)."""
    out: dict[str, list[_Face]] = {}
    for c in sorted(group, key=lambda c: _natural(c.id)):
        out.setdefault(asides[c.id], []).append(c)
    return out


def card_names(cards: Iterable[_Face]) -> dict[str, tuple[str, str]]:
    """Card id -> ``(label, aside)``: how the log and the page name the card (B8: a
    special action is its card's), its printed title where no other of ``cards`` (the
    library's cards) has it; else one telling it apart from the others with that title,
    from the card's data: ``"Special Scoring (stack 3)"`` where the stack does, else a
    short phrase from its text (``"Intrigue (move any 4 Caballeros on the board)"``), see
    :func:`_tell_apart`; the aside is what the label adds to the title (``"stack 3"``,
    ``""`` for a title alone). Computed once per library (``Game`` keeps it); records and
    JSON keep the ids."""
    groups: dict[str, list[_Face]] = {}
    for c in cards:
        groups.setdefault(c.title, []).append(c)
    out: dict[str, tuple[str, str]] = {}
    for group in groups.values():
        out.update({group[0].id: (group[0].title, "")} if len(group) == 1
                   else _tell_apart(group))
    return out


#: A card's summary (:func:`card_summary`) takes its text's next sentence while the
#: line stays this many characters long or shorter.
SUMMARY_CHARS = 170


def card_summary(card: _Face) -> str:
    """What ``card`` does, in the line under it on the offer (B3.1: the cards on offer,
    each with what it does), from its printed text: the sentences after its ``"Title:"``
    prefix, as many whole ones as fit in :data:`SUMMARY_CHARS` characters (at least the
    first), the last one's end punctuation dropped and the first word in lower case
    unless it is a name or number, "all the N" said "all N" (``"King's Card: Move the
    king to any region."`` -> ``"move the king to any region"``; f18: a homebrew card's
    ``"Choose a region. Bring up to 2 Caballeros ..."`` says all it does, not only
    ``"choose a region"``); ``""`` for a text that says nothing more. A first sentence
    that only says the card's title (``"Veto! You can prevent one special action ..."``,
    B8.4) is passed over (f17: the Veto's line said only "veto"). Raises nothing."""
    sentences = _sentences(_body(face_text(card), card.title))
    if len(sentences) > 1 and _squeezed(_tidy(sentences[0])) == _squeezed(card.title):
        sentences = sentences[1:]
    n = 1
    while n < len(sentences) and len(" ".join(sentences[:n + 1])) <= SUMMARY_CHARS:
        n += 1
    return _tidy(" ".join(sentences[:n]))


def card_labels(cards: Iterable[_Face]) -> dict[str, str]:
    """Card id -> the card's label of :func:`card_names` (its title, told apart from the
    others of ``cards`` with that title)."""
    return {c: lab for c, (lab, _) in card_names(cards).items()}


def final_scores(names: Sequence[str], scores: Sequence[int]) -> str:
    """``"Final scores: red 40, yellow 52"``: every player's score, in seat order."""
    return "Final scores: " + ", ".join(f"{n} {s}" for n, s in zip(names, scores, strict=True))


def is_effect(e: dict[str, Any]) -> bool:
    """True for an event made inside a card's special action (B8): one of
    :data:`EFFECT_EVENTS`, or a rules module's event that says itself (``text``) and names
    the card (``ctx.event`` adds it: the Grand Inquisitor taken, a limit table moved, a
    card removed, the discs a card shows appearing)."""
    return "card" in e and (e.get("event") in EFFECT_EVENTS or "text" in e)


class Labels:
    """What the log marks beside the events, fixed for a game (its library).

    Args:
        provisional: card id -> the fields a fill supplied (``no_action``: the card plays
            with no special action because its face is unknown); a line using such a value
            says "(provisional)".
        every_turn: the counts a fill supplied for every turn: ``"court"`` (caballeros
            to court) and/or ``"place"`` (caballeros placed), e.g. Intrigue & the King's
            card heads and Caballero cards (I3, I4).
        more_board: ``(state, board, names)`` -> further lines of the board summary (the
            rules modules' ``board_summary`` hooks: an expansion's pieces), or None.
        changes: ``(state, board, names, seen)`` -> ``(anchor, line)`` pairs telling what
            changed since the last answer that the events do not say (the rules modules'
            ``log_changes`` hooks, e.g. who holds an office; ``seen``: their notes, kept
            per chronicle); each line goes after the answer's last line naming
            ``anchor``. None: no such hook.
    """

    __slots__ = ("provisional", "every_turn", "more_board", "changes")

    def __init__(self, provisional: dict[str, frozenset[str]] | None = None,
                 every_turn: frozenset[str] = frozenset(),
                 more_board: Callable[[State, Board, Sequence[str]], list[Any]] | None = None,
                 changes: Callable[[State, Board, Sequence[str], dict[str, Any]], list[Any]]
                 | None = None) -> None:
        self.provisional = provisional or {}
        self.every_turn = every_turn
        self.more_board = more_board
        self.changes = changes

    def marked(self, card: str, fields: Sequence[str]) -> bool:
        """Whether a fill supplied one of ``fields`` of card ``card``."""
        got = self.provisional.get(card)
        return got is not None and any(f in got for f in fields)


#: Beside a line whose count or effect a fill supplied.
PROVISIONAL = " (provisional)"


#: Events naming the round just over (``round``): the one whose last turn B3.3 cites.
_ENDED = frozenset({"end_round", "general_scoring", "general_scoring_rest"})


def story(events: Sequence[dict[str, Any]], board: Board, names: Sequence[str],
          titles: Mapping[str, str] | None = None, state: State | None = None,
          last: str = "", labels: Labels | None = None, card: str = "") -> list[str]:
    """Lines for a run of events (what one answer caused), in order.

    Besides :func:`words` for each event: a special action whose effect did nothing
    (nothing could be done, or the player chose to do nothing) gets ``(nothing done)``
    under its line, and a card's choice after which it did nothing more gets
    ``(nothing done after the choice: ...)`` under the choice, saying why
    (:func:`~elgrande.play.narrate_after.after_choice`; ``last`` is the log's last line
    so far, for an action announced or a choice made by the previous answer); a round
    after the game's first says who plays first and why (B3.3,
    :func:`~elgrande.play.narrate_after.first_player`); after a
    general scoring, when ``state`` (the state after these events) is given, a compact
    board summary follows (B6).
    With ``labels`` (a game with a fill), a line whose count or effect a fill supplied
    says "(provisional)"; ``card`` is the action card taken this turn before these events
    (:func:`turn_card`), whose placement count the ``place`` line uses (B4.3).
    """
    out: list[str] = []
    prev = last
    after = unscored(events, board, names) if any(
        e.get("event") == "reveal" for e in events) else {}  # f20: B8.6, said after
    chose: dict[str, Any] | None = None  # this answer's card choice, then nothing yet
    ended = None if any(e.get("event") == "setup" for e in events) else -1
    for i, e in enumerate(events):
        kind = e.get("event")
        if kind == "card":
            card = e["card"]
        lines = words(e, board, names, titles)
        if kind == "round" and ended is not None:  # B3.3 (f29): why this player first
            lines += first_player(e, ended if ended >= 0 else None, names)
        if kind in _ENDED and ended is not None and isinstance(e.get("round"), int):
            ended = e["round"]
        if chose is not None and not is_effect(e):  # the card ended after its choice
            out.append(after_choice(chose, events[i:], state, board, names, prev))
            chose = None
            prev = out[-1]
        chose = e if kind == "choose" else None if lines else chose
        if not lines:
            out.extend(after.get(i, ()))
            continue
        if labels is not None and (labels.provisional or labels.every_turn):
            tag = _provisional(e, kind, card, labels)
            if tag:
                lines[0] = _label(lines[0], tag)
        if not is_effect(e) and CARRIES_OUT in prev and not prev.startswith(" "):
            out.append(NOTHING_DONE)
        elif not is_effect(e) and prev.startswith("  ") and (
                CHOICE_LINE.search(prev) or ONLY in prev):
            out.append(after_choice(None, (), None, board, names, prev))
        out.extend(lines)
        out.extend(after.get(i, ()))
        if state is not None and (kind == "general_scoring_rest" or (
                kind == "general_scoring" and not e.get("split"))):
            out.extend(board_summary(state, board, names, labels))
        prev = out[-1]
    return out


def turn_card(events: Sequence[dict[str, Any]], card: str) -> str:
    """The action card taken this turn after ``events`` (``card`` before them)."""
    for e in events:
        if e.get("event") == "card":
            card = e["card"]
    return card


def _provisional(e: dict[str, Any], kind: Any, card: str, labels: Labels) -> str:
    """The label of event ``e`` when it uses a value a fill supplied (see :class:`Labels`),
    else ''."""
    if kind == "special":
        if labels.marked(e["card"], ("no_action",)):
            return " (provisional: no special action known)"
        return PROVISIONAL if labels.marked(e["card"], ("effect",)) else ""
    if kind == "place" and not is_effect(e):
        return PROVISIONAL if "place" in labels.every_turn or labels.marked(
            card, ("place",)) else ""
    if kind in ("court", "no_court") and not is_effect(e):
        return PROVISIONAL if "court" in labels.every_turn else ""
    if kind == "discs_appear":
        return PROVISIONAL if labels.marked(str(e.get("card")), ("gold", "goods")) else ""
    return ""


def _label(line: str, tag: str) -> str:
    """``line`` with ``tag`` before its full stop."""
    return line[:-1] + tag + "." if line.endswith(".") else line + tag


def board_summary(state: State, board: Board, names: Sequence[str],
                  labels: Labels | None = None) -> list[str]:
    """The board in a few lines (B6): per place with anything in it (the regions, the
    Castillo, then an expansion's areas) the caballeros by player (and black ones), where
    the king and each Grande stand, and mobile scoreboards; then what the rules modules
    add (``labels.more_board``: the limit table, offices, discs), then courts and
    provinces."""
    lines = ["  Board now:"]
    n = len(board.places)
    rest = [r for r in range(n) if r != board.castillo and r not in board.regions] \
        if n > len(board.regions) + 1 else []
    for r in (*board.regions, board.castillo, *rest):
        marks = []
        if r == state.king:
            marks.append("king")
        marks.extend(f"{names[p]}'s Grande" for p, g in enumerate(state.grandes) if g == r)
        marks.extend(f"scoreboard {board.scoreboards[i].id}"
                     for i, at in enumerate(state.scoreboards) if at == r)
        counts = [f"{names[p]} {c}" for p, c in enumerate(state.caballeros[r]) if c]
        if state.neutral[r]:
            counts.append(f"{_black(board, state, names)} {state.neutral[r]}")
        if not counts and not marks:
            continue
        tail = f" [{', '.join(marks)}]" if marks else ""
        lines.append(f"    {board.places[r].name}: {', '.join(counts) or 'empty'}{tail}")
    if labels is not None and labels.more_board is not None:
        lines.extend(labels.more_board(state, board, names))
    lines.append("    Courts: " + ", ".join(f"{names[p]} {c}" for p, c in enumerate(state.court))
                 + "; provinces: " + ", ".join(f"{names[p]} {c}"
                                               for p, c in enumerate(state.provinces)))
    return lines


def _black(board: Board, state: State | None, names: Sequence[str]) -> str:
    """The black caballeros by who holds their owner (C8, C9): ``"black (red's Grand
    Inquisitor)"``, ``"black (nobody's)"``; ``"neutral"`` on a board that names none."""
    if not board.neutral_name:
        return "neutral"
    holder = state.neutral_holder if state is not None else NOBODY
    return (f"black ({names[holder]}'s {board.neutral_name})" if 0 <= holder < len(names)
            else "black (nobody's)")


#: Said once in a region's line, after its first tie (B6.5).
TIE_WHY = "(a tie takes the next rank's value, B6.5)"


def scored(r: RegionScore, board: Board, names: Sequence[str]) -> str:
    """One region's scoring in words: ``"Aragon (values 5/4/1): red 3 caballeros -> 5
    points +2 king bonus; blue 2 caballeros -> 4 points"`` (B6.5-B6.9); only the values
    paid with ``len(names)`` players are named (B6.8: ``"values 5/4"`` with 3). Tied
    players (equal caballeros, B6.5) are said together, the first tie with why: ``"red
    and blue tied with 3 caballeros -> 3 points each (a tie takes the next rank's value,
    B6.5)"``. Raises nothing."""
    paid = r.values[:paid_ranks(board, len(names))]
    head = (f"{board.places[r.place].name} (values {'/'.join(map(str, paid))}"
            f"{', mobile scoreboard ' + r.source if r.source != 'printed' else ''}"
            f"{', first place only' if r.first_only else ''})")
    parts: list[str] = []
    why = TIE_WHY
    lines = list(r.lines)
    i = 0
    while i < len(lines):
        ln = lines[i]
        who = _scorer(ln.participant, board, names)
        extra = "".join(f" +{b} {why_} bonus" for why_, b in ln.bonuses)
        pts = counted(ln.points, "point")
        i += 1
        if not ln.caballeros and not ln.points and extra:  # an office not ranked (C6)
            parts.append(f"{who}{extra}")
            continue
        tied = [ln]
        while i < len(lines) and lines[i].caballeros == ln.caballeros and ln.caballeros:
            tied.append(lines[i])
            i += 1
        if len(tied) == 1:
            parts.append(f"{who} {caballeros(ln.caballeros)} -> {pts}{extra}")
            continue
        same = all(t.points == ln.points and t.bonuses == ln.bonuses for t in tied)
        if same:
            everyone = _names_and([_scorer(t.participant, board, names) for t in tied])
            parts.append(f"{everyone} tied with {caballeros(ln.caballeros)} -> {pts} "
                         f"each{extra} {why}".rstrip())
        else:  # the same caballeros, other bonuses: each said, the tie marked
            for t in tied:
                more = "".join(f" +{b} {w} bonus" for w, b in t.bonuses)
                parts.append(f"{_scorer(t.participant, board, names)} "
                             f"{caballeros(t.caballeros)} (tied) -> "
                             f"{counted(t.points, 'point')}{more}")
            parts[-1] += f" {why}".rstrip()
        why = ""
    return head + ": " + ("; ".join(parts) if parts else "nobody")


def _scorer(participant: int, board: Board, names: Sequence[str]) -> str:
    """Who a scoring line is of: a player's name, or the unheld black caballeros (C9)."""
    if participant == NOBODY:  # C9: a rank the unheld black caballeros take
        return f"nobody ({board.neutral_name}'s black caballeros, held by nobody)" \
            if board.neutral_name else "nobody"
    return str(names[participant])


def _names_and(who: Sequence[str]) -> str:
    """``"a"``, ``"a and b"``, ``"a and b and c"`` (no comma: the page finds a seat's
    points in a line as the name, then no ``;:,`` before ``-> N point``)."""
    return " and ".join(who)


def _and(xs: Sequence[int]) -> str:
    items = [str(x) for x in xs]
    return ", ".join(items[:-1]) + " and " + items[-1] if len(items) > 1 else "".join(items)


def _actor(e: dict[str, Any], names: Sequence[str]) -> str:
    """The name of the player who acted in effect event ``e`` (its ``decider``)."""
    return str(names[e.get("decider", e["player"])])


def words(e: dict[str, Any], board: Board, names: Sequence[str],
          titles: Mapping[str, str] | None = None) -> list[str]:
    """Lines describing event ``e``.

    Args:
        e: an event dict.
        board: the board (for region names).
        names: player names by index.
        titles: card id -> the card's name in the log (:func:`card_labels`: its title,
            told apart in words where another card shares the title); an id not in it is named
            by itself.
    """
    titles = {} if titles is None else titles  # (a lazy mapping is not read here)
    kind = e.get("event")
    who = names[e["player"]] if isinstance(e.get("player"), int) and 0 <= e["player"] < len(
        names) else ""

    def card(cid: str) -> str:
        return titles.get(cid, cid)

    if kind == "setup":
        v = board.variants.get(e["variant"])
        length = [f"{e['variant'].replace('_', ' ').capitalize()} game (B3.7): rounds "
                  f"{_and(v.rounds)} are played; general scorings after rounds "
                  f"{_and(v.scoring_after)}."] if v else []
        return [f"Setup: the king starts in {board.place_name(e['king'])}; Grandes: "
                + ", ".join(f"{names[i]} in {board.place_name(g)}"
                            for i, g in enumerate(e["grandes"]))
                + f"; {names[e['start']]} plays the first {e.get('what', 'power card')}.",
                *length]
    if kind == "round":
        offer = ", ".join(card(c) for c in e["offer"] if c)
        return [f"== Round {e['round']} =="] + ([f"Open action cards: {offer}."] if offer else [])
    if kind == "bid":
        return [f"{who} plays {e.get('what', 'power card')} {e['value']}."]
    if kind == "turn_order":
        return ["Turn order: " + ", ".join(names[p] for p in e["order"]) + "."]
    if kind == "court":
        extra = f" and {_places(board, e['regions'])}" if e.get("regions") else ""
        if not e["provinces"] and not extra:  # f24: "brings 0 caballeros" read as a fault
            return [f"{'  ' if is_effect(e) else ''}{who} brings no caballeros to court "
                    "(B4.1 allows fewer than the card's number, none too)."]
        return [f"{'  ' if is_effect(e) else ''}{who} brings {caballeros(e['provinces'])} "
                f"from the provinces{extra} to court."]
    if kind == "no_court":  # the court step skipped (B4.1)
        if e["limit"] > 0:
            return [f"{who} has no caballeros to bring to court (B4.1: none in the "
                    "provinces, none in a region they may leave)."]
        return [f"{who} may bring no caballeros to court this turn (B4.1)." if e["changed"]
                else f"{who}'s {e.get('what', 'power card')} {e['value']} brings no caballeros "
                "to court (B4.1)."]
    if kind == "card":  # I5, X2: the card whose action the turn uses, of several
        return [f"{who}'s special action this turn: {card(e['card'])}." if e.get("what")
                else f"{who} takes {card(e['card'])}."]
    if kind == "place":  # a card's is a move from the court (B5.1), not B4.3's placement
        return [from_court_line(e, board, names) if is_effect(e)
                else f"{who} places caballeros: {_places(board, e['to'])}."]
    if kind == "no_place":  # the turn's placement skipped, nothing asked (B4.3, f33)
        if not e.get("court"):
            return [f"{who} places no caballeros: their court is empty (B4.3)."]
        if e.get("limit", 1) <= 0:
            return [f"{who} places no caballeros: none may be placed this turn (B4.3)."]
        return [f"{who} places no caballeros: there is nowhere to place them (B4.3)."]
    if kind == "decline":
        return [f"{who} declines the special action."]
    if kind == "announce":
        return [f"{who} announces the special action of {card(e['card'])}."]
    if kind == "veto":
        return [f"{who} plays a Veto."]
    if kind == "veto_result":
        if not e.get("chain"):  # a Veto was held but none played (B8.4; f22)
            return [f"Nobody plays a Veto: the special action of {who} is carried out."]
        return [f"The special action of {who} is {'cancelled' if e['cancelled'] else 'carried out'}"
                " after the Veto(s)."]
    if kind == "special":
        return [f"{who} carries out the special action of {card(e['card'])}."]
    if kind == "special_void":
        return [f"  The special action of {card(e['card'])} is void and undone: "
                f"{e['reason']}"]
    if kind == "trigger_fires":  # a trigger's body runs: its lines come under this one
        return [f"{card(e['card'])}: {fired_on(e, board, names)}"
                + (": nothing happens." if e.get("quiet") else ":")]
    if kind == "choose" and "option" in e:  # the branch of an either (B4.4)
        return [option_line(e, names, card)]
    if kind == "choose":
        what = (board.place_name(e["region"]) if "region" in e
                else names[e["chosen"]] if "chosen" in e else e.get("value"))
        for_ = f" for {card(e['card'])}" if e.get("card") else ""  # (B8: the card asks)
        if e.get("only"):  # taken for the player: the one place the card allows
            return [f"  {names[e['chooser']]}'s region{for_}: {what}{ONLY}."]
        return [f"  {names[e['chooser']]}{CHOOSES}{what}{for_}."]
    # effects name the player who acts (B8.7: inside each player: each in turn)
    if kind == "move":  # the mover's own caballeros unnamed, another player's named
        actor = e.get("decider", e["player"])
        parts = [(caballeros(m["n"]) if m["player"] == actor else
                  f"{caballeros(m['n'])} of {names[m['player']]}" if m["player"] >= 0 else
                  f"{m['n']} {'black' if board.neutral_name else 'neutral'} "
                  f"{noun(m['n'], 'caballero')}")
                 + f" from {board.place_name(m['from'])} to {board.place_name(m['to'])}"
                 for m in e["moves"]]
        return [f"  {_actor(e, names)} moves " + "; ".join(parts) + "."]
    if kind == "send":
        owner = "" if e["owner"] == e.get("decider", e["owner"]) else f" of {names[e['owner']]}"
        return [f"  {_actor(e, names)} sends {caballeros(sum(e['taken'].values()))}{owner} "
                f"({_places(board, e['taken'])}) to "
                + (f"the {e['to']}." if e["to"] in ("provinces", "court")
                   else f"{board.place_name(e['to'])}.")]
    if kind == "score":
        r = result_classes()[1].from_json(e["result"])
        return [f"  Scoring by {who}: " + scored(r, board, names)]
    if kind == "king":
        return [f"  {_actor(e, names)} moves the king from {board.place_name(e['frm'])} to "
                f"{board.place_name(e['to'])}."]
    if kind == "grande":
        owner = e.get("owner", e["decider"])
        whose = "their" if owner == e["decider"] else f"{names[owner]}'s"
        return [f"  {_actor(e, names)} moves {whose} Grande to {board.place_name(e['to'])}."]
    if kind == "scoreboard":
        if e.get("placed"):  # laid from beside the board (B1.5), not moved
            return [f"  {_actor(e, names)} places mobile scoreboard {e['scoreboard']} on "
                    f"{board.place_name(e['to'])}."]
        return [f"  {_actor(e, names)} moves mobile scoreboard {e['scoreboard']} to "
                f"{board.place_name(e['to'])}."]
    if kind == "nothing":
        why = e.get("why")  # f33: the piece the card moves cannot move, and why
        if isinstance(why, list) and len(why) == 2:
            return [f"{NOTHING_DONE[:-1]}: {named(str(why[1]), names)}, {why[0]})"]
        verb = NOTHING_TO.get(e["statement"], "do")
        return [f"  {who} chooses not to {verb}." if e.get("chose") else
                f"  {who} has nothing to {verb}."]
    if kind == "take_back":
        return [f"  {names[e['decider']]} takes power card {e['value']} back."]
    if kind == "points":  # a card's gain or loss (a score never goes below 0)
        n = abs(e["change"])
        if n != e["asked"]:  # f25: "loses 0 points of 1" read as a fraction
            return [f"  {_actor(e, names)} would {e['way']} {counted(e['asked'], 'point')} "
                    f"but {e['way']}s {'none' if n == 0 else n} (a score never goes below "
                    f"0); score now {e['score']}."]
        return [f"  {_actor(e, names)} {e['way']}s {counted(n, 'point')}; "
                f"score now {e['score']}."]
    if kind == "keep":
        return [f"  {who} keeps the card as a {e['kind']} until {e['until']}."]
    if kind == "reveal":
        picks = e["picks"]
        if not picks:  # B8.5: nobody had a region to choose in secret
            return ["  Nobody had a secret choice to make."]
        return ["  Secret choices revealed: " + ", ".join(
            f"{names[int(p)]}: {board.place_name(r) if r else 'nothing'}" for p, r in picks.items())
            + "."]
    if kind == "end_round":
        out = []
        if e["discarded"]:
            out.append("Discarded: " + ", ".join(card(c) for c in e["discarded"]) + ".")
        if e["expired"]:
            out.append("Vetoes expire: " + ", ".join(names[p] for p in e["expired"]) + ".")
        return out
    if kind == "general_scoring":
        g = result_classes()[3].from_json(e["result"])
        lines = [f"-- Scoring after round {e['round']} --",
                 "Discs: " + ", ".join(f"{names[p]}: {board.place_name(d)}"
                                       for p, d in enumerate(g.discs))]
        lines.append("  " + scored(g.castillo, board, names))
        for m in g.moves:
            dest = "court" if m.to is None else board.place_name(m.to)
            why = "" if m.to is not None else (  # f20: B6.3, the disc named the king's
                f" (their disc shows {board.place_name(m.disc)}, the king's region: B6.3)")
            lines.append(f"  {names[m.player]}: {caballeros(m.caballeros)} from the Castillo "
                         f"to {dest}{why}.")
        lines.extend(_grandes_moved(g, board, names, titles))
        if e.get("split"):  # the events of its steps follow, then general_scoring_rest
            return lines
        return lines + _scoring_rest(g, board, names)
    if kind == "general_scoring_rest":
        return _scoring_rest(result_classes()[3].from_json(e["result"]), board, names)
    if kind == "note":  # a rules module's words, its seats and cards named (I1-I8, X2)
        said = named(e["text"], names)
        return [CARD_REF.sub(lambda m: card(m.group(1)), said) if "{card:" in said else said]
    if kind == "game_over":
        return ["== Game over ==", final_scores(names, e["scores"])]
    text = e.get("text")  # a rules module's own event says itself ("{who}": the player,
    if isinstance(text, str):  # the seats (elgrande.model.seats.seat) by name;
        text = named(text, names)  # "{card:ID}": the card by title and id)
        if "{card:" in text:
            text = CARD_REF.sub(lambda m: card(m.group(1)), text)
        lead = "  " if is_effect(e) and not text.startswith(" ") else ""
        return [lead + text.replace("{who}", who or "nobody")]
    return []


def _scoring_rest(g: GeneralScoring, board: Board, names: Sequence[str]) -> list[str]:
    """A general scoring's lines after the Castillo is emptied (B6.4): the regions
    scored, then the points."""
    lines = ["  " + scored(r, board, names) for r in g.regions if r.lines]
    pts = g.points(len(names))
    lines.append("Points this scoring: " + ", ".join(f"{names[p]} {pts[p]}"
                                                       for p in range(len(names))))
    return lines


def _grandes_moved(g: GeneralScoring, board: Board, names: Sequence[str],
                   titles: Mapping[str, str]) -> list[str]:
    """Where the Grandes went once the Castillo emptied, before the regions score, and
    why (I9: a Grande in the Castillo leaves it; C13: a kept card moves its owner's
    Grande to the region on the owner's disc)."""
    out = []
    for p, frm, to, cid in g.grandes:
        who = names[p]
        if frm == board.castillo:
            out.append(f"  {who}'s Grande leaves the Castillo for {board.place_name(to)} (I9).")
        elif cid:
            why = f"{titles.get(cid, cid)}, kept since it was played"
            if to != frm or g.discs[p] == to:
                out.append(f"  {who}'s Grande {'goes to' if to != frm else 'stays in'} "
                           f"{board.place_name(to)}, the region on {who}'s disc ({why}).")
            else:
                out.append(f"  {who}'s Grande stays in {board.place_name(to)}: {who}'s disc "
                           f"shows the king's region ({why}).")
        else:
            out.append(f"  {who}'s Grande goes to {board.place_name(to)}.")
    return out
