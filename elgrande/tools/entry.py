"""The ``elgrande`` console script: :func:`elgrande.tools.cli.main` run as its own process.

A command runs once and the process ends, so the cyclic garbage collector is kept from
work that cannot free anything (speed: ~8% of ``elgrande validate cards/ --smoke 0``'s
instructions): it is off while the command line's modules are imported (modules, classes
and functions live until the process ends), and what exists then, and again when the
command is done, is moved to the collector's permanent generation (:func:`gc.freeze`), so
neither the command's own collections nor the interpreter's at shutdown go through it
again. Commands from other packages' ``elgrande.commands`` entry points (``elgrande serve``,
from :mod:`elgrande.server.command`, a layer above this one) join the group here. Nothing
else changes: finalizers, ``atexit`` handlers and the flushing of open
files run as before, and garbage the command makes is collected as usual. A test or a
program calling :func:`~elgrande.tools.cli.main` itself (``CliRunner``) is not affected.
"""

from __future__ import annotations

import gc
from importlib.metadata import entry_points


def run() -> None:
    """Run the command line (``elgrande ...``) in this process and exit with its status.

    Raises:
        SystemExit: always (click's exit status).
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        from elgrande.tools.cli import main

        for ep in entry_points(group="elgrande.commands"):
            main.add_command(ep.load())
    finally:
        if enabled:
            gc.enable()
    gc.freeze()
    try:
        main()
    finally:
        gc.freeze()  # the process ends now: its objects need no more collecting
