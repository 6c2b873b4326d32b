"""Setup's options panel keeps every hint readable: with many options each label sits beside a
narrower switch, so Nostalgic's three variants show three lines of hint instead of one."""

from __future__ import annotations

import pytest

from game.core.match import Seat
from scenes.engine import input as intents
from scenes.engine.app import App
from scenes.engine.input import Intent
from scenes.menus.setup import LEFT, RIGHT, Setup


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


def tap(app: App, pos: tuple[int, int]) -> None:
    """A finger's press and release at ``pos``."""
    app.step(1 / 60, [Intent(intents.PRESS, pos), Intent(intents.RELEASE, pos)])


def test_each_person_has_hints_on_until_their_chip_is_tapped(app: App) -> None:
    scene = setup_for(app, "wallpaper", 3)
    scene.set_kind(1, "human")  # seats: person, person, Normal AI
    assert [seat.hints for seat in scene.seats()] == [True, True, True]
    tap(app, scene.hint_chips[1].rect.center)
    seats = scene.seats()
    assert (seats[0].hints, seats[1].hints) == (True, False), "only the tapped seat's hints go off"
    assert seats[1].is_human and seats[1] == Seat("human", hints=False)
    assert "Player 2" in scene.toast.message
    tap(app, scene.hint_chips[1].rect.center)
    assert scene.seats()[1].hints


def test_ai_seats_have_no_hints_chip(app: App) -> None:
    scene = setup_for(app, "wallpaper", 3)
    chip = scene.hint_chips[2]
    assert not chip.is_enabled, "an AI seat never gets hints, so no chip"
    tap(app, chip.rect.center)
    assert chip.on and scene.seats()[2] == Seat("ai", "normal")
    scene.set_kind(2, "human")
    assert chip.is_enabled


def test_the_hints_chip_sits_between_name_and_kind_inside_the_panel(app: App) -> None:
    scene = setup_for(app, "newold", 5)
    for field, chip, choice in zip(scene.name_fields, scene.hint_chips, scene.seat_choices, strict=True):
        assert LEFT.contains(chip.rect)
        assert field.rect.right < chip.rect.left and chip.rect.right < choice.rect.left
        assert chip.rect.top == choice.rect.top
