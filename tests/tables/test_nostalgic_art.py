"""Nostalgic's art and the dice throw: pictures are cached and sized right, the board's layout puts
every balloon, cell and slot on the board, and a throw always comes to rest, on time, on the given
faces, apart and inside its area, the same way for the same seed."""

from __future__ import annotations

import itertools
import random

import pygame
import pytest

from game.i18n import set_language
from game.rules.nostalgic import BOARD, BOX_BONUS, MAX_BOXES, RANK_PENALTY
from scenes.nostalgic import art, art_board, art_table
from scenes.nostalgic.layout import BOARD_SIZE, CARD_ASPECT, NP_TRACK, TRACK_BAND, board_layout
from scenes.table import dice_throw
from scenes.table.dice_throw import DiceThrow, die_face, picture_side, squares_overlap

SIZE = BOARD_SIZE
AREA = pygame.Rect(400, 260, 900, 520)


@pytest.fixture(scope="module", autouse=True)
def display() -> None:
    """A (dummy) display, so pictures are converted the way the app converts them."""
    pygame.display.init()
    pygame.display.set_mode((320, 200))


def _bytes(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGBA")


def _alpha_mask(surface: pygame.Surface) -> bytes:
    return bytes(255 if alpha > 40 else 0 for alpha in _bytes(surface)[3::4])


# ----- pictures ----------------------------------------------------------------------------------------
def test_board_picture_has_the_size_asked_for_and_is_drawn_once() -> None:
    for size in (SIZE, (980, 620)):
        picture = art_board.board_picture(size)
        assert picture.get_size() == size
        assert art_board.board_picture(size) is picture


def test_cards_are_cached_sized_and_tell_the_kinds_apart() -> None:
    faces = {card: art.card_face(card, 96) for card in ("T", "P", "L", "TW", "PW", "LW")}
    for card, face in faces.items():
        assert face.get_size() == art.card_size(96) == (96, round(96 * CARD_ASPECT))
        assert art.card_face(card, 96) is face
    pictures = {_bytes(face) for face in faces.values()}
    assert len(pictures) == 6  # every kind, and each wild, looks different
    # by colour: the frame of each kind has its own colour
    frames = {card: faces[card].get_at((3, 60))[:3] for card in ("T", "P", "L")}
    assert len(set(frames.values())) == 3
    assert art.card_back(96).get_size() == (96, round(96 * CARD_ASPECT))


def test_kinds_differ_by_symbol_not_only_colour() -> None:
    """Seen without colour (a light/dark map of the medallion), the three symbols still differ."""
    def shape(card: str) -> list[bool]:
        face = art.card_face(card, 96)
        middle = face.subsurface(pygame.Rect(20, 40, 56, 64))
        data = _bytes(middle)
        return [0.299 * data[i] + 0.587 * data[i + 1] + 0.114 * data[i + 2] < 150 for i in range(0, len(data), 4)]

    maps = {kind: shape(kind) for kind in ("T", "P", "L")}
    for first, second in itertools.combinations(maps.values(), 2):
        differing = sum(a != b for a, b in zip(first, second))
        assert differing > len(first) * 0.05


def test_markers_differ_by_shape_and_are_cached() -> None:
    masks = set()
    for seat in range(4):
        marker = art.player_marker(seat, 40)
        assert marker.get_width() == 40 and marker.get_height() >= 40
        assert art.player_marker(seat, 40) is marker
        masks.add(_alpha_mask(marker))
        assert art.box_marker(seat, 30).get_width() == 30
    assert len(masks) == 4  # the outlines differ, so colour is not the only signal
    assert len(set(art.SEAT_SHAPES)) == len(art.SEAT_COLOURS) == 4


def test_chip_and_round_card_sizes() -> None:
    assert art.chip(44).get_width() == 44
    first, second = art.round_card(0, 90), art.round_card(1, 90)
    assert first.get_size() == art.card_size(90)
    assert _bytes(first) != _bytes(second)


def test_die_pictures_are_square_cached_and_share_symmetric_turns() -> None:
    for size in (52, 64, 80):
        for value in range(1, 7):
            picture = die_face(value, size, dice_throw.IVORY, angle=37.0)
            assert picture.get_size() == (picture_side(size), picture_side(size))
            assert die_face(value, size, dice_throw.IVORY, angle=37.0) is picture
    # 5 looks the same after a quarter turn; 2 only after a half turn
    assert die_face(5, 64, angle=0.0) is die_face(5, 64, angle=90.0)
    assert die_face(2, 64, angle=0.0) is die_face(2, 64, angle=180.0)
    assert die_face(2, 64, angle=0.0) is not die_face(2, 64, angle=90.0)
    # angles are quantised: a few degrees apart is the same picture
    assert die_face(3, 64, angle=44.0) is die_face(3, 64, angle=46.0)
    faces = {_bytes(die_face(value, 64)) for value in range(1, 7)}
    assert len(faces) == 6
    assert _bytes(die_face(4, 64, blur=1.0)) != _bytes(die_face(4, 64, blur=0.0))
    assert _bytes(die_face(4, 64, (72, 136, 204))) != _bytes(die_face(4, 64))


def test_prewarm_draws_every_picture_a_throw_needs() -> None:
    count = dice_throw.prewarm_dice(60, [dice_throw.IVORY])
    assert count == (3 * 6 + 3 * 12) * dice_throw.BLUR_LEVELS  # 1, 4, 5 repeat every 90 degrees


# ----- the layout ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("size", [SIZE, (980, 620), (1300, 760), (1244, 712)])
def test_every_balloon_has_a_rect_and_slots_inside_its_space(size: tuple[int, int]) -> None:
    layout = board_layout(size)
    board = pygame.Rect((0, 0), size)
    assert set(layout.balloon_rects) == {balloon.id for balloon in BOARD}
    for balloon in BOARD:
        rect = layout.balloon_rects[balloon.id]
        assert layout.space_rects[balloon.space].contains(rect)
        assert board.contains(rect)
        count = 8 if balloon.capacity is None else 1
        centres = layout.die_slots(balloon.id, count)
        assert len(centres) == count and len(set(centres)) == count
        for centre in centres:
            die = pygame.Rect(0, 0, layout.slot_size, layout.slot_size)
            die.center = centre
            assert rect.contains(die), (balloon.id, centre)
        assert layout.balloon_at(rect.center) == balloon.id
    assert layout.die_slots("recall_any", 0) == []


def test_cards_and_die_slots_keep_their_shape_on_a_stretched_board() -> None:
    layout = board_layout((1244, 712))
    for rect in [*layout.closet_slots, layout.deck_rect]:
        assert rect.height / rect.width == pytest.approx(CARD_ASPECT, abs=0.03)
        assert layout.closet_rect.contains(rect) or rect is layout.deck_rect
    for balloon in BOARD:
        if balloon.capacity is not None:
            area = layout.dice_areas[balloon.id]
            assert area.width == area.height >= layout.slot_size


def test_unlimited_balloon_is_bigger_and_balloons_do_not_overlap() -> None:
    layout = board_layout(SIZE)
    rects = layout.balloon_rects
    big = [balloon.id for balloon in BOARD if balloon.capacity is None]
    small = [balloon.id for balloon in BOARD if balloon.capacity is not None]
    for name in big:
        assert all(rects[name].width * rects[name].height > 1.5 * rects[other].width * rects[other].height
                   for other in small)
    for first, second in itertools.combinations(rects.values(), 2):
        assert not first.colliderect(second)


def test_track_cells_closet_boxes_and_supply_are_on_the_board() -> None:
    layout = board_layout(SIZE)
    board = pygame.Rect((0, 0), SIZE)
    assert len(layout.np_cells) == NP_TRACK
    for first, second in itertools.combinations(layout.np_cells, 2):
        assert not first.colliderect(second)
    for np in range(NP_TRACK):
        assert board.collidepoint(layout.np_cell(np))
        for seat in range(4):
            assert layout.np_cells[np].collidepoint(layout.np_cell(np, seat))
    assert layout.np_cell(NP_TRACK + 3) == layout.np_cell(3)
    assert layout.np_laps(NP_TRACK + 3) == 1
    assert layout.np_cell(-4) == layout.np_cell(0)
    assert len(layout.box_rects) == MAX_BOXES + 1
    xs = [layout.box_cell(n)[0] for n in range(MAX_BOXES + 1)]
    assert xs == sorted(xs) and len(set(xs)) == len(xs)  # the box track runs left to right
    for n in range(MAX_BOXES + 1):
        assert board.collidepoint(layout.box_cell(n)) and board.collidepoint(layout.box_cell(n, 3))
    assert layout.box_cell(MAX_BOXES + 4) == layout.box_cell(MAX_BOXES)
    assert all(0 < n <= MAX_BOXES for n in BOX_BONUS)
    assert len(layout.closet_slots) == 5
    for slot in layout.closet_slots:
        assert layout.closet_rect.contains(slot)
    for first, second in itertools.combinations([*layout.closet_slots, layout.deck_rect], 2):
        assert not first.colliderect(second)
    for rect in (layout.deck_rect, layout.chip_supply_rect):
        assert board.contains(rect)
    inner = board.inflate(-2 * TRACK_BAND, -2 * TRACK_BAND)
    for rect in [*layout.balloon_rects.values(), layout.closet_rect, layout.chip_supply_rect]:
        assert inner.contains(rect)  # nothing lies on the NP track


def test_origin_moves_every_place() -> None:
    here, there = board_layout(SIZE), board_layout(SIZE, (300, 40))
    assert there.balloon_rects["pack1"] == here.balloon_rects["pack1"].move(300, 40)
    assert there.np_cell(7) == (here.np_cell(7)[0] + 300, here.np_cell(7)[1] + 40)
    assert there.die_slots("recall_any", 3)[0] == (here.die_slots("recall_any", 3)[0][0] + 300,
                                                  here.die_slots("recall_any", 3)[0][1] + 40)


# ----- the throw -----------------------------------------------------------------------------------------
def _throw(seed: int, count: int = 4, **options: object) -> tuple[DiceThrow, list[int]]:
    rng = random.Random(seed)
    finals = [rng.randint(1, 6) for _ in range(count)]
    starts = [(AREA.centerx - 150 + 100 * k, AREA.bottom + 140.0) for k in range(count)]
    return DiceThrow(AREA, starts, finals, rng, die_size=64, **options), finals  # type: ignore[arg-type]


def _run(throw: DiceThrow, dt: float = 1 / 60) -> tuple[float, list[list[tuple[float, float, float]]], list[list[int]]]:
    elapsed, poses, faces = 0.0, [], []
    while not throw.done and elapsed < 5.0:
        throw.update(dt)
        elapsed += dt
        poses.append(throw.positions())
        faces.append(throw.faces())
    return elapsed, poses, faces


def _inside(area: pygame.Rect, x: float, y: float, angle: float, side: float) -> bool:
    corners = pygame.math.Vector2(side / 2, side / 2)
    for turn in range(4):
        corner = corners.rotate(-angle + 90 * turn)
        if not area.collidepoint(x + corner.x, y + corner.y):
            return False
    return True


@pytest.mark.parametrize("count", [1, 2, 3, 8])
@pytest.mark.parametrize("seed", range(6))
def test_a_throw_settles_in_time_on_its_finals_apart_and_inside(seed: int, count: int) -> None:
    throw, finals = _throw(seed, count)
    assert 1.0 <= throw.duration <= 1.6
    elapsed, _, _ = _run(throw)
    assert throw.done and elapsed <= throw.duration + 1 / 60 + 1e-9
    assert throw.faces() == finals
    rest = throw.positions()
    assert throw.heights() == [0.0] * count
    for x, y, angle in rest:
        assert _inside(AREA, x, y, angle, throw.die_size)
    for (x0, y0, a0), (x1, y1, a1) in itertools.combinations(rest, 2):
        assert not squares_overlap((x0, y0), a0, (x1, y1), a1, throw.die_size)


def test_faces_tumble_through_neighbours_before_landing() -> None:
    throw, finals = _throw(11, 3)
    _, _, faces = _run(throw)
    for die in range(3):
        shown = [frame[die] for frame in faces]
        changes = [(a, b) for a, b in itertools.pairwise(shown) if a != b]
        assert len(changes) >= 3  # it visibly tumbles
        assert all(a + b != 7 for a, b in changes)  # a die rolls onto a neighbour, never its opposite
        assert shown[-1] == finals[die]


def test_dice_move_spin_and_leave_their_starts() -> None:
    throw, _ = _throw(5, 2)
    start = throw.positions()
    throw.update(0.3)
    middle = throw.positions()
    assert all(abs(a[0] - b[0]) + abs(a[1] - b[1]) > 20 for a, b in zip(start, middle))
    assert any(abs(a[2] - b[2]) > 20 for a, b in zip(start, middle))


def test_the_same_seed_throws_the_same_way_whatever_the_frame_rate() -> None:
    first, _ = _throw(7, 4)
    second, _ = _throw(7, 4)
    _, poses_a, faces_a = _run(first, 1 / 60)
    _, poses_b, faces_b = _run(second, 1 / 60)
    assert poses_a == poses_b and faces_a == faces_b
    uneven, _ = _throw(7, 4)
    for dt in itertools.islice(itertools.cycle((0.004, 0.031, 0.017)), 200):
        uneven.update(dt)
        if uneven.done:
            break
    assert uneven.positions() == first.positions()
    other, _ = _throw(8, 4)
    _run(other)
    assert other.positions() != first.positions()


def test_callers_later_use_of_the_rng_changes_nothing() -> None:
    rng = random.Random(3)
    throw = DiceThrow(AREA, [(500.0, 900.0), (700.0, 900.0)], [2, 5], rng, die_size=64)
    rng.random()
    twin = DiceThrow(AREA, [(500.0, 900.0), (700.0, 900.0)], [2, 5], random.Random(3), die_size=64)
    _run(throw)
    _run(twin)
    assert throw.positions() == twin.positions()


def test_finish_jumps_to_the_rest_the_clock_reaches() -> None:
    stepped, finals = _throw(4, 5)
    _run(stepped)
    jumped, _ = _throw(4, 5)
    jumped.update(0.2)
    jumped.finish()
    assert jumped.done
    assert jumped.faces() == finals
    assert jumped.positions() == stepped.positions()
    jumped.update(1.0)  # nothing moves after the end
    assert jumped.positions() == stepped.positions()


def test_settle_at_puts_each_die_on_its_place() -> None:
    places = [(AREA.left + 100.0, AREA.top + 90.0), (AREA.left + 200.0, AREA.top + 90.0), (AREA.right - 120.0, AREA.bottom - 100.0)]
    throw, finals = _throw(9, 3, settle_at=places)
    _run(throw)
    for (x, y, _), (px, py) in zip(throw.positions(), places):
        assert (x, y) == pytest.approx((px, py))
    assert throw.faces() == finals


def test_dice_rest_off_the_obstacles() -> None:
    block = pygame.Rect(AREA.centerx - 120, AREA.centery - 100, 240, 200)
    for seed in range(8):
        throw, _ = _throw(seed, 6, obstacles=[block])
        _run(throw)
        for x, y, angle in throw.positions():
            assert not block.collidepoint(x, y)
            assert _inside(AREA, x, y, angle, throw.die_size)


def test_draw_paints_each_die_and_returns_the_rects() -> None:
    screen = pygame.Surface((1920, 1080))
    throw, _ = _throw(2, 3)
    throw.update(0.25)
    painted = throw.draw(screen, dice_throw.painter(64, [(214, 96, 64), (72, 136, 204)]))
    assert len(painted) >= 3
    for x, y, _ in throw.positions():
        assert any(rect.collidepoint(x, y) or rect.inflate(0, 200).collidepoint(x, y) for rect in painted)
    calls: list[tuple[int, float, float]] = []

    def plain(face: int, angle: float, blur: float) -> pygame.Surface:
        calls.append((face, angle, blur))
        return die_face(face, 64, angle=angle, blur=blur)

    throw.finish()
    rects = throw.draw(screen, plain)
    assert sorted(face for face, _, _ in calls) == sorted(throw.finals)
    assert all(blur == 0.0 for _, _, blur in calls)
    assert len(rects) == 3 and all(rect.size == (picture_side(64),) * 2 for rect in rects)


def test_knocks_are_reported_once() -> None:
    throw, _ = _throw(1, 8)
    heard = []
    while not throw.done:
        throw.update(1 / 60)
        heard.extend(throw.take_hits())
    assert heard and all(0.0 < strength <= 1.0 for strength in heard)
    assert throw.take_hits() == []


def test_bad_throws_are_refused() -> None:
    rng = random.Random(1)
    with pytest.raises(ValueError):
        DiceThrow(AREA, [(0.0, 0.0)], [1, 2], rng)
    with pytest.raises(ValueError):
        DiceThrow(AREA, [(0.0, 0.0)], [7], rng)
    with pytest.raises(ValueError):
        DiceThrow(AREA, [(0.0, 0.0)], [3], rng, settle_at=[])


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_the_legend_states_the_box_penalty_of_the_player_count(lang: str) -> None:
    """3 players: the fewest boxes cost −10 NP, 4 players −15 (never "up to −15" for everyone)."""
    set_language(lang)
    try:
        for players, worst in ((3, "−10"), (4, "−15")):
            assert str(RANK_PENALTY[players][-1]).replace("-", "−") == worst
            _, chips = art_table.legend_notes(players)
            assert worst in chips and ("−15" in chips) == (players == 4), (players, chips)
    finally:
        set_language("en")
