"""The words of the page's move controls (elgrande/server/page/controls.js) the page
tests look for: whose caballeros a source holds, and a source button's accessible name
(B8.2, f20)."""

from __future__ import annotations

import re
from typing import Any

from browser import Tab


def page_state_of(tab: Tab) -> dict[str, Any]:
    """The page's game state (``window.elgrandePage.state``)."""
    out: dict[str, Any] = tab.page.evaluate(
        "JSON.parse(JSON.stringify(window.elgrandePage.state))")
    return out


def owner(state: dict[str, Any], player: int) -> str:
    """Whose caballeros the move controls say: the seat's own "your caballeros", the
    nobody's "black caballero", another's by name (f20)."""
    if player == state["seat"]:
        return "your caballeros"
    return "black caballero" if player < 0 else str(state["names"][player])


def source_name(tab: Tab, o: dict[str, Any]) -> re.Pattern[str]:
    """The accessible name of option ``o``'s source button: "from PLACE: WHO", its kind,
    then how many are still there ("(3)")."""
    kind = f" ({o['kind_label']})" if "kind_label" in o else ""
    who = owner(page_state_of(tab), o["player"])
    return re.compile("^" + re.escape(f"from {o['from_label']}: {who}{kind}") + r"( \(\d+\))?$")
