"""Provides the routes of the members family (not yet written)."""

from __future__ import annotations

from ..http import RouteTable

routes = RouteTable()
