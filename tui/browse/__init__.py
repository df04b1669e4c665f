"""Provides browsing: organisations, collections, spaces, pages, files, search, links, imports, templates, and the connect screen."""
