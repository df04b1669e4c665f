"""Provides the models of OpenAPI specifications, their versions and their content."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from pydantic import Field

from ._base import ApiModel
from .common import Urls

__all__ = [
    "OpenAPIErrorObject",
    "OpenAPISpec",
    "OpenAPISpecContent",
    "OpenAPISpecPermissions",
    "OpenAPISpecSource",
    "OpenAPISpecVersion",
]


class OpenAPISpecSource(ApiModel):
    """Where a specification comes from: a ``url`` or its ``text``, one of the two."""

    url: str | None = None
    text: str | None = None


class OpenAPISpecPermissions(ApiModel):
    view: bool = False
    edit: bool = False


class OpenAPIErrorObject(ApiModel):
    message: str
    code: str | None = None


class OpenAPISpec(ApiModel):
    """A specification, named by its slug in its organization.

    ``processing_state`` moves from ``pending`` through ``progress`` to ``complete`` for each
    new source; ``last_version`` is the latest processed version.
    """

    object: str = "openapi-spec"
    id: str
    slug: str
    created_at: datetime | None = None
    updated_at: datetime | None = None
    source_url: str | None = Field(default=None, alias="sourceURL")
    processing_state: str = "pending"
    visibility: str = "private"
    last_version: str | None = None
    last_processed_at: datetime | None = None
    last_process_error_code: str | None = None
    last_processed_errors: list[OpenAPIErrorObject] = Field(default_factory=list)
    permissions: OpenAPISpecPermissions = Field(default_factory=OpenAPISpecPermissions)
    urls: Urls = Field(default_factory=Urls)


class OpenAPISpecVersion(ApiModel):
    """A stored snapshot of a specification (not a version of this API)."""

    object: str = "openapi-spec-version"
    id: str
    created_at: datetime | None = None
    url: str | None = None
    urls: Urls = Field(default_factory=Urls)


class OpenAPISpecContent(ApiModel):
    """The content of a version: a filesystem of documents and the URL it can be read at."""

    filesystem: dict[str, Any] = Field(default_factory=dict)
    url: str | None = None
