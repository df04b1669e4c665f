"""Provides the demo's collections, spaces, pages and files."""

from __future__ import annotations

from ..store import Doc
from .builder import Builder

__all__ = ["seed_content"]


def seed_content(b: Builder, northwind: Doc, community: Doc, *, people: dict[str, Doc]) -> None:
    product = b.collection(northwind, "Product", description="Everything customers read")
    guides = b.collection(northwind, "Guides", parent=product)
    b.collection(northwind, "Internal", description="Runbooks and team handbooks")

    quickstart = b.page(
        "Quickstart",
        "# Quickstart\n\nInstall the CLI and deploy your first function in five minutes.\n\n"
        "```bash\npip install northwind\nnorthwind login\n```\n\n"
        "Next, read [Authentication](authentication.md).\n",
        emoji="🚀",
    )
    auth = b.page(
        "Authentication",
        "# Authentication\n\nEvery request carries a bearer token.\n\n"
        "| Header | Value |\n| --- | --- |\n| Authorization | Bearer <token> |\n",
    )
    b.space(
        northwind,
        "API Reference",
        emoji="📘",
        parent=product,
        visibility="public",
        pages=[quickstart, auth],
        files=[b.file("architecture.png", "image/png", 48213, width=1280, height=720)],
    )
    b.space(
        northwind,
        "Deploying to production",
        emoji="🛫",
        parent=guides,
        pages=[b.page("Overview", "# Overview\n\nShip safely with canary releases.\n")],
    )
    b.space(
        northwind,
        "Team handbook",
        emoji="📓",
        pages=[b.page("Welcome", "# Welcome\n\nHow we work at Northwind.\n")],
    )
    b.space(
        community,
        "Community guidelines",
        emoji="🤝",
        visibility="public",
        pages=[b.page("Code of conduct", "# Code of conduct\n\nBe kind.\n")],
    )
