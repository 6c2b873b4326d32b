"""Game controllers (issue 34), through SDL's virtual joystick driver: a pad plugged in the way a
real one is (``tests/virtual_pad.py``), its presses going through SDL's controller events.

A pad alone goes from the title to a table of each game and plays the match to its results; two
pads at a hot-seat table act only for their own seats; a pad unplugged mid-move loses nothing and
plugged in again goes on; the hints show the pad's glyphs after a pad press and keys after a key.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pygame
import pytest

from game.core.match import Match, Seat
from game.i18n import set_language, t
from scenes.engine import pad as pads
from scenes.engine.app import App
from scenes.engine.ui import seat_label
from scenes.menus.pause import PauseMenu
from scenes.menus.results import Results
from scenes.menus.setup import Setup
from scenes.menus.title import GameCard, Title
from scenes.table.base import TableScene
from scenes.table.curtain import Curtain
from scenes.table.saver import NullSaver
from tests.virtual_pad import VirtualPad, sdl_library

DT = 1 / 60
A, B = pygame.CONTROLLER_BUTTON_A, pygame.CONTROLLER_BUTTON_B
X, Y = pygame.CONTROLLER_BUTTON_X, pygame.CONTROLLER_BUTTON_Y
START, SELECT = pygame.CONTROLLER_BUTTON_START, pygame.CONTROLLER_BUTTON_BACK
LB, RB = pygame.CONTROLLER_BUTTON_LEFTSHOULDER, pygame.CONTROLLER_BUTTON_RIGHTSHOULDER
LEFT, RIGHT = pygame.CONTROLLER_BUTTON_DPAD_LEFT, pygame.CONTROLLER_BUTTON_DPAD_RIGHT
UP, DOWN = pygame.CONTROLLER_BUTTON_DPAD_UP, pygame.CONTROLLER_BUTTON_DPAD_DOWN
# what a person mashing the pad at the table presses (A most: it plays what is chosen)
TABLE_PRESSES = [LEFT, RIGHT, UP, DOWN, A, A, A, A, A, A, LB, RB, X]
GAMES = ("neko", "newold", "noaron", "nostalgic", "wallpaper")
PRESS_LIMIT = 3000  # presses: a match the pad cannot finish within these is a failure
FRAME_LIMIT = 20000  # frames, AI turns included: a table that stops answering fails the test


@pytest.fixture
def plugged(app: App) -> Iterator[list[VirtualPad]]:
    """Virtual pads of a test (a list it appends to); every one is unplugged afterwards."""
    sdl = sdl_library()
    if sdl is None:
        pytest.skip("pygame-ce's bundled SDL2 (2.24 or later, with virtual joysticks) "
                    "was not found beside pygame")
    made: list[VirtualPad] = []
    yield made
    for pad in made:
        pad.detach()


def plug(app: App, made: list[VirtualPad], kind: str = "xbox") -> VirtualPad:
    """Plug in a virtual pad of ``kind`` and let the app open it."""
    sdl = sdl_library()
    assert sdl is not None
    pad = VirtualPad(sdl, kind).attach()
    made.append(pad)
    app.step(DT)
    return pad


def tap(app: App, pad: VirtualPad, button: int) -> None:
    """Press and let go of ``button``: SDL sees both (one pump each), the app one frame."""
    pad.button(button, True)
    pygame.event.pump()
    pad.button(button, False)
    app.step(DT)


def to_table(app: App, pad: VirtualPad, game_id: str) -> TableScene:
    """From the title to ``game_id``'s table with the pad alone: right along the cards to the
    game, A opens its setup, Start starts the match (one person and the setup's AI seats)."""
    app.reset_to(Title(app))
    app.step(DT)
    for _ in range(30):
        focused = app.top.group.focused
        if isinstance(focused, GameCard) and focused.game_id == game_id:
            break
        tap(app, pad, RIGHT)
    tap(app, pad, A)
    setup = app.top
    assert isinstance(setup, Setup)
    for seat in range(1, setup.players):  # the opponents: Easy (one step left of Normal), quick to think
        walk_focus_to(app, pad, setup.group, setup.seat_choices[seat])
        tap(app, pad, LEFT)
        assert setup.kinds[seat] == "easy"
    tap(app, pad, START)
    table = app.top
    assert isinstance(table, TableScene) and table.match.game_id == game_id
    table.saver = NullSaver()  # no fsync per move: the test is about the pad
    return table


def walk_focus_to(app: App, pad: VirtualPad, group: Any, target: Any) -> None:
    """Move ``group``'s focus onto ``target`` with RB (as Tab: left and right would change a
    choice the focus passes over)."""
    for _ in range(2 * len(group.widgets) + 2):
        if group.show_focus and group.focused is target:
            return
        tap(app, pad, RB)
    raise AssertionError(f"the focus never reached {target!r}")


def play_to_results(app: App, pad: VirtualPad, table: TableScene, seed: int) -> int:
    """Press the pad until the results show: on the person's turn a random table press, a panel
    continued with A, anything else over the table left with B. The presses made."""
    rng = random.Random(seed)
    presses = frames = 0
    while not isinstance(app.top, Results) and presses < PRESS_LIMIT and frames < FRAME_LIMIT:
        frames += 1
        if app.top is not table:
            tap(app, pad, B)
        elif table.panel is not None:
            tap(app, pad, A)
        elif table.viewer_may_act():
            tap(app, pad, rng.choice(TABLE_PRESSES))
        else:
            app.step(DT)  # the AI's turn
            continue
        presses += 1
    return presses


@pytest.mark.slow
@pytest.mark.parametrize("game_id", GAMES)
def test_a_pad_alone_goes_from_the_title_to_the_results_of_a_whole_match(app: App, plugged: list[VirtualPad],
                                                                         game_id: str) -> None:
    pad = plug(app, plugged)
    table = to_table(app, pad, game_id)
    presses = play_to_results(app, pad, table, seed=len(game_id))
    assert isinstance(app.top, Results), f"{game_id}: no results after {presses} presses"
    assert table.match.is_over()
    person = table.humans[0]
    assert any(entry.seat == person for entry in table.match.log), "the person's moves were the pad's"
    assert app.pads.glyphs == pads.XBOX


def hot_seat(app: App) -> TableScene:
    """A two-person neko table (no AI), on screen."""
    from scenes.neko import make_table

    match = Match("neko", [Seat("human"), Seat("human")], seed=7)
    table = make_table(app, match)
    table.saver = NullSaver()
    app.reset_to(Title(app))
    app.push(table)
    app.step(DT)
    return table


def play_one_move(app: App, pad: VirtualPad, table: TableScene, seat: int) -> None:
    """Press ``pad`` until ``seat`` has moved once more."""
    before = sum(1 for entry in table.match.log if entry.seat == seat)
    rng = random.Random(seat)
    for _ in range(400):
        if sum(1 for entry in table.match.log if entry.seat == seat) > before:
            return
        tap(app, pad, rng.choice(TABLE_PRESSES))
    raise AssertionError(f"seat {seat} never moved")


def test_two_pads_at_a_hot_seat_table_act_only_for_their_own_seats(app: App,
                                                                    plugged: list[VirtualPad]) -> None:
    first, second = plug(app, plugged), plug(app, plugged)
    assert sorted(p.number for p in app.pads.pads.values()) == [1, 2]
    table = hot_seat(app)
    assert table.viewer == 0
    tap(app, first, RIGHT)  # the first press claims the seat acting now
    assert app.pads.seat_of(1) == 0 and table.hold.selected is not None
    chosen = table.hold.selected
    tap(app, second, RIGHT)  # the second pad takes the other person's seat, but it is not its turn
    assert app.pads.seat_of(2) == 1
    assert table.hold.selected == chosen, "the second pad moved nothing"
    second_name = seat_label(1, table.match.seats[1])
    assert table.toast.visible and table.toast.message == t("pad.claimed_other", pad=2, name=second_name)
    log_before = len(table.match.log)
    for button in (A, A, RIGHT, A, X):
        tap(app, second, button)
    assert len(table.match.log) == log_before, "seat 1's pad played nothing on seat 0's turn"
    assert table.toast.message == t("pad.refused.other_seat", pad=2, name=second_name)
    play_one_move(app, first, table, seat=0)
    for _ in range(20):  # the AI-free table turns over: the curtain for seat 1
        app.step(DT)
        if isinstance(app.top, Curtain):
            break
    curtain = app.top
    assert isinstance(curtain, Curtain)
    tap(app, first, A)
    assert app.top is curtain, "seat 0's pad cannot lift seat 1's curtain"
    tap(app, second, A)
    assert app.top is table and table.viewer == 1
    play_one_move(app, second, table, seat=1)


def test_a_third_pad_is_refused_when_every_person_has_a_pad(app: App, plugged: list[VirtualPad]) -> None:
    first, second, third = plug(app, plugged), plug(app, plugged), plug(app, plugged)
    table = hot_seat(app)
    tap(app, first, RIGHT)
    tap(app, second, RIGHT)
    chosen = table.hold.selected
    tap(app, third, LEFT)
    assert app.pads.seat_of(3) is None and table.hold.selected == chosen
    assert table.toast.message == t("pad.refused.no_seat", pad=3)


def test_unplugged_mid_move_loses_nothing_and_the_same_pad_plugged_in_again_goes_on(
        app: App, plugged: list[VirtualPad]) -> None:
    table = hot_seat(app)
    pad = plug(app, plugged)
    tap(app, pad, RIGHT)  # a card chosen, lifted from the hand
    assert table.hold.selected is not None and app.pads.seat_of(1) == 0
    state, log = table.match.state, len(table.match.log)
    cards = [card.value for card in table.hand.cards]
    pad.detach()
    app.step(DT)
    assert app.pads.pads == {}
    assert table.hold.selected is None and table.hand.raised is None, "the chosen card went back"
    assert table.match.state is state and len(table.match.log) == log
    assert [card.value for card in table.hand.cards] == cards
    assert table.toast.visible and table.toast.message == t("pad.unplugged", pad=1)
    again = plug(app, plugged)
    assert [p.number for p in app.pads.pads.values()] == [1], "the same pad gets its number back"
    assert app.pads.seat_of(1) == 0, "and its seat"
    play_one_move(app, again, table, seat=0)


def test_hints_show_the_pads_glyphs_after_a_pad_press_and_keys_after_a_key(app: App,
                                                                           plugged: list[VirtualPad]) -> None:
    table = hot_seat(app)
    assert app.pads.glyphs == pads.KEYS
    keys_signature = table.status_part().signature
    pad = plug(app, plugged, "playstation")
    assert app.pads.glyphs == pads.KEYS, "plugging in is not using"
    tap(app, pad, RIGHT)
    assert app.pads.glyphs == pads.PLAYSTATION
    assert table.status_part().signature != keys_signature
    assert "[A]" in t(table.PAD_TEXT)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode="", scancode=0))
    app.step(DT)
    assert app.pads.glyphs == pads.KEYS
    assert table.status_part().signature == keys_signature
    xbox = plug(app, plugged, "xbox")
    tap(app, xbox, LB)
    assert app.pads.glyphs == pads.XBOX


def test_the_stick_moves_past_its_dead_zone_and_repeats_while_held(app: App,
                                                                    plugged: list[VirtualPad]) -> None:
    seen: list[tuple[int, int]] = []
    app.intent_filter = lambda intent: seen.append((intent.dx, intent.dy)) is not None
    pad = plug(app, plugged)
    pad.axis(pygame.CONTROLLER_AXIS_LEFTX, 9000)  # inside the dead zone: nothing
    app.step(DT)
    assert seen == []
    pad.axis(pygame.CONTROLLER_AXIS_LEFTX, 30000)
    app.step(DT)
    assert seen == [(1, 0)]
    for _ in range(int(pads.REPEAT_DELAY / DT) - 2):
        app.step(DT)
    assert seen == [(1, 0)], "no repeat before the delay"
    for _ in range(int(1.0 / DT)):
        app.step(DT)
    assert len(seen) >= 1 + int((1.0 - 2 * DT) / pads.REPEAT_EVERY) - 1
    held = len(seen)
    pad.axis(pygame.CONTROLLER_AXIS_LEFTX, 0)
    for _ in range(30):
        app.step(DT)
    assert len(seen) == held, "let go: no more moves"
    pad.axis(pygame.CONTROLLER_AXIS_LEFTY, -32768)
    app.step(DT)
    assert seen[-1] == (0, -1)


def test_start_opens_the_menu_at_a_table_and_closes_it(app: App, plugged: list[VirtualPad]) -> None:
    table = hot_seat(app)
    pad = plug(app, plugged)
    tap(app, pad, START)
    assert isinstance(app.top, PauseMenu)
    tap(app, pad, START)
    assert app.top is table


def test_select_walks_the_tables_buttons_and_a_presses_one(app: App, plugged: list[VirtualPad]) -> None:
    table = hot_seat(app)
    pad = plug(app, plugged)
    tap(app, pad, SELECT)
    assert table.pad_row and table.buttons.show_focus
    for _ in range(12):
        if table.buttons.focused is table.menu_button:
            break
        tap(app, pad, RB)
    assert table.buttons.focused is table.menu_button
    tap(app, pad, A)
    assert isinstance(app.top, PauseMenu) and not table.pad_row


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_controls_page_shows_the_pads_buttons(lang: str) -> None:
    from scenes.menus.help_pages import lay_out

    pygame.init()
    set_language(lang)
    try:
        page = lay_out("neko", "controls", 1500)
        texts = " ".join(line.text for line in page.lines)
        assert t("pad.help.title") in texts
        glyphs = page.glyphs
        rows = t("pad.help.table").splitlines()
        alike = sum(1 for row in rows if row.startswith("[DPAD]\t"))
        assert len(glyphs) == 3 * (len(rows) - alike) + alike, "Xbox glyphs, a slash and PlayStation glyphs"
        assert t("pad.help.table", x=t("pad.x.neko")).count(t("pad.x.neko")) == 1
    finally:
        set_language("en")


def test_glyph_styles_follow_the_pads_maker() -> None:
    assert pads.style_of("PS5 Controller", "") == pads.PLAYSTATION
    assert pads.style_of("Wireless Controller", "030000004c050000cc09000000010000") == pads.PLAYSTATION
    assert pads.style_of("Nintendo Switch Pro Controller", "") == pads.NINTENDO
    assert pads.style_of("Xbox Series X Controller", "") == pads.XBOX
    assert pads.style_of("8BitDo SN30 Pro", "zz") == pads.XBOX


def test_a_pad_press_wakes_a_frame_of_a_still_screen_and_stick_jitter_does_not(
        app: App, plugged: list[VirtualPad]) -> None:
    app.lazy = True  # as in a window: a still screen is drawn only when something changed
    app.reset_to(Title(app))
    pad = plug(app, plugged)
    for _ in range(3):
        app.step(DT)
    drawn = app.frames_drawn
    for value in (1200, -900, 3000, -2500, 0):  # a worn stick's drift, well inside the dead zone
        pad.axis(pygame.CONTROLLER_AXIS_LEFTX, value)
        app.step(DT)
    assert app.frames_drawn == drawn
    tap(app, pad, DOWN)
    assert app.frames_drawn == drawn + 1


# tutorials whose expected moves a random presser finds in a few seconds (NEW & OLD's and
# Wallpaper's ask for one exact card and cell: the same presses reach them, only much later)
@pytest.mark.parametrize("game_id", ["neko", "noaron"])
def test_a_pad_alone_takes_a_tutorial_to_its_end(app: App, plugged: list[VirtualPad], game_id: str) -> None:
    from scenes.learning.tutorial import open_tutorial

    pad = plug(app, plugged)
    app.reset_to(Title(app))
    layer = open_tutorial(app, game_id)
    table = layer.table
    table.saver = NullSaver()
    rng = random.Random(len(game_id))
    presses = 0
    frames = 0
    while layer in app.scenes and presses < PRESS_LIMIT and frames < FRAME_LIMIT:
        frames += 1
        if app.top is not layer:
            tap(app, pad, B)  # a menu or the help opened by a stray press: back
        elif table.panel is not None or (layer.step is not None and not layer.step.waits_for_move):
            tap(app, pad, A)  # an explanation: A goes on
        elif table.viewer_may_act():
            tap(app, pad, rng.choice(TABLE_PRESSES))
        else:
            app.step(DT)
            continue
        presses += 1
    assert layer.index == len(layer.steps), f"{game_id}: the tutorial stopped at step {layer.index}"
    assert table.toast.message == t("tutorial.free")
