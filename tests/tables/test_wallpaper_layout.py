"""That Old Wallpaper's layout on its own, with no display (no App, no pygame.init): for every
player count and every viewer, what the layout places lies on the canvas and inside its area, the
things that must stay apart do, the wall camera fits a wall into the wall area, and a few positions
at 1920x1080 are pinned to the numbers the table has always used."""

from __future__ import annotations

import itertools
import os
import random
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game.rules.wallpaper import HAND_SIZE, legal_cells
from scenes.table.art import CARD_SIZE
from scenes.table.base import HELP_RECT, MENU_RECT, UNDO_RECT
from scenes.wallpaper.layout import (
    ACTION_RECT,
    CELL_SIZES,
    DECK_POS,
    FELT,
    HAND_H,
    HAZY_POS,
    HEADER_Y,
    MARKET,
    NUMBER_H_SMALL,
    PLAY_SPOT,
    ROUND_POS,
    ROW_BOTTOM,
    ROW_CARD_W,
    SCREEN,
    SPOT_H,
    STRIP,
    TITLE_WIDTH,
    TOKEN_Y,
    TRAY_FIRST,
    TRAY_NEXT_W,
    TRAY_W,
    WALL_AREA,
    WALL_TITLE,
    Camera,
    Geometry,
    card_height,
    felt_rect,
    fit_camera,
    row_step,
    wall_area,
)

ROOT = Path(__file__).resolve().parents[2]
PLAYERS = (2, 3, 4, 5)
SEATINGS = [(players, viewer) for players in PLAYERS for viewer in range(-1, players)]  # -1: nobody's side
CANVAS = pygame.Rect((0, 0), SCREEN)
TOKEN_LINE = pygame.Rect(0, TOKEN_Y - 22, SCREEN[0], 44)  # the token line's band across the market
TRAY_SHOWN = 4  # taken cards the tray shows side by side without reaching the buttons


def box_around(centre: tuple[float, float], size: tuple[float, float]) -> pygame.Rect:
    """The rectangle of ``size`` centred on ``centre`` (rounded as the pieces round)."""
    rect = pygame.Rect(0, 0, round(size[0]), round(size[1]))
    rect.center = (round(centre[0]), round(centre[1]))
    return rect


def number_card(centre: tuple[float, float], height: int, sideways: bool = False) -> pygame.Rect:
    """A number card's rectangle (portrait, shaped like every table's cards; ``sideways`` turned a
    quarter, as a number blocking rows lies)."""
    width = round(height * CARD_SIZE[0] / CARD_SIZE[1])
    return box_around(centre, (height, width) if sideways else (width, height))


def wallpaper_card(centre: tuple[float, float], width: int) -> pygame.Rect:
    """A wallpaper card's rectangle (landscape, ``width`` wide)."""
    return box_around(centre, (width, card_height(width)))


def row_cards(geometry: Geometry, row: int, count: int) -> list[pygame.Rect]:
    """The rectangles of a row of ``count`` cards on the market."""
    return [wallpaper_card(geometry.row_slot(row, index, count), ROW_CARD_W) for index in range(count)]


def collision_blocks(geometry: Geometry) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """Every collision a table can show: 2..all seats on one number, blocking neighbouring rows."""
    blocks = []
    for seats in range(2, geometry.players + 1):
        for first in range(geometry.row_count - seats + 1):
            blocks.append((tuple(range(seats)), tuple(range(first, first + seats))))
    return blocks


class Block:
    """A reveal block as the rules report it: the seats that played one number and their rows."""

    def __init__(self, seats: tuple[int, ...], rows: tuple[int, ...]) -> None:
        self.seats = seats
        self.rows = rows


def assert_apart(rects: dict[str, pygame.Rect]) -> None:
    """No two of the named rectangles overlap."""
    for (name_a, a), (name_b, b) in itertools.combinations(rects.items(), 2):
        assert not a.colliderect(b), f"{name_a} {a} overlaps {name_b} {b}"


# ----- everything on the canvas ------------------------------------------------------------------------
@pytest.mark.parametrize(("players", "viewer"), SEATINGS)
def test_everything_the_layout_places_lies_on_the_canvas(players: int, viewer: int) -> None:
    """Boxes, columns, row cards, claiming numbers, spots, the hand, the tray, where things fly and
    the areas all lie on the 1920x1080 canvas, each inside the area it belongs to."""
    geometry = Geometry(players, viewer)
    for area in (MARKET, STRIP, WALL_AREA, pygame.Rect(FELT), pygame.Rect(ACTION_RECT)):
        assert CANVAS.contains(area)
    assert pygame.Rect(FELT).contains(MARKET.union(STRIP).union(WALL_AREA))  # the mat holds all three
    boxes = geometry.box_rects()
    assert sorted(boxes) == list(range(players + (1 if players == 2 else 0)))  # Grandma's box with two
    for seat, box in boxes.items():
        assert STRIP.contains(box), (seat, box)
    for row in range(geometry.row_count):
        assert MARKET.contains(geometry.column_rect(row)), row
        assert MARKET.contains(number_card(geometry.header_pos(row), NUMBER_H_SMALL)), row
        for count in (1, 2, 5, 9, 14):
            for card in row_cards(geometry, row, count):
                assert MARKET.contains(card), (row, count, card)
    for seats, rows in collision_blocks(geometry):
        block = Block(seats, rows)
        for index in range(len(seats)):
            (x, y), angle = geometry.number_place(block, index)
            assert angle == 90.0
            assert MARKET.contains(number_card((x, y), NUMBER_H_SMALL, sideways=True)), (seats, rows, index)
    for seat in range(players):
        spot = geometry.spot_pos(seat)
        if seat == viewer:
            assert spot == PLAY_SPOT and CANVAS.contains(number_card(spot, HAND_H))
        else:
            assert boxes[seat].contains(number_card(spot, SPOT_H)), seat
        assert CANVAS.collidepoint(geometry.seat_anchor(seat))
    for index in range(HAND_SIZE):
        assert CANVAS.contains(number_card(geometry.hand_slot(index), HAND_H)), index
    assert CANVAS.contains(wallpaper_card(geometry.tray_slot(0), TRAY_W))
    for index in range(1, 10):  # the tray's later cards overlap, nine of them still on the canvas
        assert CANVAS.contains(wallpaper_card(geometry.tray_slot(index), TRAY_NEXT_W)), index
    for centre in (DECK_POS, ROUND_POS, HAZY_POS):
        assert MARKET.collidepoint(centre)


# ----- what must stay apart ----------------------------------------------------------------------------
@pytest.mark.parametrize("players", PLAYERS)
def test_seats_rows_and_areas_do_not_overlap(players: int) -> None:
    """The strip's boxes, the rows' columns, the market, the strip and the large wall stay apart;
    a claiming number sits above its row's first card and a full row above the token line."""
    geometry = Geometry(players, 0)
    boxes = geometry.box_rects()
    assert_apart({f"box {seat}": box for seat, box in boxes.items()})
    assert_apart({f"column {row}": geometry.column_rect(row) for row in range(geometry.row_count)})
    assert_apart({"market": MARKET, "strip": STRIP, "wall": WALL_AREA})
    for row in range(geometry.row_count):
        header = number_card(geometry.header_pos(row), NUMBER_H_SMALL)
        assert not header.colliderect(row_cards(geometry, row, 1)[0]), row
        for count in (1, 6, 14):
            last = row_cards(geometry, row, count)[-1]
            assert last.bottom <= ROW_BOTTOM + 4 and not last.colliderect(TOKEN_LINE), (row, count, last)


@pytest.mark.parametrize(("players", "viewer"), [(players, 0) for players in PLAYERS] + [(4, 2), (5, -1)])
def test_the_bottom_row_stays_clear_of_the_buttons(players: int, viewer: int) -> None:
    """The hand's cards, the play spot and the tray's first cards do not overlap one another or the
    buttons (the action button here, Undo, Help and Menu of every table); the wall's title stays
    left of Help and above the wall."""
    geometry = Geometry(players, viewer)
    buttons = {"action": pygame.Rect(ACTION_RECT), "undo": pygame.Rect(UNDO_RECT), "help": pygame.Rect(HELP_RECT),
               "menu": pygame.Rect(MENU_RECT)}
    assert_apart(buttons)
    hand = {f"hand {index}": number_card(geometry.hand_slot(index), HAND_H) for index in range(HAND_SIZE)}
    assert_apart(hand)
    assert_apart({"hand": hand["hand 0"].unionall(list(hand.values())), "spot": number_card(PLAY_SPOT, HAND_H),
                  "tray": wallpaper_card(geometry.tray_slot(0), TRAY_W), **buttons})
    for index in range(1, TRAY_SHOWN + 1):
        card = wallpaper_card(geometry.tray_slot(index), TRAY_NEXT_W)
        assert not any(card.colliderect(button) for button in buttons.values()), index
    title = pygame.Rect(0, 0, TITLE_WIDTH, 50)
    title.midleft = WALL_TITLE
    assert title.right <= HELP_RECT[0] and title.bottom <= WALL_AREA.top
    assert_apart({"title": title, "wall": WALL_AREA, "market": MARKET})


# ----- the wall camera ----------------------------------------------------------------------------------
def grown_wall(rng: random.Random, count: int) -> list[tuple[int, int]]:
    """A wall grown as the rules let it grow: each card on a free cell next to the others."""
    wall: dict[tuple[int, int], int] = {}
    for _ in range(count):
        wall[rng.choice(legal_cells(wall))] = 0
    return list(wall)


@pytest.mark.parametrize("seed", range(12))
def test_the_camera_shows_a_whole_wall_inside_the_wall_area(seed: int) -> None:
    """A wall of up to 18 cards (a whole game's) is shown whole inside the wall area at one of the
    few cell widths; a point in a cell maps back to that cell."""
    rng = random.Random(seed)
    cells = grown_wall(rng, rng.randint(1, 18))
    camera = fit_camera(cells, (0, 0))
    assert camera.cell in CELL_SIZES
    xs, ys = [x for x, _ in cells], [y for _, y in cells]
    columns, rows = max(xs) - min(xs) + 3, max(ys) - min(ys) + 3  # with a cell of margin all round
    smallest = CELL_SIZES[-1]
    if columns * smallest <= WALL_AREA.width and rows * card_height(smallest) <= WALL_AREA.height - 20:
        for cell in cells:
            assert WALL_AREA.contains(camera.cell_rect(cell)), (cell, camera)
    for cell in cells:
        assert camera.cell_at(camera.cell_rect(cell).center) == cell


def test_the_pan_moves_the_wall_by_as_much() -> None:
    """A pan shifts the origin by the pan and keeps the cell width."""
    cells = [(0, 0), (1, 0), (1, 1)]
    still, panned = fit_camera(cells, (0, 0)), fit_camera(cells, (35, -70))
    assert panned.cell == still.cell
    assert panned.origin == (still.origin[0] + 35, still.origin[1] - 70)


# ----- another canvas ------------------------------------------------------------------------------------
@pytest.mark.parametrize("canvas", [(1920, 1080), (2560, 1440), (1600, 900)])
def test_the_areas_that_reach_the_right_edge_follow_the_canvas(canvas: tuple[int, int]) -> None:
    """The mat and the large wall keep today's distance to the right edge on any canvas, and the
    camera fits a wall into the wall area it is given."""
    felt = pygame.Rect(felt_rect(canvas))
    wall = wall_area(canvas)
    assert canvas[0] - felt.right == SCREEN[0] - pygame.Rect(FELT).right
    assert canvas[0] - wall.right == SCREEN[0] - WALL_AREA.right
    assert felt.contains(wall) and pygame.Rect((0, 0), canvas).contains(felt)
    camera = fit_camera([(0, 0), (1, 0), (2, 0)], (0, 0), wall)
    assert all(wall.contains(camera.cell_rect((x, 0))) for x in range(3))


# ----- pinned numbers --------------------------------------------------------------------------------------
def test_positions_at_1920x1080_are_todays() -> None:
    """A few positions, exactly as the table places them (the rows start lower and Grandma's
    box is wider since their words grew to a legible size at 1280x720)."""
    assert felt_rect() == FELT == (14, 12, 1892, 752)
    assert wall_area() == WALL_AREA == pygame.Rect(1040, 104, 860, 652)
    assert [Geometry(2, 0).column_x(row) for row in range(3)] == [652.0, 474.0, 296.0]
    assert [Geometry(4, 0).column_x(row) for row in range(4)] == [830.0, 652.0, 474.0, 296.0]
    assert [Geometry(5, 0).column_x(row) for row in range(5)] == [939.0, 778.25, 617.5, 456.75, 296.0]
    assert {seat: tuple(rect) for seat, rect in Geometry(2, 0).box_rects().items()} == {
        0: (24, 628, 406, 134), 1: (440, 628, 406, 134), 2: (856, 628, 160, 134)}
    assert {seat: tuple(rect) for seat, rect in Geometry(5, 0).box_rects().items()} == {
        0: (24, 628, 190, 134), 1: (224, 628, 190, 134), 2: (424, 628, 190, 134), 3: (624, 628, 190, 134),
        4: (824, 628, 190, 134)}
    geometry = Geometry(4, 0)
    assert geometry.spot_pos(0) == PLAY_SPOT == (980.0, 938.0)
    assert geometry.spot_pos(1) == (490.0, 655.0)
    assert geometry.seat_anchor(0) == TRAY_FIRST and geometry.seat_anchor(1) == (394.0, 695.0)
    assert tuple(geometry.column_rect(0)) == (759, 40, 142, 526)
    assert geometry.row_slot(0, 2, 3) == (830.0, 422.0)
    assert geometry.hand_slot(4) == (802.0, 938.0)
    assert geometry.tray_slot(0) == (1130.0, 952.0) and geometry.tray_slot(3) == (1414.0, 962.0)
    assert (row_step(1), row_step(5), row_step(9)) == (100.0, 73.0, 36.5)
    assert geometry.number_place(Block((0, 2), (1, 2)), 1) == ((607.5, 130), 90.0)
    assert geometry.number_place(Block((3,), (0,)), 0) == ((830.0, float(HEADER_Y)), 0.0)
    assert fit_camera([(0, 0)], (0, 0)) == Camera(176, (1382, 372))
    assert fit_camera([(0, y) for y in range(-4, 6)], (10, -20)) == Camera(72, (1444, 362))


def test_the_layout_computes_without_a_display() -> None:
    """In a fresh interpreter, importing the layout and computing with it opens no display and
    starts no part of pygame."""
    code = ("import pygame\n"
            "from scenes.wallpaper.layout import Geometry, fit_camera\n"
            "geometry = Geometry(5, 2)\n"
            "geometry.box_rects(); geometry.spot_pos(3); geometry.row_slot(0, 1, 4)\n"
            "fit_camera([(0, 0), (1, 0)], (0, 0))\n"
            "assert not pygame.get_init() and not pygame.display.get_init()\n")
    env = {**os.environ, "SDL_VIDEODRIVER": "offscreen", "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=120, check=False)
    assert done.returncode == 0, done.stderr
