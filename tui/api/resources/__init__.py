"""Provides one resource group per operation group of operations.tsv."""

from __future__ import annotations

from .change_request_comments import ChangeRequestCommentsResource
from .change_request_content import ChangeRequestContentResource
from .change_request_reviews import ChangeRequestReviewsResource
from .change_requests import ChangeRequestsResource
from .collection_permissions import CollectionPermissionsResource
from .collections import CollectionsResource
from .openapi import OpenAPIResource
from .openapi_versions import OpenAPIVersionsResource
from .organization_members import OrganizationMembersResource
from .organizations import OrganizationsResource
from .revisions import RevisionsResource
from .site_section_groups import SiteSectionGroupsResource
from .site_sections import SiteSectionsResource
from .site_spaces import SiteSpacesResource
from .sites import SitesResource
from .space_comments import SpaceCommentsResource
from .space_content import SpaceContentResource
from .space_git import SpaceGitResource
from .space_permissions import SpacePermissionsResource
from .spaces import SpacesResource
from .sso import SSOResource
from .team_members import TeamMembersResource
from .teams import TeamsResource
from .translations import TranslationsResource
from .users import UsersResource

__all__ = [
    "ChangeRequestCommentsResource",
    "ChangeRequestContentResource",
    "ChangeRequestReviewsResource",
    "ChangeRequestsResource",
    "CollectionPermissionsResource",
    "CollectionsResource",
    "OpenAPIResource",
    "OpenAPIVersionsResource",
    "OrganizationMembersResource",
    "OrganizationsResource",
    "RevisionsResource",
    "SSOResource",
    "SiteSectionGroupsResource",
    "SiteSectionsResource",
    "SiteSpacesResource",
    "SitesResource",
    "SpaceCommentsResource",
    "SpaceContentResource",
    "SpaceGitResource",
    "SpacePermissionsResource",
    "SpacesResource",
    "TeamMembersResource",
    "TeamsResource",
    "TranslationsResource",
    "UsersResource",
]
