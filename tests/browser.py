"""The shared headless browser of the page tests: Playwright (Python) driving the system's
Chromium (Debian's ``chromium``; Playwright's own browser download is never used).

Fixtures (registered in ``conftest.py``):

- ``chromium``: one browser per test session (skipped, with the reason, when Playwright or
  Chromium is missing: ``pip install 'elgrande[test]'``, ``apt-get install chromium``;
  ``.ci/run`` installs both);
- ``tab``: a fresh page in a fresh context (its own cookies and storage), whose console
  messages and script errors are collected (:class:`Tab`);
- ``new_tab``: a factory of more such tabs (two players in two contexts), closed after the
  test.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

#: The system's Chromium, or None.
CHROMIUM = shutil.which("chromium") or (
    "/usr/bin/chromium" if Path("/usr/bin/chromium").exists() else None)
#: Flags for a headless Chromium run as root in a container, offline.
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
#: How long a page may take to show what a test waits for (ms).
TIMEOUT = 15_000


def missing() -> str | None:
    """Why the browser tests cannot run here (None: they can)."""
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "playwright is not installed (pip install 'elgrande[test]')"
    if CHROMIUM is None:
        return "chromium is not installed (apt-get install chromium)"
    return None


class Tab:
    """A page and what it said: ``console`` (every console message, as ``type: text``) and
    ``errors`` (uncaught script errors)."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.console: list[str] = []
        self.errors: list[str] = []
        page.on("console", lambda m: self.console.append(f"{m.type}: {m.text}"))
        page.on("pageerror", lambda e: self.errors.append(str(e)))
        page.set_default_timeout(TIMEOUT)

    def wait_past(self, n: int) -> None:
        """Wait until the page shows the game after more than ``n`` answers (an answer of
        this tab taken, or another seat's); on a timeout, fail with what the page showed
        (its notice, a refusal, whether an answer was in flight, its errors)."""
        try:
            self.page.wait_for_function(
                "(n) => window.elgrandePage && window.elgrandePage.n > n", arg=n)
        except Exception as e:  # playwright's TimeoutError: say what the page showed
            shown = self.page.evaluate(
                "() => ({n: window.elgrandePage.n, busy: window.elgrandePage.busy,"
                " kind: window.elgrandePage.controls && window.elgrandePage.controls.kind,"
                " units: window.elgrandePage.units,"
                " notice: (document.getElementById('notice') || {}).textContent,"
                " refusal: (document.getElementById('refusal') || {}).textContent})")
            raise AssertionError(f"the page stayed at n <= {n}: {shown}; errors "
                                 f"{self.errors}; console {self.console[-5:]}") from e

    def assert_quiet(self) -> None:
        """No console message and no script error so far."""
        assert self.errors == [], self.errors
        assert self.console == [], self.console


@pytest.fixture(scope="session")
def chromium() -> Iterator[Any]:
    """The session's headless Chromium (a Playwright Browser)."""
    why = missing()
    if why is not None:
        pytest.skip(why)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        yield browser
        browser.close()


@pytest.fixture
def new_tab(chromium: Any) -> Iterator[Callable[[], Tab]]:
    """Open a tab in a new browser context (closed when the test ends)."""
    contexts: list[Any] = []

    def make() -> Tab:
        ctx = chromium.new_context()
        contexts.append(ctx)
        return Tab(ctx.new_page())

    yield make
    for ctx in contexts:
        ctx.close()


@pytest.fixture
def tab(new_tab: Callable[[], Tab]) -> Tab:
    """A fresh tab (see :class:`Tab`)."""
    return new_tab()
