"""Rules modules, one per card set that changes the flow or the board rules (docs/architecture.md
a set's manifest names its module (``rules: base`` -> :mod:`elgrande.rules.base`),
and loading the set turns it on. See :mod:`elgrande.engine.modules` for phases and hooks.
"""
