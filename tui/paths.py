"""Provides where docdeck keeps its files, from platformdirs."""

from __future__ import annotations

from pathlib import Path

import platformdirs

__all__ = ["config_dir", "data_dir", "service_database"]

APP_NAME = "docdeck"


def data_dir() -> Path:
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def config_dir() -> Path:
    return Path(platformdirs.user_config_dir(APP_NAME, appauthor=False))


def service_database(dataset: str) -> Path:
    """The SQLite file the local service keeps a dataset in."""
    return data_dir() / f"service-{dataset}.sqlite3"
