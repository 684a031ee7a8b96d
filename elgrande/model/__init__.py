"""The model layer: board data, game state, scoring and the placement rules.

It knows nothing of YAML cards, Lark or the CLI (docs/architecture.md, "The layers").
"""
