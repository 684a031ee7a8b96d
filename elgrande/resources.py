"""Deprecated alias of :mod:`elgrande.files.resources`, where this module moved; it goes in the
next release. Importing it warns once (``DeprecationWarning``) and gives the module itself,
so ``elgrande.resources.X`` is ``elgrande.files.resources.X``."""

import sys
import warnings

from elgrande.files import resources as _moved
from elgrande.files.resources import *  # noqa: F403 - the names, for type checkers

warnings.warn("elgrande.resources is deprecated: import elgrande.files.resources",
              DeprecationWarning, stacklevel=2)
sys.modules[__name__] = _moved
