"""Deprecated alias of :mod:`elgrande.players.ismcts`, where this module moved; it goes in the
next release. Importing it warns once (``DeprecationWarning``) and gives the module itself,
so ``elgrande.bots_ismcts.X`` is ``elgrande.players.ismcts.X``."""

import sys
import warnings

from elgrande.players import ismcts as _moved
from elgrande.players.ismcts import *  # noqa: F403 - the names, for type checkers

warnings.warn("elgrande.bots_ismcts is deprecated: import elgrande.players.ismcts",
              DeprecationWarning, stacklevel=2)
sys.modules[__name__] = _moved
