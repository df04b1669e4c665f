"""Provides the review area's parts shared by its screens and dialogs (they never import each other).

loading   what a change request's screen needs, and a page's diff, fetched off the loop
rows      how a change request, a review and a thread read in a list or a header
queue     the organisation's review queue, gathered a few spaces at a time
threads   a scope of comment threads (a space or a change request) and its operations
drafts    the app's draft store and the keys of threads
"""
