"""Many seeded bot games for card design: ``elgrande simulate``.

One game is a pure function of ``(config, seed)`` (:func:`play_one`): the game is built
with :func:`elgrande.new_game` from the seed, and the bot of seat ``p`` is seeded with
``seed * 100 + p`` (as ``elgrande play`` does, so ``elgrande play --seed S --bots ...``
replays game ``S``). Its result is one JSON line (:func:`record_line`, keys sorted), so
the same seeds give byte-identical lines whatever the number of jobs or the backend.

:func:`run_games` plays the seeds not yet in a results file on a local process pool
(``jobs``), or on Ray (``backend="ray"``), appending each line as its game ends
(resumable), then rewrites the file in seed order. Statistics and the report are in
:mod:`elgrande.tools.sim_report`.

A line (``SCHEMA_KEYS``): ``seed``, ``players`` (count), ``bots`` (by seat), ``sets``,
``variant``, ``errata``, ``cards`` (the homebrew folders as given), ``fill``, ``scores`` and
``winners`` (seats; a tie is a shared victory), ``points`` (by seat: points by source,
``general:<place id>`` for each place at general scorings (B6.2, B6.4),
``special:<card id>`` for special scorings (B8.6) during that card's special action, and
``other`` for the rest, so a seat's sources add up to its score), ``round_points`` (round
number -> points each seat gained in that round, the general scoring after it included),
``taken`` (every action card taken, B4.2: ``round``, ``seat``, ``card``) and ``answers``.
A game that raised is a line ``{"seed", "error", ...}``: it counts as failed and is
played again on ``--resume``.
"""

from __future__ import annotations

import json
import os
import traceback
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from pathlib import Path
from typing import Any

import attrs

from elgrande.errors import ElGrandeError
from elgrande.errors import SimError as SimError  # where it lives: below the report

#: Keys of a finished game's line.
SCHEMA_KEYS = ("answers", "bots", "cards", "errata", "fill", "players", "points",
               "round_points", "scores", "seed", "sets", "taken", "variant", "winners")
#: Keys that must agree between a results file and the settings resuming it (a refusal
#: names the first that differs, in this order: the player count before the bots by seat).
CONFIG_KEYS = ("players", "sets", "variant", "fill", "cards", "errata", "bots")
#: The remainder source: points not from a scoring the tally knows (so sources add up).
OTHER = "other"
#: Most answers one game may take (a flow bug otherwise).
MAX_ANSWERS = 100_000
#: The largest count or number of points a results line may hold (far above any game's;
#: the statistics turn them into floats).
BIGGEST = 10**9


def _set_names(sets: Sequence[str]) -> tuple[str, ...]:
    from elgrande.data.kinds import set_names  # on use: this module stays light

    return set_names(sets)


class ResultsError(SimError):
    """A results file that cannot be resumed: a line that is not a game line of
    ``elgrande simulate`` (:func:`line_schema`, and scores, winners and points that agree),
    a seed twice, or games played with other settings. One line naming the file and line;
    the command line exits 1 (a problem in its input)."""


@attrs.frozen
class SimConfig:
    """The settings shared by every game of a run.

    Attributes:
        players: the player counts (2..5, B1.0); game ``seed`` has
            ``players[seed % len(players)]`` players.
        bots: bot names by seat; when shorter than the player count, the last one named
            fills the other seats (:func:`elgrande.players.bots.seat_bots`).
        sets: card sets, a sequence of names (one string is refused with ValueError:
            ``"base"`` is not ``('b', 'a', 's', 'e')``);
        variant: ``standard``, ``short`` or ``six_rounds`` (B3.7);
        errata: optional errata ids; cards: homebrew card folders (as given);
        fill: the name of a fill for expansion cards' unknown fields (docs/library.md),
            passed to ``new_game(fill=...)``; None for none.
        set_paths: folders holding homebrew sets named in ``sets`` (``<set>/set.yaml``;
            ``--set DIR`` gives DIR's parent), absolute, for workers started elsewhere.
    """

    players: tuple[int, ...] = (4,)
    bots: tuple[str, ...] = ("random",)
    sets: tuple[str, ...] = attrs.field(default=("base",), converter=_set_names)
    variant: str = "standard"
    errata: tuple[str, ...] = ()
    cards: tuple[str, ...] = ()
    fill: str | None = None
    set_paths: tuple[str, ...] = ()

    def players_for(self, seed: int) -> int:
        """The player count of game ``seed``."""
        return self.players[seed % len(self.players)]

    def bots_for(self, players: int) -> list[str]:
        """The bot names by seat for a game of ``players``
        (:func:`~elgrande.players.bots.seat_bots`)."""
        from elgrande.players.bots import seat_bots

        return seat_bots(self.bots, players)

    def expected(self, seed: int) -> dict[str, Any]:
        """The :data:`CONFIG_KEYS` fields a line of game ``seed`` must carry."""
        n = self.players_for(seed)
        return {"bots": self.bots_for(n), "cards": list(self.cards),
                "errata": sorted(self.errata), "fill": self.fill, "players": n,
                "sets": list(self.sets), "variant": self.variant}

    def check(self) -> None:
        """Load the cards and bots once, so bad settings fail before any game.

        Raises:
            SimError: a bad player count, bot name, variant, set, erratum or card folder.
        """
        import inspect

        from elgrande.data.library import load_library
        from elgrande.play.game import new_game
        from elgrande.players.bots import make_bot

        if self.fill is not None and "fill" not in inspect.signature(new_game).parameters:
            raise SimError("this engine has no fills yet (docs/homebrew.md, section 8): "
                           "drop --fill")
        if not self.players or any(not 2 <= n <= 5 for n in self.players):
            raise SimError(f"player counts must be 2 to 5 (B1.0), not {list(self.players)}")
        if not self.bots:
            raise SimError("name at least one bot")
        if len(self.bots) > max(self.players):
            raise SimError(f"{len(self.bots)} bots named for {max(self.players)} players")
        try:
            for b in self.bots:
                make_bot(b, 0)
            if self.variant not in ("standard", "short", "six_rounds"):
                raise ValueError(f"unknown variant {self.variant!r}")
            load_library(self.sets, self.errata, self.cards, set_paths=self.set_paths)
        except (ValueError, ElGrandeError) as exc:
            raise SimError(" ".join(str(exc).split())) from None

    def card_ids(self) -> set[str]:
        """The ids of the action cards these settings play with (B1.4)."""
        from elgrande.data.library import load_library

        lib = load_library(self.sets, self.errata, self.cards, set_paths=self.set_paths)
        return {c.id for c in lib.cards.of_kind("action")}

    def titles(self) -> dict[str, str]:
        """Card id -> printed title, for the report; a title several cards share is told
        apart (``words.card_titles``: ``"Intrigue (move any 4 Caballeros on the
        board)"``)."""
        from elgrande.data.library import load_library
        from elgrande.play.words import card_titles

        lib = load_library(self.sets, self.errata, self.cards, set_paths=self.set_paths)
        return dict(card_titles(lib))


def bot_seed(seed: int, seat: int) -> int:
    """The seed of seat ``seat``'s bot in game ``seed`` (the same as ``elgrande play``)."""
    return seed * 100 + seat


def play_one(config: SimConfig, seed: int, card_paths: Sequence[str] | None = None
             ) -> dict[str, Any]:
    """Play game ``seed`` to the end with ``config``'s bots and tally its points.

    Args:
        config, seed: the settings and the game seed.
        card_paths: the homebrew folders to load (default ``config.cards``): the same
            folders resolved where the run started, for workers started elsewhere.

    Returns:
        The game's line as a dict (module docstring), or ``{"seed", "error", ...}`` if the
        engine raised (the traceback's last line in ``error``).
    """
    from elgrande.play.game import new_game
    from elgrande.players.bots import make_bot

    head = {"seed": seed, **config.expected(seed)}
    try:
        cards = tuple(config.cards if card_paths is None else card_paths)
        return {**head, **_play(config, seed, cards, head["bots"], new_game, make_bot)}
    except Exception as exc:  # noqa: BLE001 - a failed game is a result, not a crash
        last = traceback.format_exception_only(type(exc), exc)[-1].strip()
        return {**head, "error": last}


def _play(config: SimConfig, seed: int, cards: tuple[str, ...], kinds: list[str],
          new_game: Callable[..., Any], make_bot: Callable[..., Any]) -> dict[str, Any]:
    n = len(kinds)
    fill = {"fill": config.fill} if config.fill is not None else {}
    more = {"set_paths": config.set_paths} if config.set_paths else {}
    game = new_game(n, sets=config.sets, seed=seed, variant=config.variant,
                    errata=config.errata, cards=cards, logging=False, **fill, **more)
    board = game.library.board
    bots = [make_bot(k, bot_seed(seed, p)) for p, k in enumerate(kinds)]
    points: list[dict[str, int]] = [{} for _ in range(n)]
    rounds: dict[str, list[int]] = {}
    taken: list[dict[str, Any]] = []
    special = ""
    answers = 0
    r = game.state.round
    mark = game.state.scores[:]  # the scores when round r's answers began
    while game.pending is not None:
        p = game.pending.players[0]
        if game.state.round != r:  # an answer's points go to the round it was given in
            _gain(rounds, r, mark, game.state.scores)
            r = game.state.round
            mark = game.state.scores[:]
        events = game.answer(p, bots[p].answer(game.lazy_view(p)))
        answers += 1
        if answers > MAX_ANSWERS:  # pragma: no cover - a flow bug
            raise RuntimeError("the game did not end")
        for e in events:
            kind = e.get("event")
            if kind == "card":
                taken.append({"round": r, "seat": e["player"], "card": e["card"]})
            elif kind == "special":
                special = e["card"]
            elif kind == "end_turn":
                special = ""
            elif kind == "score" and special:  # the scoring as JSON (RegionScore.to_json)
                _add(points, f"special:{special}", e["result"]["lines"])
            elif kind == "general_scoring":  # (no region yet when it paused, B6.3)
                g = e["result"]
                for rs in (g["castillo"], *g["regions"]):
                    _add(points, f"general:{board.place_id(rs['place'])}", rs["lines"])
            elif kind == "general_scoring_rest" and e.get("resumed"):
                for rs in e["result"]["regions"]:
                    _add(points, f"general:{board.place_id(rs['place'])}", rs["lines"])
    if answers:
        _gain(rounds, r, mark, game.state.scores)
    scores = list(game.state.scores)
    for q in range(n):
        points[q][OTHER] = scores[q] - sum(points[q].values())
    return {"scores": scores, "winners": game.winners(), "points": points,
            "round_points": rounds, "taken": taken, "answers": answers}


def _gain(rounds: dict[str, list[int]], r: int, mark: list[int], scores: list[int]) -> None:
    """Add what each seat gained since ``mark`` to round ``r``'s points."""
    gain = rounds.setdefault(str(r), [0] * len(mark))
    for q in range(len(mark)):
        gain[q] += scores[q] - mark[q]


def _add(points: list[dict[str, int]], source: str, lines: Iterable[dict[str, Any]]) -> None:
    """Add a scoring's lines (``ScoreLine.to_json`` dicts) to each seat's points from
    ``source`` (a line's total: its points and bonuses; neutral caballeros pay nobody)."""
    for ln in lines:
        who = ln["participant"]
        total = ln["points"] + sum(b for _, b in ln["bonuses"])
        if who >= 0 and total:
            d = points[who]
            d[source] = d.get(source, 0) + total


def record_line(record: dict[str, Any]) -> str:
    """The JSON line of a game (keys sorted, compact, no newline)."""
    return json.dumps(record, sort_keys=True, separators=(",", ":"))


def line_schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of a results line (module docstring): a finished
    game's line, or a failed game's ``{"seed", "error", <settings>}`` (anything else on it
    is not read). Seat numbers, and the lengths of what is listed by seat, are checked
    against the line's ``players``; counts and points lie within :data:`BIGGEST`.
    :func:`read_results` checks it with ``integer`` meaning a JSON integer (not ``2.0``)."""
    strings = {"type": "array", "items": {"type": "string"}}
    count = {"type": "integer", "minimum": 0, "maximum": BIGGEST}
    signed = {"type": "integer", "minimum": -BIGGEST, "maximum": BIGGEST}
    settings: dict[str, Any] = {
        "seed": {"type": "integer", "minimum": 0},
        "players": {"type": "integer", "minimum": 2, "maximum": 5},
        "bots": strings, "sets": strings, "errata": strings, "cards": strings,
        "variant": {"enum": ["standard", "short", "six_rounds"]},
        "fill": {"type": ["string", "null"]}}
    by_seat = [{"if": {"properties": {"players": {"const": n}}},
                "then": {"properties": {
                    "bots": {"minItems": n, "maxItems": n},
                    "scores": {"minItems": n, "maxItems": n},
                    "points": {"minItems": n, "maxItems": n},
                    "winners": {"items": {"maximum": n - 1}},
                    "round_points": {"additionalProperties": {"minItems": n, "maxItems": n}},
                    "taken": {"items": {"properties": {"seat": {"maximum": n - 1}}}}}}}
               for n in range(2, 6)]
    game = {"type": "object", "required": list(SCHEMA_KEYS), "additionalProperties": False,
            "properties": {
                **settings,
                "scores": {"type": "array", "items": count},
                "winners": {"type": "array", "items": count, "minItems": 1,
                            "uniqueItems": True},
                "points": {"type": "array", "items": {
                    "type": "object", "additionalProperties": signed}},
                "round_points": {"type": "object", "propertyNames": {"pattern": "^[0-9]+$"},
                                 "additionalProperties": {"type": "array", "items": signed}},
                "taken": {"type": "array", "items": {
                    "type": "object", "required": ["round", "seat", "card"],
                    "additionalProperties": False,
                    "properties": {"round": count, "seat": count, "card": {"type": "string"}}}},
                "answers": count},
            "allOf": by_seat}
    failed = {"type": "object", "required": ["seed", "error", *CONFIG_KEYS],  # other keys
              "properties": {**settings, "error": {"type": "string"}},  # are not read:
              "allOf": by_seat}  # the game counts as failed and is played again
    return {"$schema": "https://json-schema.org/draft/2020-12/schema",
            "if": {"required": ["error"]}, "then": failed, "else": game}


def _line_problem(rec: Any, validator: Any) -> str | None:
    """What is wrong with one results line ``rec`` (a JSON value), or None."""
    from jsonschema.exceptions import best_match

    err = best_match(validator.iter_errors(rec))
    if err is not None:
        where = "/".join(str(k) for k in err.absolute_path)
        return (f"{where}: " if where else "") + " ".join(err.message.split())[:200]
    if "error" in rec:
        return None
    scores = rec["scores"]
    if rec["winners"] != [p for p, v in enumerate(scores) if v == max(scores)]:
        return f"winners {rec['winners']} are not the seats with the most points {scores}"
    for p, pts in enumerate(rec["points"]):
        if sum(pts.values()) != scores[p]:
            return f"points of seat {p} add up to {sum(pts.values())}, not its score {scores[p]}"
    for p in range(rec["players"]):
        gained = sum(r[p] for r in rec["round_points"].values())
        if gained != scores[p]:
            return f"round_points of seat {p} add up to {gained}, not its score {scores[p]}"
    return None


def read_results(path: str | Path) -> list[dict[str, Any]]:
    """The game lines of a results file, in file order ([] if it does not exist), each
    checked (:func:`line_schema`; winners are the seats with the most points, each
    seat's points and round points add up to its score; each seed once).

    Raises:
        ResultsError: a line that is not a game line of ``elgrande simulate`` or a seed
        given twice (one line, with the file, line number and what is wrong).
    """
    p = Path(path)
    if not p.exists():
        return []
    import jsonschema  # only to resume (a runtime dependency)

    base = jsonschema.Draft202012Validator
    strict = base.TYPE_CHECKER.redefine(  # 2.0 is no integer here: it would index a list
        "integer", lambda _, v: isinstance(v, int) and not isinstance(v, bool))
    checker = jsonschema.validators.extend(base, type_checker=strict)  # type: ignore[no-untyped-call]
    validator = checker(line_schema())
    out = []
    seen: dict[int, int] = {}
    with p.open(encoding="utf-8", errors="replace") as fh:
        for i, line in enumerate(fh, 1):
            if not line.strip():
                continue
            try:
                rec = json.loads(line)
            except (json.JSONDecodeError, RecursionError):
                problem: str | None = "not JSON"
            else:
                problem = _line_problem(rec, validator)
            if problem is None and rec["seed"] in seen:
                problem = f"game {rec['seed']} is also on line {seen[rec['seed']]}"
            if problem is not None:
                raise ResultsError(f"{p}:{i}: not a game line of 'elgrande simulate' "
                                   f"({problem}): use another --out or --fresh")
            seen[rec["seed"]] = i
            out.append(rec)
    return out


def _known(config: SimConfig, path: Path, seeds: Sequence[int],
           resume: bool) -> dict[int, dict[str, Any]]:
    """The finished games of ``path`` to keep, checked against ``config``."""
    old = read_results(path)
    if old and not resume:
        raise SimError(f"{path} already holds {len(old)} games: add --resume to go on "
                       "with them, or --fresh to start over")
    wanted = set(seeds)
    done: dict[int, dict[str, Any]] = {}
    for rec in old:
        s = rec["seed"]
        exp = config.expected(s)
        if {k: rec.get(k) for k in CONFIG_KEYS} != exp:
            diff = next(k for k in CONFIG_KEYS if rec.get(k) != exp[k])
            raise ResultsError(f"{path}: game {s} was played with {diff} {rec.get(diff)!r}, "
                               f"not {exp[diff]!r}: use another --out or --fresh")
        if "error" not in rec or s not in wanted:
            done[s] = rec
    return done


@attrs.frozen
class Task:
    """One game to play: the results set it belongs to, its settings, seed and the
    homebrew folders as absolute paths."""

    label: str
    config: SimConfig
    seed: int
    card_paths: tuple[str, ...]


def _play_task(task: Task) -> tuple[str, dict[str, Any]]:
    return task.label, play_one(task.config, task.seed, task.card_paths)


def default_jobs() -> int:
    """All the cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not Linux
        return os.cpu_count() or 1


def _local(tasks: list[Task], jobs: int) -> Iterator[tuple[str, dict[str, Any]]]:
    if jobs <= 1 or len(tasks) <= 1:
        for t in tasks:
            yield _play_task(t)
        return
    pool = ProcessPoolExecutor(max_workers=min(jobs, len(tasks)), initializer=_worker_init)
    try:
        live: set[Future[tuple[str, dict[str, Any]]]] = set()
        queue = iter(tasks)
        for t in queue:  # keep a few tasks per worker queued, not all of them
            live.add(pool.submit(_play_task, t))
            if len(live) >= 2 * jobs:
                break
        while live:
            finished, live = wait(live, return_when=FIRST_COMPLETED)
            for f in finished:
                yield f.result()
            for t in queue:
                live.add(pool.submit(_play_task, t))
                if len(live) >= 2 * jobs:
                    break
    finally:  # on Ctrl-C too: the running games end, the queued ones are dropped
        pool.shutdown(wait=True, cancel_futures=True)


def _worker_init() -> None:
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the main process handles Ctrl-C


def _ray(tasks: list[Task], address: str | None) -> Iterator[tuple[str, dict[str, Any]]]:
    """Ray's results of ``tasks``; Ray is imported and started here, before any result is
    asked for (so a missing extra or an unreachable cluster is refused before the
    results files are opened).

    Raises:
        SimError: Ray is not installed, or cannot be started or reached.
    """
    try:
        import ray
    except ImportError:
        raise SimError("the Ray backend needs Ray: pip install 'elgrande[ray]'") from None
    started = not ray.is_initialized()
    if started:
        try:
            if address:
                ray.init(address=address)
            else:
                ray.init(include_dashboard=False, log_to_driver=False)
        except Exception as exc:  # noqa: BLE001 - Ray raises several kinds
            where = f" at {address}" if address else ""
            raise SimError(f"cannot start or reach Ray{where}: "
                           + " ".join(str(exc).split())) from None

    def results() -> Iterator[tuple[str, dict[str, Any]]]:
        try:
            remote = ray.remote(_play_task)
            live = [remote.remote(t) for t in tasks]
            while live:
                finished, live = ray.wait(live, num_returns=1)
                for ref in finished:
                    yield ray.get(ref)
        finally:
            if started:
                ray.shutdown()

    return results()


@attrs.frozen
class ResultSet:
    """One set of games of a run: a label (``games``, ``baseline``), its settings and the
    results file."""

    label: str
    config: SimConfig
    path: Path


def run_games(sets: Sequence[ResultSet], seeds: Sequence[int], jobs: int = 0,
              backend: str = "local", address: str | None = None, resume: bool = False,
              progress: bool | None = True) -> dict[str, list[dict[str, Any]]]:
    """Play ``seeds`` for every result set, appending each line to its file as the game
    ends; then rewrite each file in seed order.

    Args:
        sets: the result sets (same seeds each: a baseline plays the seeds of the games).
        seeds: the game seeds.
        jobs: local worker processes (0: all cores; 1: in this process).
        backend: ``local`` (a process pool) or ``ray`` (Ray tasks; ``address`` of a
            running cluster, or None for a local Ray).
        resume: keep the finished games already in the files (else they must be empty).
        progress: show a progress bar with an ETA (tqdm, on stderr); None: only when
            stderr is a terminal (no ``\\r`` frames in a captured log).
    Returns:
        label -> the lines of ``seeds`` in seed order.
    Raises:
        SimError: a results file made with other settings or already full (without
        ``resume``), an unknown backend, Ray missing.
    """
    from tqdm import tqdm

    if backend not in ("local", "ray"):
        raise SimError(f"unknown backend {backend!r}; known: local, ray")
    known = {rs.label: _known(rs.config, rs.path, seeds, resume) for rs in sets}
    paths = {rs.label: tuple(str(Path(c).resolve()) for c in rs.config.cards) for rs in sets}
    tasks = [Task(rs.label, rs.config, s, paths[rs.label]) for s in seeds for rs in sets
             if s not in known[rs.label]]
    results = iter(_ray(tasks, address) if backend == "ray" else
                   _local(tasks, jobs or default_jobs()))  # Ray refuses here, before files
    files = {}
    for rs in sets:
        rs.path.parent.mkdir(parents=True, exist_ok=True)
        files[rs.label] = rs.path.open("w", encoding="utf-8")
        for s in sorted(known[rs.label]):  # drop failed games, keep the rest
            files[rs.label].write(record_line(known[rs.label][s]) + "\n")
        files[rs.label].flush()
    try:
        hide = True if not tasks or progress is False else None if progress is None else False
        with tqdm(total=len(tasks), unit="game", disable=hide,
                  smoothing=0.1, dynamic_ncols=True) as bar:
            for label, rec in results:
                known[label][rec["seed"]] = rec
                files[label].write(record_line(rec) + "\n")
                files[label].flush()
                bar.update(1)
    finally:
        for fh in files.values():
            fh.close()
    out = {}
    for rs in sets:
        recs = known[rs.label]
        rs.path.write_text("".join(record_line(recs[s]) + "\n" for s in sorted(recs)),
                           encoding="utf-8")
        out[rs.label] = [recs[s] for s in sorted(set(seeds))]
    return out


def simulate(config: SimConfig, seeds: Sequence[int], out: str | Path,
             baseline: str | None = None, report: str | Path | None = None,
             jobs: int = 0, backend: str = "local", address: str | None = None,
             resume: bool = False, fresh: bool = False, progress: bool | None = True,
             settings: str = "") -> tuple[str, int]:
    """What ``elgrande simulate`` does: play, summarize, compare, report.

    Writes ``out/games.jsonl`` (and ``out/baseline.jsonl`` with a baseline: the same
    seeds with ``baseline``'s cards, ``"base"`` meaning no homebrew cards) and
    ``out/summary.json``; with ``report``, ``report/index.html`` and its summary.json.

    Returns:
        ``(text, exit code)``: the summary tables and where the files are; 1 if a game
        failed, else 0.
    Raises:
        SimError: bad settings (one line), or ``report`` without matplotlib (before any
        game is played).
    """
    from elgrande.tools import sim_report as rep

    config.check()
    if report is not None:
        rep.require_matplotlib()
    base_cfg = None
    if baseline is not None:
        base_cfg = attrs.evolve(config, cards=() if baseline == "base" else (baseline,))
        base_cfg.check()
    folder = Path(out)
    sets = [ResultSet("games", config, folder / "games.jsonl")]
    if base_cfg is not None:
        sets.append(ResultSet("baseline", base_cfg, folder / "baseline.jsonl"))
    if fresh:
        for rs in sets:
            rs.path.unlink(missing_ok=True)
    results = run_games(sets, seeds, jobs, backend, address, resume, progress)
    plain = base_cfg if base_cfg is not None else attrs.evolve(config, cards=())
    homebrew = config.card_ids() - plain.card_ids()
    titles = {**plain.titles(), **config.titles()}
    summary = rep.summarize(results["games"], homebrew, titles)
    base_sum = comparison = None
    if base_cfg is not None:
        base_sum = rep.summarize(results["baseline"], (), titles)
        comparison = rep.compare(results["games"], results["baseline"])
    data = {"settings": settings, "summary": summary, "baseline": base_sum,
            "comparison": comparison}
    (folder / "summary.json").write_text(json.dumps(data, indent=1, sort_keys=True) + "\n",
                                         encoding="utf-8")
    text = [rep.format_summary(summary, comparison), ""]
    text += [f"wrote {rs.path}" for rs in sets] + [f"wrote {folder / 'summary.json'}"]
    if report is not None:
        index = rep.write_report(report, summary, results["games"], settings, base_sum,
                                 results.get("baseline", ()), comparison)
        text.append(f"wrote {index}")
    failed = summary["failed"] + (base_sum["failed"] if base_sum else [])
    return "\n".join(text), 1 if failed else 0
