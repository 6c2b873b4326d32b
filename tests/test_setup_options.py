"""Setup's options panel keeps every hint readable: with many options each label sits beside a
narrower switch, so Nostalgic's three variants show three lines of hint instead of one."""

from __future__ import annotations

import pytest

from scenes.app import App
from scenes.setup import RIGHT, Setup


def setup_for(app: App, game_id: str, players: int) -> Setup:
    """The setup screen of ``game_id`` at ``players``."""
    scene = Setup(app, game_id)
    app.push(scene)
    scene.set_players(players)
    app.step(1 / 60)
    return scene


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_nostalgic_three_variants_fit_with_their_hints(app: App, lang: str) -> None:
    app.set_language(lang)
    scene = setup_for(app, "nostalgic", 3)
    assert len(scene.applicable_options()) == 3
    assert scene.compact_options()
    assert scene.hint_lines() >= 3, "was 1 line with each label above its switch"
    switches = [scene.option_switch_rect(index) for index in range(3)]
    for index, rect in enumerate(switches):
        assert RIGHT.contains(rect)
        assert rect.bottom + scene.hint_lines() * 20 <= scene.option_row_y(index) + scene.option_block()
    assert all(not a.colliderect(b) for i, a in enumerate(switches) for b in switches[i + 1:])


def test_few_options_keep_the_label_above_a_wide_switch(app: App) -> None:
    scene = setup_for(app, "neko", 2)
    assert not scene.compact_options()
    assert scene.option_switch_rect(0).width == RIGHT.width - 80
