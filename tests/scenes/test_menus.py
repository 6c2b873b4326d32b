"""Menus driven headless through App.step: title, setup, settings, help, curtain, results, startup.

Tables are replaced by a stand-in scene so these tests do not depend on any game's table.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.core import autosave
from game.core.match import Match, Seat
from game.core.registry import GAME_IDS, available_games
from game.core.settings import Settings, load_settings
from game.i18n import catalogue, set_language
from scenes.engine import input as intents
from scenes.engine.app import App
from scenes.engine.input import Intent
from scenes.engine.ui import Button, FocusGroup, Segmented, Toast, seat_label
from scenes.main import build_app
from scenes.menus import title as title_module
from scenes.menus.help import Help
from scenes.menus.results import Results, winner_line
from scenes.menus.settings import SettingsScene
from scenes.menus.setup import Setup
from scenes.menus.title import GameCard, Title
from scenes.table import launch as tables
from scenes.table.curtain import Curtain, pass_title
from tests.stand_in_tables import FakeTable, record_tables

FRAME = 1 / 60


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A throwaway data folder for settings and autosaves."""
    monkeypatch.setenv("KOTATSU_HOME", str(tmp_path))
    return tmp_path


@pytest.fixture
def opened(monkeypatch: pytest.MonkeyPatch) -> list[Match]:
    """Tables open as stand-ins; the list records every match opened."""
    return record_tables(monkeypatch)


@pytest.fixture
def app(home: Path) -> Iterator[App]:
    """An English headless app with the title pushed."""
    application = App(Settings(language="en"), headless=True)
    application.push(Title(application))
    application.step(FRAME)
    yield application
    application.close()
    set_language("ja")


def tap(app: App, target: pygame.Rect | tuple[int, int]) -> None:
    """Press and release at the centre of a rect (or a point), then one frame."""
    pos = target.center if isinstance(target, pygame.Rect) else target
    app.step(FRAME, [Intent(intents.PRESS, pos), Intent(intents.RELEASE, pos)])


def keys(app: App, *kinds: str, dx: int = 0) -> None:
    """Feed keyboard intents (arrows use ``dx``), one frame."""
    app.step(FRAME, [Intent(kind, dx=dx) if kind == intents.NAV else Intent(kind) for kind in kinds])


def segment(control: Segmented, value: object) -> pygame.Rect:
    """The rect of one choice of a segmented control."""
    return control.segment_rects()[control.values.index(value)]


def finished_match(players: int = 3, seed: int = 4) -> Match:
    """A neko match played to its end with random legal actions."""
    seats = [Seat("human")] + [Seat("ai", level) for level in ("hard", "easy", "normal")[: players - 1]]
    match = Match("neko", seats, seed=seed)
    rng = random.Random(seed)
    while not match.is_over():
        seat = match.to_move()[0]
        match.apply(seat, rng.choice(match.legal_actions(seat)))
    return match


def region(app: App, rect: pygame.Rect) -> bytes:
    """The pixels of ``rect`` on the last frame."""
    return pygame.image.tobytes(app.screen.subsurface(rect), "RGB")


# ----- title -------------------------------------------------------------------------------------


def test_title_lists_the_five_games_with_the_unfinished_ones_coming_soon(app: App) -> None:
    title = app.top
    assert isinstance(title, Title)
    assert [card.game_id for card in title.cards] == list(GAME_IDS)
    playable = available_games()
    assert [card.game_id for card in title.cards if card.available] == [
        game_id for game_id in GAME_IDS if game_id in playable
    ]
    assert sum(not card.available for card in title.cards) == len(GAME_IDS) - len(playable)
    for card in title.cards:  # all five are on screen, in a row
        assert app.screen.get_rect().contains(card.rect)


@pytest.mark.slow
def test_coming_soon_games_cannot_be_focused_or_opened(
        app: App, opened: list[Match], monkeypatch: pytest.MonkeyPatch) -> None:
    # every game is playable now: mark one as coming soon to keep the guard tested
    soon = tuple(game_id for game_id in GAME_IDS if game_id != "wallpaper")
    monkeypatch.setattr(title_module, "available_games", lambda: soon)
    app.pop()
    app.push(Title(app))
    app.step(FRAME)
    title = app.top
    assert isinstance(title, Title)
    seen = set()
    for _ in range(len(title.group.widgets) + 1):
        keys(app, intents.FOCUS_NEXT)
        seen.add(id(title.group.focused))
    locked = [card for card in title.cards if not card.available]
    assert not any(id(card) in seen for card in locked)
    tap(app, locked[0].rect)
    assert app.top is title and title.toast.visible
    assert opened == []


def test_a_drag_off_a_card_cancels_and_a_tap_opens_setup(app: App) -> None:
    title = app.top
    assert isinstance(title, Title)
    card = title.card_for("neko")
    app.step(FRAME, [Intent(intents.PRESS, card.rect.center), Intent(intents.MOVE, (5, 5), held=True)])
    app.step(FRAME, [Intent(intents.RELEASE, (5, 5))])
    assert app.top is title
    tap(app, card.rect)
    assert isinstance(app.top, Setup) and app.top.game_id == "neko"
    keys(app, intents.BACK)
    assert app.top is title


def test_keyboard_only_title_to_setup_to_start(app: App, opened: list[Match]) -> None:
    keys(app, intents.ACTIVATE)  # the neko card has focus first
    setup = app.top
    assert isinstance(setup, Setup)
    assert setup.group.focused is setup.start_button
    keys(app, intents.FOCUS_NEXT)  # wraps to the player count
    assert setup.group.focused is setup.player_choice
    keys(app, intents.NAV, dx=1)  # 3 players
    assert setup.players == 3 and len(setup.seat_choices) == 3
    keys(app, intents.FOCUS_NEXT)  # seat 1's name (a person's: it can be typed)
    assert setup.group.focused is setup.name_fields[0]
    keys(app, intents.FOCUS_NEXT)  # seat 1's Hints chip (a person's)
    assert setup.group.focused is setup.hint_chips[0]
    keys(app, intents.FOCUS_NEXT, intents.FOCUS_NEXT)  # seat 1's kind, then seat 2's (an AI has no name or chip)
    assert setup.group.focused is setup.seat_choices[1]
    keys(app, intents.NAV, dx=1)  # normal -> hard
    keys(app, intents.FOCUS_NEXT, intents.FOCUS_NEXT)  # seat 3, then the first option for 3 players
    assert setup.group.focused is setup.option_choices["quick"]  # the quick setup is for any count
    keys(app, intents.FOCUS_NEXT)
    assert setup.group.focused is setup.option_choices["simple"]
    keys(app, intents.NAV, dx=1)  # simple: on
    keys(app, intents.FOCUS_NEXT, intents.FOCUS_NEXT)  # Back, then Start
    assert setup.group.focused is setup.start_button
    keys(app, intents.ACTIVATE)
    assert len(opened) == 1
    match = opened[0]
    assert match.game_id == "neko"
    assert match.seats == [Seat("human"), Seat("ai", "hard"), Seat("ai", "normal")]
    assert match.options == {"quick": False, "simple": True}
    assert [type(scene) for scene in app.scenes] == [Title, FakeTable]  # setup is gone
    keys(app, intents.BACK)
    assert isinstance(app.top, Title)


def test_setup_by_touch_offers_two_player_options(app: App, opened: list[Match]) -> None:
    tap(app, app.top.card_for("neko").rect)
    setup = app.top
    assert isinstance(setup, Setup) and setup.players == 2
    assert set(setup.option_choices) == {"quick", "simple"}
    tap(app, segment(setup.seat_choices[1], "easy"))
    tap(app, segment(setup.option_choices["quick"], True))
    tap(app, setup.start_button.rect)
    assert opened[0].seats == [Seat("human"), Seat("ai", "easy")]
    assert opened[0].options["quick"] is True


def test_language_switch_relabels_at_once(app: App) -> None:
    title = app.top
    assert isinstance(title, Title)
    before = region(app, title.rules_button.rect)
    assert title.rules_button.text == "Rules: Neko"  # it names the game it opens
    tap(app, segment(title.language_choice, "ja"))
    assert title.rules_button.text == "ルール：ねこは上にある"
    assert app.settings.language == "ja"
    assert region(app, title.rules_button.rect) != before
    assert load_settings()[0].language == "ja"  # remembered


def test_continue_appears_with_an_autosave_and_resumes_it(home: Path, opened: list[Match]) -> None:
    match = Match("neko", [Seat("human"), Seat("ai", "easy")], seed=3)
    seat = match.to_move()[0]
    match.apply(seat, match.legal_actions(seat)[0])
    autosave.save_autosave(match)
    application = App(Settings(language="en"), headless=True)
    try:
        title = Title(application)
        application.push(title)
        application.step(FRAME)
        assert title.continue_button in title.group.widgets
        assert title.group.focused is title.continue_button
        keys(application, intents.ACTIVATE)
        assert opened and opened[0].log == match.log
    finally:
        application.close()


def test_a_broken_autosave_is_explained_and_kept(home: Path, opened: list[Match]) -> None:
    autosave.autosave_path().write_text("{broken", encoding="utf-8")
    application = App(Settings(language="en"), headless=True)
    try:
        title = Title(application)
        application.push(title)
        tap(application, title.continue_button.rect)
        assert opened == []
        assert title.toast.visible and "autosave.json.bad-" in title.toast.message
        assert title.continue_button not in title.group.widgets
        assert [path.read_text() for path in home.glob("autosave.json.bad-*")] == ["{broken"]
    finally:
        application.close()


# ----- settings ----------------------------------------------------------------------------------


def test_settings_persist_and_survive_a_new_app(app: App, home: Path) -> None:
    tap(app, app.top.settings_button.rect)
    screen = app.top
    assert isinstance(screen, SettingsScene)
    speed = screen.rows[1][1]
    sound = screen.rows[2][1]
    tap(app, segment(speed, "fast"))
    tap(app, segment(sound, False))
    assert app.settings.anim_speed == "fast" and app.settings.sound is False
    keys(app, intents.BACK)
    assert isinstance(app.top, Title)
    assert (home / "settings.json").is_file()
    app.close()
    saved, warning = load_settings()
    assert warning is None
    second = App(saved, headless=True)
    try:
        assert second.settings.anim_speed == "fast" and second.settings.sound is False
        second.push(SettingsScene(second))
        assert second.top.rows[1][1].value == "fast"
    finally:
        second.close()


def test_settings_by_keyboard(app: App) -> None:
    app.push(SettingsScene(app))
    keys(app, intents.FOCUS_NEXT)  # language -> speed
    keys(app, intents.NAV, dx=-1)  # normal -> slow
    assert app.settings.anim_speed == "slow"
    keys(app, intents.FOCUS_PREV, intents.NAV, dx=-1)  # language: English -> 日本語
    assert app.settings.language == "ja"


# ----- curtain -----------------------------------------------------------------------------------


def test_curtain_lifts_on_a_tap_and_calls_on_ready(app: App) -> None:
    calls: list[str] = []
    curtain = Curtain(app, pass_title(1, Seat("human")), "tap", lambda: calls.append("ready"), seat=1)
    app.push(curtain)
    app.step(FRAME, [Intent(intents.RELEASE, (900, 500))])  # the end of an earlier tap: ignored
    keys(app, intents.BACK, intents.FOCUS_NEXT)  # swallowed: nothing reaches the title
    assert app.top is curtain and calls == []
    tap(app, (960, 540))
    assert calls == ["ready"]
    assert isinstance(app.top, Title)
    assert curtain.title == "Pass to Player 2 ▲"


def test_curtain_lifts_on_enter(app: App) -> None:
    calls: list[int] = []
    app.push(Curtain(app, "Pass", "ready?", lambda: calls.append(1)))
    keys(app, intents.ACTIVATE)
    assert calls == [1] and isinstance(app.top, Title)


# ----- results -----------------------------------------------------------------------------------


def test_results_show_a_finished_neko_match_and_play_again(app: App, opened: list[Match]) -> None:
    match = finished_match(players=3)
    result = match.rules.result(match.state)
    screen = Results(app, match)
    app.push(screen)
    app.step(FRAME)
    rows = screen.rows()
    labels = [label for label, _, _ in rows]
    assert labels[:3] == ["Round 1", "Round 2", "Round 3"]
    assert "Cards in own stack" in labels and "neko.score.stack" not in labels
    assert rows[-1][1] == result.scores
    winners = [seat_label(seat, match.seats[seat]) for seat in result.winners]
    assert all(name in winner_line(match, result) for name in winners)
    tap(app, screen.again_button.rect)
    assert len(opened) == 1
    again = opened[0]
    assert again.seats == match.seats and again.options == match.options
    assert not again.log and not again.is_over()
    assert [type(scene) for scene in app.scenes] == [Title, FakeTable]


def test_results_title_button_goes_home(app: App, opened: list[Match]) -> None:
    match = finished_match(players=2)
    tables.open_table(app, match)
    app.push(Results(app, match))
    keys(app, intents.FOCUS_PREV, intents.ACTIVATE)  # focus starts on Play again; Title is before it
    assert [type(scene) for scene in app.scenes] == [Title]


# ----- help --------------------------------------------------------------------------------------


@pytest.mark.slow
def test_help_scrolls_by_wheel_keys_and_drag(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    texts = catalogue("en")
    body = "\n\n".join(f"Paragraph {n}: " + "placeholder words for scrolling. " * 12 for n in range(14))
    monkeypatch.setitem(texts, "testgame.help.title", "Test help")
    monkeypatch.setitem(texts, "testgame.help.body", body)
    monkeypatch.setitem(texts, "testgame.help.house.placeholder", "A placeholder note on a reading.")
    help_screen = Help(app, "testgame")
    app.push(help_screen)
    app.step(FRAME)
    scroller = help_screen.scroller
    assert help_screen.title == "Test help"
    assert scroller.limit > 0 and scroller.offset == 0
    app.step(FRAME, [Intent(intents.WHEEL, dy=-2)])
    after_wheel = scroller.offset
    assert after_wheel > 0
    app.step(FRAME, [Intent(intents.NAV, dy=1)])
    assert scroller.offset > after_wheel
    start = help_screen.view.center
    app.step(
        FRAME, [Intent(intents.PRESS, start), Intent(intents.MOVE, (start[0], start[1] - 200), held=True)]
    )
    app.step(FRAME, [Intent(intents.RELEASE, (start[0], start[1] - 200))])
    assert scroller.offset == pytest.approx(after_wheel + 120 + 200)
    for _ in range(40):
        app.step(FRAME, [Intent(intents.WHEEL, dy=-5)])
    assert scroller.offset == scroller.limit  # never past the end
    texts_shown = [line.text for line in help_screen.content.lines]
    assert "How this table reads the rules" in texts_shown
    assert "A placeholder note on a reading." in texts_shown
    keys(app, intents.BACK)
    assert isinstance(app.top, Title)


def test_help_opens_from_the_title_and_closes_by_button(app: App) -> None:
    tap(app, app.top.rules_button.rect)
    help_screen = app.top
    assert isinstance(help_screen, Help) and help_screen.game_id == "neko"
    tap(app, help_screen.close_button.rect)
    assert isinstance(app.top, Title)


# ----- widgets -----------------------------------------------------------------------------------


def test_focus_group_arrows_pick_the_nearest_widget_that_way() -> None:
    clicks: list[str] = []
    left = Button(pygame.Rect(100, 100, 200, 80), "left", lambda: clicks.append("left"))
    right = Button(pygame.Rect(500, 110, 200, 80), "right", lambda: clicks.append("right"))
    below = Button(pygame.Rect(120, 400, 200, 80), "below", lambda: clicks.append("below"))
    off = Button(pygame.Rect(300, 110, 150, 80), "off", lambda: clicks.append("off"), enabled=False)
    group = FocusGroup([left, off, right, below])
    assert group.focused is left
    group.handle(Intent(intents.NAV, dx=1))
    assert group.focused is right  # the disabled one in between is skipped
    group.handle(Intent(intents.NAV, dy=1))
    assert group.focused is below
    group.handle(Intent(intents.ACTIVATE))
    assert clicks == ["below"]
    group.handle(Intent(intents.PRESS, off.rect.center))
    group.handle(Intent(intents.RELEASE, off.rect.center))
    assert clicks == ["below"]


def test_toast_fades_and_goes() -> None:
    toast = Toast()
    toast.show("hello", seconds=1.0)
    assert toast.visible
    toast.update(0.5)
    assert toast.visible and 0 < toast.alpha() <= 255
    toast.update(0.6)
    assert not toast.visible


def test_seat_labels_in_both_languages(app: App) -> None:
    assert seat_label(1, Seat("human")) == "Player 2 ▲"
    assert seat_label(2, Seat("ai", "hard")) == "Auntie Ume ■"
    assert seat_label(0, Seat("human", name="Hana")) == "Hana ●"
    set_language("ja")
    assert seat_label(1, Seat("human")) == "プレイヤー2 ▲"
    assert seat_label(0, Seat("ai", "easy")) == "モチ ●"


def test_ui_catalogues_have_the_same_keys() -> None:
    english = {key for key in catalogue("en") if key.startswith("ui.")}
    japanese = {key for key in catalogue("ja") if key.startswith("ui.")}
    assert english == japanese and len(english) > 40


# ----- startup -----------------------------------------------------------------------------------


def test_build_app_opens_a_table_above_the_title(home: Path, opened: list[Match]) -> None:
    application = build_app(game_id="neko", seats=[Seat("human"), Seat("ai", "hard")], seed=77, lang="en")
    try:
        assert [type(scene) for scene in application.scenes] == [Title, FakeTable]
        assert opened[0].seed == 77 and opened[0].seats[1] == Seat("ai", "hard")
        application.step(FRAME)
    finally:
        application.close()


def test_build_app_shows_a_settings_warning_and_keeps_the_file(home: Path) -> None:
    (home / "settings.json").write_text("[not settings", encoding="utf-8")
    application = build_app(lang="en")
    try:
        title = application.top
        assert isinstance(title, Title) and title.toast.visible
        assert "settings.json.bad-" in title.toast.message
        assert list(home.glob("settings.json.bad-*"))
    finally:
        application.close()


def test_build_app_resume_opens_the_autosave(home: Path, opened: list[Match]) -> None:
    match = Match("neko", [Seat("human"), Seat("human")], seed=9)
    autosave.save_autosave(match)
    application = build_app(resume=True, lang="en")
    try:
        assert [type(scene) for scene in application.scenes] == [Title, FakeTable]
        assert opened[0].seats == match.seats and opened[0].seed == 9
    finally:
        application.close()


def test_title_card_is_a_focusable_widget(app: App) -> None:
    card = app.top.card_for("neko")
    assert isinstance(card, GameCard) and card.is_enabled and card.contains(card.rect.center)


def test_per_seat_options_are_set_on_their_own_screen(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """A per-seat option (a player's home) is not a switch in the options panel: a button between
    Back and Start opens one row per seat; segmented choices and a stepper set each seat's value."""
    from game.core.rules import OptionSpec
    from scenes.menus import setup as setup_module
    from scenes.menus.setup import SeatProfiles

    real = setup_module.get_rules("neko")
    specs = (
        OptionSpec("home", "none", choices=("none", "flat", "house"), label="ui.setup.players", per_seat=True),
        OptionSpec("floor", 1, choices=tuple(range(1, 31)), per_seat=True),
    )
    fake = type("HomeRules", (type(real),), {"options": specs})()
    monkeypatch.setattr(setup_module, "get_rules", lambda game_id: fake)
    setup = Setup(app, "neko")
    app.push(setup)
    app.step(FRAME)
    assert setup.option_choices == {}
    assert setup.profiles_button in setup.group.widgets
    tap(app, setup.profiles_button.rect)
    profiles = app.top
    assert isinstance(profiles, SeatProfiles)
    homes = [widget for widget in profiles.group.widgets if isinstance(widget, Segmented)]
    assert len(homes) == setup.players
    tap(app, segment(homes[1], "house"))
    steppers = [widget for widget in profiles.group.widgets if isinstance(widget, Button) and widget.label == "+"]
    for _ in range(3):
        tap(app, steppers[0].rect)
    keys(app, intents.BACK)
    assert app.top is setup
    assert setup.options() == {"home": ("none", "house"), "floor": (4, 1)}


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_option_hints_are_shown_whole_wherever_the_options_panel_has_room(app: App, lang: str) -> None:
    """Neko's quick-setup hint was cut off ("more a…") with half the panel empty."""
    from game.core.registry import available_games
    from game.i18n import set_language, t
    from scenes.engine import fonts, theme
    from scenes.menus.setup import RIGHT, Setup, has_key

    set_language(lang)
    try:
        for game_id in available_games():
            setup = Setup(app, game_id)
            specs = setup.applicable_options()
            panel_full = setup.option_block() == (RIGHT.height - 110) // max(1, len(specs))
            for spec in specs:
                key = f"{spec.label}.hint"
                if spec.label and has_key(key) and not panel_full:
                    lines = fonts.wrap(t(key), theme.TINY, RIGHT.width - 80)
                    assert len(lines) <= setup.hint_lines(), (lang, game_id, spec.key)
    finally:
        set_language("ja")


def test_scores_use_one_minus_sign_everywhere() -> None:
    """Results said "-3" where the tables said "−3"."""
    from scenes.engine.ui import MINUS, number_text, signed_text
    from scenes.menus.results import format_points

    assert format_points(-3) == number_text(-3) == f"{MINUS}3" and format_points(2.5) == "2.5"
    assert signed_text(2) == "+2" and signed_text(-2) == f"{MINUS}2" and signed_text(0) == "0"
    assert number_text(-0.5) == f"{MINUS}0.5" and "-" not in number_text(-12)


def test_new_and_old_results_count_games_as_its_table_does(app: App) -> None:
    """NEW & OLD's table says "Game 2 of 3"; its results said "Round 2"."""
    from game.core.match import Match, Seat
    from game.i18n import set_language
    from scenes.menus.results import Results, round_label
    from tests.random_matches import random_moves

    match = random_moves(Match("newold", [Seat("human"), Seat("ai", "easy"), Seat("ai", "easy")], seed=5), None, 5)
    set_language("en")
    labels = [label for label, _, kind in Results(app, match).rows() if kind == "round"]
    assert labels and all(label.startswith("Game ") for label in labels)

    try:
        set_language("en")
        assert round_label("newold", 2) == "Game 2" and round_label("neko", 2) == "Round 2"
        set_language("ja")
        assert round_label("newold", 2) == "第2ゲーム" and round_label("neko", 2) == "第2ラウンド"
    finally:
        set_language("ja")


def test_wallpaper_results_sum_their_point_rows_and_show_the_oval_count_after_the_total(app: App) -> None:
    """"Red ovals (count)" stood among the rows that add up to the total."""
    from game.core.match import Match, Seat
    from game.i18n import set_language
    from scenes.menus.results import Results
    from tests.random_matches import random_moves

    set_language("en")
    try:
        match = random_moves(Match("wallpaper", [Seat("human"), Seat("ai", "easy"), Seat("ai", "easy")], seed=3),
                             None, 3)
        rows = Results(app, match).rows()
        kinds = [kind for _, _, kind in rows]
        assert kinds == ["category"] * 4 + ["total", "fact"] and rows[-1][0] == "Red ovals (count)"
        totals = rows[kinds.index("total")][1]
        for seat, total in enumerate(totals):
            assert sum(values[seat] for _, values, kind in rows if kind == "category") == total
    finally:
        set_language("ja")
