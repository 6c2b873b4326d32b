"""Seat names: the AI characters' names, and the names people type in setup (remembered in the
settings, except in the kiosk). Typing goes through the app as pygame events, as a keyboard or
an IME sends them."""

from __future__ import annotations

import itertools
import json
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.core.match import MAX_NAME, Match, Seat, typed_name
from game.core.registry import available_games, get_rules
from game.core.settings import Settings, load_settings, save_settings
from game.i18n import catalogue, set_language, t
from scenes.engine import input as intents
from scenes.engine.app import App
from scenes.engine.input import Intent
from scenes.engine.name_field import NameEdit
from scenes.engine.ui import CAST_LEVELS, CAST_SIZE, ai_name, seat_label, seat_level, seat_name
from scenes.menus.setup import Setup
from tests.stand_in_tables import record_tables

FRAME = 1 / 60


@pytest.fixture
def opened(monkeypatch: pytest.MonkeyPatch) -> list[Match]:
    """Tables open as stand-ins; the list records every match opened."""
    return record_tables(monkeypatch)


@pytest.fixture
def setup(app: App) -> Iterator[Setup]:
    """NEW & OLD's setup (up to five seats) on top of the headless English app."""
    scene = Setup(app, "newold")
    app.push(scene)
    app.step(FRAME)
    yield scene
    set_language("ja")


def post_text(app: App, text: str) -> None:
    """What a keyboard or an IME sends when text is typed, then one frame."""
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
    app.step(FRAME)


def post_key(app: App, key: int, mod: int = 0) -> None:
    """One key press as pygame reports it, then one frame."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0))
    app.step(FRAME)


def tap(app: App, rect: pygame.Rect) -> None:
    """Press and release at the centre of ``rect``, then one frame."""
    app.step(FRAME, [Intent(intents.PRESS, rect.center), Intent(intents.RELEASE, rect.center)])


# ----- the AI characters ---------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_every_level_has_a_whole_cast_and_no_name_is_used_twice(lang: str) -> None:
    names = [catalogue(lang)[f"ui.cast.{level}.{n}"] for level in CAST_LEVELS for n in range(1, CAST_SIZE + 1)]
    assert len(set(names)) == len(names)
    assert CAST_SIZE >= max(get_rules(game).max_players for game in available_games())
    assert all(len(name) <= 14 for name in names)  # about as long as "Player 2": it fits the name plates
    defaults = {t("ui.seat.player", lang=lang, n=n) for n in range(1, 6)}
    assert not defaults & set(names)


@pytest.mark.parametrize("lang", ["ja", "en"])
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_no_table_repeats_a_name_whatever_its_levels(lang: str, players: int) -> None:
    set_language(lang)
    try:
        for levels in itertools.product(("human", *CAST_LEVELS), repeat=players):
            seats = [Seat("human") if level == "human" else Seat("ai", level) for level in levels]
            labels = [seat_name(index, seat) for index, seat in enumerate(seats)]
            assert len(set(labels)) == players, labels
    finally:
        set_language("ja")


def test_an_ai_is_named_in_the_language_shown_and_keeps_its_place_in_the_cast() -> None:
    seat = Seat("ai", "easy")
    set_language("ja")
    japanese = seat_label(1, seat)
    set_language("en")
    english = seat_label(1, seat)
    set_language("ja")
    assert japanese == f"{t('ui.cast.easy.2', lang='ja')} ▲" == "キナコ ▲"
    assert english == "Kinako ▲"
    assert seat_label(1, seat) == japanese  # switching back gives the same name again


def test_an_ai_name_is_worked_out_never_saved_so_a_loaded_match_shows_the_same_names() -> None:
    seats = [Seat("human", name="Hana"), Seat("ai", "hard"), Seat("ai", "random")]
    match = Match("neko", seats, seed=5)
    data = match.to_json()
    assert [seat["name"] for seat in data["seats"]] == ["Hana", "", ""]
    loaded = Match.from_json(json.loads(json.dumps(data)))
    set_language("en")
    try:
        assert [seat_label(i, s) for i, s in enumerate(loaded.seats)] == ["Hana ●", "Uncle Goro ▲", "Kero ■"]
    finally:
        set_language("ja")


def test_the_level_tag_says_what_plays_and_nothing_for_a_person() -> None:
    set_language("en")
    try:
        assert seat_level(Seat("ai", "hard")) == "AI (Hard)"
        assert seat_level(Seat("ai", "random")) == "AI (Random)"
        assert seat_level(Seat("human", name="Hana")) == ""
        assert ai_name(7, "no such level") == ai_name(2, "normal")  # any seat, any level: a name
    finally:
        set_language("ja")


# ----- typing a name -------------------------------------------------------------------------------


def test_a_name_typed_in_the_field_sits_at_the_table_and_is_remembered(
    app: App, setup: Setup, opened: list[Match]
) -> None:
    field = setup.name_fields[0]
    tap(app, field.rect)
    assert field.editing
    post_text(app, "Ta")
    post_text(app, "rx")
    post_key(app, pygame.K_BACKSPACE)
    post_text(app, "o")
    post_key(app, pygame.K_u)  # a letter key means Undo elsewhere; here only its text counts
    post_text(app, " ")
    post_key(app, pygame.K_SPACE)  # ...and Space is just a space
    post_key(app, pygame.K_RETURN)
    assert not field.editing and setup.names[0] == "Taro"
    assert app.settings.seat_names == ["Taro"]
    assert load_settings()[0].seat_names == ["Taro"]  # on disk for the next game
    tap(app, setup.start_button.rect)
    assert opened[0].seats[0] == Seat("human", name="Taro")
    assert opened[0].seats[1] == Seat("ai", "normal")  # an AI's name is not stored


def test_esc_gives_up_the_change_and_a_second_esc_leaves(app: App, setup: Setup) -> None:
    setup.names[1] = "Hana"
    setup.set_kind(1, "human")
    setup.rebuild()
    field = setup.name_fields[1]
    tap(app, field.rect)
    post_key(app, pygame.K_BACKSPACE)
    post_text(app, "ko")
    assert field.edit is not None and field.edit.text == "Hanko"
    post_key(app, pygame.K_ESCAPE)
    assert not field.editing and setup.names[1] == "Hana"
    assert app.top is setup  # that Esc only closed the field
    post_key(app, pygame.K_ESCAPE)
    assert app.top is not setup


def test_the_keyboard_opens_the_field_and_tab_keeps_the_name_and_moves_on(app: App, setup: Setup) -> None:
    field = setup.name_fields[0]
    setup.group.focus_on(field)
    app.step(FRAME, [Intent(intents.ACTIVATE, key="return")])
    assert field.editing
    post_text(app, "はなこ")
    post_key(app, pygame.K_TAB)
    assert not field.editing and setup.names[0] == "はなこ"
    assert setup.group.focused is setup.hint_chips[0]  # the next control on the row: the Hints chip


def test_a_tap_elsewhere_keeps_the_name_and_does_what_it_does(app: App, setup: Setup) -> None:
    field = setup.name_fields[0]
    tap(app, field.rect)
    post_text(app, "Mia")
    easy = setup.seat_choices[0].segment_rects()[1]
    tap(app, easy)
    assert not field.editing and setup.names[0] == "Mia"
    assert setup.kinds[0] == "easy" and not field.is_enabled  # an AI's seat: its name is its character's


def test_while_an_ime_composes_its_keys_are_its_own(app: App, setup: Setup) -> None:
    field = setup.name_fields[0]
    tap(app, field.rect)
    pygame.event.post(pygame.event.Event(pygame.TEXTEDITING, text="はな", start=2, length=0))
    app.step(FRAME)
    assert field.composing == "はな"
    post_key(app, pygame.K_RETURN)  # commits the composition, not the name
    post_key(app, pygame.K_ESCAPE)  # ...and this one the IME keeps too
    assert field.editing
    post_text(app, "花")
    assert field.composing == "" and field.edit is not None and field.edit.text == "花"
    post_key(app, pygame.K_RETURN)
    assert setup.names[0] == "花"


def test_too_long_and_control_characters_are_refused(app: App, setup: Setup) -> None:
    field = setup.name_fields[0]
    tap(app, field.rect)
    post_text(app, "a\tb\x07c\n")
    assert field.edit is not None and field.edit.text == "abc"
    assert not setup.toast.visible  # control characters are just dropped
    post_text(app, "x" * (MAX_NAME + 5))
    assert len(field.edit.text) == MAX_NAME
    assert setup.toast.visible and str(MAX_NAME) in setup.toast.message
    assert field.refused_for > 0  # the border flashes red
    post_key(app, pygame.K_RETURN)
    assert len(setup.names[0]) == MAX_NAME


def test_a_blank_name_is_the_default_one(app: App, setup: Setup, opened: list[Match]) -> None:
    setup.names[0] = "Old"
    field = setup.name_fields[0]
    tap(app, field.rect)
    for _ in range(3):
        post_key(app, pygame.K_BACKSPACE)
    post_text(app, "   ")
    post_key(app, pygame.K_RETURN)
    assert setup.names[0] == ""
    tap(app, setup.start_button.rect)
    assert opened[0].seats[0] == Seat("human")
    assert seat_label(0, opened[0].seats[0]) == "Player 1 ●"


def test_text_input_is_on_only_while_a_field_is_open(app: App, setup: Setup,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[str] = []
    monkeypatch.setattr(pygame.key, "start_text_input", lambda: calls.append("start"))
    monkeypatch.setattr(pygame.key, "stop_text_input", lambda: calls.append("stop"))
    monkeypatch.setattr(pygame.key, "set_text_input_rect", lambda rect: calls.append(f"rect {tuple(rect)}"))
    field = setup.name_fields[0]
    tap(app, field.rect)
    assert calls == ["start", f"rect {tuple(field.rect)}"]  # the IME's list opens by the field
    post_key(app, pygame.K_RETURN)
    tap(app, field.rect)
    app.pop()  # leaving the setup with the field open stops text input too
    assert calls[2:] == ["stop", "start", f"rect {tuple(field.rect)}", "stop"]


def test_name_edit_keeps_printable_text_within_the_limit() -> None:
    edit = NameEdit(limit=5)
    assert edit.type("ab") and edit.text == "ab"
    assert edit.type("c\x1bd") and edit.text == "abcd"  # the control character is dropped
    assert not edit.type("efg") and edit.text == "abcde"
    edit.delete()
    assert edit.text == "abcd" and edit.result() == "abcd"
    assert NameEdit("  x  ").result() == "x"
    assert typed_name("x" * (MAX_NAME + 1)) == "" and typed_name(3) == "" and typed_name("a\x00") == ""


# ----- remembering names ---------------------------------------------------------------------------


def test_remembered_names_fill_the_next_setup(app: App) -> None:
    app.settings.seat_names = ["Taro", "", "Hana"]
    setup = Setup(app, "neko")
    assert setup.names == ["Taro", "", "Hana", ""]
    setup.set_kind(2, "human")
    assert [seat.name for seat in setup.seats()] == ["Taro", ""]  # two players so far
    setup.set_players(3)
    assert setup.seats()[2] == Seat("human", name="Hana")


def test_a_game_with_fewer_seats_keeps_the_names_of_the_others(app: App) -> None:
    app.settings.seat_names = ["", "", "", "", "Eve"]
    setup = Setup(app, "noaron")  # two seats
    setup.set_name(0, "Ann")
    assert app.settings.seat_names == ["Ann", "", "", "", "Eve"]
    setup.set_name(0, "")
    assert app.settings.seat_names == ["", "", "", "", "Eve"]


def test_the_kiosk_lets_visitors_type_names_but_never_keeps_them(app: App, opened: list[Match]) -> None:
    app.settings.seat_names = ["Organiser"]
    app.locked = True
    setup = Setup(app, "neko")
    app.push(setup)
    assert setup.names[0] == ""  # the next visitor never meets the last one's name
    tap(app, setup.name_fields[0].rect)
    post_text(app, "Visitor")
    post_key(app, pygame.K_RETURN)
    assert setup.names[0] == "Visitor" and app.settings.seat_names == ["Organiser"]
    assert load_settings()[0].seat_names == []
    tap(app, setup.start_button.rect)
    assert opened[0].seats[0].name == "Visitor"


def test_seat_names_round_trip_and_bad_values_fall_back(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    assert save_settings(Settings(seat_names=["Taro", "", "はなこ"]), path)
    assert load_settings(path) == (Settings(seat_names=["Taro", "", "はなこ"]), None)
    for bad, expected in [
        (7, []),
        ("Taro", []),
        ({"0": "Taro"}, []),
        (None, []),
        (["ok", 3, None, "x" * (MAX_NAME + 1), "a\x00b", " pad "], ["ok", "", "", "", "", "pad"]),
        (["n"] * 40, ["n"] * 16),
    ]:
        path.write_text(json.dumps({"language": "en", "seat_names": bad}), encoding="utf-8")
        settings, warning = load_settings(path)
        assert warning is None and settings.language == "en" and settings.seat_names == expected, bad
    path.write_text(json.dumps({"language": "en", "sound": False}), encoding="utf-8")  # an older file
    assert load_settings(path) == (Settings(language="en", sound=False), None)


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["ja", "en"])
def test_the_setup_draws_names_fields_and_an_open_field_in_both_languages(app: App, lang: str) -> None:
    app.set_language(lang)
    setup = Setup(app, "newold")
    app.push(setup)
    setup.set_players(5)
    setup.names[0] = "x" * MAX_NAME  # the longest name is cut to its box, not drawn over the kinds
    tap(app, setup.name_fields[1].rect)
    assert not setup.name_fields[1].editing  # an AI's seat has no field to open
    setup.set_kind(1, "human")
    tap(app, setup.name_fields[1].rect)
    post_text(app, "はなこ" * 10)
    pygame.event.post(pygame.event.Event(pygame.TEXTEDITING, text="さん", start=2, length=0))
    for _ in range(40):  # a blink or two of the caret
        app.step(FRAME)
    kinds = setup.seat_choices[0].rect
    assert setup.name_fields[0].rect.right < kinds.x
    app.set_language("ja")


def test_the_results_name_each_seat_and_tag_the_ai_levels(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    import random

    import scenes.menus.results
    from scenes.menus.results import Results

    seats = [Seat("human", name="Hana"), Seat("ai", "easy"), Seat("ai", "hard")]
    match = Match("neko", seats, seed=2)
    rng = random.Random(2)
    while not match.is_over():
        seat = match.to_move()[0]
        match.apply(seat, rng.choice(match.legal_actions(seat)))
    drawn: list[str] = []
    real = scenes.menus.results.draw_text_centered
    monkeypatch.setattr(scenes.menus.results, "draw_text_centered",
                        lambda surface, text, *args, **kwargs: (drawn.append(text), real(surface, text, *args, **kwargs))[1])
    Results(app, match).draw(app.screen)
    for text in ("Hana", "Kinako", "AI (Easy)", "Auntie Ume", "AI (Hard)"):
        assert text in drawn
    assert not any(text.startswith("AI (") and "Hana" in text for text in drawn)


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_a_forty_letter_name_on_noarons_top_plate_stays_clear_of_the_buttons_the_board_and_the_hand(lang: str) -> None:
    from game.i18n import set_language
    from scenes.table.base import LOG_RECT
    from scenes.table.launch import make_table_scene

    set_language(lang)
    app = App(Settings(language=lang, anim_speed="instant", sound=False), headless=True)
    try:
        seats = [Seat("human", name="W" * 40), Seat("human", name="あ" * 40)]
        scene = make_table_scene(app, Match("noaron", seats, seed=3))
        app.push(scene)
        app.step(1 / 60)
        parts = scene.still_parts()
        top = parts[f"plate{scene.top_seat}"].region
        assert not top.colliderect(pygame.Rect(LOG_RECT)), top
        assert top.left >= 360  # right of the corner board
        top_hand = scene.rows[scene.top_seat].area()  # the opponent's hand, on the same row
        assert not top.colliderect(top_hand), (top, top_hand)
    finally:
        app.close()
