"""Deprecated alias of :mod:`elgrande.model.plain`, where this module moved; it goes in the
next release. Importing it warns once (``DeprecationWarning``) and gives the module itself,
so ``elgrande.plain.X`` is ``elgrande.model.plain.X``."""

import sys
import warnings

from elgrande.model import plain as _moved
from elgrande.model.plain import *  # noqa: F403 - the names, for type checkers

warnings.warn("elgrande.plain is deprecated: import elgrande.model.plain",
              DeprecationWarning, stacklevel=2)
sys.modules[__name__] = _moved
