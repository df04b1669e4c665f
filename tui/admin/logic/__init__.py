"""Provides the administration's pure logic (no textual): the access matrix, the forms' checks, bulk changes, instructions."""
