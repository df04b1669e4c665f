"""Provides the routes of the change requests family (not yet written)."""

from __future__ import annotations

from ..http import RouteTable

routes = RouteTable()
