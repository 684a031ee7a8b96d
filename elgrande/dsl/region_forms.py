"""The one declaration of every region-set expression form (``adjacent to X``, ``A or B``,
``regions with value 4``, ...).

Each :class:`RegionForm` names together: the grammar alias it is parsed from (in
``grammar/effects.lark``, rules ``set_expr``/``set_union``/``set_term``/``set_atom``),
its AST class (:mod:`elgrande.dsl.ast`), how the parser builds the node, its static check,
its English, its docs entry (the AST class's docstring) and its over-approximation for
``validate``'s never-acts analysis. The parser, the checker, the renderer, validate and
the docs all read :data:`FORMS`; the engine registers one evaluation per form under the
same name (``elgrande/engine/regions.py``, ``@evaluates(name)``) and a test checks that
both registries and the grammar name the same forms.

Adding a form: one declaration here, its grammar line, its evaluation.

This module knows no board and no engine: checks and words reach the checker and the
renderer through the small protocols below; the analysis works on a :class:`PlaceSets`
made from the board by its caller.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Mapping
from typing import Any, Literal, Protocol

import attrs

from elgrande.dsl import ast
from elgrande.model.plain import plain_eq, plain_hash, plain_repr

#: How a region set is meant where it appears: one region to pick (``any``), each region
#: of the set (``every``), or the set as a whole (``all``, e.g. "caballeros in all regions").
Mode = Literal["any", "every", "all"]

#: Kinds of script variables (the checker's scope, the renderer's tracking).
REGION, REGION_MAP, NUMBER, PLAYER = "region", "region-per-player", "number", "player"
#: Kinds of card variables: any card, and a region card (drawn from the region-card deck).
CARD, REGION_CARD = "card", "region card"

#: Pseudo-places of the never-acts analysis: the king's region wherever it is, a court,
#: the provinces.
KING, COURT_FORM, PROVINCES_FORM = "@king", "@court", "@provinces"

#: The largest number a ``regions with value`` may name.
MAX_VALUE = 99


class Scope(Protocol):
    """What a check sees of the checker's scope: variable name -> kind, and whether the
    expression is inside an ``each [other] player`` block."""

    vars: dict[str, str]
    in_each: bool


class Checks(Protocol):
    """What a form's check may call on the checker (:class:`elgrande.dsl.checker.Checker`).

    ``region_ids`` are the board's place ids; ``tokens`` the ids of the tokens the sets in
    play declare; ``max_count`` the most caballeros a script
    may name (the set's caballeros per player); ``elsewhere`` the places of sets not in
    play -> the ``--sets`` that has them (for a hint)."""

    region_ids: set[str]
    max_count: int
    elsewhere: Mapping[str, str]
    tokens: set[str]

    def error(self, node: ast.Node, code: str, msg: str, hint: str = "") -> None:
        """Record an error at ``node``."""

    def regions(self, e: Any, scope: Any, allow_court: bool = False) -> None:
        """Check a sub-expression."""


class Words(Protocol):
    """What a form's English may ask of the renderer (:mod:`elgrande.dsl.render`):
    ``poss`` the deciding player's possessive, ``court`` what ``court`` means in the
    current statement (None: the decider's court)."""

    @property
    def poss(self) -> str:
        """The deciding player's possessive ("your", "their")."""

    @property
    def court(self) -> str | None:
        """What ``court`` means in the current statement."""

    def set(self, node: Any, mode: Mode, nested: bool = False) -> str:
        """The words of a sub-expression."""

    def name(self, name: str, mode: Mode) -> str:
        """The words of a NAME (a variable, a region or space id)."""

    def piece(self, token: str) -> str:
        """The words of a token ("the Legate": its declared name)."""


@attrs.frozen(slots=True, repr=False, eq=False)
class PlaceSets:
    """The board as the never-acts analysis sees it (place ids; built by the caller).

    Attributes:
        ids: every place id; castillo: the Castillo's id; scoring: the regions scored
        (never the Castillo, B8.6); mainland: the 9 regions of Spain; first_values: every
        first-place value printed on a place or mobile scoreboard (B6.9).
    """

    __eq__ = plain_eq
    __hash__ = plain_hash
    __repr__ = plain_repr

    ids: frozenset[str]
    castillo: str
    scoring: frozenset[str]
    mainland: frozenset[str]
    first_values: frozenset[int]

    @property
    def everything(self) -> frozenset[str]:
        """The scored regions and the Castillo."""
        return self.scoring | {self.castillo}


Env = dict[str, frozenset[str]]
CheckFn = Callable[[Checks, Any, Any, bool], None]
WordsFn = Callable[[Any, Words, Mode, bool], str]
ApproxFn = Callable[[PlaceSets, Any, Env], frozenset[str]]
BuildFn = Callable[[list[Any]], dict[str, Any]]


def _no_check(chk: Checks, node: Any, scope: Any, allow_court: bool) -> None:
    return None


def _nothing(pl: PlaceSets, node: Any, env: Env) -> frozenset[str]:
    return frozenset()


def _no_fields(items: list[Any]) -> dict[str, Any]:
    return {}


@attrs.frozen(slots=True, repr=False, eq=False)
class RegionForm:
    """One region-set expression form.

    Attributes:
        name: the grammar alias (``adjacent``) and the key of both registries.
        node: its AST class.
        words: its English: ``words(node, renderer, mode, nested)``; ``nested`` inside a
            union or an ``otherwise``.
        build: the AST fields from the parse tree's children (Lark tokens and nodes).
        check: the static check ``check(checker, node, scope, allow_court)``; sub-sets are
            checked through ``checker.regions``.
        possible: every place the form might denote in some position (never-acts).
        exact: the places it certainly denotes in every position (empty when unsure).
        at_token: the node's position is its first token's (a NAME), not the rule's.
        rules: rule ids the form's meaning follows (``elgrande rules ID``).
    """

    name: str
    node: type[ast.Node]
    words: WordsFn
    build: BuildFn = _no_fields
    check: CheckFn = _no_check
    possible: ApproxFn | None = None
    exact: ApproxFn = _nothing
    at_token: bool = False
    rules: tuple[str, ...] = ()

    @property
    def doc(self) -> str:
        """The docs entry: the first paragraph of the AST class's docstring."""
        return (inspect.getdoc(self.node) or "").split("\n\n", 1)[0]


FORMS: dict[str, RegionForm] = {}
_BY_TYPE: dict[type, RegionForm] = {}


def _form(form: RegionForm) -> RegionForm:
    if form.name in FORMS or form.node in _BY_TYPE:  # pragma: no cover - a declaration slip
        raise ValueError(f"region form {form.name!r} declared twice")
    FORMS[form.name] = form
    _BY_TYPE[form.node] = form
    return form


def form_of(node: Any) -> RegionForm | None:
    """The form of AST node ``node``, or None when it is no region-set expression."""
    return _BY_TYPE.get(type(node))


def is_region_set(node: Any) -> bool:
    """Whether ``node`` is a region-set expression."""
    return type(node) in _BY_TYPE


# -- the analysis, over every form ----------------------------------------------------------
def exact(pl: PlaceSets, e: Any, env: Env) -> frozenset[str]:
    """The places ``e`` certainly denotes in every position (empty when unsure)."""
    form = form_of(e)
    return form.exact(pl, e, env) if form is not None else frozenset()


def possible(pl: PlaceSets, e: Any, env: Env) -> frozenset[str]:
    """Every place ``e`` might denote in some position (an over-approximation; ``env``
    maps variables to what they may hold)."""
    form = form_of(e)
    if form is None:  # an omitted part may be anything; another node, nothing
        return frozenset() if isinstance(e, ast.Node) else pl.everything
    if form.possible is not None:
        return form.possible(pl, e, env)
    return form.exact(pl, e, env)


# -- shared words ----------------------------------------------------------------------------
def regions_phrase(mode: Mode, qualifier: str) -> str:
    """``a region X`` / ``every region X`` / ``all regions X`` by ``mode``."""
    if mode == "any":
        return f"a region {qualifier}"
    if mode == "every":
        return f"every region {qualifier}"
    return f"all regions {qualifier}"


def join(parts: list[str], conj: str) -> str:
    """``a, b and c`` (``conj`` the last joining word)."""
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + f" {conj} " + parts[-1]


def _by_mode(any_: str, every: str, all_: str) -> WordsFn:
    def words(node: Any, w: Words, mode: Mode, nested: bool) -> str:
        return {"any": any_, "every": every, "all": all_}[mode]
    return words


def _fixed(text: str) -> WordsFn:
    return _by_mode(text, text, text)


def _places(get: Callable[[PlaceSets], frozenset[str]]) -> ApproxFn:
    def approx(pl: PlaceSets, node: Any, env: Env) -> frozenset[str]:
        return get(pl)
    return approx


def _scoring(pl: PlaceSets, node: Any, env: Env) -> frozenset[str]:
    return pl.scoring


# -- NAME ------------------------------------------------------------------------------------
def _name_check(chk: Checks, e: ast.Name, scope: Scope, allow_court: bool) -> None:
    t = scope.vars.get(e.name)
    if t is None:
        if e.name not in chk.region_ids:
            import difflib  # a suggestion only (not imported by every check)

            close = difflib.get_close_matches(e.name, list(scope.vars)
                                              + sorted(chk.region_ids), n=1)
            where = chk.elsewhere.get(e.name)
            chk.error(e, "E-UNKNOWN-REGION", f"unknown region or variable {e.name!r}",
                      f"{e.name!r} is a place of a set not in play: play with --sets {where}"
                      if where else f"did you mean {close[0]!r}?" if close else "")
    elif t == NUMBER or t == PLAYER or t == CARD or t == REGION_CARD:
        chk.error(e, "E-TYPE", f"{e.name!r} is a {t}, but a region is expected here",
                  "write 'region of NAME' for a region card's region" if t == REGION_CARD
                  else "")
    elif t == REGION_MAP and not scope.in_each:
        chk.error(e, "E-TYPE", f"{e.name!r} holds one region per player; use it "
                  "inside 'each player:' or with 'chosen by exactly one player'")


def _name_possible(pl: PlaceSets, e: ast.Name, env: Env) -> frozenset[str]:
    if e.name in env:
        return env[e.name]
    return frozenset({e.name}) if e.name in pl.ids else pl.everything


def _name_exact(pl: PlaceSets, e: ast.Name, env: Env) -> frozenset[str]:
    if e.name not in env and e.name in pl.ids:
        return frozenset({e.name})
    return frozenset()


_form(RegionForm(
    "name", ast.Name, lambda n, w, mode, nested: w.name(n.name, mode),
    build=lambda items: {"name": str(items[0])}, check=_name_check,
    possible=_name_possible, exact=_name_exact, at_token=True))

# -- fixed sets ------------------------------------------------------------------------------
_form(RegionForm(
    "all_regions", ast.AllRegions, _by_mode("any region", "every region", "all regions"),
    exact=_scoring, rules=("B8.6", "C3")))
_form(RegionForm(
    "mainland_regions", ast.MainlandRegions,
    _by_mode("one of the nine regions of Spain", "every region of Spain",
             "the nine regions of Spain"),
    exact=_places(lambda pl: pl.mainland), rules=("B6.1",)))
_form(RegionForm(
    "anywhere", ast.Anywhere,
    _by_mode("any region or the Castillo", "every region and the Castillo",
             "all regions and the Castillo"),
    exact=_places(lambda pl: pl.everything), rules=("B8.2",)))
_form(RegionForm(
    "castillo", ast.Castillo, _fixed("the Castillo"),
    exact=_places(lambda pl: frozenset({pl.castillo}))))
_form(RegionForm(
    "own_grande", ast.OwnGrande, _fixed("the region of your Grande"),
    possible=_scoring, rules=("B1.2", "I8", "C3")))


def _grande_of_check(chk: Checks, e: ast.GrandeOf, scope: Scope, allow_court: bool) -> None:
    if scope.vars.get(e.name) != PLAYER:
        chk.error(e, "E-TYPE", f"{e.name!r} is not a player",
                  "set it with 'p = choose player from ...' or 'for each player p:'")


_form(RegionForm(
    "grande_of", ast.GrandeOf,
    lambda n, w, mode, nested: f"the region of the Grande of player '{n.name}'",
    build=lambda items: {"name": str(items[0])}, check=_grande_of_check,
    possible=_scoring, at_token=True, rules=("B1.2",)))


#: The scope entry that says ``it`` may stand here (a move's ``to`` of one piece).
IT = "@it"


def _it_check(chk: Checks, e: ast.It, scope: Scope, allow_court: bool) -> None:
    if IT not in scope.vars:
        chk.error(e, "E-TYPE", "'it' names the place of the piece a move moves: only in the "
                  "'to' of 'move the king' or 'move ... grande'",
                  "e.g. 'move grande of opponents to adjacent to it'")


_form(RegionForm(
    "it", ast.It, _fixed("it"), check=_it_check, possible=_scoring, rules=("B1.2",)))


_form(RegionForm(
    "king_region", ast.King, _fixed("the king's region"),
    exact=_places(lambda pl: frozenset({KING})), rules=("B5.2",)))


def _player_place(word: str, example: str) -> CheckFn:
    """The check of a player's place (``court``, ``provinces``): a place of caballeros
    moves only (``allow_court``), refused elsewhere with ``example``."""
    def check(chk: Checks, e: Any, scope: Scope, allow_court: bool) -> None:
        if not allow_court:
            chk.error(e, "E-TYPE", f"'{word}' is not a region here",
                      f"'{word}' is a place of 'move ... caballeros' only, e.g. '{example}'")
    return check


_form(RegionForm(
    "court", ast.Court, lambda n, w, mode, nested: w.court or f"{w.poss} court",
    check=_player_place("court", "move 2 own caballeros from court to adjacent to king"),
    exact=_places(lambda pl: frozenset({COURT_FORM})), rules=("B8.7", "B5.1")))


_form(RegionForm(
    "provinces", ast.Provinces, lambda n, w, mode, nested: "the provinces",
    check=_player_place("provinces", "move up to 2 caballeros from provinces to court"),
    exact=_places(lambda pl: frozenset({PROVINCES_FORM})), rules=("B4.1", "B8.7")))


# -- sets that depend on the position ----------------------------------------------------------
def _adjacent_possible(pl: PlaceSets, e: ast.Adjacent, env: Env) -> frozenset[str]:
    return pl.scoring if possible(pl, e.of, env) - {COURT_FORM} else frozenset()


_form(RegionForm(
    "adjacent", ast.Adjacent,
    lambda n, w, mode, nested: regions_phrase(
        mode, f"adjacent to {w.set(n.of, 'any', nested=True)}"),
    build=lambda items: {"of": items[0]},
    check=lambda chk, e, scope, allow_court: chk.regions(e.of, scope),
    possible=_adjacent_possible))


def _with_value_check(chk: Checks, e: ast.WithValue, scope: Scope, allow_court: bool) -> None:
    for v in e.values:
        if not 0 <= v <= MAX_VALUE:
            chk.error(e, "E-RANGE", f"value {v} is out of range", f"use 0..{MAX_VALUE}")


_form(RegionForm(
    "with_value", ast.WithValue,
    lambda n, w, mode, nested: regions_phrase(
        mode, f"whose first-place value is {join([str(v) for v in n.values], 'or')}"),
    build=lambda items: {"values": tuple(int(i) for i in items)},
    check=_with_value_check,
    possible=lambda pl, e, env: pl.scoring if set(e.values) & pl.first_values
    else frozenset(), rules=("B8.6", "B6.9")))
_form(RegionForm(
    "most_caballeros", ast.MostCaballeros,
    _by_mode("a region with the most caballeros", "the region(s) with the most caballeros",
             "the region(s) with the most caballeros"),
    possible=_scoring, rules=("B8.6",)))
_form(RegionForm(
    "fewest_caballeros", ast.FewestCaballeros,
    _by_mode("a region with the fewest caballeros (empty ones ignored)",
             "the region(s) with the fewest caballeros (empty ones ignored)",
             "the region(s) with the fewest caballeros (empty ones ignored)"),
    possible=_scoring, rules=("B8.6",)))


def _with_own_check(chk: Checks, e: ast.WithOwn, scope: Scope, allow_court: bool) -> None:
    if not 1 <= e.at_least <= chk.max_count:
        chk.error(e, "E-RANGE", f"'at least {e.at_least}' is out of range",
                  f"use 1..{chk.max_count}")


def _with_own_words(n: ast.WithOwn, w: Words, mode: Mode, nested: bool) -> str:
    if n.at_least <= 1:
        return regions_phrase(mode, f"with {w.poss} caballeros")
    return regions_phrase(mode, f"with at least {n.at_least} of {w.poss} caballeros")


def _with_own_build(items: list[Any]) -> dict[str, Any]:
    n = [i for i in items if isinstance(i, int) and not isinstance(i, bool)]
    return {"at_least": n[0] if n else 1}


_form(RegionForm(
    "with_own", ast.WithOwn, _with_own_words, build=_with_own_build, check=_with_own_check,
    possible=_scoring))


def _chosen_once_check(chk: Checks, e: ast.ChosenOnce, scope: Scope, allow_court: bool) -> None:
    if scope.vars.get(e.name) != REGION_MAP:
        chk.error(e, "E-TYPE", f"{e.name!r} is not a secret choice",
                  "set it with 'each player secretly chooses region NAME from ...'")


def _chosen_once_words(n: ast.ChosenOnce, w: Words, mode: Mode, nested: bool) -> str:
    head = "a region" if mode == "any" else "the regions"
    return f"{head} chosen (as '{n.name}') by exactly one player"


_form(RegionForm(
    "chosen_once", ast.ChosenOnce, _chosen_once_words,
    build=lambda items: {"name": str(items[0])}, check=_chosen_once_check,
    possible=lambda pl, e, env: env.get(e.name, pl.everything), at_token=True,
    rules=("B8.5",)))


# -- combinations ------------------------------------------------------------------------------
def _union_check(chk: Checks, e: ast.Union, scope: Scope, allow_court: bool) -> None:
    for x in e.items:
        chk.regions(x, scope, allow_court)


def _union_exact(pl: PlaceSets, e: ast.Union, env: Env) -> frozenset[str]:
    parts = [exact(pl, i, env) for i in e.items]
    return frozenset().union(*parts) if all(parts) else frozenset()


_form(RegionForm(
    "union", ast.Union,
    lambda n, w, mode, nested: join([w.set(i, mode, nested=True) for i in n.items],
                                    "or" if mode == "any" else "and"),
    build=lambda items: {"items": tuple(items)}, check=_union_check,
    possible=lambda pl, e, env: frozenset().union(*(possible(pl, i, env) for i in e.items)),
    exact=_union_exact))


def _except_check(chk: Checks, e: ast.Except, scope: Scope, allow_court: bool) -> None:
    chk.regions(e.base, scope, allow_court)
    for x in e.items:
        chk.regions(x, scope, allow_court)


def _except_words(n: ast.Except, w: Words, mode: Mode, nested: bool) -> str:
    base = w.set(n.base, mode, nested=True)
    items = [w.set(i, "any", nested=True) for i in n.items]
    if nested:
        return f"{base} (not {join(items, 'or')})"
    return f"{base}, except {join(items, 'and')}"


def _except_possible(pl: PlaceSets, e: ast.Except, env: Env) -> frozenset[str]:
    drop: set[str] = set()
    for item in e.items:
        drop |= exact(pl, item, env)
    return possible(pl, e.base, env) - drop


_form(RegionForm(
    "except_", ast.Except, _except_words,
    build=lambda items: {"base": items[0], "items": tuple(items[1:])},
    check=_except_check, possible=_except_possible))


def _otherwise_check(chk: Checks, e: ast.Otherwise, scope: Scope, allow_court: bool) -> None:
    chk.regions(e.first, scope, allow_court)
    chk.regions(e.fallback, scope, allow_court)


def _otherwise_words(n: ast.Otherwise, w: Words, mode: Mode, nested: bool) -> str:
    first = w.set(n.first, mode, nested=True)
    fallback = w.set(n.fallback, mode, nested=True)
    there = "is" if mode == "any" else "are"
    return f"{first}, or if there {there} none, {fallback}"


_form(RegionForm(
    "otherwise", ast.Otherwise, _otherwise_words,
    build=lambda items: {"first": items[0], "fallback": items[1]},
    check=_otherwise_check,
    possible=lambda pl, e, env: possible(pl, e.first, env) | possible(pl, e.fallback, env)))


# -- a region card's region (cards as objects) -------------------------------------------------
def _region_of_card_check(chk: Checks, e: ast.RegionOfCard, scope: Scope,
                          allow_court: bool) -> None:
    name = e.card.name
    t = scope.vars.get(name) if name is not None else None
    if name is None:
        chk.error(e, "E-TYPE", "this card is an action card, not a region card",
                  "write 'c = draw card from region cards', then 'region of c'")
    elif t is None:
        chk.error(e.card, "E-UNDEFINED", f"{name!r} is no card variable set earlier",
                  "set it first with 'NAME = draw card from region cards'")
    elif t != REGION_CARD:
        chk.error(e.card, "E-TYPE", f"{name!r} is a {t}, not a region card",
                  "a region card comes from 'draw card from region cards'")


def _region_of_card_words(n: ast.RegionOfCard, w: Words, mode: Mode, nested: bool) -> str:
    return f"the region of the region card drawn as '{n.card.name}'"


_form(RegionForm(
    "region_of_card", ast.RegionOfCard, _region_of_card_words,
    build=lambda items: {"card": items[0]}, check=_region_of_card_check,
    possible=_places(lambda pl: pl.mainland), rules=("B2.1",)))


# -- where a token stands (a set's pieces: declared as data) ----------------------------------
def _region_of_token_check(chk: Checks, e: ast.RegionOfToken, scope: Scope,
                           allow_court: bool) -> None:
    if e.token not in chk.tokens:
        chk.error(e, "E-UNKNOWN-NAME", f"unknown piece {e.token!r}: no set in play declares "
                  "it", "tokens in play: " + (", ".join(sorted(chk.tokens)) or "none")
                  + " (a set declares its tokens under 'pieces:' in its set.yaml)")


def _region_of_token_words(n: ast.RegionOfToken, w: Words, mode: Mode, nested: bool) -> str:
    return f"the place of {w.piece(n.token)}"


_form(RegionForm(
    "region_of_token", ast.RegionOfToken, _region_of_token_words,
    build=lambda items: {"token": " ".join(str(i) for i in items)},
    check=_region_of_token_check, possible=_places(lambda pl: pl.ids), rules=("B8.1",)))
