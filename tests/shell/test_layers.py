"""The layers stay apart: the contracts of pyproject.toml, and what each layer loads in a fresh
interpreter (which catches an import made at run time, that the contracts cannot see)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
FEATURES = ("browse", "review", "sites", "admin")
SCREENS = {
    *(f"tui.browse.{m}" for m in ("organization", "organizations", "search", "space", "welcome")),
    *(f"tui.review.{m}" for m in ("change_request", "review_queue", "thread")),
    *(f"tui.sites.{m}" for m in ("site", "sites")),
    *(
        f"tui.admin.{m}"
        for m in (
            "admin", "admin_access", "admin_git", "admin_member", "admin_members", "admin_openapi",
            "admin_openapi_spec", "admin_organization", "admin_sso", "admin_team", "admin_teams",
            "admin_translations",
        )
    ),
}  # fmt: skip


def modules_after_import(module: str) -> set[str]:
    code = f"import sys, {module}; print('\\n'.join(sorted(sys.modules)))"
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT
    )
    return set(done.stdout.split())


@pytest.mark.parametrize("module", ["tui.api", "tui.service"])
def test_the_client_and_the_service_never_load_textual(module):
    assert not {
        m for m in modules_after_import(module) if m == "textual" or m.startswith("textual.")
    }


def test_the_service_never_loads_the_clients_models():
    loaded = modules_after_import("tui.service")
    assert "tui.api.models" not in loaded and "tui.api" not in loaded


def test_the_import_contracts_hold():
    """The layer rules of pyproject.toml ([tool.importlinter]): layers, features independent
    but for the edges listed, shared packages importing no feature, httpx only in the client,
    textual neither in the client nor the service, the service alone, logic/ pure."""
    pytest.importorskip("importlinter", reason='the test extra: pip install -e ".[test]"')
    code = (
        "from importlinter.cli import lint_imports; raise SystemExit(lint_imports(no_cache=True))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_pure_logic_never_loads_textual_httpx_or_the_client():
    logic = (ROOT / "tui").glob("*/logic/*.py")
    modules = [
        *sorted(
            f"tui.{p.parent.parent.name}.logic.{p.stem}" for p in logic if p.stem != "__init__"
        ),
        "tui.core.files",
        "tui.core.plain",
    ]
    assert "tui.sites.logic.conditions" in modules
    loaded = modules_after_import(", ".join(modules))
    offenders = {
        m
        for m in loaded
        if m.split(".")[0] in {"textual", "httpx", "rich"}
        or m == "tui.api"
        or m.startswith("tui.api.")
    }
    assert offenders == set()


# -- what each part of the app may import, read from the source with ast ------------------------

import ast  # noqa: E402

TUI = ROOT / "tui"


def imports_of(path: Path) -> list[tuple[int, str]]:
    """(line, absolute module) of every import of a module of tui, relative ones resolved."""
    package = ".".join(path.relative_to(ROOT).with_suffix("").parts[:-1])
    found = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found.extend((node.lineno, alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package.split(".")
            if node.level:
                base = base[: len(base) - node.level + 1]
                module = ".".join([*base, *([node.module] if node.module else [])])
            else:
                module = node.module or ""
            found.append((node.lineno, module))
            found.extend((node.lineno, f"{module}.{alias.name}") for alias in node.names)
    return found


def offenders(folders: list[str], forbidden) -> list[str]:
    bad = []
    for folder in folders:
        root = TUI / folder if folder else TUI
        paths = root.rglob("*.py") if folder else root.glob("*.py")
        for path in paths:
            for line, module in imports_of(path):
                if forbidden(path, module):
                    bad.append(f"{path.relative_to(ROOT)}:{line} imports {module}")
    return sorted(set(bad))


APP_PARTS = ["", "core", *FEATURES, "widgets", "dialogs", "shell"]


def test_nothing_outside_the_client_reaches_its_private_modules():
    def private(path, module):
        parts = module.split(".")
        return parts[:2] == ["tui", "api"] and any(p.startswith("_") for p in parts[2:3])

    assert offenders(APP_PARTS, private) == []


def test_screens_never_import_each_other_and_only_their_features_registration_knows_them():
    """A feature's registration.py names its own screens (and no other feature's); the app
    calls each one's (tui/app.py, register_features), and shows the first screen and the
    connect screen itself."""

    def own_registration(path, module):
        return path.name == "registration.py" and module.split(".")[1] == path.parent.name

    def other_screen(path, module):
        return module in SCREENS and path.name != "app.py" and not own_registration(path, module)

    assert offenders(APP_PARTS, other_screen) == []


def test_every_worker_goes_through_the_one_failure_path():
    bad = []
    for folder in APP_PARTS:
        root = TUI / folder if folder else TUI
        for path in root.rglob("*.py") if folder else root.glob("*.py"):
            if path == TUI / "shell" / "failures.py":
                continue
            source = path.read_text()
            for number, line in enumerate(source.splitlines(), 1):
                if "run_worker(" in line or line.strip().startswith("@work"):
                    bad.append(f"{path.relative_to(ROOT)}:{number}")
    assert bad == []


def import_circles(imports: dict[str, set[str]]) -> list[set[str]]:
    """The circles of an import graph (its strongly connected components of two or more)."""
    order: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    circles: list[set[str]] = []

    def visit(module: str) -> None:
        order[module] = low[module] = len(order)
        stack.append(module)
        for imported in imports.get(module, ()):
            if imported not in order:
                visit(imported)
                low[module] = min(low[module], low[imported])
            elif imported in stack:
                low[module] = min(low[module], order[imported])
        if low[module] == order[module]:
            circle = set()
            while True:
                member = stack.pop()
                circle.add(member)
                if member == module:
                    break
            if len(circle) > 1:
                circles.append(circle)

    for module in sorted(imports):
        if module not in order:
            visit(module)
    return circles


def test_no_import_circle_holds_more_than_three_modules():
    """Every import statement counts (those under TYPE_CHECKING too): screens see the app
    through shell/host.py and the client's resources see it through a protocol, so no circle
    ties the features, the shell and the app together again (one of 93 modules before)."""
    grimp = pytest.importorskip("grimp", reason='the test extra: pip install -e ".[test]"')
    graph = grimp.build_graph("tui", cache_dir=None)
    imports = {m: graph.find_modules_directly_imported_by(m) for m in graph.modules}
    assert import_circles({"a": {"b"}, "b": {"a"}, "c": {"a"}}) == [{"a", "b"}]
    sizes = sorted((len(circle) for circle in import_circles(imports)), reverse=True)
    assert sizes[:1] <= [3], sizes
