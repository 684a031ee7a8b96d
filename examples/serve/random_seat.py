"""Play one seat of an ``elgrande serve`` game through its HTTP API, with random legal
answers, until the game ends (docs/serve.md, "The HTTP API").

    python examples/serve/random_seat.py 'http://127.0.0.1:8000/play/GAME?t=TOKEN' [--seed 1]

The link is a seat's link as the host's page gives it. The seat reads its controls (the
options the rules allow now, each with its ``unit`` of integer actions), adds one enabled
option's unit at a time (asking the server for the controls after that partial answer),
ends a count or a move with ``done``'s unit, and sends the actions with the answer number
``n`` it was given. A 409 (another answer came first) or a 429 (too fast) is met by
reading the state again. Needs ``httpx`` (installed with ``elgrande[serve]``).
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any
from urllib.parse import parse_qs, urlsplit

import httpx


def parse_link(link: str) -> tuple[str, str, str]:
    """``(base URL, game id, token)`` of a seat's link ``http://HOST:PORT/play/GAME?t=TOKEN``.

    Raises:
        ValueError: the link is not a game's link.
    """
    parts = urlsplit(link)
    path = parts.path.rstrip("/").split("/")
    token = parse_qs(parts.query).get("t", [""])[0]
    if len(path) < 2 or path[-2] != "play" or not token:
        raise ValueError(f"not a seat's link (http://HOST:PORT/play/GAME?t=TOKEN): {link}")
    return f"{parts.scheme}://{parts.netloc}", path[-1], token


def choose_actions(client: httpx.Client, game: str, token: str, controls: dict[str, Any],
                   rng: random.Random) -> list[int]:
    """A whole answer to the decision ``controls`` describes, as integer actions: one
    enabled option for a choice of one (form ``pick``), else enabled options' units one by
    one (the controls asked again after each) until ``done`` is chosen or must be."""
    actions: list[int] = []
    while True:
        options = [o for o in controls["options"] if o["enabled"] and o.get("unit")]
        if controls["form"] == "pick":
            return actions + list(rng.choice(options)["unit"])
        done = controls.get("done") or {}
        if done.get("enabled") and (not options or rng.random() < 0.3):
            return actions + list(done["unit"])
        actions += rng.choice(options)["unit"]
        r = client.get(f"/api/games/{game}/controls",
                       params={"t": token, "actions": ",".join(map(str, actions))})
        r.raise_for_status()
        controls = r.json()["controls"]


def play(link: str, seed: int | None = None, poll: float = 0.2,
         limit: float = 600.0) -> dict[str, Any]:
    """Play the seat of ``link`` at random until the game is over; its ``final``
    (``{"scores", "winners"}``). ``poll``: seconds between looks while other seats answer;
    ``limit``: seconds before giving up.

    Raises:
        TimeoutError: the game did not end within ``limit`` seconds.
        httpx.HTTPStatusError: the server refused the link (403) or an answer (422).
    """
    base, game, token = parse_link(link)
    rng = random.Random(seed)
    end = time.monotonic() + limit
    with httpx.Client(base_url=base, timeout=30) as client:
        while time.monotonic() < end:
            r = client.get(f"/api/games/{game}/state", params={"t": token})
            r.raise_for_status()
            state = r.json()
            if state["over"]:
                return dict(state["final"])
            if state["controls"] is None:  # another seat (or a bot) is to answer
                time.sleep(poll)
                continue
            actions = choose_actions(client, game, token, state["controls"], rng)
            r = client.post(f"/api/games/{game}/answer", headers={"X-Elgrande-Token": token},
                            json={"n": state["n"], "actions": actions})
            if r.status_code in (409, 429):  # raced, or too fast: look again
                time.sleep(poll)
                continue
            r.raise_for_status()
    raise TimeoutError(f"the game did not end within {limit:g} s")


def main() -> None:
    """The command line: a seat's link, ``--seed``; prints the final scores."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("link", help="the seat's link: http://HOST:PORT/play/GAME?t=TOKEN")
    ap.add_argument("--seed", type=int, default=None, help="the random answers' seed")
    args = ap.parse_args()
    try:
        final = play(args.link, args.seed)
    except (ValueError, TimeoutError, httpx.HTTPError) as exc:
        raise SystemExit(f"error: {exc}") from None
    print("final scores:", final["scores"], "winners (seats from 0):", final["winners"])


if __name__ == "__main__":
    main()
