"""Nostalgic's effects: every rules event becomes an animation (``NostalgicEffects``).

At a round start everyone's dice are thrown onto the table (``scenes.table.dice_throw.DiceThrow``:
the faces come from the rules' ``DiceThrown`` events, the throw only shows them), tumble, bounce
and settle in front of their owners; doubles flash their NP. A placed die slides into its
balloon; its effect plays out: the NP marker walks along the track, boxes stack up on the box
track with their bonus popping. A reroll throws only the chosen dice again. The end of a game
opens the final-scoring panel. The cards and chips on their ways (dealt, taken, spent, cleared)
are an owned part of their own, ``NostalgicCardEffects`` (card_effects.py).

The table shown (``Shown``) follows the animations: a piece's place there changes when it lands,
so the still layer never shows a piece twice.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from game.i18n import t
from game.rules.nostalgic import (
    BoxesPacked,
    DiceCollected,
    DiceThrown,
    DiePlaced,
    FinalScored,
    GameEnded,
    GameStarted,
    NpGained,
    Reshuffled,
    RoundCardPassed,
    RoundStarted,
)
from scenes.engine import anim
from scenes.engine.ui import signed_text
from scenes.nostalgic import art as nart
from scenes.nostalgic.art import seat_colour
from scenes.nostalgic.art_table import pop_badge
from scenes.nostalgic.card_effects import SOUNDS, NostalgicCardEffects
from scenes.nostalgic.layout import (
    BOARD_SIZE,
    BOARD_TOPLEFT,
    BOX_MARKER_SIZE,
    MARKER_SIZE,
    ROUND_CARD_W,
    Point,
    path_points,
)
from scenes.nostalgic.panels import FinalPanel
from scenes.nostalgic.sprites import (
    DieShown,
    DieSprite,
    Flash,
    PathStep,
    Piece,
    Pop,
    Throw,
    ThrowStep,
)
from scenes.table.dice_throw import DiceThrow, painter

if TYPE_CHECKING:
    from scenes.nostalgic.view import NostalgicView

# ----- timings (seconds at normal speed; the animator scales them; the cards' are in card_effects)
SLIDE = 0.36  # a die into its balloon, or back to its tray
STEP_TIME = 0.11  # a marker's hop from one track cell to the next
MAX_STEP_TIME = 1.1  # a long walk is quicker per cell


class NostalgicEffects:
    """Rules events -> animations, for ``NostalgicTable`` (a part the table owns; what it uses of
    the table is ``NostalgicView``)."""

    def __init__(self, table: NostalgicView) -> None:
        self.table = table
        self.cards = NostalgicCardEffects(table)  # the cards and chips on their ways

    def event_handlers(self) -> dict[type, Callable[[Any], None]]:
        """Event type -> animation (the cards' and chips' from ``NostalgicCardEffects``)."""
        return {
            **self.cards.event_handlers(),
            Reshuffled: self.animate_reshuffled,
            RoundStarted: self.animate_round_started,
            DiceThrown: self.animate_dice_thrown,
            DiePlaced: self.animate_die_placed,
            DiceCollected: self.animate_dice_collected,
            NpGained: self.animate_np_gained,
            BoxesPacked: self.animate_boxes_packed,
            RoundCardPassed: self.animate_round_card_passed,
            FinalScored: self.show_final_scored,
            GameEnded: self.table.finish_match,
        }

    # ----- badges and bubbles ---------------------------------------------------------------------------
    def pop_at(self, pos: Point, text: str, good: bool = True) -> None:
        """A badge pops up at ``pos`` (it never holds the events back)."""
        pop = Pop(pop_badge(text, good), pos, (text, good))
        self.table.pops = [item for item in self.table.pops if item.visible] + [pop]
        self.table.ambient.add(pop.show())

    def bubble(self, seat: int, text: str) -> None:
        """A short call at a seat's plate."""
        plate = self.table.geometry.plate_rect(seat)
        tip = (plate.centerx, plate.top - 4) if seat == self.table.bottom else (plate.right - 60, plate.top + 48)
        self.table.show_bubble(text, tip)

    # ----- a reshuffle, a round's start ------------------------------------------------------------------
    def animate_reshuffled(self, event: Reshuffled) -> None:
        """The discards become the new deck."""
        self.table.shown.deck += event.count
        self.table.shown.discard = 0
        self.table.app.audio.play(SOUNDS["deal"])
        deck = self.table.geometry.deck_rect()
        self.pop_at((deck.centerx, deck.top - 20), t("nostalgic_table.pop.reshuffled"))
        self.table.animator.add(anim.Wait(0.35))

    def animate_round_started(self, event: RoundStarted) -> None:
        """A round begins: the round's number pops over the board."""
        self.table.shown.round = event.round
        self.table.shown.start_seat = event.start_seat
        board = pygame.Rect(BOARD_TOPLEFT, BOARD_SIZE)
        self.pop_at((board.centerx, board.centery - 40), t("nostalgic_table.pop.round", n=event.round + 1,
                                                           total=self.table.match.players))
        self.table.animator.add(anim.Wait(0.3))

    # ----- dice -----------------------------------------------------------------------------------------
    def animate_dice_thrown(self, event: DiceThrown) -> None:
        """Throws in a row (everyone's at a round start) go onto the table together, each seat's
        dice from its own side; their bonus NP follow once the dice rest."""
        throws = [event]
        gains: list[NpGained] = []
        while self.table.pending and (isinstance(self.table.pending[0], DiceThrown) or (
                isinstance(self.table.pending[0], NpGained) and self.table.pending[0].why in ("double", "reroll"))):
            item = self.table.pending.popleft()
            if isinstance(item, DiceThrown):
                throws.append(item)
            elif isinstance(item, NpGained):
                gains.append(item)
        self.table.app.audio.play(SOUNDS["throw"])
        rolls = [ThrowStep(record.throw, partial(self._settled, record))
                 for record in (self._throw_of(thrown) for thrown in throws)]
        steps: list[anim.Step] = [anim.Parallel(*rolls)]
        flashes = self._bonus_flashes(throws)
        if flashes:
            steps.append(flashes)
        moves = [self._np_walk(gain) for gain in gains]
        if moves:
            steps.append(anim.Parallel(*moves))
        if not throws[0].reroll:
            self.table.clear_selection()
        self.table.animator.add(anim.Sequence(*steps))

    def _throw_of(self, thrown: DiceThrown) -> Throw:
        """A seat's throw: its dice leave from its side, tumble over the table and come to rest in
        its tray showing the rules' faces."""
        seat = thrown.seat
        dice = self.table.shown.dice[seat]
        if not thrown.reroll:
            while len(dice) < len(thrown.values):
                dice.append(DieShown(thrown.values[len(dice)]))
            del dice[len(thrown.values):]
            for die in dice:
                die.balloon = ""
        for index, value in zip(thrown.dice, thrown.values):
            while index >= len(dice):
                dice.append(DieShown(value))
            dice[index].hidden = True
        count = len(dice)
        starts = [self.table.geometry.throw_start(seat, index, count) for index in thrown.dice]
        settles = [self.table.geometry.tray_slot(seat, index, count) for index in thrown.dice]
        self.table._throw_seed += 1
        salt = self.table.match.seed * 7919 + len(self.table.match.events) * 31 + self.table._throw_seed
        rng = random.Random(salt & 0xFFFFFFFF)
        size = self.table.geometry.die_size(seat)
        throw = DiceThrow(self.table.geometry.throw_area(seat), starts, thrown.values, rng, settle_at=settles,
                          die_size=size)
        record = Throw(throw, [(seat, index) for index in thrown.dice], painter(size, seat_colour(seat)))
        self.table.throws.append(record)
        return record

    def _settled(self, record: Throw) -> None:
        """A throw came to rest: its dice go back to the still layer with their faces."""
        if record in self.table.throws:
            self.table.throws.remove(record)
        for (seat, index), value in zip(record.dice, record.throw.finals):
            dice = self.table.shown.dice[seat]
            if index < len(dice):
                dice[index].value = value
                dice[index].hidden = False
        self.table.app.audio.play(SOUNDS["land"])

    def _bonus_flashes(self, throws: list[DiceThrown]) -> anim.Step | None:
        """Rings flash round the equal dice of every throw that scored, with its "+N NP"."""
        steps: list[anim.Step] = []
        for thrown in throws:
            if thrown.bonus <= 0:
                continue
            counts = Counter(thrown.values)
            dice = self.table.shown.dice[thrown.seat]
            size = self.table.geometry.die_size(thrown.seat)
            for index, value in zip(thrown.dice, thrown.values):
                if counts[value] >= 2:
                    flash = Flash(self.table.geometry.tray_slot(thrown.seat, index, len(dice)), size)
                    self.table.pops.append(flash)
                    steps.append(flash.show())
            x, y = self.table.geometry.tray_slot(thrown.seat, 0, 1)
            word = "nostalgic_table.pop.triple" if thrown.bonus >= 3 else "nostalgic_table.pop.double"
            self.pop_at((x, y - size), t(word, n=thrown.bonus))
        if not steps:
            return None
        self.table.app.audio.play(SOUNDS["bonus"])
        return anim.Parallel(*steps)

    def animate_die_placed(self, event: DiePlaced) -> None:
        """The die slides from its tray (or from where it was dropped) into its balloon."""
        shown = self.table.shown
        dice = shown.dice[event.seat]
        while len(dice) <= event.die:
            dice.append(DieShown(event.value))
        order = shown.order.setdefault(event.balloon, [])
        count = len(order) + 1
        target = self.table.geometry.balloon_slot(event.balloon, count - 1, count)
        size = self.table.geometry.board_die_size(event.balloon)
        dropped = self.table.hold.take_dropped()
        sprite = dropped if event.seat == self.table.viewer else None
        if sprite is None:
            start = self.table.geometry.tray_slot(event.seat, event.die, len(dice))
            sprite = DieSprite(event.seat, event.value, start, self.table.geometry.die_size(event.seat))
        dice[event.die].hidden = True
        if sprite not in self.table.flying:
            self.table.flying.append(sprite)

        def land() -> None:
            if sprite in self.table.flying:
                self.table.flying.remove(sprite)
            dice[event.die].hidden = False
            dice[event.die].balloon = event.balloon
            dice[event.die].value = event.value
            if (event.seat, event.die) not in order:
                order.append((event.seat, event.die))
            self.table.app.audio.play(SOUNDS["land"])

        self.table.app.audio.play(SOUNDS["slide"])
        self.table.animator.add(anim.Sequence(
            anim.Parallel(anim.Tween(sprite, "pos", target, SLIDE, anim.ease_out_cubic),
                          sprite.resize(size, SLIDE),
                          anim.Tween(sprite, "angle", sprite.angle + 90.0, SLIDE, anim.ease_out_cubic),
                          anim.Sequence(anim.Tween(sprite, "lift", 0.6, SLIDE * 0.4, anim.ease_out_quad),
                                        anim.Tween(sprite, "lift", 0.0, SLIDE * 0.6, anim.ease_in_quad))),
            anim.Call(land)))
        placed = pygame.Rect(0, 0, round(size), round(size))
        placed.center = (round(target[0]), round(target[1]))
        self.table.mark_move(placed, event.seat)
        self.table.refresh_hints()

    def animate_dice_collected(self, event: DiceCollected) -> None:
        """Every die on the board slides back to its owner's tray."""
        shown = self.table.shown
        steps: list[anim.Step] = []
        for balloon, entries in shown.order.items():
            for number, (seat, die) in enumerate(entries):
                dice = shown.dice[seat]
                if die >= len(dice):
                    continue
                sprite = DieSprite(seat, dice[die].value,
                                   self.table.geometry.balloon_slot(balloon, number, len(entries)),
                                   self.table.geometry.board_die_size(balloon))
                dice[die].hidden = True
                target = self.table.geometry.tray_slot(seat, die, len(dice))

                def land(sprite: DieSprite = sprite, seat: int = seat, die: int = die) -> None:
                    if sprite in self.table.flying:
                        self.table.flying.remove(sprite)
                    if die < len(shown.dice[seat]):
                        shown.dice[seat][die].balloon = ""
                        shown.dice[seat][die].hidden = False

                self.table.flying.append(sprite)
                steps.append(anim.Sequence(
                    anim.Wait(0.03 * len(steps)),
                    anim.Parallel(anim.Tween(sprite, "pos", target, SLIDE, anim.ease_in_out_sine),
                                  sprite.resize(self.table.geometry.die_size(seat), SLIDE)),
                    anim.Call(land)))
        shown.order = {}
        self.table.app.audio.play(SOUNDS["slide"])
        self.table.animator.add(anim.Parallel(*steps) if steps else anim.Wait(0.1))

    # ----- the NP and box tracks ------------------------------------------------------------------------
    def _np_walk(self, event: NpGained) -> anim.Step:
        """A seat's NP marker walks along the track to its new total, with a "+N NP" badge."""
        shown = self.table.shown
        seat = event.seat
        before = shown.np[seat]
        points = path_points(max(0, before), max(0, event.total),
                             lambda value: self.table.geometry.np_pos(seat, value))
        marker = Piece(nart.player_marker(seat, MARKER_SIZE), points[0])
        cells = max(1, len(points) - 1)
        duration = min(MAX_STEP_TIME, STEP_TIME * cells + 0.1)

        def leave() -> None:
            shown.np_moving.add(seat)
            self.table.flying.append(marker)

        def land() -> None:
            if marker in self.table.flying:
                self.table.flying.remove(marker)
            shown.np_moving.discard(seat)
            shown.np[seat] = event.total
            if event.amount:
                text = t("nostalgic_table.pop.np", n=signed_text(event.amount))
                self.pop_at((marker.pos[0], marker.pos[1] - 34), text, event.amount > 0)

        return anim.Sequence(anim.Call(leave), PathStep(marker, points, duration, land))

    def animate_np_gained(self, event: NpGained) -> None:
        """The NP marker moves along the track (a box bonus first pops on the box track)."""
        if event.why == "box_bonus":
            x, y = self.table.geometry.box_pos(event.seat, self.table.shown.boxes[event.seat])
            self.pop_at((x, y - 44), t("nostalgic_table.pop.box_bonus", n=event.amount))
            self.table.app.audio.play(SOUNDS["bonus"])
        self.table.animator.add(anim.Sequence(self._np_walk(event), anim.Wait(0.1)))

    def animate_boxes_packed(self, event: BoxesPacked) -> None:
        """Boxes stack up: the seat's box marker climbs the box track (bonus NP follow as NpGained)."""
        shown = self.table.shown
        seat = event.seat
        if event.count <= 0:
            self.bubble(seat, t("nostalgic_table.bubble.boxes_full"))
            self.table.animator.add(anim.Wait(0.4))
            return
        before = shown.boxes[seat]
        points = path_points(before, event.total, lambda value: self.table.geometry.box_pos(seat, value))
        marker = Piece(nart.box_marker(seat, BOX_MARKER_SIZE), points[0])

        def leave() -> None:
            shown.box_moving.add(seat)
            self.table.flying.append(marker)

        def land() -> None:
            if marker in self.table.flying:
                self.table.flying.remove(marker)
            shown.box_moving.discard(seat)
            shown.boxes[seat] = event.total
            self.pop_at((marker.pos[0], marker.pos[1] - 30), t("nostalgic_table.pop.boxes", n=event.count))
            self.table.app.audio.play(SOUNDS["chip"])

        duration = min(MAX_STEP_TIME, STEP_TIME * 2 * max(1, len(points) - 1) + 0.1)
        walk = PathStep(marker, points, duration, land)
        self.table.animator.add(anim.Sequence(anim.Call(leave), walk, anim.Wait(0.1)))

    # ----- the round and game end -----------------------------------------------------------------------
    def animate_round_card_passed(self, event: RoundCardPassed) -> None:
        """The round card slides to the next start player."""
        shown = self.table.shown
        card = Piece(nart.round_card(min(shown.round + 1, self.table.match.players - 1), ROUND_CARD_W,
                                     rounds=self.table.match.players),
                     self.table.geometry.round_card_pos(shown.start_seat))
        shown.round_card_moving = True
        self.table.flying.append(card)

        def land() -> None:
            if card in self.table.flying:
                self.table.flying.remove(card)
            shown.round_card_moving = False
            shown.start_seat = event.to_seat

        self.table.animator.add(PathStep(card, [card.pos, self.table.geometry.round_card_pos(event.to_seat)], 0.5, land))

    def show_final_scored(self, event: FinalScored) -> None:
        """The game's final scoring in a panel, step by step."""
        ended = next((item for item in self.table.pending if isinstance(item, GameEnded)), None)
        next_game = next((item for item in self.table.pending if isinstance(item, GameStarted)), None)
        if ended is not None and next_game is not None and \
                self.table.pending.index(next_game) < self.table.pending.index(ended):
            ended = None

        def open_panel() -> None:
            self.table.app.audio.play("round_end")
            self.table.toast.hide()
            self.table.drop_held()
            self.table.clear_selection()
            self.table.panel = FinalPanel(self.table, event, ended, next_game)

        self.table.animator.add(self.table.panel_after(open_panel, 0.4))
