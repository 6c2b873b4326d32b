"""That Old Wallpaper's table pictures, drawn in code and cached: a seat's colour and number card,
a row of the market, a seat's box in the strip and Grandma's, the memory token line, the round
cards, the deck and the hazy supply, and the shadow and dimming of a moving piece.

The cards themselves are ``art_cards``'s, the walls ``art_walls``'s (see ``art_paper`` for how the
art is split). Pictures with words in them are cached per language (``labels.cached``).
"""

from __future__ import annotations

import pygame

from game.i18n import t
from game.rules.wallpaper import HAZY_COUNT, HAZY_FIRST
from scenes.engine import fonts, theme
from scenes.engine.ui import clipped, fit_size, fitted_seat_label
from scenes.table import art, labels
from scenes.wallpaper.art_cards import card_back, card_face, number_card, round_card
from scenes.wallpaper.art_cards import token as token_picture
from scenes.wallpaper.art_paper import SEAT_COLOURS
from scenes.wallpaper.art_walls import mini_wall
from scenes.wallpaper.layout import (
    CARD_RATIO,
    COLUMN_STEP,
    GRANDMA_COLOUR_INDEX,
    HAZY_POS,
    MARKET,
    ROW_BOTTOM,
    ROW_CARD_W,
    ROW_TOP,
    TOKEN_D,
    TOKEN_LEFT,
    WallItems,
)


# ----- seats ---------------------------------------------------------------------------------------
def seat_colour(seat: int, players: int) -> tuple[int, int, int]:
    """A seat's colour for number cards and tokens (Grandma's is the art's sixth)."""
    if seat >= players:
        return SEAT_COLOURS[GRANDMA_COLOUR_INDEX]
    return SEAT_COLOURS[seat % GRANDMA_COLOUR_INDEX]


def art_seat(seat: int, players: int) -> int:
    """The art's emblem index of a seat (Grandma's is the sixth)."""
    return GRANDMA_COLOUR_INDEX if seat >= players else seat % GRANDMA_COLOUR_INDEX


def number_picture(seat: int, players: int, number: int, height: int, face_up: bool = True) -> pygame.Surface:
    """A seat's number card (its back when ``face_up`` is False)."""
    return number_card(seat_colour(seat, players), number if face_up else 1, height, face_up,
                       seat=art_seat(seat, players))


# ----- the market ----------------------------------------------------------------------------------
def row_column_picture(cards: tuple[int, ...], step: float, glow: str) -> pygame.Surface:
    """One row of the market: its cards from top to bottom, overlapping by ``step``; a glow
    ("ok": may be picked, "focus": the keyboard's row) around it."""
    def make() -> pygame.Surface:
        height = ROW_BOTTOM - ROW_TOP + 40
        surface = pygame.Surface((COLUMN_STEP, height), pygame.SRCALPHA)
        card_h = round(ROW_CARD_W / CARD_RATIO)
        outline = art.slot_outline((ROW_CARD_W, card_h), (*theme.TEXT_DIM,))
        surface.blit(outline, outline.get_rect(midtop=(COLUMN_STEP // 2, 0)))
        if glow:  # around the whole row: the place a click takes
            bottom = card_h + round(step * max(0, len(cards) - 1))
            color = theme.OK if glow == "ok" else theme.ACCENT
            ring = pygame.Rect(0, 0, ROW_CARD_W + 18, bottom + 14)
            ring.midtop = (COLUMN_STEP // 2, 0)
            pygame.draw.rect(surface, (*color, 90), ring, border_radius=14)
            pygame.draw.rect(surface, color, ring, 4, border_radius=14)
        for index, card in enumerate(cards):
            face = card_face(card, ROW_CARD_W)
            top = round(index * step) + 4
            shadow = shadow_of(face)
            surface.blit(shadow, shadow.get_rect(midtop=(COLUMN_STEP // 2 + 2, top + 4)))
            surface.blit(face, face.get_rect(midtop=(COLUMN_STEP // 2, top)))
        return surface

    return art.variant(("wp-row", cards, round(step, 1), glow), make)


# ----- the strip -----------------------------------------------------------------------------------
def strip_box(name: str, seat: int, players: int, you: bool, shown: bool, turn: bool, items: WallItems,
              hazy: int, chosen: bool, played: tuple[int, ...], placing: int, size: tuple[int, int]) -> pygame.Surface:
    """A seat's box in the strip: colour disc, name, its wall small, hazy cards held, the numbers
    it played this round, the cards it still has to place; room for its face-down card once it
    chose; a gold ring when its wall is the large one, an orange one while it acts."""
    def make() -> pygame.Surface:
        width, height = size
        surface = pygame.Surface(size, pygame.SRCALPHA)
        body = surface.get_rect()
        pygame.draw.rect(surface, (*theme.INK, 205), body, border_radius=16)
        if shown:
            pygame.draw.rect(surface, theme.GOLD, body, 3, border_radius=16)
        if turn:
            pygame.draw.rect(surface, theme.ACCENT, body.inflate(-4, -4), 3, border_radius=14)
        _seat_disc(surface, seat_colour(seat, players), theme.SEAT_SYMBOLS[seat % len(theme.SEAT_SYMBOLS)])
        label, type_size = fitted_seat_label(name, you, theme.TINY, width - NAME_LEFT - 6 - (40 if chosen else 0))
        image = fonts.text(label, type_size, theme.TEXT, True)
        surface.blit(image, image.get_rect(midleft=(NAME_LEFT, DISC_CENTRE[1])))
        lines = _foot_lines(hazy, played, width - 16)
        step = fonts.line_height(BOX_FOOT_SIZE) - 4
        wall_room = (width - 16, height - 46 - step * max(1, len(lines)))
        wall = mini_wall(items, wall_room)
        surface.blit(wall, (8, 42))
        if not items:  # said where the wall will grow: the foot line has no room for it beside the rest
            empty = fonts.text(t("wallpaper_table.box.empty"), BOX_FOOT_SIZE, theme.TEXT_DIM)
            surface.blit(empty, empty.get_rect(center=(width // 2, 42 + wall_room[1] // 2)))
        if placing:  # a pill over the top right of its small wall: it is hanging its cards now
            note = fonts.text(t("wallpaper_table.box.placing", n=placing), BOX_FOOT_SIZE, theme.INK, True)
            pill = note.get_rect(topright=(width - 14, 44)).inflate(14, -2)
            pygame.draw.rect(surface, theme.ACCENT, pill, border_radius=pill.height // 2)
            surface.blit(note, note.get_rect(center=pill.center))
        for row, text in enumerate(reversed(lines)):
            line = fonts.text(text, BOX_FOOT_SIZE, theme.TEXT_DIM)
            surface.blit(line, line.get_rect(midbottom=(width // 2, height - 2 - row * step)))
        return surface

    key = ("wp-box", name, seat, players, you, shown, turn, items, hazy, chosen, played, placing, size, labels.lang())
    return labels.cached(key, make)


BOX_FOOT_SIZE = theme.TINY - 2  # the small print of a seat's box: its foot lines and notes
DISC_CENTRE = (23, 23)  # a box's seat disc (the seat's colour and symbol) at its top left
NAME_LEFT = DISC_CENTRE[0] + 23


def _seat_disc(surface: pygame.Surface, colour: tuple[int, int, int], symbol: str) -> None:
    """A box's seat disc: the seat's colour with its symbol in it (colour is never the only sign)."""
    pygame.draw.circle(surface, colour, DISC_CENTRE, 17)
    pygame.draw.circle(surface, theme.PAPER, DISC_CENTRE, 17, 2)
    if symbol:
        image = fonts.text(symbol, BOX_FOOT_SIZE, theme.TEXT, True)
        surface.blit(image, image.get_rect(center=DISC_CENTRE))


def _foot_lines(hazy: int, played: tuple[int, ...], width: int) -> list[str]:
    """A box's foot: the hazy cards held and the numbers played this round, on one line when
    they fit ``width`` and on two when not."""
    parts = []
    if hazy:
        parts.append(t("wallpaper_table.box.hazy", n=hazy))
    if played:
        parts.append(t("wallpaper_table.box.played", numbers=" ".join(str(n) for n in played)))
    joined = "  ·  ".join(parts)
    if len(parts) < 2 or fonts.text_width(joined, BOX_FOOT_SIZE) <= width:
        return [joined] if joined else []
    return parts


def grandma_box(name: str, pile: int, last: int, size: tuple[int, int]) -> pygame.Surface:
    """Grandma's box: her name, her pile, the number she played last."""
    def make() -> pygame.Surface:
        width, height = size
        surface = pygame.Surface(size, pygame.SRCALPHA)
        pygame.draw.rect(surface, (*theme.INK, 205), surface.get_rect(), border_radius=16)
        _seat_disc(surface, SEAT_COLOURS[GRANDMA_COLOUR_INDEX], "")
        room = width - NAME_LEFT - 6
        type_size = fit_size(name, theme.TINY, room, bold=True, smallest=theme.LEAST)
        image = fonts.text(clipped(name, type_size, room, bold=True), type_size, theme.TEXT, True)
        surface.blit(image, image.get_rect(midleft=(NAME_LEFT, DISC_CENTRE[1])))
        back = number_picture(2, 2, 1, 46, False)
        surface.blit(back, back.get_rect(center=(width // 2 - 30, 68)))
        count = fonts.text(f"×{pile}", BOX_FOOT_SIZE, theme.TEXT_DIM, True)
        surface.blit(count, count.get_rect(midleft=(width // 2 - 30 + back.get_width() // 2 + 4, 78)))
        if last:
            face = number_picture(2, 2, last, 46)
            surface.blit(face, face.get_rect(center=(width // 2 + 40, 68)))
        note = t("wallpaper_table.grandma.note")
        type_size = fit_size(note, BOX_FOOT_SIZE, width - 12, smallest=theme.LEAST)
        line = fonts.text(clipped(note, type_size, width - 12), type_size, theme.TEXT_DIM)
        surface.blit(line, line.get_rect(midbottom=(width // 2, height - 2)))
        return surface

    return labels.cached(("wp-grandma", name, pile, last, size, labels.lang()), make)


# ----- the token line ------------------------------------------------------------------------------
TOKEN_TEXT_SIZE = theme.LEAST  # the line is one token high: its words as small as may be read
def token_layout(count: int) -> tuple[int, int]:
    """Where the token line's tokens lie: (x of the first token's centre on screen, step), for a
    line of ``count`` tokens (the same whatever the order, so a token can fly to its place)."""
    label = fonts.text(t("wallpaper_table.tokens.front"), TOKEN_TEXT_SIZE, theme.GOLD, True)
    back = fonts.text(t("wallpaper_table.tokens.back"), TOKEN_TEXT_SIZE, theme.TEXT_DIM)
    start = 26 + label.get_width() + 28
    room = (MARKET.right - TOKEN_LEFT - start - back.get_width() - 24) // max(1, count)
    return TOKEN_LEFT + start + TOKEN_D // 2, room


def token_line_picture(line: tuple[int, ...], count: int, players: int, names: tuple[str, ...]) -> pygame.Surface:
    """The memory token line: "front" and an arrow on the left, each token in order with its
    seat's name (``count`` places, a token in flight leaves its place empty), "back" at the end."""
    def make() -> pygame.Surface:
        width = MARKET.right - TOKEN_LEFT
        surface = pygame.Surface((width, 44), pygame.SRCALPHA)
        pygame.draw.rect(surface, (*theme.INK, 150), surface.get_rect(), border_radius=22)
        label = fonts.text(t("wallpaper_table.tokens.front"), TOKEN_TEXT_SIZE, theme.GOLD, True)
        surface.blit(label, label.get_rect(midleft=(16, 22)))
        arrow = 26 + label.get_width()
        pygame.draw.polygon(surface, theme.GOLD, [(arrow, 22), (arrow + 12, 14), (arrow + 12, 30)])
        back = fonts.text(t("wallpaper_table.tokens.back"), TOKEN_TEXT_SIZE, theme.TEXT_DIM)
        first, room = token_layout(count)
        for index, seat in enumerate(line):
            x = first - TOKEN_LEFT + index * room
            token = token_picture(seat_colour(seat, players), TOKEN_D, seat=art_seat(seat, players))
            surface.blit(token, token.get_rect(center=(x, 22)))
            name = names[seat] if seat < len(names) else ""
            space = room - TOKEN_D - 12  # 6 px clear of this token and of the next
            if space >= 2 * TOKEN_TEXT_SIZE:  # shortened to fit (never cut through a glyph); none if too tight
                small = fonts.text(clipped(name, TOKEN_TEXT_SIZE, space), TOKEN_TEXT_SIZE, theme.TEXT_DIM)
                surface.blit(small, small.get_rect(midleft=(x + TOKEN_D // 2 + 6, 22)))
        surface.blit(back, back.get_rect(midright=(width - 16, 22)))
        return surface

    return labels.cached(("wp-tokens", line, count, players, names, labels.lang()), make)


# ----- round cards, deck and hazy supply -----------------------------------------------------------
def round_cards_picture(round_index: int, turn: int) -> pygame.Surface:
    """The three round cards stacked: the ones done dimmed under the current one, and the turn."""
    def make() -> pygame.Surface:
        width = 150
        card = round_card(min(2, round_index), width)
        surface = pygame.Surface((width + 20, card.get_height() + 56), pygame.SRCALPHA)
        surface.blit(card, (10, 6))
        text = t("wallpaper_table.turn", n=min(turn + 1, 18), total=18)
        image = fonts.text(text, fit_size(text, theme.TINY, width, bold=True), theme.TEXT, True)
        surface.blit(image, image.get_rect(midtop=(surface.get_width() // 2, card.get_height() + 14)))
        return surface

    return labels.cached(("wp-round", round_index, turn, labels.lang()), make)


def deck_picture(count: int) -> pygame.Surface:
    """The wallpaper deck: a few backs offset by how many cards are left, and the count."""
    def make() -> pygame.Surface:
        back = card_back(ROW_CARD_W)
        layers = max(1, min(5, (count + 19) // 20)) if count else 0
        surface = pygame.Surface((back.get_width() + 24, back.get_height() + 52), pygame.SRCALPHA)
        if layers == 0:
            outline = art.slot_outline(back.get_size(), theme.TEXT_DIM)
            surface.blit(outline, (12, 12))
        for layer in range(layers):
            surface.blit(back, (12 + layer * 2, 12 - layer * 2 + 8))
        label = fonts.text(t("wallpaper_table.deck", n=count), theme.TINY - 2, theme.TEXT, True)
        surface.blit(label, label.get_rect(midbottom=(surface.get_width() // 2, surface.get_height() - 2)))
        return surface

    return labels.cached(("wp-deck", count, labels.lang()), make)


def hazy_supply_picture(count: int) -> pygame.Surface:
    """The hazy memory cards left in the supply: the card, its name, and how many of the 21 are
    left (none left in the refusal colour: a collision's losers now get nothing)."""
    def make() -> pygame.Surface:
        face = card_face(hazy_id(), 84)
        width = round(2 * (HAZY_POS[0] - MARKET.left)) - 8  # as wide as the mat's border left of the rows allows
        room = width - 8
        name = t("wallpaper_table.hazy_supply")
        left = t("wallpaper_table.hazy_left", n=count, total=HAZY_COUNT)
        name_size = fit_size(name, theme.TINY - 2, room, bold=True, smallest=theme.LEAST)
        left_size = fit_size(left, theme.TINY, room, bold=True, smallest=theme.LEAST)
        name_image = fonts.text(clipped(name, name_size, room, bold=True), name_size, theme.TEXT_DIM, True)
        left_image = fonts.text(clipped(left, left_size, room, bold=True), left_size,
                                theme.TEXT if count else theme.BAD, True)
        surface = pygame.Surface((width, face.get_height() + name_image.get_height() + left_image.get_height() + 6),
                                 pygame.SRCALPHA)
        if count:
            surface.blit(face, face.get_rect(midtop=(width // 2, 2)))
        else:
            outline = art.slot_outline(face.get_size(), theme.TEXT_DIM)
            surface.blit(outline, outline.get_rect(midtop=(width // 2, 2)))
        surface.blit(name_image, name_image.get_rect(midtop=(width // 2, face.get_height() + 4)))
        surface.blit(left_image, left_image.get_rect(midbottom=(width // 2, surface.get_height())))
        return surface

    return labels.cached(("wp-hazy", count, labels.lang()), make)


def hazy_id() -> int:
    """The id of a hazy memory card (they all look alike)."""
    return HAZY_FIRST


# ----- moving pieces -------------------------------------------------------------------------------
DIM_AMOUNT = 80  # how much darker a card that cannot be used now is


def dimmed(picture: pygame.Surface) -> pygame.Surface:
    """A darker copy of a picture (a card that cannot be used now)."""
    copy = picture.copy()
    copy.fill((DIM_AMOUNT, DIM_AMOUNT, DIM_AMOUNT, 0), special_flags=pygame.BLEND_RGB_SUB)
    return copy


def shadow_of(image: pygame.Surface) -> pygame.Surface:
    """A soft shadow a little larger than ``image``: one blurred shape, stretched per 8-pixel size
    bucket (a blur per size would stall the frames a card flies in)."""
    size = (image.get_width() // 8 * 8 + 12, image.get_height() // 8 * 8 + 12)
    base = art.variant(("wp-shadow-base",), lambda: art.soft_rect((160, 110), 12, 90, 6))
    return art.variant(("wp-shadow", size), lambda: pygame.transform.smoothscale(base, size))
