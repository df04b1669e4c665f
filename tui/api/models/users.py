"""Provides the User model."""

from __future__ import annotations

from pydantic import Field

from ._base import ApiModel
from .common import Urls

__all__ = ["User"]


class User(ApiModel):
    object: str = "user"
    id: str
    display_name: str = ""
    email: str | None = None
    photo_url: str | None = Field(default=None, alias="photoURL")
    urls: Urls = Field(default_factory=Urls)
