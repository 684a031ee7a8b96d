"""Deprecated alias of :mod:`elgrande.model.fields`, where this module moved; it goes in the
next release. Importing it warns once (``DeprecationWarning``) and gives the module itself,
so ``elgrande.fields.X`` is ``elgrande.model.fields.X``."""

import sys
import warnings

from elgrande.model import fields as _moved
from elgrande.model.fields import *  # noqa: F403 - the names, for type checkers

warnings.warn("elgrande.fields is deprecated: import elgrande.model.fields",
              DeprecationWarning, stacklevel=2)
sys.modules[__name__] = _moved
