"""The screen side of the declarations: each game package registers its table once, and the
title asks for emblems without building a table."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game.core.registry import GAME_IDS
from scenes.engine import theme
from scenes.table.registry import help_pictures, spots, table_spec

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_game_registers_its_table_spots_pictures_emblem_and_plate(game_id: str) -> None:
    registered = table_spec(game_id)
    assert registered.game_id == game_id
    assert callable(spots(game_id).action_spots)
    assert help_pictures(game_id).__name__ == registered.help_pictures
    canvas = pygame.Surface((300, 200))
    canvas.fill(theme.FELT)
    registered.emblem(canvas, (150, 100), theme.INK)
    assert pygame.transform.average_color(canvas)[:3] != theme.FELT[:3]  # it drew something
    left, top, width = registered.plate_spot
    assert 0 <= left and left + width <= 1920 and 0 <= top < 1080


def test_an_unknown_game_has_no_table() -> None:
    with pytest.raises(KeyError, match="unknown game 'chess'"):
        table_spec("chess")


def test_the_title_draws_every_emblem_without_building_a_table(tmp_path: Path) -> None:
    script = (
        "import sys\n"
        "from scenes.main import build_app\n"
        "app = build_app(headless=True)\n"
        "app.step(1 / 60)\n"
        "print(sorted(name for name in sys.modules if name.endswith(('.emblem', '.scene'))))\n"
    )
    env = dict(os.environ, KOTATSU_HOME=str(tmp_path), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               PYGAME_HIDE_SUPPORT_PROMPT="1")
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=120, check=True)
    loaded = done.stdout.strip().splitlines()[-1]
    assert loaded == repr(sorted(f"scenes.{game_id}.emblem" for game_id in GAME_IDS))
