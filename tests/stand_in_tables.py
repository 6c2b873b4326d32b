"""A stand-in for a game's table, for the menu and setup tests: opening a match records it."""

from __future__ import annotations

import pytest

from game.core.match import Match
from scenes.engine import input as intents
from scenes.engine.app import App, Scene
from scenes.engine.input import Intent
from scenes.table import launch as tables


class FakeTable(Scene):
    """Stands in for a game's table: remembers its match, Back pops it."""

    def __init__(self, app: App, match: Match) -> None:
        super().__init__(app)
        self.match = match

    def handle(self, intent: Intent) -> bool:
        """Back leaves; everything else is eaten."""
        if intent.kind == intents.BACK:
            self.app.pop()
        return True


def record_tables(monkeypatch: pytest.MonkeyPatch) -> list[Match]:
    """Make tables open as ``FakeTable`` scenes; the list records every match opened."""
    matches: list[Match] = []

    def fake_make(app: App, match: Match) -> Scene:
        matches.append(match)
        return FakeTable(app, match)

    monkeypatch.setattr(tables, "make_table_scene", fake_make)
    return matches
