"""Provides the values the spec allows for roles, visibility, edit mode and language, in words."""

from __future__ import annotations

__all__ = [
    "EDIT_MODES",
    "GUEST",
    "LANGUAGES",
    "LEVELS",
    "VISIBILITIES",
    "level_choice",
    "level_to_send",
]

GUEST = "guest"
"""The choice that stands for a null default level: guests get no access of their own."""

LEVELS: list[tuple[str, str]] = [
    ("Inherit from the level above", "inherit"),
    ("Admin", "admin"),
    ("Create", "create"),
    ("Review", "review"),
    ("Edit", "edit"),
    ("Comment", "comment"),
    ("Read", "read"),
    ("Guest (no default access)", GUEST),
]


def level_choice(level: str | None) -> str:
    """The choice showing a default level as the service gives it (None: guest)."""
    if level is None:
        return GUEST
    return level if any(level == value for _, value in LEVELS) else "inherit"


def level_to_send(choice: str) -> str | None:
    """The default level to send for a choice (guest is sent as null)."""
    return None if choice == GUEST else choice


VISIBILITIES: list[tuple[str, str]] = [
    ("Public: anyone, indexed by search engines", "public"),
    ("Unlisted: anyone with the address, not indexed", "unlisted"),
    ("Share link: anyone with the secret link", "share-link"),
    ("Visitor authentication: visitors signed in by JWT", "visitor-auth"),
    ("In collection: whoever can see the collection", "in-collection"),
    ("Private: members with access only", "private"),
]

EDIT_MODES: list[tuple[str, str]] = [
    ("Live: members can edit directly", "live"),
    ("Locked: every edit is blocked", "locked"),
]

# The TranslationLanguage enum of the official OpenAPI document, with the languages' names.
LANGUAGES: list[tuple[str, str]] = [
    (f"{name} ({code})", code)
    for code, name in (
        ("en", "English"),
        ("fr", "French"),
        ("de", "German"),
        ("es", "Spanish"),
        ("it", "Italian"),
        ("pt", "Portuguese"),
        ("pt-br", "Portuguese, Brazil"),
        ("ru", "Russian"),
        ("ja", "Japanese"),
        ("zh", "Chinese"),
        ("yue", "Cantonese"),
        ("ko", "Korean"),
        ("ar", "Arabic"),
        ("hi", "Hindi"),
        ("nl", "Dutch"),
        ("pl", "Polish"),
        ("tr", "Turkish"),
        ("sv", "Swedish"),
        ("no", "Norwegian"),
        ("da", "Danish"),
        ("fi", "Finnish"),
        ("el", "Greek"),
        ("cs", "Czech"),
        ("hu", "Hungarian"),
        ("ro", "Romanian"),
        ("th", "Thai"),
        ("vi", "Vietnamese"),
        ("id", "Indonesian"),
        ("ms", "Malay"),
        ("he", "Hebrew"),
        ("uk", "Ukrainian"),
        ("sk", "Slovak"),
        ("bg", "Bulgarian"),
        ("hr", "Croatian"),
        ("lt", "Lithuanian"),
        ("lv", "Latvian"),
        ("et", "Estonian"),
        ("sl", "Slovenian"),
    )
]
