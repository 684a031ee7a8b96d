"""elgrande: the reference rules engine for El Grande and its expansions.

Layers (DESIGN.md): ``model`` (board, state, scoring, placement rules), ``dsl`` (card files,
grammar, checker, renderer), ``engine`` (interpreter, primitives, decisions, flow),
``game`` (the facade), and the tools (``cli``, docs, bots).
"""

__version__ = "0.1.0"
