"""Provides the administration: members, teams, SSO, OpenAPI, translations, Git sync, the organisation's settings and access."""
