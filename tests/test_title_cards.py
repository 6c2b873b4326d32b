"""The title's game cards: in both languages each name (one or two lines) and the player count
stay apart and between the art and the Play pill ("That Old Wallpaper" used to run over its
player count). Measured on the ink of each text, not its font's line box."""

from __future__ import annotations

import itertools

import pytest

from game.core.registry import CATALOGUE
from game.i18n import set_language, t
from scenes.engine import fonts, theme
from scenes.engine.app import App
from scenes.menus.title import Title, title_lines


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_every_card_name_and_player_count_are_apart_between_the_art_and_the_pill(app: App, lang: str) -> None:
    set_language(lang)
    try:
        for card in Title(app).cards:
            rect, art = card.rect, card.art_rect(card.rect)
            boxes = []
            for text, size, bold, centre in card.word_places(rect, art):
                picture = fonts.text(text, size, theme.INK, bold)
                boxes.append(picture.get_bounding_rect().move(picture.get_rect(center=centre).topleft))
                assert size >= theme.TINY and boxes[-1].width <= rect.width - 20, (lang, text)
            for upper, lower in itertools.pairwise(boxes):
                assert upper.bottom <= lower.top, (lang, card.game_id)
            floor = card.pill_rect(rect).top if card.available else rect.bottom
            assert boxes[0].top >= art.bottom and boxes[-1].bottom <= floor, (lang, card.game_id)
    finally:
        set_language("ja")


def test_the_wallpaper_name_takes_two_lines_in_both_languages(app: App) -> None:
    entry = next(entry for entry in CATALOGUE if entry.game_id == "wallpaper")
    try:
        for lang in ("ja", "en"):
            set_language(lang)
            assert len(title_lines(t(f"game.{entry.game_id}.title"), 300 - 36)[0]) == 2
    finally:
        set_language("ja")
