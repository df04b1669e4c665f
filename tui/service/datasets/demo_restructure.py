"""Provides the demo's change request that restructures a space, so a review shows every kind
of change: a page edited, one added, one removed, one moved and one renamed.

In the Python SDK space, Grace's open "Restructure the Python SDK guide" moves Error handling
under Usage, renames Configuration to "Configuring the client" (and edits its table), edits
Installation, adds "Retries and timeouts" and removes the "PyPI package" link. Ada is asked
to review it.
"""

from __future__ import annotations

import copy

from ..content_tree import walk
from ..records import recount_space
from ..store import Doc
from .builder import Builder

__all__ = ["seed"]

RETRIES = (
    "# Retries and timeouts\n\n"
    "The client retries a request that failed to connect, timed out, or was answered with "
    "429 or 503, up to `NORTHWIND_MAX_RETRIES` times (3 by default), waiting longer each "
    "time.\n\n"
    "```python\nclient = Client(timeout=10, max_retries=5)\n```\n\n"
    "A write is retried only when the server never received it, so nothing is done twice.\n"
)


def _take(pages: list[Doc], title: str) -> Doc | None:
    for node in pages:
        if node["title"] == title:
            pages.remove(node)
            return node
    return None


def seed(b: Builder, northwind: Doc, community: Doc, *, people: dict[str, Doc]) -> None:
    """Write this part of the demo; the Python SDK space is found in `b.store`."""
    spaces = b.store.list("space", scope=northwind["id"])
    space = next((space for space in spaces if space["title"] == "Python SDK"), None)
    main = b.store.get("revision", space["revision"]) if space else None
    if space is None or main is None:
        return
    pages = copy.deepcopy(main["pages"])
    nodes = {node["title"]: node for node, _, _ in walk(pages)}
    at = b.at(days=2)
    installation = nodes.get("Installation")
    if installation is not None:
        installation["markdown"] = installation["markdown"].replace(
            "The Python SDK supports Python 3.10 and later.",
            "The Python SDK supports Python 3.10 and later, on Linux, macOS and Windows.",
        )
        installation["updatedAt"] = at
    configuration = nodes.get("Configuration")
    if configuration is not None:
        configuration["title"] = "Configuring the client"
        configuration["markdown"] = (
            configuration["markdown"]
            .replace("# Configuration", "# Configuring the client")
            .replace("| `30` |", "| `10` |")
        )
        configuration["updatedAt"] = at
    usage = nodes.get("Usage")
    errors = _take(pages, "Error handling")
    if usage is not None and errors is not None:
        usage["pages"].append(errors)
    _take(pages, "PyPI package")
    pages.append(b.page("Retries and timeouts", RETRIES, days=2))
    request_id = b.id("change-request")
    revision = b.revision(
        space["id"],
        pages,
        copy.deepcopy(main.get("files", [])),
        parents=[main["id"]],
        change_request=request_id,
        created=at,
    )
    numbers = [other["number"] for other in b.store.list("change-request", scope=space["id"])]
    grace, ada = people["grace"], people["ada"]
    request: Doc = {
        "id": request_id,
        "space": space["id"],
        "number": max(numbers, default=0) + 1,
        "status": "open",
        "subject": "Restructure the Python SDK guide",
        "createdBy": grace["id"],
        "contributors": [grace["id"]],
        "createdAt": b.at(days=3),
        "updatedAt": at,
        "revision": revision["id"],
        "revisionInitial": main["id"],
    }
    b.store.put("change-request", request, scope=space["id"])
    b.store.put(
        "change-request-reviewer",
        {
            "id": f"{request_id}:{ada['id']}",
            "user": ada["id"],
            "requestedBy": grace["id"],
            "revision": revision["id"],
            "createdAt": b.at(days=1),
        },
        scope=space["id"],
        parent=request_id,
    )
    recount_space(b.store, space["id"])
