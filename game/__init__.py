"""Kotatsu Table: everything that is true without a screen (rules, AI, matches, CLI).

Nothing under ``game`` imports pygame or ``scenes``; the CLI loads the app lazily.
"""

__version__ = "0.1.0"
