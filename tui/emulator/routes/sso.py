"""Provides the routes of the sso family (not yet written)."""

from __future__ import annotations

from ..http import RouteTable

routes = RouteTable()
