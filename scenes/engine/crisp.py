"""Text at the window's own pixel size: crisp at 4K, sharper at 1280x720.

Every screen is painted on one logical 1920x1080 canvas that is scaled into the window. Scaling
blurs text (up at 4K) or thins it (down on a laptop). This module lets the text alone be drawn at
the window's physical size, without changing how any scene paints:

- ``fonts.text`` hands out ``TextImage`` surfaces that know what they say (string, size, colour,
  weight);
- surfaces that collect text before it reaches the screen (the frame itself, the table's still
  layer, banners and panels) are ``Canvas`` surfaces: a blit of a ``TextImage``, or of another
  ``Canvas`` that holds text, notes a ``TextMark``: where the text lies, the pixels under it
  without the text, and the pixels with it;
- when the frame is shown at a scale other than 1, each mark whose pixels are still exactly as
  they were left (nothing was painted over the text since) is taken out of the picture that is
  scaled, and the string is drawn again at its physical size in the same place (``crisp_frame``
  for a picture in memory, ``SdlPresenter`` for the real window).

Anything painted over a text after it (a panel, a veil) changes those pixels, so that text is
simply left as the scaled picture shows it: the marks never put text on top of something that
covers it. A later mark over an earlier one (a card of a fanned hand over its neighbour) does not
count as covering: both are drawn again, in the order they were painted. Text that reaches the
frame another way (blended, tinted each frame) stays scaled too.

Pictures work the same way: an ``ArtImage`` (a card face, a numbered piece, turned or not) knows
how to draw itself at a zoom (``redraw``), so at 4K a card's edges and numerals are drawn at the
window's pixels instead of enlarged.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from scenes.engine import cache

log = logging.getLogger("kotatsu.crisp")

TextKey = tuple[str, int, tuple[int, ...], bool]  # string, size, colour, bold (as ``fonts.text``)
ArtKey = tuple[str, Any]  # ("art", the name ``art_image`` was given)
MarkKey = TextKey | ArtKey
Renderer = Callable[[str, int, Sequence[int], bool], pygame.Surface]
UNIT_SCALE = 0.01  # within this of 1 the canvas is shown pixel for pixel: nothing to redraw


class TextImage(pygame.Surface):
    """A rendered string that remembers what it says (``key``), so a ``Canvas`` can mark it."""

    key: MarkKey | None = None  # a ``TextKey``; an ``ArtImage``'s is an ``ArtKey``


Redraw = Callable[[float], pygame.Surface]  # a picture drawn again at a zoom (2.0: twice the pixels)


class ArtImage(TextImage):
    """A picture that can draw itself again at a zoom (``redraw``); ``key`` names it (with
    "art" first, so it never equals a text's key)."""

    redraw: Redraw | None = None


def art_image(image: pygame.Surface, key: Any, redraw: Redraw) -> ArtImage:
    """``image`` as an ``ArtImage`` named ``key`` that ``redraw`` paints at any zoom (a copy)."""
    marked = ArtImage(image.get_size(), image.get_flags(), image)
    marked.blit(image, (0, 0), special_flags=pygame.BLEND_RGBA_ADD)
    marked.key = ("art", key)
    marked.redraw = redraw
    return marked


def text_image(image: pygame.Surface, key: TextKey) -> TextImage:
    """``image`` as a ``TextImage`` saying ``key`` (a copy; pygame-ce keeps the subclass)."""
    marked = TextImage(image.get_size(), image.get_flags(), image)
    marked.blit(image, (0, 0), special_flags=pygame.BLEND_RGBA_ADD)  # exact copy of colour and alpha
    marked.key = key
    return marked


@dataclass
class TextMark:
    """A text on a ``Canvas``: its box there, what it says, its opacity, the box's pixels without
    the text (``under``) and with it (``after``, as bytes to compare)."""

    rect: pygame.Rect
    key: MarkKey  # a ``TextKey`` when ``redraw`` is None
    alpha: int
    under: pygame.Surface
    after: bytes
    redraw: Redraw | None = None  # a picture's (``ArtImage``); None for a text
    whole: pygame.Rect | None = None  # a picture cut by the canvas's edge: all of it (``rect`` is what shows)

    @property
    def box(self) -> pygame.Rect:
        """Where the whole text or picture lies (beyond the canvas's edge, for a cut picture)."""
        return self.whole if self.whole is not None else self.rect

    def moved(self, offset: tuple[int, int]) -> pygame.Rect:
        """The box moved by ``offset``."""
        return self.rect.move(offset)


_marking = False  # marks are taken only while a window shows the canvas at a scale other than 1
_generation = 0  # counts switches of ``_marking``: pictures kept from before lack (or need not) marks


def set_marking(on: bool) -> None:
    """Take marks from now on (``on``) or not: on while the canvas is shown at a scale other than
    1. A switch counts a new ``generation``, so kept pictures are painted again with marks."""
    global _marking, _generation
    if on != _marking:
        _marking = on
        _generation += 1
        # kept pictures of the tables were painted with marks or without: paint them again
        cache.release(cache.TABLE)


def generation() -> int:
    """Changes whenever marking is switched on or off (a key for kept pictures that hold text)."""
    return _generation


def _pixels(surface: pygame.Surface, rect: pygame.Rect) -> bytes:
    """The raw bytes of ``rect`` of ``surface`` in its own format, to compare two moments."""
    return bytes(surface.subsurface(rect).copy().get_buffer().raw)


class Canvas(pygame.Surface):
    """A surface that keeps a ``TextMark`` for each whole text blitted onto it, directly or inside
    another ``Canvas``. Drawing on it otherwise is plain pygame: marks are checked against the
    pixels when they are used (``current_marks``), never kept up to date."""

    def marks(self) -> list[TextMark]:
        """This canvas's marks, oldest first (a copy of a canvas starts with none)."""
        found = self.__dict__.get("_marks")
        if found is None:
            found = self.__dict__["_marks"] = []
        return found

    def blit(self, source: pygame.Surface, dest: Any = (0, 0), area: Any = None, special_flags: int = 0) -> pygame.Rect:
        """``pygame.Surface.blit``, noting the text it brings (see the class)."""
        self.__dict__.pop("_settled", None)  # painted on again: its marks are checked again
        if special_flags or not _marking or not isinstance(source, (TextImage, Canvas)):
            return super().blit(source, dest, area, special_flags)
        if isinstance(source, TextImage):
            return self._blit_text(source, dest, area)
        return self._blit_canvas(source, dest, area)

    def _whole_inside(self, rect: pygame.Rect) -> bool:
        """True when nothing of ``rect`` is lost to this canvas's edge or clip."""
        return self.get_clip().contains(rect) and rect.width > 0 and rect.height > 0

    def _showing(self, rect: pygame.Rect, redraw: Redraw | None) -> pygame.Rect | None:
        """The part of ``rect`` a mark can cover: all of it when it lies whole inside; for a
        picture (``redraw``) cut only by the canvas's edge (a fanned hand hanging off the screen),
        the part on the canvas; else None (not marked)."""
        if self._whole_inside(rect):
            return rect
        bounds = self.get_rect()
        if redraw is None or self.get_clip() != bounds:
            return None
        shown = rect.clip(bounds)
        return shown if shown.width > 0 and shown.height > 0 else None

    def _blit_text(self, source: TextImage, dest: Any, area: Any) -> pygame.Rect:
        """A text blitted whole and unblended is marked; a part of one is only painted."""
        rect = pygame.Rect(_position(dest), source.get_size())
        redraw = getattr(source, "redraw", None)
        key = source.key
        shown = None if area is not None or key is None else self._showing(rect, redraw)
        if shown is None or key is None:
            return super().blit(source, dest, area)
        under = self.subsurface(shown).copy()
        done = super().blit(source, rect.topleft)
        alpha = source.get_alpha()
        self._note(TextMark(shown, key, 255 if alpha is None else alpha, under, _pixels(self, shown),
                            redraw, rect if shown != rect else None))
        return done

    def _blit_canvas(self, source: Canvas, dest: Any, area: Any) -> pygame.Rect:
        """Another canvas blitted onto this one brings the marks that lie whole in what is copied
        and still match its pixels; their ``under`` is worked out for this canvas."""
        marks = source.__dict__.get("_marks")
        if not marks:
            return super().blit(source, dest, area)
        opacity = source.get_alpha()  # a whole-surface alpha (a fading bubble) applies to its text too
        taken = pygame.Rect(area) if area is not None else source.get_rect()
        dest_x, dest_y = _position(dest)
        offset = (dest_x - taken.x, dest_y - taken.y)
        brought = self._bringable(source.current_marks(taken), taken, offset)
        shown = [self._showing(mark.moved(offset), mark.redraw) or mark.moved(offset) for mark in brought]
        befores = [self.subsurface(rect).copy() for rect in shown]
        done = super().blit(source, dest, area)
        for mark, rect, before in zip(brought, shown, befores):
            moved = mark.moved(offset)
            under = mark.under
            if opacity is not None and opacity < 255:
                under = under.copy()
                under.set_alpha(opacity)
            before.blit(under, (moved.x - rect.x, moved.y - rect.y))  # what this canvas would show without the text
            alpha = mark.alpha if opacity is None else mark.alpha * opacity // 255
            whole = mark.box.move(offset)
            self._note(TextMark(rect, mark.key, alpha, before, _pixels(self, rect), mark.redraw,
                                whole if whole != rect else None))
        return done

    def _bringable(self, marks: list[TextMark], taken: pygame.Rect, offset: tuple[int, int]) -> list[TextMark]:
        """The ``marks`` of a canvas being blitted (``taken`` of it, moved by ``offset``) that
        arrive whole, oldest first; a mark under a later one that is left behind (cut by an
        edge) is left too: drawn again alone it would cover the part of the later one over it."""
        kept: list[TextMark] = []
        left: list[TextMark] = []
        for mark in reversed(marks):  # newest first
            arrives = taken.contains(mark.rect) and self._showing(mark.moved(offset), mark.redraw) is not None
            covered = any(other.rect.colliderect(mark.rect) for other in left)
            (kept if arrives and not covered else left).append(mark)
        kept.reverse()
        return kept

    def carry_marks_to(self, converted: pygame.Surface) -> pygame.Surface:
        """Give ``converted`` (this canvas in another pixel format, e.g. ``convert_alpha``) the
        marks that still match, compared anew in its format. Returns ``converted``."""
        if isinstance(converted, Canvas) and converted is not self:
            converted.__dict__["_marks"] = [
                TextMark(mark.rect, mark.key, mark.alpha, mark.under, _pixels(converted, mark.rect), mark.redraw,
                         mark.whole)
                for mark in self.current_marks()]
        return converted

    def _note(self, mark: TextMark) -> None:
        """Keep ``mark``, replacing an older one in the same box (the same text painted again)."""
        marks = self.marks()
        marks[:] = [old for old in marks if old.rect != mark.rect]
        marks.append(mark)

    def settle(self) -> None:
        """This canvas is a finished picture (kept in a cache, only ever blitted from): its marks
        are checked once now, not at every use (a hand of cards is blitted every frame)."""
        self.__dict__["_settled"] = list(self.current_marks())

    def current_marks(self, within: pygame.Rect | None = None) -> list[TextMark]:
        """The marks whose text still shows untouched, oldest first; the others are dropped.
        Untouched means: the pixels are as the mark left them, except where a later mark that is
        itself untouched lies over them (a card over its neighbour in a fan). With ``within``,
        only the marks that reach into it are checked and returned (part of the canvas is copied)."""
        settled = self.__dict__.get("_settled")
        if settled is not None:
            return settled if within is None else [mark for mark in settled if mark.rect.colliderect(within)]
        marks = self.marks() if within is None else [mark for mark in self.marks() if mark.rect.colliderect(within)]
        bounds = self.get_rect()
        alive: list[TextMark] = []
        for mark in reversed(marks):  # newest first: what lies over a mark is known
            if bounds.contains(mark.rect) and self._untouched(mark, alive):
                alive.append(mark)
        alive.reverse()
        if within is None:
            self.__dict__["_marks"] = alive
        return alive

    def _untouched(self, mark: TextMark, later: list[TextMark]) -> bool:
        """True when ``mark``'s box shows its ``after`` pixels with the ``later`` marks over them,
        each of those painted straight over it (what lay under a later mark, where the two
        meet, is what this one left: nothing was wiped or painted between)."""
        now = _pixels(self, mark.rect)
        if now == mark.after:
            return True
        over = [other for other in later if other.rect.colliderect(mark.rect)]
        if not over:
            return False
        expected = _patch(self, mark.rect.size, mark.after)
        for other in reversed(over):  # oldest of them first, as they were painted
            meet = other.rect.clip(mark.rect)
            here = meet.move(-mark.rect.x, -mark.rect.y)
            there = meet.move(-other.rect.x, -other.rect.y)
            if _pixels(other.under, there) != _pixels(expected, here):
                return False  # this mark was wiped or painted over before the later one came
            expected.blit(_patch(self, other.rect.size, other.after), other.rect.move(-mark.rect.x, -mark.rect.y))
        return bytes(expected.get_buffer().raw) == now


def _patch(like: pygame.Surface, size: tuple[int, int], pixels: bytes) -> pygame.Surface:
    """A plain surface of ``size`` in ``like``'s format holding ``pixels`` (as ``_pixels`` took them)."""
    patch = pygame.Surface(size, 0, like)
    patch.get_buffer().write(pixels)
    return patch


_PLAIN_SURFACE = pygame.Surface  # what pygame.Surface was when this module was loaded


def canvas(size: tuple[int, int], flags: int = 0, like: pygame.Surface | None = None) -> pygame.Surface:
    """A new ``Canvas`` (as ``pygame.Surface(size, flags, like)``). While a test has put a
    surface class of its own in ``pygame.Surface`` (``tests/text_probe.py``), one of those
    instead, so the test still follows every text."""
    if pygame.Surface is not _PLAIN_SURFACE:
        return pygame.Surface(size, flags, like) if like is not None else pygame.Surface(size, flags)
    return Canvas(size, flags, like) if like is not None else Canvas(size, flags)


def _position(dest: Any) -> tuple[int, int]:
    """The top-left corner a blit's ``dest`` (a point or a rectangle) names."""
    if isinstance(dest, pygame.Rect | pygame.FRect):
        return int(dest.x), int(dest.y)
    return int(dest[0]), int(dest[1])


def needs_redraw(scale: float) -> bool:
    """True when a canvas shown at ``scale`` gains from text drawn at the physical size."""
    return abs(scale - 1.0) > UNIT_SCALE


class TextOut:
    """The marks of one frame taken out of its canvas while the canvas is scaled, then put back:
    ``with TextOut(canvas) as marks: <scale the canvas>``."""

    def __init__(self, canvas: Canvas) -> None:
        self.canvas = canvas
        self.marks: list[TextMark] = []

    def __enter__(self) -> list[TextMark]:
        self.marks = self.canvas.current_marks()
        for mark in reversed(self.marks):
            pygame.Surface.blit(self.canvas, mark.under, mark.rect)
        return self.marks

    def __exit__(self, *exc: object) -> None:
        for mark in self.marks:  # the frame canvas is opaque: these overwrite, as ``under`` did
            patch = pygame.Surface(mark.rect.size, 0, self.canvas)
            patch.get_buffer().write(mark.after)
            pygame.Surface.blit(self.canvas, patch, mark.rect)


def physical_box(mark: TextMark, box: tuple[int, int, int, int], scale: float,
                 size: tuple[int, int]) -> pygame.Rect:
    """Where a text of physical ``size`` goes for ``mark`` in a window whose canvas is shown in
    ``box`` at ``scale``: centred on where the scaled text would be (the sizes differ by a
    pixel or two, and callers centre most text)."""
    whole = mark.box
    centre_x = box[0] + (whole.x + whole.width / 2) * scale
    centre_y = box[1] + (whole.y + whole.height / 2) * scale
    return pygame.Rect(round(centre_x - size[0] / 2), round(centre_y - size[1] / 2), size[0], size[1])


# Pictures drawn again at a window's scale, for frames composed in memory (shots, the headless
# frame bench); the real window keeps them as textures instead (``SdlPresenter``).
_redrawn = cache.SurfaceCache("crisp.redrawn", 24 * cache.MB)


def redrawn(mark: TextMark, scale: float) -> pygame.Surface:
    """The mark's picture drawn at ``scale`` (kept: a card is drawn again once, not every frame)."""
    redraw = mark.redraw
    assert redraw is not None
    return _redrawn.get((mark.key, round(scale * 1000)), lambda: redraw(scale))


def _text_key(mark: TextMark) -> TextKey:
    """What a text's mark says (a mark with no ``redraw`` is a text's)."""
    key = mark.key
    assert len(key) == 4
    return key


def physical_text(mark: TextMark, scale: float, render: Renderer) -> pygame.Surface:
    """The mark's string rendered at ``scale`` times its size (a picture drawn at that zoom),
    with the mark's opacity."""
    if mark.redraw is not None:
        image = redrawn(mark, scale)
    else:
        string, size, colour, bold = _text_key(mark)
        image = render(string, max(1, round(size * scale)), colour, bold)
    if mark.alpha < 255:
        image = image.copy()
        image.set_alpha(mark.alpha)
    return image


def crisp_frame(canvas: Canvas, frame: pygame.Surface, box: tuple[int, int, int, int],
                render: Renderer) -> pygame.Surface:
    """``canvas`` scaled smoothly into ``box`` of ``frame``, its untouched text drawn at the
    physical size (the picture a window of ``frame``'s size shows). Returns ``frame``."""
    target = pygame.Rect(box)
    scale = target.width / canvas.get_width()
    if not needs_redraw(scale):
        frame.blit(canvas, target)
        return frame
    with TextOut(canvas) as marks:
        pygame.transform.smoothscale(canvas, target.size, frame.subsurface(target))
    frame.set_clip(target)
    for mark in marks:
        image = physical_text(mark, scale, render)
        frame.blit(image, physical_box(mark, box, scale, image.get_size()))
    frame.set_clip(None)
    return frame


TEXTURES_KEPT = 600  # physical-size text textures (a table shows 100-200 strings)


class SdlPresenter:
    """Shows the frame canvas in the real window through the SDL renderer of pygame's SCALED
    window: the canvas as one texture scaled by SDL (linear), then each untouched text as a
    texture of its own at the physical size. The renderer's logical size is the canvas, so
    positions are given in canvas units, chosen to land on whole window pixels."""

    def __init__(self) -> None:
        self._renderer: Any = None
        self._address: int | None = None
        self._canvas_texture: Any = None
        self._textures: dict[tuple[MarkKey, int], Any] = {}

    def show(self, canvas: Canvas, box: tuple[int, int, int, int], address: int | None,
             render: Renderer) -> bool:
        """Present ``canvas`` shown in ``box`` of the window; False (nothing shown) when the
        renderer cannot be reached, and the caller falls back to ``pygame.display.flip``."""
        renderer = self._renderer_at(address)
        if renderer is None:
            return False
        scale = box[2] / canvas.get_width()
        try:
            if self._canvas_texture is None:
                from pygame._sdl2 import video

                self._canvas_texture = video.Texture(renderer, canvas.get_size(), streaming=True)
            with TextOut(canvas) as marks:
                self._canvas_texture.update(canvas)
            renderer.draw_color = (0, 0, 0, 255)
            renderer.clear()
            self._canvas_texture.draw()
            for mark in marks:
                self._draw_text(renderer, mark, box, scale, render)
            renderer.present()
        except (pygame.error, ValueError, TypeError) as error:
            log.warning("showing text at the window's size failed, scaling it instead: %s", error)
            self._address = None
            self._renderer = None
            return False
        return True

    def release(self) -> None:
        """Let go of the textures and the renderer while SDL still has them: call it before
        ``pygame.quit``. A texture freed later, when the interpreter tears down, would be
        destroyed on a renderer that is gone (a segfault at exit, seen under SIGTERM)."""
        self._textures.clear()
        self._canvas_texture = None
        self._renderer = None
        self._address = None

    def _renderer_at(self, address: int | None) -> Any:
        """pygame's wrapper of the SDL renderer at ``address`` (made again when SDL made a new
        renderer, e.g. on a fullscreen switch: textures belong to one renderer)."""
        if address is None:
            return None
        if address != self._address:
            from pygame._sdl2 import video

            try:
                self._renderer = video.Renderer.from_window(video.Window.from_display_module())
            except (pygame.error, AttributeError) as error:
                log.warning("no SDL renderer for crisp text: %s", error)
                return None
            self._address = address
            self._canvas_texture = None
            self._textures.clear()
        return self._renderer

    def _draw_text(self, renderer: Any, mark: TextMark, box: tuple[int, int, int, int], scale: float,
                   render: Renderer) -> None:
        """One text at its physical size where the scaled canvas showed it."""
        size = round(scale * 1000) if mark.redraw is not None else max(1, round(_text_key(mark)[1] * scale))
        texture = self._textures.get((mark.key, size))
        if texture is None:
            from pygame._sdl2 import video

            if len(self._textures) >= TEXTURES_KEPT:
                self._textures.clear()
            if mark.redraw is not None:
                image = mark.redraw(scale)
            else:
                string, _, colour, bold = _text_key(mark)
                image = render(string, size, colour, bold)
            texture = video.Texture.from_surface(renderer, image)
            self._textures[(mark.key, size)] = texture
        texture.alpha = mark.alpha
        spot = physical_box(mark, box, scale, (texture.width, texture.height))
        # back to canvas units (the renderer scales them by ``scale`` and adds the letterbox)
        place = pygame.FRect((spot.x - box[0]) / scale, (spot.y - box[1]) / scale, spot.width / scale,
                             spot.height / scale)
        if mark.whole is None:
            texture.draw(dstrect=place)
            return
        # a picture cut by the canvas's edge: only its part on the canvas (nothing on the bars)
        shown = place.clip(pygame.FRect(mark.rect))
        if shown.width <= 0 or shown.height <= 0:
            return
        across, down = texture.width / place.width, texture.height / place.height
        texture.draw(srcrect=pygame.FRect((shown.x - place.x) * across, (shown.y - place.y) * down,
                                          shown.width * across, shown.height * down), dstrect=shown)
