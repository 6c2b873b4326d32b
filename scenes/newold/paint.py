"""How the NEW & OLD table paints itself from its state (``NewOldPaint``, a mixin of the table):
the still layer (zones and their signs, plates, revealed rows, the score sheet, the box, resting
hands) and, each frame, the moving pieces (decks, moving hands, flying cards, the dragged ghost,
bubbles). Also the pictures made ahead of need, so playing a card never stalls a frame."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from game.i18n import t
from game.rules.newold import (
    NEW,
    OLD,
    PHASE_BOX,
    PHASE_PLAY,
    ZONE_NEW,
    ZONE_OLD,
    NewOldObservation,
    card_kind,
    score_revealed,
)
from scenes.engine import fonts, theme
from scenes.newold import art as nart
from scenes.newold.art import score_sheet, seat_plate, zone_sign
from scenes.newold.layout import BOARD_TOPLEFT, BOX_CENTRE, FELT, SCREEN, ZONE_CENTRE, ZONE_SIGN
from scenes.newold.sprites import KindFan, NewOldCard, RevealRow, ZoneView
from scenes.table import art, labels
from scenes.table.pieces import nothing
from scenes.table.still import StillPart

if TYPE_CHECKING:
    from scenes.newold.view import NewOldView


class NewOldPaint:
    """The still parts and the moving pieces of the NEW & OLD table (the table's queries say what
    to show: ``playing``, ``choosing_box``, ``target_zone``, ``marked``...). A part the table owns;
    what it uses of the table is ``NewOldView``."""

    def __init__(self, table: NewOldView) -> None:
        self.table = table

    # ----- the still layer -------------------------------------------------------------------------
    def paint_still_base(self, surface: pygame.Surface) -> None:
        """The table with its mat, the game's name on the mat."""
        surface.blit(art.table_surface(SCREEN, FELT), (0, 0))
        mark = fonts.text(t("game.newold.title"), theme.SMALL, art.mix(theme.FELT, theme.PAPER, 0.25), True)
        surface.blit(mark, mark.get_rect(midbottom=(FELT[0] + FELT[2] // 2, FELT[1] + FELT[3] - 18)))

    def still_parts(self) -> dict[str, StillPart]:
        """Zones and their signs, plates, revealed rows, the score sheet, the box."""
        parts: dict[str, StillPart] = {}
        obs = self.table.observation()
        playing = self.table.playing()
        target = self.table.target_zone() if playing else ""
        for zone, view in self.table.zones.items():
            signature = (tuple(view.cards), tuple(round(tilt) for tilt in view.tilts), view.highlight,
                         view.focused, view.note)
            parts[f"zone{zone}"] = StillPart(signature, view.rect().inflate(140, 110),
                                             partial(self._paint_zone, view=view))
            note = t("newold_table.zone.yours") if zone == target else ""
            sign = zone_sign(zone, note)
            parts[f"sign{zone}"] = self.table.picture_part((zone, note, labels.lang()), sign, center=ZONE_SIGN[zone])
        turn = self.table.seat_to_move() if obs.phase == PHASE_PLAY else -1
        for seat, place in self.table.places.items():
            you = seat == self.table.viewer and self.table.match.seats[seat].is_human
            now = score_revealed(place.row.cards)
            total = self.shown_totals()[seat]
            chosen = obs.phase == PHASE_BOX and obs.chosen[seat] and not self.table.pending
            args = (self.table.name_of(seat), seat, you, seat == turn, self.table.shown_stages[seat], self.table.shown_left[seat],
                    seat == self.table.shown_start, chosen, now, total, place.plate.size)
            plate = seat_plate(*args)
            parts[f"plate{seat}"] = self.table.picture_part(args, plate, center=place.plate.center)
            row = place.row
            parts[f"row{seat}"] = StillPart(tuple(row.cards), row.region(),
                                            partial(_paint_row, row=row))
        parts["sheet"] = self._sheet_part(obs)
        parts["box"] = self._box_part()
        parts["action_note"] = self._action_note_part()
        self.table._still_fans = set()
        for seat, place in self.table.places.items():
            parts[f"fan{seat}"] = self._fan_part(seat, place.fan)
        return parts

    def _fan_part(self, seat: int, fan: KindFan) -> StillPart:
        """A hand at rest belongs to the still layer (repainted only when it changes); a hand that
        moves is painted with the moving pieces instead (this part is then empty)."""
        hidden = seat == self.table.viewer and self.table.hand_hidden
        if hidden or not fan.cards or not fan.at_rest():
            return StillPart(None, pygame.Rect(round(fan.anchor[0]), round(fan.anchor[1]), 0, 0),
                             lambda surface: None)
        self.table._still_fans.add(seat)
        picture, topleft = fan.resting_picture()
        region = picture.get_rect(topleft=topleft)
        return StillPart(fan.resting_key(), region, lambda surface: surface.blit(picture, region))

    def action_note_text(self) -> str:
        """A short word over the action button: it is the only move, or what is still to mark."""
        if self.table.reveal_forced():
            return t("newold_table.note.only_move")
        if self.table.choosing_box():
            marks = self.table.marked()
            new = "✓" if NEW in marks else "–"
            old = "✓" if OLD in marks else "–"
            return t("newold_table.note.marked", new=new, old=old)
        return ""

    def _action_note_part(self) -> StillPart:
        """The note over the action button (nothing when there is nothing to say)."""
        text = self.action_note_text()
        button = self.table.action_button.rect
        if not text:
            return StillPart("", pygame.Rect(button.centerx, button.top - 30, 0, 0), lambda surface: None)
        image = labels.note_pill(text, True)
        return self.table.picture_part(text, image, midbottom=(button.centerx, button.top - 8))

    def shown_totals(self) -> tuple[int, ...]:
        """Match totals as shown now (those of the games already scored)."""
        return tuple(self.table.rules.totals(self.table.observation()))

    def _sheet_part(self, obs: NewOldObservation) -> StillPart:
        """The score pad at the top left."""
        rows = tuple(record.scores for record in obs.records)
        running = tuple(score_revealed(place.row.cards) for _, place in sorted(self.table.places.items()))
        diamonds = tuple(sum(record.scores[seat] for record in obs.records) for seat in range(obs.players))
        ranks = tuple(sum(record.rank_points[seat] for record in obs.records) for seat in range(obs.players)) \
            if obs.rank_points else ()
        names = tuple(self.table.name_of(seat) for seat in range(obs.players))
        args = (rows, running, self.table.shown_game, obs.games_total, diamonds, ranks, names)
        return self.table.picture_part(args, score_sheet(*args), topleft=BOARD_TOPLEFT)

    def _box_part(self) -> StillPart:
        """The game box with how many cards lie in it (it glows while a person chooses for it)."""
        box = nart.game_box()
        where = box.get_rect(center=BOX_CENTRE)
        name = fonts.text(t("newold_table.box.name"), theme.SMALL, (250, 236, 210), True)
        count = fonts.text(t("newold_table.box.count", n=self.table.box_count), theme.TINY - 2, (236, 220, 190))
        highlight = self.table.choosing_box()

        def paint(surface: pygame.Surface) -> None:
            if highlight:
                glow = art.glow_ring((where.width - 8, where.height - 8), theme.OK, 170)
                surface.blit(glow, glow.get_rect(center=where.center))
            surface.blit(box, where)
            surface.blit(name, name.get_rect(center=(where.centerx, where.centery - 14)))
            surface.blit(count, count.get_rect(center=(where.centerx, where.centery + 22)))

        return StillPart((self.table.box_count, highlight, labels.lang()), where.inflate(40, 40), paint)

    def _paint_zone(self, surface: pygame.Surface, view: ZoneView) -> None:
        """A zone with its note while a card is held."""
        view.draw(surface)
        if view.note:  # above the mat, where a card dragged onto the zone does not cover it
            image = labels.note_pill(view.note, view.highlight == "ok")
            surface.blit(image, image.get_rect(midbottom=(view.rect().centerx, view.rect().top - 2)))

    # ----- the moving pieces -----------------------------------------------------------------------
    def draw_moving(self, surface: pygame.Surface) -> list[pygame.Rect]:
        """Decks, fans, flying cards, the dragged ghost, bubbles; returns the areas painted."""
        painted: list[pygame.Rect] = []
        for kind, count in self.table.decks.items():
            if count > 0:
                pile = nart.deck_pile(kind, max(1, min(5, (count + 7) // 8)))
                x, y = ZONE_CENTRE[ZONE_OLD if kind == OLD else ZONE_NEW]
                painted.append(surface.blit(pile, pile.get_rect(center=(round(x) + 6, round(y) + 8))))
        for seat, place in self.table.places.items():
            if seat in self.table._still_fans or (seat == self.table.viewer and self.table.hand_hidden):
                continue  # at rest: in the still layer
            painted.append(place.fan.draw(surface))
        painted.extend(sprite.draw(surface) for sprite in self.table.flying)
        drag = self.table.hold.drag
        if drag is not None and drag.ghost is not None:
            painted.append(drag.ghost.draw(surface))
        painted.extend(bubble.draw(surface) for bubble in self.table.bubbles)
        return [area for area in painted if area.width and area.height] or [nothing()]

    # ----- pictures made ahead of need -------------------------------------------------------------
    def prewarm_backs(self) -> None:
        """Make the turned backs (and their shadows) every other seat's hand will show, now rather
        than in the middle of play: all hands of others share one shape, so this is quick."""
        other = next((place.fan for seat, place in self.table.places.items() if seat != self.table.viewer), None)
        if other is None:
            return
        angles = {other.slot(index, count)[1] for count in range(1, 15) for index in range(count)}
        for angle in angles:
            for kind in (NEW, OLD):
                NewOldCard(None, kind, (0.0, 0.0), angle=angle, scale=other.scale, face_up=False).bounds()

    def queue_warmup(self) -> None:
        """Turned card pictures cost about a millisecond each the first time: make the ones the
        viewer's hand will show after its next change (each card where it lies now and where it
        will lie once a card left, plain, dimmed and lifted) a few per frame, before they are
        needed, so playing a card never stalls a frame."""
        fan = self.table.hand
        cards = [card.value for card in fan.cards]
        count = len(cards)
        jobs: deque[Callable[[], Any]] = deque()
        for index, card in enumerate(cards):
            if card is None:
                continue
            slots = {fan.slot(index, count)[1]}
            if count > 1:
                slots |= {fan.slot(spot, count - 1)[1] for spot in (index - 1, index) if 0 <= spot < count - 1}
            for angle in slots:
                for dim, lift in ((False, 0.0), (True, 0.0), (False, KindFan.EAGER_LIFT), (False, 1.0)):
                    jobs.append(partial(self._warm, card, angle, dim, lift))
        self.table._warm_jobs = jobs

    @staticmethod
    def _warm(card: str, angle: float, dim: bool, lift: float) -> None:
        """Make (cache) the pictures of ``card`` resting in the hand at ``angle``."""
        sprite = NewOldCard(card, card_kind(card), (0.0, 0.0), angle=angle)
        sprite.dim = dim
        sprite.lift = lift
        sprite.bounds()


def _paint_row(surface: pygame.Surface, row: RevealRow) -> None:
    """A seat's row of revealed cards, from its cached picture."""
    surface.blit(row.picture(), row.region())
