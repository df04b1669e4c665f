"""Provides one resource group per operation group of operations.tsv."""

from __future__ import annotations

from .users import UsersResource
from .organizations import OrganizationsResource
from .collections import CollectionsResource
from .spaces import SpacesResource
from .space_content import SpaceContentResource
from .change_requests import ChangeRequestsResource
from .change_request_content import ChangeRequestContentResource
from .space_comments import SpaceCommentsResource
from .change_request_comments import ChangeRequestCommentsResource
from .sites import SitesResource
from .site_sections import SiteSectionsResource
from .site_section_groups import SiteSectionGroupsResource
from .site_spaces import SiteSpacesResource
from .organization_members import OrganizationMembersResource
from .teams import TeamsResource
from .team_members import TeamMembersResource
from .sso import SSOResource
from .openapi import OpenAPIResource
from .openapi_versions import OpenAPIVersionsResource
from .translations import TranslationsResource
from .space_git import SpaceGitResource

__all__ = [
    "ChangeRequestCommentsResource",
    "ChangeRequestContentResource",
    "ChangeRequestsResource",
    "CollectionsResource",
    "OpenAPIResource",
    "OpenAPIVersionsResource",
    "OrganizationMembersResource",
    "OrganizationsResource",
    "SSOResource",
    "SiteSectionGroupsResource",
    "SiteSectionsResource",
    "SiteSpacesResource",
    "SitesResource",
    "SpaceCommentsResource",
    "SpaceContentResource",
    "SpaceGitResource",
    "SpacesResource",
    "TeamMembersResource",
    "TeamsResource",
    "TranslationsResource",
    "UsersResource",
]
