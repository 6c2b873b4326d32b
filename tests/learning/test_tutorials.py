"""The guided first games ("Learn in 3 minutes", issue 18): every tutorial's scripted path is legal
on the rules and plays to its end on the real table through taps and Enter, as a person would;
another move is refused kindly and changes nothing; Skip hands the table to the Easy AI; the
title's Learn pill and the kiosk's question open it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from game import kiosk
from game.core.match import Match
from game.i18n import catalogue, t
from game.kiosk import KioskConfig
from game.tutorials import GAMES, PERSON, ScriptError, Step, Tutorial, load, reading_seconds, run_script
from scenes.engine.app import App
from scenes.engine.input import ACTIVATE, BACK, PRESS, RELEASE, Intent
from scenes.kiosk.controller import FakeClock, KioskController, build_kiosk
from scenes.kiosk.screens import KioskSetup, LearnOrPlay
from scenes.learning.tutorial import CLICK_GUARD, TutorialLayer, open_tutorial, spots_module
from scenes.menus.title import LearnPill, Title
from scenes.tools.tutorial_drive import Clock, advance_to, play_tutorial, settle, tap_action
from tests.table_gestures import DT, click


# ----- the scripts, on the rules alone ----------------------------------------------------------------
@pytest.mark.parametrize("game_id", GAMES)
def test_every_tutorial_script_is_legal_on_the_rules_and_leaves_a_game_to_play(game_id: str) -> None:
    tutorial = load(game_id)
    match = run_script(tutorial)
    moves = sum(1 for step in tutorial.steps if step.expect)
    replies = sum(len(step.replies) for step in tutorial.steps)
    assert len(match.log) == moves + replies
    assert [entry.action for entry in match.log if entry.seat == PERSON] == [s.expect for s in tutorial.steps if s.expect]
    assert not match.is_over() and match.to_move()
    assert 6 <= len(tutorial.steps) <= 12  # the rules that matter first, no more


def test_a_step_the_rules_refuse_is_named() -> None:
    neko = load("neko")
    broken = Tutorial(neko.game, neko.players, neko.seed,
                      (Step("tutorial.neko.aim"), Step("tutorial.neko.base", expect="play 4@1")))
    with pytest.raises(ScriptError, match="step 2"):
        run_script(broken)
    wrong_turn = Tutorial(neko.game, neko.players, neko.seed,
                          (Step("tutorial.neko.base", expect="base 4", replies=((1, "base 1"), (1, "pass"))),))
    with pytest.raises(ScriptError, match="seat 1 is not to move"):
        run_script(wrong_turn)


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_every_caption_and_wrong_move_line_exists_in_both_languages(lang: str) -> None:
    texts = catalogue(lang)
    for game_id in GAMES:
        for key in load(game_id).caption_keys():
            assert texts.get(key), (lang, key)
    for key in ("tutorial.learn", "tutorial.learn_kiosk", "tutorial.skip", "tutorial.step", "tutorial.next"):
        assert texts.get(key), (lang, key)


def test_reading_time_grows_with_the_caption_and_japanese_reads_slower_per_character() -> None:
    assert reading_seconds("a" * 30, "en") > reading_seconds("a" * 15, "en")
    assert reading_seconds("あ" * 30, "ja") > reading_seconds("a" * 30, "en")


# ----- on the real table ----------------------------------------------------------------------------------
@pytest.fixture
def title_app(app: App) -> App:
    """The headless app with the title at the bottom, as a person starts."""
    app.push(Title(app))
    app.step(DT)
    return app


@pytest.mark.slow
@pytest.mark.parametrize("game_id", GAMES)
def test_every_tutorial_plays_to_its_end_on_the_real_table_by_taps_then_a_free_move(title_app: App,
                                                                                     game_id: str) -> None:
    expected = [(entry.seat, entry.action) for entry in run_script(load(game_id)).log]
    play_tutorial(title_app, game_id, free_moves=1)
    table = title_app.top
    assert not isinstance(table, TutorialLayer) and table.match.game_id == game_id
    log = [(entry.seat, entry.action) for entry in table.match.log]
    assert log[: len(expected)] == expected  # the person's taps played exactly the script
    assert any(seat == PERSON for seat, _ in log[len(expected):])  # and then one free move
    assert table.ai_enabled and table.rejections == 0


def open_layer(app: App, game_id: str) -> tuple[TutorialLayer, Clock]:
    """The tutorial on screen, its first step shown."""
    layer = open_tutorial(app, game_id)
    clock = Clock(app)
    assert settle(clock, layer.ready)
    return layer, clock


def go_to_step(layer: TutorialLayer, clock: Clock, number: int) -> None:
    """Play the script (Enter, taps) until step ``number`` (0-based) is shown."""
    advance_to(clock, layer, number)


def test_a_wrong_move_is_refused_with_the_friendly_line_and_changes_nothing(title_app: App) -> None:
    layer, clock = open_layer(title_app, "neko")
    go_to_step(layer, clock, 1)  # "lay your 4"
    table = layer.table
    match: Match = table.match
    assert layer.step is not None and layer.step.expect == "base 4"
    before, hand = len(match.log), len(table.hand.cards)
    tap_action(clock, table, match.rules.decode_action("base 5"))  # legal, but not this lesson's move
    settle(clock, table.idle, 60)
    assert len(match.log) == before and len(table.hand.cards) == hand
    assert table.toast.message == t("tutorial.neko.base_wrong") == layer.wrong_text
    assert table.rejections == 1 and layer.index == 1
    go_to_step(layer, clock, 4)  # "the 5 on the middle stack"
    before = len(match.log)
    tap_action(clock, table, match.rules.decode_action("play 7@2"))  # not even legal: refused as kindly
    settle(clock, table.idle, 60)
    assert len(match.log) == before and table.toast.message == t("tutorial.neko.middle_wrong")
    tap_action(clock, table, layer.expected_action())  # the right move goes through
    assert settle(clock, lambda: len(match.log) > before, 60)
    assert match.log[before].action == "play 5@2"


def test_an_explanation_waits_for_enter_and_the_table_takes_no_move_meanwhile(title_app: App) -> None:
    layer, clock = open_layer(title_app, "neko")
    assert layer.step is not None and not layer.step.expect
    table = layer.table
    card = table.hand.cards[0]
    point = (round(card.pos[0]), round(card.pos[1]))
    clock.step([Intent(PRESS, point, touch=True)])  # a tap the moment it shows (a double click's second) ...
    assert layer.index == 0 and layer.ready()  # ... does not skip it unread
    while layer.shown_for < CLICK_GUARD:
        clock.step()
    clock.step([Intent(PRESS, point, touch=True)])  # a tap on an explanation goes on ...
    assert table.hold.drag is None and table.hold.selected is None and table.match.log == []  # ... and picks nothing
    assert settle(clock, layer.ready) and layer.index == 1
    clock.step([Intent(PRESS, point, touch=True)])  # on a move step the same tap picks the card up
    assert table.hold.drag is not None


def test_undo_is_off_during_the_script_and_back_after_skip(title_app: App) -> None:
    layer, clock = open_layer(title_app, "noaron")
    go_to_step(layer, clock, 4)  # after the discard: on a table the person could take it back
    table = layer.table
    assert len(table.match.log) == 2 and table.match.can_undo(PERSON)
    clock.step([Intent(BACK, key="backspace")])  # Backspace undoes on a table; not during the lesson
    table.press_undo()
    assert len(table.match.log) == 2
    click(title_app, table.undo_button.rect.center)  # nor the Undo button: it says why instead
    assert len(table.match.log) == 2 and table.toast.message == t("tutorial.undo_off")
    table.press_hint()  # no Hint either while the caption leads
    assert table.hint_ticket is None and table.toast.message == t("tutorial.hint_off")
    layer.skip()
    assert table.hint_refusal() != "tutorial.hint_off"
    table.press_undo()
    assert [entry.action for entry in table.match.log] == ["take deck"]


def test_skip_hands_the_table_to_the_easy_ai_and_the_person_plays_on(title_app: App) -> None:
    layer, clock = open_layer(title_app, "neko")
    table = layer.table
    click(title_app, layer.skip_button.rect.center, touch=True)
    assert layer.done and title_app.top is table and table.ai_enabled
    assert table.toast.message == t("tutorial.free")
    assert all(not seat.is_human for seat in table.match.seats[1:])
    assert all(seat.level == "easy" for seat in table.match.seats[1:])
    settle(clock, lambda: table.viewer_may_act() and table.idle())
    tap_action(clock, table, table.match.legal_actions(PERSON)[0])
    assert settle(clock, lambda: len(table.match.log) >= 2)  # the person's base, then the AI's
    assert {entry.seat for entry in table.match.log} == {0, 1}


def test_the_tutorial_table_never_touches_the_autosave(title_app: App) -> None:
    layer, _ = open_layer(title_app, "neko")
    assert layer.table.saver.saves == 0 and not layer.table.save_now()


@pytest.mark.slow
@pytest.mark.parametrize("game_id", GAMES)
def test_every_step_points_at_something_on_the_table(title_app: App, game_id: str) -> None:
    """Each move step glows its action's pieces; each explanation glows its named places."""
    layer, clock = open_layer(title_app, game_id)
    screen = title_app.screen.get_rect()
    for number, step in enumerate(layer.steps):
        go_to_step(layer, clock, number)
        spots = layer.current_spots()
        assert spots, (game_id, step.caption)
        assert all(screen.contains(rect.clip(screen)) and rect.colliderect(screen) for rect in spots)
        if step.spots:
            named = spots_module(game_id).named_spots(layer.table)
            assert set(step.spots) <= set(named), (game_id, step.caption)


# ----- the ways in ------------------------------------------------------------------------------------
@pytest.mark.slow
def test_the_title_learn_pill_opens_the_tutorial_by_tap_and_by_keys(app: App) -> None:
    title = Title(app)
    app.push(title)
    app.step(DT)
    pill = next(pill for pill in title.learn_pills if pill.card.game_id == "newold")
    click(app, pill.rect.center, touch=True)
    layer = app.top
    assert isinstance(layer, TutorialLayer) and layer.tutorial.game == "newold"
    assert app.scenes[0] is title and len(app.scenes) == 3  # title, table, layer
    layer.table.to_menu()
    assert app.top is title
    title.group.focus_on(next(pill for pill in title.learn_pills if pill.card.game_id == "wallpaper"))
    app.step(DT, feed=[Intent(ACTIVATE)])
    assert isinstance(app.top, TutorialLayer) and app.top.tutorial.game == "wallpaper"


def test_every_card_has_its_learn_pill_beside_play_inside_the_card(app: App) -> None:
    title = Title(app)
    for card in title.cards:
        pill = next(pill for pill in title.learn_pills if pill.card is card)
        assert isinstance(pill, LearnPill) and title.group.widgets.index(pill) == title.group.widgets.index(card) + 1
        learn, play = card.learn_rect(card.rect), card.pill_rect(card.rect)
        assert card.rect.contains(learn) and card.rect.contains(play) and not learn.colliderect(play)
        assert title.group.widget_at(learn.center) is pill and title.group.widget_at(play.center) is card


@pytest.fixture
def kiosk_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A throwaway data folder for the kiosk."""
    monkeypatch.setenv("KOTATSU_HOME", str(tmp_path))
    return tmp_path


def kiosk_with(tutorials: bool) -> Iterator[KioskController]:
    """A started headless kiosk offering neko, tutorials on or off."""
    clock = FakeClock()
    config = KioskConfig(games=("neko",), pin="4711", tutorials=tutorials)
    controller = build_kiosk(config, headless=True, instant=True, clock=clock, wall=clock)
    controller.start()
    controller.app.step(DT)
    yield controller
    controller.app.close()


def tap_card(controller: KioskController) -> None:
    """A visitor taps neko's card on the kiosk title."""
    title = controller.title()
    assert title is not None
    centre = title.card_for("neko").rect.center
    controller.app.step(DT, feed=[Intent(PRESS, centre, touch=True), Intent(RELEASE, centre, touch=True)])


@pytest.mark.slow
def test_the_kiosk_asks_learn_or_play_when_tutorials_are_offered(kiosk_home: Path) -> None:
    for controller in kiosk_with(True):
        assert controller.title() is not None and controller.title().learn_pills == []
        tap_card(controller)
        question = controller.app.top
        assert isinstance(question, LearnOrPlay)
        click(controller.app, question.learn_button.rect.center, touch=True)
        layer = controller.app.top
        assert isinstance(layer, TutorialLayer) and layer.tutorial.game == "neko"
        assert controller.visitor_table() is layer.table


def test_the_kiosk_goes_straight_to_the_setup_when_tutorials_are_off(kiosk_home: Path) -> None:
    for controller in kiosk_with(False):
        tap_card(controller)
        assert isinstance(controller.app.top, KioskSetup)


def test_the_tutorials_key_is_read_and_checked_like_the_others() -> None:
    assert KioskConfig().tutorials is True
    off = kiosk.check_config({"games": {"tutorials": False}, "exit": {"pin": "4711"}})
    assert off.config.tutorials is False and off.warnings == []
    bad = kiosk.check_config({"games": {"tutorials": "yes"}, "exit": {"pin": "4711"}})
    assert bad.config.tutorials is True and len(bad.warnings) == 1 and "games.tutorials" in bad.warnings[0]
    assert "tutorials = true" in (Path(__file__).resolve().parents[2] / "docs" / "kiosk.example.toml").read_text("utf-8")


@pytest.mark.slow
def test_check_prints_the_length_and_fails_on_a_step_the_table_cannot_play(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    import game.tutorials.neko as neko_data
    from scenes.tools.tutorial_drive import check_tutorial

    short = Tutorial("neko", 2, 1, (Step("tutorial.neko.aim", spots=("hand",)),
                                    Step("tutorial.neko.base", expect="base 4", replies=((1, "base 1"),))))
    monkeypatch.setattr(neko_data, "TUTORIAL", short)
    assert check_tutorial("neko", "en") == 0
    line = capsys.readouterr().out
    assert line.startswith("neko: ") and "2 steps" in line and "reading" in line
    broken = Tutorial("neko", 2, 1, (Step("tutorial.neko.base", expect="play 4@1"),))
    monkeypatch.setattr(neko_data, "TUTORIAL", broken)
    assert check_tutorial("neko", "en") == 1
    assert "step 1" in capsys.readouterr().err
