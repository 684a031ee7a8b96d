"""What a fresh process imports to start a game (the cold start, docs/performance.md,
"Start-up and validate"): with warm card caches, no OpenSSL (``hashlib`` and ``hmac``,
through ``secrets``, load it: about 15M instructions of every cold start), no parser and
no statement signatures (``elgrande.dsl.signatures``: the parser's, checker's and docs'
declarations, about 6M), no scoring results (``elgrande.model.score_results``, imported
at a game's first scoring: about 5M) and not the ``attrs`` namespace (the modules a start
imports write ``attr.frozen``, ``attr.fields``, ...: the same functions, without the five
submodules ``import attrs`` loads, about 2M).
The draw key's sha256 (B2) comes from the built-in module, and a drawn seed from
``random.SystemRandom``; the golden records check that the draws did not change."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import elgrande
from elgrande.engine.cards import KEY_RANGE, draw_key
from elgrande.play.seeds import DRAWN_MIN, SEED_MAX, draw_seed

#: A cold start (benchmarks/cold_start.py's, shortened): every shipped set's game, then
#: the modules that must not have been imported.
COLD = """\
import json, sys
import elgrande
for extra in ("colonies", "intrigue-king"):
    elgrande.new_game(4, sets=("base", extra), fill="provisional")
elgrande.new_game(4)
elgrande.new_game(3, seed=None)  # a drawn seed too
print(json.dumps(sorted(m for m in ("_hashlib", "hashlib", "hmac", "secrets", "lark",
                                    "elgrande.dsl.parser", "elgrande.dsl.signatures",
                                    "elgrande.model.score_results", "attrs")
                        if m in sys.modules)))
"""


def _two_runs(tmp_path: Path, *args: str) -> list[Any]:
    """A fresh python run twice with ``args`` on one new card cache folder (the first run
    fills it: the second is a warm start): what each printed last, as JSON."""
    cache = tmp_path / "cache"
    cache.mkdir(mode=0o700)
    env = dict(os.environ, XDG_CACHE_HOME=str(cache))
    env.pop("ELGRANDE_NO_CACHE", None)
    got = []
    for _ in range(2):
        out = subprocess.run([sys.executable, *args], env=env, cwd=tmp_path, check=True,
                             capture_output=True, text=True).stdout
        got.append(json.loads(out.splitlines()[-1]))
    return got


def test_B2_a_warm_cold_start_loads_no_openssl_and_no_parser(tmp_path: Path) -> None:
    imported = _two_runs(tmp_path, "-c", COLD)
    assert "elgrande.dsl.parser" in imported[0]  # cold caches: the cards were parsed
    assert imported[1] == []


#: Modules a fresh process's first decision of a game needs none of, imported on first
#: use (docs/performance.md, "Start-up and validate"): the card language's renderer and
#: its texts (a prompt or refusal naming a card's choice), the saved-game checks (saving
#: or loading a game; the expansions' own, with the saved shapes, when a game is loaded),
#: the rules reference (a refusal's rule title) and the lazy views (a bot's view). The
#: syntax tree (``elgrande.dsl.ast``, made lazy by elgrande/dsl/__init__.py) is checked
#: too: with warm caches no card script is read before a card is played
#: (elgrande/data/scripts.py), so its module is not run; reading a script (a text naming
#: what a card does) runs it.
LAZY = ("elgrande.dsl.render", "elgrande.dsl.choice_words", "elgrande.dsl.english",
        "elgrande.dsl.plain_methods", "elgrande.play.saved", "elgrande.errors.rule_ids",
        "elgrande.model.saved_shapes", "elgrande.rules.colonies.saved",
        "elgrande.rules.intrigue_king.saved", "elgrande.play.views")

#: Modules no game of the shipped sets imports: the scenario runner's keys
#: (``elgrande.engine.scenario_keys``) and what a set declares beyond the printed board
#: (``elgrande.model.declared``: off-board spaces and tokens; no shipped set has any).
NOT_IN_A_GAME = ("elgrande.engine.scenario_keys", "elgrande.model.declared")

#: A game of the three sets to its first decision; then which of :data:`LAZY` (and the
#: parser) were imported, and that using each imports it.
THREE_SETS = """\
import json, sys
import elgrande
g = elgrande.new_game(4, sets=("base", "intrigue-king", "colonies"), fill="provisional")
assert g.pending is not None
lazy, never = json.loads(sys.argv[1]), json.loads(sys.argv[2])
first = sorted(m for m in lazy + never + ["elgrande.dsl.parser"] if m in sys.modules)
if type(sys.modules["elgrande.dsl.ast"]) is type(sys):  # run, not only made lazily
    first.append("elgrande.dsl.ast")
elgrande.Game.from_json(g.to_json())
g.in_words("{does:%s}" % next(iter(g.library.scripts)))
try:
    g.answer(g.pending.players[0], "no such answer")
except elgrande.IllegalMove:
    pass
assert g.lazy_view(0)["player"] == 0
print(json.dumps([first, sorted(m for m in lazy + never if m not in sys.modules)
                  + ([] if type(sys.modules["elgrande.dsl.ast"]) is type(sys)
                     else ["elgrande.dsl.ast"])]))
"""


def test_B2_the_first_decision_of_a_three_set_game_imports_no_texts_or_checks(
        tmp_path: Path) -> None:
    got = _two_runs(tmp_path, "-c", THREE_SETS, json.dumps(list(LAZY)),
                    json.dumps(list(NOT_IN_A_GAME)))
    # none at the first decision, in either build (no compiled module a start imports
    # reads the tree since the interpreter is imported on first use); each of LAZY once used
    assert got[1] == [[], sorted(NOT_IN_A_GAME)]


def test_B2_the_draw_key_is_the_seed_s_sha256() -> None:
    import hashlib

    for seed in (0, 1, 2**40 + 7, SEED_MAX):
        digest = hashlib.sha256(f"elgrande-draws:{seed}".encode()).digest()
        assert draw_key(seed) == int.from_bytes(digest[:8], "big") % KEY_RANGE + 1
    assert elgrande.new_game(2, seed=5).state.draw_key == draw_key(5)


def test_B2_drawn_seeds_are_large_and_differ() -> None:
    seeds = {draw_seed() for _ in range(50)}
    assert len(seeds) == 50
    assert all(DRAWN_MIN <= s <= SEED_MAX for s in seeds)


def test_classes_made_at_import_share_repr_eq_and_hash_as_attrs_writes_them() -> None:
    """FollowUp, ScenarioKeys and the renderer's _Ctx and _Words take elgrande.model.plain's
    methods (attrs compiles none for them at import): the same repr, equality and hash."""
    from elgrande.dsl.render import _Ctx, _Words
    from elgrande.engine.modules import FollowUp
    from elgrande.engine.scenario_keys import ScenarioKeys

    f = FollowUp("C7", "choose_option", "w", "a", "s")
    assert repr(f) == "FollowUp(rule='C7', kind='choose_option', when='w', answer='a', step='s')"
    assert f == FollowUp("C7", "choose_option", "w", "a", "s") != FollowUp("C7", "x", "w", "a",
                                                                            "s")
    assert hash(f) == hash(FollowUp("C7", "choose_option", "w", "a", "s"))
    assert repr(ScenarioKeys()) == "ScenarioKeys(position=None, step=None, expect=None)"
    c = _Ctx(third=True, court="c")
    assert repr(c) == ("_Ctx(third=True, in_each=False, court='c', names={}, variables={})")
    assert c == _Ctx(third=True, court="c") and c != _Ctx(court="c")
    assert _Words(c) == _Words(_Ctx(third=True, court="c")) != _Words(_Ctx())
    assert repr(_Words(c)).startswith("_Words(ctx=_Ctx(third=True")


#: The card language's interpreter and statements, made on first use by the flow engine
#: (``FlowEngine.interpreter``): a game imports them when its first special action runs.
CARD_STATEMENTS = ("elgrande.engine.interpreter", "elgrande.engine.cards",
                   "elgrande.engine.points", "elgrande.engine.compiled")

#: A three-set game to its first decision, then played at random until a card's special
#: action has run: which of :data:`CARD_STATEMENTS` were imported before, which after.
UNTIL_A_CARD = """\
import json, random, sys
import elgrande
g = elgrande.new_game(4, sets=("base", "intrigue-king", "colonies"), fill="provisional",
                      seed=3)
names = json.loads(sys.argv[1])
first = sorted(m for m in names if m in sys.modules)
rng = random.Random(3)
for _ in range(400):
    if g.flow.pending is None or g.flow.run is not None:
        break
    d = g.flow.pending
    g.answer(d.players[0], d.random_answer(rng, d.players[0]))
print(json.dumps([first, g.flow.run is not None,
                  sorted(m for m in names if m not in sys.modules)]))
"""


def test_C1_the_interpreter_and_card_statements_are_imported_when_a_card_is_played(
        tmp_path: Path) -> None:
    got = _two_runs(tmp_path, "-c", UNTIL_A_CARD, json.dumps(list(CARD_STATEMENTS)))
    assert got[1] == [[], True, []]  # none at the first decision; all once a card runs


def test_B8_4_a_cached_rule_change_s_durations_are_change_rule_s() -> None:
    """``change_fits`` (a warm start's check of a cached rule change, B8.4) reads the
    durations from ``DURATIONS`` without importing the signatures: they must agree."""
    from elgrande.dsl.rule_params import DURATIONS, change_fits
    from elgrande.dsl.signatures import SIGNATURES

    assert SIGNATURES["change_rule"].param("until").allowed == tuple(DURATIONS)
    assert not change_fits(("placement number", "once", False, "number"), {})


def test_I3_the_intrigue_king_cache_shows_every_field_in_order() -> None:
    """The Intrigue & the King cache is a plain class (attrs would compile an unused
    ``__attrs_init__`` at every start): its repr names every field, in declared order, as
    attrs' did."""
    import ast

    from elgrande.rules.intrigue_king import cards

    # the source beside the module (the compiled build keeps it: docs/compiled.md)
    tree = ast.parse((Path(str(cards.__file__)).parent / "cards.py").read_text("utf-8"))
    cls = next(n for n in ast.walk(tree) if isinstance(n, ast.ClassDef) and n.name == "Cache")
    declared = tuple(s.target.id for s in cls.body  # type: ignore[union-attr]
                     if isinstance(s, ast.AnnAssign))
    assert cards._CACHE_FIELDS == declared
    g = elgrande.new_game(3, sets=("base", "intrigue-king"), fill="provisional", seed=1)
    shown = repr(cards.cache_of(g.library))
    assert shown.startswith("Cache(lib=") and shown.endswith(")")
    assert [f"{n}=" in shown for n in declared] == [True] * len(declared)


#: The facade's first use in a fresh process (elgrande/__init__.py): the collector's
#: permanent generation before and after (never frozen), whether the collector is on
#: after, and a game's card titles (``CardTitles``) not worked out at its set-up, then
#: worked out on a read.
FACADE = """\
import gc, json, sys
if sys.argv[1] == "off":
    gc.disable()
import elgrande
before = gc.get_freeze_count()
new_game = elgrande.new_game
frozen, on = gc.get_freeze_count(), gc.isenabled()
from elgrande.play import words
g = new_game(4, sets=("base", "colonies"), fill="provisional")
named_at_start = id(g.library) in words._LABELS
cid = next(iter(g.library.cards.cards))
title = g.chronicle.titles[cid]
print(json.dumps([before, frozen, on, named_at_start, id(g.library) in words._LABELS,
                  title == words.card_titles(g.library)[cid], len(g.chronicle.titles)
                  == len(g.library.cards.cards)]))
"""


def test_B2_the_facade_s_first_use_pauses_the_collector_and_names_cards_late(
        tmp_path: Path) -> None:
    """docs/performance.md, "Start-up and validate": the engine's modules are imported
    with the collector paused, never frozen (a library keeps none of the program's
    garbage), and the collector is on again unless the program had it off; a game's
    chronicle works out its card titles on the first read (a Colonies game's first
    decision names no card; a base game's names the offer, B3.1)."""
    got = _two_runs(tmp_path, "-c", FACADE, "on")
    assert got[1] == [0, 0, True, False, True, True, True]
    (tmp_path / "off").mkdir()
    assert _two_runs(tmp_path / "off", "-c", FACADE, "off")[1][:3] == [0, 0, False]


#: The facade's first use after the program made cyclic garbage and, with ``frozen``, froze
#: it and its other objects: the most objects a young collection during the first game's
#: set-up traverses, the program's garbage dead after a full collection, objects in the
#: permanent generation after it.
AGED = """\
import gc, json, sys, weakref
class Node:
    pass
a, b = Node(), Node()
a.other, b.other = b, a
dead = weakref.ref(a)
del a, b
if sys.argv[1] == "frozen":
    gc.freeze()
import elgrande
young = [0]
def seen(phase, info):
    if phase == "start" and info["generation"] == 0:
        young[0] = max(young[0], len(gc.get_objects(0)))
gc.callbacks.append(seen)
elgrande.new_game(3, seed=1)
gc.callbacks.remove(seen)
after = gc.get_freeze_count()
gc.collect()
print(json.dumps([young[0], dead() is None, after > 0]))
"""


def test_B2_the_facade_s_first_use_ages_its_objects_and_keeps_no_garbage(
        tmp_path: Path) -> None:
    """docs/performance.md, "Start-up and validate": the objects the facade's import made
    go to the collector's oldest generation with no collection (the next young collection
    does not traverse them), nothing stays frozen (the program's cyclic garbage of before
    is still collected), and a program's own frozen objects stay frozen."""
    young, dead, frozen = _two_runs(tmp_path, "-c", AGED, "plain")[1]
    assert young < 5000 and dead and not frozen  # without the ageing: about 18000
    (tmp_path / "frozen").mkdir()  # not released (no ageing then): its garbage stays frozen
    young, dead, frozen = _two_runs(tmp_path / "frozen", "-c", AGED, "frozen")[1]
    assert not dead and frozen
