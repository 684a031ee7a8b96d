"""The files of the ``elgrande serve`` page as installed (``elgrande/server/page``, from the
wheel under ``.ci/run``): each stays at most :data:`MAX_LINES` lines, like the Python
modules (small modules, one job each); the page's ES modules are all reached from the
pages' own ``<script type="module">`` (none missing from the package, none left over, each
named for preloading); and the server sends each with a JavaScript type and
``Cache-Control: no-cache`` (a browser refuses a module script of another type, and must
not mix modules of two versions)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

import elgrande

pytest.importorskip("starlette", reason="elgrande serve needs the [serve] extra")
from starlette.testclient import TestClient  # noqa: E402

from elgrande.server.app import PAGE, create_app  # noqa: E402
from elgrande.server.store import Store  # noqa: E402

#: The most lines a page file or a Python module may have.
MAX_LINES = 800
#: ``import ... from "./x.js"`` (static imports only: the page has no other kind).
IMPORT = re.compile(r'^\s*import\s[^;]*?from\s+"\./([\w.-]+\.js)"', re.M)
#: ``<script ... src="/page/x.js">`` of an HTML page.
SCRIPT = re.compile(r'<script\b([^>]*)\bsrc="/page/([\w.-]+\.js)"')


def _lines(path: Path) -> int:
    return len(path.read_text(encoding="utf-8").splitlines())


def test_every_page_file_and_python_module_is_at_most_800_lines() -> None:
    files = [p for p in PAGE.iterdir() if p.suffix in (".js", ".html", ".css")]
    files += list(Path(elgrande.__file__).parent.rglob("*.py"))
    assert len(files) > 50
    long = {str(p): n for p in files if (n := _lines(p)) > MAX_LINES}
    assert long == {}, f"over {MAX_LINES} lines: split them into modules with one job each"


def _reached() -> dict[str, set[str]]:
    """Each page script reached from the HTML pages, with the files it imports."""
    graph: dict[str, set[str]] = {}
    todo = []
    for html in PAGE.glob("*.html"):
        for attrs, name in SCRIPT.findall(html.read_text(encoding="utf-8")):
            todo.append(name)
            if name != "new.js":  # the home page's one classic script
                assert 'type="module"' in attrs, (html.name, name)
    while todo:
        name = todo.pop()
        if name in graph:
            continue
        assert (PAGE / name).is_file(), f"{name} is imported but not in the package"
        graph[name] = set(IMPORT.findall((PAGE / name).read_text(encoding="utf-8")))
        todo.extend(graph[name])
    return graph


def test_the_page_modules_are_all_imported_and_all_present() -> None:
    graph = _reached()
    assert {"main.js", "core.js", "live.js", "controls.js", "board.js"} <= set(graph)
    assert graph["core.js"] == set()  # the ground every module stands on imports nothing
    assert set(graph) == {p.name for p in PAGE.glob("*.js")}  # none left over
    assert all(_lines(PAGE / n) < MAX_LINES // 2 for n in graph if n != "new.js")
    # the play page names every module main.js imports, so they are fetched at once
    preloaded = re.findall(r'<link rel="modulepreload" href="/page/([\w.-]+\.js)">',
                           (PAGE / "index.html").read_text(encoding="utf-8"))
    assert sorted(preloaded) == sorted(set(graph) - {"main.js", "new.js"})


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(Store(f"sqlite:///{tmp_path / 'games.db'}"), tmp_path)) as c:
        yield c


def test_the_page_files_are_sent_as_javascript_and_revalidated(client: TestClient) -> None:
    for name in sorted(_reached()):
        r = client.get(f"/page/{name}")
        assert r.status_code == 200, name
        assert r.headers["content-type"].startswith("text/javascript"), name
        assert r.headers["cache-control"] == "no-cache", name
        again = client.get(f"/page/{name}", headers={"If-None-Match": r.headers["etag"]})
        assert again.status_code == 304, name
        assert again.headers["cache-control"] == "no-cache", name
    css = client.get("/page/style.css")
    assert css.headers["content-type"].startswith("text/css")
    assert client.get("/page/app.js").status_code == 404  # the old single script is gone
