"""Provides the routes of change request content (being written)."""

from __future__ import annotations

from ..http import RouteTable

routes = RouteTable()
