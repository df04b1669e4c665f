"""The one verdict on a write whose answer was lost: applied, not applied, or cannot tell,
found by re-reading the local service as it is now, and told in the same words by the dialogs,
the keys and the bulk changes that share it."""

from __future__ import annotations

import httpx
import pytest

from tests.conftest import ORG
from tui.admin.bulk_dialog import describe_outcome
from tui.admin.logic.bulk import BulkOutcome
from tui.api import Client, RetryPolicy, errors
from tui.shell.lost_answers import Verdict, find_out, in_a_dialog, in_a_report

LOST = errors.AnswerLostError("connection reset", method="PATCH", path="/v1/spaces/x")
LATE = errors.AnswerLostError("no answer in time", timed_out=True)


async def handbook(client: Client):
    page = await client.spaces.list_spaces_in_organization_by_id(ORG, limit=100)
    return next(s for s in page.items if s.title == "Team handbook")


def renamed(client: Client, space_id: str, title: str):
    """The check of a rename: the space read now, if it has the title sent, else None."""

    async def check():
        space = await client.spaces.get_space_by_id(space_id)
        return space if space.title == title else None

    return check


async def test_a_write_the_service_applied_is_applied_with_what_the_check_read(admin, connect):
    space = await handbook(admin)
    await connect().spaces.update_space_by_id(space.id, title="Handbook")  # the lost write

    verdict = await find_out(admin, LOST, renamed(admin, space.id, "Handbook"))

    assert verdict.known == "applied" and verdict.applied is True
    assert verdict.result is not None and verdict.result.title == "Handbook"


async def test_the_check_reads_the_service_as_it_is_now_not_the_cache(admin, connect, transport):
    space = await handbook(admin)
    await admin.spaces.get_space_by_id(space.id)  # cached with the old title
    await connect().spaces.update_space_by_id(space.id, title="Handbook")
    reads = transport.count("GET", f"/v1/spaces/{space.id}")

    verdict = await find_out(admin, LOST, renamed(admin, space.id, "Handbook"))

    assert verdict.known == "applied"
    assert transport.count("GET", f"/v1/spaces/{space.id}") == reads + 1


async def test_a_write_not_found_after_a_lost_answer_is_not_applied(admin):
    space = await handbook(admin)

    verdict = await find_out(admin, LOST, renamed(admin, space.id, "Handbook"))

    assert (verdict.known, verdict.applied, verdict.result) == ("not applied", False, None)
    assert in_a_dialog(verdict) == (
        "Sent, but the answer was lost, and it was not applied: send again?"
    )


async def test_a_late_answer_not_found_yet_cannot_be_told_the_service_may_still_be_working(admin):
    space = await handbook(admin)

    verdict = await find_out(admin, LATE, renamed(admin, space.id, "Handbook"))

    assert (verdict.known, verdict.doubt, verdict.applied) == ("cannot tell", "still working", None)
    assert "the service may still be working on it" in in_a_dialog(verdict)


async def test_a_late_answer_found_applied_is_applied(admin, connect):
    space = await handbook(admin)
    await connect().spaces.update_space_by_id(space.id, title="Handbook")

    verdict = await find_out(admin, LATE, renamed(admin, space.id, "Handbook"))

    assert verdict.known == "applied"


async def test_a_check_that_cannot_reach_the_service_cannot_tell_and_says_why():
    def refuse(request: httpx.Request) -> httpx.Response:
        raise httpx.ConnectError("connection refused", request=request)

    async with Client(
        "secret-token",
        base_url="https://api.example.test/v1",
        transport=httpx.MockTransport(refuse),
        retry=RetryPolicy(attempts=1),
    ) as offline:
        verdict = await find_out(offline, LOST, renamed(offline, "s1", "Handbook"))

    assert (verdict.known, verdict.doubt) == ("cannot tell", "check failed")
    assert isinstance(verdict.error, errors.TransportError)
    said = in_a_dialog(verdict)
    assert said.startswith("Sent, but the answer was lost, and checking whether it was applied")
    assert f"({verdict.error.title}: {verdict.error.message})" in said
    assert "Press Check again (or Enter) to look again" in said


async def test_without_a_check_nobody_can_tell_and_nothing_is_read(admin, transport):
    sent = len(transport.sent)

    verdict = await find_out(admin, LOST, None)

    assert (verdict.known, verdict.doubt) == ("cannot tell", "no check")
    assert len(transport.sent) == sent
    assert "this form cannot check" in in_a_dialog(verdict)
    assert in_a_dialog(verdict, "A form's own words.") == "A form's own words."


async def test_a_bug_in_the_check_is_raised_as_it_is(admin):
    async def broken() -> None:
        raise KeyError("title")

    with pytest.raises(KeyError):
        await find_out(admin, LOST, broken)


@pytest.mark.parametrize(
    "verdict",
    [
        Verdict("applied", True),
        Verdict("not applied"),
        Verdict("cannot tell", doubt="still working"),
        Verdict("cannot tell", doubt="check failed", error=errors.TransportError("refused")),
        Verdict("cannot tell", doubt="no check"),
    ],
)
def test_a_bulk_change_reports_the_same_verdict(verdict):
    outcome = BulkOutcome(["Ada"], lost=("Grace", LOST), not_tried=["Linus"], lost_state="checking")

    found = outcome.found(verdict.applied)

    assert found.lost_state == verdict.known
    report = describe_outcome(found, str, "Changed").plain
    assert in_a_report("Grace", verdict.known) in report
    assert ("Grace" in found.applied) is (verdict.known == "applied")


def test_the_report_line_of_each_verdict():
    assert in_a_report("Grace", "checking") == (
        "Sent for Grace, but the answer was lost: checking whether it was applied…"
    )
    assert in_a_report("Grace", "applied").endswith("reading it again shows it was applied.")
    assert in_a_report("Grace", "not applied").endswith(": it was not applied.")
    assert in_a_report("Grace", "cannot tell").endswith(
        "whether it was applied cannot be told yet: look (r) before doing it again."
    )
