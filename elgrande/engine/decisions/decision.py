"""The Decision (who must decide what, B3.4) and the registry of decision kinds
(:data:`KINDS`), with the secrecy of a kind's answers (B8.5, B8.5a).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final

import attr
import attrs

from elgrande.engine.decisions.chance import Random, draw_below
from elgrande.engine.decisions.forms import check_seat
from elgrande.errors import IllegalMove
from elgrande.plain import plain_repr


# attr.s, not attrs.define: mypyc makes it a native class (README, "Compiled build");
# init=False and an __init__ of its own: mypyc compiles it, where attrs' generated one would
# stay interpreted code that every construction runs
@attr.s(auto_attribs=True, order=False, init=False, repr=False)
class Decision:
    """A pending decision.

    Attributes:
        kind: a key of :data:`KINDS`.
        players: the player(s) who must answer (several for a secret choice).
        prompt: a sentence for a human.
        options: the constraint (kind-specific, JSON-able).
        rule: the rule id a refusal cites when no more specific one applies.
    """

    def __repr__(self) -> str:
        return plain_repr(self)

    kind: str
    players: list[int]
    prompt: str
    options: dict[str, Any]
    rule: str = ""

    def __init__(self, kind: str, players: list[int], prompt: str, options: dict[str, Any],
                 rule: str = "") -> None:
        self.kind = kind
        self.players = players
        self.prompt = prompt
        self.options = options
        self.rule = rule

    def check(self, answer: Any, player: Any = None) -> Any:
        """Check ``answer`` (of ``player``, default the first who must answer; any value,
        checked by :func:`check_seat`, so typed ``Any``: the compiled build would turn
        ``True`` into ``1`` at an ``int`` parameter).

        Returns:
            The answer in normal form, plain data: the form :meth:`legal_answers` lists
            and :meth:`random_answer` draws (a legal answer in normal form is its own
            normal form).
        Raises:
            IllegalMove: with a rule id; nothing is changed.
        """
        norm = self.applied(answer, player)
        plain = KINDS[self.kind].plain
        return norm if plain is None else plain(norm, answer)

    def applied(self, answer: Any, player: Any = None) -> Any:
        """Check ``answer`` as :meth:`check` does, and return it in the form the engine
        applies (a move list as ``(from, to, player, n)`` tuples, a mobile scoreboard's
        move as ``(scoreboard, to)``; other kinds: as :meth:`check`).

        Raises:
            IllegalMove: with a rule id; nothing is changed.
        """
        p = self.players[0] if player is None else check_seat(player)
        if p not in self.players:
            raise IllegalMove("B3.4", f"player {p} is not the one to answer this decision "
                              f"(waiting for {self.players})")
        return KINDS[self.kind].check(self, p, answer)

    def legal_answers(self, player: int | None = None) -> list[Any] | None:
        """Every legal answer when there are at most :data:`MAX_LISTED`, else None."""
        p = self.players[0] if player is None else player
        return KINDS[self.kind].legal(self, p)

    def random_answer(self, rng: random.Random, player: int | None = None) -> Any:
        """A random legal answer (uniform over :meth:`legal_answers` when they are
        listed; otherwise drawn step by step)."""
        p = self.players[0] if player is None else player
        handlers = KINDS[self.kind]
        listed = handlers.listed
        if listed is _pick_listed:  # the commonest kinds inline: the same draw as below
            o = self.options
            seq = o["choices"] if "choices" in o else o["per_player"][str(p)]
            if seq:
                return seq[draw_below(rng, len(seq))]
        elif listed is _option_listed:  # (range(n)[i] is i)
            n_labels = len(self.options["labels"])
            if n_labels:
                return draw_below(rng, n_labels)
        elif listed is not None:  # the listed answers, not copied: one draw
            seq = listed(self, p)
            if seq:
                return seq[draw_below(rng, len(seq))]
        count = handlers.count
        if count is not None:  # the same draw, without listing every answer
            n = count(self, p)
            if n is not None and handlers.nth is not None:
                if n < 0:  # legal would list none (too many): drawn step by step
                    return handlers.random(self, p, rng)
                return handlers.nth(self, p, draw_below(rng, n))
        legal = handlers.legal(self, p)
        if legal is not None:
            return legal[draw_below(rng, len(legal))]
        return handlers.random(self, p, rng)

    def to_json(self) -> dict[str, Any]:
        """Plain data."""
        return attrs.asdict(self)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Decision:
        """Rebuild from :meth:`to_json`."""
        return cls(**data)


# attr.s (not attrs.frozen): mypyc makes it a native class, whose fields compiled code reads
# directly (README, "Compiled build"); init=False and an __init__ of its own, which mypyc
# compiles (attrs' generated one stays interpreted code); frozen: it sets through
# object.__setattr__
@attr.s(auto_attribs=True, frozen=True, order=False, init=False, repr=False)
class Kind:
    """The handlers of a decision kind."""

    def __repr__(self) -> str:
        return plain_repr(self)

    check: Callable[[Decision, int, Any], Any]
    legal: Callable[[Decision, int], list[Any] | None]
    random: Callable[[Decision, int, random.Random], Any]
    #: optional: how many answers ``legal`` would list (None: ask ``legal``; -1: it lists
    #: none, too many), and the i-th of them, so a random answer needs no list (the same
    #: answer as listing).
    count: Callable[[Decision, int], int | None] | None = None
    nth: Callable[[Decision, int, int], Any] | None = None
    #: optional, for kinds whose answers are a sequence in the options: that sequence
    #: (what ``legal`` lists, not copied), so a random answer is one look-up.
    listed: Callable[[Decision, int], Sequence[Any]] | None = None
    #: the kind's secrecy (B8.5): None when every player sees each answer as it is given
    #: (the default); else a :class:`Secret` saying when its answers become public and
    #: how a hidden one reads.
    secret: Secret | None = None
    #: optional, for kinds whose ``check`` returns another form than plain data:
    #: ``plain(checked, answer)``, the plain normal form (:meth:`Decision.check`).
    plain: Callable[[Any, Any], Any] | None = None

    def __init__(self, check: Callable[[Decision, int, Any], Any],
                 legal: Callable[[Decision, int], list[Any] | None],
                 random: Callable[[Decision, int, Random], Any],
                 count: Callable[[Decision, int], int | None] | None = None,
                 nth: Callable[[Decision, int, int], Any] | None = None,
                 listed: Callable[[Decision, int], Sequence[Any]] | None = None,
                 secret: Secret | None = None,
                 plain: Callable[[Any, Any], Any] | None = None) -> None:
        object.__setattr__(self, "check", check)
        object.__setattr__(self, "legal", legal)
        object.__setattr__(self, "random", random)
        object.__setattr__(self, "count", count)
        object.__setattr__(self, "nth", nth)
        object.__setattr__(self, "listed", listed)
        object.__setattr__(self, "secret", secret)
        object.__setattr__(self, "plain", plain)


KINDS: dict[str, Kind] = {}


#: :attr:`Secret.until` values: public once the choices are revealed together (the secret
#: disc, B8.5), or never (only what later play shows, e.g. the cards as they are played).
REVEAL: Final = "reveal"
NEVER: Final = "never"


@attr.s(auto_attribs=True, frozen=True, order=False, init=False, repr=False)
class Secret:
    """How a secret decision kind's answers are hidden (B8.5a).

    Attributes:
        until: :data:`REVEAL` (every answer becomes public when all the players' choices
            are revealed together, B8.5) or :data:`NEVER` (no answer is ever shown to the
            others; they learn only what later play shows).
        hidden: the words for a hidden answer after the player's name, given the answer,
            e.g. ``"chose 13 cards"`` (the viewer reads "blue chose 13 cards").
    """

    def __repr__(self) -> str:
        return plain_repr(self)

    until: str
    hidden: Callable[[Any], str]

    def __init__(self, until: str, hidden: Callable[[Any], str]) -> None:
        if until not in (REVEAL, NEVER):
            raise ValueError(f"a secret kind's answers become public at {REVEAL!r} or "
                             f"{NEVER!r}, not {until!r}")
        object.__setattr__(self, "until", until)
        object.__setattr__(self, "hidden", hidden)


def kind(name: str, check: Callable[[Decision, int, Any], Any],
         legal: Callable[[Decision, int], list[Any] | None],
         rand: Callable[[Decision, int, random.Random], Any] | None = None,
         count: Callable[[Decision, int], int | None] | None = None,
         nth: Callable[[Decision, int, int], Any] | None = None,
         listed: Callable[[Decision, int], Sequence[Any]] | None = None,
         secret: Secret | None = None,
         plain: Callable[[Any, Any], Any] | None = None) -> None:
    """Register a decision kind's handlers (the flow registers its own kinds too):
    ``check``, ``legal``, ``rand`` (when answers are too many to list) and optionally
    ``count``/``nth`` (the size of ``legal`` and its i-th answer, for speed),
    ``listed`` (``legal``'s list itself, uncopied, where the options hold it) and
    ``secret`` (the kind's answers are secret, B8.5a: :class:`Secret`; the viewer, the
    adapters' information states and any tool that shows answers read it through
    :func:`answer_as_seen`) and ``plain`` (``check``'s result as plain data, when it is
    not)."""
    def _no_random(d: Decision, p: int, rng: random.Random) -> Any:
        raise AssertionError(f"{name}: answers must be listable")  # pragma: no cover
    KINDS[name] = Kind(check, legal, rand or _no_random, count, nth, listed, secret, plain)


def secret_kinds() -> dict[str, Secret]:
    """Every registered decision kind whose answers are secret, with its :class:`Secret`
    (the kinds of every rules module imported so far)."""
    return {name: k.secret for name, k in KINDS.items() if k.secret is not None}


def answer_as_seen(kind_name: str, player: int, answer: Any,
                   viewer: int | None, revealed: bool = False) -> tuple[bool, Any]:
    """An answer of ``player`` as ``viewer`` (a seat, or None for the public) may see it
    (B8.5a): when it is given, or with ``revealed`` once the choices it belongs to have
    been revealed together (B8.5; public then only for a kind secret until the reveal).

    Returns:
        ``(True, answer)`` when the viewer may see it (a public kind, the player's own
        answer, a revealed one), else ``(False, words)``: the kind's
        :attr:`Secret.hidden` words, e.g. ``"chose 13 cards"``. A kind that is not
        registered counts as public.
    """
    k = KINDS.get(kind_name)
    if k is None or k.secret is None or viewer == player or (
            revealed and k.secret.until == REVEAL):
        return True, answer
    return False, k.secret.hidden(answer)


def _rule(d: Decision, default: str) -> str:
    return d.rule or default


def _pick_listed(d: Decision, p: int) -> list[Any]:
    """The list :func:`_pick_legal` copies."""
    o = d.options
    return o["choices"] if "choices" in o else o["per_player"][str(p)]  # type: ignore[no-any-return]


def _option_listed(d: Decision, p: int) -> range:
    """The answers of a choose_option decision: the option indices."""
    return range(len(d.options["labels"]))
