"""Provides the demo dataset: Northwind Labs, a believable documentation team."""

from __future__ import annotations

from ..store import Store
from . import (
    demo_admin,
    demo_comments,
    demo_platform,
    demo_restructure,
    demo_reviews,
    demo_sites,
    demo_verdicts,
)
from .builder import Builder
from .demo_content import seed_content

__all__ = ["build"]


def build(store: Store) -> None:
    b = Builder(store, "demo")
    ada = b.user("Ada Lovelace", "ada@northwind.dev", id="u-ada")
    grace = b.user("Grace Hopper", "grace@northwind.dev", id="u-grace")
    linus = b.user("Linus Pauling", "linus@northwind.dev", id="u-linus")
    b.token("demo-admin", ada)
    b.token("demo-editor", grace)
    b.token("demo-reader", linus)

    northwind = b.organization(
        "Northwind Labs", id="org-northwind", emailDomains=["northwind.dev"], hostname="northwind"
    )
    community = b.organization(
        "Northwind Community",
        id="org-community",
        type="community",
        communityType="openSource",
        plan="community_2024",
        emailDomains=[],
    )
    b.member(northwind, ada, "admin", joined=b.at(days=400), last_seen=b.at(minutes=5))
    b.member(northwind, grace, "edit", joined=b.at(days=380), last_seen=b.at(hours=3))
    b.member(northwind, linus, "read", joined=b.at(days=120), last_seen=b.at(days=2))
    b.member(community, ada, "admin", joined=b.at(days=250), last_seen=b.at(days=1))
    b.member(community, grace, "comment", joined=b.at(days=200))

    people = {"ada": ada, "grace": grace, "linus": linus}
    seed_content(b, northwind, community, people=people)
    # Each part finds what it builds on in the store; the order is the order of dependence.
    # Later parts come last so that the ids of everything before them stay as they were.
    for part in (
        demo_admin,
        demo_reviews,
        demo_comments,
        demo_sites,
        demo_platform,
        demo_verdicts,
        demo_restructure,
    ):
        part.seed(b, northwind, community, people=people)
