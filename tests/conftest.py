"""Shared fixtures: an in-process local service, clients of it, a movable clock, and the contract
check that every response of every test honours the official OpenAPI document."""

from __future__ import annotations

import csv
import dataclasses
import json
import os
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import httpx
import pytest

from tui.api import Client, RetryPolicy
from tui.service import Emulator, create_app
from tui.service.app import asgi_app

from . import contract

# The app's fixtures (make_app, the frozen clock, frames) serve every feature's tests.
pytest_plugins = ["tests.pilot.fixtures"]

OPERATIONS_TSV = contract.REFERENCE / "operations.tsv"
# Operations whose success a test has seen, and contract problems, across the whole run.
SEEN_OPERATIONS: set[str] = set()
CONTRACT_PROBLEMS: list[str] = []


class FakeClock:
    """The service's clock, which tests move by hand."""

    def __init__(self, start: datetime | None = None) -> None:
        self.now = start or datetime(2026, 11, 21, 10, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **delta: float) -> None:
        self.now += timedelta(**delta)


@dataclass
class Sent:
    """A request as it reached the service."""

    method: str
    path: str
    params: dict[str, list[str]]
    json: Any
    headers: httpx.Headers
    status: int = 0  # the status the service answered with


@dataclass
class RecordingTransport(httpx.AsyncBaseTransport):
    """Passes requests to the in-process service, recording them and checking each answer."""

    inner: httpx.AsyncBaseTransport
    sent: list[Sent] = field(default_factory=list)

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        content = request.content
        self.sent.append(
            Sent(
                request.method,
                request.url.path,
                {k: request.url.params.get_list(k) for k in request.url.params},
                json.loads(content) if content else None,
                request.headers,
            )
        )
        response = await self.inner.handle_async_request(request)
        self.sent[-1].status = response.status_code
        raw = await response.aread()
        problems = contract.check_raw(request.method, request.url.path, response.status_code, raw)
        CONTRACT_PROBLEMS.extend(problems)
        operation = contract.find_operation(request.method, request.url.path)
        if operation is not None and response.status_code < 400:
            SEEN_OPERATIONS.add(operation.operation_id)
        assert not problems, "the response breaks the official contract:\n" + "\n".join(problems)
        return httpx.Response(
            response.status_code, headers=response.headers, content=raw, request=request
        )

    def count(self, method: str | None = None, path: str | None = None) -> int:
        return sum(
            1
            for s in self.sent
            if (method is None or s.method == method) and (path is None or s.path == path)
        )


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


_BUILT: dict[str, Any] = {}  # the datasets built in this process, each service served a copy


def fresh_service(dataset: str = "demo", clock: Callable[[], datetime] | None = None) -> Any:
    """A fresh in-memory local service on a dataset, as ``create_app(dataset)`` makes it.

    The dataset is built once per process and each service gets a copy of its database
    (SQLite's backup: 1 ms for the demo, 70 ms for ``large``, which takes seconds to build).
    """
    built = _BUILT.get(dataset)
    if built is None:
        built = _BUILT[dataset] = create_app(dataset).state.emulator.store
    return asgi_app(Emulator(built.copy(), clock=clock))


@pytest.fixture
def service(clock: FakeClock) -> Any:
    """A fresh in-memory local service on the demo dataset."""
    return fresh_service("demo", clock)


@pytest.fixture
def transport(service: Any) -> RecordingTransport:
    return RecordingTransport(httpx.ASGITransport(app=service))


ClientFactory = Callable[..., Client]


@pytest.fixture
async def connect(transport: RecordingTransport) -> AsyncIterator[ClientFactory]:
    """Make clients of the service for a token; closed at the end of the test."""
    clients: list[Client] = []

    def make(token: str = "demo-admin", **options: Any) -> Client:
        options.setdefault("retry", RetryPolicy(attempts=1))
        client = Client(token, base_url="http://docdeck.test/v1", transport=transport, **options)
        clients.append(client)
        return client

    yield make
    for client in clients:
        await client.aclose()


@pytest.fixture
async def admin(connect: ClientFactory) -> Client:
    return connect("demo-admin")


@pytest.fixture
async def editor(connect: ClientFactory) -> Client:
    return connect("demo-editor")


@pytest.fixture
async def reader(connect: ClientFactory) -> Client:
    return connect("demo-reader")


ORG = "org-northwind"
OTHER_ORG = "org-community"


def expected_operations() -> dict[str, str]:
    """operationId → group, for the 142 operations of operations.tsv."""
    with open(OPERATIONS_TSV, newline="") as handle:
        return {row["operation_id"]: row["group"] for row in csv.DictReader(handle, delimiter="\t")}


# The full suite must see every operation of operations.tsv succeed.
COVERED_GROUPS = set(expected_operations().values())


def pytest_terminal_summary(terminalreporter: Any) -> None:
    """The fuzzing's counts, when it ran (tests/properties/test_fuzz.py)."""
    from tests.properties.fuzzing import COUNTS

    if COUNTS.cases:
        terminalreporter.write_sep(
            "-",
            f"fuzz: {COUNTS.operations} operations, {COUNTS.cases} hostile requests, "
            f"{COUNTS.server_errors} answered 5xx, "
            f"{sum(COUNTS.successes.values())} successes checked against the official document"
            + (
                f"; {len(COUNTS.not_routed)} operations not routed yet" if COUNTS.not_routed else ""
            ),
            green=not COUNTS.server_errors,
            red=bool(COUNTS.server_errors),
        )


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node: Any, error: Any) -> None:
    """With pytest-xdist: gather what each worker saw succeed, and what it fuzzed."""
    from tests.properties.fuzzing import COUNTS

    output = getattr(node, "workeroutput", {})
    SEEN_OPERATIONS.update(output.get("seen_operations", []))
    fuzzed = output.get("fuzz_counts")
    if fuzzed:
        COUNTS.operations += fuzzed["operations"]
        COUNTS.cases += fuzzed["cases"]
        COUNTS.server_errors += fuzzed["server_errors"]
        COUNTS.not_routed.extend(fuzzed["not_routed"])
        for operation, count in fuzzed["successes"].items():
            COUNTS.successes[operation] = COUNTS.successes.get(operation, 0) + count


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """On a full run, fail when an operation of a covered group was never seen to succeed.

    Under pytest-xdist each worker hands its operations to the controller, which checks and
    reports once. A run that stopped early (``-x``) or has failures says nothing more.
    """
    config = session.config
    if hasattr(config, "workeroutput"):  # an xdist worker
        from tests.properties.fuzzing import COUNTS

        config.workeroutput["seen_operations"] = sorted(SEEN_OPERATIONS)
        config.workeroutput["fuzz_counts"] = dataclasses.asdict(COUNTS)
        return
    if exitstatus != 0 or session.testsfailed or session.shouldstop or session.shouldfail:
        return
    options = config.option
    if options.keyword or options.markexpr or getattr(options, "lf", False):
        return
    tests = Path(__file__).resolve().parent
    if any(Path(arg.split("::")[0]).resolve() != tests for arg in session.config.args):
        return  # a run of part of the suite
    missing = sorted(
        op
        for op, group in expected_operations().items()
        if group in COVERED_GROUPS and op not in SEEN_OPERATIONS
    )
    reporter = session.config.pluginmanager.get_plugin("terminalreporter")
    expected = [op for op, group in expected_operations().items() if group in COVERED_GROUPS]
    if reporter is not None and not missing:
        reporter.write_sep(
            "-",
            f"{len(expected)} of {len(expected)} operations of operations.tsv succeeded end to end, "
            "every answer checked against the official OpenAPI document",
            green=True,
        )
    if missing:
        if reporter is not None:
            reporter.write_line(
                f"operations never exercised end to end ({len(missing)}): " + ", ".join(missing),
                red=True,
            )
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


# -- the user's own folders are left alone ------------------------------------------------------


@pytest.fixture(autouse=True, scope="session")
def _a_cache_folder_of_the_runs_own(tmp_path_factory: pytest.TempPathFactory) -> Any:
    """What docdeck keeps in the user cache folder (the parsed config file, the first screen)
    goes to a folder of the run's: a test never writes to the home of whoever runs it."""
    before = os.environ.get("XDG_CACHE_HOME")
    os.environ["XDG_CACHE_HOME"] = str(tmp_path_factory.mktemp("user-cache"))
    yield
    if before is None:
        os.environ.pop("XDG_CACHE_HOME", None)
    else:
        os.environ["XDG_CACHE_HOME"] = before


# -- one parse of each stylesheet for the whole run ---------------------------------------------


@pytest.fixture(autouse=True, scope="session")
def _css_parsed_once() -> Any:
    """Every app of the suite parses the same CSS with the same theme variables: remember the
    rules across apps (Textual remembers them per stylesheet, so each new app parsed again)."""
    from textual.css.stylesheet import Stylesheet

    original = Stylesheet._parse_rules
    parsed: dict[Any, Any] = {}

    def parse_rules(self: Stylesheet, css: str, read_from: Any, *args: Any, **kwargs: Any) -> Any:
        key = (tuple(sorted(self._variables.items())), css, read_from, args, tuple(kwargs.items()))
        if key not in parsed:
            parsed[key] = original(self, css, read_from, *args, **kwargs)
        return parsed[key]

    Stylesheet._parse_rules = parse_rules  # type: ignore[method-assign]
    yield
    Stylesheet._parse_rules = original  # type: ignore[method-assign]


# -- workers ------------------------------------------------------------------------------------


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """``-n auto``: two workers a core. An app test spends a third of its time asleep (waiting
    for the app to be idle, its timers to fire); a second worker on the core uses that time.
    On two cores: 2 workers 264 s, 3 workers 170 s, 4 workers 150 s."""
    import os

    return 2 * len(os.sched_getaffinity(0))


def pytest_configure(config: pytest.Config) -> None:
    """Compile docdeck's modules and the tests once, before the workers start.

    With ``PYTHONDONTWRITEBYTECODE`` set (as on CI), nothing imported is ever written as
    bytecode: each of the four workers, and each ``docdeck`` the tests start in a terminal or
    from the shell (dozens), compiled every module it imported from source, a fifth of a
    fresh clone's run. compileall writes the bytecode whatever that variable says (to
    ``__pycache__``, which git ignores); every process then reads it. The test modules are
    kept as pytest imports them, their asserts rewritten (``_rewrite_the_tests_once``)."""
    import compileall
    import os

    if os.environ.get("PYTEST_XDIST_WORKER"):
        return
    root = Path(__file__).resolve().parents[1]
    compileall.compile_dir(root / "tui", quiet=1, workers=0)
    compileall.compile_dir(root / "tests", quiet=1, workers=0)  # the helpers: tests/pilot…
    _rewrite_the_tests_once(config, root / "tests")


def _rewrite_the_tests_once(config: pytest.Config, folder: Path) -> None:
    """Keep pytest's own bytecode of each test module (asserts rewritten) where it looks.

    Each worker collects every test module, and rewrote and compiled all of them from source
    (3 s each, at the same time) when nothing may write bytecode. Done here, once, through
    pytest's rewriting functions: with another pytest that lacks them, the workers rewrite as
    they always did."""
    try:
        from _pytest.assertion.rewrite import (
            PYC_TAIL,
            _read_pyc,
            _rewrite_test,
            _write_pyc,
            assertstate_key,
            get_cache_dir,
        )
    except ImportError:
        return
    state = config.stash.get(assertstate_key, None)
    if state is None:  # assertions not rewritten (--assert=plain)
        return
    for path in sorted(folder.rglob("*.py")):
        if not (path.name.startswith("test_") or path.name == "conftest.py"):
            continue
        pyc = get_cache_dir(path) / (path.name[:-3] + PYC_TAIL)
        if _read_pyc(path, pyc) is not None:
            continue
        source_stat, code = _rewrite_test(path, config)
        pyc.parent.mkdir(exist_ok=True)
        _write_pyc(state, code, source_stat, pyc)
