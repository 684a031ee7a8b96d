"""A library's parsed card scripts, each unpickled on its first use (docs/performance.md,
"Start-up and validate").

A library read from the cache (:mod:`elgrande.data.library`) holds its cards' scripts as
pickled bytes, one per card: a fresh process builds a card's syntax tree (and imports
:mod:`elgrande.dsl.ast`, some forty attrs classes: elgrande/dsl/__init__.py) only when
something reads that card's script, the first play of the card, not to reach the first
decision of a game. :class:`Scripts` is that mapping; a loaded card
(:class:`~elgrande.data.cards.CardDef`) whose script it holds reads it from there
(:func:`lazy_card`). What is read is what was pickled: the same trees, equal to the
parsed ones.
"""

from __future__ import annotations

import pickle
from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any

from elgrande.data.cards import CardDef

if TYPE_CHECKING:
    from elgrande.dsl import ast


class Scripts(Mapping[str, "ast.Script"]):
    """Card id -> parsed script (a read-only mapping), in the order given.

    Args:
        scripts: the parsed scripts (a library just built), or None.
        blobs: card id -> the pickled script (a library read from the cache): each is
            unpickled on its first read and kept.
    """

    __slots__ = ("_blobs", "_done")

    def __init__(self, scripts: Mapping[str, ast.Script] | None = None,
                 blobs: Mapping[str, bytes] | None = None) -> None:
        #: the scripts read so far (all of them when built from ``scripts``)
        self._done: dict[str, ast.Script] = dict(scripts or {})
        #: every card's pickled script when read from the cache, else empty
        self._blobs: dict[str, bytes] = dict(blobs or {})

    def _ids(self) -> Mapping[str, Any]:
        return self._blobs or self._done

    def __getitem__(self, card: str) -> ast.Script:
        """Card ``card``'s script.

        Raises:
            KeyError: no script for that card.
        """
        hit = self._done.get(card)
        if hit is None:
            hit = self._done[card] = pickle.loads(self._blobs[card])
        return hit

    def __contains__(self, card: object) -> bool:
        return card in (self._blobs or self._done)  # _ids inline: asked at each special action

    def __iter__(self) -> Iterator[str]:
        return iter(self._ids())

    def __len__(self) -> int:
        return len(self._ids())

    def __repr__(self) -> str:
        return f"Scripts({len(self)} cards, {len(self._done)} read)"

    def blobs(self) -> dict[str, bytes]:
        """Card id -> the pickled script, every card (what the library cache keeps;
        pickled once, then kept)."""
        if not self._blobs:
            self._blobs = {c: pickle.dumps(s, protocol=pickle.HIGHEST_PROTOCOL)
                           for c, s in self._done.items()}
        return dict(self._blobs)

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as the pickled scripts: unpickling reads none of them."""
        return (_from_blobs, (self.blobs(),))


def _from_blobs(blobs: dict[str, bytes]) -> Scripts:
    """A :class:`Scripts` of pickled scripts (what a pickled one is read back as)."""
    return Scripts(blobs=blobs)


def lazy_card(card: CardDef, scripts: Scripts) -> CardDef:
    """``card`` with its script read from ``scripts`` on first use (a card with no script
    is returned as it is): the same fields, equal to ``card``."""
    if card.script is None:
        return card
    new = object.__new__(CardDef)
    fields = dict(card.__dict__)
    del fields["script"]
    fields["_scripts"] = scripts
    new.__dict__.update(fields)
    return new


__all__ = ["Scripts", "lazy_card"]
