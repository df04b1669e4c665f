"""Provides what every part of the app uses and no feature owns: text safety, humanising, snippets, plain words, whole-or-nothing files."""
