"""Provides where docdeck keeps its files, from platformdirs."""

from __future__ import annotations

from pathlib import Path

import platformdirs

__all__ = ["cache_dir", "config_dir", "data_dir", "service_database"]

APP_NAME = "docdeck"


def data_dir() -> Path:
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def config_dir() -> Path:
    return Path(platformdirs.user_config_dir(APP_NAME, appauthor=False))


def cache_dir() -> Path:
    """What makes the next start faster (the first screen, its parsed CSS, the parsed config
    file): anything in it may be deleted, and is made again."""
    return Path(platformdirs.user_cache_dir(APP_NAME, appauthor=False))


def service_database(dataset: str) -> Path:
    """The SQLite file the local service keeps a dataset in."""
    return data_dir() / f"service-{dataset}.sqlite3"
