"""Provides the routes of the openapi family (not yet written)."""

from __future__ import annotations

from ..http import RouteTable

routes = RouteTable()
