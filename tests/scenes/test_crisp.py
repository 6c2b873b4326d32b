"""Text drawn again at the window's size (scenes.engine.crisp): what is marked, what is left scaled
because something covers it, and that the frame a window shows has its text at the physical size."""

from __future__ import annotations

import os
from collections.abc import Iterator

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from scenes.engine import crisp, fonts, window

WHITE = (255, 255, 255)
FELT = (30, 90, 60)


@pytest.fixture(autouse=True)
def marking() -> Iterator[None]:
    pygame.init()
    pygame.display.set_mode((1920, 1080))
    crisp.set_marking(True)
    yield
    crisp.set_marking(False)


def felt() -> crisp.Canvas:
    canvas = crisp.Canvas((1920, 1080), 0, pygame.display.get_surface())
    canvas.fill(FELT)
    return canvas


def keys(canvas: crisp.Canvas) -> list[str]:
    return [mark.key[0] for mark in canvas.current_marks()]


def test_a_text_blitted_whole_is_marked_and_painting_over_it_unmarks_it() -> None:
    canvas = felt()
    canvas.blit(fonts.text("Pass", 30, WHITE), (100, 100))
    canvas.blit(fonts.text("Undo", 30, WHITE), (100, 200))
    assert keys(canvas) == ["Pass", "Undo"]
    pygame.draw.rect(canvas, (200, 0, 0), (110, 205, 10, 10))  # a card slides over "Undo"
    assert keys(canvas) == ["Pass"]


def test_text_cut_by_the_edge_a_clip_or_an_area_is_not_marked() -> None:
    canvas = felt()
    image = fonts.text("Edge", 30, WHITE)
    canvas.blit(image, (1900, 10))
    canvas.set_clip(pygame.Rect(0, 0, 300, 115))
    canvas.blit(image, (100, 100))
    canvas.set_clip(None)
    canvas.blit(image, (400, 100), pygame.Rect(0, 0, 10, 10))
    canvas.blit(image, (700, 100), special_flags=pygame.BLEND_RGB_ADD)
    assert keys(canvas) == []


def test_nothing_is_marked_while_marking_is_off_and_a_switch_is_a_new_generation() -> None:
    before = crisp.generation()
    crisp.set_marking(False)
    assert crisp.generation() == before + 1
    canvas = felt()
    canvas.blit(fonts.text("Pass", 30, WHITE), (100, 100))
    assert keys(canvas) == []
    crisp.set_marking(False)
    assert crisp.generation() == before + 1  # no switch, no new generation


def test_a_picture_with_text_brings_its_marks_moved_and_only_those_wholly_copied() -> None:
    banner = crisp.Canvas((400, 120), pygame.SRCALPHA)
    banner.fill((20, 20, 20, 200))
    banner.blit(fonts.text("top", 24, WHITE), (10, 10))
    banner.blit(fonts.text("bottom", 24, WHITE), (10, 70))
    canvas = felt()
    canvas.blit(banner, (500, 300))
    marks = canvas.current_marks()
    assert [mark.key[0] for mark in marks] == ["top", "bottom"]
    assert marks[0].rect.topleft == (510, 310)
    other = felt()
    other.blit(banner, (0, 0), pygame.Rect(0, 0, 400, 60))  # only the top half
    assert keys(other) == ["top"]


def test_under_is_the_picture_without_its_text() -> None:
    banner = crisp.Canvas((300, 80), pygame.SRCALPHA)
    banner.fill((20, 20, 20, 128))
    banner.blit(fonts.text("half", 30, WHITE), (20, 20))
    canvas = felt()
    canvas.blit(banner, (100, 100))
    plain = felt()
    bare = pygame.Surface((300, 80), pygame.SRCALPHA)
    bare.fill((20, 20, 20, 128))
    plain.blit(bare, (100, 100))
    mark = canvas.current_marks()[0]
    expected = plain.subsurface(mark.rect)
    assert pygame.image.tobytes(mark.under, "RGB") == pygame.image.tobytes(expected, "RGB")


def test_taking_text_out_for_scaling_leaves_the_canvas_as_it_was() -> None:
    canvas = felt()
    canvas.blit(fonts.text("Natsu moves…", 30, WHITE), (300, 300))
    canvas.blit(fonts.text("ナツちゃん", 30, WHITE), (300, 400))
    before = pygame.image.tobytes(canvas, "RGB")
    with crisp.TextOut(canvas) as marks:
        assert len(marks) == 2
        assert all(canvas.get_at(mark.rect.center)[:3] == FELT for mark in marks)  # text out
        inside = pygame.image.tobytes(canvas, "RGB")
    assert inside != before
    assert pygame.image.tobytes(canvas, "RGB") == before


def test_a_window_twice_the_size_shows_the_text_rendered_at_twice_the_size() -> None:
    canvas = felt()
    canvas.blit(fonts.text("Round 2", 30, WHITE), (200, 150))
    canvas.blit(fonts.text("covered", 30, WHITE), (200, 300))
    canvas.fill((120, 40, 40), pygame.Rect(190, 290, 400, 60))  # a panel over the second text
    frame = window.window_picture(canvas, (3840, 2160))
    big = fonts.text("Round 2", 60, WHITE)
    mark = crisp.Canvas.current_marks(canvas)[0]
    spot = crisp.physical_box(mark, (0, 0, 3840, 2160), 2.0, big.get_size())
    expected = pygame.Surface(big.get_size())
    expected.fill(FELT)
    expected.blit(big, (0, 0))
    assert pygame.image.tobytes(frame.subsurface(spot), "RGB") == pygame.image.tobytes(expected, "RGB")
    # the covered text is not drawn again over the panel: that part is the panel, scaled
    assert frame.get_at((400, 640))[:3] == (120, 40, 40)


def test_a_plain_surface_is_only_scaled() -> None:
    plain = pygame.Surface((1920, 1080))
    plain.fill(FELT)
    plain.blit(fonts.text("Pass", 30, WHITE), (100, 100))
    frame = window.window_picture(plain, (3840, 2160))
    scaled = pygame.transform.smoothscale(plain, (3840, 2160))
    assert pygame.image.tobytes(frame, "RGB") == pygame.image.tobytes(scaled, "RGB")


def test_a_converted_picture_keeps_its_marks() -> None:
    banner = crisp.Canvas((300, 80), pygame.SRCALPHA)
    banner.blit(fonts.text("kept", 30, WHITE), (20, 20))
    converted = banner.convert_alpha()
    assert isinstance(converted, crisp.Canvas)
    banner.carry_marks_to(converted)
    assert [mark.key[0] for mark in converted.current_marks()] == ["kept"]


def test_a_fading_picture_brings_its_opacity_to_its_text() -> None:
    bubble = crisp.Canvas((300, 80), pygame.SRCALPHA)
    bubble.fill((20, 20, 20, 235))
    bubble.blit(fonts.text("Noaron!", 30, WHITE), (20, 20))
    bubble.set_alpha(128)
    canvas = felt()
    canvas.blit(bubble, (100, 100))
    assert [mark.alpha for mark in canvas.current_marks()] == [128]


def test_a_table_at_4k_marks_its_buttons_status_and_plates() -> None:
    from game.core.match import Match, Seat
    from game.core.settings import Settings
    from game.i18n import t
    from scenes.engine.app import App
    from scenes.table.launch import make_scene

    window.mark_text_for((3840, 2160))
    app = App(Settings(language="en", anim_speed="instant", sound=False), headless=True)
    try:
        match = Match("neko", [Seat("human"), Seat("ai", "normal"), Seat("ai", "normal")], 7)
        app.push(make_scene(app, match, viewer=0))
        for _ in range(5):
            app.step(1 / 60)
        shown = set(keys(app.screen))
        assert t("table.undo") in shown  # a button on the still layer
        assert any("Player 1" in key for key in shown), shown  # a plate (a kept picture)
        assert len(shown) >= 8, shown
    finally:
        app.close()


def test_closing_the_app_lets_go_of_sdl_textures_while_pygame_still_runs(app) -> None:
    """A crisp-text texture outliving ``pygame.quit`` is destroyed on a renderer that is gone when
    the interpreter tears down: a segfault at exit (seen once when a window was stopped by
    SIGTERM). The app must drop them while pygame is still up."""
    import pygame

    dropped_while_running: list[bool] = []

    class Texture:
        def __del__(self) -> None:
            dropped_while_running.append(pygame.get_init())

    presenter = app._presenter
    presenter._textures[(("x", 17, (0, 0, 0), False), 34)] = Texture()
    presenter._canvas_texture = Texture()
    app.close()
    assert dropped_while_running == [True, True]


# ----- pictures that draw themselves again at the window's scale (card faces) ------------------------
def card(colour: tuple[int, int, int], name: str) -> crisp.ArtImage:
    """A stand-in card face: a filled rectangle that redraws itself at any zoom."""
    def draw(zoom: float) -> pygame.Surface:
        image = pygame.Surface((round(60 * zoom), round(90 * zoom)), pygame.SRCALPHA)
        image.fill((*colour, 255))
        return image

    return crisp.art_image(draw(1.0), name, draw)


def test_overlapping_cards_are_all_drawn_again_in_the_order_they_were_painted() -> None:
    canvas = felt()
    canvas.blit(card((200, 0, 0), "left"), (100, 100))
    canvas.blit(card((0, 0, 200), "right"), (130, 110))  # over half of the left card, as in a fan
    assert [mark.key for mark in canvas.current_marks()] == [("art", "left"), ("art", "right")]
    frame = pygame.Surface((3840, 2160), 0, canvas)
    crisp.crisp_frame(canvas, frame, (0, 0, 3840, 2160), fonts.text)
    assert frame.get_at((2 * 110, 2 * 150))[:3] == (200, 0, 0)  # only the left card
    assert frame.get_at((2 * 140, 2 * 150))[:3] == (0, 0, 200)  # the right one over it
    pygame.draw.rect(canvas, WHITE, (105, 105, 5, 5))  # a glow over the left card alone
    assert [mark.key for mark in canvas.current_marks()] == [("art", "right")]


def test_a_text_replaced_by_a_longer_one_in_the_same_place_is_not_drawn_again() -> None:
    canvas = felt()
    canvas.blit(fonts.text("Setting out", 30, WHITE), (100, 100))
    canvas.fill(FELT, (90, 90, 600, 60))  # the banner is painted afresh...
    canvas.blit(fonts.text("Choose a card to lay as your own stack", 30, WHITE), (100, 100))  # ...with its new line
    assert keys(canvas) == ["Choose a card to lay as your own stack"]


def test_a_card_hanging_off_the_edge_is_drawn_again_only_on_the_canvas() -> None:
    canvas = felt()
    canvas.blit(card((200, 0, 0), "low"), (100, 1040))  # 40 of its 90 rows on the canvas
    [mark] = canvas.current_marks()
    assert mark.rect == pygame.Rect(100, 1040, 60, 40) and mark.box == pygame.Rect(100, 1040, 60, 90)
    frame = pygame.Surface((3840, 2200), 0, canvas)  # taller than 16:9: bars above and below
    frame.fill((1, 2, 3))
    box = window.content_box(frame.get_size())
    crisp.crisp_frame(canvas, frame, box, fonts.text)
    scale = box[2] / 1920
    assert frame.get_at((round(box[0] + 130 * scale), round(box[1] + 1060 * scale)))[:3] == (200, 0, 0)
    assert frame.get_at((round(box[0] + 130 * scale), box[1] + box[3] + 5))[:3] == (1, 2, 3)  # not on the bar
