"""Provides the models of translations: their source, result, statistics and permissions."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from pydantic import Field

from ._base import ApiModel
from .common import Urls

__all__ = [
    "Translation",
    "TranslationPermissions",
    "TranslationResult",
    "TranslationSource",
    "TranslationStats",
]


class TranslationSource(ApiModel):
    space: str
    language: str


class TranslationResult(ApiModel):
    """The space holding the translated content and the revision the last run made."""

    space: str
    revision: str | None = None


class TranslationStats(ApiModel):
    runs: int = 0
    total_words: int = 0
    total_pages: int = 0
    total_duration: int = 0
    latest_run_duration: int = 0
    latest_pages: int = 0
    latest_words: int = 0


class TranslationPermissions(ApiModel):
    view: bool = False
    edit: bool = False


class Translation(ApiModel):
    """A translation of a space into another language; ``status``: pending, running, completed."""

    object: str = "translation"
    id: str
    status: str = "pending"
    source: TranslationSource | None = None
    language: str | None = None
    instructions: dict[str, Any] = Field(default_factory=dict)
    result: TranslationResult | None = None
    created_at: datetime | None = None
    updated_at: datetime | None = None
    stats: TranslationStats = Field(default_factory=TranslationStats)
    permissions: TranslationPermissions = Field(default_factory=TranslationPermissions)
    urls: Urls = Field(default_factory=Urls)
