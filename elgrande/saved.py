"""Deprecated alias of :mod:`elgrande.play.saved`, where this module moved; it goes in the
next release. Importing it warns once (``DeprecationWarning``) and gives the module itself,
so ``elgrande.saved.X`` is ``elgrande.play.saved.X``."""

import sys
import warnings

from elgrande.play import saved as _moved
from elgrande.play.saved import *  # noqa: F403 - the names, for type checkers

warnings.warn("elgrande.saved is deprecated: import elgrande.play.saved",
              DeprecationWarning, stacklevel=2)
sys.modules[__name__] = _moved
