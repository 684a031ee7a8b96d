"""A set's own keys of the scenario-case format (``tests/cases/README.md``): the
:class:`ScenarioKeys` a rules module's ``scenario`` file holds, read by the scenario runner
(:mod:`elgrande.tools.scenario_case`) only (docs/architecture.md, rules modules). Kept out
of :mod:`elgrande.engine.modules`, so that a game, which never reads them, does not build
the class (docs/performance.md, "Start-up and validate").
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import attr

from elgrande.errors import DataError
from elgrande.model.plain import plain_eq, plain_hash, plain_repr

if TYPE_CHECKING:
    from elgrande.engine.modules import RulesModule


@attr.frozen(repr=False, eq=False)
class ScenarioKeys:
    """A set's own keys of the scenario-case format (``tests/cases/README.md``), read by
    the scenario runner (:mod:`elgrande.tools.scenario`) only, so that the tools never
    name a set. Each may be None (the set adds none of that kind).

    Attributes:
        position: ``position(case, key, value) -> bool``: set up a position key the base
            format lacks (e.g. a module's pieces) on ``case.state``; True when handled.
        step: ``step(case, name) -> step function | None``: a scenario step this module
            runs itself (``fn(case, arg)``), before the built-in one.
        expect: ``expect(case, key, value, before) -> list[str] | None``: the differences
            for an expectation key of this module (None: not handled).
    """

    def __eq__(self, other: object) -> bool:
        return plain_eq(self, other)

    def __hash__(self) -> int:
        return plain_hash(self)

    def __repr__(self) -> str:  # shared, not compiled per class (the cold start)
        return plain_repr(self)

    position: Callable[[Any, str, Any], bool] | None = None
    step: Callable[[Any, str], Callable[[Any, Any], Any] | None] | None = None
    expect: Callable[[Any, str, Any, Any], list[str] | None] | None = None


def scenario_keys(module: RulesModule) -> ScenarioKeys | None:
    """The scenario-case keys ``module`` registers (its ``scenario`` module's
    ``SCENARIO``), or None.

    Raises:
        DataError: the named module does not load or holds no :class:`ScenarioKeys`.
    """
    if not module.scenario:
        return None
    try:
        keys = getattr(importlib.import_module(module.scenario), "SCENARIO", None)
    except ModuleNotFoundError:
        keys = None
    if not isinstance(keys, ScenarioKeys):
        raise DataError("", f"rules module {module.name!r}: {module.scenario} holds no "
                        "SCENARIO keys")
    return keys
