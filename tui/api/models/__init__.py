"""Provides the pydantic models of every resource, one module per family, re-exported here."""

from __future__ import annotations

from ._base import *  # noqa: F403
from .change_requests import *  # noqa: F403
from .collections import *  # noqa: F403
from .comments import *  # noqa: F403
from .common import *  # noqa: F403
from .content import *  # noqa: F403
from .git import *  # noqa: F403
from .invites import *  # noqa: F403
from .members import *  # noqa: F403
from .openapi import *  # noqa: F403
from .organizations import *  # noqa: F403
from .permissions import *  # noqa: F403
from .reviews import *  # noqa: F403
from .revisions import *  # noqa: F403
from .search import *  # noqa: F403
from .sites import *  # noqa: F403
from .spaces import *  # noqa: F403
from .sso import *  # noqa: F403
from .teams import *  # noqa: F403
from .translations import *  # noqa: F403
from .users import *  # noqa: F403
