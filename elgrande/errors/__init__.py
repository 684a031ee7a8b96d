"""Typed errors of elgrande, and the rules registry they cite (:mod:`elgrande.errors.rule_ids`).

Every error carries either a rule id (``IllegalMove``) or a location in a data file
(``CardError``, ``DataError``), so a caller can say *why* and *where* without parsing
messages.
"""

from __future__ import annotations


class ElGrandeError(Exception):
    """Base class of every error this library raises on purpose."""


class IllegalMove(ElGrandeError):
    """An answer (a bid, a placement, a special-action answer, ...) that the rules refuse.

    Args:
        rule: the id of the rule that refuses it (``docs/rules.md``), e.g. ``"B5.2"``.
        message: a sentence a player understands.

    ``.rule`` and ``.message`` keep what was given; ``str()`` is the message followed by the
    rule id and its one-line title from :mod:`elgrande.errors.rule_ids`, e.g.
    ``"... (B5.2: the king's region is closed)"`` (just the id for an unknown one).
    The engine raises it *before* changing anything: the state is exactly as it was.
    """

    def __init__(self, rule: str, message: str) -> None:
        # the rules reference (a few hundred rules built) on the first refusal: not at start
        from elgrande.errors.rule_ids import title

        name = title(rule)
        super().__init__(f"{message} ({rule}: {name})" if name else f"{message} ({rule})")
        self.rule = rule
        self.message = message

    def __reduce__(self) -> tuple[type[IllegalMove], tuple[str, str]]:
        """Pickle as ``(rule, message)``, so a copy (e.g. from a worker process) is equal."""
        return (IllegalMove, (self.rule, self.message))


class DataError(ElGrandeError):
    """Invalid card-set data (a set manifest, a board table).

    Args:
        path: the file the data came from ('' when built in memory).
        message: what is wrong.
        line, column: 1-based position in the file when known, else 0.
        hint: how to fix it, or ''.
    """

    def __init__(
        self, path: str, message: str, line: int = 0, column: int = 0, hint: str = ""
    ) -> None:
        loc = path or "<data>"
        if line:
            loc += f":{line}:{column}"
        super().__init__(f"{loc}: {message}" + (f" (hint: {hint})" if hint else ""))
        self.path = path
        self.message = message
        self.line = line
        self.column = column
        self.hint = hint


class SettingError(DataError):
    """A game setting that names nothing there is: an unknown card set or a load order of
    sets that cannot load, an unknown erratum, an unknown fill. A command line reports it
    as a bad option value (exit status 2).

    Args:
        option: the setting, as :func:`elgrande.new_game` names its argument (``"sets"``,
            ``"errata"``, ``"fill"``; the command line's option is ``--`` and that name).
        message: what is wrong; hint: what there is, or ''.
        path, line, column: the file that finds the setting wrong, when one does (a set
            manifest's ``extends``), as for :class:`DataError`.

    ``str()`` is as :class:`DataError`'s, without the ``<data>`` location when no file is
    involved (the value came from a caller).
    """

    def __init__(self, option: str, message: str, hint: str = "", path: str = "",
                 line: int = 0, column: int = 0) -> None:
        super().__init__(path, message, line, column, hint)
        if not path:
            self.args = (message + (f" (hint: {hint})" if hint else ""),)
        self.option = option


class CardError(DataError):
    """Anything wrong in a card file: YAML, schema, grammar, names, types, ranges.

    Args:
        path: the card file.
        line, column: 1-based position in that file (0 when unknown).
        message: what is wrong, in a card designer's words.
        hint: how to fix it (e.g. "did you mean 'old_castile'?"), or ''.
        code: a stable diagnostic code such as ``"E-UNKNOWN-REGION"``.
        severity: ``"error"`` or ``"warning"``.
    """

    def __init__(
        self,
        path: str,
        message: str,
        line: int = 0,
        column: int = 0,
        hint: str = "",
        code: str = "E-CARD",
        severity: str = "error",
    ) -> None:
        super().__init__(path, message, line, column, hint)
        self.code = code
        self.severity = severity

    def __reduce__(self) -> tuple[type[CardError], tuple[str, str, int, int, str, str, str]]:
        """Pickle by the arguments, so a copy (a cached library's warnings) is equal."""
        return (CardError, (self.path, self.message, self.line, self.column, self.hint,
                            self.code, self.severity))


class ScenarioError(ElGrandeError):
    """A scenario case file that cannot be set up (unknown player, region, step)."""


class SimError(ElGrandeError):
    """A simulation cannot run as asked (bad settings, a results file made with other
    settings, a missing extra). The message is one line for the command line
    (``elgrande simulate``, :mod:`elgrande.tools.simulate` and its report)."""


class SavedGameError(ElGrandeError):
    """A saved game or record header that cannot be loaded (:mod:`elgrande.play.saved`; the
    rules modules' ``check_saved`` hooks raise it too).

    Args:
        path: where the bad value is, e.g. ``state.caballeros[3][1]`` or ``header.seed``.
        message: what is wrong with it.
    """

    def __init__(self, path: str, message: str) -> None:
        super().__init__(f"{path}: {message}")
        self.path = path
        self.message = message


class FlowLoopError(RuntimeError):
    """The flow went through a bound of phase steps without reaching a decision or the end
    of the game (``elgrande.engine.flow.STEP_LIMIT``): the rules modules in play loop (an
    internal error, never a player's; B7). Defined here, outside the compiled engine,
    since mypyc compiles no subclass of a built-in exception.

    Attributes:
        phases: the phases it cycled through, in the order first seen.
        steps: the bound it reached.
    """

    def __init__(self, phases: list[str], steps: int) -> None:
        super().__init__(f"the flow took {steps} phase steps without a decision; it "
                         f"cycles through the phases {', '.join(phases)}")
        self.phases = phases
        self.steps = steps
