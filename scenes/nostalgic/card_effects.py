"""Nostalgic's cards and chips on their ways (``NostalgicCardEffects``, a part ``NostalgicEffects``
owns): cards dealt from the deck to the hands and to the closet row, taken from the row or the deck,
the untaken ones cleared to the discards; reroll chips given and taken from the supply, spent back
to it; and at the second game's start everything gathered back.

Like the rest of the effects it follows the table shown (``Shown``): a card or chip counts where it
is once it lands, so the still layer never shows a piece twice.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from game.i18n import t
from game.rules.nostalgic import (
    DECK_SOURCE,
    FACE_UP,
    CardTaken,
    ChipsGiven,
    ChipSpent,
    ChipTaken,
    GameStarted,
    HandDealt,
    RowCleared,
    RowDealt,
)
from scenes.engine import anim
from scenes.nostalgic import art as nart
from scenes.nostalgic.layout import CHIP_SIZE, Point, hand_order
from scenes.nostalgic.sprites import NostalgicCard, PathStep, Piece
from scenes.table import art
from scenes.table.playback import take_following

if TYPE_CHECKING:
    from scenes.nostalgic.view import NostalgicView

# ----- timings (seconds at normal speed; the animator scales them) ---------------------------------
DEAL_GAP = 0.06  # between two cards (or chips) of one deal
FLIGHT = 0.42

# the synth's sounds that fit each moment best (the dice's and the tracks' too)
SOUNDS = {"throw": "dice_roll", "land": "dice_land", "chip": "chip", "bonus": "pass", "slide": "card_slide",
          "flip": "card_flip", "deal": "deal"}


class NostalgicCardEffects:
    """Rules events about cards and chips -> animations (see the module docstring; what it uses of
    the table is ``NostalgicView``)."""

    def __init__(self, table: NostalgicView) -> None:
        self.table = table

    def event_handlers(self) -> dict[type, Callable[[Any], None]]:
        """Event type -> animation, for the card and chip events."""
        return {
            GameStarted: self.animate_game_started,
            HandDealt: self.animate_hand_dealt,
            RowDealt: self.animate_row_dealt,
            ChipsGiven: self.animate_chips_given,
            ChipSpent: self.animate_chip_spent,
            ChipTaken: self.animate_chip_taken,
            CardTaken: self.animate_card_taken,
            RowCleared: self.animate_row_cleared,
        }

    # ----- flights --------------------------------------------------------------------------------------
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

    # ----- dealing --------------------------------------------------------------------------------------
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
        deals = [event, *take_following(self.table.pending, HandDealt)]
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
        deals = [event, *take_following(self.table.pending, RowDealt)]
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

    def animate_chips_given(self, event: ChipsGiven) -> None:
        """Chips hop from the supply to the seats (gifts in a row go together)."""
        gifts = [event, *take_following(self.table.pending, ChipsGiven)]
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

    # ----- taking and spending --------------------------------------------------------------------------
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
