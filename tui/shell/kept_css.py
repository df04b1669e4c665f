"""Provides KeptStylesheet: the CSS rules of the first frame, parsed once and kept on disk.

Textual parses every source of CSS at each start: ``tui/styles/app.tcss`` and the defaults of
the app, the screen and every widget of the first screen (the option list, the footer…), two
to six milliseconds each, a tenth of the first frame. What was parsed is kept in the user
cache directory beside the first-screen cache (``tui/first_screen.py``), and a start that
meets the same CSS text, from the same place, under the same theme variables and the same
Textual takes the rules from there: a tenth of a millisecond a source. Anything else (a file
missing, damaged, of another Textual or theme, a source never seen) is parsed as Textual
always does; the file is written again after the first frame when something new was parsed.

The file is a pickle, which runs what it names when read: only docdeck writes it, in the
user's own cache folder (0700, the file 0600), and it is read only if it and its folders are
the user's alone, checked on what was opened, never through a link, up to a bound
(``tui.files.read_cache``): whoever could change it could change the user's shell profile or
Python's user site-packages as well (parso keeps its grammars the same way). Nothing from a
server ever enters it: only CSS text that is part of docdeck and Textual.
"""

from __future__ import annotations

import os
import pickle
import sys
from pathlib import Path
from typing import Any

import textual
from textual.css.model import RuleSet
from textual.css.stylesheet import Stylesheet
from textual.css.types import CSSLocation

from ..files import read_cache, write_cache

__all__ = ["KeptStylesheet", "kept_css_file"]

FORMAT = 1
"""Bumped when the file's shape changes: a file of another format is ignored."""

MAX_FILE = 4 * 1024 * 1024
"""Bytes: the first screen's rules take about 60 KB; a larger file is not ours."""

Key = tuple[str, CSSLocation, bool, int, str]
"""What Textual's own parse cache is keyed by: the CSS, where it was read, whether it is a
widget's default CSS, its tie breaker and its scope."""


def _textual_stamp() -> str:
    """Which Textual parsed the rules (its version would cost importlib.metadata's import):
    where it is installed, and the size and time of its parser and styles modules."""
    folder = Path(textual.__file__).parent / "css"
    parts = [str(folder)]
    for name in ("parse.py", "styles.py", "model.py"):
        info = os.stat(folder / name)
        parts.append(f"{info.st_size}:{info.st_mtime_ns}")
    return " ".join([*parts, sys.version])


def kept_css_file(cache_root: Path) -> Path:
    """The file of a cache directory (the first-screen cache's root) that keeps the rules."""
    return cache_root / "css" / "first-frame.pickle"


class KeptStylesheet(Stylesheet):
    """A Stylesheet that takes the rules it parsed at the last start from ``path``.

    Give it in place of the app's (``app.stylesheet``) before the app runs; call ``keep``
    after the first frame.
    """

    def __init__(self, path: Path, *, variables: dict[str, str] | None = None) -> None:
        super().__init__(variables=variables)
        self.path = path
        self._stamp = ""
        self._kept: dict[Key, list[RuleSet]] = {}
        self._kept_variables: dict[str, str] | None = None
        self._used: dict[Key, list[RuleSet]] = {}
        self._used_variables: dict[str, str] | None = None
        self._parsed_anew = False
        self._load()

    @classmethod
    def instead_of(cls, stylesheet: Stylesheet, path: Path) -> KeptStylesheet:
        """One to use in place of an app's new ``stylesheet``, with its theme's variables (the
        app computed them already: two to five milliseconds of the first frame each time)."""
        return cls(path, variables=stylesheet._variables)

    def _load(self) -> None:
        try:
            self._stamp = _textual_stamp()
            # The cache's root is the first-screen cache's (``kept_css_file``).
            data: Any = pickle.loads(read_cache(self.path, self.path.parent.parent, MAX_FILE))
        except Exception:  # missing, unreadable, of another Textual: parse as usual
            return
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            return
        if data.get("textual") != self._stamp or not isinstance(data.get("rules"), dict):
            return
        self._kept = data["rules"]
        self._kept_variables = data.get("variables")

    def _parse_rules(
        self,
        css: str,
        read_from: CSSLocation,
        is_default_rules: bool = False,
        tie_breaker: int = 0,
        scope: str = "",
    ) -> list[RuleSet]:
        key: Key = (css, read_from, is_default_rules, tie_breaker, scope)
        # Rules are parsed with the theme's variables substituted: kept ones serve only the
        # variables they were parsed with.
        same_variables = self._variables == self._kept_variables
        rules = self._kept.get(key) if same_variables else None
        if rules is None:
            rules = super()._parse_rules(css, read_from, is_default_rules, tie_breaker, scope)
            self._parsed_anew = True
        if self._used_variables != self._variables:  # a theme set since: keep its own
            self._used_variables = self._variables
            self._used = {}
        self._used[key] = rules
        return rules

    def keep(self) -> None:
        """Write the rules parsed so far, if any was parsed anew; a cache that cannot be
        written is only skipped. May run in a thread: it reads what the parses left."""
        if not self._parsed_anew or not self._stamp:
            return
        self._parsed_anew = False
        try:
            # In a thread the main one may still parse (another screen's widgets): a change
            # of the dict while it is copied only skips this write.
            data = {
                "format": FORMAT,
                "textual": self._stamp,
                "variables": dict(self._used_variables or {}),
                "rules": dict(self._used),
            }
            content = pickle.dumps(data, protocol=pickle.HIGHEST_PROTOCOL)
            write_cache(self.path, self.path.parent.parent, content)
        except Exception:  # a full disk, a folder that is not ours: the next start parses
            return
