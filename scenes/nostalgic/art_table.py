"""What lies round Nostalgic's board, drawn in code and cached: the seats' plates and the panels
on the left, the viewer's dice tray and hand, the round card's info card and the scoring legend
on the right; and the small things over the table: badges that pop, a die's flash ring, a lifted
piece's shadow, a balloon's glow and veil. (The board is ``art_board.py``; cards, markers and
chips ``art.py``.)
"""

from __future__ import annotations

import math

import pygame

from game.i18n import t
from game.rules.nostalgic import RANK_PENALTY, SET_PAIR, SET_RAINBOW, SET_TRIPLE, best_sets, set_points
from scenes.engine import crisp, fonts, theme
from scenes.engine.ui import clipped, draw_text_centered, fit_size, fitted_seat_label
from scenes.nostalgic import art as nart
from scenes.nostalgic.layout import HAND_AREA, HAND_SCALE, HAND_Y, INFO_RECT, ROUND_CARD_BIG
from scenes.table import art, labels


# ----- over the table -------------------------------------------------------------------------------
def soft_shadow(width: int) -> pygame.Surface:
    """A soft oval shadow for a lifted piece."""
    def make() -> pygame.Surface:
        surface = pygame.Surface((width + 16, width // 2 + 12), pygame.SRCALPHA)
        pygame.draw.ellipse(surface, (0, 0, 0, 70), surface.get_rect().inflate(-10, -8))
        return pygame.transform.gaussian_blur(surface, 4)

    return labels.cached(("nos-shadow", width // 4), make)


def flash_ring(size: int) -> pygame.Surface:
    """A gold ring a little larger than a die."""
    def make() -> pygame.Surface:
        side = size + 34
        surface = pygame.Surface((side, side), pygame.SRCALPHA)
        ring = surface.get_rect()
        pygame.draw.rect(surface, (*theme.GOLD, 110), ring.inflate(-4, -4), 10, border_radius=18)
        surface = pygame.transform.gaussian_blur(surface, 4)
        pygame.draw.rect(surface, (*theme.GOLD, 255), ring.inflate(-14, -14), 4, border_radius=14)
        return surface

    return labels.cached(("nos-flash", size), make)


def pop_badge(text: str, good: bool = True) -> pygame.Surface:
    """A bold badge on a dark pill: gold for a gain, red for a loss."""
    def make() -> pygame.Surface:
        image = fonts.text(text, theme.BODY, theme.GOLD if good else (255, 160, 150), True)
        surface = pygame.Surface((image.get_width() + 30, image.get_height() + 12), pygame.SRCALPHA)
        rect = surface.get_rect()
        pygame.draw.rect(surface, (*theme.INK, 230), rect, border_radius=rect.height // 2)
        pygame.draw.rect(surface, theme.GOLD if good else theme.BAD, surface.get_rect(), 2,
                         border_radius=surface.get_height() // 2)
        surface.blit(image, image.get_rect(center=surface.get_rect().center))
        return surface

    return labels.cached(("nos-pop", text, good), make)


def balloon_glow(size: tuple[int, int], colour: tuple[int, int, int]) -> pygame.Surface:
    """A soft halo round a balloon (cached per size and colour)."""
    return labels.cached(("nos-glow", size, colour), lambda: art.glow_ring(size, colour, 200))


def balloon_veil(size: tuple[int, int], dark: int) -> pygame.Surface:
    """A dark rounded veil over a balloon that cannot take the die."""
    def make() -> pygame.Surface:
        surface = pygame.Surface(size, pygame.SRCALPHA)
        pygame.draw.rect(surface, (*theme.ROOM, dark), surface.get_rect(), border_radius=min(size) // 3)
        return surface

    return labels.cached(("nos-veil", size, dark), make)


def full_tag() -> pygame.Surface:
    """A small slanted "full" tape for a balloon with no room."""
    def make() -> pygame.Surface:
        label = fonts.text(t("nostalgic_table.balloon.full"), theme.TINY - 2, theme.TEXT, True)
        tag = pygame.Surface((label.get_width() + 20, label.get_height() + 6), pygame.SRCALPHA)
        pygame.draw.rect(tag, (*theme.INK, 225), tag.get_rect(), border_radius=8)
        tag.blit(label, label.get_rect(center=tag.get_rect().center))
        return pygame.transform.rotozoom(tag, 8, 1.0)

    return labels.cached(("nos-full", labels.lang()), make)


def number_badge(count: int) -> pygame.Surface:
    """A small round badge with a number; it draws itself again at the window's scale (its number
    sharp at 4K, and the deck or chips under its corner stay sharp too, ``scenes.engine.crisp``)."""
    def draw(zoom: float) -> pygame.Surface:
        def px(value: float) -> int:
            return max(1, round(value * zoom))

        image = fonts.text(str(count), px(theme.TINY - 2), theme.TEXT, True)
        side = max(px(30), image.get_width() + px(14))
        surface = pygame.Surface((side, px(30)), pygame.SRCALPHA)
        pygame.draw.rect(surface, (*theme.INK, 230), surface.get_rect(), border_radius=px(15))
        pygame.draw.rect(surface, theme.GOLD, surface.get_rect(), px(2), border_radius=px(15))
        surface.blit(image, image.get_rect(center=surface.get_rect().center))
        return surface

    return labels.cached(("nos-count", count),
                         lambda: crisp.art_image(draw(1.0), ("nos-count", count), lambda z: draw(art.zoom_bucket(z))))


# ----- the seats ---------------------------------------------------------------------------------------
def seat_plate(name: str, seat: int, turn: bool, you: bool, np: int, boxes: int, chips: int, cards: int,
               size: tuple[int, int], starts: bool) -> pygame.Surface:
    """A seat's plate: its marker, its name, a ring on its turn, then its NP, boxes, chips and (at
    the bottom seat) cards in hand; room on the right for the round card of the start player."""
    def make() -> pygame.Surface:
        width, height = size
        surface = pygame.Surface((width + 12, height + 12), pygame.SRCALPHA)
        body = pygame.Rect(6, 6, width, height)
        pygame.draw.rect(surface, (*theme.INK, 228), body, border_radius=20)
        if turn:
            pygame.draw.rect(surface, theme.ACCENT, body.inflate(8, 8), 5, border_radius=24)
        marker = nart.player_marker(seat, 40)
        surface.blit(marker, marker.get_rect(center=(body.left + 32, body.top + 30)))
        label, font_size = fitted_seat_label(name, you, theme.SMALL + 2, width - 70 - (64 if starts else 14))
        image = fonts.text(label, font_size, theme.TEXT, True)
        surface.blit(image, image.get_rect(midleft=(body.left + 62, body.top + 28)))
        stats = stat_icons(np, boxes, chips, cards, theme.TINY)
        room = width - 28 - (60 if starts else 0)
        if stats.get_width() > room:
            scaled_size = (room, round(stats.get_height() * room / stats.get_width()))
            stats = pygame.transform.smoothscale(stats, scaled_size)
        surface.blit(stats, stats.get_rect(midleft=(body.left + 16, body.bottom - 24)))
        return surface

    return labels.cached(("nos-plate", name, seat, turn, you, np, boxes, chips, cards, size, starts,
                          labels.lang()), make)


def stat_icons(np: int, boxes: int, chips: int, cards: int, size: int) -> pygame.Surface:
    """One line of a seat's numbers, each after its icon: NP, boxes, chips and (``cards`` >= 0)
    cards in hand."""
    def make() -> pygame.Surface:
        icon = size + 6
        items = [(_np_icon(icon), str(np)), (_box_icon(icon), str(boxes)), (nart.chip(icon), str(chips))]
        if cards >= 0:
            items.append((_card_icon(icon), str(cards)))
        images = [(picture, fonts.text(text, size, theme.TEXT, True)) for picture, text in items]
        width = sum(p.get_width() + n.get_width() + 22 for p, n in images)
        surface = pygame.Surface((width, max(icon, fonts.line_height(size, True)) + 2), pygame.SRCALPHA)
        x = 0
        middle = surface.get_height() // 2
        for picture, number in images:
            surface.blit(picture, picture.get_rect(midleft=(x, middle)))
            x += picture.get_width() + 4
            surface.blit(number, number.get_rect(midleft=(x, middle)))
            x += number.get_width() + 18
        return surface

    return labels.cached(("nos-stats", np, boxes, chips, cards, size), make)


def _np_icon(size: int) -> pygame.Surface:
    """A little gold star with "NP" under it: the nostalgia points."""
    def make() -> pygame.Surface:
        surface = pygame.Surface((size, size), pygame.SRCALPHA)
        centre = size / 2
        points = []
        for corner in range(10):
            radius = size * (0.48 if corner % 2 == 0 else 0.22)
            angle = math.pi / 2 + corner * math.pi / 5
            points.append((centre + radius * math.cos(angle), centre - radius * math.sin(angle)))
        pygame.draw.polygon(surface, theme.GOLD, points)
        pygame.draw.polygon(surface, theme.INK, points, 1)
        return surface

    return labels.cached(("nos-np-icon", size), make)


def _box_icon(size: int) -> pygame.Surface:
    """A cardboard box seen from the front."""
    def make() -> pygame.Surface:
        surface = pygame.Surface((size, size), pygame.SRCALPHA)
        body = pygame.Rect(2, size * 0.3, size - 4, size * 0.66)
        pygame.draw.rect(surface, (196, 150, 98), body, border_radius=3)
        pygame.draw.polygon(surface, (222, 180, 124), [(2, size * 0.3), (size * 0.3, size * 0.08),
                                                       (size * 0.7, size * 0.08), (size - 2, size * 0.3)])
        pygame.draw.line(surface, (140, 100, 62), (size / 2, size * 0.3), (size / 2, size * 0.96), 2)
        pygame.draw.rect(surface, (120, 84, 52), body, 1, border_radius=3)
        return surface

    return labels.cached(("nos-box-icon", size), make)


def _card_icon(size: int) -> pygame.Surface:
    """Two little card backs: cards in hand."""
    def make() -> pygame.Surface:
        surface = pygame.Surface((size, size), pygame.SRCALPHA)
        for shift in (0, 6):
            rect = pygame.Rect(2 + shift, 2 + (6 - shift) // 2, size * 0.55, size * 0.8)
            pygame.draw.rect(surface, theme.CARD_BACK, rect, border_radius=3)
            pygame.draw.rect(surface, theme.CARD_BACK_LINE, rect, 1, border_radius=3)
        return surface

    return labels.cached(("nos-card-icon", size), make)


def panel_back(size: tuple[int, int]) -> pygame.Surface:
    """The mat under a seat on the left: a dark felt pad its plate, dice and cards lie on."""
    def make() -> pygame.Surface:
        surface = pygame.Surface(size, pygame.SRCALPHA)
        rect = surface.get_rect()
        pygame.draw.rect(surface, (0, 0, 0, 60), rect.move(0, 4), border_radius=22)
        pygame.draw.rect(surface, (*art.mix(theme.FELT, theme.ROOM, 0.35), 235), rect, border_radius=22)
        pygame.draw.rect(surface, (*art.mix(theme.FELT, theme.PAPER, 0.2), 120), rect.inflate(-8, -8), 2,
                         border_radius=18)
        return surface

    return labels.cached(("nos-panel", size), make)


def held_mark() -> pygame.Surface:
    """A small down arrow over the die held for a balloon."""
    def make() -> pygame.Surface:
        surface = pygame.Surface((26, 16), pygame.SRCALPHA)
        pygame.draw.polygon(surface, theme.GOLD, [(1, 1), (25, 1), (13, 15)])
        pygame.draw.polygon(surface, theme.INK, [(1, 1), (25, 1), (13, 15)], 2)
        return surface

    return labels.cached(("nos-held",), make)


def tray_picture(size: tuple[int, int]) -> pygame.Surface:
    """The viewer's dice tray: a shallow felt-lined wooden box."""
    def make() -> pygame.Surface:
        surface = pygame.Surface(size, pygame.SRCALPHA)
        rect = surface.get_rect()
        pygame.draw.rect(surface, (0, 0, 0, 70), rect.move(0, 4), border_radius=26)
        pygame.draw.rect(surface, theme.WOOD_DARK, rect, border_radius=26)
        felt = art.mix(theme.FELT, theme.ROOM, 0.2)
        pygame.draw.rect(surface, felt, rect.inflate(-18, -18), border_radius=20)
        pygame.draw.rect(surface, (0, 0, 0, 60), rect.inflate(-18, -18), 3, border_radius=20)
        return surface

    return labels.cached(("nos-tray", size), make)


def tray_glow(size: tuple[int, int]) -> pygame.Surface:
    """A soft green rim on the viewer's tray: pick one of these dice."""
    def make() -> pygame.Surface:
        surface = pygame.Surface(size, pygame.SRCALPHA)
        pygame.draw.rect(surface, (*theme.OK, 200), surface.get_rect().inflate(-6, -6), 4, border_radius=22)
        return surface

    return labels.cached(("nos-tray-glow", size), make)


def hand_picture(cards: tuple[str, ...], count: int, hidden: bool) -> pygame.Surface:
    """The viewer's cards in a row, face up, with what its best sets score now (backs when hidden)."""
    def make() -> pygame.Surface:
        surface = crisp.canvas(HAND_AREA.size, pygame.SRCALPHA)  # its cards stay sharp at 4K
        heading = t("nostalgic_table.hand.heading")
        if cards:
            heading = t("nostalgic_table.hand.sets", n=set_points(cards))
        label = labels.note_pill(heading, bool(cards))
        surface.blit(label, label.get_rect(midtop=(HAND_AREA.width // 2, 0)))
        shown = len(cards) if cards else count
        width = art.CARD_SIZE[0] * HAND_SCALE
        step = min(width + 10, (HAND_AREA.width - width - 20) / max(1, shown - 1))
        x0 = HAND_AREA.width / 2 - step * (shown - 1) / 2
        grouped = _set_of_card(cards)
        for index in range(shown):
            x = x0 + index * step
            centre = (round(x), round(HAND_Y - HAND_AREA.top))
            if cards:
                card = cards[index]
                # turned through ``transformed`` (not ``scaled``): the face keeps drawing itself anew
                face = art.transformed(("nos-face", card), nart.card_face(card, art.CARD_SIZE[0]), HAND_SCALE)
                shadow = art.transformed(("shadow", 0), art.card_shadow(art.CARD_SIZE, 0), HAND_SCALE)
                surface.blit(shadow, shadow.get_rect(center=(centre[0] + 3, centre[1] + 5)))
                surface.blit(face, face.get_rect(center=centre))
                kind = grouped[index]
                if kind:
                    tag = _set_tag(kind)
                    below = (centre[0], centre[1] + face.get_height() // 2 - 4)
                    surface.blit(tag, tag.get_rect(midtop=below))
            else:
                back = art.transformed(("nos-back",), nart.card_back(art.CARD_SIZE[0]), HAND_SCALE)
                surface.blit(back, back.get_rect(center=centre))
        if not shown:
            note = fonts.text(t("nostalgic_table.hand.empty"), theme.TINY, theme.TEXT_DIM)
            surface.blit(note, note.get_rect(center=(HAND_AREA.width // 2, round(HAND_Y - HAND_AREA.top))))
        return surface

    return labels.cached(("nos-hand", cards, count, hidden, labels.lang()), make)


def _set_of_card(cards: tuple[str, ...]) -> list[str]:
    """For each card of a (sorted) hand, the kind of best-partition set it belongs to ("" for none)."""
    result = [""] * len(cards)
    free = list(range(len(cards)))
    for kind, members in best_sets(cards):
        for card in members:
            index = next((i for i in free if cards[i] == card), None)
            if index is not None:
                result[index] = kind
                free.remove(index)
    return result


def _set_tag(kind: str) -> pygame.Surface:
    """A small tag under a card that belongs to a set now. It draws itself again at the window's
    scale, so the card whose bottom edge it covers stays sharp at 4K too (``scenes.engine.crisp``)."""
    text = t(f"nostalgic_table.set.short.{kind}")

    def draw(zoom: float) -> pygame.Surface:
        image = fonts.text(text, max(1, round((theme.TINY - 2) * zoom)), theme.INK, True)
        surface = pygame.Surface((image.get_width() + round(14 * zoom), image.get_height() + round(2 * zoom)),
                                 pygame.SRCALPHA)
        pygame.draw.rect(surface, theme.GOLD, surface.get_rect(), border_radius=round(8 * zoom))
        surface.blit(image, image.get_rect(center=surface.get_rect().center))
        return surface

    key = ("nos-set-tag", kind, labels.lang())
    return labels.cached(key, lambda: crisp.art_image(draw(1.0), key, lambda z: draw(art.zoom_bucket(z))))


# ----- the right column ----------------------------------------------------------------------------
def info_card(round_index: int, rounds: int, game: int, games: int, direction: int, starter: str,
              lang: str) -> pygame.Surface:
    """The right column's card: the round card, the round and game now, who started the round,
    and the way play goes."""
    def make() -> pygame.Surface:
        width, height = INFO_RECT.size
        surface = crisp.canvas((width, height), pygame.SRCALPHA)  # its round card and words stay sharp at 4K
        pygame.draw.rect(surface, (*theme.INK, 205), surface.get_rect(), border_radius=20)
        pygame.draw.rect(surface, theme.GOLD, surface.get_rect().inflate(-8, -8), 2, border_radius=16)
        card = nart.round_card(min(round_index, rounds - 1), ROUND_CARD_BIG, rounds=rounds)
        surface.blit(card, card.get_rect(midleft=(22, height // 2)))
        left = 40 + card.get_width()
        room = width - left - 16
        centre = left + room // 2
        title = t("nostalgic_table.info.round", n=round_index + 1, total=rounds)
        size = fit_size(title, theme.LARGE - 6, room, True)
        draw_text_centered(surface, title, size, theme.GOLD, (centre, 38), True)
        y = 80
        if games > 1:
            text = t("nostalgic_table.info.game", n=game + 1, total=games)
            size = fit_size(text, theme.SMALL, room, True)
            draw_text_centered(surface, text, size, theme.TEXT, (centre, y), True)
            y += 36
        text = t("nostalgic_table.info.starter", player=starter)
        size = fit_size(text, theme.TINY, room, smallest=theme.LEAST)
        draw_text_centered(surface, clipped(text, size, room), size, theme.TEXT_DIM, (centre, y))
        key = "nostalgic_table.info.clockwise" if direction > 0 else "nostalgic_table.info.counter"
        text = t(key)
        image = fonts.text(text, fit_size(text, theme.TINY, room - 56, smallest=theme.LEAST), theme.TEXT)
        row = pygame.Rect(0, 0, image.get_width() + 56, 56)
        row.center = (centre, height - 40)
        _direction_arrow(surface, (row.left + 24, row.centery), direction)
        surface.blit(image, image.get_rect(midleft=(row.left + 56, row.centery)))
        return surface

    return labels.cached(("nos-info", round_index, rounds, game, games, direction, starter, lang), make)


def _direction_arrow(surface: pygame.Surface, centre: tuple[int, int], direction: int) -> None:
    """A round arrow: clockwise (direction +1) or counter-clockwise (as seen on the screen)."""
    radius = 18
    rect = pygame.Rect(0, 0, radius * 2, radius * 2)
    rect.center = centre
    pygame.draw.arc(surface, theme.GOLD, rect, math.radians(-50), math.radians(230), 4)
    # the head sits at the end the travel reaches: clockwise on screen runs toward lower angles
    end = math.radians(-50) if direction > 0 else math.radians(230)
    tip = (centre[0] + radius * math.cos(end), centre[1] - radius * math.sin(end))
    along = (math.sin(end), math.cos(end)) if direction > 0 else (-math.sin(end), -math.cos(end))
    out = (math.cos(end), -math.sin(end))
    head = [(tip[0] + along[0] * 11, tip[1] + along[1] * 11),
            (tip[0] + out[0] * 8, tip[1] + out[1] * 8),
            (tip[0] - out[0] * 8, tip[1] - out[1] * 8)]
    pygame.draw.polygon(surface, theme.GOLD, head)


def legend_notes(players: int) -> tuple[str, str]:
    """The legend's two notes at this many ``players``: wild cards, then chips and boxes (the fewest
    boxes cost the last rank's penalty: −15 NP with 4 players, −10 with 3)."""
    worst = RANK_PENALTY[players][-1]
    return t("nostalgic_table.legend.wild"), t("nostalgic_table.legend.chips", worst=f"\u2212{-worst}")


def legend_card(players: int) -> pygame.Surface:
    """How the cards score at the end, and what chips and boxes give at this many ``players``."""
    texts = legend_notes(players)

    def make() -> pygame.Surface:
        width = INFO_RECT.width
        rows = (("triple", ("T", "T", "T"), SET_TRIPLE), ("rainbow", ("T", "P", "L"), SET_RAINBOW),
                ("pair", ("P", "P"), SET_PAIR))
        notes = [line for text in texts for line in [*fonts.wrap(text, theme.TINY - 2, width - 36), ""]]
        line = fonts.line_height(theme.TINY - 2)
        height = 64 + 56 * len(rows) + line * len(notes) + 4
        surface = pygame.Surface((width, height), pygame.SRCALPHA)
        pygame.draw.rect(surface, (*theme.PAPER, 240), surface.get_rect(), border_radius=18)
        pygame.draw.rect(surface, theme.GOLD, surface.get_rect().inflate(-8, -8), 2, border_radius=14)
        title = t("nostalgic_table.legend.title")
        draw_text_centered(surface, title, fit_size(title, theme.SMALL + 2, width - 30, True), theme.INK,
                           (width // 2, 32), True)
        y = 64
        for kind, cards, value in rows:
            for index, card in enumerate(cards):
                face = nart.card_face(card, 36)
                surface.blit(face, face.get_rect(midleft=(22 + index * 30, y + 24)))
            text = t(f"nostalgic_table.set.{kind}", n=value)
            image = fonts.text(text, fit_size(text, theme.SMALL, width - 150, True), theme.INK, True)
            surface.blit(image, image.get_rect(midleft=(130, y + 24)))
            y += 56
        for text in notes:
            if text:
                image = fonts.text(text, theme.TINY - 2, theme.INK_SOFT)
                surface.blit(image, (18, y))
            y += line // 2 if not text else line
        return surface

    return labels.cached(("nos-legend", texts), make)
