"""Small cached pictures a table scene draws with its pieces: name plates, the score board, the
status banner, notes on stacks, owner stickers, the key hint, the turn-order compass, the mat's
printed title and the veil under panels.

Each is painted once per distinct content (text, seat, state) into the shared art cache; a frame
only blits it. Texts come in already translated, and keys include the language where a picture
reads the catalogue itself.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from game.i18n import language, t
from scenes.engine import crisp, fonts, theme
from scenes.engine.ui import clipped, fit_size, mix, seat_color, seat_label
from scenes.table import art
from scenes.table.pieces import count_badge

if TYPE_CHECKING:
    from game.core.match import Match

SCREEN = (1920, 1080)
NOBODY = -1

NAME_WIDTH = 300  # px: a seat's name on the table (at the body size, bold) is cut to this

def compact_name(seat_index: int, match: Match) -> str:
    """A seat's label without its trailing symbol (the symbol is drawn in its colour disc)."""
    label = seat_label(seat_index, match.seats[seat_index])
    symbol = theme.SEAT_SYMBOLS[seat_index % len(theme.SEAT_SYMBOLS)]
    name = label[: -len(symbol)].rstrip() if label.endswith(symbol) else label
    # a typed name may be 40 characters; the plates are made for about twelve
    return clipped(name, theme.BODY, NAME_WIDTH, bold=True)


_labels = art.SurfaceCache("labels", 12 * art.MB)  # plates, notes, banners...: small, reused often
_boards = art.SurfaceCache("labels.boards", 2 * art.MB)  # score boards change with every card: the latest few


def cached(key: tuple[Any, ...], make: Callable[[], pygame.Surface]) -> pygame.Surface:
    """A picture from the labels' cache (made on first use)."""
    return (_boards if key[0] == "board" else _labels).get(key, make)


def owner_disc(owner: int) -> pygame.Surface:
    """A round sticker in the owner's colour with their symbol; a grey dash for nobody's stack."""
    def make() -> pygame.Surface:
        surface = pygame.Surface((44, 44), pygame.SRCALPHA)
        color = seat_color(owner) if owner != NOBODY else (92, 98, 92)
        pygame.draw.circle(surface, (0, 0, 0, 90), (23, 24), 19)
        pygame.draw.circle(surface, color, (22, 22), 18)
        pygame.draw.circle(surface, theme.PAPER, (22, 22), 18, 2)
        mark = theme.SEAT_SYMBOLS[owner % len(theme.SEAT_SYMBOLS)] if owner != NOBODY else "–"
        image = fonts.text(mark, theme.TINY, theme.TEXT, True)
        surface.blit(image, image.get_rect(center=(22, 22)))
        return surface

    return cached(("owner", owner), make)


def note_pill(text: str, good: bool) -> pygame.Surface:
    """A short note on a dark pill (why a stack refuses the held card)."""
    def make() -> pygame.Surface:
        size = fit_size(text, theme.SMALL, 190, bold=True)
        image = fonts.text(text, size, theme.OK if good else theme.TEXT, True)
        surface = crisp.canvas((image.get_width() + 24, image.get_height() + 10), pygame.SRCALPHA)
        pygame.draw.rect(surface, (*theme.INK, 225), surface.get_rect(), border_radius=surface.get_height() // 2)
        surface.blit(image, image.get_rect(center=surface.get_rect().center))
        return surface

    return cached(("note", text, good), make)


def plate(name: str, seat: int, turn: bool, cards: int, you: bool, detail: str | None = None) -> pygame.Surface:
    """A seat's name plate; the seat to act gets a persimmon ring and an arrow. The second line
    says how many cards are left, or ``detail`` when a game shows something else there."""
    def make() -> pygame.Surface:
        label = fonts.text(name + (f" ({t('table.you')})" if you else ""), theme.SMALL + 2, theme.TEXT, True)
        second = detail if detail is not None else t("table.cards_left", n=cards)
        count = fonts.text(second, theme.TINY, theme.TEXT_DIM)
        width = max(label.get_width(), count.get_width()) + 92
        height = 74
        surface = crisp.canvas((width + 12, height + 12), pygame.SRCALPHA)
        body = pygame.Rect(6, 6, width, height)
        pygame.draw.rect(surface, (*theme.INK, 215), body, border_radius=22)
        if turn:
            pygame.draw.rect(surface, theme.ACCENT, body.inflate(8, 8), 5, border_radius=26)
        pygame.draw.circle(surface, seat_color(seat), (body.left + 38, body.centery), 25)
        pygame.draw.circle(surface, theme.PAPER, (body.left + 38, body.centery), 25, 2)
        symbol = fonts.text(theme.SEAT_SYMBOLS[seat % len(theme.SEAT_SYMBOLS)], theme.SMALL, theme.TEXT, True)
        surface.blit(symbol, symbol.get_rect(center=(body.left + 38, body.centery)))
        surface.blit(label, (body.left + 74, body.top + 8))
        surface.blit(count, (body.left + 74, body.top + 44))
        return surface

    return cached(("plate", name, seat, turn, cards, you, detail, lang()), make)


def scoreboard(rows: tuple[tuple[int, str, int, int], ...], heading: str) -> pygame.Surface:
    """The score panel: the round number, then per seat its symbol, name, total and stack now."""
    def make() -> pygame.Surface:
        width, row_height = 400, 46
        height = 70 + row_height * len(rows) + 14
        surface = crisp.canvas((width, height), pygame.SRCALPHA)
        pygame.draw.rect(surface, (*theme.INK, 210), surface.get_rect(), border_radius=22)
        pygame.draw.rect(surface, theme.GOLD, surface.get_rect().inflate(-8, -8), 2, border_radius=18)
        title = fonts.text(heading, theme.BODY, theme.GOLD, True)
        surface.blit(title, (24, 18))
        for number, (seat, name, total, stack) in enumerate(rows):
            y = 70 + number * row_height + row_height // 2
            pygame.draw.circle(surface, seat_color(seat), (40, y), 17)
            mark = fonts.text(theme.SEAT_SYMBOLS[seat % len(theme.SEAT_SYMBOLS)], theme.TINY - 2, theme.TEXT, True)
            surface.blit(mark, mark.get_rect(center=(40, y)))
            points = fonts.text(t("table.points", n=total), theme.SMALL, theme.TEXT, True)
            points_at = points.get_rect(midright=(300, y))
            surface.blit(points, points_at)
            room = min(170, points_at.left - 12 - 66)  # a long name stops short of the points
            size = fit_size(name, theme.SMALL, room)
            label = fonts.text(clipped(name, size, room), size, theme.TEXT)
            surface.blit(label, label.get_rect(midleft=(66, y)))
            badge = count_badge(stack)
            surface.blit(badge, badge.get_rect(midright=(384, y)))
        return surface

    return cached(("board", rows, heading, lang()), make)


def status_banner(text: str, mine: bool) -> pygame.Surface:
    """The status line on a paper banner (persimmon edge when it is the viewer's move)."""
    def make() -> pygame.Surface:
        size = fit_size(text, theme.BODY, 1080, bold=mine)
        image = fonts.text(text, size, theme.INK, mine)
        surface = crisp.canvas((image.get_width() + 64, image.get_height() + 20), pygame.SRCALPHA)
        rect = surface.get_rect()
        pygame.draw.rect(surface, (*theme.PAPER, 240), rect, border_radius=rect.height // 2)
        pygame.draw.rect(surface, theme.ACCENT if mine else theme.PAPER_SHADE, rect, 4 if mine else 2,
                         border_radius=rect.height // 2)
        surface.blit(image, image.get_rect(center=rect.center))
        return surface

    return cached(("status", text, mine), make)


KEY_HINT_WIDTH = 420  # a six-card hand fan starts near x=560 on the 1920-wide table


def key_hint(text: str) -> pygame.Surface:
    """The keyboard and mouse hint, wrapped into a small block for the lower left corner."""
    def make() -> pygame.Surface:
        lines = [line.strip() for line in text.replace("・", "·").split("·")]
        images = [fonts.text(line, theme.TINY - 2, theme.TEXT_DIM) for line in lines]
        pairs: list[list[pygame.Surface]] = [[]]
        for image in images:  # short lines that stay left of the widest hand fan
            if pairs[-1] and sum(i.get_width() + 18 for i in pairs[-1]) + image.get_width() > KEY_HINT_WIDTH:
                pairs.append([])
            pairs[-1].append(image)
        height = fonts.line_height(theme.TINY - 2)
        width = max(sum(i.get_width() + 18 for i in group) - 18 for group in pairs)
        surface = crisp.canvas((width, height * len(pairs)), pygame.SRCALPHA)
        for row, group in enumerate(pairs):
            x = 0
            for image in group:
                surface.blit(image, (x, row * height))
                x += image.get_width() + 18
        return surface

    return cached(("keys", text), make)


def compass() -> pygame.Surface:
    """A faint clockwise circle of arrows printed on the felt inside the cross (the cat's way)."""
    def make() -> pygame.Surface:
        s = art.SUPERSAMPLE
        size = 180
        big = pygame.Surface((size * s, size * s), pygame.SRCALPHA)
        centre = size * s // 2
        radius = 64 * s
        color = (*mix(theme.FELT_LIGHT, theme.PAPER, 0.35), 120)
        for quarter in range(4):
            start = math.radians(quarter * 90 + 14)
            end = math.radians(quarter * 90 + 70)
            rect = pygame.Rect(centre - radius, centre - radius, radius * 2, radius * 2)
            pygame.draw.arc(big, color, rect, start, end, 5 * s)
            # arrow head at the clockwise end (screen y points down: clockwise = decreasing angle)
            tip_angle = start - math.radians(4)
            tip = (centre + radius * math.cos(tip_angle), centre - radius * math.sin(tip_angle))
            back = start + math.radians(8)
            left = (centre + (radius + 12 * s) * math.cos(back), centre - (radius + 12 * s) * math.sin(back))
            right = (centre + (radius - 12 * s) * math.cos(back), centre - (radius - 12 * s) * math.sin(back))
            pygame.draw.polygon(big, color, [tip, left, right])
        return pygame.transform.smoothscale(big, (size, size))

    return cached(("compass",), make)


def mat_mark(title: str) -> pygame.Surface:
    """The game's name printed faintly on the mat, like a real play mat, with a sitting cat."""
    def make() -> pygame.Surface:
        ink = mix(theme.FELT, theme.PAPER, 0.22)
        label = fonts.text(title, theme.LARGE, ink, True)
        surface = crisp.canvas((label.get_width() + 70, max(label.get_height(), 64)), pygame.SRCALPHA)
        surface.blit(label, label.get_rect(midleft=(0, surface.get_height() // 2)))
        cat = pygame.Surface((60, 64), pygame.SRCALPHA)
        art.draw_sitting_cat(cat, (28, 60), 22, ink)
        surface.blit(cat, (label.get_width() + 8, 0))
        return surface

    return cached(("mat", title), make)


VEIL_STRIP = 60  # the veil is blitted as strips of this height: the same pixels as one full-screen
# layer (each pixel is blended alone), without keeping 8 MB for a flat colour


def veil() -> pygame.Surface:
    """A strip of the translucent dark layer that ``draw_veil`` lays over the whole table."""
    def make() -> pygame.Surface:
        layer = pygame.Surface((SCREEN[0], VEIL_STRIP), pygame.SRCALPHA)
        layer.fill((*theme.ROOM, 150))
        return layer

    return cached(("veil",), make)


def draw_veil(surface: pygame.Surface) -> None:
    """Dim the whole table under a panel."""
    strip = veil()
    for top in range(0, SCREEN[1], VEIL_STRIP):
        surface.blit(strip, (0, top))


def lang() -> str:
    """The current language (part of cache keys of pictures with catalogue text)."""
    return language()
