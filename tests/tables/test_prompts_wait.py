"""A prompt waits for the animation it describes: no "your turn" while the deal, a die or another
seat's card is still moving; the prompt comes once the table is at rest (issue 15)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from game.core.match import Match, Seat
from game.core.settings import Settings
from scenes.engine.app import App
from scenes.table.launch import make_scene
from scenes.table.saver import NullSaver

DT = 1 / 60
GAMES = {"neko": 3, "newold": 3, "noaron": 2, "nostalgic": 3, "wallpaper": 3}


@pytest.fixture
def normal_app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    """Animations at normal speed, files in a throwaway folder."""
    monkeypatch.setenv("KOTATSU_HOME", str(tmp_path))
    application = App(Settings(language="en", anim_speed="normal", sound=False), headless=True)
    yield application
    application.close()


@pytest.mark.slow
@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_no_prompt_while_the_table_moves(normal_app: App, game_id: str) -> None:
    match = Match(game_id, [Seat("human")] + [Seat("ai", "easy")] * (GAMES[game_id] - 1), seed=3)
    table = make_scene(normal_app, match, viewer=0, ai_enabled=True)
    table.saver = NullSaver()
    normal_app.push(table)
    rng = random.Random(3)
    prompts_at_rest = moving_frames = 0
    for _ in range(60 * 25):
        normal_app.step(DT)
        if not table.viewer_may_act():
            continue
        text = table.status_text()
        if table.at_rest():
            assert text == table.your_turn_text()
            prompts_at_rest += 1
            if prompts_at_rest % 20 == 0 and table.idle():  # answer now and then, so play goes on
                table.attempt(rng.choice(match.legal_actions(0)))
        else:
            moving_frames += 1
            assert text != table.your_turn_text(), text  # what is happening, or whose move it is
    assert prompts_at_rest, "the person was prompted once the table rested"
    assert moving_frames, "the deal or another seat's move was still moving when the person became next"
