"""The first minute at a table, without traps: Esc opens the menu and never takes a move back
(Backspace, U and Ctrl+Z undo), and each AI seat's latest move stays marked until the person acts."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.core.match import Match
from game.core.registry import available_games
from game.core.settings import Settings
from scenes.engine import input as intents
from scenes.engine.app import App
from scenes.engine.input import Intent
from scenes.menus.pause import PauseMenu
from scenes.table.launch import make_table_scene
from tests.tables.test_undo_ai import find

DT = 1 / 60
GAMES = sorted(available_games())




def settle(app: App, feed: list[Intent] | None = None, frames: int = 5) -> None:
    """One frame fed ``feed``, then a few more."""
    app.step(DT, feed=feed or [])
    for _ in range(frames):
        app.step(DT)


def answered_table(app: App, game_id: str) -> tuple[object, Match]:
    """A table where the person moved and an AI answered, and the move could be taken back."""
    match = find(game_id, lambda m, revealed, replies: not revealed and replies >= 1 and m.to_move()[0] == 0)
    table = make_table_scene(app, match)
    table.ai_enabled = False  # the AI seats wait: the test decides what happens next
    app.push(table)
    settle(app)
    assert table.can_undo()
    return table, match


@pytest.mark.slow
@pytest.mark.parametrize("game_id", GAMES)
def test_esc_opens_the_menu_and_keeps_the_move(app: App, game_id: str) -> None:
    table, match = answered_table(app, game_id)
    before = list(match.log)
    for _ in range(3):  # a choice in progress or an explanation card takes an Esc of its own
        settle(app, [Intent(intents.BACK, key="escape")])
        if isinstance(app.top, PauseMenu):
            break
    assert isinstance(app.top, PauseMenu), f"Esc opened {type(app.top).__name__}, not the menu"
    assert match.log == before, "Esc took a move back"
    settle(app, [Intent(intents.BACK, key="escape")])
    assert app.top is table and match.log == before


@pytest.mark.slow
@pytest.mark.parametrize("game_id", GAMES)
def test_backspace_and_u_undo(app: App, game_id: str) -> None:
    table, match = answered_table(app, game_id)
    before = len(match.log)
    table.let_go()  # an explanation card or a choice in progress goes first
    settle(app, [Intent(intents.BACK, key="backspace")])
    assert len(match.log) < before and not isinstance(app.top, PauseMenu)


def test_u_undoes(app: App) -> None:
    table, match = answered_table(app, "neko")
    before = len(match.log)
    settle(app, [intents.translate(key_event("u"), (1920, 1080), False)])
    assert len(match.log) < before


def key_event(name: str) -> object:
    """A key press as pygame delivers it."""
    import pygame

    return pygame.event.Event(pygame.KEYDOWN, key=pygame.key.key_code(name), mod=0, unicode=name)


# ----- AI moves stay marked ------------------------------------------------------------------------
@pytest.fixture
def normal_app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    """Animations at normal speed: marks wait for the pieces to rest."""
    monkeypatch.setenv("KOTATSU_HOME", str(tmp_path))
    application = App(Settings(language="en", anim_speed="normal", sound=False), headless=True)
    yield application
    application.close()


@pytest.mark.slow
def test_two_ais_in_a_row_both_stay_marked_until_the_person_acts(normal_app: App) -> None:
    from game.core.match import Seat
    from scenes.table.marks import MARK_SECONDS
    from scenes.table.saver import NullSaver

    match = Match("neko", [Seat("human"), Seat("ai", "easy"), Seat("ai", "easy")], seed=5)
    table = make_table_scene(normal_app, match)
    table.saver = NullSaver()
    normal_app.push(table)
    rng = __import__("random").Random(1)
    seen: set[int] = set()
    for _ in range(60 * 60):
        normal_app.step(DT)
        if not (table.idle() and table.viewer_may_act()):
            continue
        seen = {mark.seat for mark in table.move_marks.visible(table.at_rest())}
        if seen == {1, 2}:
            break
        table.attempt(rng.choice(match.legal_actions(0)))
    assert seen == {1, 2}, "both AI seats played before the person's turn, and both are marked"
    for _ in range(round(3 * MARK_SECONDS / DT)):  # the person looks for a while
        normal_app.step(DT)
    assert {mark.seat for mark in table.move_marks.visible(table.at_rest())} == {1, 2}
    assert not table.move_marks.changing(table.at_rest()), "a held mark stands still: no frames for it"
    assert table.frame_rate() == 0, "a table whose marks stand still asks the window for no frames"
    assert table.attempt(rng.choice(match.legal_actions(0)))
    assert table.move_marks.marks == [], "the person acted: the marks have been seen"


@pytest.mark.slow
def test_at_a_table_of_ais_only_a_mark_fades(normal_app: App) -> None:
    from game.core.match import Seat
    from scenes.table.marks import MARK_SECONDS
    from scenes.table.saver import NullSaver

    match = Match("neko", [Seat("ai", "easy"), Seat("ai", "easy")], seed=5)
    table = make_table_scene(normal_app, match)
    table.saver = NullSaver()
    normal_app.push(table)
    for _ in range(60 * 30):
        normal_app.step(DT)
        if table.move_marks.visible(table.at_rest()):
            break
    [mark] = table.move_marks.visible(table.at_rest())
    table.ai_enabled = False  # nobody moves now: the mark has only time
    for _ in range(round(MARK_SECONDS / DT) + 30):
        normal_app.step(DT)
    assert table.move_marks.marks == []


# ----- the language of a first start ---------------------------------------------------------------
@pytest.mark.parametrize("environ,expected", [
    ({"LANG": "ja_JP.UTF-8"}, "ja"),
    ({"LANG": "ja"}, "ja"),
    ({"LANG": "en_GB.UTF-8"}, "en"),
    ({"LANG": "C.UTF-8"}, "en"),
    ({}, "en"),
    ({"LC_ALL": "C", "LANG": "ja_JP.UTF-8"}, "en"),  # LC_ALL wins
    ({"LC_MESSAGES": "ja_JP.eucJP", "LANG": "de_DE.UTF-8"}, "ja"),  # then LC_MESSAGES
    ({"LC_ALL": "", "LC_MESSAGES": "", "LANG": "ja_JP.UTF-8"}, "ja"),  # empty means unset
    ({"LANG": "jam_JM"}, "en"),  # Jamaican, not Japanese
])
def test_the_system_language(environ: dict[str, str], expected: str) -> None:
    from game.core.settings import system_language

    assert system_language(environ) == expected


def use_locale(monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    """The process runs in ``lang`` (LANG only)."""
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    monkeypatch.setenv("LANG", lang)


@pytest.mark.parametrize("lang,expected", [("ja_JP.UTF-8", "ja"), ("en_US.UTF-8", "en"), ("fr_FR.UTF-8", "en")])
def test_a_first_start_speaks_the_system_language(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                 lang: str, expected: str) -> None:
    from game.core.settings import load_settings

    monkeypatch.setenv("KOTATSU_HOME", str(tmp_path))
    use_locale(monkeypatch, lang)
    settings, warning = load_settings()
    assert (settings.language, warning) == (expected, None)
    (tmp_path / "settings.json").write_text('{"sound": false}', encoding="utf-8")  # saved without a language
    settings, warning = load_settings()
    assert (settings.language, settings.sound, warning) == (expected, False, None)


@pytest.mark.parametrize("saved,lang", [("en", "ja_JP.UTF-8"), ("ja", "en_US.UTF-8")])
def test_then_the_saved_language_wins(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, saved: str, lang: str) -> None:
    from game.core.settings import load_settings, save_settings

    monkeypatch.setenv("KOTATSU_HOME", str(tmp_path))
    use_locale(monkeypatch, lang)
    assert save_settings(Settings(language=saved))
    assert load_settings()[0].language == saved


# ----- a quiet console without a sound card --------------------------------------------------------
START_APP = """
from game.core.settings import Settings
from scenes.engine.app import App
app = App(Settings(sound=True), headless=True)
print("mixer" if app.audio._mixer else "no mixer")
app.close()
App(Settings(sound=True), headless=True).close()  # a second app (the kiosk restarts) says nothing more
"""


def test_without_a_sound_card_the_console_gets_one_line(tmp_path: Path) -> None:
    """SDL asked for ALSA: on a machine without a card the C library would write a dozen
    ``ALSA lib`` lines; the app says one line and nothing else (with a card: nothing at all)."""
    import os
    import subprocess
    import sys

    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="alsa", PYGAME_HIDE_SUPPORT_PROMPT="1",
               KOTATSU_HOME=str(tmp_path))
    done = subprocess.run([sys.executable, "-c", START_APP], env=env, capture_output=True, text=True, timeout=60,
                          cwd=Path(__file__).resolve().parents[2])
    assert done.returncode == 0, done.stderr
    from scenes.engine.audio import NO_DEVICE

    expected = [] if done.stdout.strip() == "mixer" else [NO_DEVICE]
    assert done.stderr.splitlines() == expected


# ----- "Setting out the pieces…" only while the table is set out -----------------------------------
@pytest.mark.slow
def test_setting_out_is_said_for_the_deal_and_never_mid_round(normal_app: App) -> None:
    """While the deal plays the status says the table is being set out; once play has begun, a
    card flying or the cat hopping never brings that line back within the round."""
    import random

    from game.core.match import Seat
    from game.i18n import t
    from scenes.table.saver import NullSaver

    match = Match("neko", [Seat("human"), Seat("ai", "easy"), Seat("ai", "easy")], seed=3)
    table = make_table_scene(normal_app, match)
    table.saver = NullSaver()
    normal_app.push(table)
    setting = t("table.status.setting")
    said: list[str] = []
    while not table.at_rest():
        normal_app.step(DT)
        said.append(table.status_text())
    assert setting in said, "the deal is announced"
    first_round, moves_before = match.state.round, len(match.log)
    rng = random.Random(2)
    mid_round: list[str] = []
    for _ in range(60 * 60):
        normal_app.step(DT)
        if match.state.round != first_round or match.is_over() or table.panel is not None:
            break
        mid_round.append(table.status_text())
        if len(match.log) >= moves_before + 6 and table.at_rest():
            break  # two turns round the table: cards have flown and the cat has hopped
        if table.idle() and table.viewer_may_act():
            table.attempt(rng.choice(match.legal_actions(0)))
    assert len(match.log) >= moves_before + 6, "the round went on long enough to see cards fly and the cat hop"
    assert setting not in mid_round


# ----- a plate before a table is built ---------------------------------------------------------------
def test_start_shows_the_plate_before_the_table_is_built(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """Building a table takes seconds on a slow machine: the window shows "Setting out the
    table…" over the last frame before the work starts, and the canvas keeps none of it."""
    from game.core.match import Seat
    from scenes.engine import theme
    from scenes.menus.title import Title
    from scenes.table import launch as tables

    app.push(Title(app))
    settle(app)
    before = app.screen.copy()
    shown: list[pygame.Surface] = []
    monkeypatch.setattr(app, "headless", False)  # as in a window (present is the test's)
    monkeypatch.setattr(app, "present", lambda: shown.append(app.screen.copy()))
    built_after: list[int] = []
    real = tables.make_table_scene

    def make(application: App, match: Match) -> object:
        built_after.append(len(shown))
        return real(application, match)

    monkeypatch.setattr(tables, "make_table_scene", make)
    tables.open_table(app, Match("neko", [Seat("human"), Seat("ai", "easy")], seed=1))
    assert built_after == [1], "one frame was in the window before the table was built"
    plate = shown[0]
    assert plate.get_at((960, 492))[:3] == theme.PAPER, "a paper plate in the middle"
    assert plate.get_at((20, 20))[:3] != before.get_at((20, 20))[:3], "the frame behind it is dimmed"
    monkeypatch.setattr(app, "headless", True)
    assert app.screen.get_at((20, 20)) == before.get_at((20, 20)), "the canvas got its pixels back"



# ----- card faces drawn at the window's scale ---------------------------------------------------------
def test_at_4k_every_card_of_a_fanned_hand_is_drawn_at_the_window_scale(app: App) -> None:
    """Each card of the person's fanned, turned hand (overlapping its neighbours, the outer ones
    hanging off the screen's edge) is kept as a picture that draws itself again at 2x for the 4K
    frame."""
    from game.core.match import Seat
    from scenes.engine import crisp, window

    window.mark_text_for((3840, 2160))
    try:
        match = Match("neko", [Seat("human"), Seat("ai", "easy"), Seat("ai", "easy")], seed=4)
        table = make_table_scene(app, match)
        table.ai_enabled = False
        app.push(table)
        settle(app, frames=30)
        hand = sorted(card.value for card in table.hand.cards)  # the outer ones hang off the bottom edge
        marks = [mark for mark in app.screen.current_marks() if mark.redraw is not None]
        faces = sorted(face_value(mark.key[1]) for mark in marks if face_value(mark.key[1]))
        assert len(hand) >= 5 and all(faces.count(value) >= hand.count(value) for value in hand), \
            f"hand {hand}, sharp faces {faces}"
        mark = next(mark for mark in marks if face_value(mark.key[1]))
        image = crisp.physical_text(mark, 2.0, lambda *args: pygame.Surface((1, 1)))
        whole = mark.box  # (beyond the screen's edge for a card hanging off it)
        assert abs(image.get_width() - 2 * whole.width) <= 4 and abs(image.get_height() - 2 * whole.height) <= 4
    finally:
        window.mark_text_for((1920, 1080))


def face_value(name: object) -> int:
    """The value of a neko card face a picture's name says it shows (turned or not), else 0."""
    if isinstance(name, tuple) and name and name[0] == "xf":
        name = name[1]
    if isinstance(name, tuple) and len(name) > 1 and name[0] in ("face", "card_face") and isinstance(name[1], int):
        return name[1]
    return 0
