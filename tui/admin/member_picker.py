"""Provides MemberPicker: find organisation members by name or e-mail and choose one or several.

Typing asks the service (its member search, one request per pause in the typing); space marks
members when several may be chosen, Enter ends the choice. It closes with the members chosen.
"""

from __future__ import annotations

from collections.abc import Sequence

from textual.content import Content

from tui.core import text
from tui.dialogs.search_picker import SHOWN, SearchPicker

from ..api import UNSET
from ..api.models import Member, Page
from .member_dialogs import member_name, role_label

__all__ = ["MemberPicker"]


class MemberPicker(SearchPicker[Member]):
    """A search field above the members found; with ``several``, space marks, Enter ends."""

    PLACEHOLDER = "Name or e-mail…"
    LIST_ID = "picker-members"
    WHAT = "member"
    EMPTY = "Nobody matches."

    def __init__(
        self,
        title: str,
        organization_id: str,
        *,
        several: bool = False,
        exclude: Sequence[str] = (),
        chosen: Sequence[Member] = (),
    ) -> None:
        super().__init__(title, organization_id, several=several, chosen=chosen)
        self.exclude = set(exclude)
        """User ids not offered (already in the team)."""

    async def fetch(self, query: str) -> Page[Member]:
        return await self.client.organization_members.list_members_in_organization_by_id(
            self.organization_id, search=query or UNSET, limit=SHOWN
        )

    def key_of(self, item: Member) -> str:
        return item.user.id

    def offered(self, item: Member) -> bool:
        return item.user.id not in self.exclude

    def label_of(self, item: Member) -> tuple[Content, str]:
        email = item.user.email or ""
        label = Content.assemble(
            text.content(member_name(item)),
            Content.styled(f"  {text.one_line(email)}  {role_label(item.role)}", "$text-muted"),
        )
        return label, f"{member_name(item)} {email}"
