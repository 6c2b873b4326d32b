"""Where every piece of text lands on screen, for tests: strings, their ink boxes, sizes and cuts.

``probing()`` (a context manager) follows text from the font to the screen:

- ``scenes.engine.fonts.set_render_hook`` hands every rendered string to the probe, which returns a
  ``RecordingSurface`` copy carrying one ``TextRecord``: the string, a mask of its ink (pixels
  with any opacity, as ``Surface.get_bounding_rect`` counts them) and its font size (the hook is
  not told the size: the probe wraps ``fonts.text`` and the hooked font's ``render`` to learn it);
- while installed, ``pygame.Surface`` *is* ``RecordingSurface``, so every panel, card face, label
  and cached sprite the scenes make records what is blitted onto it. A blit carries the source's
  records over (moved, and cut to what the blit really wrote) and notes the first picture each
  string is printed on; a copy, ``convert``, ``subsurface`` and ``pygame.transform`` (scale,
  rotate, flip) carry them along, a scale or zoom changing the size the string shows at;
- paint that hides text takes its pixels out of the text's *visible* mask: an opaque blit
  (pixels at least ``COVERING_ALPHA`` opaque), a ``fill``, and ``pygame.draw`` shapes (a draw
  replaces pixels, whatever the colour's alpha);
- a pixel lost to the edge of the surface a text is blitted onto, to a clip rectangle or to a
  ``subsurface`` is *cut*. A later blit of the same string at the same place (a table repainting
  part of its still layer under a clip) puts it back.

The test gives the app a ``RecordingSurface`` as its screen and reads ``visible_texts(screen)``
after a frame. Not followed: text blitted with a blend flag (``BLEND_*``), pixels changed by
``set_at``, ``scroll`` or a pixel array, and a ``subsurface`` used as a destination (its parent
does not see what is blitted onto it). Blurred surfaces keep no text (a blurred shadow of text is not text).
``isinstance(x, pygame.Surface)`` stays true for plain surfaces while the probe is installed.
"""

from __future__ import annotations

import itertools
import math
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from functools import lru_cache, wraps
from typing import Any

import pygame

from scenes.engine import cache, fonts

BaseSurface = pygame.Surface
INK_THRESHOLD = 0  # mask bits are pixels with alpha above this: any ink at all
COVERING_ALPHA = 224  # paint at least this opaque (88 %) leaves text under it unreadable
Key = tuple[str, int, int, int, int]


@dataclass
class TextRecord:
    """One string on a surface: where its text surface's top-left corner lies, every ink pixel of
    the string (``full``), those put down here (``drawn``) and those still showing (``visible``),
    all three masks the size of the text surface; ``cuts`` says where pixels were lost,
    ``kind`` how it was rendered (see ``scenes.engine.fonts.RenderHook``), ``size`` its font size on
    this surface (NaN: rendered outside ``fonts.text`` and a hooked font, size unknown) and
    ``picture`` which picture it was first printed on (0: none yet)."""

    text: str
    origin: tuple[int, int]
    full: pygame.mask.Mask
    drawn: pygame.mask.Mask
    visible: pygame.mask.Mask
    cuts: tuple[str, ...] = ()
    kind: str = "text"  # "text" (fonts.text, text_tinted) or "font" (printed on art, e.g. a card's index)
    size: float = math.nan  # font size in px as it lands here: the rendering's, times any scaling since
    picture: int = 0  # the first surface it was blitted onto (``serial``): the card or label it is printed on

    @property
    def key(self) -> Key:
        """Same string, same place, same size: one text, however often it is blitted there."""
        width, height = self.full.get_size()
        return (self.text, self.origin[0], self.origin[1], width, height)

    def copy(self) -> TextRecord:
        """An independent copy (masks included)."""
        return replace(self, full=self.full.copy(), drawn=self.drawn.copy(), visible=self.visible.copy())

    def merge(self, other: TextRecord) -> None:
        """The same text blitted again at the same place: what either put down is there."""
        self.drawn.draw(other.drawn, (0, 0))
        self.visible.draw(other.visible, (0, 0))
        self.cuts = tuple(dict.fromkeys(self.cuts + other.cuts))

    def box(self) -> pygame.Rect | None:
        """The bounding box of the visible ink, in the surface's coordinates (None: hidden)."""
        rects = self.visible.get_bounding_rects()
        if not rects:
            return None
        return rects[0].unionall(rects[1:]).move(self.origin)

    def full_box(self) -> pygame.Rect:
        """The bounding box of all the string's ink, cut or not, in the surface's coordinates."""
        rects = self.full.get_bounding_rects()
        box = rects[0].unionall(rects[1:]) if rects else pygame.Rect(0, 0, 0, 0)
        return box.move(self.origin)

    def cut_pixels(self) -> int:
        """Ink pixels of the string never put down here (lost to an edge, a clip, a subsurface)."""
        return self.full.count() - self.full.overlap_area(self.drawn, (0, 0))


# ----- the recording surface -----------------------------------------------------------------------
class _AnySurfaceType(type):
    """``isinstance(plain_surface, RecordingSurface)`` stays true, so code that checks for
    ``pygame.Surface`` behaves the same while ``pygame.Surface`` is ``RecordingSurface``."""

    def __instancecheck__(cls, instance: Any) -> bool:
        return isinstance(instance, BaseSurface)


_serials = itertools.count(1)


def serial(surface: Any) -> int:
    """A number that tells ``surface`` from every other surface of the run (an ``id`` may be reused)."""
    return surface.__dict__.setdefault("_serial", next(_serials))  # type: ignore[no-any-return]


def is_recording(surface: Any) -> bool:
    """True for a surface that keeps text records (a real ``RecordingSurface``)."""
    return issubclass(type(surface), RecordingSurface)


def records(surface: Any) -> dict[Key, TextRecord]:
    """The text records of ``surface`` (empty for a plain surface)."""
    if not is_recording(surface):
        return {}
    found = surface.__dict__.get("_texts")
    if found is None:
        found = surface.__dict__["_texts"] = {}
    return found


def visible_texts(surface: pygame.Surface) -> list[TextRecord]:
    """The texts showing on ``surface`` now (at least one ink pixel visible), top-left first."""
    shown = [record for record in records(surface).values() if record.visible.count()]
    return sorted(shown, key=lambda record: (record.origin[1], record.origin[0], record.text))


class RecordingSurface(BaseSurface, metaclass=_AnySurfaceType):
    """A ``pygame.Surface`` that keeps the text records of what is blitted onto it."""

    def blit(self, source: Any, dest: Any = (0, 0), area: Any = None, special_flags: int = 0) -> pygame.Rect:
        """Blit, then hide the texts it covers and carry the source's texts over."""
        written = super().blit(source, dest, area, special_flags)
        self._touched()
        if written.width and written.height:
            _after_blit(self, source, dest, area, special_flags, written)
        return written

    def blits(self, blit_sequence: Any, doreturn: Any = True) -> list[pygame.Rect] | None:
        """Each blit of the sequence in turn (so each is recorded)."""
        rects = [self.blit(*item) for item in blit_sequence]
        return rects if doreturn else None

    def fblits(self, blit_sequence: Any, special_flags: int = 0) -> None:
        """Each blit of the sequence in turn (so each is recorded)."""
        for source, dest in blit_sequence:
            self.blit(source, dest, None, special_flags)

    def fill(self, color: Any, rect: Any = None, special_flags: int = 0) -> pygame.Rect:
        """Fill; a plain fill replaces the pixels, and the texts under them."""
        written = super().fill(color, rect, special_flags)
        self._touched()
        if not special_flags and written.width and written.height:
            hide_under(self, written, None)
        return written

    def copy(self) -> RecordingSurface:
        """A copy, texts and all."""
        return _with_records_of(self, super().copy())

    def convert(self, *args: Any) -> RecordingSurface:
        """``convert``, texts and all."""
        return _with_records_of(self, super().convert(*args))

    def convert_alpha(self, *args: Any) -> RecordingSurface:
        """``convert_alpha``, texts and all."""
        return _with_records_of(self, super().convert_alpha(*args))

    def subsurface(self, *rect: Any) -> RecordingSurface:
        """A subsurface with the texts inside it; pixels outside it are cut."""
        part = super().subsurface(*rect)
        shift = (-part.get_offset()[0], -part.get_offset()[1])
        place_records(part, self, shift, part.get_rect(), self.get_rect().move(shift), "subsurface")
        return part

    def set_alpha(self, *args: Any) -> None:
        """``set_alpha`` (how much this surface covers changes)."""
        super().set_alpha(*args)
        self._touched()

    def set_colorkey(self, *args: Any) -> None:
        """``set_colorkey`` (how much this surface covers changes)."""
        super().set_colorkey(*args)
        self._touched()

    def _touched(self) -> None:
        """The pixels may have changed: forget the covering mask worked out from them."""
        self.__dict__.pop("_cover", None)


def _with_records_of(original: BaseSurface, made: BaseSurface) -> Any:
    """``made`` (a copy of ``original``) with copies of its text records."""
    if is_recording(made):
        records(made).update({key: record.copy() for key, record in records(original).items()})
    return made


def adopt(surface: BaseSurface) -> RecordingSurface:
    """``surface`` as a ``RecordingSurface`` (a pixel-exact copy when it is a plain one)."""
    if is_recording(surface):
        return surface  # type: ignore[return-value]
    flags = surface.get_flags() & pygame.SRCALPHA
    copy = RecordingSurface(surface.get_size(), flags, surface)
    if flags:
        BaseSurface.fill(copy, (0, 0, 0, 0))
        BaseSurface.blit(copy, surface, (0, 0), None, pygame.BLEND_RGBA_ADD)  # exact: added to zero
    else:
        BaseSurface.blit(copy, surface, (0, 0))
    colorkey = surface.get_colorkey()
    if colorkey is not None:
        copy.set_colorkey(colorkey)
    alpha = surface.get_alpha()
    if alpha is not None and alpha < 255:
        copy.set_alpha(alpha)
    return copy


# ----- carrying records over -------------------------------------------------------------------------
@lru_cache(maxsize=256)
def _solid(size: tuple[int, int]) -> pygame.mask.Mask:
    """A mask of ``size`` with every bit set (never changed by its users)."""
    return pygame.mask.Mask(size, fill=True)


def _inside(mask: pygame.mask.Mask, window: pygame.Rect) -> pygame.mask.Mask:
    """The bits of ``mask`` that lie inside ``window`` (in the mask's own coordinates)."""
    local = window.clip(pygame.Rect((0, 0), mask.get_size()))
    if not local.width or not local.height:
        return pygame.mask.Mask(mask.get_size())
    return mask.overlap_mask(_solid(local.size), local.topleft)


def place_records(target: Any, source: Any, shift: tuple[int, int], written: pygame.Rect,
                  placed: pygame.Rect, bounds_name: str, picture: int = 0) -> None:
    """Carry ``source``'s texts onto ``target``, moved by ``shift``; only pixels inside
    ``written`` (target coordinates) are put down. ``placed`` is where the source's area went
    whole: pixels inside it but outside ``written`` were cut by the target's edge or clip.
    A text printed on no picture yet is now on ``picture`` (0: a subsurface, not a picture)."""
    if not is_recording(target):
        return
    texts = records(target)
    for record in list(records(source).values()):
        origin = (record.origin[0] + shift[0], record.origin[1] + shift[1])
        local = written.move(-origin[0], -origin[1])
        drawn = _inside(record.drawn, local)
        if not drawn.count():
            continue
        # ``full`` is shared: no record ever changes it
        moved = replace(record, origin=origin, drawn=drawn, visible=_inside(record.visible, local),
                        picture=record.picture or picture)
        lost = record.drawn.count() - drawn.count()
        if lost:
            moved.cuts += (_why_cut(record, origin, placed, target, bounds_name),)
        old = texts.get(moved.key)
        if old is None:
            texts[moved.key] = moved
        else:
            old.merge(moved)


def _why_cut(record: TextRecord, origin: tuple[int, int], placed: pygame.Rect, target: Any,
             bounds_name: str) -> str:
    """Where a blit lost some of a text's pixels: outside the blit's ``area`` (a part of a
    picture blitted alone; a table restoring what moved puts the rest back the same way), the
    target's edge, or its clip rectangle."""
    in_area = _inside(record.drawn, placed.move(-origin[0], -origin[1])).count()
    if in_area < record.drawn.count():
        return "area"
    bounds = target.get_rect()
    if _inside(record.drawn, bounds.move(-origin[0], -origin[1])).count() < in_area:
        width, height = target.get_size()
        return f"{bounds_name} edge ({width}x{height})"
    clip = target.get_clip()
    return f"clip {tuple(clip)}"


def _after_blit(target: RecordingSurface, source: Any, dest: Any, area: Any, special_flags: int,
                written: pygame.Rect) -> None:
    """Hide the texts the blit covered, then carry the source's texts over."""
    corner = (int(dest[0]), int(dest[1]))
    asked = pygame.Rect(area) if area is not None else source.get_rect()
    # the source's pixel (x, y) lands at corner + (x, y) - asked.topleft (SDL moves the corner
    # when the area starts outside the source)
    shift = (corner[0] - asked.x, corner[1] - asked.y)
    if not special_flags:
        cover = covering_mask(source)
        if cover is not None:
            hide_under(target, written, (cover, shift))
        elif _covers_whole(source):
            hide_under(target, written, None)
    if records(source):
        placed = asked.clip(source.get_rect()).move(shift)
        place_records(target, source, shift, written, placed, "surface", serial(target))


def _covers_whole(source: Any) -> bool:
    """True when every pixel of ``source`` is opaque (no alpha channel, colour key or surface alpha)."""
    if source.get_flags() & pygame.SRCALPHA or source.get_colorkey() is not None:
        return False
    alpha = source.get_alpha()
    return alpha is None or alpha >= COVERING_ALPHA


def covering_mask(source: Any) -> pygame.mask.Mask | None:
    """For a source with transparency: a mask of its pixels opaque enough to hide text (None
    for a fully opaque source, see ``_covers_whole``). Kept until the source changes."""
    if not (source.get_flags() & pygame.SRCALPHA or source.get_colorkey() is not None):
        return None
    kept = source.__dict__.get("_cover") if is_recording(source) else None
    if kept is not None:
        return kept
    surface_alpha = source.get_alpha()  # 255 for per-pixel alpha alone, None without any alpha
    if surface_alpha is not None and surface_alpha < COVERING_ALPHA:
        mask = pygame.mask.Mask(source.get_size())  # translucent as a whole: hides nothing
    else:
        # a pixel covers when pixel alpha x surface alpha reaches COVERING_ALPHA (a colour key
        # makes ``from_surface`` ignore the threshold: every other pixel covers)
        scale = 255 / surface_alpha if surface_alpha else 1.0
        threshold = min(255, round(COVERING_ALPHA * scale)) - 1
        mask = pygame.mask.from_surface(source, threshold)
    if is_recording(source):
        source.__dict__["_cover"] = mask
    return mask


def hide_under(target: Any, written: pygame.Rect, cover: tuple[pygame.mask.Mask, tuple[int, int]] | None) -> None:
    """New paint inside ``written``: whole (``cover`` None) or the mask's bits placed at its
    offset. Texts lose the visible pixels under it; a paint over the whole surface forgets them."""
    texts = records(target)
    if not texts:
        return
    if cover is None and written == target.get_rect():
        texts.clear()
        return
    for record in texts.values():
        box = pygame.Rect(record.origin, record.full.get_size())
        if not box.colliderect(written):
            continue
        local = written.move(-record.origin[0], -record.origin[1])
        if cover is None:
            hidden = _inside(_solid(record.full.get_size()), local)
        else:
            mask, (dx, dy) = cover
            hidden = _inside(record.visible.overlap_mask(mask, (dx - record.origin[0], dy - record.origin[1])), local)
        record.visible.erase(hidden, (0, 0))


# ----- pygame.draw and pygame.transform ---------------------------------------------------------------
SHAPES = {"rect": "rect", "ellipse": "rect", "circle": "center", "polygon": "points"}


def _moved_shape(name: str, value: Any, dx: int, dy: int) -> Any:
    """A shape's geometry argument moved by (dx, dy)."""
    if SHAPES[name] == "rect":
        return pygame.Rect(value).move(dx, dy)
    if SHAPES[name] == "center":
        return (value[0] + dx, value[1] + dy)
    return [(point[0] + dx, point[1] + dy) for point in value]


def _drawing(name: str, original: Callable[..., pygame.Rect]) -> Callable[..., pygame.Rect]:
    """``pygame.draw.<name>`` that also hides the texts under the shape it draws."""
    def draw(surface: Any, color: Any, *args: Any, **kwargs: Any) -> pygame.Rect:
        written = original(surface, color, *args, **kwargs)
        if not is_recording(surface):
            return written
        surface._touched()
        if name not in SHAPES or not written.width or not written.height or not records(surface):
            return written
        shape = BaseSurface(written.size, pygame.SRCALPHA)
        moved_args = list(args)
        geometry = SHAPES[name]
        if moved_args:
            moved_args[0] = _moved_shape(name, moved_args[0], -written.x, -written.y)
        else:
            kwargs[geometry] = _moved_shape(name, kwargs[geometry], -written.x, -written.y)
        original(shape, (255, 255, 255, 255), *moved_args, **kwargs)
        hide_under(surface, written, (pygame.mask.from_surface(shape, 0), written.topleft))
        return written

    return draw


def _mask_through(mask: pygame.mask.Mask, change: Callable[[BaseSurface], BaseSurface]) -> pygame.mask.Mask:
    """``mask`` sent through a surface transform (rotate, flip...)."""
    picture = mask.to_surface(setcolor=(255, 255, 255, 255), unsetcolor=(0, 0, 0, 0))
    return pygame.mask.from_surface(change(picture), 127)


def _record_through(record: TextRecord, origin: tuple[int, int],
                    change: Callable[[pygame.mask.Mask], pygame.mask.Mask], zoom: float = 1.0) -> TextRecord:
    """``record`` with each mask changed the same way, now at ``origin``, its font size times ``zoom``."""
    return replace(record, origin=origin, full=change(record.full), drawn=change(record.drawn),
                   visible=change(record.visible), size=record.size * zoom)


def _scaled_records(source: Any, result: Any) -> list[TextRecord]:
    """The source's texts in a scaled copy of it."""
    sx = result.get_width() / max(1, source.get_width())
    sy = result.get_height() / max(1, source.get_height())
    scaled = []
    for record in records(source).values():
        width, height = record.full.get_size()
        size = (max(1, round(width * sx)), max(1, round(height * sy)))
        origin = (round(record.origin[0] * sx), round(record.origin[1] * sy))
        # a font size is a height: a squeeze sideways (a card turning over) leaves it as it is
        scaled.append(_record_through(record, origin, lambda mask, size=size: mask.scale(size), sy))
    return scaled


def _turned_records(source: Any, result: Any, angle: float, zoom: float,
                    turn: Callable[[BaseSurface], BaseSurface]) -> list[TextRecord]:
    """The source's texts in a rotated (and zoomed) copy of it: each text's centre turns about
    the source's centre, its masks turn the same way about their own centres."""
    radians = math.radians(angle)
    cos, sin = math.cos(radians), math.sin(radians)
    centre = (source.get_width() / 2, source.get_height() / 2)
    new_centre = (result.get_width() / 2, result.get_height() / 2)
    turned = []
    for record in records(source).values():
        width, height = record.full.get_size()
        x = record.origin[0] + width / 2 - centre[0]
        y = record.origin[1] + height / 2 - centre[1]
        middle = (new_centre[0] + zoom * (x * cos + y * sin), new_centre[1] + zoom * (-x * sin + y * cos))
        full = _mask_through(record.full, turn)
        origin = (round(middle[0] - full.get_size()[0] / 2), round(middle[1] - full.get_size()[1] / 2))
        turned.append(_record_through(record, origin, lambda mask: _mask_through(mask, turn), zoom))
    return turned


def _flipped_records(source: Any, flip_x: bool, flip_y: bool) -> list[TextRecord]:
    """The source's texts in a mirrored copy of it."""
    flipped = []
    for record in records(source).values():
        width, height = record.full.get_size()
        x = source.get_width() - record.origin[0] - width if flip_x else record.origin[0]
        y = source.get_height() - record.origin[1] - height if flip_y else record.origin[1]
        flipped.append(_record_through(
            record, (x, y), lambda mask: _mask_through(mask, lambda s: _ORIGINAL_TRANSFORMS["flip"](s, flip_x, flip_y))))
    return flipped


_ORIGINAL_TRANSFORMS: dict[str, Callable[..., Any]] = {}


def _transforming(name: str, original: Callable[..., Any]) -> Callable[..., Any]:
    """``pygame.transform.<name>`` whose result is a ``RecordingSurface`` with the source's texts."""
    def transform(surface: Any, *args: Any, **kwargs: Any) -> Any:
        result = original(surface, *args, **kwargs)
        if not isinstance(result, BaseSurface):
            return result
        result = adopt(result)
        result._touched()
        if not records(surface):
            return result
        if name in ("scale", "smoothscale", "scale_by", "smoothscale_by"):
            moved = _scaled_records(surface, result)
        elif name in ("rotate", "rotozoom"):
            angle = args[0] if args else kwargs["angle"]
            zoom = (args[1] if len(args) > 1 else kwargs.get("scale", 1.0)) if name == "rotozoom" else 1.0
            turn = (lambda s: original(s, angle, zoom)) if name == "rotozoom" else (lambda s: original(s, angle))
            moved = _turned_records(surface, result, angle, zoom, turn)
        elif name == "flip":
            flip_x = args[0] if args else kwargs["flip_x"]
            flip_y = args[1] if len(args) > 1 else kwargs["flip_y"]
            moved = _flipped_records(surface, bool(flip_x), bool(flip_y))
        else:  # a blur: no text any more
            moved = []
        texts = records(result)
        texts.clear()
        for record in moved:
            texts[record.key] = record
        return result

    return transform


TRANSFORMS = ("scale", "smoothscale", "scale_by", "smoothscale_by", "rotate", "rotozoom", "flip",
              "gaussian_blur", "box_blur")
DRAWS = ("rect", "ellipse", "circle", "polygon", "line", "lines", "aaline", "aalines", "arc")


# ----- installing ------------------------------------------------------------------------------------
# The font size of each rendering under way, innermost last: the render hook is told the string,
# not the size, so the probe wraps what renders (``fonts.text`` and the hooked font's ``render``).
_sizes: list[float] = []


def _sizing_text(original: Callable[..., BaseSurface]) -> Callable[..., BaseSurface]:
    """``fonts.text`` that lets the render hook know the size it renders at."""
    @wraps(original)
    def text(s: str, size: int, color: Any, bold: bool = False) -> BaseSurface:
        _sizes.append(float(size))
        try:
            return original(s, size, color, bold)
        finally:
            _sizes.pop()

    return text


def _sizing_render(original: Callable[..., BaseSurface]) -> Callable[..., BaseSurface]:
    """A hooked font's ``render`` (text printed on art) that lets the render hook know its size."""
    @wraps(original)
    def render(self: pygame.font.Font, *args: Any, **kwargs: Any) -> BaseSurface:
        _sizes.append(float(self.point_size))
        try:
            return original(self, *args, **kwargs)
        finally:
            _sizes.pop()

    return render


def tag_text(image: BaseSurface, text: str, kind: str) -> BaseSurface:
    """The render hook: ``image`` as a recording surface that carries its own string (and size)."""
    copy = adopt(image)
    if text.strip():
        ink = pygame.mask.from_surface(copy, INK_THRESHOLD)
        if ink.count():
            size = _sizes[-1] if _sizes else math.nan
            record = TextRecord(text, (0, 0), ink, ink.copy(), ink.copy(), kind=kind, size=size)
            records(copy)[record.key] = record
    return copy


def forget_pictures() -> None:
    """Empty every picture cache of the app (bounded caches and ``lru_cache`` functions), so
    nothing made before the probe was installed (or while it was) is handed out."""
    for kept in cache.caches():
        kept.clear()
    for name, module in list(sys.modules.items()):
        if name != "scenes" and not name.startswith("scenes."):
            continue
        for value in list(vars(module).values()):
            if callable(getattr(value, "cache_clear", None)) and hasattr(value, "cache_info"):
                value.cache_clear()
    fonts.clear_cache()


@contextmanager
def probing() -> Iterator[None]:
    """Record text inside the block: ``pygame.Surface``, ``pygame.draw`` and ``pygame.transform``
    swapped, the font's render hook set, every picture cache emptied on the way in and out."""
    saved = _install()
    try:
        yield
    finally:
        _uninstall(saved)


def _install() -> dict[str, Any]:
    """Swap pygame's pieces for recording ones; returns the originals."""
    saved: dict[str, Any] = {"Surface": pygame.Surface}
    pygame.Surface = RecordingSurface  # type: ignore[misc]
    for name in TRANSFORMS:
        original = saved[f"transform.{name}"] = _ORIGINAL_TRANSFORMS[name] = getattr(pygame.transform, name)
        setattr(pygame.transform, name, _transforming(name, original))
    for name in DRAWS:
        original = saved[f"draw.{name}"] = getattr(pygame.draw, name)
        setattr(pygame.draw, name, _drawing(name, original))
    saved["fonts.text"] = fonts.text
    fonts.text = _sizing_text(fonts.text)  # type: ignore[assignment]
    saved["font.render"] = fonts._HookedFont.render
    fonts._HookedFont.render = _sizing_render(fonts._HookedFont.render)  # type: ignore[method-assign]
    fonts.set_render_hook(tag_text)
    forget_pictures()
    return saved


def _uninstall(saved: dict[str, Any]) -> None:
    """Put pygame back as it was and forget every recorded picture."""
    fonts.set_render_hook(None)
    pygame.Surface = saved.pop("Surface")  # type: ignore[misc]
    fonts.text = saved.pop("fonts.text")  # type: ignore[assignment]
    fonts._HookedFont.render = saved.pop("font.render")  # type: ignore[method-assign]
    for key, original in saved.items():
        module, name = key.split(".")
        setattr(pygame.transform if module == "transform" else pygame.draw, name, original)
    _ORIGINAL_TRANSFORMS.clear()
    forget_pictures()


def iter_pairs(items: list[TextRecord]) -> Iterator[tuple[TextRecord, TextRecord]]:
    """Every unordered pair of ``items``."""
    for index, first in enumerate(items):
        for second in items[index + 1:]:
            yield first, second
