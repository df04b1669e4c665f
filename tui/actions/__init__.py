"""Provides the actions on items, as mixins of the screens that show them.

``SpaceActions`` (rename, visibility, move, delete… a space) serves the organisation's tree and
the space screen; ``TreeActions`` adds what the tree does to collections and new items. Each
action checks the item's ``permissions``, opens its dialog (``tui.dialogs``), and tells the
screen of the result through the hooks the mixin declares (``space_changed`` …).
"""
