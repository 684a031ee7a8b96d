"""Prompts of the engine as tests compare them."""

from __future__ import annotations

import re


def bare(prompt: str) -> str:
    """``prompt`` without the card marker a special action's decisions start with
    (``"{card:ID}: move ..."`` -> ``"Move ..."``, B8: the interpreter names the card)."""
    return re.sub(r"^\{card:[^{}:]+\}: (.)", lambda m: m.group(1).upper(), prompt)
