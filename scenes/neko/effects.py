"""Neko's event playback: each rules event becomes an animation (``NekoEffects``).

A deal flies the cards round-robin from the pile and turns the viewer's face up; a played card
leaves its hand (a back turning over) and slides onto its stack; the cat drops in or hops; a pass
shows a bubble; a round's end sends the cat to the winner's plate and opens the ``RoundPanel``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from game.i18n import t
from game.rules.neko import (
    DECK,
    NOBODY,
    CardPlayed,
    CatMoved,
    Dealt,
    GameEnded,
    MustPlay,
    Passed,
    RoundEnded,
    RoundStarted,
    StackBuilt,
)
from scenes.engine import anim
from scenes.neko.panels import RoundPanel
from scenes.table.pieces import CardSprite, HandFan, StackView, card_rect
from scenes.table.playback import take_following

if TYPE_CHECKING:
    from scenes.neko.view import NekoView

# ----- timings (seconds at normal speed; the animator scales them) -----------------------------------
DEAL_GAP = 0.07
DEAL_FLIGHT = 0.3
SLIDE = 0.4
COLLECT = 0.35
HOP = 0.42
PASS_PAUSE = 0.3


class NekoEffects:
    """Rules events -> animations, for ``NekoTable`` (``NekoView``: what it uses from the table)."""

    def __init__(self, table: NekoView) -> None:
        self.table = table

    def event_handlers(self) -> dict[type, Callable[[Any], None]]:
        """Event type -> animation."""
        return {
            RoundStarted: self.animate_round_start,
            Dealt: self.animate_dealt,
            StackBuilt: self.animate_stack_built,
            CardPlayed: self.animate_card_played,
            Passed: self.animate_pass,
            MustPlay: self.announce_must_play,
            CatMoved: self.animate_cat,
            RoundEnded: self.show_round_end,
            GameEnded: self.table.finish_match,
        }

    def animate_dealt(self, event: Dealt) -> None:
        """A deal and the deals queued right after it become one round-robin deal."""
        deals = [event, *take_following(self.table.pending, Dealt)]
        self.animate_deal(deals)

    def animate_round_start(self, event: RoundStarted) -> None:
        """Gather every card back into the pile, then set the new round number."""
        self.table.cat.visible = False
        self.table.cat_position = -1
        flights: list[anim.Step] = []
        for view in self.table.stacks:
            for value, tilt in zip(view.cards[-3:], view.tilts[-3:]):
                sprite = CardSprite(value, view.top_pos(), angle=tilt)
                flights.append(self.table.fly(sprite, self.table.geometry.deck, 0.0, COLLECT, flip_to=0.0))
            view.set_cards([])
        for fan in self.table.fans.values():
            for sprite in fan.cards:
                flights.append(self.table.fly(sprite, self.table.geometry.deck, 0.0, COLLECT, flip_to=0.0, scale_to=1.0))
            fan.cards = []
        self.table.hold.selected = None
        self.table.hold.drag = None

        def gathered() -> None:
            self.table.deck_count = len(DECK)
            self.table.shown_round = event.round
            self.table.salt = event.round

        self.table.animator.add(anim.Sequence(anim.Parallel(*flights), anim.Call(gathered)))

    def animate_deal(self, deals: list[Dealt]) -> None:
        """Cards fly from the pile to each seat in turn; the viewer's then flip face up."""
        self.table.app.audio.play("deal")
        hand_values = list(self.table.observation().hand)
        rounds = max(deal.count for deal in deals)
        steps: list[anim.Step] = []
        number = 0
        for card_index in range(rounds):
            for deal in deals:
                if card_index >= deal.count:
                    continue
                steps.append(anim.Sequence(anim.Wait(DEAL_GAP * number),
                                           self._deal_one(deal.seat, card_index, deal.count, hand_values)))
                number += 1
        reveal = anim.Call(self._reveal_hand)
        self.table.animator.add(anim.Sequence(anim.Parallel(*steps), reveal, anim.Wait(0.25)))

    def _deal_one(self, seat: int, index: int, count: int, hand_values: list[int]) -> anim.Step:
        """One card from the pile to ``seat``'s fan slot ``index`` (face down)."""
        fan = self.table.fans[seat]
        value = hand_values[index] if seat == self.table.viewer and index < len(hand_values) else None
        sprite = CardSprite(value, self.table.geometry.deck, face_up=False)
        sprite.visible = False
        pos, angle = fan.slot(index, count)

        def leave() -> None:
            sprite.visible = True
            self.table.deck_count = max(0, self.table.deck_count - 1)
            if index % 2 == 0:
                self.table.app.audio.play("deal")

        def arrive() -> None:
            fan.cards.append(sprite)

        return anim.Sequence(anim.Call(leave), self.table.fly(sprite, pos, angle, DEAL_FLIGHT, scale_to=fan.scale,
                                                        on_land=arrive))

    def _reveal_hand(self) -> None:
        """Turn the viewer's dealt cards face up, one after another."""
        if self.table.hand_hidden:
            return
        self.table.hand.cards.sort(key=lambda card: card.value or 0)
        self.table.hand.settle()
        flips = [anim.Tween(card, "flip", 1.0, 0.22, anim.ease_in_out_sine) for card in self.table.hand.cards
                 if card.value is not None]
        if flips:
            self.table.app.audio.play("card_flip")
            self.table.animator.add(anim.stagger(flips, 0.05))

    def animate_stack_built(self, event: StackBuilt) -> None:
        """A base card: from the pile (nobody's) or from a seat's hand, face up onto its place."""
        if event.seat == NOBODY:
            sprite = CardSprite(event.card, self.table.geometry.deck, face_up=False)
            self.table.deck_count = max(0, self.table.deck_count - 1)
            self.table.app.audio.play("card_flip")
            self._slide_to_stack(sprite, event.position, event.card, flip=True)
            return
        self.animate_card_played(CardPlayed(event.seat, event.card, event.position))

    def animate_card_played(self, event: CardPlayed) -> None:
        """The card leaves the hand (or the back fan, turning over) and slides onto the stack."""
        fan = self.table.fans[event.seat]
        sprite = self._take_from_fan(fan, event.seat, event.card)
        flip = not sprite.face_up
        sprite.value = event.card
        self.table.app.audio.play("card_slide")
        if flip:
            self.table.app.audio.play("card_flip")
        fan.layout(self.table.ambient, 0.3)
        self._slide_to_stack(sprite, event.position, event.card, flip=flip)
        self.table.mark_move(card_rect(self.table.stacks[event.position].centre), event.seat)
        self.table.refresh_hints()

    def _take_from_fan(self, fan: HandFan, seat: int, card: int) -> CardSprite:
        """Remove the played card's sprite from its fan (the dragged one if it is that card)."""
        dropped = self.table.hold.take_dropped()
        if dropped is not None and dropped[0] in fan.cards and dropped[0].value == card:
            fan.cards.remove(dropped[0])
            sprite = dropped[1]
        else:
            faces = [sprite for sprite in fan.cards if sprite.value == card]
            if faces:
                sprite = faces[0]
            elif fan.cards:
                sprite = fan.cards[len(fan.cards) // 2] if seat != self.table.viewer else fan.cards[0]
                if sprite.value is not None and seat != self.table.viewer:
                    sprite = CardSprite(None, sprite.pos, angle=sprite.angle, scale=sprite.scale, face_up=False)
            else:
                sprite = CardSprite(None, fan.anchor, scale=fan.scale, face_up=False)
        if sprite in fan.cards:
            fan.cards.remove(sprite)
        fan.raised = fan.hover = fan.focus = None
        return sprite

    def _slide_to_stack(self, sprite: CardSprite, position: int, card: int, *, flip: bool) -> None:
        """Fly ``sprite`` onto the stack at ``position``; it joins the pile when it lands."""
        view = self.table.stacks[position]
        tilt = StackView.tilt_for(len(view.cards), position + 7 * self.table.salt)

        def land() -> None:
            view.push(card, position + 7 * self.table.salt)

        self.table.animator.add(self.table.fly(sprite, view.landing_pos(), tilt, SLIDE, flip_to=1.0 if flip else None,
                                   scale_to=1.0, on_land=land))

    def animate_pass(self, event: Passed) -> None:
        """A "Pass!" bubble at the seat, then a short beat before the cat steps on."""
        self.table.app.audio.play("pass")
        at, at_top = self.table.geometry.bubble_at(event.seat)
        self.table.show_bubble(t("table.pass_call"), at, below=at_top)
        self.table.animator.add(anim.Wait(PASS_PAUSE))

    def announce_must_play(self, event: MustPlay) -> None:
        """Everyone passed in a row: a bubble at the seat that must now play if a card fits."""
        at, at_top = self.table.geometry.bubble_at(event.seat)
        self.table.show_bubble(t("neko.bubble.must_play"), at, below=at_top)

    def animate_cat(self, event: CatMoved) -> None:
        """The cat arrives (drops in at the start of a round) or hops to its new stack."""
        target = self.table.cat_spot(event.target)

        def landed() -> None:
            self.table.cat_position = event.target
            self.table.app.audio.play("cat_land")
            self.table.refresh_hints()

        if event.source < 0 or not self.table.cat.visible:
            self.table.animator.add(self.table.cat.drop_in(target, on_land=landed))
            return
        self.table.animator.add(self.table.cat.hop(target, duration=HOP, on_launch=lambda: self.table.app.audio.play("cat_hop"),
                                       on_land=landed))

    def show_round_end(self, event: RoundEnded) -> None:
        """The cat goes to whoever emptied their hand; then the round panel waits for Continue."""
        self.table.shown_totals = tuple(event.totals)
        last = event.round + 1 >= self.table.match.players

        def open_panel() -> None:
            self.table.app.audio.play("round_end")
            self.table.panel = RoundPanel(self.table, event, last)
            self.table.hold.selected = None
            if self.table.hold.drag is not None:
                self.table.spring_back()
            self.table.refresh_hints()

        steps: list[anim.Step] = []
        if event.emptied >= 0 and self.table.cat.visible:
            steps.append(self.table.cat.hop(self.table.geometry.beside_plate(event.emptied), duration=HOP * 1.3,
                                      on_launch=lambda: self.table.app.audio.play("cat_hop"),
                                      on_land=lambda: self.table.app.audio.play("cat_land")))
            steps.append(anim.Wait(0.35))
        steps.append(self.table.panel_after(open_panel, 0.0))
        self.table.cat_position = -1
        self.table.animator.add(anim.Sequence(*steps))
