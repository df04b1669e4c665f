"""Provides the words docdeck uses for counts, ages and sizes: ``3 spaces``, ``2 h ago``, ``4.1 KB``.

Pure functions, shared by screens, dialogs and widgets, so that every part of the app says the
same thing the same way.
"""

from __future__ import annotations

from datetime import datetime

__all__ = ["describe_age", "human_size", "plan_label", "plural", "seen_ago", "use_label"]


def plural(count: int, word: str, words: str | None = None) -> str:
    """``plural(1, "space")`` → ``1 space``; ``plural(3, "space")`` → ``3 spaces``; thousands
    are separated (``2,500,250 rows``): a long number is read at a glance."""
    return f"{count:,} {word if count == 1 else (words or word + 's')}"


def describe_age(seconds: float) -> str:
    """A short, human description of how long ago something happened: ``3 h ago``."""
    if seconds < 60:
        return "just now"
    minutes = int(seconds // 60)
    if minutes < 60:
        return f"{minutes} min ago"
    hours = minutes // 60
    if hours < 48:
        return f"{hours} h ago"
    return f"{hours // 24} d ago"


def seen_ago(when: datetime | None, now: float) -> str:
    """How long ago a moment was by the app's clock (``12 d ago``); ``never`` when unknown."""
    if when is None:
        return "never"
    return describe_age(max(0.0, now - when.timestamp()))


def human_size(size: float) -> str:
    """``48213`` → ``47.1 KB``."""
    for unit in ("B", "KB", "MB", "GB"):
        if size < 1024 or unit == "GB":
            return f"{size:.0f} {unit}" if unit == "B" else f"{size:.1f} {unit}"
        size /= 1024
    return ""


USE_CASES = {
    "internalDocs": "Internal documentation",
    "docsSite": "Documentation site",
    "audienceControlledSite": "Site for a chosen audience",
    "productDocs": "Product documentation",
    "teamKnowledgeBase": "Team knowledge base",
    "designSystem": "Design system",
    "openSourceDocs": "Open-source documentation",
    "notes": "Notes",
    "other": "Other",
}
"""OrganizationUseCase's values, in words."""


def plan_label(plan: str | None) -> str | None:
    """A BillingProduct in words: ``pro_2024`` → ``Pro (2024)``; an unknown one as it is."""
    if not plan:
        return None
    name, _, year = plan.partition("_")
    words = name.capitalize()
    return f"{words} ({year})" if year.isdigit() else words


def use_label(use: str | None) -> str | None:
    """An OrganizationUseCase in words: ``productDocs`` → ``Product documentation``."""
    return USE_CASES.get(use, use) if use else None
