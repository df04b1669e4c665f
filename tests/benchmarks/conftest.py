"""Every benchmark runs with the collector as the running app has it.

The app calms the collector once started (``tui.app.calm_the_collector``), but not when
headless: tests run many apps in one process. A benchmark times what a user would feel, so
it gets the app's settings, and the process's own afterwards.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest

from tui.app import calm_the_collector


@pytest.fixture(autouse=True)
def collector_as_in_the_app() -> Iterator[None]:
    thresholds = gc.get_threshold()
    calm_the_collector()
    yield
    gc.unfreeze()
    gc.set_threshold(*thresholds)
