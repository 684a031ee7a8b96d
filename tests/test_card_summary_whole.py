"""The line under a card on offer says the card's whole effect when its text is short
(f18, elgrande.play.narrate.card_summary, B3.1): a homebrew card whose first sentence is
"Choose a region." says what it does with the region too; a long text is cut at a
sentence end; a real server's offer carries that line."""

from __future__ import annotations

import io
import re
import zipfile
from dataclasses import dataclass
from pathlib import Path

import pytest

pytest.importorskip("starlette", reason="elgrande serve needs the [serve] extra")
import httpx  # noqa: E402
from serve_util import token_of  # noqa: E402
from test_server_early_deal import post  # noqa: E402

from elgrande.data.cards import load_folders  # noqa: E402
from elgrande.play.game import new_game  # noqa: E402
from elgrande.play.narrate import SUMMARY_CHARS, card_summary, face_text  # noqa: E402

CARDS = Path(__file__).resolve().parent / "homebrew_f18"
PILGRIMS = ("choose a region. Bring up to 2 Caballeros from your provinces to your court, "
            "then place up to 2 of your Caballeros from your court in that region")


@dataclass(frozen=True)
class Face:
    """A card face as card_summary reads it."""

    id: str
    title: str
    stack: int
    text: str


def _squeezed(text: str) -> str:
    return re.sub(r"\s+", "", text).lower()


@pytest.mark.rule("B3.1")
def test_a_homebrew_card_s_line_says_all_it_does() -> None:
    [card] = load_folders([CARDS]).cards.values()
    assert card_summary(card) == PILGRIMS


@pytest.mark.rule("B3.1")
def test_a_long_text_is_cut_at_a_sentence_end() -> None:
    first = "Move up to 2 Caballeros from your court to any region."
    more = " Then score that region." + " Each player scores it again." * 10
    line = card_summary(Face("x", "Long", 1, "Long: " + first + more))
    assert line.startswith("move up to 2 Caballeros from your court to any region. Then")
    assert len(line) <= SUMMARY_CHARS and line.endswith("again"), line
    assert ("Long: " + first + more).lower().find(line.lower() + ".") > 0
    # a first sentence longer than the cap is whole, never cut inside
    huge = "Move " + "up to 2 Caballeros and " * 12 + "stop. Then more."
    assert card_summary(Face("y", "H", 1, huge)) == huge.split(". ")[0][0].lower() + \
        huge.split(". ")[0][1:]


@pytest.mark.rule("B3.1")
@pytest.mark.parametrize("sets", [("base",), ("base", "colonies")])
def test_every_shipped_card_s_line_is_whole_sentences_of_its_text(
        sets: tuple[str, ...]) -> None:
    """Every shipped card's line is its text from a sentence start (after its title) to a
    sentence end, within the cap unless one sentence is longer."""
    g = new_game(4, sets=list(sets), seed=1, logging=False,
                 fill=None if sets == ("base",) else "provisional")
    for card in g.library.cards.cards.values():
        line = card_summary(card)
        if not line:
            continue
        text = re.sub(r"allthe(?=\d)", "all", _squeezed(face_text(card)))  # "all the 4"
        # "all the 4 regions" is said by their first value (f23)
        said = re.sub(r"every region whose first value is (\d+(?: or \d+)*)",
                      lambda m: "all " + m.group(1).replace(" or ", " and ") + " regions",
                      line)
        at = text.find(_squeezed(said))
        assert at >= 0, (card.id, line)
        after = text[at + len(_squeezed(said)):]
        assert after[:1] in (".", "!", "?"), (card.id, line)
        assert len(line) <= SUMMARY_CHARS or not re.search(r"[.!?] ", line), (card.id, line)


@pytest.mark.rule("B3.1")
def test_the_server_s_offer_says_the_homebrew_card_s_whole_effect(server: str) -> None:
    """B3.1 (f18): the uploaded card, dealt in round 1, is on seat 0's offer with its
    whole effect as its summary."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        for f in CARDS.glob("*.yaml"):
            z.writestr(f"mycards/{f.name}", f.read_text())
    r = post(server, {"players": 3, "homebrew_early": True,
                      "bots": {"1": "greedy", "2": "greedy"}}, buf.getvalue())
    assert r.status_code == 201, r.text
    made = r.json()
    seat = httpx.get(f"{server}/api/games/{made['game']}/state",
                     params={"t": token_of(made["seats"][0])}, timeout=30).json()
    [card] = [o for o in seat["offer"] if o["id"] == "hb-pilgrims-road"]
    assert card["summary"] == PILGRIMS, card


@pytest.mark.rule("B8.6")
def test_regions_named_by_value_are_said_by_their_first_value() -> None:
    """B8.6 (f23 read "score all 4 regions" as a count of four): "all the N regions" is
    said "every region whose first value is N", two values joined by "or"."""
    said = {card_summary(Face("x", "Special Scoring", 3, f"Special Scoring: {t}"))
            for t in ("Score all the 4 regions.", "Score all the 6 and 7 regions.")}
    assert said == {"score every region whose first value is 4",
                    "score every region whose first value is 6 or 7"}
