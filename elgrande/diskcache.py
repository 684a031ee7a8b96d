"""Deprecated alias of :mod:`elgrande.files.diskcache`, where this module moved; it goes in the
next release. Importing it warns once (``DeprecationWarning``) and gives the module itself,
so ``elgrande.diskcache.X`` is ``elgrande.files.diskcache.X``."""

import sys
import warnings

from elgrande.files import diskcache as _moved
from elgrande.files.diskcache import *  # noqa: F403 - the names, for type checkers

warnings.warn("elgrande.diskcache is deprecated: import elgrande.files.diskcache",
              DeprecationWarning, stacklevel=2)
sys.modules[__name__] = _moved
