"""Nostalgic's painting: the table from what it shows (``NostalgicPaint``).

The still layer holds the board, each balloon (its glow or veil and the dice in it), the closet
and the deck, the chip supply, the markers on the NP and box tracks, the seats (panels, plates,
trays, hands), the round card, the info and legend cards; each part is made again only when
something it shows changed. Each frame only what moves is painted over it: throws, flying pieces,
the dragged die, badges and bubbles.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.rules.nostalgic import BALLOON_BY_ID, BOARD, DECK_SOURCE, FACE_UP
from scenes.engine import theme
from scenes.nostalgic import art as nart
from scenes.nostalgic.art import seat_colour
from scenes.nostalgic.art_board import board_picture
from scenes.nostalgic.art_table import (
    balloon_glow,
    balloon_veil,
    flash_ring,
    full_tag,
    hand_picture,
    held_mark,
    info_card,
    legend_card,
    number_badge,
    panel_back,
    seat_plate,
    tray_glow,
    tray_picture,
)
from scenes.nostalgic.layout import (
    BOARD_SIZE,
    BOARD_TOPLEFT,
    BOX_MARKER_SIZE,
    CHIP_SIZE,
    FELT,
    MARKER_SIZE,
    PLATE_H,
    ROUND_CARD_W,
    SCREEN,
    Point,
)
from scenes.table import art, labels
from scenes.table.dice_throw import lay_resting_die
from scenes.table.pieces import nothing
from scenes.table.still import StillPart

if TYPE_CHECKING:
    from scenes.nostalgic.view import NostalgicView


class NostalgicPaint:
    """What paints the Nostalgic table, for ``NostalgicTable`` (a part the table owns; what it uses
    of the table is ``NostalgicView``)."""

    def __init__(self, table: NostalgicView) -> None:
        self.table = table

    def paint_still_base(self, surface: pygame.Surface) -> None:
        """The wooden table (the board covers the mat)."""
        surface.blit(art.table_surface(SCREEN, FELT), (0, 0))

    def still_parts(self) -> dict[str, StillPart]:
        """Board, balloons, dice at rest, markers, closet, supply, seats, hand, round info: made
        again only when something they show changed (most frames change nothing)."""
        key = self._parts_signature()
        if key != self.table._parts_key:
            self.table._parts = self._make_still_parts()
            self.table._parts_key = key
        return dict(self.table._parts)

    def _parts_signature(self) -> tuple[Any, ...]:
        """Everything the still parts depend on, in one cheap tuple."""
        shown = self.table.shown
        dice = tuple(tuple((die.value, die.balloon, die.hidden) for die in seat) for seat in shown.dice)
        order = tuple((balloon, tuple(entries)) for balloon, entries in shown.order.items())
        hold = self.table.hold
        drag = hold.drag.die if hold.drag is not None else None
        table = (tuple(shown.np), tuple(shown.boxes), tuple(shown.chips), shown.supply, tuple(shown.row),
                 shown.deck, shown.discard, tuple(shown.hand_counts), tuple(shown.hand), dice, order,
                 shown.round, shown.start_seat, shown.game, shown.direction, tuple(shown.np_moving),
                 tuple(shown.box_moving), shown.round_card_moving)
        hints = (tuple(hold.picked), hold.focus_die, hold.focus_balloon, hold.focus_source,
                 hold.hover_balloon, hold.hover_source, hold.hover_die, drag, self.table.placing(), self.table.taking(),
                 self.table.seat_to_move())
        scene = (self.table.finished, self.table.viewer, self.table.hand_hidden, self.table.curtain_up, labels.lang(),
                 len(self.table.match.log))
        return table + hints + scene

    def _make_still_parts(self) -> dict[str, StillPart]:
        """The still parts as they should look now."""
        parts: dict[str, StillPart] = {}
        board = board_picture(BOARD_SIZE)
        parts["board"] = self.table.picture_part(("board", labels.lang()), board, topleft=BOARD_TOPLEFT)
        for balloon in BOARD:
            parts[f"balloon:{balloon.id}"] = self._balloon_part(balloon.id)
        parts["closet"] = self._closet_part()
        parts["supply"] = self._supply_part()
        for seat in range(self.table.match.players):
            parts[f"np:{seat}"] = self._marker_part(seat, "np")
        for seat in range(self.table.match.players):
            parts[f"box:{seat}"] = self._marker_part(seat, "box")
        for seat in self.table.geometry.rail_seats():
            panel = self.table.geometry.panel_rect(seat)
            parts[f"panel:{seat}"] = self.table.picture_part(("panel", panel.topleft), panel_back(panel.size),
                                                       topleft=panel.topleft)
        for seat in range(self.table.match.players):
            parts[f"plate:{seat}"] = self._plate_part(seat)
            parts[f"tray:{seat}"] = self._tray_part(seat)
            parts[f"hand:{seat}"] = self._hand_part(seat)
        parts["round_card"] = self._round_card_part()
        parts["info"] = self._info_part()
        parts["legend"] = self.table.picture_part(("legend", self.table.match.players, labels.lang()), self._legend(),
                                            topleft=self.table.geometry.legend_topleft)
        return parts

    def balloon_state(self, balloon: str) -> tuple[str, bool]:
        """How a balloon looks now: "glow" (takes the held die), "no" (does not), "full" (no room),
        or "" (plain); and whether the keyboard focus is on it."""
        occupancy = len(self.table.shown.order.get(balloon, []))
        capacity = BALLOON_BY_ID[balloon].capacity
        full = capacity is not None and occupancy >= capacity
        focused = balloon in (self.table.hold.focus_balloon, self.table.hold.hover_balloon) and \
            self.table.held_die() is not None
        if self.table.held_die() is not None and self.table.placing():
            if balloon in self.table.targets():
                return "glow", focused
            return ("full" if full else "no"), focused
        return ("full" if full else ""), False

    def _balloon_part(self, balloon: str) -> StillPart:
        """A balloon's glow or veil and the dice lying in it."""
        rect = self.table.geometry.balloon_rect(balloon)
        state, focused = self.balloon_state(balloon)
        entries = self.table.shown.order.get(balloon, [])
        dice = []
        for number, (seat, die) in enumerate(entries):
            shown_dice = self.table.shown.dice[seat]
            if die < len(shown_dice) and not shown_dice[die].hidden:
                dice.append((seat, shown_dice[die].value, number))
        size = self.table.geometry.board_die_size(balloon)
        signature = (state, focused, tuple(dice), len(entries), labels.lang())

        def paint(surface: pygame.Surface) -> None:
            if state == "glow":
                glow = balloon_glow(rect.size, theme.OK if not focused else theme.GOLD)
                surface.blit(glow, glow.get_rect(center=rect.center))
            held = self.table.held_die() is not None
            if state in ("no", "full"):  # greyed under its dice, which stay bright
                surface.blit(balloon_veil(rect.size, 120 if held else 60), rect)
            for seat, value, number in dice:
                centre = self._round(self.table.geometry.balloon_slot(balloon, number, len(entries)))
                lay_resting_die(surface, value, size, seat_colour(seat), centre)  # sharp at 4K
            if state == "full" and held:  # why a balloon that takes this number does not glow
                tag = full_tag()
                surface.blit(tag, tag.get_rect(center=(rect.right - tag.get_width() // 2 - 6, rect.top + 8)))
            if focused and state != "glow":
                ring = art.focus_ring(rect.size, theme.BAD)
                surface.blit(ring, ring.get_rect(center=rect.center))

        return StillPart(signature, rect.inflate(80, 80), paint)

    @staticmethod
    def _round(point: Point) -> tuple[int, int]:
        """A point in whole pixels."""
        return (round(point[0]), round(point[1]))

    def _closet_part(self) -> StillPart:
        """The five face-up cards and the deck, glowing in the card step."""
        shown = self.table.shown
        taking = self.table.taking()
        glowing = tuple(self.table.sources()) if taking else ()
        focus = self.table.hold.focus_source if taking else None
        hover = self.table.hold.hover_source if taking else None
        deck = self.table.geometry.deck_rect()
        rects = [self.table.geometry.slot_rect(slot) for slot in range(FACE_UP)]
        region = deck.unionall(rects).inflate(90, 90)
        signature = (tuple(shown.row), shown.deck, shown.discard, glowing, focus, hover, labels.lang())

        def paint(surface: pygame.Surface) -> None:
            for slot, rect in enumerate(rects):
                card = shown.row[slot]
                if card is None:
                    continue
                if slot in glowing:
                    self._paint_glow(surface, rect, slot in (focus, hover))
                face = nart.card_face(card, rect.width)
                surface.blit(face, face.get_rect(center=rect.center))
            if shown.discard:
                pile = nart.card_back(deck.width)
                x, y = self._round(self.table.geometry.discard_pos())
                tilted = art.transformed(("nos-discard", deck.width), pile, angle=14.0)  # turned sharp at 4K
                surface.blit(tilted, tilted.get_rect(center=(x, y)))
            if shown.deck:
                if DECK_SOURCE in glowing:
                    self._paint_glow(surface, deck, DECK_SOURCE in (focus, hover))
                back = nart.card_back(deck.width)
                for layer in range(min(4, (shown.deck + 4) // 5)):
                    surface.blit(back, back.get_rect(center=(deck.centerx - layer, deck.centery - layer * 2)))
                badge = number_badge(shown.deck)
                surface.blit(badge, badge.get_rect(center=(deck.right - 6, deck.bottom - 6)))

        return StillPart(signature, region, paint)

    @staticmethod
    def _paint_glow(surface: pygame.Surface, rect: pygame.Rect, focused: bool) -> None:
        """A glow round a card one may take (gold when pointed at)."""
        glow = labels.cached(("nos-card-glow", rect.size, focused),
                             lambda: art.glow_ring(rect.size, theme.GOLD if focused else theme.OK, 210))
        surface.blit(glow, glow.get_rect(center=rect.center))

    def _supply_part(self) -> StillPart:
        """The chips left in the supply, stacked, with their number."""
        rect = self.table.geometry.supply_rect()
        count = self.table.shown.supply

        def paint(surface: pygame.Surface) -> None:
            chip = nart.chip(CHIP_SIZE)
            for number in range(min(count, 6)):
                surface.blit(chip, chip.get_rect(center=(rect.centerx + (number % 3 - 1) * 10,
                                                         rect.centery - number * 4)))
            badge = number_badge(count)
            surface.blit(badge, badge.get_rect(center=(rect.right - 4, rect.bottom - 4)))

        return StillPart((count,), rect.inflate(60, 60), paint)

    def _marker_part(self, seat: int, track: str) -> StillPart:
        """A seat's NP or box marker at rest on its track (nothing while it walks)."""
        shown = self.table.shown
        if track == "np":
            moving = seat in shown.np_moving
            pos = self.table.geometry.np_pos(seat, shown.np[seat])
            picture = nart.player_marker(seat, MARKER_SIZE)
        else:
            moving = seat in shown.box_moving
            pos = self.table.geometry.box_pos(seat, shown.boxes[seat])
            picture = nart.box_marker(seat, BOX_MARKER_SIZE)
        where = picture.get_rect(center=self._round(pos))
        if moving:
            return StillPart(None, pygame.Rect(where.center, (0, 0)), lambda surface: None)
        return StillPart((track, self._round(pos)), where, lambda surface: surface.blit(picture, where))

    def _plate_part(self, seat: int) -> StillPart:
        """A seat's plate: emblem, name, turn ring, and its numbers."""
        rect = self.table.geometry.plate_rect(seat)
        shown = self.table.shown
        turn = self.table.seat_to_move() == seat and not self.table.finished
        you = seat == self.table.viewer and self.table.viewer_is_person()
        cards = shown.hand_counts[seat] if seat == self.table.bottom else -1  # the rail shows it on the backs
        args = (self.table.name_of(seat), seat, turn, you, shown.np[seat], shown.boxes[seat], shown.chips[seat],
                cards, rect.size, seat == shown.start_seat)
        picture = seat_plate(*args)
        return self.table.picture_part((args, labels.lang()), picture, topleft=(rect.left - 6, rect.top - 6))

    def _tray_part(self, seat: int) -> StillPart:
        """A seat's dice resting in its tray (the viewer's chosen ones lifted and ringed)."""
        dice = self.table.shown.dice[seat] if seat < len(self.table.shown.dice) else []
        mine = seat == self.table.viewer and self.table.hand_interactive()
        picked = tuple(self.table.hold.picked) if mine else ()
        focus = self.table.hold.focus_die if mine and self.table.placing() else None
        hover = self.table.hold.hover_die if mine and self.table.placing() else None
        held = self.table.held_die() if mine else None
        lying = tuple((index, die.value) for index, die in enumerate(dice)
                      if not die.balloon and not die.hidden)
        region = self.table.geometry.tray_rect(seat)
        tray = self.table.geometry.tray
        size = self.table.geometry.die_size(seat)
        count = len(dice)
        placing = mine and self.table.placing()
        signature = (lying, count, picked, focus, hover, held, placing, seat == self.table.bottom)

        def paint(surface: pygame.Surface) -> None:
            if seat == self.table.bottom:
                surface.blit(tray_picture(tray.size), tray)
                if placing and not picked:  # your move starts here: pick a die
                    surface.blit(tray_glow(tray.size), tray)
            for index, value in lying:
                x, y = self.table.geometry.tray_slot(seat, index, count)
                up = 10 if index in picked else (4 if index == hover else 0)
                if index in picked:
                    ring = flash_ring(size)
                    surface.blit(ring, ring.get_rect(center=(round(x), round(y - up))))
                lay_resting_die(surface, value, size, seat_colour(seat), (round(x), round(y - up)))  # sharp at 4K
                if index == focus:
                    ring = art.focus_ring((size, size), theme.ACCENT)
                    surface.blit(ring, ring.get_rect(center=(round(x), round(y - up))))
                if placing and index == held:
                    mark = held_mark()
                    surface.blit(mark, mark.get_rect(midbottom=(round(x), round(y - up - size // 2 - 2))))

        return StillPart(signature, region, paint)

    def _hand_part(self, seat: int) -> StillPart:
        """A seat's hand: the viewer's cards face up in a row (with its sets' NP), others as backs."""
        shown = self.table.shown
        if seat == self.table.bottom:
            area = self.table.geometry.hand_area
            hidden = self.table.hand_hidden
            cards = tuple(shown.hand) if not hidden and self.table.bottom == self.table.viewer else ()
            count = shown.hand_counts[seat]
            signature = ("mine", cards, count, hidden, labels.lang())

            def paint(surface: pygame.Surface) -> None:
                surface.blit(hand_picture(cards, count, hidden), area)

            return StillPart(signature, area, paint)
        count = shown.hand_counts[seat]
        panel = self.table.geometry.panel_rect(seat)
        region = pygame.Rect(panel.left + 192, panel.top + PLATE_H + 6, 110, 126)

        def paint_backs(surface: pygame.Surface) -> None:
            for index in range(count):
                pos, scale = self.table.geometry.hand_slot(seat, index, count)
                back = art.transformed(("nos-back",), nart.card_back(art.CARD_SIZE[0]), scale)  # sharp at 4K
                surface.blit(back, back.get_rect(center=self._round(pos)))
            badge = number_badge(count)
            surface.blit(badge, badge.get_rect(center=(region.right - 14, region.bottom - 16)))

        return StillPart(("backs", count), region, paint_backs)

    def _round_card_part(self) -> StillPart:
        """The round card at the start player's plate."""
        shown = self.table.shown
        if shown.round_card_moving:
            return StillPart(None, pygame.Rect(0, 0, 0, 0), lambda surface: None)
        rounds = self.table.match.players
        picture = nart.round_card(min(shown.round, rounds - 1), ROUND_CARD_W, rounds=rounds)
        return self.table.picture_part(("round", shown.round, shown.start_seat, labels.lang()),
                                 picture, center=self._round(self.table.geometry.round_card_pos(shown.start_seat)))

    def _info_part(self) -> StillPart:
        """Round, game and the way play goes."""
        shown = self.table.shown
        args = (shown.round, self.table.match.players, shown.game, self.table.shown_games(), shown.direction,
                self.table.name_of(shown.start_seat), labels.lang())
        return self.table.picture_part(args, info_card(*args), topleft=self.table.geometry.info.topleft)

    def _legend(self) -> pygame.Surface:
        """How cards and boxes score (a printed reminder card)."""
        return legend_card(self.table.match.players)

    def draw_moving(self, surface: pygame.Surface) -> list[pygame.Rect]:
        """Throws, flying pieces, the dragged die, badges and bubbles; returns the areas painted."""
        painted: list[pygame.Rect] = []
        for record in self.table.throws:
            painted.extend(record.throw.draw(surface, record.picture))
        painted.extend(piece.draw(surface) for piece in self.table.flying)
        drag = self.table.hold.drag
        if drag is not None and drag.sprite is not None and drag.sprite not in self.table.flying:
            painted.append(drag.sprite.draw(surface))
        painted.extend(pop.draw(surface) for pop in self.table.pops)
        painted.extend(bubble.draw(surface) for bubble in self.table.bubbles)
        self.table.pops = [pop for pop in self.table.pops if pop.visible]
        return [area for area in painted if area.width and area.height] or [nothing()]
