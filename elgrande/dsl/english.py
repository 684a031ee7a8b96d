"""Plain-text helpers of the English renderer (:mod:`elgrande.dsl.render`): the
third-person forms of a sentence whose subject is another player, and the tidying of a
filled template."""

from __future__ import annotations

import re

_PRONOUNS = {"you": "they", "your": "their", "yours": "theirs", "yourself": "themselves"}


def swap_pronouns(text: str) -> str:
    """``text`` with the second-person pronouns made third person ("your" -> "their")."""
    return re.sub(r"\b(you|your|yours|yourself)\b", lambda m: _PRONOUNS[m.group(1)], text)


def conjugate_first(text: str) -> str:
    """``text`` with its first word, an imperative verb, in the third person singular
    ("send ..." -> "sends ...", "be" -> "is"); text not starting with a lower-case word
    is returned as is."""
    m = re.match(r"([a-z]+)(.*)", text, flags=re.S)
    if m is None:
        return text
    verb, rest = m.groups()
    if verb == "be":
        verb = "is"
    elif verb == "have":
        verb = "has"
    elif re.search(r"(s|x|z|ch|sh|o)$", verb):
        verb += "es"
    elif re.search(r"[^aeiou]y$", verb):
        verb = verb[:-1] + "ies"
    else:
        verb += "s"
    return verb + rest


def tidy(text: str) -> str:
    """``text`` with runs of white space made one space, no space before a comma and
    "1 caballeros" made singular (not after "plus"/"minus")."""
    text = re.sub(r"\s+", " ", text).strip()
    text = re.sub(r" ,", ",", text)
    return re.sub(r"(?<!plus )(?<!minus )\b1 caballeros\b", "1 caballero", text)
