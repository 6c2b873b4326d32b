"""That Old Wallpaper's table effects: ``WallpaperEffects``, the mixin that turns the rules' events
into animations (``event_handlers`` and every ``animate_*``).

Rows are dealt card by card from the deck (a red oval's extra card with a call); chosen numbers lie
face down on their spots, then all turn over together and slide to their rows (colliding ones lie
sideways across the rows they block); a taken row flies to the tray (or to a seat's box, or to
Grandma's discard); the winner's token hops to the back of the line; a placed card flies onto its
cell and the shapes it completed glow; the end opens the scoring panel.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from game.i18n import t
from game.rules.wallpaper import (
    CardPlaced,
    GameScored,
    GameStarted,
    HandDrawn,
    HazyGiven,
    NumberChosen,
    NumberDrawn,
    NumbersDiscarded,
    NumbersRevealed,
    PileReshuffled,
    RoundStarted,
    RowCardDealt,
    RowTaken,
    TokenMoved,
    TurnStarted,
)
from scenes.engine import anim
from scenes.table.playback import take_following
from scenes.wallpaper.art import art_seat, hazy_id, seat_colour, token_layout
from scenes.wallpaper.art_cards import card_back, card_face
from scenes.wallpaper.art_cards import token as token_picture
from scenes.wallpaper.layout import (
    DECK_POS,
    DISCARD_LEFT,
    DISCARD_POS,
    HAND_H,
    HAND_LEFT,
    HAND_Y,
    HAZY_POS,
    NUMBER_H_SMALL,
    PLAY_SPOT,
    ROUND_POS,
    ROW_CARD_W,
    ROW_TOP,
    SPOT_H,
    TOKEN_D,
    TOKEN_Y,
    TRAY_FIRST,
    TRAY_NEXT_W,
    TRAY_NEXT_X,
    TRAY_W,
    Point,
    fit_camera,
)
from scenes.wallpaper.panels import ScoringPanel
from scenes.wallpaper.sprites import Piece

if TYPE_CHECKING:
    from scenes.wallpaper.view import WallpaperView

# ----- timings (seconds at normal speed; the animator scales them) -----------------------------------
DEAL_FLIGHT = 0.26
DEAL_GAP = 0.12
FLIP = 0.22
SLIDE = 0.36
PLACE_FLIGHT = 0.32
BUBBLE_PAUSE = 0.5
FLASH = 0.9


class WallpaperEffects:
    """Event playback of the That Old Wallpaper table (see the module docstring); a part the table
    owns, which uses of it what ``WallpaperView`` declares."""

    def __init__(self, table: WallpaperView) -> None:
        self.table = table

    # ----- event playback -----------------------------------------------------------------------------
    def event_handlers(self) -> dict[type, Callable[[Any], None]]:
        """Event type -> animation."""
        return {
            GameStarted: self.animate_game_started,
            HandDrawn: self.animate_hand_drawn,
            RowCardDealt: self.animate_row_dealt,
            TurnStarted: self.animate_turn_started,
            NumberChosen: self.animate_number_chosen,
            NumbersRevealed: self.animate_revealed,
            RowTaken: self.animate_row_taken,
            TokenMoved: self.animate_token_moved,
            HazyGiven: self.animate_hazy_given,
            CardPlaced: self.animate_card_placed,
            NumbersDiscarded: self.animate_numbers_discarded,
            NumberDrawn: self.animate_number_drawn,
            PileReshuffled: self.animate_pile_reshuffled,
            RoundStarted: self.animate_round_started,
            GameScored: self.show_scoring,
        }

    def bubble(self, pos: Point, text: str, below: bool = False) -> None:
        """A short call somewhere on the table."""
        self.table.show_bubble(text, pos, below=below)

    def animate_game_started(self, event: GameStarted) -> None:
        """A fresh table: empty rows and walls, the full deck, the token line."""
        self.table.rows_shown = [[] for _ in range(self.table.row_count)]
        self.table.set_walls([{} for _ in range(self.table.match.players)])
        obs = self.table.observation()
        self.table.deck_shown = obs.deck_count + sum(len(cards) for cards in obs.rows)
        self.table.token_line_shown = tuple(event.token_line)
        self.table.hazy_shown = [0] * self.table.match.players
        self.table.hazy_supply_shown = obs.hazy_supply
        self.table.hand = []
        self.table.spots = {}
        self.table.tray = []
        self.table.numbers_on_rows = []
        self.table.app.audio.play("deal")
        self.table.animator.add(anim.Wait(0.2))

    def animate_hand_drawn(self, event: HandDrawn) -> None:
        """The viewer's number cards fan in from the pile."""
        if event.seat != self.table.viewer or self.table.hand:
            return
        obs = self.table.observation()
        steps: list[anim.Step] = []
        numbers = [number for number in obs.hand if number != obs.my_choice]
        for index, number in enumerate(numbers):
            piece = self.table.number_piece(self.table.viewer, number, (HAND_LEFT - 200, HAND_Y + 80), HAND_H, face_up=False)
            self.table.hand.append(piece)
            steps.append(anim.Sequence(anim.Wait(0.05 * index),
                                       anim.Parallel(anim.Tween(piece, "pos", self.table.geometry.hand_slot(index), SLIDE,
                                                                anim.ease_out_cubic),
                                                     anim.Tween(piece, "flip", 1.0, SLIDE, anim.ease_in_out_sine))))
        self.table.animator.add(anim.Parallel(*steps) if steps else anim.Wait(0.05))

    def animate_row_dealt(self, event: RowCardDealt) -> None:
        """Cards dealt in a row: each flies from the deck to its row's bottom and turns over, one
        after another (a red oval's extra card follows it with a call)."""
        deals = [event, *take_following(self.table.pending, RowCardDealt)]
        counts = [len(cards) for cards in self.table.rows_shown]
        self.table.happening = t("wallpaper_table.happening.deal")
        steps: list[anim.Step] = []
        for number, deal in enumerate(deals):
            counts[deal.row] += 1
            target = self.table.geometry.row_slot(deal.row, counts[deal.row] - 1, counts[deal.row])
            piece = Piece(("wp-card", deal.card, ROW_CARD_W, 0), partial(card_face, deal.card, ROW_CARD_W),
                          DECK_POS, back=lambda: card_back(ROW_CARD_W), face_up=False, value=deal.card)
            piece.visible = False

            def leave(piece: Piece = piece) -> None:
                piece.visible = True
                self.table.deck_shown = max(0, self.table.deck_shown - 1)

            def land(deal: RowCardDealt = deal) -> None:
                self.table.rows_shown[deal.row].append(deal.card)

            step: list[anim.Step] = [anim.Wait(DEAL_GAP * number), anim.Call(leave),
                                     self.table.fly(piece, target, 0.0, DEAL_FLIGHT, flip_to=1.0, on_land=land)]
            if deal.chained:
                def say_oval(d: RowCardDealt = deal) -> None:
                    self.bubble((self.table.geometry.column_x(d.row), ROW_TOP - 4), t("wallpaper_table.bubble.oval"))

                step.insert(1, anim.Call(say_oval))
            steps.append(anim.Sequence(*step))
        self.table.app.audio.play("deal")
        self.table.animator.add(anim.Parallel(*steps))

    def animate_turn_started(self, event: TurnStarted) -> None:
        """A new turn: the counter turns."""
        self.table.turn_shown = event.turn
        self.table.round_shown = event.round
        self.table.numbers_on_rows = []

    def animate_round_started(self, event: RoundStarted) -> None:
        """The next round card shows; the piles were made anew."""
        self.table.round_shown = event.round
        self.table.app.audio.play("card_flip")
        self.bubble((ROUND_POS[0], ROUND_POS[1] - 60), t("wallpaper_table.bubble.round", n=event.round + 1))
        self.table.animator.add(anim.Wait(BUBBLE_PAUSE))

    def animate_number_chosen(self, event: NumberChosen) -> None:
        """A seat chose: its card lies face down on its spot (the viewer's own card shows its face
        to the viewer only)."""
        seat = event.seat
        obs = self.table.observation()
        mine = seat == self.table.viewer and 0 <= seat < obs.players
        number = obs.my_choice if mine else 0
        if mine:
            piece = next((p for p in self.table.hand if p.value == number), None)
            drag = self.table.hold.drag
            if drag is not None and drag.piece is not None and drag.piece.value == number:
                piece = drag.piece
            if piece is None:
                piece = self.table.number_piece(seat, number, self.table.geometry.hand_slot(0), HAND_H)
            if piece in self.table.hand:
                self.table.hand.remove(piece)
            self.table.hold.selected = None
            self.table.spots[seat] = piece
            self.table.app.audio.play("card_slide")
            self.table.animator.add(self.table.fly(piece, PLAY_SPOT, 0.0, SLIDE, on_land=lambda: None))
            self._relayout_hand()
        else:
            start = self.table.geometry.seat_anchor(seat)
            piece = self.table.number_piece(seat, 0, start, SPOT_H if seat != self.table.viewer else HAND_H, face_up=False)
            self.table.spots[seat] = piece
            self.table.animator.add(self.table.fly(piece, self.table.geometry.spot_pos(seat), 0.0, 0.2))
        self.table.refresh_hints()

    def _relayout_hand(self) -> None:
        """Slide the hand cards to their places."""
        for index, piece in enumerate(self.table.hand):
            self.table.ambient.add(anim.Tween(piece, "pos", self.table.geometry.hand_slot(index), 0.25, anim.ease_out_cubic))

    def animate_revealed(self, event: NumbersRevealed) -> None:
        """All numbers turn over together, then slide to their rows; colliding numbers lie sideways
        across the rows they block."""
        players = self.table.match.players
        pieces: dict[int, Piece] = {}
        for seat, number in enumerate(event.numbers):
            piece = self.table.spots.get(seat)
            if piece is None:
                start = DECK_POS if seat >= players else self.table.geometry.spot_pos(seat)
                piece = self.table.number_piece(seat, 0, start, NUMBER_H_SMALL, face_up=False)
            fresh = self.table.number_piece(seat, number, piece.pos, round(piece.face().get_height()), face_up=False)
            fresh.flip = piece.flip if piece.value == number else 0.0
            pieces[seat] = fresh
        self.table.spots = {}
        self.table.flying.extend(pieces.values())
        if self.table.grandma and len(event.numbers) > players:
            self.table.grandma_last = event.numbers[players]
        flips = [anim.Tween(piece, "flip", 1.0, FLIP, anim.ease_in_out_sine) for piece in pieces.values()
                 if piece.flip < 1.0]
        slides: list[anim.Step] = []
        placed: list[Piece] = []
        for block in event.blocks:
            for index, seat in enumerate(block.seats):
                piece = pieces.get(seat)
                if piece is None:
                    continue
                target, angle = self.table.geometry.number_place(block, index)
                slides.append(anim.Sequence(anim.Wait(0.08 * len(slides)),
                                            self.table.fly(piece, target, angle, SLIDE,
                                                     scale_to=NUMBER_H_SMALL / max(1, piece.face().get_height()))))
                placed.append(piece)

        def settle() -> None:
            self.table.numbers_on_rows = []
            for piece in placed:
                if piece in self.table.flying:
                    self.table.flying.remove(piece)
                small = self.table.number_piece(piece.seat, piece.value, piece.pos, NUMBER_H_SMALL)
                small.angle = piece.angle
                self.table.numbers_on_rows.append(small)

        self.table.app.audio.play("card_flip")
        collided = any(len(block.seats) > 1 for block in event.blocks)
        self.table.happening = t("wallpaper_table.happening.collision" if collided else "wallpaper_table.happening.reveal")
        calls: list[anim.Step] = []
        if collided:
            block = next(block for block in event.blocks if len(block.seats) > 1)
            middle = sum(self.table.geometry.column_x(row) for row in block.rows) / len(block.rows)
            calls.append(anim.Call(lambda: self.bubble((middle, ROW_TOP + 120.0),
                                                       t("wallpaper_table.bubble.collision"), below=True)))
        self.table.animator.add(anim.Sequence(anim.Parallel(*flips) if flips else anim.Wait(0.05), anim.Wait(0.25),
                                        anim.Parallel(*slides) if slides else anim.Wait(0.05), anim.Call(settle),
                                        *calls, anim.Wait(BUBBLE_PAUSE if collided else 0.15)))

    def animate_row_taken(self, event: RowTaken) -> None:
        """A row's cards go to the seat that took it (to the tray when the viewer places them; to
        the discard when Grandma took them); the winner's sideways number stands up on the row."""
        cards = list(self.table.rows_shown[event.row]) if event.row < len(self.table.rows_shown) else []
        self.table.happening = t("wallpaper_table.happening.grandma" if event.discarded else "wallpaper_table.happening.take",
                           player=self.table.name_of(event.seat), n=event.row + 1)
        if not cards:
            cards = list(event.cards)
        count = len(cards)
        self.table.mark_move(self._row_rect(event.row, count), event.seat)
        self.table.rows_shown[event.row] = []
        for piece in self.table.numbers_on_rows:
            if piece.seat == event.seat and event.collision:
                self.table.ambient.add(anim.Parallel(anim.Tween(piece, "pos", self.table.geometry.header_pos(event.row), SLIDE),
                                               anim.Tween(piece, "angle", 0.0, SLIDE)))
        steps: list[anim.Step] = []
        if event.discarded:
            for index, card in enumerate(cards):
                piece = Piece(("wp-card", card, ROW_CARD_W, 0), partial(card_face, card, ROW_CARD_W),
                              self.table.geometry.row_slot(event.row, index, count), value=card)
                steps.append(anim.Sequence(anim.Wait(0.05 * index),
                                           self.table.fly(piece, DISCARD_POS, 20.0, SLIDE, scale_to=0.4)))
            self.bubble((self.table.geometry.column_x(event.row), ROW_TOP), t("wallpaper_table.bubble.grandma_takes"))
            self.table.animator.add(anim.Parallel(*steps, anim.Wait(BUBBLE_PAUSE)))
            return
        mine = event.seat == self.table.viewer
        if mine:
            self.table.tray_seat = event.seat
            self.table.tray = []
            self.table.hold.tray_pick = None
        for index, card in enumerate(cards):
            start = self.table.geometry.row_slot(event.row, index, count)
            piece = self.table.card_piece(card, start, index)
            piece.scale = ROW_CARD_W / (TRAY_W if index == 0 else TRAY_NEXT_W)

            def arrive(piece: Piece = piece) -> None:
                if piece in self.table.flying:
                    self.table.flying.remove(piece)
                if mine:
                    self.table.tray.append(piece)

            target = self.table.geometry.tray_slot(index) if mine else self.table.geometry.seat_anchor(event.seat)
            scale_to = 1.0 if mine else 0.35
            steps.append(anim.Sequence(anim.Wait(0.07 * index),
                                       self.table.fly(piece, target, 0.0, SLIDE, scale_to=scale_to, on_land=partial(arrive, piece))))
        self.table.app.audio.play("card_slide")
        self.table.animator.add(anim.Parallel(*steps) if steps else anim.Wait(0.05))

    def animate_token_moved(self, event: TokenMoved) -> None:
        """The winner's token hops from its place in the line to the back; the others close up."""
        old = list(self.table.token_line_shown)
        count = self.table.match.players + (1 if self.table.grandma else 0)
        first, room = token_layout(count)
        if event.seat not in old:
            self.table.token_line_shown = tuple(event.line)
            return
        start = (float(first + old.index(event.seat) * room), float(TOKEN_Y))
        end = (float(first + (len(event.line) - 1) * room), float(TOKEN_Y))
        players = self.table.match.players
        piece = Piece(("wp-token", event.seat), lambda: token_picture(seat_colour(event.seat, players), TOKEN_D,
                                                                      seat=art_seat(event.seat, players)), start)
        self.table.token_line_shown = tuple(seat for seat in event.line if seat != event.seat)
        self.table.happening = t("wallpaper_table.happening.token", player=self.table.name_of(event.seat))

        def land() -> None:
            self.table.token_line_shown = tuple(event.line)

        self.table.app.audio.play("cat_hop")
        self.table.animator.add(self.table.fly(piece, end, 0.0, 0.45, on_land=land))

    def animate_hazy_given(self, event: HazyGiven) -> None:
        """A hazy memory card flies from the supply to the seat (or a call: none left)."""
        self.table.happening = t("wallpaper_table.happening.hazy", player=self.table.name_of(event.seat))
        if not event.given:
            self.bubble(self.table.geometry.seat_anchor(event.seat), t("wallpaper_table.bubble.no_hazy"))
            self.table.animator.add(anim.Wait(BUBBLE_PAUSE))
            return
        card = hazy_id()
        piece = Piece(("wp-card", card, 96, 0), lambda: card_face(card, 96), HAZY_POS, value=card)

        def land() -> None:
            self.table.hazy_shown[event.seat] += 1
            self.table.hazy_supply_shown = max(0, self.table.hazy_supply_shown - 1)

        target = self.table.geometry.seat_anchor(event.seat) if event.seat != self.table.viewer else \
            (TRAY_NEXT_X + 160, TRAY_FIRST[1])
        self.table.animator.add(self.table.fly(piece, target, 8.0, SLIDE, scale_to=0.6, on_land=land))

    def animate_card_placed(self, event: CardPlaced) -> None:
        """The placed card leaves the tray and flies onto its cell (the large wall, or the seat's
        small one); the shapes it completed glow for a moment."""
        piece = self.table.hold.take_dropped()
        if event.seat != self.table.viewer:
            self.table.happening = t("wallpaper_table.happening.place", player=self.table.name_of(event.seat))
        in_tray = next((tray_piece for tray_piece in self.table.tray if tray_piece.value == event.card), None)
        if in_tray is not None:
            self.table.tray.remove(in_tray)
            piece = piece or in_tray
        if piece is None:
            start = TRAY_FIRST if event.seat == self.table.viewer else self.table.geometry.seat_anchor(event.seat)
            piece = Piece(("wp-card", event.card, TRAY_W, event.rot), lambda: card_face(event.card, TRAY_W),
                          start, value=event.card)
        width = TRAY_W
        placed = Piece(("wp-card", event.card, width, event.rot),
                       lambda: card_face(event.card, width, event.rot), piece.pos, value=event.card)
        placed.scale = piece.scale * piece.face().get_width() / max(1, placed.face().get_width())
        placed.lift = piece.lift
        if piece in self.table.flying:
            self.table.flying.remove(piece)
        if event.seat == self.table.shown_seat:
            wall = dict(self.table.walls_shown[event.seat])
            wall[(event.x, event.y)] = (event.card, event.rot)
            camera = fit_camera(list(wall), self.table.pan)
            target: tuple[float, float] = camera.cell_rect((event.x, event.y)).center
            scale_to = camera.cell / width
            self.table.mark_move(camera.cell_rect((event.x, event.y)), event.seat)
        else:
            target = self.table.geometry.seat_anchor(event.seat)
            scale_to = 0.2
        if event.seat == self.hazy_seat_for(event):
            self.table.hazy_shown[event.seat] = max(0, self.table.hazy_shown[event.seat] - 1)

        def land() -> None:
            self.table.put_on_wall(event.seat, (event.x, event.y), (event.card, event.rot))
            for shape in event.shapes:
                self.table.flashes.append((shape, event.seat, FLASH))
            self.relayout_tray()

        self.table.app.audio.play("cat_land")  # a soft thud: paper pressed onto the wall
        self.table.animator.add(self.table.fly(placed, (float(target[0]), float(target[1])), 0.0, PLACE_FLIGHT,
                                   scale_to=scale_to, on_land=land))

    def _row_rect(self, row: int, count: int) -> pygame.Rect:
        """Where a row's ``count`` cards lie (at least one card's room: an empty row too)."""
        rects = []
        for index in range(max(1, count)):
            rect = pygame.Rect(0, 0, ROW_CARD_W, ROW_CARD_W)
            rect.center = tuple(round(value) for value in self.table.geometry.row_slot(row, index, max(1, count)))
            rects.append(rect)
        return rects[0].unionall(rects[1:])

    def hazy_seat_for(self, event: CardPlaced) -> int:
        """The seat whose hazy count drops with this placement (-1 for a wallpaper card)."""
        return event.seat if event.card >= hazy_id() else -1

    def relayout_tray(self) -> None:
        """The tray's cards move to their places in its order; the first (to place next) shows large."""
        if not self.table.tray:
            return
        for index, piece in enumerate(list(self.table.tray)):
            fresh = self.table.card_piece(piece.value, piece.pos, index)
            self.table.tray[index] = fresh
            self.table.ambient.add(anim.Tween(fresh, "pos", self.table.geometry.tray_slot(index), 0.25, anim.ease_out_cubic))

    def animate_numbers_discarded(self, event: NumbersDiscarded) -> None:
        """The played numbers go back to their owners, face up on their discards."""
        steps: list[anim.Step] = []
        for piece in self.table.numbers_on_rows:
            target = (DISCARD_LEFT + 90.0, 930.0) if piece.seat == self.table.viewer else \
                self.table.geometry.seat_anchor(piece.seat)
            if piece.seat >= self.table.match.players:
                target = self.table.geometry.seat_anchor(piece.seat)
            steps.append(self.table.fly(piece, target, 0.0, 0.3, scale_to=0.5))
        moving = list(self.table.numbers_on_rows)
        self.table.numbers_on_rows = []

        def done() -> None:
            for piece in moving:
                if piece in self.table.flying:
                    self.table.flying.remove(piece)
            self.table.discards_shown = [tuple(cards) for cards in self.table.observation().discards]

        self.table.animator.add(anim.Sequence(anim.Parallel(*steps) if steps else anim.Wait(0.05), anim.Call(done)))

    def animate_number_drawn(self, event: NumberDrawn) -> None:
        """The viewer's new number card joins the hand."""
        if event.seat != self.table.viewer:
            return
        obs = self.table.observation()
        numbers = [number for number in obs.hand if number != obs.my_choice]
        have = {piece.value for piece in self.table.hand}
        new = [number for number in numbers if number not in have]
        for number in new:
            piece = self.table.number_piece(self.table.viewer, number, (HAND_LEFT - 200, HAND_Y + 80), HAND_H, face_up=False)
            self.table.hand.append(piece)
        self.table.hand.sort(key=lambda piece: piece.value)
        steps: list[anim.Step] = []
        for index, piece in enumerate(self.table.hand):
            moves: list[anim.Step] = [anim.Tween(piece, "pos", self.table.geometry.hand_slot(index), SLIDE,
                                                 anim.ease_out_cubic)]
            if piece.flip < 1.0:
                moves.append(anim.Tween(piece, "flip", 1.0, SLIDE, anim.ease_in_out_sine))
            steps.append(anim.Parallel(*moves))
        self.table.animator.add(anim.Parallel(*steps) if steps else anim.Wait(0.05))

    def animate_pile_reshuffled(self, event: PileReshuffled) -> None:
        """A seat's used numbers become its new pile."""
        anchor = self.table.geometry.seat_anchor(event.seat) if event.seat != self.table.viewer else (DISCARD_LEFT + 90.0, 900.0)
        self.bubble(anchor, t("wallpaper_table.bubble.reshuffle"))
        if event.seat < len(self.table.discards_shown):
            self.table.discards_shown[event.seat] = ()

    def show_scoring(self, event: GameScored) -> None:
        """The end: the scoring panel (Continue -> results)."""
        obs = self.table.observation()

        def open_panel() -> None:
            self.table.app.audio.play("round_end")
            self.table.toast.hide()
            self.table.drop_held()
            self.table.panel = ScoringPanel(self.table, event, obs)

        self.table.animator.add(self.table.panel_after(open_panel, 0.5))
