"""Neko's painting: the table from its pieces' state (``NekoPaint``).

The still layer holds the stacks (with their owner stickers and notes), the name plates and the
score board, plus the compass printed inside the cross; each frame only the moving pieces are
painted over it: the leftover pile, the fans, the cat, flying cards and speech bubbles.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.i18n import t
from game.rules.neko import position_owners, seat_positions
from scenes.engine import fonts, theme
from scenes.neko.layout import BOARD_TOPLEFT, Geometry
from scenes.table import art, labels
from scenes.table.hand_drag import Drag
from scenes.table.mixin import TableMixin
from scenes.table.pieces import Bubble, CardSprite, HandFan, StackView, Token
from scenes.table.still import StillPart


class NekoPaint(TableMixin):
    """What paints the neko table, for ``NekoTable`` (which provides the pieces annotated here)."""

    geometry: Geometry
    stacks: list[StackView]
    fans: dict[int, HandFan]
    if TYPE_CHECKING:  # a read-only property of the table
        @property
        def hand(self) -> HandFan: ...
    cat: Token
    flying: list[CardSprite]
    bubbles: list[Bubble]
    drag: Drag | None
    deck_count: int
    shown_round: int
    shown_totals: tuple[int, ...]

    def draw_moving(self, surface: pygame.Surface) -> list[pygame.Rect]:
        """The pieces that move (pile, fans, cat, flying cards, bubbles); returns the areas painted."""
        painted = self._draw_deck(surface)
        for seat, fan in self.fans.items():
            if seat != self.viewer:
                painted.append(fan.draw(surface))
        if not self.hand_hidden:
            painted.append(self.hand.draw(surface))
        painted.append(self.cat.draw(surface))
        painted.extend(sprite.draw(surface) for sprite in self.flying)
        if self.drag is not None and self.drag.ghost is not None:
            painted.append(self.drag.ghost.draw(surface))
        painted.extend(bubble.draw(surface) for bubble in self.bubbles)
        return painted

    def still_parts(self) -> dict[str, StillPart]:
        """The stacks, the name plates and the score board as they should look now."""
        parts: dict[str, StillPart] = {}
        for position, view in enumerate(self.stacks):
            signature = (tuple(view.cards), tuple(round(tilt) for tilt in view.tilts), view.highlight,
                         view.focused, view.note, view.centre)
            parts[f"stack{position}"] = StillPart(signature, view.rect().inflate(110, 110),
                                                  partial(self._paint_stack, position=position, view=view))
        turn = self.seat_to_move()
        for seat in range(self.match.players):
            args = (self.name_of(seat), seat, seat == turn, len(self.fans[seat].cards),
                    seat == self.viewer and self.match.seats[seat].is_human)
            parts[f"plate{seat}"] = self.picture_part(args, labels.plate(*args),
                                                      center=self.geometry.plate_centre(seat))
        board_args = (self._scoreboard_rows(), t("neko.round", n=self.shown_round + 1, total=self.match.players))
        parts["board"] = self.picture_part(board_args, labels.scoreboard(*board_args), topleft=BOARD_TOPLEFT)
        return parts

    def paint_still_base(self, surface: pygame.Surface) -> None:
        """What never changes: the table, the mat's printed title, the compass inside the cross."""
        super().paint_still_base(surface)
        compass = labels.compass()
        cross = self.geometry.cross
        surface.blit(compass, compass.get_rect(center=(round(cross[0]), round(cross[1]))))

    def _paint_stack(self, surface: pygame.Surface, position: int, view: StackView) -> None:
        """A stack with its owner's sticker and, while a card is held, its note."""
        view.draw(surface)
        owner = position_owners(self.match.players)[position]
        disc = labels.owner_disc(owner)
        surface.blit(disc, disc.get_rect(center=(round(view.centre[0] - art.CARD_SIZE[0] / 2 - 6),
                                                 round(view.centre[1] + art.CARD_SIZE[1] / 2 - 2))))
        if view.note:
            image = labels.note_pill(view.note, view.highlight == "ok")
            x, y = view.top_pos()
            surface.blit(image, image.get_rect(center=(round(x), round(y + 52))))

    def _draw_deck(self, surface: pygame.Surface) -> list[pygame.Rect]:
        """The leftover pile with its count; returns the areas painted."""
        if self.deck_count <= 0:
            return []
        pile = art.deck_surface(self.deck_count)
        pad = art.card_shadow(art.CARD_SIZE, 0).get_width() - art.CARD_SIZE[0]
        deck = self.geometry.deck
        painted = surface.blit(pile, (round(deck[0] - art.CARD_SIZE[0] / 2 - pad // 2),
                                      round(deck[1] - art.CARD_SIZE[1] / 2 - pad // 2)))
        label = fonts.text(t("table.cards_left", n=self.deck_count), theme.SMALL, theme.TEXT_DIM)
        midtop = self.geometry.deck_label
        return [painted, surface.blit(label, label.get_rect(midtop=(round(midtop[0]), round(midtop[1]))))]

    def _scoreboard_rows(self) -> tuple[tuple[int, str, int, int], ...]:
        """(seat, name, total, cards in own stack now) per seat."""
        positions = seat_positions(self.match.players)
        return tuple((seat, self.name_of(seat), self.shown_totals[seat],
                      len(self.stacks[positions[seat]].cards)) for seat in range(self.match.players))
