"""That Old Wallpaper's pieces at rest, read from the viewer's observation (``ObservationSync``, a
part ``WallpaperTable`` owns): after a resume, an undo, a seat change or a settled animation every
piece is set to what the observation says, and a cheap check says when that is needed.

It writes the table's shown state (``rows_shown``, the walls, the hand, the spots, the tray, the
numbers on the market…), which the paint part draws.
"""

from __future__ import annotations

from typing import Any

from game.rules.wallpaper import PHASE_CHOOSE, PHASE_HAZY, PHASE_PLACE, wall_of
from scenes.wallpaper.layout import HAND_H, HAND_LEFT, HAND_Y, NUMBER_H_SMALL, SPOT_H
from scenes.wallpaper.sprites import Piece
from scenes.wallpaper.view import WallpaperView


class ObservationSync:
    """Sets the Wallpaper table's pieces from the observation (see the module docstring)."""

    def __init__(self, table: WallpaperView) -> None:
        self.table = table
        self._memo: tuple[Any, bool] | None = None  # (what was shown, whether it differed)

    def sync(self) -> None:
        """Set every piece to what the viewer's observation says (no animation)."""
        table = self.table
        obs = table.observation()
        table.rows_shown = [list(cards) for cards in obs.rows]
        table.set_walls([dict(wall_of(obs, seat)) for seat in range(obs.players)])
        table.hazy_shown = list(obs.hazy)
        table.hazy_supply_shown = obs.hazy_supply
        table.deck_shown = obs.deck_count
        table.token_line_shown = tuple(obs.token_line)
        table.round_shown = obs.round
        table.turn_shown = obs.turn
        table.discards_shown = [tuple(cards) for cards in obs.discards]
        if table.grandma and len(obs.discards) > obs.players and obs.discards[obs.players]:
            table.grandma_last = obs.discards[obs.players][-1]
        table.flying.clear()
        table.hold.dropped = None
        if table.hold.holding_piece():  # a pan of the wall goes on
            table.hold.drag = None
        self._sync_hand(obs)
        self._sync_spots(obs)
        self._sync_tray(obs)
        table.numbers_on_rows = self._numbers_from_reveal(obs)
        table.refresh_hints()

    def _sync_hand(self, obs: Any) -> None:
        """The viewer's number cards, face up, in order (the chosen one is on its spot)."""
        table, hold = self.table, self.table.hold
        numbers = [number for number in obs.hand if number != obs.my_choice]
        kept = {piece.value: piece for piece in table.hand}
        table.hand = [kept.get(number) or table.number_piece(table.viewer, number, (HAND_LEFT, HAND_Y), HAND_H)
                      for number in numbers]
        for index, piece in enumerate(table.hand):
            piece.pos = table.geometry.hand_slot(index)
            piece.angle = 0.0
            piece.flip = 1.0
            piece.visible = True
            piece.lift = 1.0 if index == hold.selected else 0.0
        if hold.selected is not None and hold.selected >= len(table.hand):
            hold.selected = None

    def _sync_spots(self, obs: Any) -> None:
        """A face-down card at every seat that chose (the viewer's own face up on its spot)."""
        table = self.table
        table.spots = {}
        if obs.phase != PHASE_CHOOSE:
            return
        for seat, chosen in enumerate(obs.chosen):
            if not chosen:
                continue
            mine = seat == table.viewer and obs.my_choice
            piece = table.number_piece(seat, obs.my_choice if mine else 0, table.geometry.spot_pos(seat),
                                       HAND_H if seat == table.viewer else SPOT_H, face_up=bool(mine))
            table.spots[seat] = piece

    def _sync_tray(self, obs: Any) -> None:
        """The placer's cards waiting in the tray."""
        table = self.table
        placing = obs.phase in (PHASE_PLACE, PHASE_HAZY) and obs.pending and obs.placer == table.viewer
        table.tray_seat = table.viewer if placing else -1
        table.tray = [table.card_piece(card, table.geometry.tray_slot(index), index)
                      for index, card in enumerate(table.tray_order(obs))] \
            if table.tray_seat >= 0 else []

    def _numbers_from_reveal(self, obs: Any) -> list[Piece]:
        """The revealed numbers still lying on the market (the last reveal, this turn)."""
        table = self.table
        reveal = obs.last_reveal
        if reveal is None or obs.phase == PHASE_CHOOSE:
            return []
        pieces = []
        for block in reveal.blocks:
            for index, seat in enumerate(block.seats):
                number = block.number
                row, angle = table.geometry.number_place(block, index)
                piece = table.number_piece(seat, number, row, NUMBER_H_SMALL)
                piece.angle = angle
                pieces.append(piece)
        return pieces

    def needed(self) -> bool:
        """True when the pieces at rest differ from the observation."""
        table = self.table
        if table.flying or table.hold.holding_piece():
            return False
        obs = table.observation()
        # The full comparison runs once per observation and per change of what is shown.
        shown = (id(obs), tuple(map(len, table.rows_shown)), tuple(table.wall_items), table.token_line_shown,
                 tuple(table.hazy_shown), tuple(piece.value for piece in table.hand), tuple(table.spots),
                 tuple(piece.value for piece in table.tray), table.hold.tray_pick, table.deck_shown)
        if self._memo is not None and self._memo[0] == shown:
            return self._memo[1]
        result = self._differs_from(obs)
        self._memo = (shown, result)
        return result

    def _differs_from(self, obs: Any) -> bool:
        """True when what is shown differs from ``obs``."""
        table = self.table
        if [list(cards) for cards in obs.rows] != table.rows_shown:
            return True
        if any(table.wall_items[seat] != obs.walls[seat] for seat in range(obs.players)):
            return True
        numbers = [number for number in obs.hand if number != obs.my_choice]
        if [piece.value for piece in table.hand] != numbers:
            return True
        if tuple(obs.token_line) != table.token_line_shown or list(obs.hazy) != table.hazy_shown:
            return True
        chosen = {seat for seat, done in enumerate(obs.chosen) if done} if obs.phase == PHASE_CHOOSE else set()
        if set(table.spots) != chosen:
            return True
        mine = obs.phase in (PHASE_PLACE, PHASE_HAZY) and obs.placer == table.viewer
        return [piece.value for piece in table.tray] != (table.tray_order(obs) if mine else [])
