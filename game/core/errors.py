"""Exceptions shared by all games. Each carries a catalogue key so the screen can explain it."""

from __future__ import annotations

from typing import Any


class RulesError(Exception):
    """Base of every error the rules raise on purpose."""

    def __init__(self, reason: str, message: str, **params: Any) -> None:
        super().__init__(message)
        self.reason = reason  # i18n key, e.g. "neko.reason.cat_stack"
        self.params = params  # values for the catalogue text, e.g. {"card": 5}


class IllegalAction(RulesError):
    """An action the rules refuse; the state is left exactly as it was."""


class BadOptions(RulesError):
    """Unknown player count or option value for a game."""


class SaveError(Exception):
    """A save file that cannot be read, parsed or replayed."""
