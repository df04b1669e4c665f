"""Provides the datasets the local service can start from."""

from __future__ import annotations

from collections.abc import Callable

from ..store import Store
from . import demo, hostile, large

__all__ = ["DATASETS", "load_dataset"]

DATASETS: dict[str, Callable[[Store], None]] = {
    "demo": demo.build,
    "large": large.build,
    "hostile": hostile.build,
}


def load_dataset(store: Store, name: str) -> None:
    """Write a dataset into an empty store."""
    DATASETS[name](store)
    store.set_meta("dataset", name)
