"""That Old Wallpaper's table painting: ``WallpaperPaint``, the mixin that paints the table from its
state: the still parts (deck, round cards, hazy supply, rows, headers, token line, the strip's
boxes, the large wall, the viewer's discards and spot) and, each frame, the moving pieces (number
cards, spots, the tray, flying pieces, the placement preview, the cell cursor, flashes, bubbles).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import pygame

from game.i18n import t
from game.rules.wallpaper import (
    PHASE_CHOOSE,
    PHASE_PICK,
    Shape,
    completed_shapes,
)
from scenes.engine import fonts, theme
from scenes.engine.ui import clipped, fit_size
from scenes.table import art, labels
from scenes.table.pieces import nothing
from scenes.table.still import StillPart
from scenes.wallpaper.art import (
    deck_picture,
    grandma_box,
    hazy_supply_picture,
    number_picture,
    round_cards_picture,
    row_column_picture,
    seat_colour,
    strip_box,
    token_line_picture,
)
from scenes.wallpaper.art_cards import card_face
from scenes.wallpaper.art_walls import cell_glow, ghost_picture, shape_marker, wall_board, wall_picture
from scenes.wallpaper.layout import (
    COLUMN_LEFT,
    COLUMN_STEP,
    DECK_POS,
    DISCARD_LEFT,
    FELT,
    HAZY_POS,
    MARKET,
    PLAY_SPOT,
    ROUND_POS,
    ROW_TOP,
    SCREEN,
    TITLE_WIDTH,
    TOKEN_LEFT,
    TOKEN_Y,
    TRAY_FIRST,
    WALL_AREA,
    WALL_TITLE,
    Camera,
    Point,
    row_step,
)

if TYPE_CHECKING:
    from scenes.wallpaper.view import WallpaperView

HINT_SIZE = theme.LEAST  # the wall's key hint: 11 physical pixels at 1280x720, the least a player must read
HEADERS_HEIGHT = 70  # the row names and the arrow over the columns, down to the numbers' tops


class WallpaperPaint:
    """What the That Old Wallpaper table paints (see the module docstring); a part the table owns,
    which uses of it what ``WallpaperView`` declares."""

    def __init__(self, table: WallpaperView) -> None:
        self.table = table

    # ----- drawing ----------------------------------------------------------------------------------
    def paint_still_base(self, surface: pygame.Surface) -> None:
        """The table, its mat and the wall's board."""
        surface.blit(art.table_surface(SCREEN, FELT), (0, 0))

    def still_parts(self) -> dict[str, StillPart]:
        """Deck, round cards, hazy supply, rows, token line, the strip, the large wall, the viewer's
        discards and the spot."""
        parts: dict[str, StillPart] = {}
        parts["deck"] = self.table.picture_part(("deck", self.table.deck_shown), deck_picture(self.table.deck_shown),
                                          center=(round(DECK_POS[0]), round(DECK_POS[1]) + 14))
        parts["round"] = self.table.picture_part(("round", self.table.round_shown, self.table.turn_shown),
                                           round_cards_picture(self.table.round_shown, self.table.turn_shown),
                                           center=(round(ROUND_POS[0]), round(ROUND_POS[1])))
        parts["hazy"] = self.table.picture_part(("hazy", self.table.hazy_supply_shown), hazy_supply_picture(self.table.hazy_supply_shown),
                                          center=(round(HAZY_POS[0]), round(HAZY_POS[1])))
        picking = self.table.my_turn(PHASE_PICK)
        blocked = set(self.table.observation().blocked) if picking else set()
        for row in range(self.table.row_count):
            cards = tuple(self.table.rows_shown[row]) if row < len(self.table.rows_shown) else ()
            glow = ("focus" if row == self.table.hold.row_cursor else "ok") if row in blocked else ""
            picture = row_column_picture(cards, row_step(len(cards)), glow)
            parts[f"row{row}"] = self.table.picture_part(("row", cards, glow), picture,
                                                   midtop=(round(self.table.geometry.column_x(row)), ROW_TOP))
        parts["headers"] = self._headers_part()
        names = tuple(self.table.name_of(seat) for seat in range(self.table.match.players + (1 if self.table.grandma else 0)))
        count = self.table.match.players + (1 if self.table.grandma else 0)
        parts["tokens"] = self.table.picture_part(("tokens", self.table.token_line_shown, names),
                                            token_line_picture(self.table.token_line_shown, count, self.table.match.players,
                                                               names),
                                            topleft=(TOKEN_LEFT, TOKEN_Y - 22))
        parts.update(self._strip_parts())
        parts["wall"] = self._wall_part()
        parts["wall_title"] = self._wall_title_part()
        parts["mine"] = self._mine_part()
        return parts

    def _headers_part(self) -> StillPart:
        """Over the columns: each row's name, and an arrow saying higher numbers take the rows
        farther from the deck."""
        count = self.table.row_count
        left = COLUMN_LEFT - COLUMN_STEP // 2
        xs = [round(self.table.geometry.column_x(row)) - left for row in range(count)]

        def make() -> pygame.Surface:
            # the row names sit under the mat's dashed border, the arrow between them and the numbers
            surface = pygame.Surface((MARKET.right - left, HEADERS_HEIGHT), pygame.SRCALPHA)
            for row, x in enumerate(xs):
                image = fonts.text(t("wallpaper_table.row", n=row + 1), theme.TINY - 2, theme.TEXT_DIM, True)
                surface.blit(image, image.get_rect(center=(x, 30)))
            start, end = min(xs), max(xs)
            arrow_y = 54
            pygame.draw.line(surface, theme.GOLD, (start, arrow_y), (end - 6, arrow_y), 2)
            pygame.draw.polygon(surface, theme.GOLD, [(end + 4, arrow_y), (end - 8, arrow_y - 6), (end - 8, arrow_y + 6)])
            text = t("wallpaper_table.higher")
            room = end - start - 40
            size = fit_size(text, theme.TINY - 2, room, smallest=theme.LEAST)
            caption = fonts.text(clipped(text, size, room), size, theme.GOLD)
            pill = caption.get_rect(center=((start + end) // 2, arrow_y)).inflate(16, -2)
            pygame.draw.rect(surface, (*theme.FELT, 255), pill, border_radius=pill.height // 2)
            surface.blit(caption, caption.get_rect(center=pill.center))
            return surface

        picture = labels.cached(("wp-headers", count, tuple(xs), labels.lang()), make)
        return self.table.picture_part(("headers", count, labels.lang()), picture, topleft=(left, 16))

    def _strip_parts(self) -> dict[str, StillPart]:
        """One box per seat (and Grandma's)."""
        parts: dict[str, StillPart] = {}
        obs = self.table.observation()
        to_move = set(self.table.match.to_move())
        for seat, rect in self.table.geometry.box_rects().items():
            if seat >= self.table.match.players:
                pile = obs.grandma_pile_count
                args = (self.table.name_of(seat), pile, self.table.grandma_last, rect.size)
                parts[f"box{seat}"] = self.table.picture_part(("g", *args), grandma_box(*args), topleft=rect.topleft)
                continue
            items = self.table.wall_items[seat]
            you = seat == self.table.viewer and self.table.viewer_is_person()
            chosen = seat in self.table.spots and seat != self.table.viewer
            played = tuple(sorted(self.table.discards_shown[seat])) if seat < len(self.table.discards_shown) else ()
            turn = seat in to_move and obs.phase != PHASE_CHOOSE and not self.table.pending
            placing = len(obs.pending) if turn and obs.placer == seat and seat != self.table.viewer else 0
            args2 = (self.table.name_of(seat), seat, self.table.match.players, you, seat == self.table.shown_seat, turn, items,
                     self.table.hazy_shown[seat], chosen, played, placing, rect.size)
            parts[f"box{seat}"] = self.table.picture_part(args2, strip_box(*args2), topleft=rect.topleft)
        return parts

    def _wall_part(self) -> StillPart:
        """The large wall: its board, the wall's picture (completed shapes shown) and, while the
        person places, the glowing cells."""
        seat = self.table.shown_seat
        wall = self.table.walls_shown[seat] if seat < len(self.table.walls_shown) else {}
        items = self.table.wall_items[seat] if seat < len(self.table.wall_items) else ()
        camera = self.table.camera()
        glowing = self.table.shown_legal_cells() if self.table.placing() and seat == self.table.viewer else ()
        signature = ("wall", seat, items, camera.cell, camera.origin, glowing)

        def paint(surface: pygame.Surface) -> None:
            clip = surface.get_clip()
            surface.set_clip(clip.clip(WALL_AREA))
            board = wall_board()
            surface.blit(board, WALL_AREA.topleft)
            if wall:
                picture, origin = wall_picture(dict(wall), camera.cell, shapes=completed_shapes(wall))
                surface.blit(picture, (camera.origin[0] - origin[0], camera.origin[1] - origin[1]))
            else:
                hint = t("wallpaper_table.wall.empty")
                image = fonts.text(hint, theme.SMALL, theme.TEXT_DIM, True)
                surface.blit(image, image.get_rect(center=(WALL_AREA.centerx, WALL_AREA.bottom - 40)))
            for cell in glowing:
                rect = camera.cell_rect(cell).inflate(-6, -6)
                glow = cell_glow(rect.size)
                surface.blit(glow, rect)
            surface.set_clip(clip)

        return StillPart((signature, labels.lang()), WALL_AREA.inflate(4, 4), paint)

    def _wall_title_part(self) -> StillPart:
        """Whose wall is large, and its running shapes count."""
        seat = self.table.shown_seat
        mine = seat == self.table.viewer and self.table.viewer_is_person()
        text = t("wallpaper_table.wall.yours") if mine else t("wallpaper_table.wall.of", player=self.table.name_of(seat))
        hint = t("wallpaper_table.wall.hint")

        def make() -> pygame.Surface:
            title = fonts.text(text, fit_size(text, theme.BODY, 300, bold=True), theme.TEXT, True)
            room = TITLE_WIDTH - title.get_width() - 62
            lines = fonts.wrap(hint, HINT_SIZE, room)[:2]  # the hint wraps to two short lines if it must
            surface = pygame.Surface((TITLE_WIDTH, 50), pygame.SRCALPHA)
            pygame.draw.circle(surface, seat_colour(seat, self.table.match.players), (16, 25), 12)
            surface.blit(title, title.get_rect(midleft=(38, 25)))
            step = fonts.line_height(HINT_SIZE)
            top = 25 - step * len(lines) // 2 + 1
            for row, line in enumerate(lines):
                small = fonts.text(line, HINT_SIZE, theme.TEXT_DIM)
                surface.blit(small, small.get_rect(topleft=(58 + title.get_width(), top + row * step)))
            return surface

        picture = labels.cached(("wp-wall-title", text, hint, seat), make)
        return self.table.picture_part(("title", text, hint, seat), picture, midleft=WALL_TITLE)

    def _mine_part(self) -> StillPart:
        """Bottom left: the viewer's used numbers this round and their pile; the spot's outline."""
        obs = self.table.observation()
        seat = self.table.viewer
        if not (0 <= seat < obs.players):
            return StillPart(None, pygame.Rect(DISCARD_LEFT, 860, 0, 0), lambda surface: None)
        played = tuple(sorted(self.table.discards_shown[seat]))
        pile = obs.pile_counts[seat]
        choosing = obs.phase == PHASE_CHOOSE
        placing_here = bool(self.table.tray)
        args = (played, pile, choosing, placing_here, labels.lang())

        def make() -> pygame.Surface:
            surface = pygame.Surface((SCREEN[0] - 2 * DISCARD_LEFT - 360, 230), pygame.SRCALPHA)
            label = fonts.text(t("wallpaper_table.mine.played"), theme.TINY - 2, theme.TEXT_DIM, True)
            surface.blit(label, (0, 0))
            for index, number in enumerate(played):
                card = number_picture(seat, obs.players, number, 56)
                surface.blit(card, (index * 30, 26 + (index % 2) * 4))
            pile_text = fonts.text(t("wallpaper_table.mine.pile", n=pile), theme.TINY - 2, theme.TEXT_DIM)
            surface.blit(pile_text, (0, 106))
            spot = pygame.Rect(0, 0, 124, 176)
            spot.center = (round(PLAY_SPOT[0]) - DISCARD_LEFT, round(PLAY_SPOT[1]) - 840)
            if choosing:
                pygame.draw.rect(surface, (*theme.TEXT_DIM, 60), spot, border_radius=12)
                pygame.draw.rect(surface, theme.TEXT_DIM, spot, 2, border_radius=12)
                word = t("wallpaper_table.spot")
                size = fit_size(word, theme.TINY - 2, spot.width, bold=True, smallest=theme.LEAST)
                image = fonts.text(clipped(word, size, spot.width, bold=True), size, theme.TEXT_DIM, True)
                surface.blit(image, image.get_rect(midtop=(spot.centerx, spot.bottom + 4)))
            elif placing_here:
                word = t("wallpaper_table.tray")
                image = fonts.text(word, theme.TINY - 2, theme.TEXT_DIM, True)
                surface.blit(image, image.get_rect(midleft=(round(TRAY_FIRST[0]) - DISCARD_LEFT - 92, 8)))
            return surface

        picture = labels.cached(("wp-mine", *args), make)
        return self.table.picture_part(args, picture, topleft=(DISCARD_LEFT, 840))

    def draw_moving(self, surface: pygame.Surface) -> list[pygame.Rect]:
        """Number cards, spots, the tray, flying pieces, the preview and cursors, flashes, bubbles."""
        painted: list[pygame.Rect] = []
        obs = self.table.observation()
        painted.extend(self._draw_flashes(surface))
        painted.extend(self._draw_cursor(surface, obs))
        for piece in self.table.numbers_on_rows:
            painted.append(piece.draw(surface))
        if not self.table.hand_hidden:
            dragged = self.table.hold.drag.piece if self.table.hold.drag is not None else None
            dim = not self.table.my_turn(PHASE_CHOOSE) and self.table.viewer_is_person()
            for piece in self.table.hand:
                piece.dim = dim
                if piece is not dragged:
                    painted.append(piece.draw(surface))
        for seat, piece in self.table.spots.items():
            if seat == self.table.viewer and self.table.hand_hidden:
                continue
            painted.append(piece.draw(surface))
        carried = self.table.hold.drag
        for index, piece in reversed(list(enumerate(self.table.tray))):
            if carried is not None and carried.kind == "card" and carried.moved and index == 0:
                continue
            painted.append(piece.draw(surface))
        painted.extend(self._draw_preview(surface))
        painted.extend(piece.draw(surface) for piece in self.table.flying)
        drag = self.table.hold.drag
        if drag is not None and drag.piece is not None and (drag.moved or drag.kind == "number"):
            snapped = drag.kind == "card" and self.table.preview() is not None  # the preview shows it in its cell
            if not snapped:
                painted.append(drag.piece.draw(surface))
        painted.extend(bubble.draw(surface) for bubble in self.table.bubbles)
        return [area for area in painted if area.width and area.height] or [nothing()]

    def _draw_preview(self, surface: pygame.Surface) -> list[pygame.Rect]:
        """On the hovered (or key-chosen) legal cell: the card as it would lie, the shapes it would
        complete glowing, the halves left open marked, and a note in words."""
        preview = self.table.preview()
        if preview is None:
            return []
        cell, card, rot, shapes, open_halves = preview
        camera = self.table.camera()
        rect = camera.cell_rect(cell)
        painted = []
        ghost = art.variant(("wp-ghost", card, rot, camera.cell),
                            lambda: ghost_picture(card_face(card, camera.cell, rot)))
        clip = surface.get_clip()
        surface.set_clip(WALL_AREA)
        painted.append(surface.blit(ghost, rect))
        for shape in shapes:
            painted.append(self._blit_marker(surface, shape, camera))
        for (dx, dy), (x0, y0, x1, y1) in zip(((0, -1), (1, 0), (0, 1), (-1, 0)),
                                              ((0, 0, 1, 0), (1, 0, 1, 1), (0, 1, 1, 1), (0, 0, 0, 1))):
            neighbour = (cell[0] + dx, cell[1] + dy)
            if neighbour in self.table.viewer_wall():
                continue
            start = (rect.left + x0 * rect.width, rect.top + y0 * rect.height)
            end = (rect.left + x1 * rect.width, rect.top + y1 * rect.height)
            painted.append(_dashed_line(surface, start, end))
        surface.set_clip(clip)
        note = labels.note_pill(shapes_note(shapes, open_halves), bool(shapes))
        where = note.get_rect(midbottom=(rect.centerx, rect.top - 8))
        where.clamp_ip(WALL_AREA)
        painted.append(surface.blit(note, where))
        return painted

    def _blit_marker(self, surface: pygame.Surface, shape: Shape, camera: Camera) -> pygame.Rect:
        """A completed shape's glow on the large wall."""
        marker = shape_marker(shape, camera.cell)
        first, second = (camera.cell_rect(cell) for cell in shape.cells)
        centre = ((first.centerx + second.centerx) // 2, (first.centery + second.centery) // 2)
        return surface.blit(marker, marker.get_rect(center=centre))

    def _draw_flashes(self, surface: pygame.Surface) -> list[pygame.Rect]:
        """The shapes a placement just completed glow for a moment on the large wall."""
        if not self.table.flashes:
            return []
        camera = self.table.camera()
        painted = []
        for shape, seat, _ in self.table.flashes:
            if seat == self.table.shown_seat:
                painted.append(self._blit_marker(surface, shape, camera))
        return painted

    def _draw_cursor(self, surface: pygame.Surface, obs: Any) -> list[pygame.Rect]:
        """The key cursor's ring on a cell while placing."""
        cursor = self.table.hold.cell_cursor
        if cursor is None or not self.table.placing():
            return []
        rect = self.table.camera().cell_rect(cursor)
        ring = art.focus_ring(rect.size, theme.ACCENT)
        return [surface.blit(ring, ring.get_rect(center=rect.center))]


# ----- helpers -------------------------------------------------------------------------------------
def shapes_note(shapes: Sequence[Shape], open_halves: int) -> str:
    """What a placement completes, in words ("large red, small blue · 2 halves open")."""
    parts = [t("wallpaper_table.shape", colour=t(f"wallpaper.colour.{shape.colour}"),
               size=t(f"wallpaper_table.size.{shape.size}")) for shape in shapes]
    text = ", ".join(parts) if parts else t("wallpaper_table.preview.none")
    if open_halves:
        text += "  ·  " + t("wallpaper_table.preview.open", n=open_halves)
    return text


def _dashed_line(surface: pygame.Surface, start: Point, end: Point) -> pygame.Rect:
    """A dashed line along an open edge of the previewed card."""
    length = math.hypot(end[0] - start[0], end[1] - start[1])
    dashes = max(1, int(length // 18))
    area = pygame.Rect(round(start[0]), round(start[1]), 0, 0)
    for index in range(dashes):
        a = index / dashes
        b = (index + 0.55) / dashes
        p = (start[0] + (end[0] - start[0]) * a, start[1] + (end[1] - start[1]) * a)
        q = (start[0] + (end[0] - start[0]) * b, start[1] + (end[1] - start[1]) * b)
        area.union_ip(pygame.draw.line(surface, theme.GOLD, p, q, 4))
    return area

