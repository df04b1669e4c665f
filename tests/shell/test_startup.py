"""What the first frame pays for: the modules it loads, checked in a fresh interpreter.

docdeck paints its first screen before it imports the client, its models, the local service
and the other screens (tui/first_screen.py). A module-level import of one of them in what
the first frame loads (tui.cli, tui.app, the organisations screen, the shell, the widgets it
shows) would put it back in front of the first frame: import it where it is used instead,
as the features' ``registration`` modules do for their screens.

The start is checked through its door: ``docdeck --demo`` (and ``docdeck`` on a saved
profile) run by ``tui.cli.main`` in a fresh interpreter, headless, until the moment the app
would connect, which is once the first frame is out (``_connect_after_first_frame``).
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from ..pilot.fixtures import env_of_a_new_user
from .test_layers import ROOT, modules_after_import

FIRST_FRAME = "tui.cli, tui.app, tui.first_screen, tui.browse.organizations, tui.config"

NOT_BEFORE_THE_FIRST_FRAME = (
    "httpx",
    "pydantic",
    "starlette",
    "keyring",
    "argparse",
    "tui.api.client",
    "tui.api.models",
    "tui.service.app",
    "tui.service.store",
    "tui.dialogs",
    "tui.browse.organization",
    "tui.browse.space",
    "tui.browse.search",
    "tui.browse.page_view",
    "tui.widgets.item_tree",
    "textual.widgets._markdown",
)

FEATURE_PACKAGES = ("tui.browse", "tui.review", "tui.sites", "tui.admin", "tui.service", "tui.api")

FEATURE_MODULES_OF_THE_FIRST_FRAME = {
    # The first screen is browse's organisations list.
    "tui.browse",
    "tui.browse.organizations",
    # The default base URL, which the config file's profiles fall back on: a module of one
    # constant, under the client's package whose names load on first use (PEP 562).
    "tui.api",
    "tui.api.defaults",
}
"""The feature-first layout costs the first frame nothing else: no registration, no other
screen, no review store, no local service (for the serve command's choice of dataset)."""

START_TO_THE_FIRST_FRAME = """
import json, sys
import tui.app

def first_frame_out(self):
    print(json.dumps(sorted(sys.modules)))
    self.exit()

tui.app.DocdeckApp._connect_after_first_frame = first_frame_out
from tui.cli import main
main(sys.argv[1:])
"""


def modules_at_the_first_frame(home: Path, *argv: str) -> set[str]:
    """The modules loaded when the first frame of ``docdeck ARGV`` is out."""
    env = env_of_a_new_user(home, TEXTUAL_DRIVER="textual.drivers.headless_driver:HeadlessDriver")
    env.pop("DOCDECK_TOKEN", None)
    done = subprocess.run(
        [sys.executable, "-c", START_TO_THE_FIRST_FRAME, *argv],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    return set(json.loads(done.stdout.strip().splitlines()[-1]))


def _early(loaded: set[str]) -> list[str]:
    return sorted(
        m
        for m in loaded
        for heavy in NOT_BEFORE_THE_FIRST_FRAME
        if m == heavy or m.startswith(heavy + ".")
    )


def _of_features(loaded: set[str]) -> set[str]:
    return {
        m
        for m in loaded
        for package in FEATURE_PACKAGES
        if m == package or m.startswith(package + ".")
    }


def test_the_first_frame_loads_neither_the_client_nor_the_service_nor_other_screens():
    assert _early(modules_after_import(FIRST_FRAME)) == []


def _save_a_profile(home: Path) -> None:
    config = home / "config" / "docdeck"
    config.mkdir(parents=True)
    (config / "config.toml").write_text(
        'default_profile = "work"\n\n[profiles.work]\nbase_url = "http://127.0.0.1:9/v1"\n'
    )


def _cache_its_first_screen(home: Path, profile: str, base_url: str) -> None:
    code = textwrap.dedent(
        f"""
        from pathlib import Path
        from tui.first_screen import FirstScreenCache, OrganizationSummary
        FirstScreenCache(Path({str(home / "cache" / "docdeck")!r})).save(
            {profile!r}, {base_url!r}, [OrganizationSummary("org-1", "Northwind Labs")]
        )
        """
    )
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT)


@pytest.mark.parametrize(
    "start", ["demo, first start ever", "demo, from the cache", "a saved profile, from the cache"]
)
def test_the_first_frame_of_a_start_loads_no_feature_but_its_first_screen(tmp_path, start):
    if "profile" in start:
        _save_a_profile(tmp_path)
        _cache_its_first_screen(tmp_path, "work", "http://127.0.0.1:9/v1")
        argv: tuple[str, ...] = ()
    else:
        if "cache" in start:
            _cache_its_first_screen(tmp_path, "demo", "http://demo.local/v1")
        argv = ("--demo",)
    loaded = modules_at_the_first_frame(tmp_path, *argv)
    assert "tui.browse.organizations" in loaded  # the first screen was painted
    assert _early(loaded) == []
    assert _of_features(loaded) <= FEATURE_MODULES_OF_THE_FIRST_FRAME, sorted(
        _of_features(loaded) - FEATURE_MODULES_OF_THE_FIRST_FRAME
    )


def test_a_config_file_parsed_at_one_start_is_not_parsed_again_at_the_next(tmp_path):
    _save_a_profile(tmp_path)
    _cache_its_first_screen(tmp_path, "work", "http://127.0.0.1:9/v1")
    assert "tomllib" in modules_at_the_first_frame(tmp_path)  # read for the first time
    assert "tomllib" not in modules_at_the_first_frame(tmp_path)  # its parse was kept


def test_the_bottom_screen_brings_no_css_of_its_own():
    # Textual loads a screen's own CSS (CSS, CSS_PATH) when the screen is pushed, never for
    # the bottom screen of the stack, which the organisations are (``get_default_screen``):
    # their styles must live in app.tcss, or they would be missing from the first frame.
    from tui.browse.organizations import OrganizationsScreen

    assert not OrganizationsScreen.CSS and not OrganizationsScreen.CSS_PATH
