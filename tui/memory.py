"""Provides release_free_memory: give the memory freed after a big answer back to the system.

Reading a long list or a 2,000-page space builds tens of megabytes of dicts that live for a
moment: Python frees them, but the C allocator (glibc) keeps the pages for later, and the
process's resident size stays at its peak. ``malloc_trim`` hands back what is free. It costs
about a millisecond, so the app calls it once a load has settled, not per page.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import sys
from functools import cache
from typing import Any

__all__ = ["release_free_memory"]


@cache
def _libc() -> Any:
    if not sys.platform.startswith("linux"):
        return None
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        libc.malloc_trim  # noqa: B018 - glibc has it, musl does not
    except (OSError, AttributeError):
        return None
    return libc


def release_free_memory() -> bool:
    """Return the C heap's free pages to the system; False where that cannot be done."""
    libc = _libc()
    if libc is None:
        return False
    libc.malloc_trim(0)
    return True
