"""The model layer: board data, game state, scoring and the placement rules.

It knows nothing of YAML cards, Lark or the CLI (DESIGN.md section 2).
"""
