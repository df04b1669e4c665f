"""Provides the demo's collections, spaces, pages and files.

Northwind Labs documents a deployment platform: a public API reference and SDK guides for
customers, runbooks and decisions for the team. Northwind Community is the organization that
spaces and collections can be transferred to. The texts of the pages are in ``demo_pages``;
this module gives their order, nesting, emoji and age. Later parts of the demo find these
records by title, so the titles and the first pages named in ``seed_content`` are relied on.
"""

from __future__ import annotations

from typing import NamedTuple

from ..store import Doc
from . import demo_pages as texts
from .builder import Builder, slugify

__all__ = ["seed_content"]


class Entry(NamedTuple):
    """A page of an outline: its markdown is found in the space's texts by its path."""

    title: str
    emoji: str | None = None
    days: float = 30
    children: tuple[Entry, ...] = ()
    type: str = "document"
    description: str | None = None
    href: str | None = None
    hidden: bool = False


def group(title: str, *children: Entry, days: float = 60) -> Entry:
    return Entry(title, days=days, children=children, type="group")


def link(title: str, href: str, *, emoji: str | None = None) -> Entry:
    return Entry(title, emoji, days=90, type="link", href=href)


def _pages(
    b: Builder, outline: tuple[Entry, ...], markdown: dict[str, str], base: str = ""
) -> list[Doc]:
    pages = []
    for entry in outline:
        path = f"{base}/{slugify(entry.title)}" if base else slugify(entry.title)
        node = b.page(
            entry.title,
            markdown[path] if entry.type == "document" else "",
            type=entry.type,
            emoji=entry.emoji,
            description=entry.description,
            href=entry.href,
            days=entry.days,
            children=_pages(b, entry.children, markdown, path),
        )
        if entry.hidden:
            node["hidden"] = True
        pages.append(node)
    return pages


def _image(b: Builder, name: str, size: int, width: int, height: int) -> Doc:
    return b.file(
        name,
        "image/png" if name.endswith(".png") else "image/svg+xml",
        size,
        width=width,
        height=height,
    )


API_REFERENCE = (
    Entry("Quickstart", "🚀", 2, description="Deploy your first project in five minutes"),
    Entry(
        "Authentication",
        "🔐",
        9,
        (Entry("API tokens", "🔑", 9), Entry("OAuth apps", days=41)),
        description="Tokens, scopes and OAuth",
    ),
    group(
        "Endpoints",
        Entry(
            "Projects",
            "📁",
            6,
            (
                Entry("Create a project", days=6),
                Entry("List projects", days=33),
                Entry(
                    "Project settings",
                    days=12,
                    children=(Entry("Environment variables", "🔒", 12),),
                ),
            ),
        ),
        Entry(
            "Deployments",
            "🚢",
            3,
            (Entry("Create a deployment", days=3), Entry("Rollbacks", "⏪", 19)),
        ),
        Entry(
            "Webhooks",
            "🪝",
            1,
            (Entry("Event types", days=1), Entry("Verifying signatures", "✅", 27)),
        ),
    ),
    Entry("Errors", "⚠️", 15),
    Entry("Rate limits", "⏱️", 22),
    Entry("Changelog", "📜", 4),
    link("Status page", "https://status.northwind.dev", emoji="🟢"),
)

DEPLOYING = (
    Entry("Overview", "🧭", 5),
    Entry("Prerequisites", "📋", 48),
    Entry("Environments", "🌍", 14, (Entry("Staging", days=14), Entry("Production", days=21))),
    Entry("Canary releases", "🐤", 8),
    Entry("Monitoring", "📈", 36),
)

HANDBOOK = (
    Entry("Welcome", "👋", 12),
    Entry(
        "How we work",
        "🧩",
        25,
        (
            Entry("Meetings", "📅", 25),
            Entry("Writing docs", "✍️", 58),
            Entry("On-call", "📟", 7),
        ),
    ),
    Entry("Benefits", "🎁", 90),
    Entry("Tools we use", "🧰", 64),
)

PYTHON_SDK = (
    Entry("Installation", "📦", 3),
    Entry("Configuration", "⚙️", 17),
    Entry(
        "Usage",
        "🐍",
        11,
        (Entry("Deployments", days=11), Entry("Async client", "⚡", 29)),
    ),
    Entry("Error handling", "🧯", 40),
    link("PyPI package", "https://pypi.org/project/northwind/"),
)

JAVASCRIPT_SDK = (
    Entry("Getting started", "🏁", 6),
    Entry(
        "Examples",
        "🧪",
        13,
        (Entry("Next.js", days=13), Entry("Cloudflare Workers", days=44)),
    ),
    Entry("TypeScript types", "🔷", 70),
)

RUNBOOKS = (
    Entry("Incident response", "🚒", 4),
    group(
        "Runbooks",
        Entry("Database failover", "🗄️", 18),
        Entry("API latency spike", "🐢", 9),
        Entry("Certificate expiry", "📜", 120),
    ),
    Entry("Postmortem template", "📝", 75),
)

ONBOARDING = (
    Entry("Your first week", "🎒", 20),
    Entry("Local setup", "💻", 2),
    Entry(
        "Codebase tour",
        "🗺️",
        30,
        (Entry("Services", days=30), Entry("Repositories", days=85)),
    ),
    Entry("Glossary", "📖", 52),
)

ARCHITECTURE = (
    Entry("About ADRs", "🏛️", 100),
    group(
        "Accepted",
        Entry("ADR-001: Use PostgreSQL", days=400),
        Entry("ADR-002: Events on NATS", days=300),
    ),
    group("Superseded", Entry("ADR-003: Build cache on S3", days=200)),
)

RELEASE_NOTES = (
    Entry("v4.2 — October 2026", "✨", 1),
    Entry("v4.1 — August 2026", days=70),
    Entry("v4.0 — June 2026", days=130),
)

DESIGN_SYSTEM = (
    Entry("Principles", "🧭", 16),
    Entry(
        "Foundations",
        "🧱",
        23,
        (
            Entry("Color", "🎨", 23),
            Entry("Typography", "🔤", 61),
            Entry("Spacing", "📏", 61),
        ),
    ),
    Entry(
        "Components",
        "🧩",
        5,
        (Entry("Button", days=5), Entry("Modal", days=38, hidden=True)),
    ),
)

COMMUNITY = (
    Entry("Code of conduct", "💜", 45),
    Entry("Reporting", "🚩", 45),
    Entry("Moderation", "🛡️", 110),
)

CONTRIBUTING = (
    Entry("Contributing", "🌱", 8),
    Entry("Development setup", "🛠️", 8),
    Entry("Pull request checklist", "✅", 26),
)


def seed_content(b: Builder, northwind: Doc, community: Doc, *, people: dict[str, Doc]) -> None:
    product = b.collection(northwind, "Product", description="Everything customers read")
    guides = b.collection(northwind, "Guides", parent=product, description="Step-by-step guides")
    internal = b.collection(northwind, "Internal", description="Runbooks and team handbooks")
    sdks = b.collection(northwind, "SDKs", parent=guides, description="Client libraries")

    b.space(
        northwind,
        "API Reference",
        emoji="📘",
        parent=product,
        visibility="public",
        pages=_pages(b, API_REFERENCE, texts.API_REFERENCE),
        files=[
            _image(b, "architecture.png", 48213, 1280, 720),
            _image(b, "request-lifecycle.png", 31877, 1600, 900),
            b.file("openapi.yaml", "application/yaml", 86420),
            b.file("northwind-api.postman_collection.json", "application/json", 23114),
        ],
        days=1,
    )
    b.space(
        northwind,
        "Deploying to production",
        emoji="🛫",
        parent=guides,
        pages=_pages(b, DEPLOYING, texts.DEPLOYING),
        files=[
            _image(b, "deploy-pipeline.png", 61530, 1440, 810),
            b.file("release-checklist.pdf", "application/pdf", 184203),
        ],
        days=5,
    )
    b.space(
        northwind,
        "Team handbook",
        emoji="📓",
        pages=_pages(b, HANDBOOK, texts.HANDBOOK),
        files=[b.file("org-chart.pdf", "application/pdf", 97310)],
        days=7,
    )
    b.space(
        northwind,
        "Python SDK",
        emoji="🐍",
        parent=sdks,
        visibility="public",
        pages=_pages(b, PYTHON_SDK, texts.PYTHON_SDK),
        days=3,
    )
    b.space(
        northwind,
        "JavaScript SDK",
        emoji="🟨",
        parent=sdks,
        visibility="unlisted",
        pages=_pages(b, JAVASCRIPT_SDK, texts.JAVASCRIPT_SDK),
        days=6,
    )
    b.space(
        northwind,
        "Incident runbooks",
        emoji="🚨",
        parent=internal,
        visibility="in-collection",
        pages=_pages(b, RUNBOOKS, texts.RUNBOOKS),
        files=[b.file("escalation-policy.pdf", "application/pdf", 58872)],
        days=4,
    )
    b.space(
        northwind,
        "Engineering onboarding",
        emoji="🎒",
        parent=internal,
        pages=_pages(b, ONBOARDING, texts.ONBOARDING),
        days=2,
    )
    b.space(
        northwind,
        "Architecture decisions",
        emoji="🏛️",
        parent=internal,
        visibility="in-collection",
        pages=_pages(b, ARCHITECTURE, texts.ARCHITECTURE),
        files=[_image(b, "event-flow.png", 40288, 1200, 675)],
        days=100,
    )
    b.space(
        northwind,
        "Release notes",
        emoji="📣",
        visibility="public",
        pages=_pages(b, RELEASE_NOTES, texts.RELEASE_NOTES),
        days=1,
    )
    b.space(
        northwind,
        "Design system",
        emoji="🎨",
        visibility="share-link",
        pages=_pages(b, DESIGN_SYSTEM, texts.DESIGN_SYSTEM),
        files=[
            _image(b, "color-palette.png", 27654, 960, 540),
            _image(b, "logo.svg", 3412, 240, 64),
        ],
        days=5,
    )

    b.space(
        community,
        "Community guidelines",
        emoji="🤝",
        visibility="public",
        pages=_pages(b, COMMUNITY, texts.COMMUNITY),
        days=45,
    )
    b.space(
        community,
        "Contributor guide",
        emoji="🌱",
        visibility="unlisted",
        pages=_pages(b, CONTRIBUTING, texts.CONTRIBUTING),
        days=8,
    )
