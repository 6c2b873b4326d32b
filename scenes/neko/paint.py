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
from scenes.neko.layout import BOARD_TOPLEFT
from scenes.table import art, labels
from scenes.table.pieces import StackView
from scenes.table.still import StillPart

if TYPE_CHECKING:
    from scenes.neko.view import NekoView


class NekoPaint:
    """What paints the neko table, for ``NekoTable`` (``NekoView``: what it uses from the table)."""

    def __init__(self, table: NekoView) -> None:
        self.table = table

    def draw_moving(self, surface: pygame.Surface) -> list[pygame.Rect]:
        """The pieces that move (pile, fans, cat, flying cards, bubbles); returns the areas painted."""
        painted = self._draw_deck(surface)
        for seat, fan in self.table.fans.items():
            if seat != self.table.viewer:
                painted.append(fan.draw(surface))
        if not self.table.hand_hidden:
            painted.append(self.table.hand.draw(surface))
        painted.append(self.table.cat.draw(surface))
        painted.extend(sprite.draw(surface) for sprite in self.table.flying)
        drag = self.table.hold.drag
        if drag is not None and drag.ghost is not None:
            painted.append(drag.ghost.draw(surface))
        painted.extend(bubble.draw(surface) for bubble in self.table.bubbles)
        return painted

    def still_parts(self) -> dict[str, StillPart]:
        """The stacks, the name plates and the score board as they should look now."""
        parts: dict[str, StillPart] = {}
        for position, view in enumerate(self.table.stacks):
            signature = (tuple(view.cards), tuple(round(tilt) for tilt in view.tilts), view.highlight,
                         view.focused, view.note, view.centre)
            parts[f"stack{position}"] = StillPart(signature, view.rect().inflate(110, 110),
                                                  partial(self._paint_stack, position=position, view=view))
        turn = self.table.seat_to_move()
        for seat in range(self.table.match.players):
            args = (self.table.name_of(seat), seat, seat == turn, len(self.table.fans[seat].cards),
                    seat == self.table.viewer and self.table.match.seats[seat].is_human)
            parts[f"plate{seat}"] = self.table.picture_part(args, labels.plate(*args),
                                                      center=self.table.geometry.plate_centre(seat))
        board_args = (self._scoreboard_rows(), t("neko.round", n=self.table.shown_round + 1, total=self.table.match.players))
        parts["board"] = self.table.picture_part(board_args, labels.scoreboard(*board_args), topleft=BOARD_TOPLEFT)
        return parts

    def paint_compass(self, surface: pygame.Surface) -> None:
        """The compass printed inside the cross (on the still base, which never changes)."""
        compass = labels.compass()
        cross = self.table.geometry.cross
        surface.blit(compass, compass.get_rect(center=(round(cross[0]), round(cross[1]))))

    def _paint_stack(self, surface: pygame.Surface, position: int, view: StackView) -> None:
        """A stack with its owner's sticker and, while a card is held, its note."""
        view.draw(surface)
        owner = position_owners(self.table.match.players)[position]
        disc = labels.owner_disc(owner)
        surface.blit(disc, disc.get_rect(center=(round(view.centre[0] - art.CARD_SIZE[0] / 2 - 6),
                                                 round(view.centre[1] + art.CARD_SIZE[1] / 2 - 2))))
        if view.note:
            image = labels.note_pill(view.note, view.highlight == "ok")
            x, y = view.top_pos()
            surface.blit(image, image.get_rect(center=(round(x), round(y + 52))))

    def _draw_deck(self, surface: pygame.Surface) -> list[pygame.Rect]:
        """The leftover pile with its count; returns the areas painted."""
        if self.table.deck_count <= 0:
            return []
        pile = art.deck_surface(self.table.deck_count)
        pad = art.card_shadow(art.CARD_SIZE, 0).get_width() - art.CARD_SIZE[0]
        deck = self.table.geometry.deck
        painted = surface.blit(pile, (round(deck[0] - art.CARD_SIZE[0] / 2 - pad // 2),
                                      round(deck[1] - art.CARD_SIZE[1] / 2 - pad // 2)))
        label = fonts.text(t("table.cards_left", n=self.table.deck_count), theme.SMALL, theme.TEXT_DIM)
        midtop = self.table.geometry.deck_label
        return [painted, surface.blit(label, label.get_rect(midtop=(round(midtop[0]), round(midtop[1]))))]

    def _scoreboard_rows(self) -> tuple[tuple[int, str, int, int], ...]:
        """(seat, name, total, cards in own stack now) per seat."""
        positions = seat_positions(self.table.match.players)
        return tuple((seat, self.table.name_of(seat), self.table.shown_totals[seat],
                      len(self.table.stacks[positions[seat]].cards)) for seat in range(self.table.match.players))
