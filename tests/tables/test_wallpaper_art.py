"""That Old Wallpaper's art and scoring panel, headless: sizes and caching, turned cards, hazy
cards, every card id, halves that join across an edge, the wall picture's offset, the highlights
and dimming, and the scoring panel for 2-5 players in both languages."""

from __future__ import annotations

import random
from collections.abc import Iterator
from types import SimpleNamespace
from typing import Any

import pygame
import pytest

from game.i18n import set_language, t
from game.rules.wallpaper import (
    BLUE,
    CARDS,
    GREEN,
    HAZY_COUNT,
    HAZY_FIRST,
    LARGE,
    RED,
    SMALL,
    WILD,
    YELLOW,
    Shape,
    completed_shapes,
    edges,
    legal_cells,
    meeting,
    score_parts,
)
from scenes.wallpaper import art_cards, art_motifs, art_paper, art_walls, layout
from scenes.wallpaper.art_paper import BOTTOM, LEFT, RIGHT, SEAT_COLOURS, TOP
from scenes.wallpaper.panels import ScoringPanel

Wall = dict[tuple[int, int], tuple[int, int]]


@pytest.fixture(autouse=True)
def display() -> Iterator[None]:
    """A dummy display (so pictures take the display's format) and fresh caches; English text."""
    pygame.init()
    pygame.display.set_mode((320, 200))
    art_paper.clear_caches()
    set_language("en")
    yield
    art_paper.clear_caches()
    set_language("en")


def card_with(top: str | None = None, bottom: str | None = None, left: str | None = None,
              right: str | None = None) -> int:
    """The id of the first wallpaper card with those halves (None: any)."""
    for card in CARDS:
        if ((top is None or card.top == top) and (bottom is None or card.bottom == bottom)
                and (left is None or card.left == left) and (right is None or card.right == right)):
            return card.id
    raise LookupError("no such card in the deck")


def difference(a: pygame.Surface, b: pygame.Surface, points: list[tuple[int, int]]) -> float:
    """The mean per-channel difference of two pictures at ``points``."""
    total = 0
    for point in points:
        ca, cb = a.get_at(point), b.get_at(point)
        total += sum(abs(ca[i] - cb[i]) for i in range(3))
    return total / (3 * len(points))


def grid(rect: pygame.Rect, step: int) -> list[tuple[int, int]]:
    """Sample points over ``rect``."""
    return [(x, y) for x in range(rect.left, rect.right, step) for y in range(rect.top, rect.bottom, step)]


def greedy_wall(rng: random.Random, count: int, hazy: int = 0) -> Wall:
    """A wall built card by card where each card makes the most shapes (ties at random)."""
    wall: Wall = {}
    ids = rng.sample(range(len(CARDS)), count) + [HAZY_FIRST + index for index in range(hazy)]
    for card_id in ids:
        options = []
        for cell in legal_cells(wall):
            for rot in (0, 180):
                made = sum(1 for dx, dy, mine, theirs in ((0, -1, 0, 2), (1, 0, 1, 3), (0, 1, 2, 0), (-1, 0, 3, 1))
                           if (cell[0] + dx, cell[1] + dy) in wall
                           and meeting(edges(card_id, rot)[mine], edges(*wall[(cell[0] + dx, cell[1] + dy)])[theirs]))
                options.append((made, rng.random(), cell, rot))
        _, _, cell, rot = max(options)
        wall[cell] = (card_id, rot)
    return wall


# ----- sizes and caching -------------------------------------------------------------------------------
@pytest.mark.parametrize("width", [48, 90, 151, 240])
def test_pictures_have_the_documented_sizes(width: int) -> None:
    height = round(width / layout.CARD_RATIO)
    assert art_cards.card_face(7, width).get_size() == (width, height)
    assert art_cards.card_face(7, width, 180).get_size() == (width, height)
    assert art_cards.card_face(HAZY_FIRST, width).get_size() == (width, height)
    assert art_cards.card_back(width).get_size() == (width, height)
    assert art_cards.round_card(2, width).get_size() == (width, height)
    number = art_cards.number_card(SEAT_COLOURS[0], 10, width)
    assert number.get_height() == width and number.get_width() < width  # portrait
    chip = art_cards.token(SEAT_COLOURS[1], width)
    assert chip.get_width() == width and width <= chip.get_height() <= width * 1.1  # a disc and its edge


def test_pictures_are_cached_by_their_arguments() -> None:
    assert art_cards.card_face(3, 120) is art_cards.card_face(3, 120)
    assert art_cards.card_face(3, 120, 180) is art_cards.card_face(3, 120, 180)
    assert art_cards.card_face(3, 120) is not art_cards.card_face(3, 120, 180)
    assert art_cards.card_face(3, 120) is not art_cards.card_face(4, 120)
    assert art_cards.card_back(100) is art_cards.card_back(100)
    assert art_cards.number_card(SEAT_COLOURS[2], 4, 90) is art_cards.number_card(SEAT_COLOURS[2], 4, 90)
    assert art_cards.number_card(SEAT_COLOURS[2], 4, 90) is not art_cards.number_card(SEAT_COLOURS[2], 4, 90, False)
    assert art_cards.token(SEAT_COLOURS[0], 40) is art_cards.token(SEAT_COLOURS[0], 40)
    assert art_cards.round_card(0, 150) is art_cards.round_card(0, 150)
    wall = {(0, 0): (3, 0), (0, 1): (5, 180)}
    first = art_walls.wall_picture(wall, 80)
    assert art_walls.wall_picture(dict(reversed(list(wall.items()))), 80)[0] is first[0]
    assert art_walls.wall_picture(wall, 80, dim_open=True)[0] is not first[0]


def test_round_cards_follow_the_language() -> None:
    english = art_cards.round_card(2, 180)
    set_language("ja")
    japanese = art_cards.round_card(2, 180)
    assert japanese is not english
    assert difference(english, japanese, grid(english.get_rect(), 3)) > 0.5


# ----- turning, hazy cards, every id ------------------------------------------------------------------
def test_a_half_turn_really_turns_the_picture() -> None:
    card_id = card_with(top=RED, bottom=GREEN)
    upright, turned = art_cards.card_face(card_id, 150), art_cards.card_face(card_id, 150, 180)
    width, height = upright.get_size()
    points = grid(upright.get_rect().inflate(-6, -6), 5)
    mirrored = [upright.get_at((width - 1 - x, height - 1 - y)) for x, y in points]
    assert [turned.get_at(point) for point in points] == mirrored
    assert difference(upright, turned, points) > 10  # a different picture, not the same one again
    # the red flower now sits at the bottom edge: the pixel just above its middle is petal-red
    r, g, b, _ = turned.get_at((width // 2 + 8, height - 6))
    assert r > g + 40 and r > b + 40


def test_hazy_cards_are_all_alike_soft_and_wild() -> None:
    faces = {id(art_cards.card_face(HAZY_FIRST + index, 120)) for index in range(HAZY_COUNT)}
    assert len(faces) == 1
    hazy = art_cards.card_face(HAZY_FIRST, 120)
    assert all(colour == WILD for colour in edges(HAZY_FIRST, 0))
    wild_card = card_with(top=WILD)
    assert difference(hazy, art_cards.card_face(wild_card, 120), grid(hazy.get_rect().inflate(-8, -8), 4)) > 8
    # misty: low saturation everywhere (no strong colours, unlike any wallpaper card)
    def saturation(surface: pygame.Surface) -> float:
        values = [surface.get_at(point) for point in grid(surface.get_rect().inflate(-8, -8), 3)]
        return sum(max(c[:3]) - min(c[:3]) for c in values) / len(values)
    assert saturation(hazy) < 0.6 * min(saturation(art_cards.card_face(card_id, 120)) for card_id in range(0, 109, 9))


def test_every_card_id_renders_opaque_inside() -> None:
    pictures = set()
    for card_id in art_cards.all_card_ids():
        face = art_cards.card_face(card_id, 96)
        assert face.get_size() == (96, 64)
        assert face.get_at((48, 32)).a == 255 and face.get_at((5, 5)).a == 255
        assert face.get_at((0, 0)).a < 255  # rounded corners
        pictures.add(face.get_at((48, 4))[:3] + face.get_at((4, 32))[:3] + face.get_at((48, 32))[:3])
    assert len(pictures) > 60  # the cards really differ


def test_centres_show_their_symbol() -> None:
    plain = next(card.id for card in CARDS if not card.centre)
    oval = next(card.id for card in CARDS if card.centre == "oval")
    r, g, b, _ = art_cards.card_face(oval, 180).get_at((90, 60))
    assert r > 150 and g < 90 and b < 90  # the red oval
    centre = pygame.Rect(0, 0, 30, 30)
    centre.center = (90, 60)
    for memory in ("clock", "radio", "teddy", "kite"):
        card_id = next(card.id for card in CARDS if card.centre == memory)
        assert difference(art_cards.card_face(card_id, 180), art_cards.card_face(plain, 180), grid(centre, 3)) > 20


# ----- halves join ---------------------------------------------------------------------------------
@pytest.mark.parametrize("rots", [(0, 0), (180, 0), (0, 180), (180, 180)])
def test_two_halves_join_into_the_whole_shape(rots: tuple[int, int]) -> None:
    """A red large half above a red large half, whatever the turns, shows the whole flower."""
    upper = card_with(bottom=RED) if rots[0] == 0 else card_with(top=RED)
    lower = card_with(top=RED) if rots[1] == 0 else card_with(bottom=RED)
    width = 180
    wall = {(0, 0): (upper, rots[0]), (0, 1): (lower, rots[1])}
    picture, offset = art_walls.wall_picture(wall, width)
    flower = art_motifs.motif(RED, art_motifs.motif_diameter(width, LARGE))
    shape = Shape(RED, LARGE, ((0, 0), (0, 1)))
    mx, my = layout.meeting_point(shape, width)
    area = flower.get_rect(center=(offset[0] + mx, offset[1] + my))
    points = [(x, y) for x, y in grid(area.inflate(-16, -16), 3) if abs(y - area.centery) > 3
              and flower.get_at((x - area.left, y - area.top)).a > 250]
    base = pygame.Surface(picture.get_size(), pygame.SRCALPHA)
    base.blit(picture, (0, 0))
    whole = pygame.Surface(picture.get_size(), pygame.SRCALPHA)
    whole.blit(flower, area)
    assert difference(base, whole, points) < 6


def test_small_halves_join_side_by_side() -> None:
    width = 180
    left, right = card_with(right=BLUE), card_with(left=BLUE)
    picture, offset = art_walls.wall_picture({(0, 0): (left, 0), (1, 0): (right, 0)}, width)
    cosmos = pygame.transform.rotate(art_motifs.motif(BLUE, art_motifs.motif_diameter(width, SMALL)), 90)
    mx, my = layout.meeting_point(Shape(BLUE, SMALL, ((0, 0), (1, 0))), width)
    area = cosmos.get_rect(center=(offset[0] + mx, offset[1] + my))
    points = [(x, y) for x, y in grid(area.inflate(-10, -10), 3) if abs(x - area.centerx) > 3
              and cosmos.get_at((x - area.left, y - area.top)).a > 250]
    whole = pygame.Surface(picture.get_size(), pygame.SRCALPHA)
    whole.blit(cosmos, area)
    assert difference(picture, whole, points) < 6


def test_colours_differ_by_shape_not_only_by_hue() -> None:
    """Each motif's silhouette (its opaque pixels) differs clearly from every other's."""
    silhouettes = {}
    for colour in (RED, YELLOW, BLUE, GREEN, WILD):
        mask = pygame.mask.from_surface(art_motifs.motif(colour, 90), 200)
        silhouettes[colour] = mask
    colours = list(silhouettes)
    for index, a in enumerate(colours):
        for b in colours[index + 1:]:
            overlap = silhouettes[a].overlap_area(silhouettes[b], (0, 0))
            union = silhouettes[a].count() + silhouettes[b].count() - overlap
            assert overlap / union < 0.92, (a, b)


# ----- wall pictures --------------------------------------------------------------------------------
def test_wall_picture_offset_places_every_cell() -> None:
    width = 120
    height = layout.card_height(width)
    wall = {(-2, -1): (0, 0), (-1, -1): (1, 180), (-1, 0): (2, 0), (0, 0): (3, 0), (0, 1): (HAZY_FIRST, 0)}
    picture, offset = art_walls.wall_picture(wall, width)
    margin = layout.wall_margin(width)
    assert offset == (margin + 2 * width, margin + height)
    assert picture.get_size() == (3 * width + 2 * margin, 3 * height + 2 * margin)
    for (x, y), (card_id, rot) in wall.items():
        face = art_cards.card_face(card_id, width, rot)
        left, top = offset[0] + x * width, offset[1] + y * height
        inside = [(px, py) for px, py in grid(pygame.Rect(6, 6, width - 12, height - 12), 7)]
        assert all(picture.get_at((left + px, top + py))[:3] == face.get_at((px, py))[:3] for px, py in inside)
        rect = layout.cell_rect((x, y), width).move(offset)
        assert rect.topleft == (left, top)
    empty = art_walls.wall_picture({(1, 1): (5, 0)}, width)
    assert empty[1] == (margin - width, margin - height)


def test_empty_wall_is_a_blank_cell() -> None:
    picture, offset = art_walls.wall_picture({}, 90)
    margin = layout.wall_margin(90)
    assert offset == (margin, margin)
    assert picture.get_at((margin + 45, margin + 30)).a == 0


def test_highlights_ring_completed_shapes_and_dimming_pales_open_halves() -> None:
    wall = greedy_wall(random.Random(4), 12)
    shapes = completed_shapes(wall)
    assert shapes
    width = 150
    plain, offset = art_walls.wall_picture(wall, width)
    ringed, ringed_offset = art_walls.wall_picture(wall, width, shapes=shapes)
    assert ringed_offset == offset
    shape = shapes[0]
    mx, my = layout.meeting_point(shape, width)
    radius = art_motifs.motif_diameter(width, shape.size) // 2 + 3
    ring = [(offset[0] + mx + round(radius * dx), offset[1] + my + round(radius * dy))
            for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1), (0.7, 0.7), (-0.7, -0.7))]
    assert difference(plain, ringed, ring) > 25
    dimmed, _ = art_walls.wall_picture(wall, width, shapes=shapes, dim_open=True)
    open_halves = art_walls.open_sides(wall, shapes)
    assert open_halves
    cell, side = open_halves[0]
    rect = layout.cell_rect(cell, width).move(offset)
    near_edge = {TOP: (rect.centerx, rect.top + 6), BOTTOM: (rect.centerx, rect.bottom - 7),
                 LEFT: (rect.left + 6, rect.centery), RIGHT: (rect.right - 7, rect.centery)}[side]
    assert difference(ringed, dimmed, [near_edge]) > 10
    closed = {(c, s) for c in wall for s in range(4)} - set(open_halves)
    for cell, side in list(closed)[:6]:
        rect = layout.cell_rect(cell, width).move(offset)
        x, y = {TOP: (rect.centerx - 3, rect.top + 4), BOTTOM: (rect.centerx - 3, rect.bottom - 5),
                LEFT: (rect.left + 4, rect.centery - 3), RIGHT: (rect.right - 5, rect.centery - 3)}[side]
        assert dimmed.get_at((x, y)) == ringed.get_at((x, y))


def test_fitted_wall_fits_its_box() -> None:
    wall = greedy_wall(random.Random(9), 22, hazy=2)
    for box in ((300, 250), (760, 250), (120, 90)):
        picture, _, cell_width = art_walls.wall_picture_fitted(wall, box)
        assert picture.get_width() <= box[0] and picture.get_height() <= box[1]
        assert art_walls.wall_picture_fitted(wall, (box[0] + 60, box[1] + 60))[2] >= cell_width


def test_wild_and_wild_gets_a_fainter_ring() -> None:
    wild = art_walls.marker(WILD, LARGE, 150)
    red = art_walls.marker(RED, LARGE, 150)
    strength = [sum(surface.get_at(p).a for p in grid(surface.get_rect(), 4)) for surface in (wild, red)]
    assert strength[0] < strength[1]


# ----- number cards and tokens ------------------------------------------------------------------------
def test_number_cards_and_tokens_carry_a_seat_emblem() -> None:
    masks = []
    for index in range(6):  # the emblems differ by shape, so colour is not needed
        canvas = pygame.Surface((60, 60), pygame.SRCALPHA)
        art_cards.draw_emblem(canvas, index, (30, 30), 24, (0, 0, 0))
        masks.append(pygame.mask.from_surface(canvas))
    for index, a in enumerate(masks):
        for b in masks[index + 1:]:
            overlap = a.overlap_area(b, (0, 0))
            assert overlap < 0.85 * (a.count() + b.count() - overlap)
    colour = SEAT_COLOURS[2]
    assert art_cards.number_card(colour, 7, 140) is art_cards.number_card(colour, 7, 140, seat=2)
    by_seat = [art_cards.number_card(colour, 7, 140, seat=seat) for seat in range(6)]
    assert len({bytes(pygame.image.tobytes(card, "RGBA")) for card in by_seat}) == 6
    tokens = [art_cards.token(colour, 60, seat=seat) for seat in range(6)]
    assert len({bytes(pygame.image.tobytes(chip, "RGBA")) for chip in tokens}) == 6
    backs = [art_cards.number_card(colour, 1, 140, face_up=False) for colour in SEAT_COLOURS]
    assert len({bytes(pygame.image.tobytes(back, "RGBA")) for back in backs}) == 6
    assert art_cards.number_card(SEAT_COLOURS[0], 1, 140, False) is art_cards.number_card(SEAT_COLOURS[0], 9, 140,
                                                                                          False)
    assert art_cards.seat_index_of(SEAT_COLOURS[5]) == art_paper.GRANDMA_INDEX
    assert art_cards.seat_index_of((1, 2, 3)) == -1
    numbers = [art_cards.number_card(SEAT_COLOURS[3], n, 140) for n in range(1, 11)]
    assert len({bytes(pygame.image.tobytes(card, "RGBA")) for card in numbers}) == 10


# ----- the scoring panel ------------------------------------------------------------------------------
class FakeTable:
    """Just what a ModalPanel needs from a table."""

    def __init__(self) -> None:
        self.app = SimpleNamespace(audio=None)
        self.continued = 0

    def continue_round(self) -> None:
        self.continued += 1

    def name_of(self, seat: int) -> str:
        return f"Seat {seat + 1}"


def scored(players: int, seed: int) -> tuple[Any, Any]:
    """A GameScored event and an observation-like object with the walls and the token line."""
    rng = random.Random(seed)
    walls = [greedy_wall(rng, rng.randint(14, 24), hazy=rng.randint(0, 2)) for _ in range(players)]
    line = list(range(players + (1 if players == 2 else 0)))
    rng.shuffle(line)
    event = score_parts(walls, line, players)
    observation = SimpleNamespace(walls=tuple(tuple(sorted(wall.items())) for wall in walls), token_line=tuple(line))
    return event, observation


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_scoring_panel_builds_and_draws(players: int, lang: str) -> None:
    set_language(lang)
    pygame.display.set_mode((1920, 1080))
    event, observation = scored(players, players * 7)
    table = FakeTable()
    panel = ScoringPanel(table, event, observation)
    screen = pygame.Surface((1920, 1080))
    panel.draw(screen)
    body = pygame.Rect(20, 20, *panel.RECT.size)
    columns = panel.columns(body)
    assert len(columns) == players
    assert all(body.contains(column) for column in columns)
    assert columns[0].bottom < panel.button.rect.top - panel.RECT.top + 20  # nothing under the button
    assert panel.RECT.contains(panel.button.rect)
    assert [panel.counts[seat] for seat in range(players)] == [
        wart_counts(observation, seat) for seat in range(players)]
    picture = panel.render()
    column = columns[-1]
    wall_box = pygame.Rect(column.left + 12, panel.row_tops(column.top)["wall"], column.width - 24, 250)
    assert len({picture.get_at(p)[:3] for p in grid(wall_box, 6)}) > 40  # a wall is drawn there
    box = (column.width - 24, 250)
    shared_width = panel.cell_width(box)
    for wall in panel.walls:  # every wall at one scale, the largest at which all of them fit
        assert shared_width <= layout.fitted_cell_width(wall, box, 150)
        assert art_walls.wall_picture(wall, shared_width)[0].get_width() <= box[0]
    assert shared_width == min(layout.fitted_cell_width(wall, box, 150) for wall in panel.walls)
    panel.button.activate()
    assert table.continued == 1


def wart_counts(observation: Any, seat: int) -> dict[str, tuple[int, int]]:
    """The shape counts of a seat's wall, straight from the rules."""
    from game.rules.wallpaper import shape_counts
    return shape_counts(dict(observation.walls[seat]))


def test_panel_outcome_and_tie_notes() -> None:
    event, observation = scored(3, 2)
    table = FakeTable()
    clear = type(event)(event.shapes, event.memories, event.ovals, event.oval_points, event.token, (30, 20, 10), (0,))
    panel = ScoringPanel(table, clear, observation)
    assert panel.tie_note() == ""
    assert panel.outcome() == t("wallpaper_score.wins", player="Seat 1", n=30)
    broken = type(event)(event.shapes, event.memories, (1, 3, 0), event.oval_points, event.token, (30, 30, 10), (0,))
    assert ScoringPanel(table, broken, observation).tie_note() == t("wallpaper_score.note.oval_tiebreak", n=30)
    shared = type(event)(event.shapes, event.memories, (2, 2, 0), event.oval_points, event.token, (30, 30, 10),
                         (0, 1))
    panel = ScoringPanel(table, shared, observation, names=["Aoi", "Ken", "Mio"])
    assert panel.tie_note() == t("wallpaper_score.note.shared")
    assert "Aoi" in panel.outcome() and "Ken" in panel.outcome() and "Mio" not in panel.outcome()


def test_panel_continue_can_be_redirected() -> None:
    event, observation = scored(2, 5)
    table = FakeTable()
    called: list[bool] = []
    panel = ScoringPanel(table, event, observation, on_continue=lambda: called.append(True))
    panel.button.activate()
    assert called == [True] and table.continued == 0


def test_prewarm_fills_the_caches_the_table_reads() -> None:
    assert ("face", 12, 100, 180) not in art_paper._faces.items
    art_cards.prewarm(100, number_heights=(60,), seats=(0, 5))
    assert all(("face", card_id, 100, rot) in art_paper._faces.items for card_id in range(109) for rot in (0, 180))
    grandma = SEAT_COLOURS[5]
    assert all(("number", grandma, number, 60, True, 5) in art_paper._misc.items for number in range(1, 11))
    assert ("number", SEAT_COLOURS[1], 3, 60, True, 1) not in art_paper._misc.items  # only the seats asked
    drawn = len(art_paper._faces.items) + len(art_paper._misc.items)
    face = art_cards.card_face(12, 100, 180)
    number = art_cards.number_card(grandma, 10, 60)
    assert len(art_paper._faces.items) + len(art_paper._misc.items) == drawn  # nothing new was drawn
    assert face is art_paper._faces.items[("face", 12, 100, 180)] and number is art_paper._misc.items[
        ("number", grandma, 10, 60, True, 5)]
