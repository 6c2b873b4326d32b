"""Widgets every menu shares: buttons, a segmented choice, focus handling, panels and toasts.

Widgets work the same by mouse, finger and keyboard: a ``FocusGroup`` routes intents to them.
A press arms the widget under the pointer and the release on that same widget clicks it (so
dragging off cancels, as on a phone); arrows and Tab move a focus ring; Enter clicks the focused
widget. Labels may be callables so a language switch relabels everything at the next frame.

A focusable widget is anything with ``rect``, ``contains(pos)`` and ``activate()``; it may also
offer ``is_enabled``, ``click(pos)`` (a click that cares where it landed), ``nav(dx, dy) -> bool``
(arrows it uses itself, as a segmented control does with left/right), ``pressed`` and
``hovered`` (looks) and ``draw(surface, focused)``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol

import pygame

from game.core.match import Seat
from game.i18n import t
from scenes.engine import crisp, fonts, theme
from scenes.engine import input as intents
from scenes.engine.app import FPS, Scene
from scenes.engine.cache import KEEP, MB, SurfaceCache
from scenes.engine.input import Intent

Label = str | Callable[[], str]
Flag = bool | Callable[[], bool]

STYLES = ("primary", "secondary", "ghost")
FOCUS_RING_WIDTH = 5
FOCUS_RING_GAP = 6
PRESS_SINK = 3  # pixels a pressed button sinks, so a touch gets visible feedback


def resolve(value: Any) -> Any:
    """The value itself, or the result of calling it (for live labels and enabled flags)."""
    return value() if callable(value) else value


def mix(a: theme.Color, b: theme.Color, amount: float) -> theme.Color:
    """A colour ``amount`` of the way from ``a`` to ``b`` (0..1)."""
    return (
        round(a[0] + (b[0] - a[0]) * amount),
        round(a[1] + (b[1] - a[1]) * amount),
        round(a[2] + (b[2] - a[2]) * amount),
    )


class Focusable(Protocol):
    """What a ``FocusGroup`` needs of a widget."""

    rect: pygame.Rect

    def contains(self, pos: tuple[int, int]) -> bool:
        """True when ``pos`` is on the widget."""
        ...

    def activate(self) -> None:
        """Do what a click or Enter does."""
        ...


# ----- drawing helpers ---------------------------------------------------------------------------


def draw_shadow(surface: pygame.Surface, rect: pygame.Rect, radius: int, offset: int = 8) -> None:
    """A soft drop shadow under ``rect`` (two translucent layers)."""
    for grow, alpha in ((10, 40), (2, 70)):
        shade = pygame.Surface((rect.width + grow * 2, rect.height + grow * 2), pygame.SRCALPHA)
        pygame.draw.rect(shade, (0, 0, 0, alpha), shade.get_rect(), border_radius=radius + grow)
        surface.blit(shade, (rect.x - grow, rect.y - grow + offset))


def draw_panel(
    surface: pygame.Surface,
    rect: pygame.Rect,
    color: theme.Color = theme.PAPER,
    radius: int = 24,
    shadow: bool = True,
) -> None:
    """A rounded card of ``color``, with a drop shadow unless told otherwise."""
    if shadow:
        draw_shadow(surface, rect, radius)
    pygame.draw.rect(surface, color, rect, border_radius=radius)


def draw_text_centered(
    surface: pygame.Surface,
    text: str,
    size: int,
    color: theme.Color,
    center: tuple[int, int],
    bold: bool = False,
) -> pygame.Rect:
    """Blit ``text`` centred on ``center``; returns where it went."""
    image = fonts.text(text, size, color, bold)
    where = image.get_rect(center=center)
    surface.blit(image, where)
    return where


def draw_text(
    surface: pygame.Surface,
    text: str,
    size: int,
    color: theme.Color,
    topleft: tuple[int, int],
    bold: bool = False,
) -> pygame.Rect:
    """Blit ``text`` with its top-left corner at ``topleft``; returns where it went."""
    image = fonts.text(text, size, color, bold)
    return surface.blit(image, topleft)


def fit_size(text: str, size: int, width: int, bold: bool = False, smallest: int = theme.TINY) -> int:
    """The largest type size up to ``size``, in steps of 2 and never under ``smallest``, at which
    ``text`` fits in ``width`` pixels (``smallest`` when none does)."""
    while size > smallest and fonts.text_width(text, size, bold) > width:
        size = max(smallest, size - 2)
    return size


def clipped(text: str, size: int, width: int, bold: bool = False, *, keep_end: bool = False) -> str:
    """``text`` cut with an ellipsis to fit ``width`` pixels: its start kept, or with ``keep_end``
    its end (the end of a name being typed, where the caret is)."""
    if fonts.text_width(text, size, bold) <= width:
        return text
    if keep_end:
        while text and fonts.text_width("…" + text, size, bold) > width:
            text = text[1:]
        return "…" + text
    while text and fonts.text_width(text + "…", size, bold) > width:
        text = text[:-1]
    return text + "…"


def fitted_seat_label(name: str, you: bool, size: int, width: int) -> tuple[str, int]:
    """A seat's bold label (its name, and "(you)" after the viewer's) and the type size for it:
    the largest from ``size`` down to ``theme.LEAST`` that fits ``width``; a name too long even
    then is cut with an ellipsis, "(you)" kept."""
    suffix = f" ({t('table.you')})" if you else ""
    label = name + suffix
    type_size = fit_size(label, size, width, bold=True, smallest=theme.LEAST)
    if fonts.text_width(label, type_size, True) > width:
        label = clipped(name, type_size, width - fonts.text_width(suffix, type_size, True), bold=True) + suffix
    return label, type_size


def draw_focus_ring(surface: pygame.Surface, rect: pygame.Rect, radius: int) -> None:
    """The persimmon ring that shows keyboard focus, a little outside ``rect``."""
    ring = rect.inflate(FOCUS_RING_GAP * 2, FOCUS_RING_GAP * 2)
    pygame.draw.rect(surface, theme.ACCENT, ring, FOCUS_RING_WIDTH, border_radius=radius + FOCUS_RING_GAP)


MINUS = "\u2212"  # a true minus sign: as wide as the plus, never a hyphen


def number_text(value: float) -> str:
    """A score as shown anywhere: whole numbers without a decimal point (others with one), a
    true minus sign for negatives, so "−3" looks the same on the table and in the results."""
    text = str(int(value)) if float(value).is_integer() else f"{value:.1f}"
    return text.replace("-", MINUS)


def signed_text(value: int) -> str:
    """A score change with its sign: "+2", "−2", "0"."""
    return f"+{value}" if value > 0 else number_text(value)


CAST_SIZE = 5  # names per AI level: one per seat of the largest table, so none repeats at a table
CAST_LEVELS = ("easy", "normal", "hard", "random")  # the AI levels with a cast (``ui.cast.LEVEL.N``)


def ai_name(seat_index: int, level: str) -> str:
    """The name of the AI character at a seat: the level's cast member numbered by the seat
    ("Mochi" for an Easy AI in seat 1). Worked out when shown, never stored, so it follows the
    language and survives a save; the casts never share a name, so no table repeats one."""
    cast = level if level in CAST_LEVELS else "normal"
    return t(f"ui.cast.{cast}.{seat_index % CAST_SIZE + 1}")


def seat_name(seat_index: int, seat: Seat) -> str:
    """A seat's name without its symbol: the name a person typed, else "Player 2" for a person
    or the AI character's name."""
    if seat.name:
        return seat.name
    if seat.is_human:
        return t("ui.seat.player", n=seat_index + 1)
    return ai_name(seat_index, seat.level)


def seat_level(seat: Seat) -> str:
    """What plays at a seat, for a small tag next to its name: "AI (Hard)"; "" for a person."""
    if seat.is_human:
        return ""
    return t("ui.seat.ai", level=t(f"ui.level.{seat.level or 'normal'}"))


def seat_label(seat_index: int, seat: Seat) -> str:
    """How a seat is named on screen, with its symbol: "Player 2 ▲", "Mochi ■"."""
    symbol = theme.SEAT_SYMBOLS[seat_index % len(theme.SEAT_SYMBOLS)]
    return f"{seat_name(seat_index, seat)} {symbol}"


def seat_color(seat_index: int) -> theme.Color:
    """The colour that goes with a seat's symbol."""
    return theme.SEAT_COLORS[seat_index % len(theme.SEAT_COLORS)]


# ----- button ------------------------------------------------------------------------------------


class Button:
    """A large rounded button; ``label`` and ``enabled`` may be callables, read at draw time."""

    def __init__(
        self,
        rect: pygame.Rect,
        label: Label,
        on_click: Callable[[], None],
        *,
        enabled: Flag = True,
        style: str = "primary",
        hint: str = "",
    ) -> None:
        if style not in STYLES:
            raise ValueError(f"unknown button style {style!r}; styles: {', '.join(STYLES)}")
        self.rect = pygame.Rect(rect)
        self.label = label
        self.on_click = on_click
        self.enabled = enabled
        self.style = style
        self.hint = hint  # a short i18n key or text, for a tooltip-like line under menus
        self.pressed = False  # armed by a press that has not been released yet
        self.hovered = False

    @property
    def text(self) -> str:
        """The label as it reads now."""
        return str(resolve(self.label))

    @property
    def is_enabled(self) -> bool:
        """True when a click does something."""
        return bool(resolve(self.enabled))

    def contains(self, pos: tuple[int, int]) -> bool:
        """True when ``pos`` is on the button."""
        return self.rect.collidepoint(pos)

    def activate(self) -> None:
        """Run the click action (nothing when disabled)."""
        if self.is_enabled:
            self.on_click()

    def colors(self) -> tuple[theme.Color | None, theme.Color, theme.Color | None]:
        """(fill, text, outline) for the current style and state; None means not drawn."""
        if not self.is_enabled:
            fill = theme.PAPER_SHADE if self.style != "ghost" else None
            return fill, theme.INK_SOFT, theme.INK_SOFT if self.style == "ghost" else None
        if self.style == "primary":
            fill = theme.FUTON
            if self.pressed:
                fill = mix(theme.FUTON, theme.INK, 0.25)
            elif self.hovered:
                fill = mix(theme.FUTON, theme.ACCENT, 0.3)
            return fill, theme.TEXT, None
        if self.style == "secondary":
            fill = theme.PAPER
            if self.pressed:
                fill = theme.PAPER_SHADE
            elif self.hovered:
                fill = mix(theme.PAPER, theme.GOLD, 0.25)
            return fill, theme.INK, mix(theme.PAPER_SHADE, theme.INK_SOFT, 0.35)
        fill = None
        if self.pressed:
            fill = mix(theme.ROOM, theme.TEXT, 0.18)
        elif self.hovered:
            fill = mix(theme.ROOM, theme.TEXT, 0.1)
        return fill, theme.TEXT, theme.TEXT_DIM

    def draw(self, surface: pygame.Surface, focused: bool = False) -> None:
        """Paint the button: shadow, fill, label; sunk when pressed; ring when focused."""
        fill, ink, outline = self.colors()
        rect = self.rect.move(0, PRESS_SINK if self.pressed else 0)
        radius = theme.BUTTON_RADIUS
        if fill is not None and self.style != "ghost" and self.is_enabled and not self.pressed:
            shadow = pygame.Surface(rect.size, pygame.SRCALPHA)
            pygame.draw.rect(shadow, (0, 0, 0, 80), shadow.get_rect(), border_radius=radius)
            surface.blit(shadow, (rect.x, rect.y + 5))
        if fill is not None:
            pygame.draw.rect(surface, fill, rect, border_radius=radius)
        if outline is not None:
            pygame.draw.rect(surface, outline, rect, 2, border_radius=radius)
        label = self.text
        size = fit_size(label, theme.BODY, rect.width - 32, bold=True)
        draw_text_centered(surface, label, size, ink, rect.center, bold=True)
        if focused:
            draw_focus_ring(surface, rect, radius)


# ----- segmented choice --------------------------------------------------------------------------


class Segmented:
    """A row of mutually exclusive choices (Human / Easy / Normal / Hard...).

    Click or tap a segment to choose it; with keyboard focus, left/right change the choice and
    Enter steps to the next one. The chosen segment is filled and bold (not colour alone).
    """

    def __init__(
        self,
        rect: pygame.Rect,
        choices: Sequence[tuple[Any, Label]],
        value: Any,
        on_change: Callable[[Any], None] | None = None,
        *,
        enabled: Flag = True,
    ) -> None:
        if not choices:
            raise ValueError("a segmented control needs at least one choice")
        self.rect = pygame.Rect(rect)
        self.choices = list(choices)
        self.values = [choice for choice, _ in self.choices]
        self.value = value if value in self.values else self.values[0]
        self.on_change = on_change
        self.enabled = enabled
        self.pressed = False
        self.hovered = False

    @property
    def is_enabled(self) -> bool:
        """True when the choice can be changed."""
        return bool(resolve(self.enabled))

    @property
    def index(self) -> int:
        """Position of the chosen value."""
        return self.values.index(self.value)

    def segment_rects(self) -> list[pygame.Rect]:
        """One rect per choice, side by side, filling the control."""
        count = len(self.choices)
        rects = []
        for number in range(count):
            left = self.rect.x + self.rect.width * number // count
            right = self.rect.x + self.rect.width * (number + 1) // count
            rects.append(pygame.Rect(left, self.rect.y, right - left, self.rect.height))
        return rects

    def contains(self, pos: tuple[int, int]) -> bool:
        """True when ``pos`` is on the control."""
        return self.rect.collidepoint(pos)

    def choose(self, value: Any) -> None:
        """Select ``value`` and tell ``on_change`` if it changed."""
        if value not in self.values or not self.is_enabled:
            return
        changed = value != self.value
        self.value = value
        if changed and self.on_change is not None:
            self.on_change(value)

    def click(self, pos: tuple[int, int]) -> None:
        """Choose the segment under ``pos``."""
        for value, rect in zip(self.values, self.segment_rects(), strict=True):
            if rect.collidepoint(pos):
                self.choose(value)
                return

    def activate(self) -> None:
        """Enter: step to the next choice, wrapping round."""
        self.choose(self.values[(self.index + 1) % len(self.values)])

    def nav(self, dx: int, dy: int) -> bool:
        """Left/right move the choice (consumed even at the ends); up/down are not ours."""
        if dx == 0 or not self.is_enabled:
            return False
        target = max(0, min(len(self.values) - 1, self.index + dx))
        self.choose(self.values[target])
        return True

    def draw(self, surface: pygame.Surface, focused: bool = False) -> None:
        """Paint the track, the chosen segment raised, and every label."""
        radius = theme.BUTTON_RADIUS
        enabled = self.is_enabled
        pygame.draw.rect(surface, theme.PAPER_SHADE, self.rect, border_radius=radius)
        for number, ((value, label), rect) in enumerate(zip(self.choices, self.segment_rects(), strict=True)):
            chosen = value == self.value
            text = str(resolve(label))
            if chosen:
                inner = rect.inflate(-8, -8)
                fill = theme.FUTON if enabled else theme.INK_SOFT
                pygame.draw.rect(surface, fill, inner, border_radius=radius - 4)
                ink = theme.TEXT
            else:
                ink = theme.INK if enabled else theme.INK_SOFT
                if number > 0 and self.values[number - 1] != self.value:
                    # a hairline between two unchosen segments
                    pygame.draw.line(
                        surface, theme.INK_SOFT, (rect.x, rect.y + 18), (rect.x, rect.bottom - 18), 1
                    )
            size = fit_size(text, theme.SMALL + 2, rect.width - 20, bold=chosen)
            draw_text_centered(surface, text, size, ink, rect.center, bold=chosen)
        if focused:
            draw_focus_ring(surface, self.rect, radius)


# ----- focus and pointer routing -----------------------------------------------------------------


class FocusGroup:
    """Routes pointer and keyboard intents to a set of widgets and draws them with focus."""

    def __init__(self, widgets: Sequence[Any] = (), audio: Any = None) -> None:
        self.widgets: list[Any] = []
        self.focus = 0
        self.armed: Any = None  # the widget a press went down on
        self.audio = audio
        self.show_focus = True  # hidden after pointer use, shown again by the first key
        self.set_widgets(widgets)

    def set_widgets(self, widgets: Sequence[Any]) -> None:
        """Replace the widgets, keeping focus on the same index when it still exists."""
        self.widgets = list(widgets)
        self.armed = None
        if not self.widgets:
            self.focus = 0
            return
        self.focus = min(self.focus, len(self.widgets) - 1)
        if not self._enabled(self.widgets[self.focus]):
            self._step_focus(1)

    @property
    def focused(self) -> Any:
        """The widget with keyboard focus (None when there are no widgets)."""
        return self.widgets[self.focus] if self.widgets else None

    def focus_on(self, widget: Any) -> None:
        """Put focus on ``widget`` (if it is in the group)."""
        if widget in self.widgets:
            self.focus = self.widgets.index(widget)

    @staticmethod
    def _enabled(widget: Any) -> bool:
        """A widget without ``is_enabled`` counts as enabled."""
        return bool(getattr(widget, "is_enabled", True))

    def widget_at(self, pos: tuple[int, int]) -> Any:
        """The enabled widget under ``pos``, topmost (last) first, or None."""
        for widget in reversed(self.widgets):
            if self._enabled(widget) and widget.contains(pos):
                return widget
        return None

    def click(self, widget: Any, pos: tuple[int, int] | None = None) -> None:
        """Click ``widget`` (at ``pos`` when the pointer did it) with the click sound."""
        if not self._enabled(widget):
            return
        if self.audio is not None:
            self.audio.play("click")
        if pos is not None and hasattr(widget, "click"):
            widget.click(pos)
        else:
            widget.activate()

    def handle(self, intent: Intent) -> bool:
        """React to one intent; True when it was used."""
        kind = intent.kind
        if kind == intents.PRESS:
            return self._press(intent.pos)
        if kind == intents.MOVE:
            return self._move(intent.pos)
        if kind == intents.RELEASE:
            if intent.touch:
                self._clear_hover()  # a lifted finger hovers over nothing
            return self._release(intent.pos)
        if not self.widgets:
            return False
        if kind in (intents.NAV, intents.FOCUS_NEXT, intents.FOCUS_PREV) and not self.show_focus:
            self.show_focus = True  # after mouse use, the first key only shows where focus is
            return True
        if kind == intents.NAV:
            return self._nav(intent.dx, intent.dy)
        if kind in (intents.FOCUS_NEXT, intents.FOCUS_PREV):
            self._step_focus(1 if kind == intents.FOCUS_NEXT else -1)
            return True
        if kind == intents.ACTIVATE:
            self.show_focus = True
            if self.focused is not None and self._enabled(self.focused):
                self.click(self.focused)
                return True
        return False

    def _press(self, pos: tuple[int, int]) -> bool:
        """Arm the widget under the pointer."""
        self._clear_armed()
        widget = self.widget_at(pos)
        if widget is None:
            return False
        self.armed = widget
        self.show_focus = False
        self.focus_on(widget)
        if hasattr(widget, "pressed"):
            widget.pressed = True
        return True

    def _move(self, pos: tuple[int, int]) -> bool:
        """Hover looks; an armed widget looks pressed only while the pointer is on it."""
        for widget in self.widgets:
            if hasattr(widget, "hovered"):
                widget.hovered = self._enabled(widget) and widget.contains(pos)
        if self.armed is not None:
            if hasattr(self.armed, "pressed"):
                self.armed.pressed = self.armed.contains(pos)
            return True
        return False

    def _release(self, pos: tuple[int, int]) -> bool:
        """Click the armed widget if the pointer is still on it; otherwise cancel."""
        widget = self.armed
        if widget is None:
            return False
        self._clear_armed()
        if widget.contains(pos) and widget in self.widgets:
            self.click(widget, pos)
        return True

    def _clear_hover(self) -> None:
        """No widget is under the pointer any more."""
        for widget in self.widgets:
            if hasattr(widget, "hovered"):
                widget.hovered = False

    def _clear_armed(self) -> None:
        """Forget the armed widget and its pressed look."""
        if self.armed is not None and hasattr(self.armed, "pressed"):
            self.armed.pressed = False
        self.armed = None

    def _step_focus(self, step: int) -> None:
        """Move focus to the next (or previous) enabled widget, wrapping round."""
        count = len(self.widgets)
        for offset in range(1, count + 1):
            candidate = (self.focus + step * offset) % count
            if self._enabled(self.widgets[candidate]):
                self.focus = candidate
                return

    def _nav(self, dx: int, dy: int) -> bool:
        """Arrows: let the focused widget use them first, else jump to the nearest widget that way."""
        current = self.focused
        if current is not None and hasattr(current, "nav") and current.nav(dx, dy):
            return True
        target = self.nearest(dx, dy)
        if target is not None:
            self.focus = target
        return True

    def nearest(self, dx: int, dy: int) -> int | None:
        """Index of the closest enabled widget in direction (dx, dy) from the focused one."""
        if self.focused is None:
            return None
        origin = pygame.Vector2(self.focused.rect.center)
        best: tuple[float, int] | None = None
        for index, widget in enumerate(self.widgets):
            if index == self.focus or not self._enabled(widget):
                continue
            offset = pygame.Vector2(widget.rect.center) - origin
            along = offset.x * dx + offset.y * dy
            if along <= 0:
                continue
            across = abs(offset.x * dy) + abs(offset.y * dx)
            score = along + across * 2  # prefer widgets straight ahead over diagonal ones
            if best is None or score < best[0]:
                best = (score, index)
        return None if best is None else best[1]

    def draw(self, surface: pygame.Surface) -> None:
        """Draw every widget, the focused one with its ring when the keyboard is in use."""
        for index, widget in enumerate(self.widgets):
            widget.draw(surface, focused=self.show_focus and index == self.focus)


# ----- toast -------------------------------------------------------------------------------------


class Toast:
    """A short message in a bubble near the bottom centre that fades out by itself."""

    FADE = 0.4  # seconds of fade in and out
    BOTTOM_MARGIN = 120
    MAX_WIDTH = 1400

    def __init__(self, bottom_margin: int = BOTTOM_MARGIN) -> None:
        self.bottom_margin = bottom_margin  # distance from the screen's bottom edge
        self.message = ""
        self.remaining = 0.0
        self.duration = 0.0

    @property
    def visible(self) -> bool:
        """True while a message is showing."""
        return self.remaining > 0 and bool(self.message)

    def show(self, text: str, seconds: float = 3.0) -> None:
        """Show ``text`` for ``seconds`` (replacing any message already showing)."""
        self.message = text
        self.duration = max(seconds, self.FADE * 2)
        self.remaining = self.duration

    def hide(self) -> None:
        """Remove the message now."""
        self.remaining = 0.0

    def update(self, dt: float) -> None:
        """Count down."""
        self.remaining = max(0.0, self.remaining - dt)

    def alpha(self) -> int:
        """Opacity now: fades in at the start and out at the end."""
        elapsed = self.duration - self.remaining
        level = min(1.0, elapsed / self.FADE + 0.35, self.remaining / self.FADE)
        return max(0, min(255, round(255 * level)))

    def draw(self, surface: pygame.Surface) -> None:
        """Paint the bubble (nothing when hidden)."""
        if not self.visible:
            return
        lines = fonts.wrap(self.message, theme.BODY, self.MAX_WIDTH - 80)
        line_height = fonts.line_height(theme.BODY)
        width = max(fonts.text_width(line, theme.BODY) for line in lines) + 80
        height = line_height * len(lines) + 40
        bubble = crisp.canvas((width, height), pygame.SRCALPHA)
        radius = height // 2 if len(lines) == 1 else 28
        pygame.draw.rect(bubble, (*theme.INK, 235), bubble.get_rect(), border_radius=radius)
        pygame.draw.rect(bubble, (*theme.GOLD, 255), bubble.get_rect(), 2, border_radius=radius)
        for number, line in enumerate(lines):
            image = fonts.text(line, theme.BODY, theme.TEXT)
            bubble.blit(image, image.get_rect(midtop=(width // 2, 20 + number * line_height)))
        bubble.set_alpha(self.alpha())
        screen_rect = surface.get_rect()
        bottom = screen_rect.bottom - self.bottom_margin
        surface.blit(bubble, bubble.get_rect(midbottom=(screen_rect.centerx, bottom)))


# ----- scrolling text ----------------------------------------------------------------------------


class Scroller:
    """Vertical scroll state for a tall content area: wheel, arrows and drag all move it."""

    WHEEL_STEP = 90
    KEY_STEP = 120

    def __init__(self, view_height: int, content_height: int = 0) -> None:
        self.view_height = view_height
        self.content_height = content_height
        self.offset = 0.0
        self.drag_from: tuple[float, float] | None = None  # (pointer y, offset) at press

    @property
    def limit(self) -> float:
        """The largest offset (0 when everything fits)."""
        return max(0.0, float(self.content_height - self.view_height))

    def scroll_by(self, amount: float) -> None:
        """Move the content up by ``amount`` pixels (negative: down), within bounds."""
        self.offset = max(0.0, min(self.limit, self.offset + amount))

    def start_drag(self, y: int) -> None:
        """A finger or button went down on the content."""
        self.drag_from = (float(y), self.offset)

    def drag_to(self, y: int) -> None:
        """Follow the pointer while dragging."""
        if self.drag_from is None:
            return
        start_y, start_offset = self.drag_from
        self.offset = max(0.0, min(self.limit, start_offset + start_y - y))

    def end_drag(self) -> None:
        """The pointer went up."""
        self.drag_from = None


# ----- backgrounds and menu screens --------------------------------------------------------------


_rooms = SurfaceCache("ui.rooms", 9 * MB, group=KEEP)  # one picture: the logical screen's (8 MB)


def room_background(size: tuple[int, int]) -> pygame.Surface:
    """The warm room behind every menu: dark wood-brown with a lamp glow from above (cached)."""
    return _rooms.get(size, lambda: _paint_room(size))


def _paint_room(size: tuple[int, int]) -> pygame.Surface:
    """``room_background``'s body."""
    width, height = size
    background = pygame.Surface(size)
    background.fill(theme.ROOM)
    glow_colour = mix(theme.ROOM, theme.ACCENT, 0.16)
    # concentric ellipses from wide and faint to small and warm: a lamp's pool of light
    steps = 24
    for step in range(steps):
        amount = (step + 1) / steps
        colour = mix(theme.ROOM, glow_colour, amount)
        w = int(width * 1.3 * (1 - amount * 0.7))
        h = int(height * 1.1 * (1 - amount * 0.7))
        pygame.draw.ellipse(background, colour, pygame.Rect(width // 2 - w // 2, -h // 3, w, h))
    # faint tatami seams along the floor
    seam = mix(theme.ROOM, theme.WOOD_DARK, 0.35)
    for x in range(-width, width * 2, 240):
        pygame.draw.line(
            background, seam, (width // 2 + (x - width // 2) // 3, int(height * 0.72)), (x, height), 2
        )
    pygame.draw.line(background, seam, (0, int(height * 0.72)), (width, int(height * 0.72)), 2)
    return background


def draw_room(surface: pygame.Surface) -> None:
    """Paint the room background over the whole surface."""
    surface.blit(room_background(surface.get_size()), (0, 0))


def draw_veil(surface: pygame.Surface, alpha: int = 170) -> None:
    """Dim whatever is below a dialog."""
    veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    veil.fill((*theme.ROOM, alpha))
    surface.blit(veil, (0, 0))


def draw_heading(surface: pygame.Surface, title: str, subtitle: str = "", top: int = 70) -> None:
    """A screen heading centred at the top: big bold title, a dimmer line under it."""
    width = surface.get_width()
    draw_text_centered(
        surface, title, theme.HEADING, theme.TEXT, (width // 2, top + theme.HEADING // 2), True
    )
    if subtitle:
        draw_text_centered(
            surface, subtitle, theme.BODY, theme.TEXT_DIM, (width // 2, top + theme.HEADING + 30)
        )


class MenuScene(Scene):
    """A screen made of widgets: a focus group, a toast, and Back on Esc/Backspace.

    Full-screen menus consume every intent so nothing reaches the paused scene below.
    """

    # True for a screen that changes only on input (and its toast): it is then drawn only when
    # something happened (``frame_rate``). A screen fed from elsewhere (the network) leaves it False.
    still_when_idle = False

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.group = FocusGroup(audio=getattr(app, "audio", None))
        self.toast = Toast()

    def frame_rate(self) -> float:
        """``FPS`` while the toast shows or for a screen not ``still_when_idle``, else 0."""
        return FPS if self.toast.visible or not self.still_when_idle else 0.0

    def handle(self, intent: Intent) -> bool:
        """Widgets first, then Back; everything else is swallowed."""
        if self.group.handle(intent):
            return True
        if intent.kind == intents.BACK:
            self.back()
        return True

    def back(self) -> None:
        """Leave this screen (override for a different target)."""
        if self.app.top is self:
            self.app.pop()

    def update(self, dt: float) -> None:
        """Let the toast fade."""
        self.toast.update(dt)
