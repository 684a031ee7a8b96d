"""The engine layer: decisions, region-set evaluation, primitives and the interpreter.

It knows no card names: cards reach it as data (parsed scripts) from the dsl layer.
"""
