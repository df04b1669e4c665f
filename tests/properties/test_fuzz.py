"""Every operation of operations.tsv, fuzzed: nothing answers 5xx, every refusal has the error
body, every success honours the official document.

The default run tries DOCDECK_FUZZ_EXAMPLES (20) requests per operation, the same ones each
run; a long run tries more, new ones each time:

    DOCDECK_FUZZ_EXAMPLES=300 python -m pytest tests/properties/test_fuzz.py
"""

from __future__ import annotations

import asyncio
import os
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings

from tests.conftest import FakeClock
from tui.service import create_app
from tui.service.app import Emulator, asgi_app

from .fuzzing import COUNTS, EXAMPLES, Case, FuzzOperation, cases, check, fuzz_operations, send

OPERATIONS = fuzz_operations()
LONG_RUN = "DOCDECK_FUZZ_EXAMPLES" in os.environ


@pytest.fixture(scope="module")
def demo() -> Any:
    """The demo's data, loaded once; each operation is fuzzed on a fresh copy."""
    # A still clock: the same requests get the same answers on every run.
    return create_app("demo", clock=FakeClock()).state.emulator


@pytest.mark.parametrize("operation", OPERATIONS, ids=lambda op: op.operation_id)
def test_hostile_requests_never_break_the_service(operation: FuzzOperation, demo: Emulator):
    routed = any(
        route.method == operation.method and route.template == operation.template
        for route in demo.routes
    )
    if not routed:
        COUNTS.not_routed.append(operation.operation_id)
        pytest.skip(f"{operation.operation_id} is not routed by the local service yet")
    COUNTS.operations += 1
    emulator = Emulator(demo.store.copy(), clock=demo.clock)
    app = asgi_app(emulator)
    loop = asyncio.new_event_loop()
    # Built before the first request: the ids it draws from stay the same as writes go on.
    requests = cases(operation, emulator.store)

    @settings(
        max_examples=EXAMPLES,
        deadline=None,
        derandomize=not LONG_RUN,
        database=None,
        suppress_health_check=list(HealthCheck),
    )
    @given(request=requests)
    def fuzz(request: Case) -> None:
        check(operation, request, loop.run_until_complete(send(app, request)))

    try:
        fuzz()
    finally:
        loop.close()
        emulator.store.close()
