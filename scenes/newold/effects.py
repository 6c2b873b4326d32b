"""Rules events of NEW & OLD turned into animations (``NewOldEffects``, a mixin of the table):
the two decks dealt out, the zone cards turned up, the leftovers and each seat's two secret cards
sliding into the box, cards sliding from a hand onto a zone, a reveal fanning cards out in front
of a seat, a seat leaving, the game's score panel."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from game.i18n import t
from game.rules.newold import (
    NEW,
    OLD,
    STAGE_A,
    STAGE_B,
    ZONE_NEW,
    ZONE_OLD,
    BoxChosen,
    CardPlayed,
    Dealt,
    GameScored,
    GameStarted,
    Left,
    MatchEnded,
    PlayStarted,
    RestBoxed,
    Revealed,
    StageBChecked,
    ZoneStarted,
    card_kind,
    card_number,
)
from scenes.engine import anim
from scenes.newold.layout import BOX_CENTRE, KIND_ORDER, ZONE_CENTRE, hand_order
from scenes.newold.panels import GamePanel
from scenes.newold.sprites import KindFan, NewOldCard
from scenes.table.pieces import StackView, card_rect
from scenes.table.playback import take_following

if TYPE_CHECKING:
    from scenes.newold.view import NewOldView

# ----- timings (seconds at normal speed; the animator scales them) -----------------------------------
DEAL_GAP = 0.028
DEAL_FLIGHT = 0.3
SLIDE = 0.4
GATHER = 0.4
REVEAL_GAP = 0.07
BUBBLE_PAUSE = 0.45


class NewOldEffects:
    """Event playback of the NEW & OLD table: ``event_handlers`` and one ``animate_*`` per event.
    A handler starts its animations on ``self.table.animator`` (playback waits for them) or on
    ``self.table.ambient`` (it does not); pieces fly with the table's ``fly``. A part the table
    owns; ``NewOldView`` declares what it uses from the table."""

    def __init__(self, table: NewOldView) -> None:
        self.table = table

    # ----- event playback --------------------------------------------------------------------------
    def event_handlers(self) -> dict[type, Callable[[Any], None]]:
        """Event type -> animation."""
        return {
            GameStarted: self.animate_game_start,
            Dealt: self.animate_dealt,
            ZoneStarted: self.animate_zone_started,
            RestBoxed: self.animate_rest_boxed,
            BoxChosen: self.animate_box_chosen,
            PlayStarted: self.animate_play_started,
            CardPlayed: self.animate_card_played,
            StageBChecked: self.animate_stage_b_checked,
            Revealed: self.animate_revealed,
            Left: self.animate_left,
            GameScored: self.show_game_scored,
            MatchEnded: self.table.finish_match,
        }

    def bubble(self, seat: int, text: str) -> None:
        """A short call at a seat's plate."""
        plate = self.table.places[seat].plate
        below = plate.top < 200
        tip = (plate.centerx, plate.bottom + 6) if below else (plate.centerx, plate.top - 4)
        self.table.show_bubble(text, tip, below=below)

    def animate_game_start(self, event: GameStarted) -> None:
        """Gather every card back into two decks (New and Old apart) and shuffle them."""
        flights: list[anim.Step] = []
        for view in self.table.zones.values():
            for card, tilt in zip(view.cards[-3:], view.tilts[-3:]):
                sprite = NewOldCard(card, card_kind(card), view.top_pos(), angle=tilt)
                flights.append(self.table.fly(sprite, ZONE_CENTRE[card_kind(card)], 0.0, GATHER, flip_to=0.0))
            view.set_cards([])
        for place in self.table.places.values():
            for index, card in enumerate(place.row.cards):
                sprite = NewOldCard(card, card_kind(card), place.row.slot(index), scale=place.row.scale)
                flights.append(self.table.fly(sprite, ZONE_CENTRE[card_kind(card)], 0.0, GATHER, flip_to=0.0, scale_to=1.0))
            place.row.cards = []
            for sprite in place.fan.cards:
                flights.append(self.table.fly(sprite, ZONE_CENTRE[sprite.kind], 0.0, GATHER, flip_to=0.0, scale_to=1.0))
            place.fan.cards = []
        self.table.clear_selection()

        def gathered() -> None:
            self.table.decks = {NEW: 36, OLD: 36}
            self.table.box_count = 0
            self.table.shown_game = event.game
            self.table.shown_start = event.start_seat
            self.table.shown_stages = [STAGE_A] * self.table.match.players
            self.table.shown_left = [""] * self.table.match.players
            self.table.app.audio.play("deal")

        steps: list[anim.Step] = [anim.Parallel(*flights), anim.Call(gathered), self._shuffle()]
        self.table.animator.add(anim.Sequence(*steps))
        if event.why == "lowest":
            self.table.toast.show(t("newold_table.start.lowest", player=self.table.name_of(event.start_seat)), 3.0)

    def _shuffle(self) -> anim.Step:
        """Both decks are cut once: a few backs lift off each and drop back."""
        steps: list[anim.Step] = []
        for kind, (x, y) in ((OLD, ZONE_CENTRE[ZONE_OLD]), (NEW, ZONE_CENTRE[ZONE_NEW])):
            for number in range(2):
                sprite = NewOldCard(None, kind, (x, y), face_up=False)
                up = (x + (-38 if number else 38), y - 30)
                steps.append(anim.Sequence(anim.Wait(0.08 * number),
                                           self.table.fly(sprite, up, -8 if number else 8, 0.16),
                                           self.table.fly(sprite, (x, y), 0.0, 0.16)))
        return anim.Parallel(*steps)

    def animate_dealt(self, event: Dealt) -> None:
        """Deals in a row become one round-robin deal: a New and an Old card at a time to each seat."""
        deals = [event, *take_following(self.table.pending, Dealt)]
        self.table.app.audio.play("deal")
        obs = self.table.observation()
        mine = sorted(obs.hand, key=hand_order) if obs.seat == self.table.viewer else []
        mine_kinds = {OLD: [c for c in mine if card_kind(c) == OLD], NEW: [c for c in mine if card_kind(c) == NEW]}
        steps: list[anim.Step] = []
        number = 0
        rounds = max(max(deal.new_count, deal.old_count) for deal in deals)
        for card_index in range(rounds):
            for kind in (OLD, NEW):
                for deal in deals:
                    count = deal.old_count if kind == OLD else deal.new_count
                    if card_index >= count:
                        continue
                    face = None
                    if deal.seat == self.table.viewer and card_index < len(mine_kinds[kind]):
                        face = mine_kinds[kind][card_index]
                    steps.append(anim.Sequence(anim.Wait(DEAL_GAP * number), self._deal_one(deal, kind, face)))
                    number += 1
        self.table.animator.add(anim.Sequence(anim.Parallel(*steps), anim.Call(self._tidy_fans), anim.Call(self._turn_up_hand),
                                        anim.Wait(0.2)))

    def _deal_one(self, deal: Dealt, kind: str, face: str | None) -> anim.Step:
        """One card from a deck to the end of a seat's fan (face down)."""
        fan = self.table.places[deal.seat].fan
        total = deal.new_count + deal.old_count
        sprite = NewOldCard(face, kind, ZONE_CENTRE[kind], face_up=False)
        sprite.visible = False
        slot_index = min(len(fan.cards), total - 1)
        pos, angle = fan.slot(slot_index, total)

        def leave() -> None:
            sprite.visible = True
            self.table.decks[kind] = max(0, self.table.decks[kind] - 1)

        def arrive() -> None:
            fan.cards.append(sprite)

        return anim.Sequence(anim.Call(leave), self.table.fly(sprite, pos, angle, DEAL_FLIGHT, scale_to=fan.scale,
                                                        on_land=arrive))

    def _tidy_fans(self) -> None:
        """After a deal: each fan in hand order (Old backs left, New backs right), in place."""
        for place in self.table.places.values():
            place.fan.cards.sort(key=lambda card: (KIND_ORDER[card.kind], card_number(card.value) if card.value else 0))
            place.fan.layout(self.table.animator, 0.25)

    def _turn_up_hand(self) -> None:
        """Turn the viewer's dealt cards face up, one after another."""
        if self.table.hand_hidden:
            return
        flips = [anim.Tween(card, "flip", 1.0, 0.2, anim.ease_in_out_sine) for card in self.table.hand.cards
                 if card.value is not None]
        if flips:
            self.table.app.audio.play("card_flip")
            self.table.animator.add(anim.stagger(flips, 0.03))

    def animate_zone_started(self, event: ZoneStarted) -> None:
        """The deck's top card turns face up onto its zone."""
        kind = card_kind(event.card)
        sprite = NewOldCard(event.card, kind, ZONE_CENTRE[event.zone], face_up=False)
        self.table.decks[kind] = max(0, self.table.decks[kind] - 1)
        self.table.app.audio.play("card_flip")
        view = self.table.zones[event.zone]
        target = (view.centre[0], view.centre[1])
        self.table.animator.add(self.table.fly(sprite, target, 0.0, SLIDE, flip_to=1.0,
                                   on_land=lambda: view.push(event.card, 1 if event.zone == ZONE_OLD else 2)))

    def animate_rest_boxed(self, event: RestBoxed) -> None:
        """What is left of both decks slides into the game box, unseen."""
        steps: list[anim.Step] = []
        for kind, count in ((OLD, event.old_count), (NEW, event.new_count)):
            if not self.table.decks[kind]:
                self.table.box_count += count
                continue
            sprite = NewOldCard(None, kind, ZONE_CENTRE[kind], face_up=False)

            def take(kind: str = kind) -> None:
                self.table.decks[kind] = 0

            def arrive(count: int = count) -> None:
                self.table.box_count += count

            steps.append(anim.Sequence(anim.Call(take), self.table.fly(sprite, BOX_CENTRE, 8.0, SLIDE, scale_to=0.5,
                                                                 on_land=arrive)))
        self.table.animator.add(anim.Parallel(*steps) if steps else anim.Wait(0.05))

    # ----- the box choice --------------------------------------------------------------------------
    def animate_box_chosen(self, event: BoxChosen) -> None:
        """Two cards go face down from the seat's hand into the box."""
        fan = self.table.places[event.seat].fan
        chosen: list[NewOldCard] = []
        for kind in (NEW, OLD):
            pick = next((card for card in fan.cards if card.kind == kind and card.marked), None)
            if pick is None:
                backs = [card for card in fan.cards if card.kind == kind and card.value is None]
                pick = backs[len(backs) // 2] if backs else None
            if pick is None and event.seat == self.table.viewer:
                box = self.table.observation().my_box
                face = next((card for card in box if card_kind(card) == kind), None)
                pick = next((card for card in fan.cards if card.value == face), None)
            if pick is not None:
                fan.cards.remove(pick)
                pick.marked = False
                chosen.append(pick)
        fan.raised = fan.hover = fan.focus = None
        fan.layout(self.table.ambient, 0.3)
        self.table.app.audio.play("card_slide")
        flights = [self.table.fly(card, (BOX_CENTRE[0] + (index * 2 - 1) * 30, BOX_CENTRE[1]), 6.0, SLIDE,
                            flip_to=0.0, scale_to=0.5) for index, card in enumerate(chosen)]

        def boxed() -> None:
            self.table.box_count += 2

        self.table.animator.add(anim.Sequence(anim.Parallel(*flights) if flights else anim.Wait(0.1), anim.Call(boxed)))
        self.table.refresh_hints()

    # ----- play ------------------------------------------------------------------------------------
    def animate_play_started(self, event: PlayStarted) -> None:
        """Everyone has chosen: a call at the start seat."""
        self.table.shown_start = event.start_seat
        self.bubble(event.start_seat, t("newold_table.bubble.starts"))
        self.table.animator.add(anim.Wait(BUBBLE_PAUSE))

    def animate_card_played(self, event: CardPlayed) -> None:
        """The card leaves the hand (a back turns over) and slides onto its zone."""
        fan = self.table.places[event.seat].fan
        sprite = self._take_from_fan(fan, event.seat, event.card)
        flip = not sprite.face_up
        sprite.value = event.card
        self.table.app.audio.play("card_slide")
        if flip:
            self.table.app.audio.play("card_flip")
        fan.layout(self.table.ambient, 0.3)
        view = self.table.zones[event.zone]
        salt = (1 if event.zone == ZONE_OLD else 2) + 7 * self.table.shown_game
        tilt = StackView.tilt_for(len(view.cards), salt)
        self.table.animator.add(self.table.fly(sprite, view.landing_pos(), tilt, SLIDE, flip_to=1.0 if flip else None,
                                   scale_to=1.0, on_land=lambda: view.push(event.card, salt)))
        self.table.mark_move(card_rect(view.centre), event.seat)
        self.table.refresh_hints()

    def _take_from_fan(self, fan: KindFan, seat: int, card: str) -> NewOldCard:
        """Remove the played card's sprite from its fan (the dragged ghost if it is that card)."""
        dropped = self.table.hold.take_dropped()
        kind = card_kind(card)
        if dropped is not None and dropped[0] in fan.cards and dropped[0].value == card:
            fan.cards.remove(dropped[0])
            sprite = dropped[1]
        else:
            faces = [sprite for sprite in fan.cards if sprite.value == card]
            backs = [sprite for sprite in fan.cards if sprite.value is None and sprite.kind == kind]
            if faces:
                sprite = faces[0]
            elif backs:
                sprite = backs[len(backs) // 2]
            else:
                sprite = NewOldCard(None, kind, fan.anchor, scale=fan.scale, face_up=False)
        if sprite in fan.cards:
            fan.cards.remove(sprite)
        sprite.visible = True
        fan.raised = fan.hover = fan.focus = None
        return sprite

    def animate_stage_b_checked(self, event: StageBChecked) -> None:
        """A stage-B seat with no New card that fits says so before its hand is laid open."""
        if event.can_play:
            return
        self.bubble(event.seat, t("newold_table.bubble.stuck"))
        self.table.animator.add(anim.Wait(BUBBLE_PAUSE))

    def animate_revealed(self, event: Revealed) -> None:
        """The cards fan out face up in front of the seat; at the A -> B reveal its badge turns to B."""
        place = self.table.places[event.seat]
        fan = place.fan
        row = place.row
        steps: list[anim.Step] = []
        start = len(row.cards)
        for number, card in enumerate(event.cards):
            sprite = self._take_from_fan(fan, event.seat, card)
            sprite.value = card
            index = start + number

            def land(card: str = card) -> None:
                row.cards.append(card)

            steps.append(anim.Sequence(anim.Wait(REVEAL_GAP * number),
                                       self.table.fly(sprite, row.slot(index, start + len(event.cards)), 0.0, SLIDE,
                                                flip_to=1.0,
                                                scale_to=row.scale, on_land=land)))
        fan.layout(self.table.ambient, 0.3)
        if event.stage_change:
            if not event.cards:
                self.bubble(event.seat, t("newold_table.bubble.no_old"))
            else:
                self.bubble(event.seat, t("newold_table.bubble.reveal"))

            def to_b() -> None:
                self.table.shown_stages[event.seat] = STAGE_B

            steps.append(anim.Sequence(anim.Wait(REVEAL_GAP * len(event.cards) + SLIDE), anim.Call(to_b)))
        self.table.app.audio.play("card_flip")
        self.table.animator.add(anim.Parallel(*steps, anim.Wait(BUBBLE_PAUSE)))
        self.table.refresh_hints()

    def animate_left(self, event: Left) -> None:
        """The seat is out of this game: its plate dims and gets a tag."""
        self.table.shown_left[event.seat] = event.why
        if event.why == "empty":
            self.bubble(event.seat, t("newold_table.bubble.out"))
        self.table.animator.add(anim.Wait(BUBBLE_PAUSE * 0.6))

    def show_game_scored(self, event: GameScored) -> None:
        """The game is over: the panel with every seat's cards, case, score and totals."""
        obs = self.table.observation()
        record = obs.records[event.game] if event.game < len(obs.records) else None
        revealed = record.revealed if record is not None else tuple(tuple(place.row.cards)
                                                                      for _, place in sorted(self.table.places.items()))
        next_start = next((e.start_seat for e in self.table.pending if isinstance(e, GameStarted)), -1)

        def open_panel() -> None:
            self.table.app.audio.play("round_end")
            self.table.toast.hide()
            self.table.panel = GamePanel(self.table, event, revealed, next_start)
            self.table.drop_held()
            self.table.hold.selected = None
            self.table.refresh_hints()

        self.table.animator.add(self.table.panel_after(open_panel, 0.5))
