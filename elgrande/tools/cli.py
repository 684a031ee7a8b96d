"""The ``elgrande`` command line (click). The rules core knows nothing of this module."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import click

from elgrande import __version__
from elgrande.play.seeds import SEED_MAX, SEED_MIN, SEED_RANGE, draw_seed

#: Where a user reports an internal error (printed with it).
REPORT = "the README says how, under 'Reporting problems'"


class Guarded(click.Group):
    """The command group with one guard: no traceback reaches a user.

    click's own usage errors and exits pass through (status 2 and the command's own);
    an :class:`~elgrande.errors.ElGrandeError` (a bad card, record, move) or an ``OSError``
    (a file that cannot be read or written) is one line on stderr and status 1 (silent when
    the output's reader has gone, as ``| head`` does); anything else is a bug: one
    ``internal error: ...`` line saying how to report it, status 3.
    """

    def invoke(self, ctx: click.Context) -> Any:
        """Run the command, turning unexpected exceptions into one-line messages."""
        from elgrande.errors import ElGrandeError

        try:
            return super().invoke(ctx)
        except (click.exceptions.ClickException, click.exceptions.Exit,
                click.exceptions.Abort, SystemExit, KeyboardInterrupt):
            raise
        except BrokenPipeError:  # the reader went away (``elgrande rules | head``)
            import os

            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # no flush error
            ctx.exit(1)
        except OSError as exc:  # a sentence, not Python's "[Errno 28] ..."
            what = (exc.strerror or _one_line(exc)).lower()
            where = f"{exc.filename}: " if exc.filename else ""
            click.echo(f"error: {where}{what}", err=True)
            ctx.exit(1)
        except ElGrandeError as exc:
            click.echo(f"error: {_one_line(exc)}", err=True)
            ctx.exit(1)
        except Exception as exc:  # noqa: BLE001 - the one place that catches everything
            click.echo(f"internal error: {type(exc).__name__}: {_one_line(exc)}; this is a "
                       f"bug in elgrande {__version__}, please report it with the command "
                       f"you ran ({REPORT})", err=True)
            ctx.exit(3)


#: ``--cards`` of the commands that read a record (check, board, show): where its homebrew
#: cards are read from, as :func:`elgrande.play.records.replay` takes them.
RECORD_CARDS = click.option(
    "--cards", "card_dirs", multiple=True, type=click.Path(exists=True),
    help="The homebrew card folder(s) or file(s) the game was played with; needed when the "
    "record's paths lie outside its own folder; repeatable.")


#: ``--set DIR`` (repeatable): a homebrew set's folder, the one holding its ``set.yaml``
#: (docs/homebrew.md, "Sets").
SET_DIRS = click.option(
    "--set", "set_dirs", multiple=True, type=click.Path(exists=True, file_okay=False),
    help="A homebrew set's folder (holding its set.yaml), played with the --sets named; "
    "repeatable.")


def homebrew_sets(set_dirs: tuple[str, ...]) -> tuple[list[str], list[str]]:
    """The set ids and the ``set_paths`` (the folders above them, absolute) of ``--set``
    folders.

    Raises:
        DataError: a folder without a set.yaml, or whose manifest's id is not the folder's
            name or is a shipped set's (``E-SET-FOLDER``; exit 1).
    """
    from elgrande.data.sets import set_folder

    ids: list[str] = []
    paths: list[str] = []
    for d in set_dirs:
        sid, root = set_folder(d)
        ids.append(sid)
        if str(root) not in paths:
            paths.append(str(root))
    return ids, paths


def _with_sets(sets: list[str], set_dirs: tuple[str, ...]) -> tuple[list[str], list[str]]:
    """``sets`` (from ``--sets``) with the ``--set`` folders' sets after them, and their
    ``set_paths``."""
    ids, paths = homebrew_sets(set_dirs)
    return [*sets, *(i for i in ids if i not in sets)], paths


def homebrew_set_folder(path: str) -> str | None:
    """The homebrew set folder ``path`` is (a folder holding a ``set.yaml``) or whose
    manifest it is (``.../set.yaml``), or None (a card folder or file, or a shipped set's
    folder, which validate checks as cards)."""
    from elgrande.data.sets import shipped_set_ids

    folder = Path(path)
    if folder.name == "set.yaml" and folder.is_file():
        folder = folder.parent
    if not (folder / "set.yaml").is_file() or folder.resolve().name in shipped_set_ids():
        return None
    return str(folder)


def _cards_not_sets(card_dirs: tuple[str, ...]) -> None:
    """Refuse a homebrew set folder given as ``--cards`` (its manifest would be ignored).

    Raises:
        click.BadParameter: a ``--cards`` folder holds a set.yaml (exit 2), hinting --set.
    """
    for d in card_dirs:
        if homebrew_set_folder(d) is not None:
            raise click.BadParameter(f"{d} is a set folder (it holds a set.yaml): give it "
                                     f"with --set {d}", param_hint="'--cards'")


def _bad_setting(exc: Exception) -> click.BadParameter:
    """The usage error (exit 2) of a :class:`~elgrande.errors.SettingError`, naming its
    option (``--sets``, ``--errata``, ``--fill``)."""
    option = getattr(exc, "option", "")
    return click.BadParameter(_one_line(exc), param_hint=f"'--{option}'" if option else None)


def writable(path: str, option: str, folder: bool = False) -> None:
    """Check, before any work, that the output ``path`` of ``option`` can be written.

    Every command treats its output the same way: missing folders on the way are created
    (``--out``, ``--record``, ``--report``); a path that cannot be written is a bad option
    value (exit 2, one sentence), found before a game is played rather than after.

    Args:
        path: a file (it is not changed: a new file is created and removed again) or, with
            ``folder``, a folder (a file is created in it and removed).
        option: the option's name for the message (``"--out"``).
    Raises:
        click.BadParameter: the folder cannot be made or the file cannot be written.
    """
    import tempfile

    target = Path(path)
    place = target if folder else target.parent
    try:
        if place.exists() and not place.is_dir():
            raise NotADirectoryError(0, "not a folder")
        place.mkdir(parents=True, exist_ok=True)
        if folder:
            with tempfile.TemporaryFile(dir=place):
                pass
        elif target.exists():
            with target.open("a", encoding="utf-8"):
                pass
        else:
            with target.open("x", encoding="utf-8"):
                pass
            target.unlink()
    except OSError as exc:
        why = (exc.strerror or type(exc).__name__).lower()
        raise click.BadParameter(f"{path!r} cannot be written ({why}): choose another "
                                 f"{'folder' if folder else 'file'}",
                                 param_hint=f"'{option}'") from None


#: ``--force`` of the commands writing a file the user names (``play --record``, ``schema
#: --out``, ``board --out``): without it an existing file is left alone (:func:`fresh`).
FORCE = click.option("--force", is_flag=True,
                     help="Overwrite the output file if it exists (without it: refused).")


def fresh(path: str, force: bool) -> None:
    """Refuse, before any work, to overwrite the existing file ``path`` a user named as
    an output, unless ``force`` (``--force``): one ``error: ...`` line on stderr, exit 1.
    A path that does not exist, or ``force``, passes."""
    if not force and Path(path).exists():
        click.echo(f"error: {path} exists: choose another file, or add --force to "
                   "overwrite it", err=True)
        sys.exit(1)


def _one_line(exc: BaseException) -> str:
    try:
        text = str(exc)
    except Exception:  # noqa: BLE001 - str() of a hostile value
        text = ""
    text = " ".join(text.split())
    return text[:300] + ("..." if len(text) > 300 else "")


@click.group(cls=Guarded)
@click.version_option(__version__, prog_name="elgrande")
def main() -> None:
    """elgrande: a rules-checked El Grande engine with cards as data."""


@main.command()
@click.argument("files", nargs=-1, required=True, type=click.Path(exists=True))
def scenario(files: tuple[str, ...]) -> None:
    """Run scenario case FILES (or folders of them) and report each case.

    Prints one line per case and a final 'N passed, N failed' line; exits 1 if any failed,
    2 when FILES hold no case file (as validate).
    """
    from elgrande.tools import scenario as sc

    if not sc.case_files(files):  # as validate: nothing to run is a usage error
        raise click.UsageError("no scenario case files (*.yaml, *.yml) under "
                               + ", ".join(files))
    passed = failed = 0
    for path in sc.case_files(files):
        result = sc.run_file(path)
        click.echo(result.line())
        if result.passed:
            passed += 1
        else:
            failed += 1
    click.echo(f"{passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


def _free_name(stem: str, suffix: str) -> str:
    """``stem + suffix`` in the current folder, or ``stem-2 + suffix``... if it exists."""
    n, name = 1, stem + suffix
    while Path(name).exists():
        n += 1
        name = f"{stem}-{n}{suffix}"
    return name


@main.command()
@click.option("--players", "-n", type=click.IntRange(2, 5), default=4, show_default=True,
              help="Number of players (B1.0).")
@click.option("--seed", "-s", type=click.IntRange(SEED_MIN, SEED_MAX), default=None,
              help="Shuffle seed, 0 to 2**64-1, for a game you want to replay (the same "
              "seed and answers give the same game). Default: a seed drawn from the "
              "operating system, kept in the record. A small seed you choose can be "
              "guessed, and with it every hidden stack: games between people should "
              "leave it out.")
@click.option("--bots", "-b", default=None,
              help="Comma-separated bots by seat: random, greedy, ismcts, human (you, at the "
              "terminal). A shorter list fills the other seats with the last bot named that "
              "is not human (greedy if none is).  [default: greedy and random by turns: "
              "greedy,random,greedy,...]")
@click.option("--record", "-r", type=click.Path(dir_okay=False), default=None,
              help="Write the game record (JSON Lines) here (missing folders are made; "
              "an existing file only with --force).")
@FORCE
@click.option("--variant", type=click.Choice(["standard", "short", "six_rounds"]),
              default="standard", show_default=True, help="Game length (B3.7).")
@click.option("--cards", "card_dirs", multiple=True, type=click.Path(exists=True),
              help="Extra (homebrew) card folder or file; repeatable.")
@click.option("--errata", multiple=True, help="Switch on an optional erratum by id.")
@click.option("--quiet", "-q", is_flag=True, help="Print only the final scores.")
@click.option("--sets", "set_list", default="base", show_default=True,
              help="Comma-separated card sets in load order, e.g. base,colonies.")
@click.option("--fill", default=None, help="Fill card data no source gives with this fill "
              "(e.g. provisional): the game plays with provisional data.")
@click.option("--beginner", is_flag=True, help="Intrigue & the King's beginner option (I1): "
              "only the cards whose values are divisible by 10.")
@SET_DIRS
def play(players: int, seed: int | None, bots: str | None, record: str | None, force: bool,
         variant: str, card_dirs: tuple[str, ...], errata: tuple[str, ...], quiet: bool,
         set_list: str, fill: str | None, beginner: bool, set_dirs: tuple[str, ...]) -> None:
    """Play a full rules-checked game between bots and print what happens."""
    from elgrande.data.library import provisional_log
    from elgrande.errors import ElGrandeError, SettingError
    from elgrande.play.game import new_game
    from elgrande.play.narrate import final_scores
    from elgrande.play.records import write_record
    from elgrande.players.bots import seat_bots
    from elgrande.tools import human

    names = ["red", "yellow", "blue", "green", "white"][:players]
    if bots is None:
        bots = ",".join(("greedy", "random")[i % 2] for i in range(players))
    kinds = [b.strip() for b in bots.split(",")]
    if not all(kinds):
        raise click.UsageError(f"--bots {bots!r}: name a bot between every two commas "
                               "(random, greedy, ismcts, human)")
    if len(kinds) > players:
        raise click.UsageError(f"{len(kinds)} bots named for {players} players")
    if seed is None:  # drawn here: the bots' seeds follow from it too
        seed = draw_seed()
    try:
        agents = [human.make_seat(k, seed * 100 + i)
                  for i, k in enumerate(seat_bots(kinds, players))]
        _cards_not_sets(card_dirs)
        sets = [x.strip() for x in set_list.split(",") if x.strip()]
        if not sets:
            raise click.UsageError("--sets names at least one card set, e.g. base")
        sets, set_paths = _with_sets(sets, set_dirs)
        game = new_game(names, sets=sets, seed=seed, variant=variant, errata=errata,
                        cards=card_dirs, fill=fill, beginner=beginner, set_paths=set_paths)
    except ValueError as exc:
        raise click.UsageError(str(exc)) from None
    except SettingError as exc:  # an unknown set, erratum or fill: a bad option value
        raise _bad_setting(exc) from None
    except ElGrandeError as exc:  # bad or missing card data: one line, exit 1
        click.echo(f"error: {exc}", err=True)
        sys.exit(1)
    # which bot played each seat, with its search budget (the record says so: an ismcts
    # game replays the same only with the same budget)
    game.header["bots"] = [{"bot": k, **getattr(a, "budget", {})}
                           for k, a in zip(seat_bots(kinds, players), agents, strict=True)]
    if record:  # before the first answer, not after the game
        writable(record, "--record")
        fresh(record, force)
    if not human.play(game, agents):  # a human seat typed q or Ctrl-C: save and stop
        record = record or _free_name("elgrande-stopped", ".jsonl")
        write_record(game, record)
        click.echo(f"Game stopped after {len(game.history)} answers. Record written to "
                   f"{record}.")
        return
    if not quiet and not any(k == "human" for k in kinds):  # the log ends with the scores
        for line in game.log:
            click.echo(line)
        click.echo("")
    who = ", ".join(f"{names[p]} ({agents[p].name})" for p in range(players))
    if quiet:  # the log's notice, without the log
        for line in provisional_log(game.library):
            click.echo(line)
    click.echo(f"Players: {who}")
    if quiet:
        click.echo(final_scores(names, game.state.scores))
    click.echo("Winner: " + " and ".join(names[p] for p in game.winners()))
    if record:
        write_record(game, record)
        click.echo(f"Record written to {record} ({len(game.history)} answers).")


@main.command()
@click.argument("record", type=click.Path(exists=True, dir_okay=False))
@RECORD_CARDS
@SET_DIRS
def check(record: str, card_dirs: tuple[str, ...], set_dirs: tuple[str, ...]) -> None:
    """Replay a game RECORD, checking every answer against the rules.

    Exits 0 with the final scores, or 1 with one ``error: RECORD:LINE: ...`` line on
    stderr (as board and show) naming the first illegal answer and its rule, a bad
    header, homebrew cards other than the ones the game was played with, or a line that
    is not JSON. Shipped card files changed since the record was made are named, and the
    record replays with today's cards. Homebrew cards named in the record are read only
    from the record's own folder, or from where --cards says; homebrew sets from the
    folders the record names, or from where --set says.
    """
    from elgrande.play.narrate import final_scores
    from elgrande.play.records import RecordError, replay

    _cards_not_sets(card_dirs)
    notes: list[str] = []
    with open(record, "rb") as fh:
        try:
            game = replay(fh, logging=False, cards=card_dirs or None,
                          record_dir=Path(record).resolve().parent, notes=notes,
                          set_paths=homebrew_sets(set_dirs)[1] if set_dirs else None)
        except RecordError as exc:
            for note in notes:
                click.echo(f"{record}: {note}")
            rule = f"[{exc.rule}] " if exc.rule else ""
            click.echo(f"error: {record}:{exc.line}: {rule}{exc.message}", err=True)
            sys.exit(1)
    for note in notes:
        click.echo(f"{record}: {note}")
    if not game.over:
        d = game.pending
        click.echo(f"error: {record}: the record ends before the game is over (waiting for "
                   f"{d.kind if d else '?'})", err=True)
        sys.exit(1)
    click.echo(f"{record}: all {len(game.history)} answers legal.")
    click.echo(final_scores(game.names, game.state.scores))
    sys.exit(0)



@main.command(name="validate")
@click.argument("paths", nargs=-1, required=True, type=click.Path(exists=True))
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text",
              show_default=True, help="Diagnostics as text (with a caret) or a JSON list.")
@click.option("--strict", is_flag=True, help="Warnings fail too (exit 1).")
@click.option("--smoke", type=click.IntRange(min=0), default=50, show_default=True,
              help="Random positions each valid action card is smoke-played in (0: none).")
@click.option("--seed", type=int, default=1, show_default=True,
              help="Seed of the first smoke position (trial i uses seed + i).")
@click.option("--sets", "set_list", default="base", show_default=True,
              help="Comma-separated card sets the cards are meant for, e.g. base,colonies: "
              "their board, cards and statements, and smoke play in their games.")
@SET_DIRS
@click.option("--fill", default=None, help="The fill the smoke games play with, for sets "
              "with card data no source gives (e.g. provisional).")
def validate_cmd(paths: tuple[str, ...], fmt: str, strict: bool, smoke: int,
                 seed: int, set_list: str, set_dirs: tuple[str, ...],
                 fill: str | None) -> None:
    """Check card files or folders PATHS and report every problem.

    Loads the cards as the engine does (the shipped base set alongside), reports YAML,
    schema, syntax and checker problems, duplicate ids, effects that never act, and
    smoke-plays each valid card. Exits 0 when clean (warnings allowed unless --strict),
    1 on errors, 2 on usage errors.
    """
    from elgrande.errors import SettingError
    from elgrande.tools import validate as validation

    sets = [x.strip() for x in set_list.split(",") if x.strip()]
    if not sets:
        raise click.UsageError("--sets names at least one card set, e.g. base")
    # a homebrew set's folder (or its set.yaml) is checked as a set, as with --set DIR
    folders = {p: homebrew_set_folder(p) for p in paths}
    set_dirs = tuple(dict.fromkeys([*set_dirs, *(f for f in folders.values() if f)]))
    paths = tuple(dict.fromkeys(folders[p] or p for p in paths))
    sets, set_paths = _with_sets(sets, set_dirs)
    try:
        report = validation.validate(paths, smoke=smoke, seed=seed, sets=sets,
                                     set_paths=set_paths, fill=fill)
    except validation.NoCardFiles as exc:
        raise click.UsageError(str(exc)) from None
    except SettingError as exc:  # an unknown set: a bad option value
        raise _bad_setting(exc) from None
    if fmt == "json":
        import json  # only for this format

        click.echo(json.dumps(report.to_json(), indent=2))
    else:
        click.echo(report.format_text(strict))
    sys.exit(report.exit_code(strict))


@main.command(name="schema")
@click.option("--out", type=click.Path(dir_okay=False), default=None,
              help="Write the schema here (default: print it; an existing file only "
              "with --force).")
@FORCE
@click.option("--manifest", is_flag=True, help="The schema of a set's set.yaml (its "
              "homebrew keys: stacks, spaces, card kinds) instead of card files.")
def schema_cmd(out: str | None, force: bool, manifest: bool) -> None:
    """Print or write the JSON Schema of card files (generated from the card format), or
    with --manifest of set manifests (cards/set-schema.json)."""
    from elgrande.tools.schema import schema_text, set_schema_text

    text = set_schema_text() if manifest else schema_text()
    if out is None:
        click.echo(text, nl=False)
    else:
        writable(out, "--out")
        fresh(out, force)
        Path(out).write_text(text, encoding="utf-8")
        click.echo(f"wrote {out}")


@main.command(name="docs")
@click.option("--out", type=click.Path(file_okay=False), default=None,
              help="Output folder [default: docs for md, docs/html for html; required "
              "with --cards, so homebrew docs never overwrite the shipped ones].")
@click.option("--format", "fmt", type=click.Choice(["md", "html"]), default="md",
              show_default=True, help="Markdown (cards.md, dsl.md) or a static HTML site.")
@click.option("--cards", "card_dirs", multiple=True, type=click.Path(exists=True),
              help="Extra (homebrew) card folder; repeatable.")
@SET_DIRS
def docs_cmd(out: str | None, fmt: str, card_dirs: tuple[str, ...],
             set_dirs: tuple[str, ...]) -> None:
    """Generate the card reference and the effect-language reference."""
    _cards_not_sets(card_dirs)
    if (card_dirs or set_dirs) and out is None:
        raise click.UsageError("with --cards or --set, say where the docs go with --out (the "
                               "default folder holds the docs of the shipped cards)")
    if out is None:
        out = "docs/html" if fmt == "html" else "docs"
    from elgrande.errors import CardError
    from elgrande.tools import docs
    from elgrande.tools.validate import Diagnostic

    writable(out, "--out", folder=True)
    try:
        written = docs.write_docs(out, fmt, card_dirs, set_dirs)
    except CardError as exc:
        click.echo(Diagnostic.from_error(exc).format(_lines(exc.path)), err=True)
        click.echo("fix the card (see 'elgrande validate') and run again", err=True)
        sys.exit(1)
    for path in written:
        click.echo(f"wrote {path}")


@main.command(name="rules")
@click.argument("ids", nargs=-1)
def rules_cmd(ids: tuple[str, ...]) -> None:
    """Print the rules reference: with no IDS every rule (id, title, where it comes from);
    with rule IDS (e.g. B5.2 C4) each rule's full text.

    Exits 1 on an unknown id, naming the closest known ones.
    """
    import textwrap

    from elgrande.errors.rule_ids import RULES, lookup

    if not ids:
        width = max(len(r) for r in RULES)
        for r in RULES.values():
            click.echo(f"{r.id:<{width}}  {r.title}  [{r.source_name}]")
        return
    unknown = False
    for i, rid in enumerate(ids):
        try:
            r = lookup(rid)
        except KeyError as exc:
            click.echo(f"error: {exc.args[0]}", err=True)
            unknown = True
            continue
        if i:
            click.echo("")
        click.echo(f"{r.id}: {r.title}  [{r.source_name}]")
        click.echo(textwrap.fill(r.text, width=88))
    sys.exit(1 if unknown else 0)


@main.command(name="examples")
@click.option("--out", type=click.Path(file_okay=False), default=None,
              help="Copy the examples into this folder (default: print where they are).")
def examples_cmd(out: str | None) -> None:
    """Show where the shipped examples (homebrew cards, and homebrew sets in sets/) are, or
    copy them to --out.

    ``elgrande play --cards "$(elgrande examples)/homebrew"`` plays with the cards,
    ``elgrande play --set "$(elgrande examples)/sets/rome"`` with the example set.
    """
    import shutil

    from elgrande.files.resources import data_dir

    src = data_dir("examples")
    if out is None:
        click.echo(str(src))
        return
    dest = Path(out)
    writable(out, "--out", folder=True)
    clash = [p for p in src.rglob("*") if p.is_file() and (dest / p.relative_to(src)).exists()]
    if clash:
        raise click.UsageError(f"{dest / clash[0].relative_to(src)} exists; choose an empty "
                               "folder for --out")
    shutil.copytree(src, dest, dirs_exist_ok=True)
    for p in sorted(dest.rglob("*")):
        if p.is_file():
            click.echo(f"wrote {p}")


def _lines(path: str) -> list[str]:
    try:
        with open(path, encoding="utf-8") as fh:
            return fh.read().splitlines()
    except (OSError, UnicodeDecodeError):
        return []


@main.command(name="board")
@click.argument("source")
@click.option("--out", "-o", type=click.Path(dir_okay=False), required=True,
              help="The SVG file to write (an existing file only with --force).")
@FORCE
@click.option("--as", "as_player", default=None,
              help="Draw what this player (name or seat index) sees; default: the public view.")
@RECORD_CARDS
@SET_DIRS
def board_cmd(source: str, out: str, force: bool, as_player: str | None,
              card_dirs: tuple[str, ...], set_dirs: tuple[str, ...]) -> None:
    """Draw the board of SOURCE as SVG: STATE.json (a saved game), RECORD or RECORD:N
    (a record replayed to answer N). Exits 1 with one line on a bad SOURCE, 2 if its file
    does not exist. A record's homebrew sets are read from the folders it names, or from
    where --set says."""
    from pathlib import Path

    from elgrande.tools import board_svg as bs

    _cards_not_sets(card_dirs)
    fresh(out, force)
    path = bs.split_source(source)[0]
    if not Path(path).exists():  # as click.Path does for the others
        head, _, tail = source.rpartition(":")
        if head and Path(head).exists():
            raise click.BadParameter(f"{tail!r} after {head!r} is not an answer count "
                                     "(RECORD:N takes N = 0, 1, 2, ...)", param_hint="'SOURCE'")
        raise click.BadParameter(f"Path {path!r} does not exist.", param_hint="'SOURCE'")
    try:
        game = bs.load_position(source, card_dirs,
                                homebrew_sets(set_dirs)[1] if set_dirs else None)
        svg = bs.board_svg(bs.view_for(game, bs.seat(game, as_player)), game.library.board)
    except bs.NoSuchPlayer as exc:  # a bad option value, as everywhere
        raise click.BadParameter(str(exc), param_hint="'--as'") from None
    except bs.SourceError as exc:
        click.echo(f"error: {exc}", err=True)
        sys.exit(1)
    writable(out, "--out")
    Path(out).write_text(svg, encoding="utf-8")
    click.echo(f"wrote {out}")


@main.command(name="show")
@click.argument("record", type=click.Path(exists=True, dir_okay=False))
@click.option("--out", "-o", type=click.Path(file_okay=False), required=True,
              help="The folder to write index.html into.")
@click.option("--as", "as_player", default=None,
              help="Show what this player (name or seat index) sees; default: the public view.")
@RECORD_CARDS
@SET_DIRS
def show_cmd(record: str, out: str, as_player: str | None,
             card_dirs: tuple[str, ...], set_dirs: tuple[str, ...]) -> None:
    """Write a replay viewer of RECORD: one static HTML page stepping through the game.
    Exits 1 with one line on a bad RECORD. A record's homebrew sets are read from the
    folders it names, or from where --set says."""
    from elgrande.play.records import RecordError
    from elgrande.tools.board_svg import NoSuchPlayer, SourceError
    from elgrande.tools.viewer import write_viewer

    _cards_not_sets(card_dirs)
    writable(out, "--out", folder=True)
    try:
        page = write_viewer(record, out, as_player, card_dirs,
                            homebrew_sets(set_dirs)[1] if set_dirs else None)
    except RecordError as exc:
        rule = f"[{exc.rule}] " if exc.rule else ""
        click.echo(f"error: {record}:{exc.line}: {rule}{exc.message}", err=True)
        sys.exit(1)
    except NoSuchPlayer as exc:  # a bad option value, as everywhere
        raise click.BadParameter(str(exc), param_hint="'--as'") from None
    except SourceError as exc:
        click.echo(f"error: {record}: {exc}", err=True)
        sys.exit(1)
    click.echo(f"wrote {page}")


@main.command(name="simulate")
@click.option("--games", "-g", type=click.IntRange(min=1), default=100, show_default=True,
              help="Number of games (seeds first-seed .. first-seed + games - 1).")
@click.option("--first-seed", type=click.IntRange(SEED_MIN, SEED_MAX), default=1,
              show_default=True, help="Seed of the first game (seeds are 0 to 2**64-1).")
@click.option("--players", "-n", default="4", show_default=True,
              help="Player count, or comma-separated counts taken in turn by seed (B1.0).")
@click.option("--bots", "-b", default="random", show_default=True,
              help="Comma-separated bots by seat: random, greedy, ismcts; a shorter list fills "
              "the other seats with the last bot named.")
@click.option("--sets", "set_names", multiple=True, default=("base",), show_default=True,
              help="Card sets, comma-separated (as for play) or repeated: base,colonies.")
@click.option("--variant", type=click.Choice(["standard", "short", "six_rounds"]),
              default="standard", show_default=True, help="Game length (B3.7).")
@click.option("--errata", multiple=True, help="Switch on an optional erratum by id.")
@click.option("--cards", "card_dirs", multiple=True, type=click.Path(exists=True),
              help="Homebrew card folder; repeatable.")
@click.option("--fill", default=None, help="A fill for expansion cards' unknown fields.")
@click.option("--baseline", default=None, metavar="DIR|base",
              help="Also play the same seeds with these cards instead ('base': no "
              "homebrew cards) and test the differences.")
@click.option("--out", "-o", type=click.Path(file_okay=False), default="simulation",
              show_default=True, help="Folder of games.jsonl, baseline.jsonl, summary.json.")
@click.option("--report", type=click.Path(file_okay=False), default=None,
              help="Write an HTML report (index.html) here (needs the [report] extra).")
@click.option("--jobs", "-j", type=click.IntRange(min=0), default=0,
              help="Local worker processes (0: one per core) [default: 0].")
@click.option("--backend", type=click.Choice(["local", "ray"]), default="local",
              show_default=True, help="A local process pool, or Ray tasks ([ray] extra).")
@click.option("--address", default=None, help="Address of a running Ray cluster.")
@click.option("--resume", is_flag=True, help="Keep the games already in --out; play the rest.")
@click.option("--fresh", is_flag=True, help="Discard the games already in --out.")
@click.option("--progress/--no-progress", default=None,
              help="Show a progress bar with an ETA (stderr)  [default: when stderr is a "
              "terminal]")
@SET_DIRS
def simulate_cmd(games: int, first_seed: int, players: str, bots: str,
                 set_names: tuple[str, ...], variant: str, errata: tuple[str, ...],
                 card_dirs: tuple[str, ...], fill: str | None, baseline: str | None,
                 out: str,
                 report: str | None, jobs: int, backend: str, address: str | None,
                 resume: bool, fresh: bool, progress: bool | None,
                 set_dirs: tuple[str, ...]) -> None:
    """Play many seeded bot games and report win rates, points and card impact.

    Prints the summary tables; exits 1 if a game failed, 2 on a usage error.
    """
    import os

    from elgrande.errors import ElGrandeError, SettingError
    from elgrande.tools.simulate import ResultsError, SimConfig, SimError, simulate

    try:
        counts = tuple(int(x) for x in players.split(",") if x.strip())
    except ValueError:
        raise click.UsageError(f"--players takes counts such as 4 or 3,4, not {players!r}"
                               ) from None
    if first_seed + games - 1 > SEED_MAX:
        raise click.UsageError(f"--first-seed {first_seed} --games {games}: the last seed "
                               f"would pass 2**64-1; seeds are {SEED_RANGE}")
    if resume and fresh:
        raise click.UsageError("--resume and --fresh exclude each other")
    if baseline is not None and baseline != "base" and not os.path.isdir(baseline):
        raise click.UsageError(f"--baseline takes a card folder or 'base', not {baseline!r}")
    _cards_not_sets(card_dirs)
    set_names = tuple(s.strip() for part in set_names for s in part.split(",") if s.strip())
    listed, set_paths = _with_sets(list(set_names), set_dirs)
    set_names = tuple(listed)
    cfg = SimConfig(counts, tuple(b.strip() for b in bots.split(",") if b.strip()),
                    set_names, variant, errata, card_dirs, fill, tuple(set_paths))
    try:  # missing card data or a bad set refuses up front, as play does
        from elgrande.play.game import new_game

        for n in counts:
            new_game(n, sets=set_names, seed=first_seed, variant=variant, errata=errata,
                     cards=card_dirs, fill=fill, logging=False, set_paths=set_paths)
    except SettingError as exc:  # an unknown set, erratum or fill: a bad option value
        raise _bad_setting(exc) from None
    except ElGrandeError as exc:
        click.echo(f"error: {exc}", err=True)
        sys.exit(1)
    except ValueError:
        pass  # a bad player count: simulate's own checks word it as a usage error
    try:
        cfg.check()  # bad settings are refused before an output folder is made
    except SimError as exc:
        raise click.UsageError(str(exc)) from None
    writable(out, "--out", folder=True)
    if report is not None:
        writable(report, "--report", folder=True)
    try:
        text, code = simulate(cfg, range(first_seed, first_seed + games), out, baseline,
                              report, jobs, backend, address, resume, fresh, progress,
                              f"elgrande simulate --games {games} --first-seed {first_seed} "
                              f"--players {players} --bots {bots} --variant {variant}"
                              + "".join(f" --cards {c}" for c in card_dirs)
                              + "".join(f" --set {d}" for d in set_dirs)
                              + (f" --baseline {baseline}" if baseline else ""))
    except ResultsError as exc:  # a results file that cannot be resumed: its input
        click.echo(f"error: {_one_line(exc)}", err=True)
        sys.exit(1)
    except SimError as exc:
        raise click.UsageError(str(exc)) from None
    except KeyboardInterrupt:
        click.echo(f"\ninterrupted: the finished games are kept in {out}; add --resume to "
                   "go on", err=True)
        sys.exit(130)
    click.echo(text)
    sys.exit(code)


if __name__ == "__main__":  # pragma: no cover
    main()
