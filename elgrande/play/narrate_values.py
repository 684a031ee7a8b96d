"""A card's regions named by their first value, said plainly (B8.6; moved out of
:mod:`elgrande.play.narrate`, which re-exports :func:`by_first_value`)."""

from __future__ import annotations

import re

#: A card's "all the 4 regions", "all the 6 and 7 regions", "all 5 regions" (the base
#: game's printed text has no "the" there): the regions named by their first value (B8.6;
#: f23 read "all 4 regions" as a count of four, f28 "all 5 regions" as five unnamed ones).
_VALUE_REGIONS = re.compile(r"\ball (?:the )?(\d+(?: and \d+)*) regions\b", re.I)


def by_first_value(text: str, gloss: bool = False) -> str:
    """``text`` with a card's regions named by their first value (:data:`_VALUE_REGIONS`,
    B8.6) said plainly: ``"Score all 5 regions."`` -> ``"Score every region whose first
    value is 5."`` (two values joined by "or"); with ``gloss``, the printed words kept and
    the plain ones added in brackets: ``"Score all 5 regions [every region whose first
    value is 5]."`` (a card's whole text is shown as printed). Raises nothing."""
    def said(m: re.Match[str]) -> str:
        plain = "every region whose first value is " + m.group(1).replace(" and ", " or ")
        return f"{m.group(0)} [{plain}]" if gloss else plain
    return _VALUE_REGIONS.sub(said, text)
