"""The full-screen Textual interface.

Importing this package does not import Textual: ``planet_king.tui.app`` does, and the
command line imports it only when it opens the TUI. ``views`` and ``draws`` turn the
engine's state into Rich text and hold no rules.
"""
