"""Deprecated alias of :mod:`elgrande.players.bots`, where this module moved; it goes in the
next release. Importing it warns once (``DeprecationWarning``) and gives the module itself,
so ``elgrande.bots.X`` is ``elgrande.players.bots.X``."""

import sys
import warnings

from elgrande.players import bots as _moved
from elgrande.players.bots import *  # noqa: F403 - the names, for type checkers

warnings.warn("elgrande.bots is deprecated: import elgrande.players.bots",
              DeprecationWarning, stacklevel=2)
sys.modules[__name__] = _moved
