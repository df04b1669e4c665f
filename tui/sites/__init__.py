"""Provides docs sites: the sites, a site's structure, conditions, the visitor simulator and the undo journal."""
