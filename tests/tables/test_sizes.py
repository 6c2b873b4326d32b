"""Every table at every window size: laptops, QHD, 4K, a 5:4 office screen and 21:9.

The 1920x1080 canvas is letterboxed by SDL (``pygame.SCALED``); ``scenes.engine.window.content_box`` and
``to_logical`` write its arithmetic down and shots and the frame bench paint with it. Here:

- the pictures (``window_picture``, what ``shot --size`` saves) have the asked size, black bars,
  the table scaled smoothly into ``content_box``, the 16:9 shape kept and centred;
- SDL itself draws the canvas into the same box (its software renderer, read back);
- the pointer: a real SCALED window (dummy driver) of each size gets real SDL mouse and touch
  events at the window pixel in the middle of every table button; after SDL's translation and
  ``scenes.engine.input.translate`` they land on that button, exactly where ``to_logical`` says; a mouse
  on a wide bar lands off the canvas (nothing is hit), a touch there is clamped to the edge;
- the layout: every table button lies on the canvas and no two overlap, at every player count.
"""

from __future__ import annotations

import ctypes
import warnings
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.core.match import Match, Seat
from game.core.registry import available_games, get_rules
from game.core.settings import Settings
from kotatsu import cli
from scenes.engine import input as intents
from scenes.engine.app import App
from scenes.engine.input import Intent, translate
from scenes.engine.window import LOGICAL, content_box, scale_freely, to_logical, window, window_picture
from scenes.table.launch import make_scene
from scenes.table.saver import NullSaver
from scenes.tools import shot

SIZES = [(1280, 720), (1366, 768), (2560, 1440), (3840, 2160), (1280, 1024), (2560, 1080)]
# and sizes where rounding matters: a pixel off 16:9, SDL's floats (1009x567, 2453x784), 16:10, 4:3
ODD_SIZES = [(1281, 721), (1279, 1000), (641, 361), (1009, 567), (2453, 784), (3440, 1440), (1024, 768),
             (1920, 1200)]
GAMES = available_games()
MOVES = 6  # a few moves in: cards in hands and on the table
CANVAS = pygame.Rect((0, 0), LOGICAL)


def size_id(size: tuple[int, int]) -> str:
    """``1280x720``."""
    return f"{size[0]}x{size[1]}"


@dataclass
class Table:
    """A settled table: its canvas and its buttons' rectangles (logical)."""

    game_id: str
    canvas: pygame.Surface
    buttons: list[pygame.Rect]


def headless_app() -> App:
    """A headless Japanese app at instant speed (the settings of ``take_shot``)."""
    return App(Settings(language="ja", anim_speed="instant", sound=False), headless=True)


def settled_table(app: App, game_id: str) -> Any:
    """``game_id``'s table a few moves in, pushed and settled as ``take_shot`` settles it."""
    players = get_rules(game_id).min_players
    match = Match(game_id, [Seat("human")] + [Seat("ai", "normal")] * (players - 1), 3)
    shot.play_moves(match, MOVES, 3)
    scene = make_scene(app, match, viewer=0)
    scene.saver = NullSaver()
    app.reset_to(scene)
    for _ in range(shot.SETTLE_FRAMES):
        app.step(1 / 60)
    return scene


@pytest.fixture(scope="module")
def tables() -> dict[str, Table]:
    """Every game's settled table: a copy of its canvas and its buttons (the app is closed again,
    so the tests below may open displays and apps of their own)."""
    app = headless_app()
    found: dict[str, Table] = {}
    try:
        for game_id in GAMES:
            scene = settled_table(app, game_id)
            found[game_id] = Table(game_id, app.screen.copy(),
                                   [pygame.Rect(widget.rect) for widget in scene.buttons.widgets])
    finally:
        app.close()
    return found


# ----- helpers ----------------------------------------------------------------------------------
def bars(size: tuple[int, int]) -> list[pygame.Rect]:
    """The window's pixels outside the content box, as rectangles (none when it fills the window)."""
    area, box = pygame.Rect((0, 0), size), pygame.Rect(content_box(size))
    parts = [pygame.Rect(0, 0, area.width, box.top), pygame.Rect(0, box.bottom, area.width, area.height - box.bottom),
             pygame.Rect(0, box.top, box.left, box.height),
             pygame.Rect(box.right, box.top, area.width - box.right, box.height)]
    return [part for part in parts if part.width > 0 and part.height > 0]


def black_count(surface: pygame.Surface, rect: pygame.Rect) -> int:
    """How many pixels of ``rect`` are black (0, 0, 0)."""
    mask = pygame.mask.from_threshold(surface.subsurface(rect), (0, 0, 0, 255), (1, 1, 1, 255))
    return mask.count()


def colours(surface: pygame.Surface, rect: pygame.Rect) -> set[tuple[int, int, int]]:
    """The colours in ``rect``."""
    return {tuple(surface.get_at((x, y)))[:3] for x in range(rect.left, rect.right)
            for y in range(rect.top, rect.bottom)}


def window_point(point: tuple[int, int], size: tuple[int, int]) -> tuple[int, int]:
    """The window pixel that shows the middle of canvas pixel ``point`` (by the shape of the box
    alone, not by ``to_logical``)."""
    box_x, box_y, box_w, box_h = content_box(size)
    return (box_x + int((point[0] + 0.5) * box_w / LOGICAL[0]),
            box_y + int((point[1] + 0.5) * box_h / LOGICAL[1]))


# ----- the picture --------------------------------------------------------------------------------
@pytest.mark.parametrize("size", SIZES + ODD_SIZES, ids=size_id)
def test_the_box_keeps_16_9_centred_and_fills_one_side(size: tuple[int, int]) -> None:
    x, y, width, height = content_box(size)
    assert width <= size[0] and height <= size[1] and x >= 0 and y >= 0
    assert width == size[0] or height == size[1]  # scaled by the smaller ratio
    assert abs(width * LOGICAL[1] - height * LOGICAL[0]) <= LOGICAL[0]  # 16:9 to a pixel
    assert abs(x - (size[0] - x - width)) <= 1 and abs(y - (size[1] - y - height)) <= 1  # centred


def test_the_box_and_the_pointer_are_computed_in_sdls_single_precision() -> None:
    # in doubles the canvas would be 1008 wide here and the pointer at x 944 and 240: SDL says otherwise
    assert content_box((1009, 567)) == (1, 0, 1007, 567)
    assert to_logical((1216, 5), (2453, 784)) == (945, 6)
    assert to_logical((241, 5), (1928, 1422)) == (239, -163)
    assert content_box((1280, 1024)) == (0, 152, 1280, 720)
    assert content_box((1366, 768)) == (0, 0, 1365, 768)  # 1 px bar: 1366/768 is not quite 16:9
    assert content_box((2560, 1080)) == (320, 0, 1920, 1080)
    assert content_box((3840, 2160)) == (0, 0, 3840, 2160)
    with pytest.raises(ValueError):
        content_box((0, 720))


@pytest.mark.parametrize("size", SIZES + ODD_SIZES, ids=size_id)
def test_sdl_draws_the_canvas_into_the_content_box(size: tuple[int, int]) -> None:
    from pygame._sdl2 import video

    pygame.display.init()
    canvas = pygame.Surface(LOGICAL)
    canvas.fill((200, 120, 60))
    shown = video.Window("letterbox", size=size, hidden=True)
    renderer = video.Renderer(shown, accelerated=0)
    renderer.logical_size = LOGICAL
    texture = video.Texture.from_surface(renderer, canvas)
    renderer.draw_color = (0, 0, 0, 255)
    renderer.clear()
    texture.draw()
    renderer.logical_size = (0, 0)  # read the whole window back, in window pixels
    painted = renderer.to_surface()
    del texture, renderer
    shown.destroy()
    mask = pygame.mask.from_threshold(painted, (0, 0, 0, 255), (1, 1, 1, 255))
    mask.invert()
    drawn, box = mask.get_bounding_rects()[0], pygame.Rect(content_box(size))
    # SDL's software renderer can leave the box's last row or column black (its float to int)
    assert drawn.topleft == box.topleft and box.contains(drawn), (drawn, box)
    assert box.width - drawn.width <= 1 and box.height - drawn.height <= 1, (drawn, box)
    assert mask.count() == drawn.width * drawn.height  # one solid box, nothing outside it


@pytest.mark.slow
@pytest.mark.parametrize("game_id", GAMES)
def test_each_size_shows_the_whole_table_smoothly_between_black_bars(game_id: str, tables: dict[str, Table]) -> None:
    canvas = tables[game_id].canvas
    menu = tables[game_id].buttons[-1]  # a sharp-edged control: smooth scaling blends its edge
    for size in SIZES:
        picture = window_picture(canvas, size)
        assert picture.get_size() == size
        for bar in bars(size):
            assert black_count(picture, bar) == bar.width * bar.height, (size, bar)
        box = pygame.Rect(content_box(size))
        edges = [pygame.Rect(box.left, box.top, box.width, 1), pygame.Rect(box.left, box.bottom - 1, box.width, 1),
                 pygame.Rect(box.left, box.top, 1, box.height), pygame.Rect(box.right - 1, box.top, 1, box.height)]
        for edge in edges:  # the table reaches every side of the box (nothing cropped, no inner bar)
            assert black_count(picture, edge) < edge.width * edge.height // 2, (size, edge)
        if box.size != LOGICAL:  # scaled (21:9 shows the canvas 1:1): blends, colours of neither side
            seen = pygame.Rect(window_point(menu.topleft, size), (24, 24))
            assert colours(picture, seen) - colours(canvas, menu.inflate(8, 8)), f"{size}: nearest-pixel scaling"


@pytest.mark.slow
def test_shot_saves_what_a_5_4_window_shows(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "neko.png"
    assert cli.main(["shot", "neko", "--moves", "2", "--size", "1280x1024", "--out", str(out)]) == 0
    assert capsys.readouterr().out.strip() == str(out)
    picture = pygame.image.load(str(out))
    assert picture.get_size() == (1280, 1024)
    for bar in bars((1280, 1024)):
        assert black_count(picture, bar) == bar.width * bar.height
    box = pygame.Rect(content_box((1280, 1024)))
    assert black_count(picture, box) < box.width * box.height // 100


@pytest.mark.parametrize(("text", "says"), [
    ("319x180", "out of range (320x180 to 7680x4320)"), ("320x179", "out of range"),
    ("7681x4320", "out of range"), ("7680x4321", "out of range"), ("0x0", "out of range"),
    ("-1280x720", "out of range"), ("1280", "use WIDTHxHEIGHT"), ("1280x720x2", "use WIDTHxHEIGHT"),
    ("wide", "use WIDTHxHEIGHT"), ("1280.5x720", "use WIDTHxHEIGHT"),
])
def test_a_bad_size_is_one_line_and_exit_2(text: str, says: str, capsys: pytest.CaptureFixture[str]) -> None:
    for argv in (["shot", "neko", f"--size={text}"], ["bench", "frames", f"--size={text}"]):
        assert cli.main(argv) == cli.EXIT_USAGE
        captured = capsys.readouterr()
        lines = captured.err.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("kotatsu: ") and says in lines[0], captured.err
        assert captured.out == ""


def test_sizes_of_any_shape_within_the_bounds_are_taken() -> None:
    for text, size in (("320x180", (320, 180)), ("7680x4320", (7680, 4320)), ("1280X1024", (1280, 1024)),
                       ("2560x1080", (2560, 1080)), ("320x4320", (320, 4320))):
        assert cli._size(text) == size


@pytest.mark.slow
def test_the_frame_bench_scales_to_its_size_and_says_how() -> None:
    from scenes.tools.bench import HEADLESS_SCALING, bench_frames

    figures = bench_frames("neko", 2, seconds=0.3, seed=1, size=(1280, 1024))
    assert figures["size"] == [1280, 1024]
    assert figures["scaling"] == HEADLESS_SCALING
    assert figures["content_box"] == [0, 152, 1280, 720]
    assert figures["frames"] > 0 and figures["p50_ms"] > 0


def test_the_frame_bench_never_starts_on_a_finished_match() -> None:
    from scenes.tools.bench import _new_table

    app = headless_app()
    try:
        scene = _new_table(app, "nostalgic", 4, seed=0, moves=1000)  # random play ends it in 39
        assert not scene.match.is_over() and len(scene.match.log) > 30
    finally:
        app.close()


# ----- the pointer -----------------------------------------------------------------------------------
class _Motion(ctypes.Structure):
    _fields_ = [("type", ctypes.c_uint32), ("timestamp", ctypes.c_uint32), ("windowID", ctypes.c_uint32),
                ("which", ctypes.c_uint32), ("state", ctypes.c_uint32), ("x", ctypes.c_int32),
                ("y", ctypes.c_int32), ("xrel", ctypes.c_int32), ("yrel", ctypes.c_int32)]


class _Button(ctypes.Structure):
    _fields_ = [("type", ctypes.c_uint32), ("timestamp", ctypes.c_uint32), ("windowID", ctypes.c_uint32),
                ("which", ctypes.c_uint32), ("button", ctypes.c_uint8), ("state", ctypes.c_uint8),
                ("clicks", ctypes.c_uint8), ("padding", ctypes.c_uint8), ("x", ctypes.c_int32), ("y", ctypes.c_int32)]


class _Finger(ctypes.Structure):
    _fields_ = [("type", ctypes.c_uint32), ("timestamp", ctypes.c_uint32), ("touchId", ctypes.c_int64),
                ("fingerId", ctypes.c_int64), ("x", ctypes.c_float), ("y", ctypes.c_float), ("dx", ctypes.c_float),
                ("dy", ctypes.c_float), ("pressure", ctypes.c_float), ("windowID", ctypes.c_uint32)]


class _Event(ctypes.Union):
    _fields_ = [("motion", _Motion), ("button", _Button), ("finger", _Finger), ("padding", ctypes.c_uint8 * 56)]


class ScaledWindow:
    """The display in ``pygame.SCALED`` mode as the app opens it, on the dummy driver: SDL's own
    letterbox and its translation of the mouse and touch events pushed into its queue (events
    pass SDL's renderer on the way in, as a real mouse's do)."""

    def __init__(self) -> None:
        from scenes.engine.window import _loaded_sdl

        self.sdl = _loaded_sdl()
        if self.sdl is None:
            pytest.skip("the SDL library pygame loaded cannot be reached through ctypes here")
        with warnings.catch_warnings():  # "no fast renderer available": the software one is meant
            warnings.simplefilter("ignore")
            pygame.display.set_mode(LOGICAL, pygame.SCALED | pygame.RESIZABLE)
        shown = window()
        assert shown is not None
        self.shown = shown
        self.shown.minimum_size = (320, 180)
        self.sdl.SDL_PushEvent.argtypes = [ctypes.POINTER(_Event)]
        self.size = LOGICAL

    def resize(self, size: tuple[int, int]) -> None:
        """Make the window ``size`` (SDL re-letterboxes as the window event passes)."""
        self.shown.size = size
        pygame.event.pump()
        assert scale_freely()
        pygame.event.clear()
        assert tuple(self.shown.size) == size
        self.size = size

    def _push(self, event: _Event) -> list[Intent]:
        """Push one SDL event; the intents its pygame events translate to."""
        assert self.sdl is not None and self.sdl.SDL_PushEvent(ctypes.byref(event)) == 1
        found = [translate(pg_event, LOGICAL, False) for pg_event in pygame.event.get()]
        return [intent for intent in found if intent is not None]

    def move(self, pos: tuple[int, int]) -> Intent:
        """Move the mouse to window pixel ``pos``: the MOVE intent."""
        motion = _Event()
        motion.motion = _Motion(type=pygame.MOUSEMOTION, windowID=self.shown.id, x=pos[0], y=pos[1])
        (intent,) = self._push(motion)
        return intent

    def mouse(self, pos: tuple[int, int]) -> list[Intent]:
        """Move to window pixel ``pos``, press and release there: MOVE, PRESS, RELEASE."""
        motion, down, up = _Event(), _Event(), _Event()
        motion.motion = _Motion(type=pygame.MOUSEMOTION, windowID=self.shown.id, x=pos[0], y=pos[1])
        down.button = _Button(type=pygame.MOUSEBUTTONDOWN, windowID=self.shown.id, button=1, state=1, clicks=1,
                              x=pos[0], y=pos[1])
        up.button = _Button(type=pygame.MOUSEBUTTONUP, windowID=self.shown.id, button=1, state=0, clicks=1,
                            x=pos[0], y=pos[1])
        return self._push(motion) + self._push(down) + self._push(up)

    def touch(self, pos: tuple[int, int]) -> list[Intent]:
        """A finger down at the middle of window pixel ``pos`` (touches come normalised to the window)."""
        event = _Event()
        event.finger = _Finger(type=pygame.FINGERDOWN, touchId=1, fingerId=1, x=(pos[0] + 0.5) / self.size[0],
                               y=(pos[1] + 0.5) / self.size[1], pressure=1.0, windowID=self.shown.id)
        return self._push(event)


@pytest.fixture
def scaled() -> Iterator[ScaledWindow]:
    """The display as a SCALED window, closed afterwards."""
    pygame.display.init()
    yield ScaledWindow()
    pygame.display.quit()


@pytest.mark.slow
@pytest.mark.parametrize("size", SIZES, ids=size_id)
def test_a_click_and_a_tap_on_every_button_land_on_it(size: tuple[int, int], tables: dict[str, Table],
                                                      scaled: ScaledWindow) -> None:
    scaled.resize(size)
    for table in tables.values():
        for rect in table.buttons:
            pos = window_point(rect.center, size)
            clicked = scaled.mouse(pos)
            assert [intent.kind for intent in clicked] == [intents.MOVE, intents.PRESS, intents.RELEASE]
            for intent in clicked:
                assert intent.pos == to_logical(pos, size), (table.game_id, size, pos, intent)
                assert rect.collidepoint(intent.pos), (table.game_id, size, rect, intent)
            tapped = scaled.touch(pos)
            assert [intent.kind for intent in tapped] == [intents.PRESS] and tapped[0].touch
            assert rect.collidepoint(tapped[0].pos), (table.game_id, size, rect, tapped)


@pytest.mark.parametrize("size", SIZES + ODD_SIZES, ids=size_id)
def test_sdl_maps_the_mouse_as_to_logical_says(size: tuple[int, int], scaled: ScaledWindow) -> None:
    scaled.resize(size)
    width, height = size
    row, column = 5 + (height - 10) * 3 // 7, 5 + (width - 10) * 4 // 9
    probes = [(x, row) for x in range(width)] + [(column, y) for y in range(height)]  # bars and box
    probes += [(0, 0), (width - 1, height - 1)]
    for pos in probes:
        assert scaled.move(pos).pos == to_logical(pos, size), pos


@pytest.mark.parametrize("size", [size for size in SIZES if any(min(bar.size) > 2 for bar in bars(size))],
                         ids=size_id)
def test_on_a_bar_a_mouse_hits_nothing_and_a_touch_is_clamped_to_the_edge(
        size: tuple[int, int], tables: dict[str, Table], scaled: ScaledWindow) -> None:
    scaled.resize(size)
    buttons = [rect for table in tables.values() for rect in table.buttons]
    box = pygame.Rect(content_box(size))
    for bar in bars(size):
        for intent in scaled.mouse(bar.center):
            assert not CANVAS.collidepoint(intent.pos), (size, bar, intent)
            assert not any(rect.collidepoint(intent.pos) for rect in buttons)
        tapped = scaled.touch(bar.center)[0].pos
        if bar.right <= box.left:
            assert tapped[0] == 0
        elif bar.left >= box.right:
            assert tapped[0] >= LOGICAL[0] - 1
        elif bar.bottom <= box.top:
            assert tapped[1] == 0
        else:
            assert tapped[1] >= LOGICAL[1] - 1


@pytest.mark.slow
def test_a_click_on_menu_in_a_letterboxed_window_opens_the_menu() -> None:
    app = headless_app()
    try:
        table_scene = settled_table(app, "neko")
        menu = table_scene.menu_button.rect
        scaled = ScaledWindow()  # from here on the app only gets input, it draws nothing
        for size in ((1280, 1024), (2560, 1080), (1366, 768)):
            scaled.resize(size)
            pos = window_point(menu.center, size)
            for pushed in scaled.mouse(pos):
                app.dispatch(pushed)
            assert app.top is not table_scene, f"{size}: the click at {pos} did not reach Menu"
            app.pop()
            assert app.top is table_scene
    finally:
        app.close()


# ----- the layout ------------------------------------------------------------------------------------
@pytest.mark.slow
@pytest.mark.parametrize("game_id", GAMES)
def test_every_button_is_on_the_canvas_and_none_overlap(game_id: str, app: App) -> None:
    rules = get_rules(game_id)
    for players in range(rules.min_players, rules.max_players + 1):
        match = Match(game_id, [Seat("human")] + [Seat("ai", "normal")] * (players - 1), 5)
        shot.play_moves(match, MOVES, 5)
        rects = [pygame.Rect(widget.rect) for widget in make_scene(app, match, viewer=0).buttons.widgets]
        assert len(rects) >= 3  # Undo, Help, Menu at least
        for rect in rects:
            assert CANVAS.contains(rect), (game_id, players, rect)
        for index, rect in enumerate(rects):
            for other in rects[index + 1:]:
                assert not rect.colliderect(other), (game_id, players, rect, other)


def test_a_touch_on_the_far_letterbox_bars_stays_on_the_canvas() -> None:
    """SDL clamps a finger on the right or bottom bar to x or y = 1.0; the table must see the last
    pixel column or row, not one past it, where nothing can be hit."""
    from scenes.engine.input import PRESS, translate

    event = pygame.event.Event(pygame.FINGERDOWN, x=1.0, y=1.0, touch_id=1, finger_id=1)
    intent = translate(event, (1920, 1080), held=False)
    assert intent is not None and intent.kind == PRESS
    assert intent.pos == (1919, 1079)
