"""Provides the shell every screen stands on: failures, navigation, session, base screens, palette.

    failures.py      GuardedWork, Failed: the one path from a failed worker to the user
    error_report.py  ErrorReport: what the user is told of a failure, and its details
    navigation.py    Location, Focus, PlacesSeen, the shared location factories, crumbs_for
    registry.py      Registry: each feature's kinds of place, labels, screens, palette entries
    host.py          Host, the app as screens see it, and Hosted (their client and session)
    session.py       Session: what the app remembers while it runs (places seen, deleted spaces)
    screen.py        DocdeckScreen and BrowserScreen[ViewT]: frame, loading, filter, back, URLs
    palette.py       the command palette's sources: places seen, and the screen's own commands
    key_help.py      the keys of a screen, as the keys dialog lists them

Import from the modules themselves: this package imports nothing, so that widgets can use
``failures`` without loading the screens. The features' screens (``tui/browse``, ``tui/review``,
``tui/sites``, ``tui/admin``) build on these and import no other feature but along the edges
that pyproject.toml lists; dialogs (``tui/dialogs``) and widgets use the failure path; only the
app (``tui/app.py``) knows the features, which register with the shell (``registry.py``).
"""
