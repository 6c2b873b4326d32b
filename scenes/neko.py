"""The table of ねこは上にある: four stacks in a cross, the hands around them, a cat that hops.

The scene draws only what one seat may see (``rules.observe(state, viewer)``): the viewer's hand
face up at the bottom, every other hand as backs with a count. It never guesses what changed:
every action returns rules events, and each event becomes an animation (a deal, a card sliding
from a hand onto a stack and flipping face up, the cat hopping, a "Pass!" bubble, a round panel).
Between event batches the pieces are re-read from the observation, so the picture at rest always
equals the rules state.

Input: drag a hand card onto a glowing stack (mouse or finger), or click/tap a card then a
stack, or use the keyboard (Left/Right card, Up/Down/Tab stack, Enter play, P pass,
Esc/Backspace undo else menu, H help). The screen never decides legality: a drop becomes an
action and the rules accept it or refuse it with a reason, which springs the card back and
shows the reason.

What is not about neko (actions through the match, undo, the AI worker and its minimum pause,
the hot-seat curtain, event playback, the autosave, the results, the still layer) is the shared
``TableScene`` in ``scenes/table/base.py``; this module supplies neko's pieces and gestures.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from game.core.events import Event
from game.core.match import Match
from game.i18n import t
from game.rules.neko import (
    DECK,
    NOBODY,
    PASS,
    PHASE_BASE,
    PHASE_PLAY,
    CardPlayed,
    CatMoved,
    Dealt,
    GameEnded,
    NekoAction,
    NekoObservation,
    Passed,
    RoundEnded,
    RoundStarted,
    StackBuilt,
    accepted_cards,
    playable_positions,
    position_owners,
    seat_positions,
)
from scenes import anim, fonts, theme
from scenes.app import App, Scene
from scenes.table import art, labels
from scenes.table.base import AI_MIN_THINK, ModalPanel, StillPart, TableScene, compact_name  # noqa: F401 (re-exported)
from scenes.table.hand_drag import Drag, HandDragMixin
from scenes.table.pieces import Bubble, CardSprite, HandFan, StackView, Token
from scenes.ui import Button, draw_text_centered, fit_size, seat_color, seat_label

Point = tuple[float, float]

# ----- layout (logical 1920x1080; the screen, felt and status line are the shared table's) -------
CROSS = (960.0, 432.0)
CROSS_DX = 222.0
CROSS_DY = 196.0
DECK_POS = (1560.0, 340.0)
HAND_ANCHOR = (960.0, 962.0)
OTHER_SCALE = 0.5
# slot 0 bottom (the viewer), 1 left, 2 top, 3 right: clockwise as seen from above
SLOT_STACK_OFFSET = {0: (0.0, CROSS_DY), 1: (-CROSS_DX, 0.0), 2: (0.0, -CROSS_DY), 3: (CROSS_DX, 0.0)}
SLOT_FAN = {1: ((66.0, 432.0), -90.0), 2: ((960.0, 50.0), 180.0), 3: ((1854.0, 432.0), 90.0)}
SLOT_PLATE = {0: (300, 936), 1: (190, 640), 2: (1262, 70), 3: (1730, 640)}
CAT_ON_CARD = (40.0, -64.0)  # where the cat sits on a top card (clear of the numbers)

# ----- timings (seconds at normal speed; the animator scales them) -----------------------------------
DEAL_GAP = 0.07
DEAL_FLIGHT = 0.3
SLIDE = 0.4
COLLECT = 0.35
HOP = 0.42
PASS_PAUSE = 0.3


class Geometry:
    """Where each stack and seat sits on screen for one viewer (the viewer's stack at the bottom)."""

    def __init__(self, players: int, viewer: int) -> None:
        self.players = players
        self.viewer = viewer
        self.viewer_position = seat_positions(players)[viewer] if 0 <= viewer < players else 0

    def slot_of_position(self, position: int) -> int:
        """0 bottom, 1 left, 2 top, 3 right."""
        return (position - self.viewer_position) % 4

    def slot_of_seat(self, seat: int) -> int:
        """The side of the table a seat sits at."""
        return self.slot_of_position(seat_positions(self.players)[seat])

    def stack_centre(self, position: int) -> Point:
        """Centre of the stack at ``position``."""
        dx, dy = SLOT_STACK_OFFSET[self.slot_of_position(position)]
        return (CROSS[0] + dx, CROSS[1] + dy)

    def plate_centre(self, seat: int) -> tuple[int, int]:
        """Centre of the seat's name plate."""
        return SLOT_PLATE[self.slot_of_seat(seat)]

    def make_fan(self, seat: int) -> HandFan:
        """The hand fan of ``seat``: the viewer's big and upright, others small backs facing the table."""
        slot = self.slot_of_seat(seat)
        if slot == 0:
            return HandFan(HAND_ANCHOR, rotation=0.0, radius=1300.0, step=5.6, max_spread=34.0, scale=1.0)
        anchor, rotation = SLOT_FAN[slot]
        return HandFan(anchor, rotation=rotation, radius=520.0, step=6.0, max_spread=36.0, scale=OTHER_SCALE)


class RoundPanel(ModalPanel):
    """The end-of-round summary: who took the cat (or the pass limit), each seat's points, Continue."""

    def __init__(self, table: NekoTable, event: RoundEnded, last: bool) -> None:
        label = (lambda: t("table.see_results")) if last else (lambda: t("table.continue"))
        super().__init__(table, label)
        self.table: NekoTable = table
        self.event = event
        self.last = last

    def paint_body(self, surface: pygame.Surface, body: pygame.Rect) -> None:
        """Heading, message, the score table."""
        match = self.table.match
        event = self.event
        heading = t("table.round_over", n=event.round + 1)
        draw_text_centered(surface, heading, theme.HEADING, theme.INK, (body.centerx, body.top + 64), True)
        if event.emptied >= 0:
            message = t("neko.round_end.emptied", player=seat_label(event.emptied, match.seats[event.emptied]))
        else:
            message = t("neko.round_end.passes")
        size = fit_size(message, theme.BODY, body.width - 80)
        draw_text_centered(surface, message, size, theme.INK_SOFT, (body.centerx, body.top + 126))
        self._render_table(surface, body)

    def _render_table(self, surface: pygame.Surface, body: pygame.Rect) -> None:
        """One row per seat: name, own stack, cat bonus, this round, total."""
        match = self.table.match
        event = self.event
        simple = self.table.observation().simple
        columns = [("table.col.player", body.left + 70, "left")]
        if not simple:
            columns += [("table.col.stack", body.left + 520, "c"), ("table.col.cat", body.left + 660, "c")]
        columns += [("table.col.points", body.left + 790, "c"), ("table.col.total", body.left + 920, "c")]
        top = body.top + 180
        for key, x, align in columns:
            image = fonts.text(t(key), theme.SMALL, theme.INK_SOFT, True)
            surface.blit(image, image.get_rect(midleft=(x, top)) if align == "left" else image.get_rect(center=(x, top)))
        pygame.draw.line(surface, theme.PAPER_SHADE, (body.left + 50, top + 22), (body.right - 50, top + 22), 2)
        best = max(event.totals) if event.totals else 0
        for seat in range(match.players):
            y = top + 58 + seat * 50
            pygame.draw.circle(surface, seat_color(seat), (body.left + 86, y), 16)
            symbol = fonts.text(theme.SEAT_SYMBOLS[seat % len(theme.SEAT_SYMBOLS)], theme.TINY, theme.TEXT, True)
            surface.blit(symbol, symbol.get_rect(center=(body.left + 86, y)))
            name = fonts.text(compact_name(seat, match), theme.BODY, theme.INK, seat == event.emptied)
            surface.blit(name, name.get_rect(midleft=(body.left + 116, y)))
            values: list[str] = []
            if not simple:
                values += [str(event.stack_sizes[seat]), "+2" if seat == event.emptied else "–"]
            values += [str(event.scores[seat]), str(event.totals[seat])]
            for (key, x, _), value in zip(columns[1:], values):
                bold = key == "table.col.total" and event.totals[seat] == best
                image = fonts.text(value, theme.BODY, theme.INK, bold)
                surface.blit(image, image.get_rect(center=(x, y)))


class NekoTable(HandDragMixin, TableScene):
    """The neko table scene (see the module docstring)."""

    def __init__(self, app: App, match: Match, *, viewer: int | None = None, ai_enabled: bool = True,
                 worker_inline: bool | None = None) -> None:
        self.stacks: list[StackView] = []
        self.fans: dict[int, HandFan] = {}
        self.cat = Token((0.0, 0.0))
        self.cat_position = -1  # the stack the cat is drawn on (-1: none)
        self.flying: list[CardSprite] = []
        self.bubbles: list[Bubble] = []
        self.deck_count = 0
        self.shown_round = 0
        self.shown_totals: tuple[int, ...] = (0,) * match.players
        self.selected: int | None = None
        self.target: int | None = None
        self.drag: Drag | None = None
        self.salt = 0
        self.dropped: tuple[CardSprite, CardSprite] | None = None  # (hand card, its dropped ghost)
        super().__init__(app, match, viewer=viewer, ai_enabled=ai_enabled, worker_inline=worker_inline)
        self._prewarm_pictures()

    # ----- set-up ---------------------------------------------------------------------------
    def game_buttons(self) -> list[Button]:
        """Pass, above Undo at the lower right."""
        self.pass_button = Button(pygame.Rect(1580, 842, 300, 84), lambda: t("table.pass"), self.press_pass,
                                  enabled=self.can_pass)
        return [self.pass_button]

    def build_pieces(self) -> None:
        """The geometry for the viewer; empty stacks, fans and the cat."""
        self.geometry = Geometry(self.match.players, self.viewer)
        self.stacks = []
        for position in range(4):
            self.stacks.append(StackView(self.geometry.stack_centre(position)))
        self.fans = {seat: self.geometry.make_fan(seat) for seat in range(self.match.players)}

    def _prewarm_pictures(self) -> None:
        """Make the turned cards every fan and pile will need now, not in the middle of play."""
        faces = [art.card_face(value) for value in range(1, 9)]
        for seat, fan in self.fans.items():
            angles = {round(fan.slot(index, count)[1]) for count in range(1, 7) for index in range(count)}
            for angle in angles:
                for lift in (0, 8) if seat == self.viewer else (0,):
                    art.transformed(("shadow", lift), art.card_shadow(art.CARD_SIZE, lift), fan.scale * (1 + 0.06 * lift / 8),
                                    1.0, angle)
                if seat != self.viewer:
                    art.transformed(("back",), art.card_back(), fan.scale, 1.0, angle)
                    continue
                for value, face in enumerate(faces, start=1):
                    art.transformed(("face", value, False), face, fan.scale, 1.0, angle)
        for tilt in range(-4, 5):
            art.transformed(("shadow", 0), art.card_shadow(art.CARD_SIZE, 0), 1.0, 1.0, tilt)
            for value, face in enumerate(faces, start=1):
                art.transformed(("face", value, False), face, 1.0, 1.0, tilt)

    def queue_intro(self) -> None:
        """A fresh match was dealt without events: replay its opening as the events it amounts to."""
        obs = self.observation()
        self.deck_count = len(DECK)
        self.shown_round = obs.round
        events: list[Event] = [RoundStarted(obs.round, obs.start_seat)]
        for step in range(obs.players):
            seat = (obs.start_seat + step) % obs.players
            events.append(Dealt(seat, obs.hand_counts[seat]))
        start_position = seat_positions(obs.players)[obs.start_seat]
        for step in range(4):
            position = (start_position + step) % 4
            if obs.stacks[position]:
                events.append(StackBuilt(position, obs.stacks[position][0], NOBODY))
        if obs.cat >= 0:
            events.append(CatMoved(-1, obs.cat, "start"))
        self.pending.extend(events)

    # ----- queries --------------------------------------------------------------------------
    @property
    def hand(self) -> HandFan:
        """The viewer's fan."""
        return self.fans[self.viewer]

    def can_pass(self) -> bool:
        """The Pass button's enabled flag."""
        return self.viewer_may_act() and self.observation().phase == PHASE_PLAY

    def face_up_values(self) -> list[int]:
        """The card values this screen shows face up in hands (the viewer's hand only, or none)."""
        if self.hand_hidden:
            return []
        return [card.value for fan in self.fans.values() for card in fan.cards
                if card.face_up and card.value is not None]

    def your_turn_text(self) -> str:
        """Lay a base card, or play / pass."""
        if self.observation().phase == PHASE_BASE:
            return t("neko.status.lay_base")
        return t("neko.status.your_turn")

    def waiting_text(self, seat: int) -> str:
        """Whom the table waits for."""
        return t("neko.status.waiting", player=seat_label(seat, self.match.seats[seat]))

    # ----- building the picture from the observation -------------------------------------------
    def sync_from_observation(self) -> None:
        """Set every piece to what the viewer's observation says (no animation)."""
        obs = self.observation()
        for position, view in enumerate(self.stacks):
            view.centre = self.geometry.stack_centre(position)
            view.set_cards(obs.stacks[position], salt=position + 7 * obs.round)
        for seat, fan in self.fans.items():
            self._sync_fan(seat, fan, obs)
        self.deck_count = obs.rest_count
        self.shown_round = obs.round
        self.salt = obs.round
        self.shown_totals = tuple(self.rules.totals(obs))
        self.flying.clear()
        self.cat_position = obs.cat
        if obs.cat >= 0:
            self.cat.rest(self.cat_spot(obs.cat))
        else:
            self.cat.visible = False
        self._clamp_selection()
        self.refresh_hints()

    def _sync_fan(self, seat: int, fan: HandFan, obs: NekoObservation) -> None:
        """Make ``fan`` hold exactly the cards the observation gives that seat (reusing sprites)."""
        if seat == self.viewer and obs.seat == seat:
            values: list[int | None] = list(obs.hand)
        else:
            values = [None] * obs.hand_counts[seat]
        kept: list[CardSprite] = []
        spare = list(fan.cards)
        for value in values:
            match = next((card for card in spare if card.value == value), None)
            if match is None:
                match = CardSprite(value, fan.anchor, scale=fan.scale, face_up=value is not None)
            else:
                spare.remove(match)
            match.flip = 1.0 if value is not None else 0.0
            match.visible = True
            kept.append(match)
        fan.cards = kept
        fan.settle()

    def cat_spot(self, position: int) -> Point:
        """Where the cat sits on the stack at ``position``."""
        x, y = self.stacks[position].top_pos()
        return (x + CAT_ON_CARD[0], y + CAT_ON_CARD[1])

    def needs_sync(self) -> bool:
        """True when the pieces at rest differ from the observation (a cheap consistency check)."""
        if self.flying:
            return False
        obs = self.observation()
        if any(view.cards != list(obs.stacks[position]) for position, view in enumerate(self.stacks)):
            return True
        if [len(self.fans[seat].cards) for seat in range(obs.players)] != list(obs.hand_counts):
            return True
        return self.cat_position != obs.cat

    # ----- hints: what the held card may do ---------------------------------------------------
    def held_value(self) -> int | None:
        """The value of the card in hand that is held or selected."""
        if self.drag is not None:
            return self.drag.sprite.value
        if self.selected is not None and self.selected < len(self.hand.cards):
            return self.hand.cards[self.selected].value
        return None

    def stack_verdicts(self, value: int | None) -> dict[int, tuple[str, str]]:
        """Per position: ("ok" | "no" | "", note) for a held card of ``value`` (from the rules)."""
        verdicts: dict[int, tuple[str, str]] = {position: ("", "") for position in range(4)}
        if value is None or not self.viewer_may_act():
            return verdicts
        obs = self.observation()
        if obs.phase == PHASE_BASE:
            own = obs.setup_queue[0] if obs.setup_queue else -1
            for position in range(4):
                verdicts[position] = ("ok", t("table.note.yours")) if position == own else ("", "")
            return verdicts
        if obs.phase != PHASE_PLAY:
            return verdicts
        open_positions = playable_positions(obs.cat)
        tops = tuple(obs.stacks[position][-1] for position in open_positions)
        for index, position in enumerate(open_positions):
            accepted = accepted_cards(tops, index)  # type: ignore[arg-type]
            if value in accepted:
                verdicts[position] = ("ok", "")
            elif accepted:
                verdicts[position] = ("no", t("table.note.takes", cards=", ".join(map(str, accepted))))
            else:
                verdicts[position] = ("no", t("table.note.none"))
        verdicts[obs.cat] = ("no", t("table.note.cat"))
        return verdicts

    def refresh_hints(self) -> None:
        """Glow, dim and notes on the stacks; dim the hand cards that fit nowhere."""
        verdicts = self.stack_verdicts(self.held_value())
        for position, view in enumerate(self.stacks):
            view.highlight, view.note = verdicts[position]
            view.highlight = view.highlight or None
            view.focused = self.target == position and self.held_value() is not None
        playable = self._playable_values()
        for card in self.hand.cards:
            card.dim = playable is not None and card.value not in playable

    def _playable_values(self) -> set[int] | None:
        """Values the viewer could play now (None when not in the play phase on their turn)."""
        if not self.viewer_may_act() or self.observation().phase != PHASE_PLAY:
            return None
        return {action.card for action in self.match.legal_actions(self.viewer) if action.kind == "play"}

    # ----- actions ------------------------------------------------------------------------------
    def attempt_on_stack(self, position: int, sprite: CardSprite | None = None) -> bool:
        """Play (or, at setup, lay) the held card on the stack at ``position``."""
        value = sprite.value if sprite is not None else self.held_value()
        if value is None:
            self.refuse(t("table.reason.pick_card"))
            return False
        obs = self.observation()
        if obs.phase == PHASE_BASE:
            own = obs.setup_queue[0] if obs.setup_queue else -1
            if position != own and self.viewer_may_act():
                self.refuse(t("table.reason.base_here"))
                return False
            return self.attempt(NekoAction("base", value))
        return self.attempt(NekoAction("play", value, position))

    def clear_selection(self) -> None:
        """No card held, selected or aimed."""
        self.selected = None
        self.target = None
        self.drag = None

    def on_applied(self, events: list[Event]) -> None:
        """A dragged card stays where it was dropped (its play flies from there); clear the hand."""
        if self.drag is not None and self.drag.ghost is not None:
            self.dropped = (self.drag.sprite, self.drag.ghost)
            self.flying.append(self.drag.ghost)
        self.drag = None
        self.selected = None
        self.target = None
        self.hand.raised = None
        self.hand.focus = None

    def press_pass(self) -> None:
        """The Pass button / P key."""
        if self.can_pass():
            self.attempt(PASS)

    # ----- event playback ----------------------------------------------------------------------------
    def event_handlers(self) -> dict[type, Callable[[Any], None]]:
        """Event type -> animation."""
        return {
            RoundStarted: self.animate_round_start,
            Dealt: self.animate_dealt,
            StackBuilt: self.animate_stack_built,
            CardPlayed: self.animate_card_played,
            Passed: self.animate_pass,
            CatMoved: self.animate_cat,
            RoundEnded: self.show_round_end,
            GameEnded: self.finish_match,
        }

    def animate_dealt(self, event: Dealt) -> None:
        """A deal and the deals queued right after it become one round-robin deal."""
        deals = [event]
        while self.pending and isinstance(self.pending[0], Dealt):
            deals.append(self.pending.popleft())  # type: ignore[arg-type]
        self.animate_deal(deals)

    def animate_round_start(self, event: RoundStarted) -> None:
        """Gather every card back into the pile, then set the new round number."""
        self.cat.visible = False
        self.cat_position = -1
        flights: list[anim.Step] = []
        for view in self.stacks:
            for value, tilt in zip(view.cards[-3:], view.tilts[-3:]):
                sprite = CardSprite(value, view.top_pos(), angle=tilt)
                flights.append(self.fly(sprite, DECK_POS, 0.0, COLLECT, flip_to=0.0))
            view.set_cards([])
        for fan in self.fans.values():
            for sprite in fan.cards:
                flights.append(self.fly(sprite, DECK_POS, 0.0, COLLECT, flip_to=0.0, scale_to=1.0))
            fan.cards = []
        self.selected = None
        self.drag = None

        def gathered() -> None:
            self.deck_count = len(DECK)
            self.shown_round = event.round
            self.salt = event.round

        self.animator.add(anim.Sequence(anim.Parallel(*flights), anim.Call(gathered)))

    def animate_deal(self, deals: list[Dealt]) -> None:
        """Cards fly from the pile to each seat in turn; the viewer's then flip face up."""
        self.app.audio.play("deal")
        hand_values = list(self.observation().hand)
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
        self.animator.add(anim.Sequence(anim.Parallel(*steps), reveal, anim.Wait(0.25)))

    def _deal_one(self, seat: int, index: int, count: int, hand_values: list[int]) -> anim.Step:
        """One card from the pile to ``seat``'s fan slot ``index`` (face down)."""
        fan = self.fans[seat]
        value = hand_values[index] if seat == self.viewer and index < len(hand_values) else None
        sprite = CardSprite(value, DECK_POS, face_up=False)
        sprite.visible = False
        pos, angle = fan.slot(index, count)

        def leave() -> None:
            sprite.visible = True
            self.deck_count = max(0, self.deck_count - 1)
            if index % 2 == 0:
                self.app.audio.play("deal")

        def arrive() -> None:
            fan.cards.append(sprite)

        return anim.Sequence(anim.Call(leave), self.fly(sprite, pos, angle, DEAL_FLIGHT, scale_to=fan.scale,
                                                        on_land=arrive))

    def _reveal_hand(self) -> None:
        """Turn the viewer's dealt cards face up, one after another."""
        if self.hand_hidden:
            return
        self.hand.cards.sort(key=lambda card: card.value or 0)
        self.hand.settle()
        flips = [anim.Tween(card, "flip", 1.0, 0.22, anim.ease_in_out_sine) for card in self.hand.cards
                 if card.value is not None]
        if flips:
            self.app.audio.play("card_flip")
            self.animator.add(anim.stagger(flips, 0.05))

    def animate_stack_built(self, event: StackBuilt) -> None:
        """A base card: from the pile (nobody's) or from a seat's hand, face up onto its place."""
        if event.seat == NOBODY:
            sprite = CardSprite(event.card, DECK_POS, face_up=False)
            self.deck_count = max(0, self.deck_count - 1)
            self.app.audio.play("card_flip")
            self._slide_to_stack(sprite, event.position, event.card, flip=True)
            return
        self.animate_card_played(CardPlayed(event.seat, event.card, event.position))

    def animate_card_played(self, event: CardPlayed) -> None:
        """The card leaves the hand (or the back fan, turning over) and slides onto the stack."""
        fan = self.fans[event.seat]
        sprite = self._take_from_fan(fan, event.seat, event.card)
        flip = not sprite.face_up
        sprite.value = event.card
        self.app.audio.play("card_slide")
        if flip:
            self.app.audio.play("card_flip")
        fan.layout(self.ambient, 0.3)
        self._slide_to_stack(sprite, event.position, event.card, flip=flip)
        self.refresh_hints()

    def _take_from_fan(self, fan: HandFan, seat: int, card: int) -> CardSprite:
        """Remove the played card's sprite from its fan (the dragged one if it is that card)."""
        dropped = self.dropped
        self.dropped = None
        if dropped is not None and dropped[0] in fan.cards and dropped[0].value == card:
            fan.cards.remove(dropped[0])
            sprite = dropped[1]
        else:
            faces = [sprite for sprite in fan.cards if sprite.value == card]
            if faces:
                sprite = faces[0]
            elif fan.cards:
                sprite = fan.cards[len(fan.cards) // 2] if seat != self.viewer else fan.cards[0]
                if sprite.value is not None and seat != self.viewer:
                    sprite = CardSprite(None, sprite.pos, angle=sprite.angle, scale=sprite.scale, face_up=False)
            else:
                sprite = CardSprite(None, fan.anchor, scale=fan.scale, face_up=False)
        if sprite in fan.cards:
            fan.cards.remove(sprite)
        fan.raised = fan.hover = fan.focus = None
        return sprite

    def _slide_to_stack(self, sprite: CardSprite, position: int, card: int, *, flip: bool) -> None:
        """Fly ``sprite`` onto the stack at ``position``; it joins the pile when it lands."""
        view = self.stacks[position]
        tilt = StackView.tilt_for(len(view.cards), position + 7 * self.salt)

        def land() -> None:
            view.push(card, position + 7 * self.salt)

        self.animator.add(self.fly(sprite, view.landing_pos(), tilt, SLIDE, flip_to=1.0 if flip else None,
                                   scale_to=1.0, on_land=land))

    def animate_pass(self, event: Passed) -> None:
        """A "Pass!" bubble at the seat, then a short beat before the cat steps on."""
        self.app.audio.play("pass")
        x, y = self.geometry.plate_centre(event.seat)
        at_top = self.geometry.slot_of_seat(event.seat) == 2
        bubble = Bubble(t("table.pass_call"), (x, y + 44) if at_top else (x, y - 44), below=at_top)
        self.bubbles = [b for b in self.bubbles if b.visible] + [bubble]
        self.ambient.add(bubble.show())
        self.animator.add(anim.Wait(PASS_PAUSE))

    def animate_cat(self, event: CatMoved) -> None:
        """The cat arrives (drops in at the start of a round) or hops to its new stack."""
        target = self.cat_spot(event.target)

        def landed() -> None:
            self.cat_position = event.target
            self.app.audio.play("cat_land")
            self.refresh_hints()

        if event.source < 0 or not self.cat.visible:
            self.animator.add(self.cat.drop_in(target, on_land=landed))
            return
        self.animator.add(self.cat.hop(target, duration=HOP, on_launch=lambda: self.app.audio.play("cat_hop"),
                                       on_land=landed))

    def show_round_end(self, event: RoundEnded) -> None:
        """The cat goes to whoever emptied their hand; then the round panel waits for Continue."""
        self.shown_totals = tuple(event.totals)
        last = event.round + 1 >= self.match.players

        def open_panel() -> None:
            self.app.audio.play("round_end")
            self.panel = RoundPanel(self, event, last)
            self.selected = None
            if self.drag is not None:
                self.spring_back()
            self.refresh_hints()

        steps: list[anim.Step] = []
        if event.emptied >= 0 and self.cat.visible:
            plate = self.geometry.plate_centre(event.emptied)
            steps.append(self.cat.hop((plate[0] + 150.0, float(plate[1])), duration=HOP * 1.3,
                                      on_launch=lambda: self.app.audio.play("cat_hop"),
                                      on_land=lambda: self.app.audio.play("cat_land")))
            steps.append(anim.Wait(0.35))
        steps.append(anim.Call(open_panel))
        self.cat_position = -1
        self.animator.add(anim.Sequence(*steps))

    # ----- input ------------------------------------------------------------------------------------
    def handle_key(self, key: str) -> None:
        """Letter shortcuts: P pass, H help."""
        if key == "p":
            self.press_pass()
        else:
            super().handle_key(key)

    def handle_back(self) -> None:
        """Esc/Backspace: let go of a held card, else undo, else the menu."""
        if self.drag is not None or self.selected is not None:
            if self.drag is not None:
                self.spring_back()
            self.selected = None
            self.target = None
            self.hand.raised = None
            self.hand.layout(self.ambient, 0.2)
            self.refresh_hints()
        elif self.can_undo():
            self.press_undo()
        else:
            self.to_menu()

    def pointer_down(self, pos: tuple[int, int]) -> None:
        """Press: pick up a hand card, or play the selected card on a stack."""
        index = self.hand.card_at(pos) if self.hand_interactive() else None
        if index is not None:
            sprite = self.hand.cards[index]
            self.drag = Drag(sprite, (float(pos[0]), float(pos[1])), (sprite.pos[0] - pos[0], sprite.pos[1] - pos[1]))
            self.hand.raised = index
            self.hand.layout(self.ambient, 0.12)
            self.refresh_hints()
            return
        position = self.stack_at(pos)
        if position is None:
            return
        if self.selected is not None:
            self.attempt_on_stack(position)
        elif self.viewer_may_act():
            self.toast.show(t("table.reason.pick_card"), 2.4)

    def track_drop_target(self, pos: tuple[int, int]) -> None:
        """The stack under the dragged card glows."""
        self.target = self.stack_at(pos)
        self.refresh_hints()

    def forget_drop_target(self) -> None:
        """No stack glows for a drop any more."""
        self.target = None

    def _start_moving(self, drag: Drag) -> None:
        """The press became a drag: a lifted ghost follows the pointer; the card waits hidden."""
        drag.moved = True
        real = drag.sprite
        ghost = CardSprite(real.value, real.pos, angle=real.angle, scale=real.scale)
        ghost.lift = 1.0
        drag.ghost = ghost
        real.visible = False
        self.ambient.add(anim.Tween(ghost, "angle", 0.0, 0.15, anim.ease_out_cubic))
        if real in self.hand.cards:
            self.selected = self.hand.cards.index(real)
        self.refresh_hints()

    def pointer_up(self, pos: tuple[int, int]) -> None:
        """Drop: play on the stack under the pointer or spring back; a click toggles selection."""
        drag = self.drag
        if drag is None:
            return
        if drag.moved:
            position = self.stack_at(pos)
            if position is None:
                self.spring_back()
                self.refresh_hints()
                return
            self.attempt_on_stack(position, drag.sprite)
            return
        self.drag = None
        index = self.hand.cards.index(drag.sprite) if drag.sprite in self.hand.cards else None
        self.selected = None if index == self.selected else index
        self.hand.raised = self.selected
        if self.selected is not None and self.target is None:
            self.target = self._first_ok_target()
        self.hand.layout(self.ambient, 0.15)
        self.refresh_hints()
        self.app.audio.play("click")

    def stack_at(self, pos: tuple[int, int]) -> int | None:
        """The stack under ``pos`` (generous hit areas)."""
        for position, view in enumerate(self.stacks):
            if view.rect().collidepoint(pos):
                return position
        return None

    def _first_ok_target(self) -> int | None:
        """The first stack (clockwise from the viewer's) that takes the held card."""
        verdicts = self.stack_verdicts(self.held_value())
        order = [(self.geometry.viewer_position + step) % 4 for step in range(4)]
        for position in order:
            if verdicts[position][0] == "ok":
                return position
        return None

    def handle_nav(self, dx: int, dy: int) -> None:
        """Left/Right choose a hand card; Up/Down choose a target stack."""
        if not self.hand_interactive() or not self.hand.cards:
            return
        if dx:
            count = len(self.hand.cards)
            if self.selected is None:
                self.selected = self._first_playable_index(reverse=dx < 0)
            else:
                self.selected = (self.selected + dx) % count
            self.hand.raised = self.selected
            self.hand.focus = self.selected
            ok = self._first_ok_target()
            if ok is not None or self.target is None:
                self.target = ok
            self.hand.layout(self.ambient, 0.15)
            self.refresh_hints()
        elif dy:
            self.cycle_target(1 if dy > 0 else -1)

    def handle_focus(self, step: int) -> None:
        """Tab / Shift+Tab: the next stack clockwise (or back)."""
        self.cycle_target(step)

    def handle_activate(self) -> None:
        """Enter: play the selected card."""
        self.play_selected()

    def cycle_target(self, step: int) -> None:
        """Move the keyboard target to the next stack clockwise (or back)."""
        if not self.hand_interactive() or not self.hand.cards:
            return
        if self.selected is None:
            self.selected = self._first_playable_index()
            self.hand.raised = self.hand.focus = self.selected
            self.hand.layout(self.ambient, 0.15)
        order = [(self.geometry.viewer_position + offset) % 4 for offset in range(4)]
        if self.target is None:
            self.target = self._first_ok_target()
            if self.target is None:
                self.target = order[0]
        else:
            self.target = order[(order.index(self.target) + step) % 4]
        self.refresh_hints()

    def play_selected(self) -> None:
        """Enter: play the selected card on the target stack (at setup: on the seat's own place)."""
        if not self.hand_interactive():
            return
        if self.selected is None:
            if self.hand.cards:
                self.handle_nav(1, 0)
            return
        obs = self.observation()
        if obs.phase == PHASE_BASE and obs.setup_queue:
            self.attempt_on_stack(obs.setup_queue[0])
            return
        if self.target is None:
            self.target = self._first_ok_target()
        if self.target is None:
            self.refuse(t("neko.reason.no_card_fits") if obs.phase == PHASE_PLAY else t("table.reason.not_now"))
            return
        self.attempt_on_stack(self.target)

    def _first_playable_index(self, reverse: bool = False) -> int:
        """The first hand card (from the left, or the right) that fits somewhere; else the end card."""
        count = len(self.hand.cards)
        order = list(range(count))[::-1] if reverse else list(range(count))
        playable = self._playable_values()
        for index in order:
            if playable is None or self.hand.cards[index].value in playable:
                return index
        return order[0]

    def pause(self) -> None:
        """Another scene is on top (help, curtain, results): let go of the card in hand."""
        super().pause()
        self.hand.hover = None

    # ----- drawing ----------------------------------------------------------------------------------
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
                                                  lambda surface, p=position, v=view: self._paint_stack(surface, p, v))
        turn = self.seat_to_move()
        for seat in range(self.match.players):
            args = (self.name_of(seat), seat, seat == turn, len(self.fans[seat].cards),
                    seat == self.viewer and self.match.seats[seat].is_human)
            parts[f"plate{seat}"] = self.picture_part(args, labels.plate(*args),
                                                      center=self.geometry.plate_centre(seat))
        board_args = (self._scoreboard_rows(), t("neko.round", n=self.shown_round + 1, total=self.match.players))
        parts["board"] = self.picture_part(board_args, labels.scoreboard(*board_args), topleft=(30, 26))
        return parts

    def paint_still_base(self, surface: pygame.Surface) -> None:
        """What never changes: the table, the mat's printed title, the compass inside the cross."""
        super().paint_still_base(surface)
        compass = labels.compass()
        surface.blit(compass, compass.get_rect(center=(round(CROSS[0]), round(CROSS[1]))))

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
        painted = surface.blit(pile, (round(DECK_POS[0] - art.CARD_SIZE[0] / 2 - pad // 2),
                                      round(DECK_POS[1] - art.CARD_SIZE[1] / 2 - pad // 2)))
        label = fonts.text(t("table.cards_left", n=self.deck_count), theme.SMALL, theme.TEXT_DIM)
        return [painted, surface.blit(label, label.get_rect(midtop=(round(DECK_POS[0]), round(DECK_POS[1] + 106))))]

    def _scoreboard_rows(self) -> tuple[tuple[int, str, int, int], ...]:
        """(seat, name, total, cards in own stack now) per seat."""
        positions = seat_positions(self.match.players)
        return tuple((seat, self.name_of(seat), self.shown_totals[seat],
                      len(self.stacks[positions[seat]].cards)) for seat in range(self.match.players))


def make_table(app: App, match: Match, **options: Any) -> Scene:
    """The neko table scene for ``match`` (options: ``viewer``, ``ai_enabled``, ``worker_inline``)."""
    return NekoTable(app, match, **options)
