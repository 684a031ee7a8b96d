"""Deprecated alias of :mod:`elgrande.play.narrate`, where this module moved; it goes in the
next release. Importing it warns once (``DeprecationWarning``) and gives the module itself,
so ``elgrande.narrate.X`` is ``elgrande.play.narrate.X``."""

import sys
import warnings

from elgrande.play import narrate as _moved
from elgrande.play.narrate import *  # noqa: F403 - the names, for type checkers

warnings.warn("elgrande.narrate is deprecated: import elgrande.play.narrate",
              DeprecationWarning, stacklevel=2)
sys.modules[__name__] = _moved
