"""Deprecated alias of :mod:`elgrande.play.seeds`, where this module moved; it goes in the
next release. Importing it warns once (``DeprecationWarning``) and gives the module itself,
so ``elgrande.seeds.X`` is ``elgrande.play.seeds.X``."""

import sys
import warnings

from elgrande.play import seeds as _moved
from elgrande.play.seeds import *  # noqa: F403 - the names, for type checkers

warnings.warn("elgrande.seeds is deprecated: import elgrande.play.seeds",
              DeprecationWarning, stacklevel=2)
sys.modules[__name__] = _moved
