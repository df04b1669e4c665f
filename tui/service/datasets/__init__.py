"""Provides the datasets the local service can start from, each loaded only when asked for."""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the command line lists the datasets before the first frame: keep it light
    from ..store import Store

__all__ = ["DATASETS", "load_dataset"]

DATASETS: tuple[str, ...] = ("demo", "large", "hostile")


def load_dataset(store: Store, name: str) -> None:
    """Write a dataset into an empty store."""
    if name not in DATASETS:
        raise ValueError(f"unknown dataset {name!r}; choose one of {', '.join(DATASETS)}")
    importlib.import_module(f"{__name__}.{name}").build(store)
    store.set_meta("dataset", name)
