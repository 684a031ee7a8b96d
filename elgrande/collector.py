"""The cyclic garbage collector paused while elgrande builds long-lived objects (its
modules at the facade's first use): such work makes no garbage, and every collection in
the middle would walk the objects just made again (docs/performance.md, "Start-up and
validate"). Never :func:`gc.freeze`: a library keeps
none of the calling program's garbage."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def paused() -> Iterator[None]:
    """Run the ``with`` block with the collector off, then on again if it was on (left off
    if the program had it off). Raises what the block raises."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()
