"""What the kiosk puts on screen of its own: the title, card and setup it swaps in (only the
organiser's games and AI levels), the PIN pad behind the exit gesture, and the overlay pictures
(the attract banner, "Still playing?", the return hint). ``scenes.kiosk.controller`` runs them."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from game.i18n import language, t
from scenes.engine import fonts, theme
from scenes.engine import input as intents
from scenes.engine.app import App
from scenes.engine.input import Intent
from scenes.engine.ui import Button, FocusGroup, MenuScene, draw_panel, draw_text_centered, fit_size, mix
from scenes.menus.setup import Setup
from scenes.menus.title import GameCard, Title

if TYPE_CHECKING:
    from scenes.kiosk.exit_lock import ExitLock

BANNER = pygame.Rect(360, 846, 1200, 176)
PIN_PAD_TIMEOUT = 30.0  # s without a touch before the PIN pad closes by itself


# ----- pieces the kiosk swaps in -------------------------------------------------------------------
class KioskSetup(Setup):
    """The setup with only the AI levels the organiser offers, and a hint that names only those."""

    def __init__(self, app: App, game_id: str, levels: tuple[str, ...]) -> None:
        self.levels = levels  # before Setup.__init__: it calls rebuild
        super().__init__(app, game_id)

    def kinds_offered(self) -> tuple[str, ...]:
        """Human, then the offered AI levels."""
        return ("human", *self.levels)

    def rebuild(self) -> None:
        """As the setup does, with the seat choices cut down to the offered kinds."""
        offered = self.kinds_offered()
        self.kinds = [kind if kind in offered else self.levels[0] for kind in self.kinds]
        super().rebuild()
        for choice in self.seat_choices:
            choice.choices = [(kind, self._kind_label(kind)) for kind in offered]
            choice.values = list(offered)

    def ai_hint(self) -> str:
        """ "AI players think on their own; Easy is gentle, Normal ..." for the offered levels only
        (the stock hint promises Hard, which a kiosk offers only when the organiser says so)."""
        parts = [t(f"kiosk.setup.level.{level}", name=t(f"ui.level.{level}")) for level in self.levels]
        return t("kiosk.setup.ai_hint", levels=t("kiosk.setup.level_separator").join(parts))


class KioskCard(GameCard):
    """A title card; a game this build plays but the organiser does not offer today says
    "Not here today" (本日はお休み) instead of the title's "Coming soon"."""

    def __init__(self, card: GameCard, offered: tuple[str, ...]) -> None:
        self.resting = card.available and card.game_id not in offered  # playable, not offered
        super().__init__(card.rect, card.entry, card.on_open, card.available and card.game_id in offered)

    def badge_label(self) -> str:
        """The words on the badge of a card that cannot be picked."""
        return t("kiosk.title.not_today") if self.resting else t("ui.title.coming_soon")


class LearnOrPlay(MenuScene):
    """The kiosk's question on a tap on a game: "Learn (3 min)" (the guided first game) or
    "Play" (the setup). A tap beside the panel, or Esc, goes back to the title."""

    opaque = False
    PANEL = pygame.Rect(0, 0, 760, 330)

    def __init__(self, app: App, game_id: str, on_learn: Callable[[str], None],
                 on_play: Callable[[str], None]) -> None:
        super().__init__(app)
        self.game_id = game_id
        self.panel = self.PANEL.copy()
        self.panel.center = (960, 560)
        width = (self.panel.width - 3 * 40) // 2
        top = self.panel.bottom - 40 - theme.BUTTON_HEIGHT
        self.learn_button = Button(pygame.Rect(self.panel.left + 40, top, width, theme.BUTTON_HEIGHT),
                                   lambda: t("tutorial.learn_kiosk"), lambda: self._choose(on_learn),
                                   style="secondary")
        self.play_button = Button(pygame.Rect(self.panel.right - 40 - width, top, width, theme.BUTTON_HEIGHT),
                                  lambda: t("ui.play") + "  ▶", lambda: self._choose(on_play))
        self.group.set_widgets([self.learn_button, self.play_button])
        self.group.focus_on(self.learn_button)

    def _choose(self, then: Callable[[str], None]) -> None:
        """Close the question, then open what was chosen."""
        if self.app.top is self:
            self.app.pop()
        then(self.game_id)

    def handle(self, intent: Intent) -> bool:
        """The two buttons; a tap off the panel closes it."""
        if intent.kind == intents.PRESS and not self.panel.collidepoint(intent.pos):
            self.back()
            return True
        return super().handle(intent)

    def draw(self, surface: pygame.Surface) -> None:
        """A veil over the title, the panel with the game's name and the hint, the two buttons."""
        veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        veil.fill((0, 0, 0, 120))
        surface.blit(veil, (0, 0))
        draw_panel(surface, self.panel, theme.PAPER, radius=24)
        name = t(f"game.{self.game_id}.title")
        size = fit_size(name, theme.HEADING, self.panel.width - 60, bold=True)
        draw_text_centered(surface, name, size, theme.INK, (self.panel.centerx, self.panel.top + 64), True)
        hint = t("tutorial.learn_hint")
        for number, line in enumerate(fonts.wrap(hint, theme.SMALL, self.panel.width - 80)[:2]):
            draw_text_centered(surface, line, theme.SMALL, theme.INK_SOFT,
                               (self.panel.centerx, self.panel.top + 130 + number * 34))
        self.group.draw(surface)


class KioskTitle(Title):
    """The title without Quit and Settings, offering only the organiser's games; with
    ``tutorials`` a tap on a game asks "Learn (3 min)" or "Play"."""

    def __init__(self, app: App, offered: tuple[str, ...], levels: tuple[str, ...], tutorials: bool = True,
                 served: tuple[str, str, int] | None = None) -> None:
        self.offered = offered  # before Title.__init__: it builds the cards and the button row
        self.levels = levels
        self.tutorials = tutorials
        self.served = served  # (address, table, seat): a tap joins that served table (config [lan])
        self.joining: Any = None
        super().__init__(app)
        if self.selected not in offered:
            self.selected = offered[0]
            self.refresh()

    def _make_cards(self) -> list[Any]:
        """The title's cards; games not offered here are shown, marked "Not here today", but
        cannot be picked."""
        return [KioskCard(card, self.offered) for card in super()._make_cards()]

    def bottom_row(self) -> list[Any]:
        """Continue, Rules and the language: no Settings, no Quit, no Records at an event."""
        hidden = (self.settings_button, self.quit_button, self.records_button)
        return [widget for widget in super().bottom_row() if widget not in hidden]

    def offers_learn(self) -> bool:
        """No Learn pills on the kiosk's cards: the tap asks instead (see ``open_setup``)."""
        return False

    def open_setup(self, game_id: str) -> None:
        """Ask "Learn (3 min)" or "Play" when the organiser offers tutorials; else the setup. A
        kiosk that plays a served table joins it instead."""
        self.selected = game_id
        if self.served is not None:
            self.join_served()
        elif self.tutorials:
            self.app.push(LearnOrPlay(self.app, game_id, self.open_learn, self.open_kiosk_setup))
        else:
            self.open_kiosk_setup(game_id)

    def open_kiosk_setup(self, game_id: str) -> None:
        """The setup, with the offered AI levels only."""
        self.selected = game_id
        self.app.push(KioskSetup(self.app, game_id, self.levels))

    def join_served(self) -> None:
        """Join the served table at the kiosk's seat in the background (see ``update``)."""
        from scenes.lan import connect as lan

        if self.served is None or self.joining is not None:
            return
        address, table, seat = self.served
        self.joining = lan.Pending(lambda: lan.connect(address, table, seat, ""))
        self.toast.show(t("lan.seats.joining"), 3.0)

    def update(self, dt: float) -> None:
        """A join under way opens its table when welcomed, or says why not."""
        super().update(dt)
        if self.joining is not None and self.joining.done:
            from scenes.lan import connect as lan

            pending, self.joining = self.joining, None
            if pending.error is None:
                lan.open_remote_table(self.app, pending.result)
            elif self.served is not None:
                self.toast.show(lan.error_text(pending.error, self.served[0]), 6.0)

    def quit(self) -> None:
        """Nobody quits a kiosk from the title."""

    def back(self) -> None:
        """Esc does nothing on the kiosk title."""

    def handle(self, intent: Intent) -> bool:
        """A tap on a game not offered here says which games are."""
        if intent.kind == intents.PRESS:
            for card in self.cards:
                if not card.available and card.contains(intent.pos):
                    names = ", ".join(t(f"game.{game}.title") for game in self.offered)
                    self.toast.show(t("kiosk.title.not_offered", game=card.title, offered=names))
                    return True
        return super().handle(intent)


# ----- the PIN pad ----------------------------------------------------------------------------------
PAD = pygame.Rect(0, 0, 700, 1000)
PAD.center = (960, 540)
KEY_SIZE = (190, 118)
KEY_GAP = 22


class PinPad:
    """The on-screen keypad behind the exit gesture: digits, Delete, OK and Cancel."""

    def __init__(self, lock: ExitLock) -> None:
        self.lock = lock
        self.entered = ""
        self.message = ""  # an i18n key, with ``self.params``
        self.params: dict[str, Any] = {}
        self.last_touch = lock.clock()
        self.group = FocusGroup(self._make_keys(), audio=getattr(lock.app, "audio", None))
        self.group.show_focus = False

    def _make_keys(self) -> list[Button]:
        """1-9 in three rows, then Delete 0 OK, then Cancel across the pad."""
        width, height = KEY_SIZE
        left = PAD.centerx - (3 * width + 2 * KEY_GAP) // 2
        top = PAD.y + 300
        labels: list[tuple[Any, Callable[[], None], str]] = [
            (str(digit), self._digit_action(str(digit)), "secondary") for digit in range(1, 10)
        ]
        labels += [(lambda: t("kiosk.pin.delete"), self.delete, "secondary"),
                   ("0", self._digit_action("0"), "secondary"),
                   (lambda: t("kiosk.pin.ok"), self.submit, "primary")]
        keys = []
        for index, (label, action, style) in enumerate(labels):
            row, column = divmod(index, 3)
            rect = pygame.Rect(left + column * (width + KEY_GAP), top + row * (height + KEY_GAP), width, height)
            keys.append(Button(rect, label, action, style=style, enabled=self._unlocked))
        cancel = pygame.Rect(left, top + 4 * (height + KEY_GAP), 3 * width + 2 * KEY_GAP, theme.BUTTON_HEIGHT)
        keys.append(Button(cancel, lambda: t("kiosk.pin.cancel"), self.cancel, style="secondary"))
        return keys

    def _unlocked(self) -> bool:
        """Keys work unless wrong PINs locked the pad."""
        return self.lock.lock_remaining() <= 0

    def _digit_action(self, digit: str) -> Callable[[], None]:
        """The click action of a digit key."""
        return lambda: self.press_digit(digit)

    def press_digit(self, digit: str) -> None:
        """Add a digit (at most 8)."""
        if self._unlocked() and len(self.entered) < 8:
            self.entered += digit
            self.message = ""

    def delete(self) -> None:
        """Take back the last digit."""
        self.entered = self.entered[:-1]

    def submit(self) -> None:
        """Check the PIN with the lock (it rate-limits and exits on the right one)."""
        if not self._unlocked() or not self.entered:
            return
        entered, self.entered = self.entered, ""
        self.message, self.params = self.lock.check_pin(entered)

    def cancel(self) -> None:
        """Close the pad."""
        self.lock.close_pin_pad()

    def handle(self, intent: Intent) -> None:
        """Keys and touches; digits and Enter from a keyboard work too."""
        self.last_touch = self.lock.clock()
        if intent.kind == intents.KEY:
            digit = intent.key.strip("[]")
            if digit.isdigit() and len(digit) == 1:
                self.press_digit(digit)
            return
        if intent.kind == intents.BACK:
            if self.entered:
                self.delete()
            else:
                self.cancel()
            return
        if intent.kind == intents.ACTIVATE and not self.group.show_focus:
            self.submit()
            return
        self.group.handle(intent)

    def timed_out(self, now: float) -> bool:
        """True when nobody touched the pad for a while."""
        return now - self.last_touch >= PIN_PAD_TIMEOUT

    def draw(self, surface: pygame.Surface) -> None:
        """Veil, panel, heading, the dots of the entered digits, the message and the keys."""
        veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        veil.fill((*theme.ROOM, 215))
        surface.blit(veil, (0, 0))
        draw_panel(surface, PAD, theme.PAPER, radius=32)
        draw_text_centered(surface, t("kiosk.pin.title"), theme.HEADING, theme.INK, (PAD.centerx, PAD.y + 70), True)
        self._draw_dots(surface, (PAD.centerx, PAD.y + 170))
        remaining = self.lock.lock_remaining()
        if remaining > 0:
            text, colour = t("kiosk.pin.locked", seconds=int(remaining + 0.999)), theme.BAD
        elif self.message:
            text, colour = t(self.message, **self.params), theme.BAD
        else:
            text, colour = t("kiosk.pin.hint"), theme.INK_SOFT
        size = fit_size(text, theme.BODY, PAD.width - 60)
        draw_text_centered(surface, text, size, colour, (PAD.centerx, PAD.y + 246))
        self.group.draw(surface)

    def _draw_dots(self, surface: pygame.Surface, center: tuple[int, int]) -> None:
        """Eight places, filled for each digit typed (the PIN's length stays secret)."""
        gap = 56
        left = center[0] - gap * 7 // 2
        for index in range(8):
            where = (left + index * gap, center[1])
            if index < len(self.entered):
                pygame.draw.circle(surface, theme.INK, where, 14)
            else:
                pygame.draw.circle(surface, theme.PAPER_SHADE, where, 14)
                pygame.draw.circle(surface, theme.INK_SOFT, where, 14, 2)


# ----- overlay pictures ----------------------------------------------------------------------------
def _translucent_panel(surface: pygame.Surface, rect: pygame.Rect, colour: theme.Color, alpha: int,
                       radius: int, border: theme.Color | None = None) -> None:
    """A rounded panel that lets the table show through."""
    panel = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(panel, (*colour, alpha), panel.get_rect(), border_radius=radius)
    if border is not None:
        pygame.draw.rect(panel, (*border, 255), panel.get_rect(), 4, border_radius=radius)
    surface.blit(panel, rect.topleft)


def draw_attract_banner(surface: pygame.Surface, game_id: str, now: float) -> None:
    """ "タッチしてプレイ / Touch to play" in both languages (the current one first), a finger
    tapping, and which game the demo is."""
    pulse = 0.5 + 0.5 * math.sin(now * 2.4)
    _translucent_panel(surface, BANNER, theme.INK, 240, 40, mix(theme.GOLD, theme.ACCENT, pulse))
    first, second = t("kiosk.attract.touch", lang="ja"), t("kiosk.attract.touch", lang="en")
    if language() != "ja":
        first, second = second, first
    text_x = BANNER.centerx + 60
    # the pulsing line is tinted from one cached white rendering: a fresh colour every frame
    # would otherwise fill the text cache with a new surface per frame
    headline = fonts.text_tinted(first, 64, mix(theme.TEXT, theme.GOLD, pulse), True)
    surface.blit(headline, headline.get_rect(center=(text_x, BANNER.y + 66)))
    draw_text_centered(surface, second, theme.LARGE, theme.TEXT_DIM, (text_x, BANNER.y + 132), True)
    _draw_tap(surface, (BANNER.x + 130, BANNER.centery), pulse)
    if game_id:
        chip_text = t("kiosk.attract.demo", game=t(f"game.{game_id}.title"))
        width = fonts.text_width(chip_text, theme.SMALL, True) + 48
        chip = pygame.Rect(0, 0, width, 48)
        chip.midbottom = (BANNER.centerx, BANNER.y + 10)
        pygame.draw.rect(surface, theme.FUTON, chip, border_radius=24)
        draw_text_centered(surface, chip_text, theme.SMALL, theme.TEXT, chip.center, True)


def _draw_tap(surface: pygame.Surface, center: tuple[int, int], pulse: float) -> None:
    """A touch point with ripples spreading from it (drawn in code, not a glyph)."""
    for ring in range(3):
        radius = int(30 + ring * 20 + pulse * 12)
        colour = mix(theme.GOLD, theme.INK, min(1.0, ring * 0.28 + pulse * 0.25))
        pygame.draw.circle(surface, colour, center, radius, 4)
    pygame.draw.circle(surface, mix(theme.ACCENT, theme.GOLD, pulse), center, 22)
    pygame.draw.circle(surface, theme.TEXT, center, 22, 3)


def draw_still_playing(surface: pygame.Surface, left: float, total: float) -> None:
    """The "Still playing?" card with a big countdown ring; any touch keeps the game."""
    veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    veil.fill((*theme.ROOM, 170))
    surface.blit(veil, (0, 0))
    panel = pygame.Rect(0, 0, 980, 600)
    panel.center = (960, 520)
    draw_panel(surface, panel, theme.PAPER, radius=36)
    draw_text_centered(surface, t("kiosk.still.title"), theme.HEADING + 8, theme.INK,
                       (panel.centerx, panel.y + 80), True)
    ring_centre = (panel.centerx, panel.y + 250)
    pygame.draw.circle(surface, theme.PAPER_SHADE, ring_centre, 104, 18)
    share = max(0.0, min(1.0, left / total)) if total > 0 else 0.0
    if share > 0:
        box = pygame.Rect(0, 0, 208, 208)
        box.center = ring_centre
        start = math.pi / 2
        pygame.draw.arc(surface, theme.FUTON, box, start, start + 2 * math.pi * share, 18)
    draw_text_centered(surface, str(math.ceil(left)), theme.TITLE, theme.INK, ring_centre, True)
    body = t("kiosk.still.body", seconds=math.ceil(left))
    draw_text_centered(surface, body, fit_size(body, theme.BODY, panel.width - 80), theme.INK_SOFT,
                       (panel.centerx, panel.y + 410))
    button = pygame.Rect(0, 0, 520, 96)
    button.center = (panel.centerx, panel.bottom - 90)
    pygame.draw.rect(surface, theme.FUTON, button, border_radius=theme.BUTTON_RADIUS)
    draw_text_centered(surface, t("kiosk.still.keep"), theme.LARGE, theme.TEXT, button.center, True)


def draw_return_hint(surface: pygame.Surface, left: float) -> None:
    """A small pill over the results: the table goes back to the title soon."""
    text = t("kiosk.again.returning", seconds=math.ceil(left))
    width = fonts.text_width(text, theme.SMALL, True) + 56
    pill = pygame.Rect(0, 0, width, 50)
    pill.midtop = (960, 8)
    _translucent_panel(surface, pill, theme.INK, 230, 25, theme.GOLD)
    draw_text_centered(surface, text, theme.SMALL, theme.TEXT, pill.center, True)
