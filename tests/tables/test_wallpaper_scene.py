"""The That Old Wallpaper table scene, headless: people play through intents (drag, click, keys,
finger), AIs answer inline at instant speed, and assertions are about the rules state or the
scene's model (which pieces show which face), never pixels."""

from __future__ import annotations

import random
from collections.abc import Iterable
from pathlib import Path

import pygame
import pytest

from game.core.match import Match, Seat
from game.i18n import t
from game.rules.wallpaper import (
    PHASE_CHOOSE,
    PHASE_HAZY,
    PHASE_PICK,
    PHASE_PLACE,
    WallpaperAction,
    legal_cells,
    wall_of,
)
from game.rules.wallpaper_deck import HAZY_FIRST
from scenes.engine.app import App
from scenes.engine.input import ACTIVATE, FOCUS_NEXT, KEY, MOVE, NAV, PRESS, RELEASE, WHEEL, Intent
from scenes.menus.results import Results
from scenes.table.curtain import Curtain
from scenes.wallpaper.layout import WALL_AREA
from scenes.wallpaper.panels import ScoringPanel
from scenes.wallpaper.scene import WallpaperTable, make_table
from tests import table_gestures
from tests.table_gestures import DT, click, drag

AI_LEVEL = "easy"


def open_table(app: App, seats: list[Seat], seed: int, **options: object) -> WallpaperTable:
    """A new match on its table, pushed and shown once."""
    scene = make_table(app, Match("wallpaper", seats, seed), **options)
    assert isinstance(scene, WallpaperTable)
    app.push(scene)
    app.step(DT)
    return scene


def human_vs_ai(app: App, seed: int, players: int) -> WallpaperTable:
    """Seat 0 is a person, every other seat an AI."""
    return open_table(app, [Seat("human")] + [Seat("ai", AI_LEVEL) for _ in range(players - 1)], seed)


# ----- what the screen shows ---------------------------------------------------------------------------
def shows_no_secret(scene: WallpaperTable) -> bool:
    """Face-up number cards are only the viewer's own (hand, chosen card, or one it played: the
    observation may be ahead of the animation), never under a curtain; every other seat's chosen
    card is a back whose piece does not even know its number."""
    obs = scene.observation()
    own = set(obs.hand) | ({obs.my_choice} if obs.my_choice else set())
    if 0 <= scene.viewer < obs.players:
        own |= set(obs.discards[scene.viewer])
        if obs.last_reveal is not None:
            own.add(obs.last_reveal.numbers[scene.viewer])
    shown = scene.face_up_numbers()
    if scene.hand_hidden and shown:
        return False
    if not set(shown) <= own:
        return False
    return all(piece.value == 0 and not piece.face_up for seat, piece in scene.spots.items() if seat != scene.viewer)


def step_checking(app: App, scene: WallpaperTable, feed: Iterable[Intent] = ()) -> None:
    """One frame, then check that no secret shows."""
    app.step(DT, feed=list(feed))
    assert shows_no_secret(scene)


def wait_for_person(app: App, scene: WallpaperTable, limit: int = 4000) -> bool:
    """Run the table, each frame checked, until the person at the bottom may act; False at the end."""
    return table_gestures.wait_for_person(app, scene, lambda: step_checking(app, scene), limit, under_curtain=lambda: assert_no_numbers(scene))


def assert_no_numbers(scene: WallpaperTable) -> None:
    """Under a curtain no number card shows face up."""
    assert scene.face_up_numbers() == []


# ----- gestures -------------------------------------------------------------------------------------
def number_at(scene: WallpaperTable, number: int) -> tuple[int, int]:
    """Where the viewer's number card ``number`` lies."""
    piece = next(piece for piece in scene.hand if piece.value == number)
    return round(piece.pos[0]), round(piece.pos[1])


def cell_centre(scene: WallpaperTable, cell: tuple[int, int]) -> tuple[int, int]:
    """Where a cell of the large wall is drawn."""
    centre = scene.camera().cell_rect(cell).center
    assert WALL_AREA.collidepoint(centre), f"cell {cell} is off the wall area"
    return centre


def tray_card(scene: WallpaperTable, card: int | None = None) -> tuple[int, int]:
    """Where ``card`` (default: the card to place) lies in the tray, once the tray's cards have
    slid to their places (a person sees them move)."""
    assert scene.tray, "nothing in the tray"
    app = scene.app
    for _ in range(120):
        if all(piece.pos == scene.geometry.tray_slot(index) for index, piece in enumerate(scene.tray)):
            break
        app.step(DT)
    piece = next(piece for piece in scene.tray if card is None or piece.value == card)
    return round(piece.pos[0]), round(piece.pos[1])


def choose_with_keys(app: App, scene: WallpaperTable, card: int) -> None:
    """C until ``card`` is the card to place."""
    for _ in range(12):
        if scene.card_to_place() == card:
            break
        app.step(DT, feed=[Intent(KEY, key="c")])
    assert scene.card_to_place() == card


def turn_to(app: App, scene: WallpaperTable, rot: int, how: str) -> None:
    """Turn the card to place until it lies ``rot`` (R, or the button)."""
    if scene.hold.rot != rot:
        if how == "button":
            click(app, scene.action_button.rect.center)
        else:
            app.step(DT, feed=[Intent(KEY, key="r")])
    assert scene.hold.rot == rot


def play_number(app: App, scene: WallpaperTable, number: int, how: str) -> None:
    """Play a number card by drag, click + button, or keys."""
    if how == "drag" or how == "finger":
        drag(app, number_at(scene, number), (960, 560), touch=how == "finger")
    elif how == "click":
        click(app, number_at(scene, number))
        assert scene.hand[scene.hold.selected or 0].value == number
        click(app, scene.action_button.rect.center)
    else:
        for _ in range(12):
            if scene.hold.selected is not None and scene.hand[scene.hold.selected].value == number:
                break
            app.step(DT, feed=[Intent(NAV, dx=1)])
        app.step(DT, feed=[Intent(ACTIVATE)])


def place_card(app: App, scene: WallpaperTable, action: WallpaperAction, how: str) -> None:
    """Place the action's card (any of the tray) on the action's cell: drag it there, or click it
    then the cell, or (keys) C to it, move the cell cursor there and press Enter. A card picked
    from the tray starts unturned, so the turn comes after the pick (the drag turns it in flight)."""
    cell = (action.x, action.y)
    if how in ("drag", "finger"):
        touch = how == "finger"
        start = tray_card(scene, action.card)
        app.step(DT, feed=[Intent(PRESS, start, touch=touch)])
        lifted = (start[0], start[1] - 40)
        app.step(DT, feed=[Intent(MOVE, lifted, held=True, touch=touch)])
        assert scene.hold.drag is not None and scene.hold.drag.moved and scene.card_to_place() == action.card
        turn_to(app, scene, action.rot, "key")  # R turns the card in flight
        drag(app, lifted, cell_centre(scene, cell), touch=touch, press=False)
    elif how == "click":
        click(app, tray_card(scene, action.card))
        assert scene.hold.card_held and scene.card_to_place() == action.card
        turn_to(app, scene, action.rot, "button")
        click(app, cell_centre(scene, cell))
    else:
        choose_with_keys(app, scene, action.card)
        turn_to(app, scene, action.rot, "key")
        if scene.hold.cell_cursor is None:
            app.step(DT, feed=[Intent(NAV, dx=1)])
        for _ in range(40):
            cursor = scene.hold.cell_cursor
            if cursor == cell:
                break
            assert cursor is not None
            dx = (cell[0] > cursor[0]) - (cell[0] < cursor[0])
            dy = (cell[1] > cursor[1]) - (cell[1] < cursor[1]) if not dx else 0
            app.step(DT, feed=[Intent(NAV, dx=dx, dy=dy)])
        assert scene.hold.cell_cursor == cell
        preview = scene.preview()
        assert preview is not None and preview[0] == cell
        app.step(DT, feed=[Intent(ACTIVATE)])


def pick_row(app: App, scene: WallpaperTable, row: int, how: str) -> None:
    """Take a blocked row: click its column, or Left/Right to it and Enter."""
    if how == "keys":
        for _ in range(10):
            if scene.hold.row_cursor == row:
                break
            app.step(DT, feed=[Intent(NAV, dx=1)])
        assert scene.hold.row_cursor == row
        app.step(DT, feed=[Intent(ACTIVATE)])
    else:
        click(app, scene.geometry.column_rect(row).center)


GESTURES = ("drag", "click", "keys", "finger")


def act(app: App, scene: WallpaperTable, rng: random.Random, how: str) -> WallpaperAction:
    """Do one legal action of the person through ``how``; returns it."""
    legal = scene.match.legal_actions(scene.viewer)
    if scene.phase() == PHASE_HAZY:  # a hazy card cannot be turned on the table (it looks the same)
        legal = [action for action in legal if action.rot == 0]
    action = rng.choice(legal)
    phase = scene.phase()
    if phase == PHASE_CHOOSE:
        play_number(app, scene, action.number, how)
    elif phase == PHASE_PICK:
        pick_row(app, scene, action.row, "keys" if how == "keys" else "click")
    else:
        place_card(app, scene, action, how)
    return action


def play_match(app: App, scene: WallpaperTable, seed: int) -> set[str]:
    """The person acts whenever asked, through a rotating gesture; returns the action kinds."""
    match = scene.match
    rng = random.Random(seed)
    kinds: set[str] = set()
    turns = 0
    while wait_for_person(app, scene):
        before = len(match.log)
        how = GESTURES[turns % len(GESTURES)]
        action = act(app, scene, rng, how)
        added = match.log[before:]
        assert added, f"{how} did not play {action}"
        assert (added[0].seat, added[0].action) == (scene.viewer, match.rules.encode_action(action))
        kinds.add(action.kind)
        turns += 1
    return kinds


# ----- whole games ----------------------------------------------------------------------------------------
@pytest.mark.slow
@pytest.mark.parametrize(("players", "seed"), [(2, 11), (4, 3), (5, 8)])
def test_person_plays_a_whole_game_against_the_ai(app: App, players: int, seed: int) -> None:
    """All 18 turns (2 players with Grandma): every action of the person goes through a gesture and
    logs exactly that action; the scoring panel shows, then the results."""
    scene = human_vs_ai(app, seed=seed, players=players)
    assert scene.observation().grandma == (players == 2)
    assert len(scene.rows_shown) == (3 if players == 2 else players)
    panels: list[object] = []
    original = scene.continue_round

    def continue_round() -> None:
        panels.append(scene.panel)
        original()

    scene.continue_round = continue_round  # type: ignore[method-assign]
    kinds = play_match(app, scene, seed)
    for _ in range(20):
        app.step(DT)
    match = scene.match
    assert match.is_over()
    assert {"play", "place"} <= kinds
    assert any(isinstance(panel, ScoringPanel) for panel in panels)
    assert isinstance(app.top, Results)
    assert app.top.result.winners == match.rules.result(match.state).winners
    obs = match.observe(0)
    assert obs.turn >= 17
    assert [len(wall) for wall in scene.walls_shown] == [len(wall) for wall in obs.walls]


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 4, 5])
def test_an_all_ai_game_runs_to_the_results_for_a_spectator(app: App, players: int) -> None:
    """Nobody at the table (viewer -1): the AIs play all 18 turns, the scoring panel closes by
    itself, the results come up; no number card is ever shown face up."""
    scene = open_table(app, [Seat("ai", AI_LEVEL) for _ in range(players)], seed=40 + players, viewer=-1)
    assert scene.viewer == -1 and not scene.viewer_is_person()
    for _ in range(8000):
        if isinstance(app.top, Results):
            break
        app.step(DT)
        assert scene.face_up_numbers() == []
        assert scene.hand == []
    assert isinstance(app.top, Results)
    assert scene.match.is_over()
    assert app.top.result.winners == scene.match.rules.result(scene.match.state).winners


# ----- a human turn -----------------------------------------------------------------------------------
def reach(app: App, scene: WallpaperTable, phase: str, want: object = None) -> bool:
    """Play random legal actions by clicks until the person is to act in ``phase`` (and ``want``
    holds); False when the match ended first."""
    rng = random.Random(5)
    while wait_for_person(app, scene):
        if scene.phase() == phase and (want is None or want(scene)):  # type: ignore[operator]
            return True
        before = len(scene.match.log)
        act(app, scene, rng, "click")
        assert len(scene.match.log) > before
    return False


def test_a_number_card_dragged_over_the_action_button_leaves_the_button_alone(app: App) -> None:
    """While the pointer holds a card the buttons wait: the action button under it does not light
    up, and the card springs back from there (nothing is played)."""
    scene = human_vs_ai(app, seed=7, players=3)
    assert reach(app, scene, PHASE_CHOOSE)
    before = len(scene.match.log)
    start, button = number_at(scene, scene.observation().hand[0]), scene.action_button.rect.center
    app.step(DT, feed=[Intent(PRESS, start)])
    for step in range(1, 7):
        app.step(DT, feed=[Intent(MOVE, (start[0] + (button[0] - start[0]) * step // 6,
                                         start[1] + (button[1] - start[1]) * step // 6), held=True)])
    assert scene.hold.drag is not None and scene.hold.drag.moved
    assert not scene.action_button.hovered
    app.step(DT, feed=[Intent(RELEASE, button)])
    assert scene.hold.drag is None and len(scene.match.log) == before


def test_a_turn_by_pointer_choose_then_place_turned(app: App) -> None:
    """Drag a number card up: it is played face down; once the rows are taken, each taken card is
    dragged onto a glowing cell, the first one turned 180° with R."""
    scene = human_vs_ai(app, seed=7, players=3)
    assert reach(app, scene, PHASE_CHOOSE)
    number = scene.observation().hand[-1]
    before = len(scene.match.log)
    drag(app, number_at(scene, number), (900, 560))
    assert scene.match.log[before].action == f"play {number}"
    assert reach(app, scene, PHASE_PLACE)
    obs = scene.observation()
    assert scene.tray and [piece.value for piece in scene.tray] == list(obs.pending)
    cells = legal_cells(wall_of(obs, 0))
    app.step(DT, feed=[Intent(KEY, key="r")])
    assert scene.hold.rot == 180
    before = len(scene.match.log)
    drag(app, tray_card(scene), cell_centre(scene, cells[0]))
    assert scene.match.log[before].action == f"place {obs.pending[0]} {cells[0][0]} {cells[0][1]} 180"
    for _ in range(30):
        app.step(DT)
    assert scene.walls_shown[0] == wall_of(scene.observation(), 0)
    assert scene.walls_shown[0][cells[0]][1] == 180


@pytest.mark.slow
def test_any_card_of_the_taken_row_goes_first(app: App) -> None:
    """C brings each card of the taken row forward in turn (round); dragging a small card of the
    tray places that card; the rest stay in the row's order, the first of them large."""
    scene = human_vs_ai(app, seed=9, players=3)
    assert reach(app, scene, PHASE_PLACE, lambda s: len(s.observation().pending) >= 2)
    pending = list(scene.observation().pending)
    assert scene.card_to_place() == pending[0]
    for expected in [*pending[1:], pending[0]]:
        app.step(DT, feed=[Intent(KEY, key="c")])
        assert scene.card_to_place() == expected and scene.tray[0].value == expected
        assert [piece.value for piece in scene.tray[1:]] == [card for card in pending if card != expected]
    last = pending[-1]
    cell = legal_cells(wall_of(scene.observation(), 0))[0]
    before = len(scene.match.log)
    drag(app, tray_card(scene, last), cell_centre(scene, cell))
    assert scene.match.log[before].action == f"place {last} {cell[0]} {cell[1]} 0"
    for _ in range(40):
        app.step(DT)
    rest = [card for card in pending if card != last]  # at least one: still the person's to place
    assert scene.phase() == PHASE_PLACE and list(scene.observation().pending) == rest
    assert [piece.value for piece in scene.tray] == rest and scene.card_to_place() == rest[0]
    assert scene.walls_shown[0][cell] == (last, 0)


def test_a_turn_by_keys(app: App) -> None:
    """Right/Enter plays a number; arrows move the cell cursor over legal cells only, R turns the
    card, Enter places it there."""
    scene = human_vs_ai(app, seed=12, players=4)
    assert reach(app, scene, PHASE_CHOOSE)
    hand = scene.observation().hand
    before = len(scene.match.log)
    app.step(DT, feed=[Intent(NAV, dx=1)])
    app.step(DT, feed=[Intent(NAV, dx=1)])
    assert scene.hand[scene.hold.selected or 0].value == hand[1]
    app.step(DT, feed=[Intent(ACTIVATE)])
    assert scene.match.log[before].action == f"play {hand[1]}"
    assert reach(app, scene, PHASE_PLACE, lambda s: len(s.observation().walls[0]) >= 2)
    app.step(DT, feed=[Intent(NAV, dx=1)])
    cursor = scene.hold.cell_cursor
    wall = wall_of(scene.observation(), 0)
    assert cursor in legal_cells(wall)
    app.step(DT, feed=[Intent(NAV, dx=1)])
    assert scene.hold.cell_cursor == (cursor[0] + 1, cursor[1]) or cursor[0] > max(x for x, _ in wall)
    target = legal_cells(wall)[-1]
    before = len(scene.match.log)
    card = scene.observation().pending[-1]  # C brings the row's last card forward
    place_card(app, scene, WallpaperAction("place", x=target[0], y=target[1], rot=180, card=card), "keys")
    assert scene.match.log[before].action == f"place {card} {target[0]} {target[1]} 180"


def test_hover_previews_the_shapes_the_card_would_complete(app: App) -> None:
    """Dragging the card over a legal cell previews exactly the rules' shapes for that placement."""
    from game.rules.wallpaper import shapes_made

    scene = human_vs_ai(app, seed=4, players=3)
    assert reach(app, scene, PHASE_PLACE, lambda s: len(s.observation().walls[0]) >= 3)
    wall = wall_of(scene.observation(), 0)
    card = scene.observation().pending[0]
    start = tray_card(scene)
    app.step(DT, feed=[Intent(PRESS, start)])
    for cell in legal_cells(wall)[:4]:
        app.step(DT, feed=[Intent(MOVE, cell_centre(scene, cell), held=True)])
        preview = scene.preview()
        assert preview is not None and preview[0] == cell
        assert preview[3] == shapes_made(wall, cell, card, 0)
    app.step(DT, feed=[Intent(RELEASE, (40, 40))])  # dropped off the wall: back to the tray
    for _ in range(30):
        app.step(DT)
    assert scene.hold.drag is None and scene.tray[0].visible


def test_an_illegal_cell_springs_the_card_back_with_the_rules_reason(app: App) -> None:
    """A card dropped on a cell that touches nothing is refused by the rules: the state stays, the
    toast shows the rules' own reason, the card returns to the tray."""
    scene = human_vs_ai(app, seed=3, players=3)
    assert reach(app, scene, PHASE_PLACE)
    match = scene.match
    wall = wall_of(scene.observation(), 0)
    legal = set(legal_cells(wall))
    camera = scene.camera()
    bad = next(cell for cell in (camera.cell_at((WALL_AREA.left + 40, WALL_AREA.top + 40)),
                                 camera.cell_at((WALL_AREA.right - 40, WALL_AREA.bottom - 40)),
                                 camera.cell_at((WALL_AREA.left + 40, WALL_AREA.bottom - 40)))
               if cell not in legal and cell not in wall)
    action = WallpaperAction("place", x=bad[0], y=bad[1], rot=0, card=scene.card_to_place())
    key, _, params = match.rules.explain_illegal(match.state, 0, action)
    before = (match.rules.notation(match.state), len(match.log))
    drag(app, tray_card(scene), camera.cell_rect(bad).center)
    assert (match.rules.notation(match.state), len(match.log)) == before
    assert scene.rejections == 1
    assert scene.toast.visible and scene.toast.message == t(key, **params)
    for _ in range(40):
        app.step(DT)
    assert scene.hold.drag is None and scene.tray[0].visible
    assert scene.tray[0].pos == pytest.approx((1130.0, 952.0), abs=1)
    assert [piece.value for piece in scene.tray] == list(scene.observation().pending)


def test_a_collision_is_picked_through_the_ui(app: App) -> None:
    """Two people play the same number: the numbers lie across the blocked rows, the one first in
    the token line clicks a glowing row and takes it, the other gets a hazy memory card."""
    match = Match("wallpaper", [Seat("human"), Seat("human"), Seat("ai", AI_LEVEL)], 2)
    scene = make_table(app, match)
    assert isinstance(scene, WallpaperTable)
    app.push(scene)
    common = sorted(set(match.state.hands[0]) & set(match.state.hands[1]))
    for _ in range(40):
        if common:
            break
        match = Match("wallpaper", match.seats, match.seed + 1)
        common = sorted(set(match.state.hands[0]) & set(match.state.hands[1]))
        scene = make_table(app, match)
        app.reset_to(scene)
    number = common[-1]
    for _ in range(2):
        assert wait_for_person(app, scene)
        assert scene.phase() == PHASE_CHOOSE
        play_number(app, scene, number, "click")
    assert wait_for_person(app, scene)
    obs = scene.observation()
    assert obs.phase == PHASE_PICK
    reveal = obs.last_reveal
    assert reveal is not None
    block = next(block for block in reveal.blocks if block.number == number)
    assert {0, 1} <= set(block.seats)
    sideways = [piece for piece in scene.numbers_on_rows if piece.value == number]
    assert len(sideways) == len(block.seats) and all(piece.angle == 90.0 for piece in sideways)
    picker = scene.viewer
    front = next(seat for seat in obs.token_line if seat in block.seats)
    assert picker == front
    loser = 1 - picker
    row = obs.blocked[-1]
    before = len(match.log)
    hazy_before = obs.hazy[loser]
    pick_row(app, scene, row, "click")
    assert match.log[before].seat == picker and match.log[before].action == f"pick {row}"
    assert match.state.token_line[-1] == picker  # the winner's token went to the back
    assert match.state.hazy[loser] == hazy_before + 1 or match.state.hazy_supply == 0


# ----- hot-seat, undo, walls ---------------------------------------------------------------------------
@pytest.mark.slow
def test_hot_seat_never_shows_another_hand_or_chosen_number(app: App) -> None:
    """Three people and an AI: a curtain goes up between people; under it nothing shows; another
    seat's chosen number is only ever a back, until the reveal."""
    scene = open_table(app, [Seat("human"), Seat("ai", AI_LEVEL), Seat("human"), Seat("human")], seed=21)
    match = scene.match
    rng = random.Random(2)
    curtains = 0
    viewers = set()
    for _ in range(60):
        for _ in range(800):
            if isinstance(app.top, Curtain):
                assert scene.face_up_numbers() == []
                curtains += 1
                app.step(DT, feed=[Intent(ACTIVATE)])
                continue
            if scene.finished or (scene.viewer_may_act() and scene.idle()):
                break
            step_checking(app, scene)
        if scene.finished:
            break
        obs = scene.observation()
        assert scene.viewer in match.to_move()
        assert sorted(piece.value for piece in scene.hand) == sorted(n for n in obs.hand if n != obs.my_choice)
        viewers.add(scene.viewer)
        act(app, scene, rng, "click")
        assert shows_no_secret(scene)
    assert curtains >= 4
    assert viewers == {0, 2, 3}


@pytest.mark.slow
def test_undo_takes_back_a_placement(app: App) -> None:
    """At normal speed, Undo right after placing a card (more to place) puts it back in the tray."""
    scene = human_vs_ai(app, seed=9, players=3)
    assert reach(app, scene, PHASE_PLACE, lambda s: len(s.observation().pending) >= 2)
    app.settings.anim_speed = "normal"
    match = scene.match
    before = (match.rules.notation(match.state), len(match.log))
    pending = scene.observation().pending
    cell = legal_cells(wall_of(scene.observation(), 0))[0]
    drag(app, tray_card(scene), cell_centre(scene, cell))
    assert len(match.log) == before[1] + 1
    assert scene.can_undo()
    for _ in range(60):
        app.step(DT)
    click(app, scene.undo_button.rect.center)
    assert (match.rules.notation(match.state), len(match.log)) == before
    for _ in range(60):
        app.step(DT)
    assert [piece.value for piece in scene.tray] == list(pending)
    assert scene.walls_shown[0] == wall_of(scene.observation(), 0)


def test_other_walls_are_shown_large_on_request_and_the_wall_pans(app: App) -> None:
    """Tab and a click on a box show another seat's wall large; the wheel and a drag pan it; F fits."""
    scene = human_vs_ai(app, seed=6, players=4)
    assert reach(app, scene, PHASE_CHOOSE, lambda s: all(len(w) >= 2 for w in s.observation().walls))
    assert scene.shown_seat == 0
    app.step(DT, feed=[Intent(FOCUS_NEXT)])
    assert scene.shown_seat == 1
    click(app, scene.geometry.box_rects()[3].center)
    assert scene.shown_seat == 3
    app.step(DT, feed=[Intent(WHEEL, dy=-1)])
    assert scene.pan[1] < 0
    drag(app, (WALL_AREA.left + 30, WALL_AREA.top + 30), (WALL_AREA.left + 130, WALL_AREA.top + 30))
    assert scene.pan[0] == 100
    app.step(DT, feed=[Intent(KEY, key="f")])
    assert scene.pan == (0, 0)
    click(app, scene.geometry.box_rects()[0].center)
    assert scene.shown_seat == 0


def test_a_resumed_game_is_drawn_from_its_observation(app: App) -> None:
    """A match with a log (a resumed save) is set up at rest from the observation, no intro."""
    match = Match("wallpaper", [Seat("human"), Seat("ai", AI_LEVEL), Seat("ai", AI_LEVEL)], 9)
    rng = random.Random(1)
    for _ in range(30):
        seat = match.to_move()[0]
        match.apply(seat, rng.choice(match.legal_actions(seat)))
    scene = make_table(app, match)
    app.push(scene)
    assert not scene.pending
    obs = match.observe(0)
    assert scene.rows_shown == [list(cards) for cards in obs.rows]
    assert scene.walls_shown == [wall_of(obs, seat) for seat in range(3)]
    assert scene.token_line_shown == obs.token_line
    if obs.phase in (PHASE_PLACE, PHASE_HAZY) and obs.placer == 0:
        assert [piece.value for piece in scene.tray] == list(obs.pending)


@pytest.mark.slow
def test_shot_writes_a_png(tmp_path: Path) -> None:
    """take_shot renders the table to a PNG of the asked size."""
    from scenes.tools.shot import take_shot

    out = take_shot("wallpaper", 4, seed=3, moves=30, size=(960, 540), out=tmp_path / "wallpaper.png", lang="en",
                    seats=["human"] + [f"ai:{AI_LEVEL}"] * 3)
    pygame.init()
    assert pygame.image.load(str(out)).get_size() == (960, 540)


def test_ai_seats_choose_in_secret_while_the_person_thinks(app: App) -> None:
    """The choice is simultaneous: AI seats after the person in seat order have already chosen
    (face down) when the person is asked, and the status says what to do."""
    scene = open_table(app, [Seat("ai", AI_LEVEL), Seat("human"), Seat("ai", AI_LEVEL)], seed=14)
    assert wait_for_person(app, scene)
    obs = scene.observation()
    assert obs.phase == PHASE_CHOOSE and scene.viewer == 1
    assert obs.chosen == (True, False, True)
    assert set(scene.spots) == {0, 2} and all(not piece.face_up for piece in scene.spots.values())
    assert scene.status_text() == t("wallpaper_table.status.choose")
    click(app, number_at(scene, obs.hand[0]))
    assert scene.status_text() == t("wallpaper_table.status.choose_selected", n=obs.hand[0])
    assert scene.action_button.is_enabled


@pytest.mark.slow
def test_a_whole_game_with_animations_keeps_every_secret(app: App) -> None:
    """At fast speed (every animation played, the AI answering after its pause), a two-player game
    with Grandma runs to the results through gestures and no frame shows another seat's number."""
    app.settings.anim_speed = "fast"
    scene = human_vs_ai(app, seed=21, players=2)
    kinds = play_match(app, scene, 4)
    for _ in range(400):
        if isinstance(app.top, Results):
            break
        app.step(DT)
    assert {"play", "place"} <= kinds
    assert scene.match.is_over() and isinstance(app.top, Results)


def test_a_hazy_card_is_not_turned(app: App) -> None:
    """A hazy card is gold on every edge: the Turn button is off for it and R leaves it as it is."""
    scene = human_vs_ai(app, seed=11, players=2)
    scene.card_to_place = lambda: HAZY_FIRST  # type: ignore[method-assign]
    scene.placing = lambda: True  # type: ignore[method-assign]
    assert not scene.action_enabled()
    scene.turn_card()
    assert scene.hold.rot == 0


# ----- hot-seat ------------------------------------------------------------------------------------------
def only_own_numbers_face_up(scene: WallpaperTable) -> bool:
    """Every number card face up in the hand or on a spot is one of the viewer's own (by seat, not
    by value: every seat holds the same numbers 1-10), and none shows while the hand is hidden."""
    if scene.hand_hidden:
        return scene.face_up_numbers() == []
    pieces = [piece for piece in [*scene.hand, *scene.spots.values()] if piece.visible and piece.face_up]
    return all(piece.seat == scene.viewer for piece in pieces)


@pytest.mark.slow
@pytest.mark.parametrize("speed", ["instant", "fast"])
def test_hot_seat_a_whole_match_each_person_chooses_behind_their_own_curtain(app: App, speed: str) -> None:
    """Two people and an AI at one screen (person, AI, person), played to the end by clicks, with
    no animation and with every animation played: before the other person acts a curtain for that
    person is on top and nothing private shows; once it is lifted that person sits at the bottom
    with exactly their own numbers face up. Every turn both people choose a number, the second one
    only after a curtain of their own, and the other person's chosen number is a back (its piece
    does not even know it) until the reveal."""
    app.settings.anim_speed = speed
    scene = open_table(app, [Seat("human"), Seat("ai", AI_LEVEL), Seat("human")], seed=21)
    match = scene.match
    rng = random.Random(2)
    curtains: list[int] = []  # the person each curtain was for
    viewers: set[int] = set()
    choices: dict[int, list[tuple[int, int]]] = {}  # turn -> (seat, curtains so far) of each person's choice

    def under_curtain() -> None:
        curtain = app.top
        assert isinstance(curtain, Curtain)
        assert scene.hand_hidden and scene.face_up_numbers() == []
        assert all(not piece.face_up and piece.value == 0
                   for seat, piece in scene.spots.items() if seat != scene.viewer)
        mover = next(seat for seat in match.to_move() if match.seats[seat].is_human)
        assert curtain.seat == mover != scene.viewer
        curtains.append(mover)

    def frame() -> None:
        step_checking(app, scene)
        assert only_own_numbers_face_up(scene)

    for _ in range(400):
        lifted = len(curtains)
        if not table_gestures.wait_for_person(app, scene, frame, 4000, under_curtain):
            break
        if len(curtains) > lifted:  # the person the last curtain was for now sits at the bottom
            assert scene.viewer == curtains[-1] and not isinstance(app.top, Curtain)
        obs = scene.observation()
        assert scene.viewer in match.to_move() and match.seats[scene.viewer].is_human
        # the hand, and the chosen number on its spot until the reveal sends it to the rows
        own = [number for number in obs.hand if number != obs.my_choice]
        if obs.phase == PHASE_CHOOSE and obs.my_choice:
            own.append(obs.my_choice)
        assert sorted(scene.face_up_numbers()) == sorted(own)
        assert only_own_numbers_face_up(scene)
        viewers.add(scene.viewer)
        if obs.phase == PHASE_CHOOSE:
            assert 1 in scene.spots and not scene.spots[1].face_up  # the AI chose first, face down
            choices.setdefault(obs.turn, []).append((scene.viewer, len(curtains)))
        before, seat = len(match.log), scene.viewer
        act(app, scene, rng, "click")
        assert len(match.log) > before and match.log[before].seat == seat
        assert shows_no_secret(scene) and only_own_numbers_face_up(scene)
    assert scene.finished and match.is_over()
    assert viewers == {0, 2}
    assert sorted(choices) == list(range(18))
    for turn, made in choices.items():
        assert sorted(seat for seat, _ in made) == [0, 2], f"turn {turn}: {made}"
        assert made[1][1] > made[0][1], f"turn {turn}: the second person chose without a curtain of their own"
    assert len(curtains) >= 18
