"""Deprecated alias of :mod:`elgrande.play.game`, where this module moved; it goes in the
next release. Importing it warns once (``DeprecationWarning``) and gives the module itself,
so ``elgrande.game.X`` is ``elgrande.play.game.X``."""

import sys
import warnings

from elgrande.play import game as _moved
from elgrande.play.game import *  # noqa: F403 - the names, for type checkers

warnings.warn("elgrande.game is deprecated: import elgrande.play.game",
              DeprecationWarning, stacklevel=2)
sys.modules[__name__] = _moved
