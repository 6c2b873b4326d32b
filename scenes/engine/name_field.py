"""A one-line field where a person types the name of their seat, by keyboard or an IME.

``NameEdit`` is the text being typed (no pygame: what is accepted, what is refused). ``NameField``
is the widget: a tap, or Enter with the keyboard focus on it, opens it for typing; typed text
arrives as ``TEXT`` intents (pygame's TEXTINPUT, so a Japanese IME's committed text comes in
whole), Backspace takes back a character, Enter or Tab keep the name, Esc gives up the change,
and a tap anywhere else keeps it too. While an IME is composing, its keys are its own: Enter
commits the composition, not the name. The field asks SDL for text input only while it is open.

A field may offer names known before (``suggestions``: the local profiles): while it is open they
show as chips under it, those starting with what was typed; a tap on one, or Down/Up then Enter,
takes it.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.core.match import MAX_NAME, typed_name
from scenes.engine import fonts, theme
from scenes.engine import input as intents
from scenes.engine.input import Intent
from scenes.engine.ui import Flag, Label, clipped, draw_focus_ring, draw_panel, fit_size, mix, resolve

PADDING = 18  # pixels between the box's edge and the text
PENCIL_ROOM = 44  # the pencil at the right end of a closed field
BLINK = 1.0  # seconds of one caret blink (shown the first half)
REFUSED_FLASH = 0.5  # seconds the border stays red after a refused character
FIELD_FILL = mix(theme.PAPER, (255, 255, 255), 0.7)
MAX_CHIPS = 4  # known names offered at once under an open field
CHIP_HEIGHT = 56
CHIP_GAP = 10


class NameEdit:
    """The name being typed: printable characters only, at most ``limit`` of them."""

    def __init__(self, text: str = "", limit: int = MAX_NAME) -> None:
        self.text = text[:limit]
        self.limit = limit

    def type(self, typed: str) -> bool:
        """Add what was typed, without its control characters (no keyboard or IME means them);
        False when some of it would pass the limit (that part is refused)."""
        kept = "".join(char for char in typed if char.isprintable())
        room = self.limit - len(self.text)
        self.text += kept[: max(0, room)]
        return len(kept) <= room

    def delete(self) -> None:
        """Take back the last character."""
        self.text = self.text[:-1]

    def result(self) -> str:
        """The name to keep: trimmed; "" means the seat's default name."""
        return typed_name(self.text)


def draw_pencil(surface: pygame.Surface, center: tuple[int, int], color: theme.Color, size: int = 26) -> None:
    """A small slanted pencil (drawn, not a glyph: the app's font has none), meaning "edit"."""
    v = pygame.Vector2
    along = v(1, -1).normalize()
    across = v(1, 1).normalize()
    middle = v(center)
    half, width = size / 2, size / 7
    tip = middle - along * half
    body_start = tip + along * size * 0.28
    end = middle + along * half
    body = [body_start + across * width, end + across * width, end - across * width, body_start - across * width]
    pygame.draw.polygon(surface, color, body)
    pygame.draw.polygon(surface, color, [tip, body_start + across * width, body_start - across * width], 2)
    pygame.draw.line(surface, FIELD_FILL, end - along * size * 0.18 + across * width,
                     end - along * size * 0.18 - across * width, 2)


class NameField:
    """A seat's name: a box to tap and type in; when disabled (an AI seat) just the name."""

    def __init__(
        self,
        rect: pygame.Rect,
        name: Callable[[], str],
        default: Label,
        on_commit: Callable[[str], None],
        *,
        enabled: Flag = True,
        on_refused: Callable[[], None] | None = None,
        suggestions: Callable[[], list[str]] | None = None,
    ) -> None:
        self.rect = pygame.Rect(rect)
        self.name = name  # the name as kept now ("" = the default)
        self.default = default  # the name shown when none was typed (an AI's name when disabled)
        self.on_commit = on_commit
        self.enabled = enabled
        self.on_refused = on_refused
        self.suggestions = suggestions  # names known before (profiles), the last used first
        self.chosen = -1  # the chip picked with Down/Up (-1: none)
        self.changed = False  # typed in since it opened: the chips follow the text only then
        self.edit: NameEdit | None = None  # the text being typed while the field is open
        self.composing = ""  # an IME's text not yet committed
        self.clock = 0.0  # seconds since the field opened or last changed (the caret's blink)
        self.refused_for = 0.0  # seconds left of the red border after a refusal
        self.pressed = False
        self.hovered = False

    @property
    def is_enabled(self) -> bool:
        """True for a person's seat: the name can be typed."""
        return bool(resolve(self.enabled))

    @property
    def editing(self) -> bool:
        """True while the field is open for typing."""
        return self.edit is not None

    def contains(self, pos: tuple[int, int]) -> bool:
        """True when ``pos`` is on the field."""
        return self.rect.collidepoint(pos)

    def activate(self) -> None:
        """A tap or Enter: open the field for typing."""
        if self.is_enabled and not self.editing:
            self.edit = NameEdit(self.name())
            self.composing, self.clock, self.chosen, self.changed = "", 0.0, -1, False
            pygame.key.start_text_input()
            # the IME's candidate list opens below the field (and below the known names' chips)
            chips = self.chip_area()
            pygame.key.set_text_input_rect(self.rect.union(chips) if chips.height else self.rect)

    def commit(self) -> None:
        """Keep what was typed and close the field."""
        if self.edit is not None:
            name = self.edit.result()
            self.close()
            self.on_commit(name)

    def close(self) -> None:
        """Close the field, keeping nothing (Esc)."""
        if self.edit is not None:
            self.edit, self.composing = None, ""
            pygame.key.stop_text_input()

    def handle(self, intent: Intent) -> bool:
        """While open: typing, Backspace, Enter/Tab, Esc. False when the intent is not the field's
        (a tap elsewhere, after keeping the name; a Tab, after keeping it, so focus moves on)."""
        if self.edit is None:
            return False
        kind = intent.kind
        if kind == intents.TEXT:
            self._type(intent.key)
            return True
        if kind == intents.COMPOSE:
            self.composing = intent.key
            return True
        if kind in (intents.PRESS, intents.MOVE, intents.RELEASE, intents.WHEEL):
            if kind == intents.PRESS and self._chip_at(intent.pos) is not None:
                self.take(self._chip_at(intent.pos) or "")
                return True
            if kind == intents.PRESS and not self.contains(intent.pos):
                self.commit()
                return False
            return kind != intents.MOVE  # hover looks still follow the pointer
        if self.composing:
            return True  # Enter, Backspace, Esc and arrows belong to the IME while it composes
        if kind in (intents.FOCUS_NEXT, intents.FOCUS_PREV):
            self.commit()
            return False
        if kind == intents.NAV and intent.dy and self.offered():
            count = len(self.offered())
            start = -1 if intent.dy > 0 else 0  # the first Down picks the top chip, the first Up the last
            self.chosen = ((self.chosen if self.chosen >= 0 else start) + intent.dy) % count
        elif kind == intents.ACTIVATE and intent.key != "space":  # a space arrives as TEXT
            if 0 <= self.chosen < len(self.offered()):
                self.take(self.offered()[self.chosen])
                return True
            self.commit()
        elif kind == intents.BACK and intent.key == "backspace":
            self.edit.delete()
            self.clock, self.chosen, self.changed = 0.0, -1, True
        elif kind == intents.BACK:
            self.close()
        return True  # arrows, letters as keys ("u" is Undo elsewhere): the typed text is what counts

    # ----- known names ---------------------------------------------------------------------------
    def offered(self) -> list[str]:
        """The known names to offer now: all of them when the field has just opened, then those
        starting with what was typed (any case); never the name in the field; at most ``MAX_CHIPS``."""
        if self.edit is None or self.suggestions is None:
            return []
        typed = self.edit.text.strip().casefold() if self.changed else ""
        names = [name for name in self.suggestions() if name.casefold().startswith(typed) and name != self.edit.text]
        return names[:MAX_CHIPS]

    def chip_area(self) -> pygame.Rect:
        """Where the chips go: under the field, as wide as it."""
        return pygame.Rect(self.rect.x, self.rect.bottom + CHIP_GAP, self.rect.width,
                           (CHIP_HEIGHT + CHIP_GAP) * len(self.offered()))

    def chip_rects(self) -> list[tuple[str, pygame.Rect]]:
        """Each offered name with its chip, one under the other."""
        area = self.chip_area()
        return [(name, pygame.Rect(area.x, area.y + index * (CHIP_HEIGHT + CHIP_GAP), area.width, CHIP_HEIGHT))
                for index, name in enumerate(self.offered())]

    def _chip_at(self, pos: tuple[int, int]) -> str | None:
        """The offered name under ``pos``, if any."""
        return next((name for name, rect in self.chip_rects() if rect.collidepoint(pos)), None)

    def take(self, name: str) -> None:
        """Keep a known name and close the field."""
        if self.edit is not None:
            self.edit.text = name
            self.commit()

    def draw_chips(self, surface: pygame.Surface) -> None:
        """The known names under an open field, on a card of their own (drawn last: it lies over
        the rows below, like a drop-down list)."""
        rects = self.chip_rects()
        if not rects:
            return
        draw_panel(surface, self.chip_area().inflate(16, 6).move(0, -2), FIELD_FILL, radius=18)
        for index, (name, rect) in enumerate(rects):
            chosen = index == self.chosen
            pygame.draw.rect(surface, theme.GOLD if chosen else theme.PAPER, rect, border_radius=14)
            pygame.draw.rect(surface, theme.ACCENT if chosen else theme.INK_SOFT, rect, 2, border_radius=14)
            width = rect.width - PADDING * 2
            size = fit_size(name, theme.BODY, width, bold=True, smallest=theme.SMALL)
            image = fonts.text(clipped(name, size, width, True), size, theme.INK, True)
            surface.blit(image, image.get_rect(midleft=(rect.x + PADDING, rect.centery)))

    def _type(self, typed: str) -> None:
        """Add typed text; a refusal flashes the border and tells ``on_refused``."""
        assert self.edit is not None
        self.composing, self.clock, self.chosen, self.changed = "", 0.0, -1, True
        if not self.edit.type(typed):
            self.refused_for = REFUSED_FLASH
            if self.on_refused is not None:
                self.on_refused()

    def update(self, dt: float) -> None:
        """The caret's blink and the refusal flash."""
        self.clock += dt
        self.refused_for = max(0.0, self.refused_for - dt)

    # ----- drawing ----------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, focused: bool = False) -> None:
        """An AI's name as plain text; a person's name in a box with a pencil; open, the text
        being typed with a blinking caret and the IME's composition underlined."""
        if not self.is_enabled:
            self._draw_plain(surface)
            return
        radius = theme.BUTTON_RADIUS - 4
        fill = FIELD_FILL if not self.pressed else theme.PAPER_SHADE
        pygame.draw.rect(surface, fill, self.rect, border_radius=radius)
        pygame.draw.rect(surface, self._border(), self.rect, 3 if self.editing else 2, border_radius=radius)
        if self.edit is not None:
            self._draw_typing(surface, self.edit.text)
        else:
            self._draw_name(surface)
        if focused and not self.editing:
            draw_focus_ring(surface, self.rect, radius)

    def _border(self) -> theme.Color:
        """The box's outline: red just after a refusal, persimmon while open, warmer on hover."""
        if self.refused_for > 0:
            return theme.BAD
        if self.editing:
            return theme.ACCENT
        return mix(theme.INK_SOFT, theme.ACCENT, 0.5) if self.hovered else mix(theme.PAPER_SHADE, theme.INK_SOFT, 0.6)

    def _draw_plain(self, surface: pygame.Surface) -> None:
        """A seat that cannot be named (an AI): its name, bold, where a person's box would be."""
        text = str(resolve(self.default))
        width = self.rect.width - PADDING
        size = fit_size(text, theme.BODY, width, bold=True, smallest=theme.SMALL)
        image = fonts.text(clipped(text, size, width, True), size, theme.INK, True)
        surface.blit(image, image.get_rect(midleft=(self.rect.x + PADDING, self.rect.centery)))

    def _draw_name(self, surface: pygame.Surface) -> None:
        """A closed box: the typed name (or the default, dimmer) and the pencil."""
        typed = self.name()
        text = typed or str(resolve(self.default))
        colour = theme.INK if typed else theme.INK_SOFT
        width = self.rect.width - PADDING - PENCIL_ROOM
        size = fit_size(text, theme.BODY, width, bold=bool(typed), smallest=theme.SMALL)
        image = fonts.text(clipped(text, size, width, bool(typed)), size, colour, bool(typed))
        surface.blit(image, image.get_rect(midleft=(self.rect.x + PADDING, self.rect.centery)))
        pencil = (self.rect.right - PENCIL_ROOM // 2 - 6, self.rect.centery)
        draw_pencil(surface, pencil, theme.INK_SOFT if not self.hovered else theme.ACCENT)

    def _draw_typing(self, surface: pygame.Surface, text: str) -> None:
        """An open box: the text so far (its end, when long), the composition, the caret."""
        size = theme.BODY
        width = self.rect.width - PADDING * 2 - 8  # and the caret
        shown = clipped(text + self.composing, size, width, True, keep_end=True)
        typed_part = shown[: max(0, len(shown) - len(self.composing))] if self.composing else shown
        x, y = self.rect.x + PADDING, self.rect.centery
        image = fonts.text(typed_part, size, theme.INK, True)
        surface.blit(image, image.get_rect(midleft=(x, y)))
        x += image.get_width()
        if self.composing:
            part = shown[len(typed_part):]
            composed = fonts.text(part, size, theme.INK_SOFT, True)
            where = composed.get_rect(midleft=(x, y))
            surface.blit(composed, where)
            pygame.draw.line(surface, theme.INK_SOFT, (where.x, where.bottom - 4), (where.right, where.bottom - 4), 2)
            x = where.right
        if self.clock % BLINK < BLINK / 2:
            half = fonts.line_height(size) // 2 - 4
            pygame.draw.line(surface, theme.INK, (x + 2, y - half), (x + 2, y + half), 3)
