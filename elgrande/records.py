"""Deprecated alias of :mod:`elgrande.play.records`, where this module moved; it goes in the
next release. Importing it warns once (``DeprecationWarning``) and gives the module itself,
so ``elgrande.records.X`` is ``elgrande.play.records.X``."""

import sys
import warnings

from elgrande.play import records as _moved
from elgrande.play.records import *  # noqa: F403 - the names, for type checkers

warnings.warn("elgrande.records is deprecated: import elgrande.play.records",
              DeprecationWarning, stacklevel=2)
sys.modules[__name__] = _moved
