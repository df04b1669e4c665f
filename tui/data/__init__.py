"""Provides the pure logic the screens use; never imports textual, httpx or the client.

Each module works on plain values (dataclasses, mappings, protocols) so it is unit-tested
without an app or a service:

    changes     structure-aware comparison of two page trees (change-request review)
    diff        markdown diff rows: unified and side by side, word spans, folds, navigation
    conditions  the docs-site condition language: parse, check against a schema, evaluate
    journal     the undo journal of site structure and settings edits
    access      the member × space access matrix, its filter and CSV export; bounded gather
    drafts      comment and reply drafts kept on disk until sent or discarded
"""
