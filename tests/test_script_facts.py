"""The scripts' facts a library keeps (elgrande/dsl/script_facts.py; docs/performance.md,
"Start-up and validate"): found once when the library is built and cached with it, they
give a game's set-up what walking every script gave (the rule changes, B8.4; the
triggers and their events), so a warm start walks no script."""

from __future__ import annotations

import pickle
from pathlib import Path

import pytest

from elgrande.data.library import load_library
from elgrande.data.scripts import Scripts
from elgrande.dsl import ast
from elgrande.dsl.script_facts import call_names, facts_of, script_facts
from elgrande.engine import rule_params
from elgrande.engine.modules import load_rules
from elgrande.engine.triggers import trigger_module

HOMEBREW = str(Path(__file__).resolve().parent.parent / "examples" / "homebrew")

#: Every shipped set's library, and one with the homebrew examples (when, carry out,
#: rule changes among them).
LIBRARIES = [(("base",), None, ()), (("base",), None, (HOMEBREW,)),
             (("base", "colonies"), "provisional", ()),
             (("base", "intrigue-king"), "provisional", ()),
             (("base", "intrigue-king", "colonies"), "provisional", ()),
             (("base", "colonies"), "provisional", (HOMEBREW,))]


@pytest.mark.parametrize(("sets", "fill", "extra"), LIBRARIES)
def test_B8_4_facts_give_the_set_up_what_walking_every_script_gives(
        sets: tuple[str, ...], fill: str | None, extra: tuple[str, ...]) -> None:
    lib = load_library(sets, fill=fill, extra=extra)
    assert lib.facts == script_facts(lib.scripts) and lib.facts is not None
    for card, script in lib.scripts.items():
        walked = {n.name for n in ast.walk(script) if isinstance(n, ast.Call)}
        assert call_names(script) == walked, card
    rule_params._FOUND.clear()
    walked_changes = rule_params.changes(lib.scripts)
    rule_params._FOUND.clear()
    assert rule_params.changes(lib.scripts, lib.facts) == walked_changes
    params = rule_params.declared(load_rules(lib.board.rules_modules).modules)
    rule_params._USED.clear()
    walked_used = rule_params.used(lib.scripts, params)
    rule_params._USED.clear()
    assert rule_params.used(lib.scripts, params, lib.facts) == walked_used
    with_facts = trigger_module(lib.board, lib.scripts, lib.facts)
    walking = trigger_module(lib.board, lib.scripts)
    assert (with_facts is None) == (walking is None)
    if with_facts is not None and walking is not None:
        assert (with_facts.events, with_facts.keepers, with_facts.carried) == \
               (walking.events, walking.keepers, walking.carried)


def test_B8_4_the_shipped_sets_have_facts_to_find() -> None:
    """The shipped cards exercise the facts: some card changes a rule, one keeps a
    trigger."""
    lib = load_library(("base", "intrigue-king", "colonies"), fill="provisional")
    assert lib.facts is not None
    assert any(rule_params.CHANGE in calls for calls, _, _ in lib.facts.values())
    assert any(changes for _, _, changes in lib.facts.values())
    assert any(whens for _, whens, _ in lib.facts.values())


def test_facts_of_other_cards_are_not_used() -> None:
    lib = load_library(("base",), extra=(HOMEBREW,))
    assert lib.facts is not None
    assert facts_of(lib.facts, lib.scripts) is lib.facts
    fewer = dict(lib.scripts)
    fewer.popitem()
    assert facts_of(lib.facts, fewer) is None
    assert facts_of(None, lib.scripts) is None


def test_a_pickled_library_reads_each_script_on_first_use_and_equal() -> None:
    """elgrande/data/scripts.py: a library read back (as from its cache) holds its scripts
    pickled; a card's script, read through the library or the card, is unpickled once,
    equal to the parsed one, the same object both ways."""
    lib = load_library(("base", "colonies"), fill="provisional")
    back = pickle.loads(pickle.dumps(lib))
    assert isinstance(back.scripts, Scripts) and repr(back.scripts).endswith(" 0 read)")
    assert list(back.scripts) == list(lib.scripts) and len(back.scripts) == len(lib.scripts)
    card = next(c for c in back.cards.cards.values() if c.script is not None)
    assert repr(back.scripts).endswith(" 1 read)")
    assert card.script is back.scripts[card.id] and card.script == lib.scripts[card.id]
    assert card == lib.card(card.id) and back == lib
    assert repr(back.scripts).endswith(f" {len(lib.scripts)} read)")
    with pytest.raises(KeyError):
        back.scripts["no such card"]
    with pytest.raises(AttributeError):
        _ = card.no_such_field


def test_a_library_whose_scripts_were_read_pickles_them_unread() -> None:
    """elgrande/data/cards.py: a card whose script was read (the card played) pickles
    without it: read back, the library reads it again from its scripts on first use (the
    test above, run after another test played the cards, failed once without this)."""
    lib = load_library(("base", "colonies"), fill="provisional")
    read = [c for c in lib.cards.cards.values() if c.script is not None]
    assert read
    back = pickle.loads(pickle.dumps(lib))
    assert repr(back.scripts).endswith(" 0 read)")
    card = back.card(read[0].id)
    assert card.script == read[0].script and repr(back.scripts).endswith(" 1 read)")


def test_the_interpreter_reads_a_script_once_and_pickles_without_it() -> None:
    """elgrande/engine/interpreter.py: the interpreter keeps each script it looked up in
    a plain dict (not the lazy mapping's Python methods at each look-up); it pickles as
    its arguments, the scripts read left out, and read back it runs the same."""
    from elgrande.engine.interpreter import Interpreter

    lib = pickle.loads(pickle.dumps(load_library(("base",))))
    interp = Interpreter(lib.board, lib.scripts)
    before = pickle.dumps(interp)
    card = next(iter(lib.scripts))
    assert not interp.has("no such card") and interp.has(card)
    assert repr(lib.scripts).endswith(" 1 read)")
    assert interp.begin(card, 0).card == card and repr(lib.scripts).endswith(" 1 read)")
    assert pickle.dumps(interp) == before
    back = pickle.loads(before)
    assert back.has(card) and back.budget == interp.budget
    with pytest.raises(KeyError):
        interp.begin("no such card", 0)
