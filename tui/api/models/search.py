"""Provides the search result models of spaces and organizations."""

from __future__ import annotations

from pydantic import Field

from ._base import ApiModel
from .common import Urls

__all__ = ["SearchPageResult", "SearchSectionResult", "SearchSpaceResult"]


class SearchSectionResult(ApiModel):
    """A section of a page that matched: its heading, anchor path and text."""

    id: str
    title: str = ""
    path: str = ""
    body: str = ""
    urls: Urls = Field(default_factory=Urls)


class SearchPageResult(ApiModel):
    """A page that matched, with the sections of it that did."""

    id: str
    title: str = ""
    path: str = ""
    sections: list[SearchSectionResult] = Field(default_factory=list)
    urls: Urls = Field(default_factory=Urls)


class SearchSpaceResult(ApiModel):
    """A space of the organization with its pages that matched."""

    id: str
    title: str = ""
    pages: list[SearchPageResult] = Field(default_factory=list)
