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

import functools
import itertools
import math
import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final

import attr
import attrs

from elgrande.errors import IllegalMove
from elgrande.model.plain import plain_repr

Random = random.Random  # the rng's type, where a field named ``random`` hides the module

#: ``random.Random.randrange(n)`` draws ``getrandbits(n.bit_length())`` until below ``n``
#: (CPython's ``_randbelow_with_getrandbits``): random answers draw so inline, the same
#: numbers (a test compares them with ``randrange``).
_INLINE_DRAW: Final = getattr(random.Random, "_randbelow", None) is getattr(
    random.Random, "_randbelow_with_getrandbits", 0)
_RANDOM: Final = random.Random
#: ``random.Random``'s own ``getrandbits`` (the C method), called with the rng as its first
#: argument: one call without a method look-up on the instance per draw (the same numbers:
#: ``random.Random`` does not override it, and only a plain ``random.Random`` draws inline).
_GETRANDBITS: Final = random.Random.getrandbits


def draw_below(rng: random.Random, n: int) -> int:
    """``rng.randrange(n)``: the same number, drawn the same way (inline, compiled, for a
    plain ``random.Random``; else by ``rng.randrange``).

    Raises:
        ValueError: ``n <= 0`` (as ``randrange``).
    """
    if n > 0 and _INLINE_DRAW and type(rng) is _RANDOM:
        k = n.bit_length()
        r: int = _GETRANDBITS(rng, k)
        while r >= n:
            r = _GETRANDBITS(rng, k)
        return r
    return rng.randrange(n)


def draw_int(rng: random.Random, a: int, b: int) -> int:
    """``rng.randint(a, b)``, drawn the same way (see :func:`draw_below`)."""
    if b >= a:
        return a + draw_below(rng, b + 1 - a)
    return rng.randint(a, b)  # raises, as randint does


def draw_choice(rng: random.Random, seq: Sequence[Any]) -> Any:
    """``rng.choice(seq)``, drawn the same way (see :func:`draw_below`)."""
    if len(seq):
        return seq[draw_below(rng, len(seq))]
    return rng.choice(seq)  # raises, as choice does


def draw_shuffle(rng: random.Random, x: list[Any]) -> None:
    """``rng.shuffle(x)``: the same order, drawn the same way (see :func:`draw_below`)."""
    if not (_INLINE_DRAW and type(rng) is _RANDOM):
        rng.shuffle(x)
        return
    for i in range(len(x) - 1, 0, -1):
        j = draw_below(rng, i + 1)
        x[i], x[j] = x[j], x[i]


def draw_sample(rng: random.Random, population: Sequence[Any], k: int) -> list[Any]:
    """``rng.sample(population, k)``: the same sample, drawn the same way (CPython's
    algorithm, inline for a plain ``random.Random``; see :func:`draw_below`)."""
    n = len(population)
    if not (_INLINE_DRAW and type(rng) is _RANDOM) or not 0 <= k <= n:
        return rng.sample(population, k)  # (raises for a bad k, as sample does)
    result: list[Any] = [None] * k
    setsize = 21  # as random.sample: a list pool when it is smaller than a set
    if k > 5:
        setsize += 4 ** math.ceil(math.log(k * 3, 4))
    if n <= setsize:
        pool = list(population)
        for i in range(k):
            j = draw_below(rng, n - i)
            result[i] = pool[j]
            pool[j] = pool[n - i - 1]
    else:
        selected: set[int] = set()
        for i in range(k):
            j = draw_below(rng, n)
            while j in selected:
                j = draw_below(rng, n)
            selected.add(j)
            result[i] = population[j]
    return result


#: How many legal answers :meth:`Decision.legal_answers` lists at most; beyond, None.
MAX_LISTED: Final = 200
#: Integers in answers beyond this size are refused before anything else looks at them
#: (printing a 5,000-digit integer raises ``ValueError`` in Python 3.11).
MAX_INT: Final = 10 ** 12


def is_int(x: Any) -> bool:
    """True for an ``int`` that is not a ``bool`` and within :data:`MAX_INT` (seats,
    counts, option indices and power-card values are such ints, never ``True``/``1.0``)."""
    if type(x) is int:
        return -MAX_INT <= x <= MAX_INT
    return isinstance(x, int) and not isinstance(x, bool) and -MAX_INT <= x <= MAX_INT


def shown(x: Any, limit: int = 60) -> str:
    """``repr(x)`` cut to ``limit`` characters, safe for any answer a caller may send
    (huge integers, deep nesting, odd types), for refusal messages."""
    out = _shown(x, 4)
    return out if len(out) <= limit else out[:limit - 3] + "..."


def _shown(x: Any, depth: int) -> str:
    if isinstance(x, bool) or x is None:
        return repr(x)
    if isinstance(x, int):
        return repr(x) if -MAX_INT <= x <= MAX_INT else "<a very large integer>"
    if isinstance(x, (float, str)):
        return repr(x[:80] if isinstance(x, str) else x)
    if depth <= 0:
        return "..."
    if isinstance(x, Mapping):
        items = list(itertools.islice(x.items(), 8))
        return "{" + ", ".join(f"{_shown(k, depth - 1)}: {_shown(v, depth - 1)}"
                               for k, v in items) + "}"
    if isinstance(x, (list, tuple)):
        return "[" + ", ".join(_shown(v, depth - 1) for v in x[:8]) + "]"
    return f"<{type(x).__name__}>"


#: How deep an answer may nest (a move list of dicts is 3 deep).
MAX_ANSWER_DEPTH: Final = 20


def plain_answer(answer: Any, rule: str = "B4.4") -> Any:
    """A copy of ``answer`` as plain JSON data (None, bool, int within :data:`MAX_INT`,
    finite float, str, list, dict with str keys; a tuple becomes a list), so that what a
    game keeps in its history is what a record can hold, and a caller changing its answer
    object afterwards changes nothing.

    Raises:
        IllegalMove: ``rule``; anything else (objects, sets, huge integers, NaN, deep
        nesting).
    """
    return _plain(answer, rule, 0)


def _plain(x: Any, rule: str, depth: int) -> Any:
    t = type(x)
    if t is str:
        return x
    if t is int and -MAX_INT <= x <= MAX_INT:
        return x
    if depth > MAX_ANSWER_DEPTH:
        raise IllegalMove(rule, "an answer nested this deep is not an answer")
    if t is dict:  # the common mapping answer: values of plain ints and strings inline
        src: dict[Any, Any] = x  # typed: mypyc iterates a dict natively
        out: dict[str, Any] = {}
        for k, v in src.items():
            if not isinstance(k, str):
                raise IllegalMove(rule, f"keys of an answer are strings, not {shown(k)}")
            tv = type(v)
            out[k] = v if tv is str or (tv is int and -MAX_INT <= v <= MAX_INT) else \
                _plain(v, rule, depth + 1)
        return out
    if t is list:  # the common list answer (card values, moves): plain items inline
        items: list[Any] = x  # typed: mypyc iterates a list natively
        res: list[Any] = []
        for v in items:
            tv = type(v)
            res.append(v if tv is str or (tv is int and -MAX_INT <= v <= MAX_INT) else
                       _plain(v, rule, depth + 1))
        return res
    if x is None or isinstance(x, (bool, str)):
        return x
    if isinstance(x, int):
        if not is_int(x):
            raise IllegalMove(rule, "this integer is too large for any answer")
        return int(x)
    if isinstance(x, float):
        if x != x or x in (float("inf"), float("-inf")):
            raise IllegalMove(rule, f"{x!r} is not a number any answer takes")
        return x
    if isinstance(x, (list, tuple)):
        return [_plain(v, rule, depth + 1) for v in x]
    if isinstance(x, Mapping):
        got: dict[str, Any] = {}
        for k, v in x.items():
            if not isinstance(k, str):
                raise IllegalMove(rule, f"keys of an answer are strings, not {shown(k)}")
            got[k] = _plain(v, rule, depth + 1)
        return got
    raise IllegalMove(rule, f"an answer is plain data (numbers, strings, lists, mappings), "
                      f"not {type(x).__name__}")


def check_seat(player: Any, rule: str = "B3.4") -> int:
    """Check that ``player`` is a seat index (an ``int``, never a ``bool`` or ``1.0``).

    Raises:
        IllegalMove: ``rule`` (whose turn it is), naming the bad value safely.
    """
    if not is_int(player):
        raise IllegalMove(rule, f"a player is a seat number (0, 1, ...), not {shown(player)}")
    return int(player)


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
#: The keys an answer of a kind may have, by kind: of the mapping answered
#: (``bring_to_court``, ``move_scoreboard``) or of each move of a move list
#: (``move_caballeros``). Any other key is refused (:func:`refuse_unknown_keys`); a rules
#: module adds the keys it reads with :func:`answer_keys`.
ANSWER_KEYS: dict[str, frozenset[str]] = {}


def answer_keys(kind: str, *keys: str) -> None:
    """Let answers of decision kind ``kind`` (or its moves, see :data:`ANSWER_KEYS`)
    carry ``keys`` besides the ones already known (a rules module's own keys)."""
    ANSWER_KEYS[kind] = ANSWER_KEYS.get(kind, frozenset()) | frozenset(keys)


def refuse_unknown_keys(kind: str, answer: Mapping[Any, Any], rule: str) -> None:
    """Refuse a mapping answer (or move) of ``kind`` with a key not in
    :data:`ANSWER_KEYS`.

    Raises:
        IllegalMove: ``rule``, naming the key and the known ones.
    """
    known = ANSWER_KEYS.get(kind, frozenset())
    for k in answer:
        if k not in known:
            raise IllegalMove(rule, f"{shown(k)} is not part of this answer (it takes "
                              f"{', '.join(sorted(known))})")

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


def _refused(options: Mapping[str, Any], key: str, what: Any) -> None:
    """Raise the specific refusal ``options[key][what]`` (``[rule, message]``) if the
    decision names one for this answer part (e.g. the king's region: B5.2)."""
    why = options.get(key, {}).get(str(what))
    if why:
        raise IllegalMove(why[0], why[1])


# -- one of a list ---------------------------------------------------------------------------
def _pick_check(d: Decision, p: int, answer: Any) -> Any:
    o = d.options
    choices = o["choices"] if "choices" in o else o["per_player"][str(p)]
    t = type(answer)
    if (t is str or (t is int and -MAX_INT <= answer <= MAX_INT)) and answer in choices:
        return answer
    plain = is_int(answer) or isinstance(answer, str)
    if not plain or answer not in choices:
        if plain:
            _refused(d.options, "why", answer)
        kind = ("number" if all(isinstance(c, int) for c in choices) else
                "card id" if d.kind == "choose_action_card" else "region id")
        raise IllegalMove(_rule(d, "B8.1"), f"{shown(answer)} is not one of the allowed answers "
                          f"({kind}s): {', '.join(map(str, choices))}")
    return answer


def _pick_legal(d: Decision, p: int) -> list[Any]:
    if "choices" in d.options:
        return list(d.options["choices"])
    return list(d.options["per_player"][str(p)])


def _pick_count(d: Decision, p: int) -> int:
    """How many answers :func:`_pick_legal` lists."""
    o = d.options
    return len(o["choices"] if "choices" in o else o["per_player"][str(p)])


def _pick_listed(d: Decision, p: int) -> list[Any]:
    """The list :func:`_pick_legal` copies."""
    o = d.options
    return o["choices"] if "choices" in o else o["per_player"][str(p)]  # type: ignore[no-any-return]


def _pick_nth(d: Decision, p: int, i: int) -> Any:
    """The ``i``-th answer of :func:`_pick_legal`'s list."""
    o = d.options
    return (o["choices"] if "choices" in o else o["per_player"][str(p)])[i]


for _k in ("choose_region", "choose_number", "choose_player", "choose_power_card",
           "secret_region"):
    kind(_k, _pick_check, _pick_legal, count=_pick_count, nth=_pick_nth, listed=_pick_listed,
         secret=Secret(REVEAL, lambda a: "set their secret disc")
         if _k == "secret_region" else None)


def _option_check(d: Decision, p: int, answer: Any) -> Any:
    n = len(d.options["labels"])
    if type(answer) is int and 0 <= answer < n:
        return answer
    if not is_int(answer) or not 0 <= answer < n:
        raise IllegalMove(_rule(d, "B4.4"), f"choose an option from 0 to {n - 1}, not "
                          f"{shown(answer)}")
    return answer


def _option_listed(d: Decision, p: int) -> range:
    """The answers of a choose_option decision: the option indices."""
    return range(len(d.options["labels"]))


kind("choose_option", _option_check, lambda d, p: list(range(len(d.options["labels"]))),
     count=lambda d, p: len(d.options["labels"]), nth=lambda d, p, i: i,
     listed=_option_listed)


# -- distributions: {place: n} ----------------------------------------------------------------
def _counts(answer: Any, rule: str) -> dict[str, int]:
    if type(answer) is not dict and not isinstance(answer, Mapping):
        raise IllegalMove(rule, "answer with a mapping {region: caballeros}")
    out: dict[str, int] = {}
    for k, v in answer.items():
        if not isinstance(k, str):
            raise IllegalMove(rule, f"name places by their ids (strings), not {shown(k)}")
        if not (type(v) is int and 0 <= v <= MAX_INT) and (not is_int(v) or v < 0):
            raise IllegalMove(rule, f"caballero counts must be whole numbers >= 0, got "
                              f"{shown(v)}")
        if v:
            out[k] = v
    return out


def _place_check(d: Decision, p: int, answer: Any) -> dict[str, int]:
    """options: to [ids], max, min, refused {id: [rule, message]}, optional room {id: [most
    caballeros it may still take, rule, message]} (a place's capacity)."""
    o = d.options
    if type(answer) is dict:  # the common answer, valid: checked inline (the same result)
        to, room, total = o["to"], o.get("room"), 0
        for k, v in answer.items():
            if type(v) is not int or not 0 <= v <= MAX_INT or k not in to \
                    or (room and k in room and v > room[k][0]):
                break
            total += v
        else:
            if o.get("min", 0) <= total <= o["max"]:
                return {k: v for k, v in answer.items() if v}
    rule = _rule(d, "B4.3")
    moves = _counts(answer, rule)
    for k in moves:
        if k not in o["to"]:
            _refused(o, "refused", k)
            raise IllegalMove(rule, f"{shown(k)} is not a region caballeros may be placed in now "
                              f"(allowed: {', '.join(o['to'])})")
    for k, n in moves.items():
        room = o.get("room", {}).get(k)
        if room is not None and n > room[0]:
            raise IllegalMove(room[1], f"{k!r} has room for {room[0]} more caballero(s), "
                              f"not {n}: {room[2]}")
    total = sum(moves.values())
    if total > o["max"]:
        raise IllegalMove(rule, f"at most {o['max']} caballeros may be placed, not {total}")
    if total < o.get("min", 0):
        raise IllegalMove(rule, f"at least {o['min']} caballeros must be placed, not {total}")
    return moves


def _spread(rng: random.Random, total: int, targets: list[str],
            room: Mapping[str, Any] | None = None) -> dict[str, int]:
    out: dict[str, int] = {}
    for _ in range(total):
        open_ = [t for t in targets if not room or t not in room
                 or out.get(t, 0) < room[t][0]]
        if not open_:
            break
        t = open_[draw_below(rng, len(open_))]
        out[t] = out.get(t, 0) + 1
    return out


def _place_legal(d: Decision, p: int) -> list[Any] | None:
    o = d.options
    to, lo, hi = o["to"], o.get("min", 0), o["max"]
    if not to:
        return [{}] if lo == 0 else None
    # multisets of t caballeros over k places: C(k + t - 1, t); count before listing
    if _multisets(len(to), lo, hi) > MAX_LISTED:
        return None
    out: list[Any] = []
    for total in range(lo, hi + 1):
        for combo in itertools.combinations_with_replacement(to, total):
            m: dict[str, int] = {}
            for t in combo:
                m[t] = m.get(t, 0) + 1
            room = o.get("room", {})
            if any(t in room and n > room[t][0] for t, n in m.items()):
                continue
            out.append(m)
            if len(out) > MAX_LISTED:
                return None
    return out


def _place_count(d: Decision, p: int) -> int:
    """How many answers :func:`_place_legal` lists (-1: none, too many; a ``room`` limit
    drops the answers that overfill a place)."""
    o = d.options
    to, lo, hi = o["to"], o.get("min", 0), o["max"]
    if not to:
        return 1 if lo == 0 else -1
    n = _multisets(len(to), lo, hi)
    if n > MAX_LISTED:
        return -1
    room = o.get("room")
    if room:
        ways = _suffix_ways(tuple(_caps(to, room, hi)), hi)[0]
        return sum(ways[t] for t in range(lo, min(hi, len(ways) - 1) + 1))
    return n


@functools.lru_cache(maxsize=1024)
def _multisets(k: int, lo: int, hi: int) -> int:
    """How many multisets of ``lo..hi`` caballeros over ``k`` places there are."""
    return sum(math.comb(k + t - 1, t) for t in range(lo, hi + 1))


def _caps(to: list[str], room: Mapping[str, Any], hi: int) -> list[int]:
    """The most caballeros each place of ``to`` may take (``room``; else ``hi``)."""
    return [max(min(room[t][0], hi), 0) if t in room else hi for t in to]


def _capped_nth(to: list[str], caps: list[int], lo: int, hi: int, i: int) -> dict[str, int]:
    """The ``i``-th answer of :func:`_place_legal`'s list under caps: totals in order,
    each total's multisets in lexicographic order of their places (more of the first
    place first), those within the caps only."""
    ways = _suffix_ways(tuple(caps), hi)
    for total in range(lo, hi + 1):
        size = ways[0][total] if total < len(ways[0]) else 0
        if i >= size:
            i -= size
            continue
        m: dict[str, int] = {}
        left = total
        for j, cap in enumerate(caps):
            rest = ways[j + 1]
            for c in range(min(cap, left), -1, -1):
                w = rest[left - c] if left - c < len(rest) else 0
                if i < w:
                    break
                i -= w
            if c:
                m[to[j]] = c
            left -= c
        return m
    raise IndexError("answer index out of range")  # pragma: no cover


def _place_nth(d: Decision, p: int, i: int) -> dict[str, int]:
    """The ``i``-th answer of :func:`_place_legal`'s list, without listing: totals in
    order, each total's multisets in lexicographic order (combinations with replacement).
    """
    o = d.options
    to, lo, hi = o["to"], o.get("min", 0), o["max"]
    k = len(to)
    if not k:
        return {}
    room = o.get("room")
    if room:
        return _capped_nth(to, _caps(to, room, hi), lo, hi, i)
    for total in range(lo, hi + 1):
        size = math.comb(k + total - 1, total)
        if i >= size:
            i -= size
            continue
        m: dict[str, int] = {}
        v = 0
        for left in range(total, 0, -1):  # choose the next place index v (non-decreasing)
            while True:
                rest = math.comb(k - v + left - 2, left - 1)  # multisets starting with v
                if i < rest:
                    break
                i -= rest
                v += 1
            m[to[v]] = m.get(to[v], 0) + 1
        return m
    raise IndexError("answer index out of range")  # pragma: no cover


def _place_random(d: Decision, p: int, rng: random.Random) -> Any:
    o = d.options
    if not o["to"]:
        return {}
    return _spread(rng, draw_int(rng, o.get("min", 0), o["max"]), o["to"], o.get("room"))


kind("place_caballeros", _place_check, _place_legal, _place_random, _place_count, _place_nth)


def _send_check(d: Decision, p: int, answer: Any) -> dict[str, Any]:
    """options: sources {id: available}, min, max, refused {id: [rule, msg]}, optional
    which {id: [key, [[value, n], ...]]} (kinds of the owner's caballeros in a source a rules
    module declared, ``move_which``). Returns ``{id: n}``, or for a source whose kinds the
    answer chose other than in their listed order ``{id: [{"n": k, key: value}, ...]}``
    (:func:`send_value`)."""
    o = d.options
    rule = _rule(d, "B8.7")
    which = o.get("which")
    chosen: dict[str, Any] = {}
    if which is not None and isinstance(answer, Mapping) \
            and not all(is_int(v) for v in answer.values()):
        answer, chosen = _send_parts(which, answer, rule)
    moves = _counts(answer, rule)
    for k, n in moves.items():
        if k not in o["sources"]:
            _refused(o, "refused", k)
            raise IllegalMove(rule, f"{shown(k)} is not a source this effect allows "
                              f"({', '.join(o['sources'])})")
        if n > o["sources"][k]:
            raise IllegalMove(rule, f"only {o['sources'][k]} caballeros can come from {k}, "
                              f"not {n}")
    total = sum(moves.values())
    if not o.get("min", 0) <= total <= o["max"]:
        want = (str(o["max"]) if o.get("min", 0) == o["max"]
                else f"{o.get('min', 0)} to {o['max']}")
        raise IllegalMove(rule, f"send {want} caballeros, not {total}")
    if chosen:
        return {k: chosen.get(k, n) for k, n in moves.items()}
    return moves


_SEND_PART: Final = "n"


def _send_parts(which: Mapping[str, Any], answer: Mapping[Any, Any], rule: str
                ) -> tuple[dict[Any, Any], dict[str, Any]]:
    """A send answer whose sources may name kinds of caballeros (``{id: [{"n": k, key:
    value}, ...]}``, or one such part): the counts per source, and each such source's
    normal form (:func:`send_value`). Parts naming no kind take the kinds left in their
    listed order.

    Raises:
        IllegalMove: ``rule``; a part that is not a mapping, a key other than ``n`` and the
        source's declared one, a kind not declared there, or more of a kind than there are.
    """
    counts: dict[Any, Any] = {}
    chosen: dict[str, Any] = {}
    for src, v in answer.items():
        if is_int(v) or not isinstance(src, str):
            counts[src] = v
            continue
        parts = [v] if isinstance(v, Mapping) else v
        if not isinstance(parts, list) or not all(isinstance(x, Mapping) for x in parts):
            raise IllegalMove(rule, f"send from {src} a number of caballeros or parts "
                              f"[{{n: k, kind: value}}], not {shown(v)}")
        got = which.get(src)
        key = got[0] if got is not None else None
        left = [[kv, kn] for kv, kn in got[1]] if got is not None else []
        plain = 0
        for part in parts:
            for k in part:
                if k != _SEND_PART and k != key:
                    raise IllegalMove(rule, f"{shown(k)} chooses nothing here: the "
                                      f"caballeros in {src} are all of one kind" if key is None
                                      else f"{shown(k)} is not part of a send's part (it takes "
                                      f"n, {key})")
            n = part.get(_SEND_PART, 1)
            if not is_int(n) or n < 1:
                raise IllegalMove(rule, f"a part's 'n' must be a whole number >= 1, got "
                                  f"{shown(n)}")
            if key is None or key not in part:
                plain += n
                continue
            _take_kind(left, part[key], n, rule, f"in {src}: {shown(part)}")
        taken: list[int] = []
        for kind_n, (_kv, kn) in zip(left, got[1] if got is not None else [], strict=True):
            take = min(plain, kind_n[1])  # the kinds in their listed order (the default)
            plain -= take
            taken.append(kn - kind_n[1] + take)
        total = sum(taken) + plain  # (plain left over: more than there are, refused later)
        counts[src] = total
        if got is not None and not plain:
            chosen[src] = send_value(got, taken)
    return counts, chosen


def send_value(kinds: Sequence[Any], taken: Sequence[int]) -> Any:
    """A send answer's normal form for one source with declared kinds ``[key, [[value, n],
    ...]]`` (``move_which``) of which ``taken[j]`` caballeros of the j-th kind are sent: the
    count when that is what the kinds' listed order takes (the default), else the parts
    ``[{"n": k, key: value}, ...]`` in the listed order (a module's kinds, B8.7)."""
    total = sum(taken)
    rest = total
    default = True
    for (_v, kn), t in zip(kinds[1], taken, strict=True):
        take = min(rest, kn)
        rest -= take
        if take != t:
            default = False
            break
    if default:
        return total
    return [{_SEND_PART: t, kinds[0]: v} for (v, _kn), t in zip(kinds[1], taken, strict=True)
            if t]


def send_taken(kinds: Sequence[Any], value: Any) -> list[int]:
    """How many of each declared kind (``[key, [[value, n], ...]]``) a normal-form send
    value (:func:`send_value`) sends, in the listed order."""
    if isinstance(value, list):
        return [sum(p[_SEND_PART] for p in value if _same(p[kinds[0]], v))
                for v, _kn in kinds[1]]
    rest = int(value)
    out: list[int] = []
    for _v, kn in kinds[1]:
        take = min(rest, kn)
        rest -= take
        out.append(take)
    return out


def _send_choices(o: Mapping[str, Any]) -> dict[str, Any]:
    """The sources of a send decision whose caballeros are of more than one declared kind
    (``options["which"]``): a choice of which leave."""
    which = o.get("which") or {}
    return {k: v for k, v in which.items() if len(v[1]) > 1 and k in o["sources"]}


def _kind_splits(kinds: Sequence[Any], c: int) -> list[Any]:
    """Every normal-form send value of ``c`` caballeros over the declared kinds (the
    default, the count, first)."""
    caps = [kn for _v, kn in kinds[1]]
    out: list[Any] = []
    for combo in itertools.product(*(range(k + 1) for k in caps)):
        if sum(combo) == c:
            out.append(send_value(kinds, list(combo)))
    out.sort(key=lambda v: not isinstance(v, int))
    return out


def _units(sources: Mapping[str, int]) -> list[str]:
    return [k for k, n in sources.items() for _ in range(n)]


def _send_random(d: Decision, p: int, rng: random.Random) -> Any:
    o = d.options
    choices = _send_choices(o)
    if choices:  # one unit per caballero and kind (a module's kinds, B8.7)
        kunits = [(k, j) for k, n in o["sources"].items()
                  for j, (_v, kn) in enumerate(choices[k][1] if k in choices else [[0, n]])
                  for _ in range(kn)]
        k = draw_int(rng, o.get("min", 0), min(o["max"], len(kunits)))
        per: dict[str, list[int]] = {}
        for src, j in draw_sample(rng, kunits, k):
            row = per.setdefault(src, [0] * (len(choices[src][1]) if src in choices else 1))
            row[j] += 1
        return {src: send_value(choices[src], row) if src in choices else row[0]
                for src, row in per.items()}
    units = _units(o["sources"])
    k = draw_int(rng, o.get("min", 0), min(o["max"], len(units)))
    out: dict[str, int] = {}
    for u in draw_sample(rng, units, k):
        out[u] = out.get(u, 0) + 1
    return out


def _send_legal(d: Decision, p: int) -> list[Any] | None:
    o = d.options
    choices = _send_choices(o)
    if choices:
        return _send_legal_kinds(d, p, choices)
    keys = list(o["sources"])
    out: list[Any] = []
    ranges = [range(o["sources"][k] + 1) for k in keys]
    size = 1
    for r in ranges:
        size *= len(r)
    if size > 20 * MAX_LISTED:
        return None
    for combo in itertools.product(*ranges):
        if o.get("min", 0) <= sum(combo) <= o["max"]:
            out.append({k: n for k, n in zip(keys, combo, strict=True) if n})
            if len(out) > MAX_LISTED:
                return None
    return out


@functools.lru_cache(maxsize=1024)
def _suffix_ways(caps: tuple[int, ...], limit: int) -> list[list[int]]:
    """``ways[k][t]``: how many ways the counts ``0..caps[j]`` for ``j >= k`` add up to
    ``t``, for ``t <= limit`` (cached: callers never change it)."""
    ways = [[1]]
    for cap in reversed(caps):
        nxt = ways[-1]
        n = len(nxt)
        size = min(n + cap, limit + 1)
        row = [0] * size
        acc = 0
        for t in range(size):  # a sliding sum of nxt[t - cap .. t]
            if t < n:
                acc += nxt[t]
            if 0 <= t - cap - 1 < n:
                acc -= nxt[t - cap - 1]
            row[t] = acc
        ways.append(row)
    ways.reverse()
    return ways


def _units_count(sources: Mapping[str, int], lo: int, hi: int) -> int:
    """How many answers :func:`_send_legal` lists for these sources and bounds, or -1
    when it lists none (too many)."""
    size = 1
    for n in sources.values():
        size *= n + 1
    if size > 20 * MAX_LISTED:
        return -1
    ways = _suffix_ways(tuple(sources.values()), max(hi, 0))[0]
    n = sum(ways[t] for t in range(max(lo, 0), min(hi, len(ways) - 1) + 1))
    return n if n <= MAX_LISTED else -1


def _units_nth(sources: Mapping[str, int], lo: int, hi: int, i: int) -> dict[str, int]:
    """The ``i``-th answer of :func:`_send_legal`'s list, without listing: the counts
    per source in ``itertools.product`` order (the first source varies slowest), those
    adding up to ``lo..hi`` only."""
    keys = list(sources)
    caps = [sources[k] for k in keys]
    ways = _suffix_ways(tuple(caps), max(hi, 0))
    out: dict[str, int] = {}
    cur = 0
    for k, key in enumerate(keys):
        rest = ways[k + 1]
        for x in range(caps[k] + 1):
            here = cur + x
            fits = sum(rest[t] for t in range(max(lo - here, 0), min(hi - here, len(rest) - 1)
                                             + 1))
            if i < fits:
                break
            i -= fits
        cur += x
        if x:
            out[key] = x
    return out


def _send_legal_kinds(d: Decision, p: int, choices: Mapping[str, Any]) -> list[Any] | None:
    """:func:`_send_legal` where sources hold caballeros of declared kinds (``choices``):
    every count per source, each with every choice of kinds (a module's, B8.7)."""
    counts = _send_legal(Decision("send_caballeros", d.players, "", {
        k: v for k, v in d.options.items() if k != "which"}), p)
    if counts is None:
        return None
    out: list[Any] = []
    for c in counts:
        variants = [_kind_splits(choices[k], n) if k in choices else [n] for k, n in c.items()]
        for combo in itertools.product(*variants):
            out.append(dict(zip(c, combo, strict=True)))
            if len(out) > MAX_LISTED:
                return None
    return out


def _send_count(d: Decision, p: int) -> int:
    o = d.options
    if _send_choices(o):
        got = _send_legal(d, p)
        return -1 if got is None else len(got)
    return _units_count(o["sources"], o.get("min", 0), o["max"])


def _send_nth(d: Decision, p: int, i: int) -> dict[str, Any]:
    o = d.options
    if _send_choices(o):
        got = _send_legal(d, p)
        assert got is not None
        answer: dict[str, Any] = got[i]
        return answer
    return _units_nth(o["sources"], o.get("min", 0), o["max"], i)


kind("send_caballeros", _send_check, _send_legal, _send_random, _send_count, _send_nth)


# -- bring to court (B4.1) --------------------------------------------------------------------
def _court_check(d: Decision, p: int, answer: Any) -> dict[str, Any]:
    """options: limit, provinces, regions {id: own count} (allowed shortfall sources),
    refused {id: [rule, msg]}. Returns {"provinces": k, "regions": {id: n}}."""
    o = d.options
    if type(answer) is dict and len(answer) == 2 and answer.get("regions") == {}:
        k = answer.get("provinces")  # the common answer, valid: the same result inline
        if type(k) is int and 0 <= k <= o["provinces"] and k <= o["limit"]:
            return {"provinces": k, "regions": {}}
    if isinstance(answer, int) and not isinstance(answer, bool):
        answer = {"provinces": answer, "regions": {}}
    if type(answer) is not dict and not isinstance(answer, Mapping):
        raise IllegalMove("B4.1", "answer with a number, or {provinces: k, regions: {...}}")
    refuse_unknown_keys("bring_to_court", answer, "B4.1")
    k = answer.get("provinces", 0)
    if not is_int(k) or k < 0:
        raise IllegalMove("B4.1", "the count from the provinces must be a whole number >= 0")
    regions = _counts(answer.get("regions") or {}, "B4.1")
    if k > o["provinces"]:
        raise IllegalMove("B4.1", f"the provinces hold {o['provinces']} caballeros, not {k}")
    taken = sum(regions.values())
    if k + taken > o["limit"]:
        raise IllegalMove("B4.1", f"at most {o['limit']} caballeros may come to court, "
                          f"not {k + taken}")
    if taken and k < o["provinces"]:
        raise IllegalMove("B4.1", "caballeros may come from regions only once the provinces "
                          "are empty")
    for r, n in regions.items():
        if r not in o["regions"]:
            _refused(o, "refused", r)
            raise IllegalMove("B4.1", f"you have no caballeros to bring from {shown(r)}")
        if n > o["regions"][r]:
            raise IllegalMove("B4.1", f"you have {o['regions'][r]} caballeros in {r}, not {n}")
    return {"provinces": k, "regions": regions}


def _court_legal(d: Decision, p: int) -> list[Any] | None:
    o = d.options
    base = [{"provinces": k, "regions": {}} for k in range(min(o["limit"], o["provinces"]) + 1)]
    rest = o["limit"] - o["provinces"]
    if rest <= 0 or not o["regions"]:
        return base
    extra = _send_legal(Decision("send_caballeros", [p], "", {
        "sources": o["regions"], "min": 1, "max": rest}), p)
    if extra is None:
        return None
    return base + [{"provinces": o["provinces"], "regions": e} for e in extra]


def _court_random(d: Decision, p: int, rng: random.Random) -> Any:
    o = d.options
    k = draw_int(rng, 0, min(o["limit"], o["provinces"]))
    rest = o["limit"] - o["provinces"]
    if k < o["provinces"] or rest <= 0 or not o["regions"] or rng.random() < 0.5:
        return {"provinces": k, "regions": {}}
    units = _units(o["regions"])
    got: dict[str, int] = {}
    for u in draw_sample(rng, units, draw_int(rng, 0, min(rest, len(units)))):
        got[u] = got.get(u, 0) + 1
    return {"provinces": o["provinces"], "regions": got}


def _court_count(d: Decision, p: int) -> int:
    """How many answers :func:`_court_legal` lists (-1: none, too many)."""
    o = d.options
    base: int = min(o["limit"], o["provinces"]) + 1
    rest = o["limit"] - o["provinces"]
    if rest <= 0 or not o["regions"]:
        return base
    extra = _units_count(o["regions"], 1, rest)
    return -1 if extra < 0 else base + extra


def _court_nth(d: Decision, p: int, i: int) -> dict[str, Any]:
    """The ``i``-th answer of :func:`_court_legal`'s list, without listing."""
    o = d.options
    base = min(o["limit"], o["provinces"]) + 1
    if i < base:
        return {"provinces": i, "regions": {}}
    return {"provinces": o["provinces"],
            "regions": _units_nth(o["regions"], 1, o["limit"] - o["provinces"], i - base)}


answer_keys("bring_to_court", "provinces", "regions")
kind("bring_to_court", _court_check, _court_legal, _court_random, _court_count, _court_nth)


# -- moves ---------------------------------------------------------------------------------
def _move_check(d: Decision, p: int, answer: Any) -> list[tuple[Any, ...]]:
    """options: sources {id: {player: available}}, to [ids], min, max, single_source,
    all (every caballero of the listed colours in the one source must move),
    refused_from / refused_to {id: [rule, msg]}, optional which {id: {player: [key,
    [[value, n], ...]]}} (kinds of caballeros a rules module declared, ``move_which``).

    Returns a list of (from, to, player, n), or (from, to, player, n, (key, value)) for
    caballeros of a declared kind (an entry naming none takes the kinds in their listed
    order, after what other entries name)."""
    o = d.options
    rule = _rule(d, "B8.2")
    if not isinstance(answer, list):
        raise IllegalMove(rule, "answer with a list of moves "
                          "[{from: region, to: region, player: i, n: k}]")
    out: list[tuple[Any, ...]] = []
    outflow: dict[tuple[str, int], int] = {}
    which = o.get("which")  # kinds of caballeros a module declared (move_which)
    named: list[Mapping[str, Any]] = []
    for m in answer:
        if not isinstance(m, Mapping) or "from" not in m or "to" not in m:
            raise IllegalMove(rule, f"a move needs 'from' and 'to': {shown(m)}")
        refuse_unknown_keys("move_caballeros", m, rule)
        src, dst = m["from"], m["to"]
        if not isinstance(src, str) or not isinstance(dst, str):
            raise IllegalMove(rule, f"a move's 'from' and 'to' are region ids: {shown(m)}")
        n = m.get("n", 1)
        if not is_int(n) or n < 1:
            raise IllegalMove(rule, f"a move's 'n' must be a whole number >= 1, got "
                              f"{shown(n)}")
        if src not in o["sources"]:
            _refused(o, "refused_from", src)
            raise IllegalMove(rule, f"{shown(src)} is not a region this effect moves "
                              "caballeros from")
        if dst not in o["to"] or dst == src:
            _refused(o, "refused_to", dst)
            raise IllegalMove(rule, f"{shown(dst)} is not a region these caballeros may "
                              "move to")
        owners = o["sources"][src]
        if "player" in m:
            who = m["player"]
        elif len(owners) == 1:
            who = int(next(iter(owners)))
        else:
            raise IllegalMove(rule, f"say whose caballeros move from {src} ('player')")
        if not is_int(who) or str(who) not in owners:
            raise IllegalMove(rule, f"this effect cannot move player {shown(who)}'s caballeros "
                              f"from {src}")
        extra = [k for k in m if k not in _MOVE_FIELDS]
        if extra:  # a module's key: only where it declared a choice of that kind (move_which)
            kinds = which.get(src, {}).get(str(who)) if which is not None else None
            if kinds is None or extra != [kinds[0]]:
                raise IllegalMove(rule, f"{shown(extra[0])} chooses nothing here: player "
                                  f"{who}'s caballeros in {src} are all of one kind")
        key = (src, who)
        outflow[key] = outflow.get(key, 0) + n
        if outflow[key] > owners[str(who)]:
            raise IllegalMove(rule, f"player {who} has {owners[str(who)]} movable caballeros "
                              f"in {src}, not {outflow[key]}")
        out.append((src, dst, who, n))
        if which is not None:
            named.append(m)
    if which is not None:
        out = _which_moves(which, out, named, rule)
    inflow: dict[str, int] = {}
    for mv in out:
        dst, n = mv[1], mv[3]
        inflow[dst] = inflow.get(dst, 0) + n
        room = o.get("room", {}).get(dst)
        if room is not None and inflow[dst] > room[0]:
            raise IllegalMove(room[1], f"{dst!r} has room for {room[0]} more caballero(s), "
                              f"not {inflow[dst]}: {room[2]}")
    total = sum(x[3] for x in out)
    if o.get("single_source") and len({x[0] for x in out}) > 1:
        raise IllegalMove(rule, "this effect moves caballeros out of one region only")
    if o.get("all"):
        need = sum(sum(owners.values()) for owners in o["sources"].values())
        if total != need:
            raise IllegalMove(rule, f"all {need} caballeros must move, not {total}")
    if total > o["max"]:
        raise IllegalMove(rule, f"at most {o['max']} caballeros may move, not {total}")
    if total < o.get("min", 0):
        raise IllegalMove(rule, f"at least {o['min']} caballeros must move, not {total}")
    return out


def _same(a: Any, b: Any) -> bool:
    """``a == b`` of the same type (``True`` is not ``1``)."""
    return type(a) is type(b) and a == b


def _take_kind(left: list[list[Any]], value: Any, n: int, rule: str, where: str) -> None:
    """Take ``n`` caballeros of the declared kind ``value`` from ``left`` (``[[value, n],
    ...]``, lowered in place): a move entry or a send's part naming it.

    Raises:
        IllegalMove: ``rule``; no such kind, or fewer of it than ``n`` (``where``: which
        caballeros, for the message).
    """
    for kind_n in left:
        if _same(kind_n[0], value):
            kind_n[1] -= n
            if kind_n[1] < 0:
                raise IllegalMove(rule, f"there are fewer such caballeros {where}")
            return
    raise IllegalMove(rule, f"there is no such caballero {where}")


def _which_moves(which: Mapping[str, Any], moves: list[tuple[Any, ...]],
                 entries: list[Mapping[str, Any]], rule: str) -> list[tuple[Any, ...]]:
    """:func:`_move_check`'s moves with the declared kinds of caballeros (``which``):
    what each entry names, checked against how many of that kind there are, then the
    entries naming none, resolved in the kinds' listed order.

    Raises:
        IllegalMove: ``rule``; a kind not declared for that place and player, or more of a
        kind than there are.
    """
    keys = {str(kw[0]) for owners in which.values() for kw in owners.values()}
    left: dict[tuple[str, int], list[list[Any]]] = {}
    for (src, _dst, who, n), m in zip(moves, entries, strict=True):
        kinds = which.get(src, {}).get(str(who))
        named = [k for k in keys if k in m]
        if not named:
            continue
        if kinds is None or named != [kinds[0]]:
            raise IllegalMove(rule, f"{shown(named[0])} names no kind of player {who}'s "
                              f"caballeros in {src}: {shown(m)}")
        rest = left.setdefault((src, who), [[v, k] for v, k in kinds[1]])
        _take_kind(rest, m[kinds[0]], n, rule, f"of player {who} in {src}: {shown(m)}")
    out: list[tuple[Any, ...]] = []
    for (src, dst, who, n), m in zip(moves, entries, strict=True):
        kinds = which.get(src, {}).get(str(who))
        if kinds is None:
            out.append((src, dst, who, n))
        elif kinds[0] in m:
            out.append((src, dst, who, n, (kinds[0], m[kinds[0]])))
        else:  # the kinds in their listed order (the module's default)
            rest = left.setdefault((src, who), [[v, k] for v, k in kinds[1]])
            for kind_n in rest:
                take = min(n, kind_n[1])
                if take > 0:
                    kind_n[1] -= take
                    n -= take
                    out.append((src, dst, who, take, (kinds[0], kind_n[0])))
    return out


def _move_legal(d: Decision, p: int) -> list[Any] | None:
    o = d.options
    if o["max"] == 0 or not o["sources"]:
        return [[]] if o.get("min", 0) == 0 else None
    return None


#: A player's id in a move decision's sources (its ``str``) -> the player.
_SEATS: Final[dict[str, int]] = {str(i): i for i in range(8)}


def _random_sources(o: Mapping[str, Any], rng: random.Random) -> dict[str, dict[str, int]]:
    """The sources a random move answer draws from (one, drawn, for a single source)."""
    sources: dict[str, dict[str, int]] = dict(o["sources"])  # typed: iterated natively
    if o.get("single_source") and not o.get("all"):
        enough = [s for s in sorted(sources) if sum(sources[s].values()) >= o.get("min", 0)]
        src = draw_choice(rng, enough or sorted(sources))
        sources = {src: sources[src]}
    return sources


def _move_random(d: Decision, p: int, rng: random.Random) -> Any:
    o = d.options
    which = o.get("which")
    if which is not None:
        return _which_random(d, rng, which)  # kinds of caballeros to choose too
    sources = _random_sources(o, rng)
    units: list[tuple[str, int]] = []  # one per caballero that may move
    for s, owners in sources.items():
        for seat, n in owners.items():
            w = _SEATS.get(seat)  # int(seat), the common seats looked up
            unit = (s, int(seat) if w is None else w)
            for _ in range(n):  # (n appends: no list made and multiplied per owner)
                units.append(unit)
    if o.get("all"):
        k = len(units)
    else:
        k = draw_int(rng, o.get("min", 0), min(o["max"], len(units)))
    moves: dict[tuple[str, str, int], int] = {}
    room = {t: r[0] for t, r in o.get("room", {}).items()}
    to: list[str] = list(o["to"])
    by_source: dict[str, list[str]] = {}  # without room limits: the same for every unit
    who: int
    for s, who in draw_sample(rng, units, k):
        if room:
            dests = [t for t in to if t != s and room.get(t, 1) > 0]
        else:
            got = by_source.get(s)
            dests = by_source[s] = [t for t in to if t != s] if got is None else got
        if not dests:
            continue
        t = dests[draw_below(rng, len(dests))]
        if t in room:
            room[t] -= 1
        moves[(s, t, who)] = moves.get((s, t, who), 0) + 1
    return [{"from": s, "to": t, "player": who, "n": n} for (s, t, who), n in moves.items()]


def _which_random(d: Decision, rng: random.Random, which: Mapping[str, Any]) -> Any:
    """:func:`_move_random` where a module declared kinds of caballeros (``which``): each
    caballero that may move is of one kind, and a move entry names it."""
    o = d.options
    sources = _random_sources(o, rng)
    units: list[tuple[str, int, Any]] = []
    for s, owners in sources.items():
        for seat, n in owners.items():
            kinds = which.get(s, {}).get(seat)
            if kinds is None:
                units += [(s, int(seat), None)] * n
            else:
                for value, k in kinds[1]:
                    units += [(s, int(seat), (kinds[0], value))] * k
    k = len(units) if o.get("all") else draw_int(rng, o.get("min", 0),
                                                  min(o["max"], len(units)))
    moves: dict[tuple[str, str, int, Any], int] = {}
    room = {t: r[0] for t, r in o.get("room", {}).items()}
    for s, who, kind_of in draw_sample(rng, units, k):
        dests = [t for t in o["to"] if t != s and room.get(t, 1) > 0]
        if not dests:
            continue
        t = dests[draw_below(rng, len(dests))]
        if t in room:
            room[t] -= 1
        moves[(s, t, who, kind_of)] = moves.get((s, t, who, kind_of), 0) + 1
    out: list[dict[str, Any]] = []
    for (s, t, who, kind_of), n in moves.items():
        m: dict[str, Any] = {"from": s, "to": t, "player": who, "n": n}
        if kind_of is not None:
            m[kind_of[0]] = kind_of[1]
        out.append(m)
    return out




def _extra(m: Any, fields: tuple[str, ...]) -> dict[str, Any]:
    """The keys of mapping ``m`` beyond ``fields`` (a rules module's, :func:`answer_keys`)."""
    return {k: v for k, v in m.items() if k not in fields}


_MOVE_FIELDS: Final = ("from", "to", "player", "n")


def _move_plain(norm: list[tuple[Any, ...]], answer: Any) -> list[dict[str, Any]]:
    """The checked moves as plain data, each with every key: ``(from, to, player, n)``,
    and the kind of caballeros a module declared (``(key, value)``, ``which``) when
    named."""
    out: list[dict[str, Any]] = []
    for x in norm:
        m: dict[str, Any] = {"from": x[0], "to": x[1], "player": x[2], "n": x[3]}
        if len(x) > 4:
            m[x[4][0]] = x[4][1]
        out.append(m)
    return out


answer_keys("move_caballeros", *_MOVE_FIELDS)
kind("move_caballeros", _move_check, _move_legal, _move_random, plain=_move_plain)


# -- mobile scoreboards --------------------------------------------------------------------------
def _scoreboard_check(d: Decision, p: int, answer: Any) -> tuple[str, str]:
    """options: moves {scoreboard id: [destination ids]}, refused {id: [rule, msg]}."""
    o = d.options
    if not isinstance(answer, Mapping) or "scoreboard" not in answer or "to" not in answer:
        raise IllegalMove("B6.9", "answer with {scoreboard: id, to: region}")
    refuse_unknown_keys("move_scoreboard", answer, "B6.9")
    sb, to = answer["scoreboard"], answer["to"]
    if not isinstance(sb, str) or not isinstance(to, str):
        raise IllegalMove("B6.9", f"name the scoreboard and the region by their ids: "
                          f"{shown(answer)}")
    if sb not in o["moves"]:
        _refused(o, "refused_board", sb)
        raise IllegalMove("B6.9", f"mobile scoreboard {shown(sb)} cannot be moved now")
    if to not in o["moves"][sb]:
        _refused(o, "refused", to)
        raise IllegalMove("B6.9", f"mobile scoreboard {sb} cannot go to {shown(to)}")
    return sb, to


def _scoreboard_plain(norm: tuple[str, str], answer: Any) -> dict[str, Any]:
    """The checked move of a mobile scoreboard as plain data."""
    return {"scoreboard": norm[0], "to": norm[1], **_extra(answer, ("scoreboard", "to"))}


answer_keys("move_scoreboard", "scoreboard", "to")
kind("move_scoreboard", _scoreboard_check,
     lambda d, p: [{"scoreboard": sb, "to": t} for sb, ts in d.options["moves"].items()
                   for t in ts], plain=_scoreboard_plain)
