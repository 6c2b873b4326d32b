"""Nostalgic's effects: every rules event becomes an animation (``NostalgicEffects``).

At a round start everyone's dice are thrown onto the table (``scenes.table.dice_throw.DiceThrow``:
the faces come from the rules' ``DiceThrown`` events, the throw only shows them), tumble, bounce
and settle in front of their owners; doubles flash their NP. A placed die slides into its
balloon; its effect plays out: the NP marker walks along the track, boxes stack up on the box
track with their bonus popping, a card flies into a hand, a chip lands. A reroll throws only the
chosen dice again and the spent chip flies back to the supply. The end of a game opens the
final-scoring panel.

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
    DECK_SOURCE,
    FACE_UP,
    BoxesPacked,
    CardTaken,
    ChipsGiven,
    ChipSpent,
    ChipTaken,
    DiceCollected,
    DiceThrown,
    DiePlaced,
    FinalScored,
    GameEnded,
    GameStarted,
    HandDealt,
    NpGained,
    Reshuffled,
    RoundCardPassed,
    RoundStarted,
    RowCleared,
    RowDealt,
)
from scenes.engine import anim
from scenes.engine.ui import signed_text
from scenes.nostalgic import art as nart
from scenes.nostalgic.art import seat_colour
from scenes.nostalgic.art_table import pop_badge
from scenes.nostalgic.layout import (
    BOARD_SIZE,
    BOARD_TOPLEFT,
    BOX_MARKER_SIZE,
    CHIP_SIZE,
    MARKER_SIZE,
    ROUND_CARD_W,
    Point,
    hand_order,
    path_points,
)
from scenes.nostalgic.panels import FinalPanel
from scenes.nostalgic.sprites import (
    DieShown,
    DieSprite,
    Flash,
    NostalgicCard,
    PathStep,
    Piece,
    Pop,
    Throw,
    ThrowStep,
)
from scenes.table import art
from scenes.table.dice_throw import DiceThrow, painter

if TYPE_CHECKING:
    from scenes.nostalgic.view import NostalgicView

# ----- timings (seconds at normal speed; the animator scales them) ---------------------------------
SLIDE = 0.36
DEAL_GAP = 0.06
FLIGHT = 0.42
STEP_TIME = 0.11  # a marker's hop from one track cell to the next
MAX_STEP_TIME = 1.1  # a long walk is quicker per cell

# the synth's sounds that fit each moment best
SOUNDS = {"throw": "dice_roll", "land": "dice_land", "chip": "chip", "bonus": "pass", "slide": "card_slide",
          "flip": "card_flip", "deal": "deal"}


class NostalgicEffects:
    """Rules events -> animations, for ``NostalgicTable`` (a part the table owns; what it uses of
    the table is ``NostalgicView``)."""

    def __init__(self, table: NostalgicView) -> None:
        self.table = table

    def event_handlers(self) -> dict[type, Callable[[Any], None]]:
        """Event type -> animation."""
        return {
            GameStarted: self.animate_game_started,
            HandDealt: self.animate_hand_dealt,
            RowDealt: self.animate_row_dealt,
            Reshuffled: self.animate_reshuffled,
            ChipsGiven: self.animate_chips_given,
            RoundStarted: self.animate_round_started,
            DiceThrown: self.animate_dice_thrown,
            ChipSpent: self.animate_chip_spent,
            DiePlaced: self.animate_die_placed,
            NpGained: self.animate_np_gained,
            BoxesPacked: self.animate_boxes_packed,
            ChipTaken: self.animate_chip_taken,
            CardTaken: self.animate_card_taken,
            RowCleared: self.animate_row_cleared,
            DiceCollected: self.animate_dice_collected,
            RoundCardPassed: self.animate_round_card_passed,
            FinalScored: self.show_final_scored,
            GameEnded: self.table.finish_match,
        }

    # ----- badges, bubbles, flights ----------------------------------------------------------------
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

    def _card_flight(self, card: str | None, start: Point, scale: float, target: Point, scale_to: float,
                     flip_to: float, delay: float, on_leave: Callable[[], None] | None,
                     on_land: Callable[[], None] | None) -> anim.Step:
        """A card from ``start`` to ``target`` (turning face up or down), after ``delay``."""
        sprite = NostalgicCard(card, start, scale=scale, face_up=card is not None and flip_to < 0.5)
        sprite.flip = 1.0 if (card is not None and flip_to < 0.5) else 0.0
        sprite.visible = False

        def leave() -> None:
            sprite.visible = True
            if on_leave is not None:
                on_leave()

        return anim.Sequence(anim.Wait(delay), anim.Call(leave),
                             self.table.fly(sprite, target, 0.0, FLIGHT,
                                      flip_to=flip_to if card is not None else None, scale_to=scale_to,
                                      on_land=on_land))

    def deck_scale(self) -> float:
        """The scale of a card lying on the deck or in a closet slot."""
        return self.table.geometry.deck_rect().width / art.CARD_SIZE[0]

    def _chip_flight(self, start: Point, target: Point, delay: float, on_leave: Callable[[], None] | None,
                     on_land: Callable[[], None] | None) -> anim.Step:
        """A reroll chip hops from ``start`` to ``target``."""
        chip = Piece(nart.chip(CHIP_SIZE), start)
        chip.visible = False

        def leave() -> None:
            chip.visible = True
            self.table.flying.append(chip)
            if on_leave is not None:
                on_leave()

        def land() -> None:
            if chip in self.table.flying:
                self.table.flying.remove(chip)
            if on_land is not None:
                on_land()

        flight = PathStep(chip, [start, target], FLIGHT, land)
        return anim.Sequence(anim.Wait(delay), anim.Call(leave), flight)

    # ----- cards and chips --------------------------------------------------------------------------
    def animate_game_started(self, event: GameStarted) -> None:
        """A new game: the second one gathers the cards and chips back (NP and boxes stay)."""
        shown = self.table.shown
        steps: list[anim.Step] = []
        if event.game > 0:
            for seat in range(shown.players):
                for index in range(shown.hand_counts[seat]):
                    pos, scale = self.table.geometry.hand_slot(seat, index, shown.hand_counts[seat])
                    face = shown.hand[index] if seat == self.table.bottom and index < len(shown.hand) else None
                    steps.append(self._card_flight(face, pos, scale, self.table.geometry.deck_rect().center,
                                                   self.deck_scale(), 0.0, DEAL_GAP * index, None, None))
                for number in range(shown.chips[seat]):
                    steps.append(self._chip_flight(self.table.geometry.chip_pos(seat),
                                                   self.table.geometry.supply_rect().center,
                                                   DEAL_GAP * number, None, None))
            shown.hand_counts = [0] * shown.players
            shown.hand = []
            shown.supply += sum(shown.chips)
            shown.chips = [0] * shown.players
            shown.row = [None] * FACE_UP
            shown.discard = 0
            text = t("nostalgic_table.toast.second_game", player=self.table.name_of(event.start_seat))
            self.table.toast.show(text, 3.5)
        shown.game = event.game
        shown.direction = event.direction
        shown.start_seat = event.start_seat
        obs = self.table.observation()
        if event.game == obs.game:
            laid = sum(1 for card in obs.row if card is not None)
            shown.deck = obs.deck_count + sum(obs.hand_counts) + laid
            shown.supply = obs.chip_supply + sum(obs.chips)
        self.table.clear_selection()
        self.table.animator.add(anim.Parallel(*steps, anim.Wait(0.25)))

    def animate_hand_dealt(self, event: HandDealt) -> None:
        """Cards in a row are dealt together: each flies from the deck to its hand (the viewer's turns up)."""
        deals = [event]
        while self.table.pending and isinstance(self.table.pending[0], HandDealt):
            deals.append(self.table.pending.popleft())  # type: ignore[arg-type]
        self.table.app.audio.play(SOUNDS["deal"])
        new_faces = self._new_hand_faces()
        steps = []
        for number, deal in enumerate(deals):
            face = new_faces.pop(0) if deal.seat == self.table.bottom and new_faces else None
            steps.append(self._deal_to_hand(deal.seat, face, DEAL_GAP * number))
        self.table.animator.add(anim.Parallel(*steps))

    def _new_hand_faces(self) -> list[str]:
        """The viewer's cards in the observation that the table does not show yet."""
        obs = self.table.observation()
        if self.table.bottom != obs.seat:
            return []
        missing = Counter(obs.hand) - Counter(self.table.shown.hand)
        return sorted(missing.elements(), key=hand_order)

    def _deal_to_hand(self, seat: int, face: str | None, delay: float) -> anim.Step:
        """One card from the deck to the end of a seat's hand."""
        shown = self.table.shown
        count = shown.hand_counts[seat] + 1
        target, scale = self.table.geometry.hand_slot(seat, count - 1, count)

        def leave() -> None:
            shown.deck = max(0, shown.deck - 1)

        def land() -> None:
            shown.hand_counts[seat] += 1
            if face is not None:
                shown.hand = sorted([*shown.hand, face], key=hand_order)

        turn_up = 1.0 if face is not None and not self.table.hand_hidden else 0.0
        return self._card_flight(face, self.table.geometry.deck_rect().center, self.deck_scale(), target, scale,
                                 turn_up, delay, leave, land)

    def animate_row_dealt(self, event: RowDealt) -> None:
        """Face-up cards in a row are laid out together, each turning up on its closet slot."""
        deals = [event]
        while self.table.pending and isinstance(self.table.pending[0], RowDealt):
            deals.append(self.table.pending.popleft())  # type: ignore[arg-type]
        self.table.app.audio.play(SOUNDS["flip"])
        steps = []
        for number, deal in enumerate(deals):
            slot = self.table.geometry.slot_rect(deal.slot)

            def leave() -> None:
                self.table.shown.deck = max(0, self.table.shown.deck - 1)

            def land(deal: RowDealt = deal) -> None:
                self.table.shown.row[deal.slot] = deal.card

            sprite = NostalgicCard(deal.card, self.table.geometry.deck_rect().center, scale=self.deck_scale(),
                                   face_up=False)
            sprite.flip = 0.0
            sprite.visible = False

            def show(sprite: NostalgicCard = sprite) -> None:
                sprite.visible = True

            steps.append(anim.Sequence(anim.Wait(DEAL_GAP * number), anim.Call(show), anim.Call(leave),
                                       self.table.fly(sprite, slot.center, 0.0, FLIGHT, flip_to=1.0,
                                                scale_to=slot.width / art.CARD_SIZE[0], on_land=land)))
        self.table.animator.add(anim.Parallel(*steps))

    def animate_reshuffled(self, event: Reshuffled) -> None:
        """The discards become the new deck."""
        self.table.shown.deck += event.count
        self.table.shown.discard = 0
        self.table.app.audio.play(SOUNDS["deal"])
        deck = self.table.geometry.deck_rect()
        self.pop_at((deck.centerx, deck.top - 20), t("nostalgic_table.pop.reshuffled"))
        self.table.animator.add(anim.Wait(0.35))

    def animate_chips_given(self, event: ChipsGiven) -> None:
        """Chips hop from the supply to the seats (gifts in a row go together)."""
        gifts = [event]
        while self.table.pending and isinstance(self.table.pending[0], ChipsGiven):
            gifts.append(self.table.pending.popleft())  # type: ignore[arg-type]
        steps: list[anim.Step] = []
        for gift in gifts:
            for number in range(gift.count):
                def leave() -> None:
                    self.table.shown.supply = max(0, self.table.shown.supply - 1)

                def land(seat: int = gift.seat) -> None:
                    self.table.shown.chips[seat] += 1

                steps.append(self._chip_flight(self.table.geometry.supply_rect().center,
                                               self.table.geometry.chip_pos(gift.seat),
                                               DEAL_GAP * len(steps), leave, land))
        self.table.app.audio.play(SOUNDS["chip"])
        self.table.animator.add(anim.Parallel(*steps))

    def animate_round_started(self, event: RoundStarted) -> None:
        """A round begins: the round's number pops over the board."""
        self.table.shown.round = event.round
        self.table.shown.start_seat = event.start_seat
        board = pygame.Rect(BOARD_TOPLEFT, BOARD_SIZE)
        self.pop_at((board.centerx, board.centery - 40), t("nostalgic_table.pop.round", n=event.round + 1,
                                                           total=self.table.match.players))
        self.table.animator.add(anim.Wait(0.3))

    # ----- dice ---------------------------------------------------------------------------------------
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
            else:
                gains.append(item)  # type: ignore[arg-type]
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

    def animate_chip_spent(self, event: ChipSpent) -> None:
        """The chip flies back from the seat to the supply."""
        def leave() -> None:
            self.table.shown.chips[event.seat] = max(0, self.table.shown.chips[event.seat] - 1)

        def land() -> None:
            self.table.shown.supply += 1

        self.table.app.audio.play(SOUNDS["chip"])
        flight = self._chip_flight(self.table.geometry.chip_pos(event.seat), self.table.geometry.supply_rect().center,
                                   0.0, leave, land)
        self.table.animator.add(flight)

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

    # ----- effects -------------------------------------------------------------------------------------
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

    def animate_chip_taken(self, event: ChipTaken) -> None:
        """A chip hops from the supply to the seat."""
        def leave() -> None:
            self.table.shown.supply = max(0, self.table.shown.supply - 1)

        def land() -> None:
            self.table.shown.chips[event.seat] += 1

        self.table.app.audio.play(SOUNDS["chip"])
        flight = self._chip_flight(self.table.geometry.supply_rect().center, self.table.geometry.chip_pos(event.seat),
                                   0.0, leave, land)
        self.table.animator.add(flight)

    def animate_card_taken(self, event: CardTaken) -> None:
        """The card flies to the hand: from its slot face up, or from the deck (the taker's turns up)."""
        shown = self.table.shown
        seat = event.seat
        count = shown.hand_counts[seat] + 1
        target, scale = self.table.geometry.hand_slot(seat, count - 1, count)
        mine = seat == self.table.bottom and self.table.bottom == self.table.observation().seat
        if event.source == DECK_SOURCE:
            faces = self._new_hand_faces() if mine else []
            face = faces[0] if faces else None
            self.table.animator.add(self._deal_to_hand(seat, face, 0.0))
            self.table.app.audio.play(SOUNDS["deal"])
            return
        card = event.card if event.card is not None else shown.row[event.source]
        slot = self.table.geometry.slot_rect(event.source)

        def leave() -> None:
            shown.row[event.source] = None

        def land() -> None:
            shown.hand_counts[seat] += 1
            if mine and card is not None:
                shown.hand = sorted([*shown.hand, card], key=hand_order)

        sprite = NostalgicCard(card, slot.center, scale=slot.width / art.CARD_SIZE[0])
        self.table.app.audio.play(SOUNDS["slide"])
        keep_face = mine and not self.table.hand_hidden
        flight = self.table.fly(sprite, target, 0.0, FLIGHT, flip_to=1.0 if keep_face else 0.0, scale_to=scale,
                          on_land=land)
        self.table.animator.add(anim.Sequence(anim.Call(leave), flight))
        self.table.mark_move(slot, seat)  # the closet slot it left: which card went

    def animate_row_cleared(self, event: RowCleared) -> None:
        """The untaken face-up cards slide to the discards."""
        shown = self.table.shown
        steps: list[anim.Step] = []
        for slot, card in enumerate(list(shown.row)):
            if card is None:
                continue
            rect = self.table.geometry.slot_rect(slot)
            sprite = NostalgicCard(card, rect.center, scale=rect.width / art.CARD_SIZE[0])

            def land() -> None:
                shown.discard += 1

            steps.append(anim.Sequence(anim.Wait(0.04 * len(steps)),
                                       self.table.fly(sprite, self.table.geometry.discard_pos(), 12.0, FLIGHT,
                                                flip_to=0.0, on_land=land)))
        shown.row = [None] * FACE_UP
        self.table.animator.add(anim.Parallel(*steps) if steps else anim.Wait(0.05))

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
