"""The card language's syntax errors hint at the fix where it is plain (docs/dsl.md):
an English article before a word the language writes bare ("adjacent to the king")."""

from __future__ import annotations

import pytest

from elgrande.dsl.parser import parse
from elgrande.errors import CardError


@pytest.mark.parametrize(("script", "fix"), [
    ("dest = choose region from adjacent to the king\n", "write 'to king', without 'the'"),
    ("move up to 2 own caballeros from the court to king\n",
     "write 'from court', without 'the'"),
    ("score castillo\nscore a castillo\n", "write 'score castillo', without 'a'"),
])
def test_an_article_the_language_does_not_write_is_named_in_the_hint(script: str,
                                                                    fix: str) -> None:
    with pytest.raises(CardError) as err:
        parse(script)
    assert err.value.code == "E-SYNTAX" and err.value.hint.startswith(fix + "; expected ")


def test_no_article_hint_where_leaving_it_out_does_not_help() -> None:
    """A number after the article: reading the script again without the article
    stops no later, so the hint is the plain expected words."""
    with pytest.raises(CardError) as err:
        parse("score the 5\n")
    assert "without" not in (err.value.hint or "")
