"""f33: at a move's limit the "Why not other places?" line said some 50 "X to Y" moves
under one reason ("at most 3 caballeros may move, not 4", B8.2): the page says that
reason once with their number (the server's ``said``, elgrande.server.folds), in a real
browser (tests/browser.py) against a real ``elgrande serve``; the controls are the
server's own for a seeded base game, drawn by the page's code."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from browser import Tab
from test_h47_log_reasons import moves_at_limit
from test_server_page import quiet
from test_server_page_layout import _open, played
from test_server_page_plain import _show

__all__ = ["played"]  # the layout tests' fixture


def _at_limit() -> dict[str, Any]:
    """The controls of the first move of seeded game 0 taken to its limit, where the
    limit's reason refuses several moves."""
    for c in moves_at_limit():
        if c["total"] >= c["max"] and any(
                r.get("said") for f in c["folds"] for r in f["reasons"]):
            return c
    raise AssertionError("no move at its limit")


@pytest.mark.slow
@pytest.mark.rule("B8.2")
def test_b8_2_the_limit_s_reason_is_said_once_not_for_every_move(
        server: str, played: dict[str, Any], new_tab: Callable[[], Tab]) -> None:
    c = _at_limit()
    (r,) = [r for f in c["folds"] for r in f["reasons"] if r.get("said")]
    tab = _open(server, played, new_tab, 1280, 900)
    _show(tab, c)
    fold = tab.page.locator("#decision details.fold")
    fold.locator("summary").click()
    text = fold.inner_text()
    assert r["said"] in text, text
    assert not any(lab in text for lab in r["labels"]), text  # no move listed
    tab.page.reload()
    quiet(tab)
