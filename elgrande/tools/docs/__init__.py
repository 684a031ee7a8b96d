"""The generated card reference and effect-language reference (``elgrande docs``).

Three pages, built once as a small document model and written as Markdown or as a static
HTML site (inline CSS, relative links, no script; opens from the file system):

- ``cards``: every card of every shipped set (and of homebrew folders given): title, id,
  set, kind, stack/copies or value/court, the printed text, the effect script, its
  English rendering (:func:`elgrande.dsl.render.render`), the rule ids it relies on (the
  card's ``rules`` plus those of every primitive its script uses), errata; with an index
  by stack and by primitive. Markdown ``cards.md``, HTML ``index.html``.
- ``dsl``: the effect language, generated from the declarations, never a hand-kept list:
  every primitive of :data:`~elgrande.dsl.signatures.SIGNATURES` (phrase, summary,
  parameters, rules, decisions), the control structures, region-set expressions,
  conditions and parts read from ``grammar/effects.lark`` (each explained by the
  docstring of the AST node an example of it parses to), the lasting effects, the
  decision answer forms (from :mod:`elgrande.engine.decisions`), the region ids of the
  shipped board, and the grammar itself. Markdown ``dsl.md``, HTML ``dsl.html``.
- ``rules``: the rules reference, every rule of :data:`elgrande.errors.rule_ids.RULES`
  (id, title, the rule, where it comes from, the cards that rely on it). The card and
  language pages link each rule id to its entry. Markdown ``rules.md``, HTML ``rules.html``.

Output is deterministic: sorted, no timestamps, paths relative to the repository.

One module per job: :mod:`.document` (the document model and link targets),
:mod:`.loading` (card sets, card paths, rule links), :mod:`.cards_page`, :mod:`.dsl_page`,
:mod:`.rules_page` (the three pages), :mod:`.markdown` and :mod:`.html_site` (the two
output formats); this module writes them.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from elgrande.tools.docs.cards_page import cards_page, map_picture
from elgrande.tools.docs.document import FILES, FORMATS, MAP_FILE, Page
from elgrande.tools.docs.dsl_page import (
    answer_forms,
    dsl_page,
    follow_ups,
    grammar_alternatives,
    grammar_text,
    module_answer_forms,
    syntax,
)
from elgrande.tools.docs.html_site import to_html
from elgrande.tools.docs.loading import (
    SetInfo,
    declared_names,
    display_path,
    load_cards,
    primitives_used,
    rule_anchor,
    rules_of,
    shipped_sets,
)
from elgrande.tools.docs.markdown import to_markdown
from elgrande.tools.docs.rules_page import rules_page

__all__ = ["FILES", "FORMATS", "MAP_FILE", "Page", "SetInfo", "answer_forms", "cards_page",
           "declared_names", "display_path", "dsl_page", "follow_ups", "grammar_alternatives",
           "grammar_text",
           "load_cards", "map_picture", "module_answer_forms", "pages", "primitives_used",
           "render_docs", "rule_anchor", "rules_of", "rules_page", "shipped_sets", "syntax",
           "to_html", "to_markdown", "write_docs"]


# -- entry points -----------------------------------------------------------------------------
def pages(extra: Sequence[str | Path] = (), set_dirs: Sequence[str | Path] = ()
          ) -> list[Page]:
    """The three pages (cards, effect language, rules), for the shipped sets plus homebrew
    folders ``extra`` and homebrew sets' folders ``set_dirs``.

    Raises:
        CardError: a bad card file. DataError: a bad homebrew set folder.
    """
    cards = load_cards(extra, set_dirs)
    return [cards_page(cards, declared_names(set_dirs)), dsl_page(), rules_page(cards)]


def render_docs(fmt: str = "md", extra: Sequence[str | Path] = (),
                set_dirs: Sequence[str | Path] = ()) -> dict[str, str]:
    """The files of the docs in format ``fmt`` (``md`` or ``html``): name -> text.

    Raises:
        ValueError: unknown format. CardError: a bad card file.
    """
    if fmt not in FORMATS:
        raise ValueError(f"unknown docs format {fmt!r} (use {', '.join(FORMATS)})")
    write = to_markdown if fmt == "md" else to_html
    files = {FILES[fmt][p.name]: write(p) for p in pages(extra, set_dirs)}
    files[MAP_FILE] = map_picture()
    return files


def write_docs(out: str | Path, fmt: str = "md",
               extra: Sequence[str | Path] = (), set_dirs: Sequence[str | Path] = ()
               ) -> list[str]:
    """Write the docs into folder ``out``; returns the paths written.

    Raises:
        ValueError: unknown format. CardError: a bad card file.
    """
    files = render_docs(fmt, extra, set_dirs)
    root = Path(out)
    root.mkdir(parents=True, exist_ok=True)
    written = []
    for name, text in sorted(files.items()):
        path = root / name
        path.write_text(text, encoding="utf-8")
        written.append(str(path))
    return written
