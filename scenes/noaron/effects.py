"""Rules events -> animations on the ノアロン table: stake cards counted out, piles seeded, the deal
card by card, two cards taken into the reserve spot, a pair sliding onto the piles, the reserve pair
dropping into the hand, the deck rebuilt, the "Noaron!" call, the settlement and the payment.

Each handler starts its animation on ``self.animator`` (the next event waits for it); the counts
the still layer shows change when a card leaves or lands, so the picture follows the cards.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any

from game.i18n import t
from game.rules.noaron import (
    LEFT,
    RIGHT,
    DeckRebuilt,
    Declared,
    Discarded,
    GameEnded,
    HandDealt,
    Inserted,
    PileSeeded,
    RoundStarted,
    Settled,
    StakesDealt,
    Took,
    TurnPassed,
)
from scenes.engine import anim
from scenes.noaron.layout import DECK_SCALE, PILE_SCALE, RESERVE_SCALE, STAKE_SCALE, Point, pile_top_offset
from scenes.noaron.panels import SettlementPanel
from scenes.noaron.sprites import NoaronCard
from scenes.table.pieces import card_rect
from scenes.table.playback import take_following

if TYPE_CHECKING:

    from scenes.noaron.view import NoaronView

# ----- timings (seconds at normal speed; the animator scales them) ---------------------------------
DEAL_GAP = 0.045
DEAL_FLIGHT = 0.28
STAKE_GAP = 0.05
SLIDE = 0.36


class NoaronEffects:
    """The event handlers and animations of ``NoaronTable`` (a part the table owns; the table holds
    the pieces' state, and ``NoaronView`` declares what this uses of it)."""

    def __init__(self, table: NoaronView) -> None:
        self.table = table

    def event_handlers(self) -> dict[type, Callable[[Any], None]]:
        """Event type -> animation; after any of them the hints are re-read once at rest."""
        return {kind: self._then_rehint(handler) for kind, handler in self._animations().items()}

    def _then_rehint(self, handler: Callable[[Any], None]) -> Callable[[Any], None]:
        """``handler``, marking the hints stale (they are re-read when the pieces come to rest)."""
        def run(event: Any) -> None:
            self.table.hints_stale = True
            handler(event)

        return run

    def _animations(self) -> dict[type, Callable[[Any], None]]:
        """Event type -> the animation that shows it."""
        return {
            StakesDealt: self.animate_stakes,
            RoundStarted: self.animate_round_start,
            PileSeeded: self.animate_pile_seeded,
            HandDealt: self.animate_deal,
            Took: self.animate_took,
            DeckRebuilt: self.animate_deck_rebuilt,
            Discarded: self.animate_discarded,
            Inserted: self.animate_inserted,
            Declared: self.animate_declared,
            TurnPassed: self.animate_turn_passed,
            Settled: self.show_settlement,
            GameEnded: self.table.finish_match,
        }

    def animate_stakes(self, event: StakesDealt) -> None:
        """Stake cards counted out face down, one to each side in turn."""
        self.table.dealing = True
        steps: list[anim.Step] = []
        number = 0
        for index in range(max(event.counts)):
            for seat in (0, 1):
                if index >= event.counts[seat]:
                    continue
                steps.append(anim.Sequence(anim.Wait(STAKE_GAP * number), self._stake_one(seat, index,
                                                                                       event.counts[seat])))
                number += 1
        self.table.app.audio.play("deal")
        self.table.animator.add(anim.Sequence(anim.Parallel(*steps), anim.Wait(0.15)))

    def _stake_one(self, seat: int, index: int, count: int) -> anim.Step:
        """One face-down stake card from the deck to its place in the seat's row."""
        sprite = NoaronCard(None, self.table.geometry.deck, scale=DECK_SCALE, face_up=False)
        sprite.visible = False

        def leave() -> None:
            sprite.visible = True
            self.table.deck_count = max(0, self.table.deck_count - 1)

        def arrive() -> None:
            self.table.stake_counts[seat] += 1

        return anim.Sequence(anim.Call(leave), self.table.fly(sprite, self.table.stake_slot(seat, index, count), 0.0,
                                                        DEAL_FLIGHT, scale_to=STAKE_SCALE, on_land=arrive))

    def animate_round_start(self, event: RoundStarted) -> None:
        """Every hand and pile card goes back under the deck; the round number turns."""
        self.table.dealing = True
        flights: list[anim.Step] = []
        deck = self.table.geometry.deck
        for seat, row in self.table.rows.items():
            for sprite in row.cards:
                flights.append(self.table.fly(sprite, deck, 0.0, SLIDE, flip_to=0.0, scale_to=DECK_SCALE))
            row.cards = []
            row.frame = None
        for (seat, pile), cards in self.table.piles.items():
            if cards:
                sprite = NoaronCard(cards[-1], self.table.pile_top(seat, pile), scale=PILE_SCALE)
                flights.append(self.table.fly(sprite, deck, 0.0, SLIDE, flip_to=0.0, scale_to=DECK_SCALE))
            self.table.piles[(seat, pile)] = []
        for sprite in self.table.reserve:
            flights.append(self.table.fly(sprite, deck, 0.0, SLIDE, flip_to=0.0, scale_to=DECK_SCALE))
        self.table.reserve = []
        self.table.clear_selection()

        def gathered() -> None:
            self.table.deck_count = 72 - sum(self.table.stake_counts) - sum(self.table.paid_counts)
            self.table.shown_round = event.round

        if flights:
            self.table.app.audio.play("card_slide")
        self.table.animator.add(anim.Sequence(anim.Parallel(*flights), anim.Call(gathered)))

    def animate_pile_seeded(self, event: PileSeeded) -> None:
        """A card from the deck turns face up onto a discard pile."""
        sprite = NoaronCard(event.card, self.table.geometry.deck, scale=DECK_SCALE, face_up=False)
        self.table.deck_count = max(0, self.table.deck_count - 1)
        target = self.table.pile_centre(event.seat, event.pile)
        key = (event.seat, event.pile)
        self.table.app.audio.play("card_flip")
        self.table.animator.add(self.table.fly(sprite, target, 0.0, SLIDE * 0.8, flip_to=1.0, scale_to=PILE_SCALE,
                                   on_land=lambda: self.table.piles[key].append(event.card)))

    def animate_deal(self, event: HandDealt) -> None:
        """Cards fly one at a time to each side in turn, into the rows in order; the viewer's
        then turn face up where they lie (a hand is never sorted). Consecutive deals merge."""
        deals = [event, *take_following(self.table.pending, HandDealt)]
        self.table.app.audio.play("deal")
        obs = self.table.observation()
        steps: list[anim.Step] = []
        number = 0
        for index in range(max(deal.count for deal in deals)):
            for deal in deals:
                if index >= deal.count:
                    continue
                value = obs.hand[index] if deal.seat == self.table.bottom and obs.seat == deal.seat \
                    and index < len(obs.hand) else None
                steps.append(anim.Sequence(anim.Wait(DEAL_GAP * number),
                                           self._deal_one(deal.seat, index, deal.count, value)))
                number += 1
        self.table.dealing = True
        self.table.animator.add(anim.Sequence(anim.Parallel(*steps), anim.Call(self._reveal_hand), anim.Wait(0.2),
                                        anim.Call(self._dealt)))

    def _dealt(self) -> None:
        """The deal is shown: the status line may speak of turns again."""
        self.table.dealing = False

    def _deal_one(self, seat: int, index: int, count: int, value: str | None) -> anim.Step:
        """One face-down card from the deck to slot ``index`` of the seat's row."""
        row = self.table.rows[seat]
        sprite = NoaronCard(value, self.table.geometry.deck, scale=DECK_SCALE, face_up=False)
        sprite.visible = False
        target = (row.slot_x(index, count), row.centre[1])

        def leave() -> None:
            sprite.visible = True
            self.table.deck_count = max(0, self.table.deck_count - 1)

        return anim.Sequence(anim.Call(leave), self.table.fly(sprite, target, 0.0, DEAL_FLIGHT, scale_to=row.scale,
                                                        on_land=lambda: row.cards.append(sprite)))

    def _reveal_hand(self) -> None:
        """Turn the viewer's dealt cards face up, left to right."""
        flips = [anim.Tween(card, "flip", 1.0, 0.2, anim.ease_in_out_sine) for card in self.table.hand.cards
                 if card.value is not None and not self.table.hand_hidden]
        if flips:
            self.table.app.audio.play("card_flip")
            self.table.animator.add(anim.stagger(flips, 0.04))

    def animate_took(self, event: Took) -> None:
        """Two cards go to the taker's reserve spot, keeping their order as the taker sees it."""
        seat = event.seat
        side = self.table.side(seat)
        obs = self.table.observation()
        known = list(obs.reserve) if seat == obs.seat or event.cards else []
        origins: list[tuple[Point, str | None, float]] = []
        if event.source == "deck":
            for _ in range(2):
                origins.append((self.table.geometry.deck, None, DECK_SCALE))
                self.table.deck_count = max(0, self.table.deck_count - 1)
        else:
            owner = seat if event.source == "mine" else 1 - seat
            order = (LEFT, RIGHT) if event.source == "mine" else (RIGHT, LEFT)
            for pile in order:
                cards = self.table.piles[(owner, pile)]
                origins.append((self.table.pile_top(owner, pile), cards[-1] if cards else None, PILE_SCALE))
                if cards:
                    cards.pop()
        self.table.reserve = []
        self.table.reserve_seat = seat
        flights: list[anim.Step] = []
        for index, (origin, face, scale) in enumerate(origins):
            value = event.cards[index] if event.cards else (known[index] if index < len(known) else None)
            sprite = NoaronCard(value, origin, scale=scale, face_up=face is not None)
            self.table.reserve.append(sprite)
            flip = 1.0 if value is not None else None
            flights.append(anim.Sequence(anim.Wait(0.08 * index),
                                         self.table.fly(sprite, self.table.reserve_spot(seat, index), 0.0, SLIDE,
                                                  flip_to=flip, scale_to=RESERVE_SCALE[side])))
        self.table.app.audio.play("card_slide")
        self.table.animator.add(anim.Parallel(*flights))

    def animate_deck_rebuilt(self, event: DeckRebuilt) -> None:
        """Every pile but its top card goes face down into a new deck."""
        flights: list[anim.Step] = []
        deck = self.table.geometry.deck
        for (seat, pile), cards in self.table.piles.items():
            if len(cards) > 1:
                sprite = NoaronCard(cards[-2], self.table.pile_centre(seat, pile), scale=PILE_SCALE)
                flights.append(self.table.fly(sprite, deck, 0.0, SLIDE, flip_to=0.0, scale_to=DECK_SCALE))
                self.table.piles[(seat, pile)] = cards[-1:]

        def rebuilt() -> None:
            self.table.deck_count = event.count

        self.table.app.audio.play("card_slide")
        self.table.animator.add(anim.Sequence(anim.Parallel(*flights), anim.Call(rebuilt)))
        self.bubble_at(-1, t("noaron_table.deck_rebuilt"))

    def animate_discarded(self, event: Discarded) -> None:
        """The pair leaves the hand: its left card onto the left pile, its right onto the right."""
        row = self.table.rows[event.seat]
        row.pair = None
        row.pair_color = None
        row.pair_tag = ""
        flights: list[anim.Step] = []
        taken = row.cards[event.index:event.index + 2]
        del row.cards[event.index:event.index + 2]
        for offset, pile in enumerate((LEFT, RIGHT)):
            card = event.cards[offset]
            if offset < len(taken):
                sprite = taken[offset]
            else:
                sprite = NoaronCard(None, row.centre, scale=row.scale, face_up=False)
            flip = sprite.flip < 0.5
            sprite.value = card
            sprite.dim = False
            key = (event.seat, pile)
            target = self.table.pile_centre(event.seat, pile)
            dx, dy = pile_top_offset(len(self.table.piles[key]) + 1)
            flights.append(anim.Sequence(anim.Wait(0.06 * offset), self.table.fly(
                sprite, (target[0] + dx, target[1] + dy), 0.0, SLIDE, flip_to=1.0 if flip else None,
                scale_to=PILE_SCALE, on_land=partial(self._land_on_pile, key, card))))
        row.frame = None
        row.layout(self.table.animator, 0.3)
        self.table.app.audio.play("card_slide")
        self.table.animator.add(anim.Parallel(*flights))
        left, right = (card_rect(self.table.pile_centre(event.seat, pile), PILE_SCALE) for pile in (LEFT, RIGHT))
        self.table.mark_move(left.union(right), event.seat)

    def _land_on_pile(self, key: tuple[int, int], card: str) -> None:
        """A discarded card lands: the pile shows it."""
        self.table.piles[key].append(card)

    def animate_inserted(self, event: Inserted) -> None:
        """The reserve pair drops into the hand at the chosen place (face down for the opponent)."""
        row = self.table.rows[event.seat]
        sprites = [card for card in self.table.reserve]
        row.cards = [card for card in row.cards if card not in sprites]
        mine = event.seat == self.table.bottom and self.table.observation().seat == event.seat and not self.table.hand_hidden
        for sprite in sprites:
            sprite.dim = False
            if not mine:
                sprite.value = None if sprite.flip < 0.5 else sprite.value
        row.cards[event.index:event.index] = sprites
        self.table.reserve = []
        self.table.reserve_seat = -1
        row.pair = None
        row.pair_color = None
        row.pair_tag = ""
        row.frame = None
        flips: list[anim.Step] = []
        if not mine:
            for sprite in sprites:
                if sprite.value is not None:
                    flips.append(anim.Sequence(anim.Tween(sprite, "flip", 0.0, 0.25, anim.ease_in_out_sine),
                                               anim.Call(partial(setattr, sprite, "value", None))))
        row.layout(self.table.animator, 0.32)
        self.table.app.audio.play("card_slide")
        self.table.animator.add(anim.Parallel(*flips, anim.Wait(0.32)))

    def animate_declared(self, event: Declared) -> None:
        """A "Noaron!" call at the declaring player."""
        self.table.app.audio.play("round_end")
        self.bubble_at(event.seat, t("noaron_table.declare_call"))
        self.table.animator.add(anim.Wait(0.8))

    def animate_turn_passed(self, event: TurnPassed) -> None:
        """A short beat between turns."""
        self.table.animator.add(anim.Wait(0.15))

    def bubble_at(self, seat: int, text: str) -> None:
        """A speech bubble at a seat's plate (or at the deck for ``seat`` -1)."""
        if seat < 0:
            x, y = self.table.geometry.deck
            y -= 90
            below = False
        else:
            x, y = self.table.geometry.plate(seat)
            below = self.table.side(seat) == "top"
            y = y + 44 if below else y - 44
        self.table.show_bubble(text, (x, y), below=below)

    def show_settlement(self, event: Settled) -> None:
        """Both hands are shown with their cuts, then the settlement, step by step."""
        def open_panel() -> None:
            self.table.panel = SettlementPanel(self.table, event)
            self.table.clear_selection()
            self.table.refresh_hints()

        self.table.animator.add(self.table.panel_after(open_panel, 0.3))

    def animate_payment(self, event: Settled) -> None:
        """The loser's paid stake cards move from their row to the paid heap, one by one."""
        seat = event.loser
        count = self.table.stake_counts[seat]
        steps: list[anim.Step] = []
        for number in range(event.paid):
            index = count - 1 - number
            if index < 0:
                break
            sprite = NoaronCard(None, self.table.stake_slot(seat, index, count), scale=STAKE_SCALE, face_up=False)

            def leave() -> None:
                self.table.stake_counts[seat] = max(0, self.table.stake_counts[seat] - 1)

            def land() -> None:
                self.table.paid_counts[seat] += 1

            steps.append(anim.Sequence(anim.Wait(0.12 * number), anim.Call(leave),
                                       self.table.fly(sprite, self.table.paid_pos(seat), 0.0, SLIDE, on_land=land)))
        self.table.ambient.add(anim.Parallel(*steps))
