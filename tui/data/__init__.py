"""Provides the pure logic the screens use; never imports textual, httpx or the client.

Each module works on plain values (dataclasses, mappings, protocols) so it is unit-tested
without an app or a service (tests/test_layers.py proves the imports):

    changes          structure-aware comparison of two page trees (change-request review)
    diff             markdown diff rows: unified and side by side, word spans, folds, navigation
    diff_lines       the line matching under the diff (patience anchors, then difflib)
    diff_segments    diff rows as (text, style name) segments, never markup
    conditions       the docs-site condition language: parse, check, complete, evaluate
    condition_syntax its tokens, tree and bounded parser
    visitor_schema   a site's adaptive visitor schema, checked as the service checks it
    journal          the undo journal of site structure and settings edits
    access           the member × space access matrix, its filters, CSV export; gather_limited
    drafts           comment and reply drafts kept on disk until sent or discarded
    files            whole-or-nothing file writes
    certificates     an X.509 certificate told from a private key (SAML providers)
"""
