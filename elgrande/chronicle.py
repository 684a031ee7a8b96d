"""Deprecated alias of :mod:`elgrande.play.chronicle`, where this module moved; it goes in the
next release. Importing it warns once (``DeprecationWarning``) and gives the module itself,
so ``elgrande.chronicle.X`` is ``elgrande.play.chronicle.X``."""

import sys
import warnings

from elgrande.play import chronicle as _moved
from elgrande.play.chronicle import *  # noqa: F403 - the names, for type checkers

warnings.warn("elgrande.chronicle is deprecated: import elgrande.play.chronicle",
              DeprecationWarning, stacklevel=2)
sys.modules[__name__] = _moved
