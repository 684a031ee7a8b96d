"""The card DSL: YAML card files, the Lark grammar's typed AST, the static checker and the
English renderer. It knows no game state (docs/architecture.md, "The layers").

The syntax tree's module (:mod:`elgrande.dsl.ast`, some forty attrs classes: about a
tenth of a cold start's instructions to build) is imported lazily: ``from elgrande.dsl
import ast`` gives a module that runs its code on the first attribute read, so a process
that plays no card before its first decision (a warm start, whose library cache keeps the
scripts unparsed until a card is played: :mod:`elgrande.data.scripts`) never builds it
(docs/performance.md, "Start-up and validate"; ``tests/test_cold_imports.py``).
"""

import importlib.util as _util
import sys as _sys


def _lazy_ast() -> None:
    """Put a lazily run :mod:`elgrande.dsl.ast` in ``sys.modules`` and on this package
    (:class:`importlib.util.LazyLoader`), unless it is imported already."""
    name = __name__ + ".ast"
    if name in _sys.modules:
        return
    spec = _util.find_spec(name)
    if spec is None or spec.loader is None:  # pragma: no cover - the package is broken
        return
    spec.loader = _util.LazyLoader(spec.loader)
    module = _util.module_from_spec(spec)
    _sys.modules[name] = module
    spec.loader.exec_module(module)
    globals()["ast"] = module


_lazy_ast()
