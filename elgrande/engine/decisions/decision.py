"""The Decision (who must decide what, B3.4) and the registry of decision kinds
(:data:`KINDS`), with the secrecy of a kind's answers (B8.5, B8.5a).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final

import attr

from elgrande.engine.decisions.chance import GETRANDBITS, PLAIN_RANDOM, Random, draw_below
from elgrande.engine.decisions.forms import check_seat
from elgrande.errors import IllegalMove
from elgrande.model.blank import blank, pure
from elgrande.model.plain import plain_eq, plain_hash, plain_repr
from elgrande.model.seats import seat, seats
from elgrande.model.serial import plain_fields


# attr.s, not attrs.define: mypyc makes it a native class (docs/compiled.md);
# init=False and an __init__ of its own: mypyc compiles it, where attrs' generated one would
# stay interpreted code that every construction runs
@attr.s(auto_attribs=True, order=False, init=False, repr=False, eq=False)
class Decision:
    """A pending decision.

    Attributes:
        kind: a key of :data:`KINDS`.
        players: the player(s) who must answer (several for a secret choice).
        prompt: a sentence for a human.
        options: the constraint (kind-specific, JSON-able).
        rule: the rule id a refusal cites when no more specific one applies.
    """

    def __eq__(self, other: object) -> bool:
        return plain_eq(self, other)

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
        return KINDS[self.kind].plain(self.applied(answer, player), answer)

    def applied(self, answer: Any, player: Any = None) -> Any:
        """Check ``answer`` as :meth:`check` does, and return it in the form the engine
        applies (a move list as ``(from, to, player, n)`` tuples, a mobile scoreboard's
        move as ``(scoreboard, to)``; other kinds: as :meth:`check`).

        Raises:
            IllegalMove: with a rule id; nothing is changed.
        """
        players = self.players
        if player is None:
            p = players[0]
        elif type(player) is int and player in players:  # a seat that must answer (common)
            p = player
        else:
            p = self._seat(player)
        return KINDS[self.kind].check(self, p, answer)

    def _seat(self, player: Any) -> int:
        """The seat answering (``player``, any value: :func:`check_seat`).

        Raises:
            IllegalMove: B3.4, not a seat or not one who must answer.
        """
        p = check_seat(player)
        if p not in self.players:
            raise IllegalMove("B3.4", f"{seat(p)} is not the one to answer this decision "
                              f"(waiting for {seats(self.players)})")
        return p

    def legal_answers(self, player: int | None = None) -> list[Any] | None:
        """Every legal answer when there are at most :data:`MAX_LISTED`, else None."""
        p = self.players[0] if player is None else player
        return KINDS[self.kind].legal(self, p)

    def random_answer(self, rng: random.Random, player: int | None = None) -> Any:
        """A random legal answer (uniform over :meth:`legal_answers` when they are
        listed; otherwise drawn step by step): :meth:`DecisionKind.random_answer`."""
        p = self.players[0] if player is None else player
        k = KINDS[self.kind]
        inline = k.inline
        if inline == LISTED_CHOICES or inline == LISTED_LABELS:  # the commonest kinds
            o = self.options  # inline: the same draw
            seq: Sequence[Any] | None = None
            if inline == LISTED_LABELS:  # (range(n)[i] is i)
                n = len(o["labels"])
            else:
                seq = o["choices"] if "choices" in o else o["per_player"][str(p)]
                n = len(seq)
            if n:
                if type(rng) is PLAIN_RANDOM:  # draw_below, inline: one call less
                    bits = n.bit_length()
                    r: int = GETRANDBITS(rng, bits)
                    while r >= n:
                        r = GETRANDBITS(rng, bits)
                else:
                    r = draw_below(rng, n)
                return r if seq is None else seq[r]
        elif inline == COUNTED:  # the same draw as listing, without the list
            counted = k.count(self, p)
            if counted is not None:
                if counted < 0:  # legal would list none (too many): drawn step by step
                    return k.random(self, p, rng)
                return k.nth(self, p, draw_below(rng, counted))
        return k.random_answer(self, p, rng)

    def to_json(self) -> dict[str, Any]:
        """Plain data: the fields in declaration order, sharing no list or dict with the
        decision (as ``attrs.asdict`` gave, about three times faster)."""
        return plain_fields(self)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Decision:
        """Rebuild from :meth:`to_json`."""
        return cls(**data)


#: This module runs as Python source: :func:`new_decision` skips the constructor call.
_PURE: Final = pure(__name__)


def new_decision(kind: str, players: list[int], prompt: str, options: dict[str, Any],
                 rule: str = "") -> Decision:
    """``Decision(kind, players, prompt, options, rule)``, the same instance: in the pure
    build made without the constructor call (:mod:`elgrande.model.blank`; the fields set
    in ``__init__``'s order), for the phases that make one at every turn (B3.4: who must
    decide what). Arguments as :class:`Decision`'s; nothing is checked. Raises nothing."""
    if _PURE:
        d: Decision = blank(Decision)
        d.kind = kind
        d.players = players
        d.prompt = prompt
        d.options = options
        d.rule = rule
        return d
    return Decision(kind, players, prompt, options, rule)


#: :attr:`Secret.until` values: public once the choices are revealed together (the secret
#: disc, B8.5), or never (only what later play shows, e.g. the cards as they are played).
REVEAL: Final = "reveal"
NEVER: Final = "never"


@attr.s(auto_attribs=True, frozen=True, order=False, init=False, repr=False, eq=False)
class Secret:
    """How a secret decision kind's answers are hidden (B8.5a).

    Attributes:
        until: :data:`REVEAL` (every answer becomes public when all the players' choices
            are revealed together, B8.5) or :data:`NEVER` (no answer is ever shown to the
            others; they learn only what later play shows).
        hidden: the words for a hidden answer after the player's name, given the answer,
            e.g. ``"chose 13 cards"`` (the viewer reads "blue chose 13 cards").
    """

    def __eq__(self, other: object) -> bool:
        return plain_eq(self, other)

    def __hash__(self) -> int:
        return plain_hash(self)

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


#: :attr:`DecisionKind.inline` values: how :meth:`Decision.random_answer` draws inline
#: (none: :meth:`DecisionKind.random_answer`; one of ``options["choices"]`` or of
#: ``options["per_player"][player]``; an index into ``options["labels"]``; the
#: :meth:`DecisionKind.nth` of a :meth:`DecisionKind.count`).
NOT_INLINE: Final = 0
LISTED_CHOICES: Final = 1
LISTED_LABELS: Final = 2
COUNTED: Final = 3


class DecisionKind:
    """A decision kind (a key of :data:`KINDS`): from the decision alone (no state
    needed) it checks an answer, lists the legal answers when they are few and draws a
    random legal answer. A subclass overrides :meth:`check` and :meth:`legal`, and
    :meth:`random` when answers may be too many to list; :meth:`count`/:meth:`nth` (the
    size of ``legal`` and its i-th answer, for speed), :meth:`listed` (``legal``'s list
    itself, uncopied, where the options hold it) and :meth:`plain` (``check``'s result
    as plain data, when it is not) are optional.

    Attributes:
        name: the kind's name (:attr:`Decision.kind`).
        secret: the kind's secrecy (B8.5a): None when every player sees each answer as
            it is given (the default); else a :class:`Secret` saying when its answers
            become public and how a hidden one reads (the viewer, the adapters'
            information states and any tool that shows answers read it through
            :func:`answer_as_seen`).
        inline: how :meth:`Decision.random_answer` may draw without asking the kind
            (:data:`NOT_INLINE`, :data:`LISTED_CHOICES`, :data:`LISTED_LABELS`,
            :data:`COUNTED`; the same answer as :meth:`random_answer`).
        as_is: True when :meth:`trusted` gives a legal answer back as it is (the
            trusted path then applies it without the call).
    """

    name: str
    secret: Secret | None
    inline: int
    as_is: bool

    def __init__(self, name: str, secret: Secret | None = None) -> None:
        self.name = name
        self.secret = secret
        self.inline = NOT_INLINE
        self.as_is = False

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.name!r})"

    def check(self, d: Decision, p: int, answer: Any) -> Any:
        """``answer`` of seat ``p`` in the form the engine applies
        (:meth:`Decision.applied`).

        Raises:
            IllegalMove: with a rule id.
        """
        raise NotImplementedError(self.name)

    def trusted(self, d: Decision, p: int, answer: Any) -> Any:
        """A legal answer of seat ``p`` in normal form (one :meth:`legal` lists or
        :meth:`Decision.random_answer` draws) in the form the engine applies, as
        :meth:`check` gives it but without checking where the kind can (the trusted
        path, :meth:`elgrande.engine.flow.FlowEngine.answer_trusted`); by default
        :meth:`check` itself.

        Raises:
            IllegalMove: only where it falls back on :meth:`check`.
        """
        return self.check(d, p, answer)

    def plain(self, norm: Any, answer: Any) -> Any:
        """``norm`` (:meth:`check`'s result for ``answer``) as plain data, the normal
        form :meth:`Decision.check` returns; by default ``norm`` itself."""
        return norm

    def plain_checked(self, d: Decision, p: int, answer: Any) -> Any:
        """``answer`` of seat ``p`` checked and copied at once, where the kind can (its
        common answer, right and in normal form): a new copy that is both
        :func:`~elgrande.engine.decisions.forms.plain_answer`'s copy of ``answer`` (what a
        history keeps) and :meth:`check`'s result (what the engine applies), for
        :meth:`Game.answer <elgrande.play.game.Game.answer>`. None otherwise (the caller
        copies and checks it as before); by default None. Raises nothing."""
        return None

    def legal(self, d: Decision, p: int) -> list[Any] | None:
        """Every legal answer of seat ``p`` when there are at most ``MAX_LISTED``, else
        None."""
        raise NotImplementedError(self.name)

    def random(self, d: Decision, p: int, rng: Random) -> Any:
        """A random legal answer drawn step by step (when :meth:`legal` lists none)."""
        raise AssertionError(f"{self.name}: answers must be listable")  # pragma: no cover

    def count(self, d: Decision, p: int) -> int | None:
        """How many answers :meth:`legal` would list (-1: it lists none, too many), or
        None (not counted: ask :meth:`legal`)."""
        return None

    def nth(self, d: Decision, p: int, i: int) -> Any:
        """The ``i``-th answer of :meth:`legal`'s list (where :meth:`count` counts)."""
        raise NotImplementedError(self.name)

    def listed(self, d: Decision, p: int) -> Sequence[Any] | None:
        """:meth:`legal`'s list itself, not copied, where the options hold it; else
        None."""
        return None

    def random_answer(self, d: Decision, p: int, rng: Random) -> Any:
        """A random legal answer of seat ``p`` (:meth:`Decision.random_answer`): uniform
        over :meth:`legal` when it lists them (one draw, from :meth:`listed` or by
        :meth:`count`/:meth:`nth` without listing: the same answer), else
        :meth:`random`."""
        seq = self.listed(d, p)
        if seq:  # the listed answers, not copied: one draw
            return seq[draw_below(rng, len(seq))]
        n = self.count(d, p)
        if n is not None:  # the same draw, without listing every answer
            if n < 0:  # legal would list none (too many): drawn step by step
                return self.random(d, p, rng)
            return self.nth(d, p, draw_below(rng, n))
        legal = self.legal(d, p)
        if legal is not None:
            return legal[draw_below(rng, len(legal))]
        return self.random(d, p, rng)


class FunctionKind(DecisionKind):
    """A decision kind made of loose handlers (:func:`kind`): ``check``, ``legal``,
    ``random`` and the optional ``count``, ``nth``, ``listed``, ``plain``, each called as
    the :class:`DecisionKind` method of that name."""

    def __init__(self, name: str, check: Callable[[Decision, int, Any], Any],
                 legal: Callable[[Decision, int], list[Any] | None],
                 rand: Callable[[Decision, int, Random], Any] | None = None,
                 count: Callable[[Decision, int], int | None] | None = None,
                 nth: Callable[[Decision, int, int], Any] | None = None,
                 listed: Callable[[Decision, int], Sequence[Any]] | None = None,
                 secret: Secret | None = None,
                 plain: Callable[[Any, Any], Any] | None = None) -> None:
        super().__init__(name, secret)
        self._check = check
        self._legal = legal
        self._random = rand
        self._count = count
        self._nth = nth
        self._listed = listed
        self._plain = plain

    def check(self, d: Decision, p: int, answer: Any) -> Any:
        return self._check(d, p, answer)

    def plain(self, norm: Any, answer: Any) -> Any:
        return norm if self._plain is None else self._plain(norm, answer)

    def legal(self, d: Decision, p: int) -> list[Any] | None:
        return self._legal(d, p)

    def random(self, d: Decision, p: int, rng: Random) -> Any:
        if self._random is None:
            return super().random(d, p, rng)
        return self._random(d, p, rng)

    def count(self, d: Decision, p: int) -> int | None:
        if self._count is None or self._nth is None:
            return None
        return self._count(d, p)

    def nth(self, d: Decision, p: int, i: int) -> Any:
        if self._nth is None:
            return super().nth(d, p, i)
        return self._nth(d, p, i)

    def listed(self, d: Decision, p: int) -> Sequence[Any] | None:
        return None if self._listed is None else self._listed(d, p)


#: The registered decision kinds, by name (:func:`register`).
KINDS: Final[dict[str, DecisionKind]] = {}


def register(k: DecisionKind) -> DecisionKind:
    """Register decision kind ``k`` under its name (the engine's kinds and a rules
    module's own); returns ``k``."""
    KINDS[k.name] = k
    return k


def kind(name: str, check: Callable[[Decision, int, Any], Any],
         legal: Callable[[Decision, int], list[Any] | None],
         rand: Callable[[Decision, int, random.Random], Any] | None = None,
         count: Callable[[Decision, int], int | None] | None = None,
         nth: Callable[[Decision, int, int], Any] | None = None,
         listed: Callable[[Decision, int], Sequence[Any]] | None = None,
         secret: Secret | None = None,
         plain: Callable[[Any, Any], Any] | None = None) -> None:
    """Register a decision kind made of loose handlers (a :class:`FunctionKind`; a kind
    of its own class is registered with :func:`register`): ``check``, ``legal``,
    ``rand`` (when answers are too many to list) and optionally ``count``/``nth``,
    ``listed``, ``secret`` and ``plain``, as the :class:`DecisionKind` methods of those
    names."""
    register(FunctionKind(name, check, legal, rand, count, nth, listed, secret, plain))


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
