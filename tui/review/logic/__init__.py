"""Provides review's pure logic (no textual): change comparison, diffs, drafts and the review queue's order."""
