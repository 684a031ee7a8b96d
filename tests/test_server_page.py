"""The page of ``elgrande serve`` in a real browser (Playwright driving Chromium,
tests/browser.py): a 4-seat game of the base game with the Colonies, two humans in two
browser contexts and two bots, played by clicks only (B3.4: every decision answered with
the mouse, the controls built from the action space): the Colonies' secret disc (C2, kept
from the other seat until revealed, B8.5), disabled options showing the rule that forbids
them (B5.2 on hover), a refused answer showing its rule and the rules text, a reload in
the middle, and at the end the final scores, the record to download and the replay.

The server is a real ``elgrande serve`` process (the [serve] extra; skipped without it).
"""

from __future__ import annotations

import json
import random
import re
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from browser import Tab
from move_words import source_name

from elgrande.errors.rule_ids import lookup

SETS = ["base", "colonies"]


def create(base: str, players: int, seed: int, bots: dict[int, str],
           sets: list[str] | None = None) -> dict[str, Any]:
    """``POST /api/games``: the new game's links."""
    sets = sets or SETS
    body = json.dumps({"players": players, "sets": sets, "seed": seed,
                       "fill": "provisional" if len(sets) > 1 else None,
                       "bots": {str(k): v for k, v in bots.items()},
                       "variant": None, "names": None}).encode()
    req = urllib.request.Request(base + "/api/games", data=body, method="POST",
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=30) as r:
        out: dict[str, Any] = json.loads(r.read())
    return out


def api_state(base: str, game: str, token: str) -> dict[str, Any]:
    req = urllib.request.Request(f"{base}/api/games/{game}/state",
                                 headers={"X-Elgrande-Token": token})
    with urllib.request.urlopen(req, timeout=30) as r:
        out: dict[str, Any] = json.loads(r.read())
    return out


def token_of(url: str) -> str:
    m = re.search(r"[?&]t=([^&]+)", url)
    assert m, url
    return m.group(1)


def page_state(tab: Tab) -> dict[str, Any]:
    """The page's own state (``window.elgrandePage``): state, n, controls, units."""
    out: dict[str, Any] = tab.page.evaluate(
        "JSON.parse(JSON.stringify({state: window.elgrandePage.state, n: window.elgrandePage.n,"
        " controls: window.elgrandePage.controls, units: window.elgrandePage.units,"
        " since: window.elgrandePage.since}))")
    return out


def wait_for_n(tab: Tab, n: int) -> None:
    """Wait until the page shows the game after ``n`` answers."""
    tab.page.wait_for_function("(n) => window.elgrandePage && window.elgrandePage.n === n", arg=n)


def wait_for_units(tab: Tab, count: int) -> None:
    tab.page.wait_for_function(
        "(k) => window.elgrandePage.controls && window.elgrandePage.controls.total === k",
        arg=count)


def decision(tab: Tab) -> Any:
    return tab.page.get_by_role("region", name="Your decision")


def label_of(c: dict[str, Any], o: dict[str, Any], names: list[str]) -> str:
    return names[o["player"]] if c["kind"] == "choose_player" else str(o["label"])


def on_board(tab: Tab, o: dict[str, Any]) -> bool:
    """Whether option ``o`` names a place drawn on the board (to click there)."""
    return bool(o.get("place")) and tab.page.locator(
        f'#board g.place[data-place="{o["place"]}"]').count() > 0


def click_answer(tab: Tab, rng: random.Random, seen: dict[str, Any]) -> None:
    """Answer the tab's pending decision by clicks on enabled controls (sometimes on the
    board), and record in ``seen`` what was met."""
    st = page_state(tab)
    c, n, names = st["controls"], st["n"], st["state"]["names"]
    p = tab.page
    dec = decision(tab)
    seen.setdefault("forms", set()).add(c["form"])
    seen.setdefault("rules", set()).add(c["rule"])
    enabled = [o for o in c["options"] if o["enabled"]]
    if c["form"] == "pick":
        o = rng.choice(enabled)
        # a place two choices name (two scoreboards to one region) asks for their buttons
        # (checked after the draw: the rng, and so every other game, goes on as before)
        alone = sum(x.get("place") == o.get("place") for x in enabled) == 1
        if on_board(tab, o) and rng.random() < 0.5 and alone:
            p.locator(f'#board g.place[data-place="{o["place"]}"] > text').first.click()
            seen["board_clicks"] = seen.get("board_clicks", 0) + 1
        else:
            name = label_of(c, o, names)  # two open cards may share a title: by order
            twins = [x for x in c["options"] if label_of(c, x, names) == name]
            dec.get_by_role("list", name="Choices").get_by_role(
                "button", name=name, exact=True).nth(twins.index(o)).click()
        if c["secret"]:
            held_secret(tab, c, o, n, names, seen)
    elif c["form"] == "subset":
        for i, o in enumerate(rng.sample(enabled, c["max"])):
            dec.get_by_role("checkbox", name=o["label"], exact=True).check()
            wait_for_units(tab, i + 1)
        dec.get_by_role("button", name="Confirm").click()
    elif c["form"] == "counts":
        k = rng.randint(c["min"], c["max"]) if c["max"] < 20 else c["min"]
        i = 0
        while True:  # k caballeros, more where the answer needs them (B4.1)
            c = page_state(tab)["controls"]
            open_ = [o for o in c["options"] if o["enabled"]]
            if not open_ or (c["done"]["enabled"] and i >= k):
                break
            o = rng.choice(open_)
            i += 1
            if on_board(tab, o) and rng.random() < 0.3:
                p.locator(f'#board g.place[data-place="{o["place"]}"] > text').first.click()
                seen["board_clicks"] = seen.get("board_clicks", 0) + 1
            else:
                dec.get_by_role("button", name=f"one more: {o['label']}", exact=True).click()
            wait_for_units(tab, i)
        dec.get_by_role("button", name="Done").click()
    else:  # moves
        k = rng.randint(c["min"], max(c["min"], min(c["max"], 3)))
        i = 0
        while True:
            c = page_state(tab)["controls"]
            open_ = [o for o in c["options"] if o["enabled"]]
            if not open_ or (c["done"]["enabled"] and i >= k):
                break
            o = rng.choice(open_)
            i += 1
            src = dec.get_by_role("list", name="Move from").get_by_role(
                "button", name=source_name(tab, o))
            if src.get_attribute("aria-pressed") != "true":
                src.click()
            dec.get_by_role("list", name="Move to").get_by_role(
                "button", name=f"+1 to {o['to_label']}", exact=True).click()
            wait_for_units(tab, i)
        dec.get_by_role("button", name="Done").click()
    tab.wait_past(n)


def _fill_a_row(tab: Tab, c: dict[str, Any]) -> dict[str, Any] | None:
    """At a count whose rows are all open (the places never possible are folded): one
    row's "+" clicked up to the maximum (at most 6), so that the rows close with their
    rule; the controls then, or None where nothing was clicked."""
    open_ = [o for o in c["options"] if o["enabled"]]
    if c["form"] != "counts" or not open_ or not 0 < c["max"] <= 6 or c["units"]:
        return None
    plus = decision(tab).get_by_role("button", name=f"one more: {open_[0]['label']}",
                                     exact=True)
    for i in range(c["max"]):
        if plus.is_disabled():
            break
        plus.click()
        wait_for_units(tab, i + 1)
    return dict(page_state(tab)["controls"])


def hover_disabled(tab: Tab, seen: dict[str, Any]) -> None:
    """Hover a disabled option: its rule shows, the one the controls give (at a count, a
    row closed by the maximum reached; Start over then clears the choice)."""
    c = page_state(tab)["controls"]
    folds_shown(tab, c, seen)
    if "hovered" in seen:
        return
    filled = _fill_a_row(tab, c)
    c = filled or c
    off = [o for o in c["options"] if not o["enabled"] and o.get("rule") and not o.get("folded")]
    items = decision(tab).locator("li.option[title]")  # the rows shown (a move's places
    if not off or not items.count():  # show once its source is chosen)
        if filled is not None:
            decision(tab).get_by_role("button", name="Start over").click()
            wait_for_units(tab, 0)
        return
    item = items.first
    item.hover()
    tip = item.locator(".why")
    assert tip.is_visible()
    text = tip.inner_text()
    assert re.match(r"[BCIX]\d+(\.\d+)*: ", text), text
    assert any(text.startswith(f"{o['rule']}: {o['title']}") for o in off), (text, off)
    box = tip.bounding_box()
    for head in tab.page.locator("aside h2").all():  # no panel's heading hidden: at
        h = head.bounding_box() if head.is_visible() else None  # most its edge touched
        if h is not None and box["x"] < h["x"] + h["width"] and h["x"] < box["x"] + box[
                "width"]:
            high = min(box["y"] + box["height"], h["y"] + h["height"]) - max(box["y"], h["y"])
            assert high < h["height"] / 4, (text, head.inner_text(), box, h)
    seen["hovered"] = text
    if filled is not None:
        decision(tab).get_by_role("button", name="Start over").click()
        wait_for_units(tab, 0)


def folds_shown(tab: Tab, c: dict[str, Any], seen: dict[str, Any]) -> None:
    """Options never possible now folded into one collapsed line (B3.4): no row of their
    own; opened, it names each of them under its rule (id and title), with each one's
    reason where they differ, and never "every ... but"."""
    if not c["folds"] or "folded" in seen:
        return
    lines = decision(tab).locator("details.fold")
    assert lines.count() == 1
    line = lines.first
    assert line.locator("summary").inner_text().startswith("Why not ")
    assert not line.locator("ul").first.is_visible()  # collapsed until asked
    line.locator("summary").click()
    rows = decision(tab).locator("li.option").all_inner_texts()
    groups = line.locator("li.fold-rule")
    assert groups.count() == len(c["folds"])
    for f, group in zip(c["folds"], groups.all(), strict=True):
        text = group.inner_text()
        assert all(lab in text for lab in f["labels"]) and f"{f['rule']}: " in text, text
        assert " but " not in text
        assert not any(r.strip().startswith(lab) for r in rows for lab in f["labels"]
                       if lab not in {x["label"] for x in c["options"] if not x.get("folded")})
        # one line a reason (a reason many share said once), naming the options it refuses
        assert len(f["reasons"]) == 1 or group.locator("li").count() == len(f["reasons"])
    line.locator("summary").click()
    seen["folded"] = True


def texts_lined_up(tab: Tab, c: dict[str, Any], seen: dict[str, Any]) -> None:
    """A choice of action cards: each card's text begins at one left edge, beside the
    buttons."""
    if c["form"] != "pick" or not any(o.get("text") for o in c["options"]):
        return
    lefts = {round(t.bounding_box()["x"]) for t in decision(tab).locator(".card-text").all()}
    buttons = decision(tab).get_by_role("list", name="Choices").get_by_role("button").all()
    right = max(b.bounding_box()["x"] + b.bounding_box()["width"] for b in buttons)
    assert len(lefts) == 1 and min(lefts) >= right, (lefts, right)
    seen["lined_up"] = True


#: What the notice (a click's alert) covers of the header's prompt, the "Since your last
#: choice" box and the decision's text and buttons: their first words (f15).
NOTICE_COVERS = """() => { const n = document.getElementById('notice').getBoundingClientRect();
  const hit = (e) => { const r = e.getBoundingClientRect();
    return r.width > 0 && r.left < n.right && n.left < r.right && r.top < n.bottom &&
      n.top < r.bottom; };
  return Array.from(document.querySelectorAll('#turn, #since, #decision button, #decision li,'
      + ' #decision h2, #decision p:not(#notice)'))
    .filter(e => e.offsetParent !== null && hit(e) &&  // not in a closed fold
            !(e.closest('details:not([open])') && !e.closest('summary')))
    .map(e => e.textContent.slice(0, 40)); }"""


def refuse_by_hand(tab: Tab, base: str, token: str, seen: dict[str, Any]) -> None:
    """At a placement: the king's region has no row, its B5.2 reason is in the folded
    line; its placement posted by hand is refused by the server with the rule and the
    rules text."""
    c = page_state(tab)["controls"]
    if c["kind"] != "place_caballeros" or "refused" in seen:
        return
    king = [o for o in c["options"] if o.get("rule") == "B5.2"]
    if not king:
        return
    o = king[0]
    dec = decision(tab)  # the king's region is no row: its reason is in the folded line
    assert dec.get_by_role("button", name=f"one more: {o['label']}", exact=True).count() == 0
    fold = dec.locator("details.fold")
    fold.locator("summary").click()
    # said once (f15): "B5.2: X is the king's region: ...", no title, no name again
    assert o["why"].endswith("is the king's region: nothing may enter or leave it")
    king_line = fold.locator("li.fold-rule", has_text="B5.2")
    assert king_line.count() == 1 and king_line.inner_text() == f"B5.2: {o['why']}"
    fold.locator("summary").click()
    # a click on it on the map: said once too, in a line that covers nothing (f15)
    tab.page.locator(f"#board g.place[data-place='{o['place']}']").click(force=True)
    alert = tab.page.locator("#notice")
    alert.wait_for()
    assert alert.inner_text() == f"B5.2: {o['why']}"
    assert tab.page.evaluate(NOTICE_COVERS) == [], tab.page.evaluate(NOTICE_COVERS)
    tab.page.locator("header h1").click()
    alert.wait_for(state="hidden")
    # the same answer posted by hand to the API: refused with its rule and text
    st = page_state(tab)["state"]
    r = tab.page.request.post(f"{base}/api/games/{st['game']}/answer",
                              headers={"X-Elgrande-Token": token},
                              data={"n": st["n"], "actions": [*o["unit"], c["done"]["unit"][0]]})
    assert r.status == 422
    body = r.json()
    assert body["rule"] == "B5.2" and body["rule_text"] == lookup("B5.2").text
    seen["refused"] = True


def offer_words(tab: Tab, c: dict[str, Any], seen: dict[str, Any]) -> None:
    """B4.4: the question whether to carry out the special action names the card taken
    (its title, no marker of the engine's) and where in the turn it is asked."""
    labels = [str(o.get("label", "")) for o in c.get("options") or []]
    # B4.5's question combined with B4.4's (issue 30): its last button declines too
    combined = c["rule"] == "B4.5" and any("then" in o for o in c.get("options") or [])
    if (c["rule"] != "B4.4" and not combined) or c["kind"] != "choose_option" \
            or not (labels and labels[-1].split(": ")[-1].lower().startswith("decline")):
        return  # not the question (a card's own 'either' choice names its card too)
    card = page_state(tab)["state"]["view"]["flow"]["card"]
    title = str(c["card"]["title"]) if c.get("card") else card
    shown = tab.page.locator("#prompt").inner_text()
    assert shown == c["prompt"] and shown.startswith(f"{title}: "), (shown, c["card"])
    assert "{" not in shown and ("before you place" in shown
                                 or "your caballeros are placed. Next, as you chose" in shown
                                 or "carry out the card's special action, or" in shown
                                 or combined and "before or after placing" in shown)
    seen["offer_words"] = True


def play(base: str, tabs: list[Tab], tokens: list[str], rounds: int, rng: random.Random,
         seen: dict[str, Any], reload_at: int | None = None) -> None:
    """Play by clicks until round ``rounds`` begins or the game ends."""
    game = page_state(tabs[0])["state"]["game"]
    steps = 0
    while True:
        st = api_state(base, game, tokens[0])
        if st["over"] or (st["view"]["flow"]["round_i"] + 1 > rounds):
            return
        acted = False
        for i, tab in enumerate(tabs):
            st = api_state(base, game, tokens[i])
            wait_for_n(tab, st["n"])
            c = page_state(tab)["controls"]
            if c is None:
                continue
            hover_disabled(tab, seen)
            refuse_by_hand(tab, base, tokens[i], seen)
            offer_words(tab, c, seen)
            since_words(tab, seen)
            texts_lined_up(tab, c, seen)
            if c["secret"]:
                secret_step(base, tabs, tokens, i, rng, seen)
            else:
                click_answer(tab, rng, seen)
            acted = True
            steps += 1
            if reload_at is not None and steps == reload_at:
                reload(tab, seen)
        assert acted, "nobody could act: the bots should have answered"


def _news(log: list[str]) -> list[str]:
    """The log's lines but the board's summary after a scoring ("Board now:" and the
    lines indented under it)."""
    out, board = [], -1
    for line in log:
        indent = len(line) - len(line.lstrip())
        if board >= 0 and indent > board:
            continue
        board = indent if line.strip() == "Board now:" else -1
        if board < 0:
            out.append(line)
    return out


def is_bid(line: str, names: list[str]) -> bool:
    """Whether log line ``line`` is a seat's power card played (B3.2: "NAME plays power
    card N."), of a seat of ``names``."""
    who = "|".join(re.escape(n) for n in names)
    return bool(names) and re.fullmatch(rf"({who}) plays \D+ \d+\.", line) is not None


def is_key(line: str) -> bool:
    """Whether log line ``line`` changes the board for everyone (f14: never folded): a
    general scoring's heading, discs revealed or total (B6, B6.1), the king moved
    (B5.2)."""
    return bool(re.fullmatch(r"-- .+ --", line) or line.startswith("Points this scoring: ")
                or line.startswith("Discs: ") or " moves the king from " in line)


def is_tally(line: str) -> bool:
    """Whether log line ``line`` is one region's tally of a scoring (B6.5, B8.6; f24:
    never folded, so the scoring's points show with the lines they add up)."""
    return bool(re.match(r"\s*(Scoring by .+: )?[^()]+ \(values [^)]*\): ", line))


def since_kept(news: list[str], mine: list[bool], cap: int = 8,
               names: list[str] | None = None) -> tuple[list[str], list[str]]:
    """What the notice since the seat's last answer shows of ``news`` (the lines, each
    ``mine`` if it names the seat): the latest ``cap`` lines and every earlier one of the
    seat's, a seat's power card played (of ``names``: :func:`is_bid`) or changing the
    board for everyone (:func:`is_key`), in the log's order; and the notes where lines
    are left out ("… n earlier (in the log)" first, "… n more (in the log)" between)."""
    keep = [m or i >= len(news) - cap or is_bid(line, names or []) or is_key(line) or is_tally(line)
            for i, (m, line) in enumerate(zip(mine, news, strict=True))]
    shown, gaps, gap = [], [], 0
    for line, k in zip(news, keep, strict=True):
        if not k:
            gap += 1
            continue
        if gap:
            gaps.append(f"… {gap} {'more' if shown else 'earlier'} (in the log)")
            gap = 0
        shown.append(line)
    if gap:
        gaps.append(f"… {gap} {'more' if shown else 'earlier'} (in the log)")
    return shown, gaps


def since_gaps(box: Any) -> list[str]:
    """The lines the "Since your last choice" box ``box`` shows while closed, checking that
    the lines left out are folded together under ONE expander, the box's first row, whose
    words say what it opens ("Show 7 earlier lines"; h29: several "… n more lines" one
    under another confused; one line alone is shown instead), and that opened, every line
    shows and the expander hides them again."""
    rows = box.evaluate("""b => Array.from(b.querySelectorAll('li')).map(li => ({
        gap: li.classList.contains('gap'), text: li.textContent,
        seen: li.offsetParent !== null}))""")
    gaps = [i for i, r in enumerate(rows) if r["gap"]]
    lines = [r for r in rows if not r["gap"]]
    shown = [r["text"] for r in lines if r["seen"]]
    hidden = len(lines) - len(shown)
    more = box.locator("button.since-more")
    assert box.locator("button.since-gap").count() == 0
    if not hidden:
        assert gaps == [] and more.count() == 0, rows
        return shown
    assert gaps == [0] and rows[0]["seen"], rows  # one expander, first
    assert hidden >= 2, rows  # a line folded alone shows instead (its expander as long)
    # "earlier" when every folded line comes before the first shown, else "more" (f26)
    first = next(i for i, r in enumerate(lines) if r["seen"])
    which = "earlier" if all(r["seen"] or i < first for i, r in enumerate(lines)) else "more"
    assert more.count() == 1 and more.inner_text() == f"Show {hidden} {which} lines"
    more.click()
    assert box.evaluate("b => Array.from(b.querySelectorAll('li')).every(li =>"
                        " li.offsetParent !== null)")
    assert more.inner_text() == f"Hide the {hidden} {which} lines"
    more.click()
    assert more.get_attribute("aria-expanded") == "false"
    return shown


def since_words(tab: Tab, seen: dict[str, Any]) -> None:
    """Above the decision: the log's lines since the seat's last answer, every player's
    and bot's (the board's summary after a scoring left out): every line naming the seat
    (in bold) and the latest others, eight in all, with a count where lines are left
    out."""
    st = page_state(tab)
    state = st["state"]
    mark = tab.page.evaluate(
        f"sessionStorage.getItem('elgrande-since:{state['game']}:{state['seat']}')")
    name = re.escape(state["names"][state["seat"]])
    from test_server_page_h29 import since_start  # (it imports this module)

    start = None if mark is None else since_start(
        state["log"], state["names"][state["seat"]], int(mark), state["names"])
    news = [] if start is None else [
        line.strip() for line in _news(state["log"][start:]) if line.strip()]
    mine = [bool(re.search(rf"(^|\W){name}($|\W)", line)) for line in news]
    want, _ = since_kept(news, mine, names=state["names"])
    assert st["since"] == news  # every line is in the box, the others folded in place
    box = tab.page.locator("#since")
    assert box.is_visible() == bool(news)
    if news:
        items = box.get_by_role("list", name="Since your last choice").locator("li:not(.gap)")
        assert items.all_inner_texts() == news
        bold = [i for i, line in enumerate(news) if re.search(rf"(^|\W){name}($|\W)", line)]
        assert [i for i in range(len(news)) if "mine" in (
            items.nth(i).get_attribute("class") or "").split()] == bold
        shown = since_gaps(box)
        assert {line for line in want if is_key(line)} <= set(shown)
        assert tab.page.evaluate("window.elgrandePage.sinceEarlier") == len(news) - len(shown)
        seen["since"] = seen.get("since", 0) + 1
        if len(news) > 8:
            seen["since_earlier"] = True


def held_secret(tab: Tab, c: dict[str, Any], o: dict[str, Any], n: int, names: list[str],
                seen: dict[str, Any]) -> None:
    """B8.5, C2: a secret choice clicked is held, not sent: said with its label, its
    place outlined on the map; "Change" lets it go (the first time), "Send" sends it."""
    dec = decision(tab)
    chosen = dec.get_by_label("Chosen, not sent yet")
    chosen.wait_for()
    assert label_of(c, o, names) in chosen.inner_text()
    assert page_state(tab)["n"] == n  # nothing sent yet
    if o.get("place"):
        assert tab.page.locator(f'#board g.place.picked[data-place="{o["place"]}"]').count() == 1
    if "secret_changed" not in seen:
        dec.get_by_role("button", name="Change", exact=True).click()
        chosen.wait_for(state="detached")
        assert page_state(tab)["n"] == n
        name = label_of(c, o, names)
        twins = [x for x in c["options"] if label_of(c, x, names) == name]
        dec.get_by_role("list", name="Choices").get_by_role(
            "button", name=name, exact=True).nth(twins.index(o)).click()
        seen["secret_changed"] = True
    dec.get_by_role("button", name="Send", exact=True).click()
    seen["secret_sent"] = seen.get("secret_sent", 0) + 1


def secret_step(base: str, tabs: list[Tab], tokens: list[str], i: int, rng: random.Random,
                seen: dict[str, Any]) -> None:
    """A secret disc: marked secret on the page; once chosen, the other human's page
    holds nothing of the choice until the reveal (B8.5)."""
    tab = tabs[i]
    other = tabs[1 - i]
    secret = decision(tab).get_by_text("Secret:")
    assert secret.is_visible()  # a plain note, not a black tooltip-like box
    assert secret.evaluate("e => getComputedStyle(e).backgroundColor") == "rgba(0, 0, 0, 0)"
    st = page_state(tab)
    click_answer(tab, rng, seen)
    mine = page_state(tab)["state"]["view"]["flow"].get("secret") or {}
    seat = st["state"]["seat"]
    if str(seat) not in mine:
        return  # revealed at once (the last to choose)
    game = st["state"]["game"]
    wait_for_n(other, api_state(base, game, tokens[1 - i])["n"])
    theirs = page_state(other)["state"]
    assert str(seat) not in (theirs["view"]["flow"].get("secret") or {})
    assert json.dumps({str(seat): mine[str(seat)]})[1:-1] not in json.dumps(theirs)
    seen.setdefault("secret", []).append(st["controls"]["rule"])


def reload(tab: Tab, seen: dict[str, Any]) -> None:
    """A reload in the middle: the same seat, the same position, the token not in the
    address."""
    before = page_state(tab)
    tab.page.reload()
    tab.page.wait_for_function("window.elgrandePage && window.elgrandePage.state !== null")
    after = page_state(tab)
    assert after["state"]["seat"] == before["state"]["seat"]
    assert after["n"] >= before["n"]
    assert "?t=" not in tab.page.url and "#t=" in tab.page.url
    seen["reloaded"] = True


def open_seats(base: str, links: dict[str, Any], new_tab: Callable[[], Tab],
               seats: list[int]) -> tuple[list[Tab], list[str]]:
    tabs, tokens = [], []
    for s in seats:
        tab = new_tab()
        url = links["seats"][s]
        tab.page.goto(base + url)
        tab.page.wait_for_function("window.elgrandePage && window.elgrandePage.state !== null")
        # the token left the query (sent to the server) for the fragment (never sent)
        assert "?t=" not in tab.page.url and tab.page.url.endswith("#t=" + token_of(url))
        tabs.append(tab)
        tokens.append(token_of(url))
    return tabs, tokens


def quiet(tab: Tab) -> None:
    """No script error, no console message but the refusal the test provokes (a 422 is
    logged by the browser)."""
    assert tab.errors == [], tab.errors
    noise = [m for m in tab.console if "status of 422" not in m]
    assert noise == [], noise


@pytest.mark.slow
@pytest.mark.rule("B3.4", "B5.2", "B8.5", "C2")
def test_two_humans_and_two_bots_play_the_colonies_by_clicks(
        server: str, new_tab: Callable[[], Tab]) -> None:
    """Two rounds (up to four while no placement of ours met the king's region) of a
    4-seat base + Colonies game, two humans in two browser contexts:
    the Colonies' secret disc kept from the other seat, a disabled option's rule on hover,
    a refused answer's rule and text, a reload in the middle, every answer by clicks."""
    links = create(server, 4, 1, {2: "random", 3: "greedy"})
    tabs, tokens = open_seats(server, links, new_tab, [0, 1])
    names = page_state(tabs[0])["state"]["names"]
    assert tabs[0].page.locator("#who").inner_text() == f"You are {names[0]}"
    seen: dict[str, Any] = {}
    play(server, tabs, tokens, 2, random.Random(1), seen, reload_at=5)
    if "refused" not in seen:  # the bots play at random: no placement of ours met the
        play(server, tabs, tokens, 4, random.Random(2), seen)  # king's region yet
    assert "C2" in seen.get("secret", []), seen
    assert seen.get("secret_changed") and seen.get("secret_sent"), seen  # held, then sent
    assert seen.get("hovered") and seen.get("refused") and seen.get("reloaded"), seen
    assert seen.get("folded"), seen
    assert seen.get("offer_words") and seen.get("since") and seen.get("lined_up"), seen
    assert {"pick", "counts"} <= seen["forms"]
    assert seen.get("board_clicks", 0) > 0
    for tab in tabs:
        chart = tab.page.get_by_role("img", name="Scores by round")
        assert chart.locator("polyline").count() == 4
        assert tab.page.get_by_role("list", name="Log lines").locator("li").count() > 10
        quiet(tab)


def test_a_finished_game_shows_final_scores_the_record_and_the_replay(
        server: str, new_tab: Callable[[], Tab]) -> None:
    """At the end: the final scores in order, the record to download (the game's JSONL
    record) and the replay viewer opened from the page."""
    links = create(server, 3, 2, {0: "greedy", 1: "random", 2: "greedy"}, ["base"])
    tab = new_tab()
    tab.page.goto(server + links["spectator"])
    end = tab.page.get_by_role("region", name="Game over")
    end.wait_for()
    assert tab.page.locator("#turn").inner_text() == "The game is over."
    assert tab.page.locator("#who").inner_text() == "Watching"
    assert not decision(tab).is_visible()
    rows = end.get_by_role("row").all()[1:]
    points = [int(r.locator("td").nth(1).inner_text()) for r in rows]
    assert len(points) == 3 and points == sorted(points, reverse=True)
    with tab.page.expect_download() as dl:
        end.get_by_role("link", name="Download the record").click()
    lines = Path(dl.value.path()).read_text(encoding="utf-8").splitlines()
    assert len(lines) > 100 and len(json.loads(lines[0])["players"]) == 3
    with tab.page.expect_popup() as pop:
        end.get_by_role("link", name="Watch the replay").click()
    viewer = pop.value
    viewer.wait_for_function("window.elgrandeViewer !== undefined")
    assert viewer.evaluate("window.elgrandeViewer.count") == len(lines)
    quiet(tab)


@pytest.mark.slow
@pytest.mark.rule("B3.4")
def test_an_answer_raced_by_another_tab_is_refused_and_the_page_catches_up(
        server: str, new_tab: Callable[[], Tab]) -> None:
    """B3.4: the same seat open in two tabs; one answers, the other (not yet told) answers
    too: the server takes the first only, and the late tab says so and shows the game as
    it is now."""
    links = create(server, 3, 5, {1: "greedy", 2: "random"}, ["base"])
    (first,), tokens = open_seats(server, links, new_tab, [0])
    late = new_tab()  # another browser context: nothing of the first tab's storage
    # the late tab is told late: no push reaches it (its WebSocket answers nothing) ...
    late.page.route_web_socket("**/ws/**", lambda ws: None)
    late.page.goto(first.page.url)  # the first tab's address bar, copied: a working link
    late.page.wait_for_function("window.elgrandePage && window.elgrandePage.state !== null")
    assert page_state(late)["state"]["seat"] == 0
    st = page_state(first)
    c, n = st["controls"], st["n"]
    assert c is not None and c["form"] == "pick"
    stale = json.dumps(api_state(server, st["state"]["game"], tokens[0]))
    # ... and its state requests get the old state for a while
    late.page.route("**/api/games/*/state*", lambda route: route.fulfill(
        status=200, content_type="application/json", body=stale))
    click_answer(first, random.Random(0), {})
    now = api_state(server, st["state"]["game"], tokens[0])["n"]
    late.page.wait_for_timeout(800)
    assert now > n and page_state(late)["n"] == n
    late.page.unroute("**/api/games/*/state*")
    o = next(o for o in c["options"] if o["enabled"])
    decision(late).get_by_role("list", name="Choices").get_by_role(
        "button", name=o["label"], exact=True).click()
    late.page.get_by_text("Another answer came first").wait_for()
    wait_for_n(late, now)
    assert api_state(server, st["state"]["game"], tokens[0])["n"] == now
    quiet(first)
    assert late.errors == []
    # the address without its token: says so plainly, and shows no empty boxes
    bare = new_tab()
    bare.page.goto(first.page.url.split("#")[0])
    turn = bare.page.locator("#turn")
    turn.get_by_text("This address has no seat token").wait_for()
    assert "ask the host" in turn.inner_text() and "not valid" not in turn.inner_text()
    assert not bare.page.locator("main").is_visible()
    wrong = new_tab()
    wrong.page.goto(first.page.url.split("#")[0] + "#t=" + "x" * 32)
    wrong.page.locator("#turn").get_by_text("not valid for this game").wait_for()
    assert not wrong.page.locator("main").is_visible()


def test_the_page_shows_another_seats_answer_from_the_pushed_state(
        server: str, new_tab: Callable[[], Tab]) -> None:
    """The WebSocket carries the seat's state: the page shows another seat's answer
    without asking the state route again."""
    import httpx
    from serve_util import play_turn

    links = create(server, 3, 8, {2: "random"}, ["base"])
    (tab,), _ = open_seats(server, links, new_tab, [0])
    asked: list[str] = []
    tab.page.on("request", lambda r: asked.append(r.url) if "/state" in r.url else None)
    tokens = [token_of(links["seats"][p]) for p in (0, 1)]
    game = links["game"]
    rng = random.Random(8)
    with httpx.Client(base_url=server, timeout=30) as c:
        for _ in range(4):  # a few answers by either seat, sent by hand
            before = api_state(server, game, tokens[0])["n"]
            while api_state(server, game, tokens[0])["n"] == before:
                for t in tokens:
                    play_turn(c, game, t, rng)
            now = api_state(server, game, tokens[0])["n"]
            wait_for_n(tab, now)
            assert page_state(tab)["state"] == api_state(server, game, tokens[0])
    assert asked == []
    quiet(tab)


@pytest.mark.rule("B3.1", "B8.4")
def test_on_a_phone_the_page_is_one_column_and_a_tap_shows_a_card_s_text(
        server: str, new_tab: Callable[[], Tab]) -> None:
    """A 390-pixel-wide phone: the board spans the page's width under the decision, above
    the panels, its drawing at a readable size (scrolled sideways); a tap on a card on
    offer (B3.1) shows its text under it, a tap more hides it. And the notice above a
    decision lists the log since the seat's last answer, the lines naming the seat in bold:
    a special action vetoed (B8.4)."""
    links = create(server, 3, 9, {1: "greedy", 2: "random"}, ["base"])
    tab = new_tab()
    tab.page.set_viewport_size({"width": 390, "height": 844})
    tab.page.goto(server + links["seats"][0])
    tab.page.wait_for_function("window.elgrandePage && window.elgrandePage.state !== null")
    tab.page.wait_for_selector("#players svg")
    area = tab.page.locator("#board-area").bounding_box()
    offer = tab.page.locator("#offer-box").bounding_box()  # one column: the map, what the
    mine = tab.page.locator("#players svg.mine").bounding_box()  # the seat's own box,
    boxes = tab.page.locator("#players svg:not(.mine)").first.bounding_box()  # what the
    last = tab.page.locator("#players svg").last.bounding_box()  # seat answers and is
    scores = tab.page.locator("section[aria-label='Scores']").bounding_box()  # offered,
    assert area["width"] > 390 - 40 and mine["y"] >= area["y"] + area["height"]  # the
    assert offer["y"] >= mine["y"] + mine["height"]  # other boxes, then the scores and
    assert boxes["y"] >= offer["y"] + offer["height"]  # the log
    assert scores["y"] >= last["y"] + last["height"]
    assert tab.page.locator("#board svg").bounding_box()["width"] >= 700
    assert tab.page.evaluate("document.documentElement.scrollWidth") <= 390  # no page
    hint = tab.page.locator("#board-hint")  # the board scrolls sideways, and says so
    assert hint.is_visible() and "sideways" in hint.inner_text()
    assert tab.page.locator("#board-area").evaluate("e => e.scrollWidth > e.clientWidth")
    hb = hint.bounding_box()
    assert hb is not None and hb["x"] >= 0 and hb["x"] + hb["width"] <= 390
    # f16: the map's heading whole on the screen however the map is scrolled, and the
    # note's arrow pointing where the part out of sight is
    title = tab.page.locator("#board-title")
    area_el = tab.page.locator("#board-area")
    for x in (0, 10000, 150):
        area_el.evaluate("(e, x) => { e.scrollLeft = x; }", x)
        tab.page.wait_for_function(
            "x => document.getElementById('board-area').scrollLeft === Math.min(x,"
            " document.getElementById('board-area').scrollWidth -"
            " document.getElementById('board-area').clientWidth)", arg=x)
        tb = title.bounding_box()
        assert tb is not None and tb["x"] >= 0 and tb["x"] + tb["width"] <= 390
        assert re.fullmatch(r"(Round \d+|before the first round) · as .+ sees it",
                            title.inner_text()), title.inner_text()
        words = {0: "More of the board to the right: swipe it sideways to see it →",
                 10000: "← More of the board to the left: swipe it sideways to see it",
                 150: "← More of the board on both sides: swipe it sideways →"}[x]
        tab.page.wait_for_function("w => document.getElementById('board-hint').textContent"
                                   " === w", arg=words)
    card = tab.page.locator("li.offer-card").first  # scrolled sideways: the board only
    text = card.locator(".why")
    want = text.text_content()
    assert want and not text.is_visible()
    card.click()
    assert text.is_visible() and card.get_attribute("aria-expanded") == "true"
    assert card.inner_text().endswith(want)
    card.click()
    assert card.get_attribute("aria-expanded") == "false"
    # B8.4: a special action vetoed: the notice above the next decision says so, among
    # the other lines since the seat's answer, in bold as it names the seat (the page's
    # own rule, on a log like the one of the game where a player met it)
    log = ["Ana plays power card 12.", "Ana takes Special Scoring.",
           "Ana announces the special action of Special Scoring.", "Diego plays a Veto.",
           "The special action of Ana is cancelled after the Veto(s).",
           "Hanah places caballeros: 1 in Aragon.", "  Anabel places caballeros: none."]
    st = {"names": ["Ana", "Diego", "Hanah", "Anabel"], "seat": 0, "log": log}
    lines = tab.page.evaluate(
        "(st) => import('/page/since.js').then(m => m.sinceLines(st, 1).map("
        "l => [l, m.namesSeat(st, l)]))", st)
    assert lines == [[line.strip(), "Ana" in line.split()] for line in log[1:]]
    assert lines[3] == ["The special action of Ana is cancelled after the Veto(s).", True]
    # after a general scoring (B6): the points, not the board's summary under them
    log = ["  Aragon (values 5/3/1): Ana 2 caballeros -> 5 points",
           "Points this scoring: Ana 5, Diego 0, Hanah 0", "  Board now:",
           "    Aragon: Ana 2", "    Courts: Ana 3, Diego 4, Hanah 5; provinces: Ana 1",
           "== Round 4 ==", "Turn order: Diego, Ana, Hanah."]
    lines = tab.page.evaluate(
        "(log) => import('/page/since.js').then(m => m.sinceLines("
        "{names: ['Ana', 'Diego', 'Hanah'], seat: 0, log: log}, 0))", log)
    assert lines == [line.strip() for line in (log[0], log[1], log[5], log[6])]
    quiet(tab)


@pytest.mark.slow
@pytest.mark.rule("B3.4", "I1")
def test_a_whole_game_with_both_expansions_played_by_clicks_to_the_end(
        server: str, new_tab: Callable[[], Tab]) -> None:
    """B3.4: every decision of a whole 3-seat game with both expansions (I1's card choice
    by checkboxes, moves by source and destination) answered by clicks in two browser
    contexts; the end shows the final scores and the record."""
    links = create(server, 3, 7, {2: "greedy"}, ["base", "colonies", "intrigue-king"])
    tabs, tokens = open_seats(server, links, new_tab, [0, 1])
    seen: dict[str, Any] = {}
    play(server, tabs, tokens, 99, random.Random(7), seen)
    assert {"pick", "subset", "counts"} <= seen["forms"], seen
    for tab in tabs:
        end = tab.page.get_by_role("region", name="Game over")
        end.wait_for()
        assert len(end.get_by_role("row").all()) == 4
        assert end.get_by_role("link", name="Download the record").get_attribute("href")
        quiet(tab)
