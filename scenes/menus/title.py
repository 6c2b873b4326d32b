"""The title: the app's name, the five games laid on a kotatsu, and the ways on from here.

The games come from ``registry.CATALOGUE`` in its order. Playable ones are cards you can pick
(by tap, click or keys); the rest are shown dimmed with a "coming soon" badge and cannot be
focused. "Continue" appears only while an autosave exists. When saving is off (an unwritable
data folder, or another window owns the autosave) the title says so once per run, in a toast.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame

from game.core import autosave, storage
from game.core.registry import CATALOGUE, GameEntry, available_games
from game.i18n import language, t
from scenes.engine import fonts, theme
from scenes.engine import input as intents
from scenes.engine.app import App
from scenes.engine.input import Intent
from scenes.engine.ui import (
    Button,
    MenuScene,
    Segmented,
    Toast,
    draw_focus_ring,
    draw_panel,
    draw_room,
    draw_text_centered,
    fit_size,
    mix,
)
from scenes.table import launch as tables

CARD_SIZE = (300, 400)
CARD_GAP = 32
CARD_TOP = 318
ART_HEIGHT = 196
PILL_MARGIN = 20  # px from a card's sides to its Play and Learn pills
PILL_GAP = 10
LEARN_WIDTH = 104
TABLE_RECT = pygame.Rect(70, 286, 1780, 470)
BUTTON_ROW_Y = 952
LANGUAGES = (("ja", "日本語"), ("en", "English"))
SAVING_OFF_SECONDS = 8.0
RULES_WIDTH = 330  # the Rules button names its game: "Rules: Wallpaper"
# LAN play at the top right, clear of the app's name (the bottom row has no room left)
JOIN_RECT = (1920 - 40 - 200, 40, 200, theme.BUTTON_HEIGHT)
HOST_RECT = (JOIN_RECT[0] - 20 - 300, 40, 300, theme.BUTTON_HEIGHT)


def saving_off_text(info: storage.SavingOff) -> str:
    """The notice that saving is off, with its reason, in the current language."""
    reason = t(f"ui.saving_off.{info.kind}", folder=info.folder, detail=info.detail)
    if info.kind == "locked":
        return t("ui.saving_off.notice_locked", reason=reason)
    return t("ui.saving_off.notice", reason=reason)


# ----- procedural emblems, one per game ----------------------------------------------------------


def _emblem_neko(surface: pygame.Surface, center: tuple[int, int], ink: theme.Color) -> None:
    """A cat sitting on top of a little stack of cards."""
    cx, cy = center
    for level in range(3):
        card = pygame.Rect(0, 0, 108, 22)
        card.center = (cx + (level - 1) * 4, cy + 58 - level * 16)
        pygame.draw.rect(surface, theme.PAPER, card, border_radius=5)
        pygame.draw.rect(surface, ink, card, 2, border_radius=5)
    head = (cx, cy - 10)
    pygame.draw.polygon(surface, ink, [(cx - 40, cy - 24), (cx - 34, cy - 66), (cx - 8, cy - 40)])
    pygame.draw.polygon(surface, ink, [(cx + 40, cy - 24), (cx + 34, cy - 66), (cx + 8, cy - 40)])
    pygame.draw.circle(surface, ink, head, 40)
    for side in (-1, 1):
        pygame.draw.ellipse(surface, theme.GOLD, (cx + side * 16 - 7, cy - 22, 14, 18))
        pygame.draw.line(surface, theme.PAPER_SHADE, (cx + side * 26, cy + 2), (cx + side * 58, cy - 4), 2)
        pygame.draw.line(surface, theme.PAPER_SHADE, (cx + side * 26, cy + 8), (cx + side * 58, cy + 10), 2)
    pygame.draw.polygon(surface, theme.ACCENT, [(cx - 6, cy - 2), (cx + 6, cy - 2), (cx, cy + 6)])


def _emblem_newold(surface: pygame.Surface, center: tuple[int, int], ink: theme.Color) -> None:
    """Two cards, NEW and OLD, leaning on each other."""
    cx, cy = center
    for offset, word, fill in ((-34, "OLD", theme.PAPER_SHADE), (34, "NEW", theme.PAPER)):
        card = pygame.Rect(0, 0, 86, 122)
        card.center = (cx + offset, cy + (8 if offset < 0 else -6))
        pygame.draw.rect(surface, fill, card, border_radius=8)
        pygame.draw.rect(surface, ink, card, 3, border_radius=8)
        draw_text_centered(surface, word, theme.SMALL, ink, card.center, True)


def _emblem_nostalgic(surface: pygame.Surface, center: tuple[int, int], ink: theme.Color) -> None:
    """A keepsake box with chips spilling out."""
    cx, cy = center
    box = pygame.Rect(cx - 70, cy - 10, 140, 70)
    pygame.draw.rect(surface, theme.WOOD_DARK, box, border_radius=8)
    pygame.draw.rect(surface, ink, box, 3, border_radius=8)
    lid = [(cx - 76, cy - 14), (cx + 60, cy - 54), (cx + 70, cy - 38), (cx - 66, cy + 2)]
    pygame.draw.polygon(surface, theme.WOOD, lid)
    pygame.draw.polygon(surface, ink, lid, 3)
    for dx, dy, colour in ((-90, 50, theme.GOLD), (88, 44, theme.ACCENT), (96, 14, theme.GOLD)):
        pygame.draw.circle(surface, colour, (cx + dx, cy + dy), 16)
        pygame.draw.circle(surface, ink, (cx + dx, cy + dy), 16, 2)


def _emblem_wallpaper(surface: pygame.Surface, center: tuple[int, int], ink: theme.Color) -> None:
    """Three wallpaper swatches, each with its own pattern (not colour alone)."""
    cx, cy = center
    for index, colour in enumerate((theme.SEAT_COLORS[0], theme.SEAT_COLORS[1], theme.SEAT_COLORS[2])):
        swatch = pygame.Rect(cx - 96 + index * 66, cy - 60, 58, 120)
        pygame.draw.rect(surface, colour, swatch, border_radius=6)
        for step in range(6):
            y = swatch.y + 10 + step * 19
            if index == 0:
                pygame.draw.circle(surface, theme.PAPER, (swatch.centerx, y + 6), 5)
            elif index == 1:
                pygame.draw.line(surface, theme.PAPER, (swatch.x + 6, y), (swatch.right - 6, y + 12), 3)
            else:
                pygame.draw.rect(surface, theme.PAPER, (swatch.centerx - 5, y, 10, 10))
        pygame.draw.rect(surface, ink, swatch, 2, border_radius=6)


def _emblem_noaron(surface: pygame.Surface, center: tuple[int, int], ink: theme.Color) -> None:
    """A row of six cards, three red then three black: a yaku, framed as the table frames it."""
    cx, cy = center
    width, height, gap = 34, 78, 6
    left = cx - (6 * width + 5 * gap) // 2
    for index in range(6):
        card = pygame.Rect(left + index * (width + gap), cy - height // 2, width, height)
        red = index < 3
        pygame.draw.rect(surface, theme.PAPER, card, border_radius=5)
        pygame.draw.rect(surface, ink, card, 2, border_radius=5)
        # colour AND shape: a red disc or a black diamond
        if red:
            pygame.draw.circle(surface, theme.ACCENT, card.center, 10)
        else:
            x, y = card.center
            pygame.draw.polygon(surface, ink, [(x, y - 13), (x + 9, y), (x, y + 13), (x - 9, y)])
    frame = pygame.Rect(left - 8, cy - height // 2 - 8, 6 * width + 5 * gap + 16, height + 16)
    pygame.draw.rect(surface, theme.GOLD, frame, 4, border_radius=9)


EMBLEMS = {
    "neko": _emblem_neko,
    "newold": _emblem_newold,
    "nostalgic": _emblem_nostalgic,
    "wallpaper": _emblem_wallpaper,
    "noaron": _emblem_noaron,
}


def players_text(entry: GameEntry) -> str:
    """ "2–4 players" (or "2 players" when the count is fixed)."""
    low, high = entry.players
    if low == high:
        return t("ui.title.players_fixed", n=low)
    return t("ui.title.players", min=low, max=high)


def title_lines(title: str, width: int) -> tuple[list[str], int]:
    """A game name on at most two lines, as large as fits: one line if possible, else split
    at a word break (a space or a ・) into the most even pair, else wrapped."""
    one_line = fit_size(title, theme.LARGE - 4, width, bold=True)
    if one_line >= theme.BODY:
        return [title], one_line
    breaks = [index + 1 for index, char in enumerate(title[:-1]) if char in " ・"]
    if breaks:
        pairs = [(title[:at].strip(), title[at:].strip()) for at in breaks]
        best = min(pairs, key=lambda pair: max(fonts.text_width(part, theme.BODY, True) for part in pair))
        size = min(fit_size(part, theme.BODY, width, bold=True) for part in best)
        return list(best), size
    size = theme.BODY
    while size > theme.TINY and len(fonts.wrap(title, size, width, bold=True)) > 2:
        size -= 2
    return fonts.wrap(title, size, width, bold=True)[:2], size


def card_words_layout(title_count: int, size: int, band: pygame.Rect) -> list[tuple[tuple[int, int], int]]:
    """Where a card's title lines and then its player count go, centred together in ``band``
    (between the art and the Play pill): (centre, size) per title line, then the count's. A
    two-line title shrinks until the block fits, so it never runs over the count."""
    count_height = round(theme.SMALL * 1.15)
    while size > theme.TINY and title_count * round(size * 1.2) + 6 + count_height > band.height:
        size -= 1
    step = round(size * 1.2)
    top = band.y + max(0, (band.height - (title_count * step + 6 + count_height)) // 2)
    places = [((band.centerx, top + step * index + step // 2), size) for index in range(title_count)]
    places.append(((band.centerx, top + title_count * step + 6 + count_height // 2), theme.SMALL))
    return places


# ----- the game cards ----------------------------------------------------------------------------


class GameCard:
    """One game on the table: a card with an emblem, its name and player count."""

    def __init__(self, rect: pygame.Rect, entry: GameEntry, on_open: Callable[[str], None]) -> None:
        self.rect = pygame.Rect(rect)
        self.entry = entry
        self.on_open = on_open
        self.pressed = False
        self.hovered = False
        self.learn = False  # a Learn pill shares the bottom row with Play (see ``LearnPill``)

    @property
    def game_id(self) -> str:
        """The game this card stands for."""
        return self.entry.game_id

    @property
    def available(self) -> bool:
        """True when the game can be played now."""
        return self.entry.available

    @property
    def is_enabled(self) -> bool:
        """Only playable games can be focused or picked."""
        return self.available

    @property
    def title(self) -> str:
        """The game's name in the current language."""
        return t(self.entry.title_key)

    def contains(self, pos: tuple[int, int]) -> bool:
        """True when ``pos`` is on the card."""
        return self.rect.collidepoint(pos)

    def activate(self) -> None:
        """Open the game's setup (only for playable games)."""
        if self.available:
            self.on_open(self.game_id)

    def lift(self) -> int:
        """Pixels the card is drawn off its place: up when hovered, down when pressed."""
        return -8 if (self.hovered and self.available and not self.pressed) else (4 if self.pressed else 0)

    def draw(self, surface: pygame.Surface, focused: bool = False) -> None:
        """The card: lifted when hovered, sunk when pressed, dimmed when not yet playable."""
        rect = self.rect.move(0, self.lift())
        face = theme.PAPER if self.available else mix(theme.PAPER_SHADE, theme.WOOD_DARK, 0.35)
        draw_panel(surface, rect, face, radius=20, shadow=True)
        art = self.art_rect(rect)
        self._draw_art(surface, art)
        self._draw_words(surface, rect, art)
        if not self.available:
            self._draw_badge(surface, rect)
        if focused:
            draw_focus_ring(surface, rect, 20)

    def _draw_art(self, surface: pygame.Surface, art: pygame.Rect) -> None:
        """The felt window with the game's emblem, greyed for games still to come."""
        felt = theme.FELT if self.available else mix(theme.FELT, theme.PAPER_SHADE, 0.55)
        pygame.draw.rect(surface, felt, art, border_radius=14)
        emblem = EMBLEMS.get(self.game_id)
        if emblem is not None:
            emblem(surface, art.center, theme.INK)
        if not self.available:
            veil = pygame.Surface(art.size, pygame.SRCALPHA)
            veil.fill((*theme.PAPER_SHADE, 130))
            surface.blit(veil, art.topleft)

    def _draw_words(self, surface: pygame.Surface, rect: pygame.Rect, art: pygame.Rect) -> None:
        """Title (one or two lines) and player count under the art; a Play pill when playable."""
        ink = theme.INK if self.available else theme.INK_SOFT
        for text, size, bold, centre in self.word_places(rect, art):
            draw_text_centered(surface, text, size, ink if bold else theme.INK_SOFT, centre, bold)
        pill = self.pill_rect(rect)
        if self.available:
            fill = mix(theme.FUTON, theme.INK, 0.25) if self.pressed else theme.FUTON
            pygame.draw.rect(surface, fill, pill, border_radius=28)
            label = t("ui.play") + "  ▶"
            size = fit_size(label, theme.BODY, pill.width - 16, bold=True)
            draw_text_centered(surface, label, size, theme.TEXT, pill.center, True)

    def pill_rect(self, rect: pygame.Rect) -> pygame.Rect:
        """The Play pill at the bottom of a card drawn at ``rect`` (its left part when a Learn
        pill sits beside it)."""
        if self.learn:
            pill = pygame.Rect(0, 0, rect.width - 2 * PILL_MARGIN - LEARN_WIDTH - PILL_GAP, 56)
            pill.bottomleft = (rect.left + PILL_MARGIN, rect.bottom - 22)
            return pill
        pill = pygame.Rect(0, 0, rect.width - 80, 56)
        pill.midbottom = (rect.centerx, rect.bottom - 22)
        return pill

    def learn_rect(self, rect: pygame.Rect) -> pygame.Rect:
        """The Learn pill at the bottom right of a card drawn at ``rect``."""
        pill = pygame.Rect(0, 0, LEARN_WIDTH, 56)
        pill.bottomright = (rect.right - PILL_MARGIN, rect.bottom - 22)
        return pill

    def word_places(self, rect: pygame.Rect, art: pygame.Rect) -> list[tuple[str, int, bool, tuple[int, int]]]:
        """The texts under the art (the name's lines in bold, then the player count), each with
        its size, weight and centre: together in the band between the art and the Play pill."""
        bottom = self.pill_rect(rect).top if self.available else rect.bottom - 16
        band = pygame.Rect(rect.x, art.bottom + 10, rect.width, bottom - art.bottom - 18)
        lines, size = title_lines(self.title, rect.width - 36)
        places = card_words_layout(len(lines), size, band)
        texts = [(line, True) for line in lines] + [(players_text(self.entry), False)]
        return [(text, place_size, bold, centre) for (text, bold), (centre, place_size) in zip(texts, places, strict=True)]

    def art_rect(self, rect: pygame.Rect) -> pygame.Rect:
        """The felt window with the emblem, on a card drawn at ``rect``."""
        return pygame.Rect(rect.x + 14, rect.y + 14, rect.width - 28, ART_HEIGHT)

    def badge_label(self) -> str:
        """The words on the badge of a card that cannot be picked."""
        return t("ui.title.coming_soon")

    def _draw_badge(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The gold ribbon across the art's top corner, with ``badge_label`` ("coming soon")."""
        label = self.badge_label()
        width = fonts.text_width(label, theme.SMALL, True) + 40
        badge = pygame.Rect(0, 0, width, 46)
        badge.center = (rect.centerx, rect.y + 14 + ART_HEIGHT // 2)
        pygame.draw.rect(surface, theme.GOLD, badge, border_radius=23)
        pygame.draw.rect(surface, theme.INK, badge, 2, border_radius=23)
        draw_text_centered(surface, label, theme.SMALL, theme.INK, badge.center, True)


class LearnPill:
    """The small "Learn" pill on a game card: opens the game's guided first deal. A widget of
    its own (focus, click, tap, Enter) drawn over the card's bottom right."""

    def __init__(self, card: GameCard, on_learn: Callable[[str], None]) -> None:
        self.card = card
        self.on_learn = on_learn
        self.pressed = False
        self.hovered = False

    @property
    def rect(self) -> pygame.Rect:
        """The pill where the card is now (the touch area is a little taller than the drawing)."""
        return self.card.learn_rect(self.card.rect).inflate(0, theme.MIN_TARGET - 56)

    @property
    def is_enabled(self) -> bool:
        """Only a playable game has a tutorial to open."""
        return self.card.available

    def contains(self, pos: tuple[int, int]) -> bool:
        """True when ``pos`` is on the pill."""
        return self.rect.collidepoint(pos)

    def activate(self) -> None:
        """Open the game's tutorial."""
        if self.is_enabled:
            self.on_learn(self.card.game_id)

    def draw(self, surface: pygame.Surface, focused: bool = False) -> None:
        """A paper pill with a gold rim, moving with its card."""
        if not self.is_enabled:
            return
        pill = self.card.learn_rect(self.card.rect.move(0, self.card.lift()))
        fill = theme.PAPER_SHADE if self.pressed else (mix(theme.PAPER, theme.GOLD, 0.35) if self.hovered else theme.PAPER)
        pygame.draw.rect(surface, fill, pill, border_radius=28)
        pygame.draw.rect(surface, theme.GOLD, pill, 3, border_radius=28)
        label = t("tutorial.learn")
        size = fit_size(label, theme.SMALL, pill.width - 16, bold=True)
        draw_text_centered(surface, label, size, theme.INK, pill.center, True)
        if focused:
            draw_focus_ring(surface, pill, 28)


# ----- the kotatsu -------------------------------------------------------------------------------


def draw_kotatsu(surface: pygame.Surface, top: pygame.Rect) -> None:
    """A kotatsu seen from the front: wooden top with grain, its edge, and the futon skirt."""
    # the futon comes out from under the board on every side and drapes to the floor
    futon = pygame.Rect(top.x - 50, top.y + 70, top.width + 100, top.height + 70)
    pygame.draw.rect(surface, mix(theme.FUTON, theme.INK, 0.3), futon.move(0, 10), border_radius=70)
    pygame.draw.rect(surface, theme.FUTON, futon, border_radius=70)
    # a darker border band along the hem, with a woven row of dots
    hem = pygame.Rect(futon.x, futon.bottom - 62, futon.width, 62)
    pygame.draw.rect(
        surface,
        mix(theme.FUTON, theme.INK, 0.22),
        hem,
        border_bottom_left_radius=70,
        border_bottom_right_radius=70,
    )
    for x in range(futon.x + 60, futon.right - 50, 44):
        pygame.draw.circle(surface, mix(theme.FUTON, theme.GOLD, 0.5), (x, hem.centery), 5)
    # the board's shadow falling on the quilt
    shade = pygame.Surface((top.width - 40, 34), pygame.SRCALPHA)
    for row in range(34):
        pygame.draw.line(shade, (0, 0, 0, 70 - row * 2), (0, row), (top.width - 40, row))
    surface.blit(shade, (top.x + 20, top.bottom + 16))
    # the table top: a darker edge under a lighter board with grain lines
    pygame.draw.rect(surface, theme.WOOD_DARK, top.move(0, 16), border_radius=30)
    pygame.draw.rect(surface, theme.WOOD, top, border_radius=30)
    grain = mix(theme.WOOD, theme.WOOD_DARK, 0.45)
    for index in range(9):
        y = top.y + 40 + index * 48
        amplitude = 6 + (index % 3) * 3
        points = [
            (x, y + int(amplitude * math.sin((x + index * 70) / 160)))
            for x in range(top.x + 40, top.right - 39, 40)
        ]
        pygame.draw.lines(surface, grain, False, points, 2)
    # two mikan waiting on the corner, as on every kotatsu in winter
    for cx, cy, radius in ((top.right - 36, top.y - 6, 30), (top.right - 88, top.y + 4, 26)):
        pygame.draw.circle(surface, mix(theme.ACCENT, theme.INK, 0.25), (cx + 3, cy + 5), radius)
        pygame.draw.circle(surface, theme.ACCENT, (cx, cy), radius)
        pygame.draw.circle(
            surface, mix(theme.ACCENT, theme.GOLD, 0.5), (cx - radius // 3, cy - radius // 3), 6
        )
        pygame.draw.ellipse(surface, theme.FELT_LIGHT, (cx - 4, cy - radius - 4, 14, 9))


# ----- the scene ---------------------------------------------------------------------------------


class Title(MenuScene):
    """The first screen: pick a game, continue, switch language, settings, rules, quit."""

    still_when_idle = True  # changes only on input (see MenuScene.frame_rate)

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.toast = Toast(bottom_margin=1080 - BUTTON_ROW_Y + 24)  # above the button row
        playable = available_games()
        self.selected = playable[0] if playable else CATALOGUE[0].game_id
        self.cards = self._make_cards()
        self.learn_pills = self._make_learn_pills()
        self.language_choice = Segmented(
            pygame.Rect(0, 0, 360, theme.BUTTON_HEIGHT), LANGUAGES, language(), self.switch_language
        )
        self.continue_button = Button(
            pygame.Rect(0, 0, 300, theme.BUTTON_HEIGHT), lambda: t("ui.continue"), self.continue_game
        )
        self.rules_button = Button(
            pygame.Rect(0, 0, RULES_WIDTH, theme.BUTTON_HEIGHT),
            self.rules_label,
            self.open_rules,
            style="secondary",
        )
        self.settings_button = Button(
            pygame.Rect(0, 0, 240, theme.BUTTON_HEIGHT),
            lambda: t("ui.settings"),
            self.open_settings,
            style="secondary",
        )
        self.quit_button = Button(
            pygame.Rect(0, 0, 200, theme.BUTTON_HEIGHT), lambda: t("ui.quit"), self.quit, style="ghost"
        )
        self.records_button = Button(
            pygame.Rect(0, 0, 200, theme.BUTTON_HEIGHT), lambda: t("records.title_button"), self.open_records,
            style="secondary",
        )
        self.host_button = Button(
            pygame.Rect(HOST_RECT), lambda: t("lan.title.host"), self.open_host, style="secondary"
        )
        self.join_button = Button(
            pygame.Rect(JOIN_RECT), lambda: t("lan.title.join"), self.open_join, style="secondary"
        )
        self.can_continue = False
        self._seen_focus: object = None  # the widget focused when the title last looked
        if not app.headless:
            # a window will autosave: own the slot now, so a second window says so at once
            autosave.claim_slot()
        self.refresh()

    # ----- building -------------------------------------------------------------------------
    def _make_cards(self) -> list[GameCard]:
        """One card per catalogue entry, in a centred row on the table."""
        count = len(CATALOGUE)
        width, height = CARD_SIZE
        total = count * width + (count - 1) * CARD_GAP
        left = (1920 - total) // 2
        return [
            GameCard(
                pygame.Rect(left + index * (width + CARD_GAP), CARD_TOP, width, height),
                entry,
                self.open_setup,
            )
            for index, entry in enumerate(CATALOGUE)
        ]

    def offers_learn(self) -> bool:
        """True when the cards carry a Learn pill (the title always; a kiosk asks on the tap)."""
        return True

    def _make_learn_pills(self) -> list[LearnPill]:
        """A Learn pill on each card (none when ``offers_learn`` says no)."""
        if not self.offers_learn():
            return []
        for card in self.cards:
            card.learn = True
        return [LearnPill(card, self.open_learn) for card in self.cards]

    def card_widgets(self) -> list[object]:
        """The cards in the focus order, each followed by its Learn pill."""
        widgets: list[object] = []
        pills = {pill.card.game_id: pill for pill in self.learn_pills}
        for card in self.cards:
            widgets.append(card)
            if card.game_id in pills:
                widgets.append(pills[card.game_id])
        return widgets

    def bottom_row(self) -> list[Button | Segmented]:
        """The controls under the table, left to right (Continue only with an autosave)."""
        row: list[Button | Segmented] = []
        if self.can_continue:
            row.append(self.continue_button)
        row += [self.rules_button, self.settings_button, self.language_choice, self.quit_button]
        if not self.app.locked:  # kiosk visitors are anonymous: no records to show
            row.insert(row.index(self.settings_button), self.records_button)
        return row

    def lan_buttons(self) -> list[Button]:
        """ "Host a table" and "Join" at the top right (none on a kiosk: it joins by its config)."""
        return [] if self.app.locked else [self.host_button, self.join_button]

    def refresh(self) -> None:
        """Re-read whether an autosave exists and lay out the focusable widgets again."""
        self.can_continue = autosave.has_autosave()
        row = self.bottom_row()
        gap = 28
        total = sum(widget.rect.width for widget in row) + gap * (len(row) - 1)
        x = (1920 - total) // 2
        for widget in row:
            widget.rect.topleft = (x, BUTTON_ROW_Y)
            x += widget.rect.width + gap
        previous = self.group.focused
        self.group.set_widgets([*self.lan_buttons(), *self.card_widgets(), *row])
        if previous is not None and previous in self.group.widgets:
            self.group.focus_on(previous)
        elif self.can_continue:
            self.group.focus_on(self.continue_button)
        else:
            self.group.focus_on(self.card_for(self.selected))

    def card_for(self, game_id: str) -> GameCard:
        """The card of ``game_id``."""
        return next(card for card in self.cards if card.game_id == game_id)

    # ----- actions ----------------------------------------------------------------------------
    def open_setup(self, game_id: str) -> None:
        """Go to the setup of a playable game."""
        from scenes.menus.setup import Setup  # late: setup imports tables, which may import this

        self.selected = game_id
        self.app.push(Setup(self.app, game_id))

    def open_host(self) -> None:
        """Host a table for other screens on the LAN."""
        from scenes.lan.connect import open_host  # late: it imports the setup

        open_host(self.app)

    def open_join(self) -> None:
        """Join a table hosted on the LAN."""
        from scenes.lan.connect import open_join

        open_join(self.app)

    def open_learn(self, game_id: str) -> None:
        """Open the guided first deal of a playable game (its table with the tutorial over it)."""
        from scenes.learning.tutorial import open_tutorial  # late: it imports the tables

        self.selected = game_id
        open_tutorial(self.app, game_id)

    def continue_game(self) -> None:
        """Resume the autosave; a file that cannot be resumed is kept aside and explained."""
        match, warning = autosave.load_autosave()
        if match is not None:
            tables.open_table(self.app, match)
            return
        self.toast.show(warning or t("ui.title.nothing_to_continue"), seconds=6.0 if warning else 3.0)
        self.refresh()

    def open_rules(self) -> None:
        """The rules help of the game pointed at (the card last hovered or focused)."""
        from scenes.menus.help import Help

        self.app.push(Help(self.app, self.selected))

    def rules_label(self) -> str:
        """The Rules button names the game whose rules it opens."""
        return t("help.rules_of", game=t(f"help.game.{self.selected}"))

    def open_settings(self) -> None:
        """The settings screen."""
        from scenes.menus.settings import SettingsScene

        self.app.push(SettingsScene(self.app))

    def open_records(self) -> None:
        """The records of the local profiles."""
        from scenes.menus.records import RecordsScene

        self.app.push(RecordsScene(self.app))

    def switch_language(self, lang: str) -> None:
        """Every label follows at the next frame (labels are read at draw time)."""
        self.app.set_language(lang)

    def quit(self) -> None:
        """Close the app."""
        self.app.running = False

    def back(self) -> None:
        """Esc on the title does not quit by surprise: it moves focus to Quit."""
        self.group.show_focus = True
        self.group.focus_on(self.quit_button)

    # ----- scene hooks ------------------------------------------------------------------------
    def resume(self) -> None:
        """Back on top: the autosave may have appeared or gone, the language may have changed."""
        self.language_choice.value = language()
        self.refresh()

    def handle(self, intent: Intent) -> bool:
        """A tap on a game still to come explains itself; everything else as any menu."""
        if intent.kind == intents.PRESS:
            for card in self.cards:
                if not card.available and card.contains(intent.pos):
                    names = ", ".join(t(self.card_for(game).entry.title_key) for game in available_games())
                    self.toast.show(t("ui.title.not_ready", game=card.title, available=names))
                    return True
        return super().handle(intent)

    def update(self, dt: float) -> None:
        """Follow the pointer and the keys: the playable card last hovered or focused is the game
        the Rules button explains; tell once that saving is off, when no other message shows."""
        super().update(dt)
        if not self.toast.visible:
            self.show_saving_off()
        self.follow_pointing()

    def follow_pointing(self) -> None:
        """The game pointed at last: a playable card under the pointer, or one the keys just
        focused. Moving on to the Rules button keeps it."""
        hovered = next((card for card in self.cards if card.hovered and card.available), None)
        pill = next((pill for pill in self.learn_pills if pill.hovered and pill.is_enabled), None)
        if pill is not None:
            hovered = pill.card
        if hovered is not None:
            self.selected = hovered.game_id
        focused = self.group.focused
        if focused is not self._seen_focus:
            self._seen_focus = focused
            if isinstance(focused, GameCard) and focused.available:
                self.selected = focused.game_id
            elif isinstance(focused, LearnPill) and focused.is_enabled:
                self.selected = focused.card.game_id

    def show_saving_off(self) -> bool:
        """The one notice per run that saving is off and why; True when it was shown now."""
        info = storage.take_saving_off_notice()
        if info is None:
            return False
        self.toast.show(saving_off_text(info), seconds=SAVING_OFF_SECONDS)
        return True

    def draw(self, surface: pygame.Surface) -> None:
        """Room, name, kotatsu with the game cards, the button row and any toast."""
        draw_room(surface)
        self._draw_name(surface)
        draw_kotatsu(surface, TABLE_RECT)
        self.group.draw(surface)
        self.toast.draw(surface)

    def _draw_name(self, surface: pygame.Surface) -> None:
        """The app's name in both scripts (the current language first) and the tagline."""
        japanese, english = t("ui.app.name", lang="ja"), t("ui.app.name", lang="en")
        first, second = (japanese, english) if language() == "ja" else (english, japanese)
        center_x = surface.get_width() // 2
        draw_text_centered(surface, first, theme.TITLE, theme.TEXT, (center_x, 92), True)
        draw_text_centered(surface, second, theme.LARGE, theme.GOLD, (center_x, 172))
        draw_text_centered(surface, t("ui.app.tagline"), theme.SMALL, theme.TEXT_DIM, (center_x, 228))
