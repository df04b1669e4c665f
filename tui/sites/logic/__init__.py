"""Provides the sites' pure logic (no textual): the structure, the condition language, the visitor schema and the journal."""
