"""How the ノアロン table paints itself from its state.

The still layer: the mat with its printed places, the two piles of each seat, the deck, the stake
rows and paid heaps, the name plates, the corner board, the status banner, the score card (the
hand's score and cut, or what the choice in progress would give) and the note above Declare. The
moving layer: the two hand rows (the top one as backs), the reserve pair, cards in flight, bubbles.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from game.i18n import language, t
from game.rules.noaron import DECLARE_AT_MOST, LEFT, RIGHT, Cut
from scenes.engine import fonts, theme
from scenes.engine.pad import glyphs_of
from scenes.engine.pad import hint_line as pad_hint_line
from scenes.engine.ui import clipped, draw_text_centered, fit_size, seat_color
from scenes.noaron import art as cards_art
from scenes.noaron.art import counted, cut_summary
from scenes.noaron.coach import coach_card
from scenes.noaron.layout import (
    BOARD_SIZE,
    DECK_SCALE,
    FELT,
    PAID_DX,
    PILE_SCALE,
    RESERVE_SCALE,
    SCREEN,
    STAKE_SCALE,
    STAKE_STEP,
    STATUS_Y,
    pile_top_offset,
    scaled_size,
)
from scenes.table import art, labels
from scenes.table.pieces import count_badge
from scenes.table.still import StillPart

TOP_NAME_WIDTH = 200  # px: the top plate's name at most, so the plate ends before the top hand
PLATE_GAP = 20  # px between the corner board and the top plate

if TYPE_CHECKING:
    from scenes.noaron.view import NoaronView, Preview


class NoaronPaint:
    """The painting of ``NoaronTable`` (a part the table owns; the table holds the state, and
    ``NoaronView`` declares what this uses of it)."""

    def __init__(self, table: NoaronView) -> None:
        self.table = table

    def paint_still_base(self, surface: pygame.Surface) -> None:
        """The table, the mat's printed title and the printed places (piles, reserve, stakes)."""
        surface.blit(art.table_surface(SCREEN, FELT), (0, 0))
        for key, picture in self._printed_marks():
            surface.blit(picture, key)

    def _printed_marks(self) -> list[tuple[tuple[int, int], pygame.Surface]]:
        """Faint outlines printed on the mat where cards go, with small captions."""
        marks: list[tuple[tuple[int, int], pygame.Surface]] = []
        mark = labels.mat_mark(t("game.noaron.title"))
        marks.append((mark.get_rect(topleft=self.table.geometry.title_mark()).topleft, mark))
        size = scaled_size(PILE_SCALE)
        outline = art.slot_outline(size, art.mix(theme.FELT_LIGHT, theme.PAPER, 0.2))
        for seat in (0, 1):
            for pile in (LEFT, RIGHT):
                centre = self.table.pile_centre(seat, pile)
                marks.append((outline.get_rect(center=(round(centre[0]), round(centre[1]))).topleft, outline))
        reserve_outline = art.slot_outline(scaled_size(RESERVE_SCALE["bottom"]),
                                           art.mix(theme.FELT_LIGHT, theme.PAPER, 0.1))
        for index in (0, 1):
            centre = self.table.reserve_spot(self.table.bottom, index)
            marks.append((reserve_outline.get_rect(center=(round(centre[0]), round(centre[1]))).topleft,
                          reserve_outline))
        caption = self._caption(t("noaron_table.reserve"))
        marks.append((caption.get_rect(midbottom=self.table.geometry.reserve_caption()).topleft, caption))
        for seat in (0, 1):
            pile_caption = self._caption(t("noaron_table.piles_of", player=self.table.name_of(seat)))
            at = pile_caption.get_rect(midtop=self.table.geometry.pile_caption(seat)).topleft
            marks.append((at, pile_caption))
        return marks

    @staticmethod
    def _caption(text: str) -> pygame.Surface:
        """A small caption printed on the felt."""
        return fonts.text(text, theme.TINY, art.mix(theme.FELT_LIGHT, theme.PAPER, 0.45))

    def still_parts(self) -> dict[str, StillPart]:
        """The parts of the still layer as they should look now."""
        parts: dict[str, Any] = {}
        for (seat, pile), cards in self.table.piles.items():
            glow = self.table.pile_glow.get(seat, "")
            centre = self.table.pile_centre(seat, pile)
            signature = (tuple(cards[-4:]), len(cards), glow, centre)
            region = pygame.Rect(0, 0, 230, 290)
            region.center = (round(centre[0]), round(centre[1]))
            parts[f"pile{seat}{pile}"] = StillPart(signature, region,
                                                   partial(self._paint_pile, key=(seat, pile), glow=glow))
        deck_region = pygame.Rect(0, 0, 260, 330)
        deck_x, deck_y = self.table.geometry.deck
        deck_region.center = (round(deck_x), round(deck_y) + 20)
        parts["deck"] = StillPart((self.table.deck_count, self.table.deck_glow), deck_region, self._paint_deck)
        for seat in (0, 1):
            region = pygame.Rect(0, 0, 330, 150)
            stake = self.table.geometry.stake_centre(seat)
            region.center = (round(stake[0]), round(stake[1]))
            parts[f"stakes{seat}"] = StillPart((self.table.stake_counts[seat], self.table.name_of(seat)), region,
                                                partial(self.paint_stakes, seat=seat))
            paid = pygame.Rect(0, 0, 330, 120)
            paid_at = self.table.paid_pos(seat)
            paid.center = (round(paid_at[0]), round(paid_at[1]))
            parts[f"paid{seat}"] = StillPart(self.table.paid_counts[seat], paid, partial(self.paint_paid, seat=seat))
            args = (self.table.name_of(seat), seat, seat == self.table.seat_to_move(), self.table.stake_counts[seat],
                    seat == self.table.viewer and self.table.match.seats[seat].is_human)
            parts[f"plate{seat}"] = self.table.picture_part(args, self._plate(*args), **self._plate_place(seat))
        board_args = (t("noaron_table.round", n=self.table.shown_round + 1), tuple(self.table.stake_counts), language())
        parts["board"] = self.table.picture_part(board_args, self._board(board_args[0]),
                                           topleft=self.table.geometry.board_topleft())
        parts["score"] = self._score_part()
        parts["note"] = self._note_part()
        parts["coach"] = self._coach_part()
        buttons = tuple((button.is_enabled, button.hovered, button.pressed, button.text)
                        for button in self.table.buttons.widgets)
        region = self.table.buttons.widgets[0].rect.unionall([button.rect for button in self.table.buttons.widgets[1:]])
        parts["buttons"] = StillPart(buttons, region.inflate(30, 30), self.table.buttons.draw)
        return parts

    def _paint_pile(self, surface: pygame.Surface, key: tuple[int, int], glow: str) -> None:
        """One discard pile: glow when it may be taken, its top cards, its count."""
        cards = self.table.piles[key]
        centre = self.table.pile_centre(*key)
        top = (centre[0] + pile_top_offset(len(cards))[0], centre[1] + pile_top_offset(len(cards))[1])
        if glow:
            halo = cards_art.glow(PILE_SCALE, theme.OK)
            surface.blit(halo, halo.get_rect(center=(round(top[0]), round(top[1]))))
        if cards:
            picture = cards_art.pile_picture(tuple(cards), PILE_SCALE, key[0] * 2 + key[1])
            surface.blit(picture, picture.get_rect(center=(round(centre[0]), round(centre[1]))))
            badge = count_badge(len(cards))
            width, height = scaled_size(PILE_SCALE)
            surface.blit(badge, badge.get_rect(center=(round(centre[0] + width / 2 + 2), round(centre[1] + height / 2 - 6))))
        if glow == "focus":
            ring = art.focus_ring(scaled_size(PILE_SCALE), theme.ACCENT)
            surface.blit(ring, ring.get_rect(center=(round(top[0]), round(top[1]))))

    def _paint_deck(self, surface: pygame.Surface) -> None:
        """The deck with its count (glowing when it may be drawn from)."""
        x, y = self.table.geometry.deck
        if self.table.deck_glow:
            halo = cards_art.glow(DECK_SCALE, theme.OK)
            surface.blit(halo, halo.get_rect(center=(round(x), round(y))))
        if self.table.deck_count > 0:
            heap = cards_art.heap_picture(self.table.deck_count, DECK_SCALE)
            width, height = scaled_size(DECK_SCALE)
            surface.blit(heap, heap.get_rect(topleft=(round(x - width / 2 - 14), round(y - height / 2 - 14))))
        else:
            outline = art.slot_outline(scaled_size(DECK_SCALE), theme.FELT_LIGHT)
            surface.blit(outline, outline.get_rect(center=(round(x), round(y))))
        if self.table.deck_glow == "focus":
            ring = art.focus_ring(scaled_size(DECK_SCALE), theme.ACCENT)
            surface.blit(ring, ring.get_rect(center=(round(x), round(y))))
        label = fonts.text(t("noaron_table.deck", n=self.table.deck_count), theme.SMALL, theme.TEXT)
        surface.blit(label, label.get_rect(midtop=(round(x), round(y + 96))))

    def paint_stakes(self, surface: pygame.Surface, seat: int) -> None:
        """A seat's stake cards in a face-down row, with their count."""
        count = self.table.stake_counts[seat]
        stake = self.table.geometry.stake_centre(seat)
        centre = (round(stake[0]), round(stake[1]))
        if count:
            row = cards_art.fan_row_picture(count, STAKE_SCALE, STAKE_STEP)
            surface.blit(row, row.get_rect(center=centre))
        label = fonts.text(t("noaron_table.stakes", n=count), theme.TINY, theme.TEXT, True)
        below = self.table.side(seat) == "bottom"
        surface.blit(label, label.get_rect(midtop=(centre[0], centre[1] + 46)) if below
                     else label.get_rect(midbottom=(centre[0], centre[1] - 46)))

    def paint_paid(self, surface: pygame.Surface, seat: int) -> None:
        """The heap of a seat's paid stake cards, set aside, with its count."""
        count = self.table.paid_counts[seat]
        x, y = self.table.paid_pos(seat)
        spot = (round(x) + PAID_DX, round(y))
        if count:
            heap = cards_art.heap_picture(count, STAKE_SCALE)
            surface.blit(heap, heap.get_rect(center=spot))
        else:
            outline = art.slot_outline(scaled_size(STAKE_SCALE), art.mix(theme.FELT_LIGHT, theme.PAPER, 0.1))
            surface.blit(outline, outline.get_rect(center=spot))
        label = fonts.text(t("noaron_table.paid", n=count), theme.TINY, art.mix(theme.TEXT, theme.FELT_LIGHT, 0.3))
        surface.blit(label, label.get_rect(midleft=(round(x) - 30, round(y))))

    def _plate(self, name: str, seat: int, turn: bool, stakes: int, you: bool) -> pygame.Surface:
        """The shared name plate, its second line counting the stake cards left. The top plate's
        name is cut shorter: it shares its row with the opponent's hand and the Log button."""
        if self.table.side(seat) == "top":
            name = clipped(name, theme.SMALL + 2, TOP_NAME_WIDTH, bold=True)
        return labels.plate(name, seat, turn, stakes, you, detail=t("noaron_table.stakes", n=stakes))

    def _plate_place(self, seat: int) -> dict[str, tuple[int, int]]:
        """Where a plate goes: centred on its spot, except the top one, which starts right of the
        corner board, so however long the name it never runs under the opponent's hand or the
        Log, Help and Menu buttons (a long name ran under Log when it sat on their side)."""
        x, y = self.table.geometry.plate(seat)
        if self.table.side(seat) == "top":
            board_x, _ = self.table.geometry.board_topleft()
            return {"midleft": (board_x + BOARD_SIZE[0] + PLATE_GAP, round(y))}
        return {"center": (round(x), round(y))}

    def _board(self, heading: str) -> pygame.Surface:
        """The corner board: the round, and each seat's stakes left."""
        def make() -> pygame.Surface:
            surface = pygame.Surface((330, 62 + 40 * 2 + 10), pygame.SRCALPHA)
            pygame.draw.rect(surface, (*theme.INK, 210), surface.get_rect(), border_radius=20)
            pygame.draw.rect(surface, theme.GOLD, surface.get_rect().inflate(-8, -8), 2, border_radius=16)
            title = fonts.text(heading, theme.BODY - 2, theme.GOLD, True)
            surface.blit(title, (22, 14))
            for number, seat in enumerate((self.table.top_seat, self.table.bottom)):
                y = 62 + number * 40 + 18
                pygame.draw.circle(surface, seat_color(seat), (36, y), 17)
                mark = fonts.text(theme.SEAT_SYMBOLS[seat % len(theme.SEAT_SYMBOLS)], theme.TINY - 2, theme.TEXT, True)
                surface.blit(mark, mark.get_rect(center=(36, y)))
                value = fonts.text(t("noaron_table.stakes", n=self.table.stake_counts[seat]), theme.SMALL - 2, theme.TEXT, True)
                value_at = value.get_rect(midright=(310, y))
                surface.blit(value, value_at)
                room = value_at.left - 12 - 60  # the name stops short of the count ("Stakes 9" is wide)
                name = self.table.name_of(seat)
                size = fit_size(name, theme.SMALL - 2, room)
                label = fonts.text(clipped(name, size, room), size, theme.TEXT)
                surface.blit(label, label.get_rect(midleft=(60, y)))
            return surface

        return labels.cached(("board", "noaron", heading, tuple(self.table.stake_counts), self.table.bottom, language()), make)

    def status_part(self) -> StillPart:
        """The status banner above the hand and the key hint under it."""
        text = self.table.status_text()
        mine = self.table.viewer_may_act()
        banner = labels.status_banner(text, mine) if text else None
        glyphs = glyphs_of(self.table.app)  # a pad used last: its glyphs (scenes.engine.pad)
        person = self.table.viewer >= 0 and self.table.match.seats[self.table.viewer].is_human
        hint_text = (self.table.pad_hint_text() if glyphs else t("noaron_table.keys")) if person else ""
        hint: pygame.Surface | None = None
        if hint_text:
            hint = (pad_hint_line(hint_text.replace("·", " · "), glyphs, theme.TINY - 2, theme.TEXT_DIM) if glyphs
                    else fonts.text(hint_text, theme.TINY - 2, theme.TEXT_DIM))
        banner_at = banner.get_rect(center=self.table.geometry.status_centre()) if banner is not None else None
        hint_at = hint.get_rect(midbottom=self.table.geometry.hint_bottom()) if hint is not None else None
        areas = [area for area in (banner_at, hint_at) if area is not None]
        region = areas[0].unionall(areas[1:]) if areas else pygame.Rect(self.table.geometry.pixel(960, STATUS_Y), (0, 0))

        def paint(surface: pygame.Surface) -> None:
            if banner is not None and banner_at is not None:  # each is None when the other is
                surface.blit(banner, banner_at)
            if hint is not None and hint_at is not None:
                surface.blit(hint, hint_at)

        return StillPart((text, mine, hint_text, language(), glyphs), region, paint)

    def _score_part(self) -> StillPart:
        """The score card at the left of the hand: the hand's score (or the choice's preview)."""
        cut = self.table.shown_cut if not self.table.hand_hidden else None
        preview = self.table.preview
        signature = (cut, preview.best_after if preview else None, preview is not None, language())

        def paint(surface: pygame.Surface) -> None:
            if cut is None:
                return
            surface.blit(self._score_card(cut, preview), self.table.geometry.score_card().topleft)

        return StillPart(signature, self.table.geometry.score_card().inflate(20, 20), paint)

    def _score_card(self, cut: Cut, preview: Preview | None) -> pygame.Surface:
        """A paper card: "hand" (or "if placed here"), the score large, the cut's parts."""
        best = preview.best_after if preview is not None else None
        previewing = preview is not None and best is None

        def make() -> pygame.Surface:
            card = pygame.Surface(self.table.geometry.score_card().size, pygame.SRCALPHA)
            rect = card.get_rect()
            pygame.draw.rect(card, theme.PAPER, rect, border_radius=18)
            edge = theme.ACCENT if previewing or best is not None else theme.GOLD
            pygame.draw.rect(card, edge, rect, 4, border_radius=18)
            title = t("noaron_table.score.preview") if previewing else t("noaron_table.score.hand")
            draw_text_centered(card, title, fit_size(title, theme.TINY, rect.width - 16, True), theme.INK_SOFT,
                               (rect.centerx, 22), True)
            score = fonts.text(str(cut.score), 64, theme.FUTON if cut.score <= DECLARE_AT_MOST else theme.INK, True)
            unit = fonts.text(counted("noaron_table.points_unit", cut.score), theme.SMALL, theme.INK, True)
            total = score.get_width() + 6 + unit.get_width()
            left = rect.centerx - total // 2
            card.blit(score, score.get_rect(midleft=(left, 78)))
            card.blit(unit, unit.get_rect(bottomleft=(left + score.get_width() + 6, 98)))
            lines = [(cut_summary(cut, short=True), theme.INK_SOFT, False)]
            if cut.zatsu_is_yaku:
                lines.append((t("noaron_table.cut.half"), theme.INK_SOFT, False))
            if best is not None:
                lines.append((t("noaron_table.score.best_after", n=best), theme.ACCENT, True))
            elif cut.score <= DECLARE_AT_MOST:
                lines.append((t("noaron_table.score.can_declare"), theme.FUTON, True))
            for number, (line, colour, bold) in enumerate(lines):
                size_px = fit_size(line, theme.TINY, rect.width - 14, bold, smallest=theme.LEAST)
                draw_text_centered(card, line, size_px, colour, (rect.centerx, 120 + 24 * number), bold)
            return card

        return labels.cached(("noaron-score", cut, best, previewing, language()), make)

    def _coach_part(self) -> StillPart:
        """The yaku / zatsu explanation on the felt, while it is open."""
        rect = self.table.coach_rect()
        where = rect if rect is not None else pygame.Rect(self.table.geometry.pixel(640, 400), (0, 0))

        def paint(surface: pygame.Surface) -> None:
            if rect is not None:
                surface.blit(coach_card(rect.width), rect)

        return StillPart((rect is not None, language()), where, paint)

    def _note_part(self) -> StillPart:
        """Under the Declare button: why it is (not) available now."""
        text = self.table.declare_note()
        image = fonts.text(text, theme.TINY - 2, theme.TEXT_DIM) if text else None
        rect = self.table.declare_button.rect
        at = image.get_rect(midtop=(rect.centerx, rect.top - 28)) if image is not None else rect.copy()

        def paint(surface: pygame.Surface) -> None:
            if image is not None:
                surface.blit(image, at)

        return StillPart((text, language()), at.inflate(10, 6), paint)

    def draw_moving(self, surface: pygame.Surface) -> list[pygame.Rect]:
        """Rows, the reserve, flying cards and bubbles; returns the areas painted."""
        painted: list[pygame.Rect] = []
        painted.append(self.table.rows[self.table.top_seat].draw(surface))
        if not self.table.hand_hidden:
            painted.append(self.table.hand.draw(surface))
        in_row = self.table._reserve_in_row()
        for sprite in self.table.reserve:
            if not in_row and sprite not in self.table.flying:
                painted.append(sprite.draw(surface))
        painted.extend(sprite.draw(surface) for sprite in self.table.flying)
        painted.extend(bubble.draw(surface) for bubble in self.table.bubbles)
        return [area.inflate(4, 4) for area in painted if area.width and area.height]
