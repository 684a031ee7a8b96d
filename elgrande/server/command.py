"""``elgrande serve``: play in the browser (docs/serve.md). The command needs the
``[serve]`` extra (Starlette, uvicorn, SQLAlchemy, psycopg); without it, it says so in one
line. It is added to the ``elgrande`` group through the ``elgrande.commands`` entry points
(pyproject.toml), so the command line below it never imports the server.
"""

from __future__ import annotations

import logging
import socket
from pathlib import Path

import click

from elgrande.play.seeds import SEED_MAX, SEED_MIN
from elgrande.server import redact
from elgrande.server.limits import MB, Limits

D = Limits()


class PlainFormatter(logging.Formatter):
    """The server's log lines as ``TIME LEVEL SOURCE: message``: uvicorn's loggers
    (``uvicorn.error`` writes its ordinary lines, "Application startup complete") are
    labelled ``server``, the server's own ``elgrande``, so an INFO line never reads as an
    error; an error says ``ERROR``."""

    def __init__(self) -> None:
        super().__init__("%(asctime)s %(levelname)s %(source)s: %(message)s")

    def format(self, record: logging.LogRecord) -> str:
        """``record`` as one line, its logger named plainly (no ``uvicorn.error``)."""
        top = record.name.split(".")[0]
        record.source = {"uvicorn": "server", "elgrande": "elgrande"}.get(top, record.name)
        return super().format(record)


@click.command("serve")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to bind (only this machine by default).")
@click.option("--port", default=8000, show_default=True, type=int)
@click.option("--db", default="sqlite:///games.db", show_default=True,
              help="Database URL: sqlite:///FILE or postgresql://USER@HOST/DB (several "
                   "server processes may share a PostgreSQL database).")
@click.option("--data-dir", default=".", show_default=True, type=click.Path(file_okay=False),
              help="Where uploaded homebrew card folders are kept (DATA_DIR/uploads).")
@click.option("--max-body", default=D.body, show_default=True, type=int,
              help="Bytes of a JSON request body (413 past it).")
@click.option("--max-upload", default=D.upload, show_default=True, type=int,
              help="Bytes of a homebrew zip upload.")
@click.option("--max-unpacked", default=D.unpacked, show_default=True, type=int,
              help="Bytes a homebrew zip may unpack to.")
@click.option("--max-files", default=D.files, show_default=True, type=int,
              help="Files a homebrew zip may hold.")
@click.option("--answers-per-second", default=D.answers_per_second, show_default=True,
              type=float, help="Answers one seat may send per second (429 past it).")
@click.option("--checks-per-second", default=D.checks_per_second, show_default=True,
              type=float, help="Homebrew zips one client may have checked per second "
                               "(the form's check before Create; 429 past it).")
@click.option("--smoke", default=D.smoke, show_default=True, type=int,
              help="Smoke positions per uploaded card (as `elgrande validate --smoke`).")
@click.option("--allow-origin", multiple=True,
              help="A WebSocket origin allowed besides the server's own (repeatable).")
@click.option("--bot-seed", type=click.IntRange(SEED_MIN, SEED_MAX), default=None,
              help="Derive each bot answer's seed from this, the game's answers so far and "
                   "the seat, so the same game gets the same bots' answers every run and "
                   "after a restart (tests, playtests). Default: fresh randomness.")
def serve(host: str, port: int, db: str, data_dir: str, max_body: int, max_upload: int,
          max_unpacked: int, max_files: int, answers_per_second: float,
          checks_per_second: float, smoke: int, allow_origin: tuple[str, ...],
          bot_seed: int | None) -> None:
    """Serve games to play in the browser: open http://HOST:PORT/ to create one.

    Each seat gets its own link (an unguessable token); it sees only its own view
    (B8.5a). Games are kept in the database and survive a restart.
    """
    try:
        import uvicorn

        from elgrande.server.app import create_app
        from elgrande.server.store import Store
    except ImportError as exc:
        raise click.ClickException(
            f"elgrande serve needs the [serve] extra ({exc.name} is missing): "
            "pip install 'elgrande[serve]'") from None
    logging.basicConfig(level=logging.INFO)
    for handler in logging.getLogger().handlers:
        handler.setFormatter(PlainFormatter())
    redact.install()  # uvicorn logs a WebSocket's path with its ?t= token
    if not port_free(host, port):
        raise click.ClickException(f"{host}:{port} is in use: choose another with --port")
    limits = Limits(body=max_body, upload=max_upload, unpacked=max_unpacked, files=max_files,
                    answers_per_second=answers_per_second,
                    checks_per_second=checks_per_second, smoke=smoke)
    app = create_app(Store(db), Path(data_dir).resolve(), limits, tuple(allow_origin),
                     bot_seed=bot_seed)
    # the database without its user and password
    click.echo(f"elgrande serve: http://{host}:{port}/ (database {db.split('@')[-1]}; "
               f"body {max_body / MB:g} MB, upload {max_upload / MB:g} MB, "
               f"{answers_per_second:g} answers/s per seat)")
    # access_log off: request lines would carry the tokens of ?t= links
    # log_config None: uvicorn's records go to the root handler and its token filter
    uvicorn.run(app, host=host, port=port, access_log=False, log_level="info",
                ws_max_size=64 * 1024, log_config=None)


def port_free(host: str, port: int) -> bool:
    """Whether ``host:port`` can be bound now (a busy port is said in one line, not as
    uvicorn's error and exit status 3)."""
    with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as uvicorn binds
        try:
            s.bind((host, port))
        except OSError:
            return False
    return True
