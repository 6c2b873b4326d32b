"""The table of Nostalgic: a printed board of balloons, dice thrown onto the table, cardboard
boxes, reroll chips and nostalgia cards.

The board (``art_board.board_picture``) fills the middle of the table: the three spaces with
their balloons (the dice each accepts and what it gives), the ∞ balloon, the NP track round the
edge with every player's marker, the box track with its bonuses, the closet of five face-up
nostalgia cards beside the deck, and the reroll chip supply. The other seats sit in a column on
the left (name, NP, boxes, chips, hand size, their dice, their hand as backs); the seat shown
(the viewer) sits at the bottom with its dice tray, the Reroll button and its own cards face up.
The right column tells the round, the game and the way play goes, and how card sets score.

This module is the wiring: construction, the Reroll button, the sync from the observation, the
status lines and what the viewer may do now. Gestures are ``NostalgicInput`` (input.py), event
animations ``NostalgicEffects`` (effects.py, with card_effects.py), painting ``NostalgicPaint``
(paint.py), places ``layout.py``. The game-independent machinery (AI, undo, curtains, event pump,
autosave, still layer, results) is ``scenes.table.base.TableScene``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from game.core.match import Match
from game.i18n import t
from game.rules.nostalgic import (
    BOARD,
    DECK_SOURCE,
    PHASE_PLACE,
    PHASE_TAKE,
    GameStarted,
    HandDealt,
    NostalgicObservation,
    RowDealt,
)
from scenes.engine.app import App, Scene
from scenes.engine.ui import Button
from scenes.nostalgic import art as nart
from scenes.nostalgic import art_board
from scenes.nostalgic.art import seat_colour
from scenes.nostalgic.effects import NostalgicEffects
from scenes.nostalgic.hold import NostalgicHold
from scenes.nostalgic.input import NostalgicInput
from scenes.nostalgic.layout import BOARD_SIZE, FELT, INFO_RECT, STATUS_Y, Geometry, hand_order
from scenes.nostalgic.paint import NostalgicPaint
from scenes.nostalgic.panels import FinalPanel
from scenes.nostalgic.sprites import DieShown, Shown, Throw
from scenes.table import art
from scenes.table.base import TableScene
from scenes.table.dice_throw import prewarm_dice
from scenes.table.still import StillPart


class NostalgicTable(NostalgicInput, TableScene):
    """The Nostalgic table (see the module docstring)."""

    SETTING_OUT_EVENTS = (GameStarted, HandDealt)  # the deal and the set-out: "Setting out the pieces…"

    KEYS_TEXT = "nostalgic_table.keys"
    # Hint above Undo (the score track runs along the top); its panel over the round box, as wide
    HINT_BUTTON = (1580, 852, 300, 76)
    HINT_STYLE = "secondary"
    HINT_PANEL_WIDTH = 412
    HINT_PANEL_FILLS = True  # it covers the whole round box

    def hint_panel_areas(self, size: tuple[int, int]) -> list[pygame.Rect]:
        """Over the round box at the top right (the score track's corner stays in sight)."""
        return [pygame.Rect(INFO_RECT.topleft, size)]
    felt = FELT
    status_y = STATUS_Y

    def __init__(self, app: App, match: Match, **options: Any) -> None:
        players = match.players
        self._geometry: Geometry | None = None  # made for the seat at the bottom once it is known
        self.shown = Shown.blank(players)
        self.flying: list[Any] = []  # pieces in the air (cards, dice, chips, markers)
        self.pops: list[Any] = []  # badges and flashes (drawn over everything)
        self.throws: list[Throw] = []
        self.hold = NostalgicHold()  # the chosen dice, the keys' focus, what the pointer is over or drags
        self._throw_seed = 0
        self._parts_key: tuple[Any, ...] = ()
        self._parts: dict[str, StillPart] = {}
        self._warmed: set[tuple[int, int]] = set()
        self.effects = NostalgicEffects(self)  # rules events -> animations
        self.painting = NostalgicPaint(self)  # the still parts and the moving pieces
        super().__init__(app, match, **options)
        self.prewarm()

    def prewarm(self) -> None:
        """Make the dice pictures a throw will need (each seat's colour at its tray size, turning
        and blurred) before the first throw, so no frame of a throw pays for a picture. Skipped at
        instant speed, where nothing is thrown on screen. The board and the cards are drawn now too."""
        art_board.prewarm(BOARD_SIZE, self.geometry.slot_rect(0).width)
        for card in ("T", "P", "L", "TW", "PW", "LW"):
            nart.card_face(card, art.CARD_SIZE[0])
        nart.card_back(art.CARD_SIZE[0])
        if self.speed() <= 0:
            return
        for seat in range(self.match.players):
            size = self.geometry.die_size(seat)
            if (seat, size) not in self._warmed:
                self._warmed.add((seat, size))
                prewarm_dice(size, [seat_colour(seat)])
        sizes = {self.geometry.board_die_size(balloon.id) for balloon in BOARD}
        for size in sizes:
            if (-1, size) not in self._warmed:
                self._warmed.add((-1, size))
                prewarm_dice(size, [seat_colour(seat) for seat in range(self.match.players)], blur=False)

    def event_handlers(self) -> dict[type, Callable[[Any], None]]:
        """Event type -> animation (``NostalgicEffects``)."""
        return self.effects.event_handlers()

    def still_parts(self) -> dict[str, StillPart]:
        """Board, balloons, dice at rest, markers, closet, supply, seats, hand, round info
        (``NostalgicPaint``)."""
        return self.painting.still_parts()

    def draw_moving(self, surface: pygame.Surface) -> list[pygame.Rect]:
        """Throws, flying pieces, the dragged die, badges and bubbles (``NostalgicPaint``); the
        areas painted."""
        return self.painting.draw_moving(surface)

    def paint_still_base(self, surface: pygame.Surface) -> None:
        """The wooden table (``NostalgicPaint``)."""
        self.painting.paint_still_base(surface)

    def handle_key(self, key: str) -> None:
        """The game's keys (``NostalgicInput.shortcut``: X, R, 1-5, D), then the table's (H help...)."""
        if not self.shortcut(key):
            super().handle_key(key)

    # ----- seats and places ------------------------------------------------------------------------
    @property
    def bottom(self) -> int:
        """The seat drawn at the bottom (the viewer; seat 0 for a spectator)."""
        return self.viewer if 0 <= self.viewer < self.match.players else 0

    @property
    def geometry(self) -> Geometry:
        """Where everything sits for the seat at the bottom (worked out again when that seat changes)."""
        if self._geometry is None or self._geometry.bottom != self.bottom:
            self._geometry = Geometry(self.match.players, self.bottom)
        return self._geometry

    # ----- pieces ----------------------------------------------------------------------------------
    def build_pieces(self) -> None:
        """Nothing to build per viewer (every place follows from the bottom seat); a new viewer
        gets its dice pictures made at its tray size."""
        self.hold.picked = []
        self.hold.focus_die = self.hold.focus_balloon = self.hold.focus_source = None
        self._parts_key = ()
        if self._warmed:
            self.prewarm()

    def game_buttons(self) -> list[Button]:
        """The Reroll button under the viewer's dice."""
        self.reroll_button = Button(self.geometry.reroll.copy(), self.reroll_label, self.press_reroll,
                                    enabled=self.reroll_enabled)
        return [self.reroll_button]

    def queue_intro(self) -> None:
        """A fresh match: show its opening as the events it amounts to."""
        self.pending.extend(self.match.rules.opening_events(self.observation()))

    # ----- queries ---------------------------------------------------------------------------------
    def observation(self) -> NostalgicObservation:
        """The viewer's observation (typed)."""
        return TableScene.observation(self)  # the table's (super() is the view, to a checker)

    def shown_games(self) -> int:
        """How many games this match has."""
        return int(self.observation().games_total)

    def phase(self) -> str:
        """The rules phase now."""
        return str(self.observation().phase)

    def my_turn(self, phase: str) -> bool:
        """True when the person at the bottom is to act in ``phase`` and the table shows it."""
        return self.viewer_may_act() and not self.pending and not self.throws and self.phase() == phase

    def placing(self) -> bool:
        """True when the person at the bottom is to place a die (or reroll)."""
        return self.my_turn(PHASE_PLACE)

    def taking(self) -> bool:
        """True when the person at the bottom is to take a card."""
        return self.my_turn(PHASE_TAKE)

    def my_unplaced(self) -> list[int]:
        """The viewer's dice still in the tray (by the observation)."""
        obs = self.observation()
        if not 0 <= self.viewer < obs.players:
            return []
        return [index for index, where in enumerate(obs.placed[self.viewer]) if not where]

    def held_die(self) -> int | None:
        """The die held for a balloon: the dragged one, else the last one chosen."""
        return self.hold.held_die()

    def held_value(self) -> int | None:
        """The face of the held die."""
        die = self.held_die()
        if die is None:
            return None
        dice = self.observation().dice[self.viewer]
        return dice[die] if die < len(dice) else None

    def targets(self) -> list[str]:
        """The balloons that take the held die now (the rules' own view of the board)."""
        value = self.held_value()
        if value is None or not self.placing():
            return []
        return list(self.observation().free_balloons(value))

    def sources(self) -> list[int]:
        """The card sources one may take from now: the face-up slots holding a card, and the deck."""
        obs = self.observation()
        found = [slot for slot, card in enumerate(obs.row) if card is not None]
        if obs.deck_count:
            found.append(DECK_SOURCE)
        return found

    def my_chips(self) -> int:
        """The viewer's reroll chips."""
        obs = self.observation()
        return obs.chips[self.viewer] if 0 <= self.viewer < obs.players else 0

    def reroll_label(self) -> str:
        """The Reroll button's words: how many dice, and the chips left."""
        count = len(self.hold.picked)
        chips = self.my_chips()
        if not chips:
            return t("nostalgic_table.reroll.no_chips")
        if count:
            return t("nostalgic_table.reroll.some", n=count, chips=chips)
        return t("nostalgic_table.reroll.none", chips=chips)

    def reroll_enabled(self) -> bool:
        """Enabled on the viewer's placing turn with chips and at least one die chosen."""
        return self.placing() and self.my_chips() > 0 and bool(self.hold.picked)

    def face_up_hand_cards(self) -> list[str]:
        """The hand cards this screen shows face up (the bottom seat's, unless under a curtain)."""
        if self.hand_hidden or self.bottom != self.viewer:
            return []
        return list(self.shown.hand)

    def your_turn_text(self) -> str:
        """What the person at the bottom should do now."""
        obs = self.observation()
        if obs.phase == PHASE_TAKE:
            return t("nostalgic_table.status.take")
        value = self.held_value()
        chips = self.my_chips()
        if len(self.hold.picked) > 1:
            return t("nostalgic_table.status.several", n=len(self.hold.picked), value=value or 0)
        if value is not None:
            if not self.targets():
                return t("nostalgic_table.status.no_room", value=value)
            return t("nostalgic_table.status.held", value=value)
        if chips:
            return t("nostalgic_table.status.place_or_reroll", chips=chips)
        return t("nostalgic_table.status.place")

    def waiting_text(self, seat: int) -> str:
        """While another person is to act."""
        if self.phase() == PHASE_TAKE:
            return t("nostalgic_table.status.taking", player=self.name_of(seat))
        return t("nostalgic_table.status.waiting", player=self.name_of(seat))

    def status_text(self) -> str:
        """The base's status, or the table being laid out, or the throw in progress."""
        if self.panel is None and not self.finished:
            if self.throws:
                return t("nostalgic_table.status.throwing")
            if any(isinstance(event, (GameStarted, HandDealt, RowDealt)) for event in self.pending):
                return t("nostalgic_table.status.setting_up")
        return TableScene.status_text(self)  # the table's (super() is the view, to a checker)

    # ----- building the picture from the observation -------------------------------------------
    def sync_from_observation(self) -> None:
        """Set the shown table to what the viewer's observation says (no animation)."""
        obs = self.observation()
        old_order = self.shown.order
        shown = Shown.blank(obs.players)
        shown.np = list(obs.np)
        shown.boxes = list(obs.boxes)
        shown.chips = list(obs.chips)
        shown.supply = obs.chip_supply
        shown.row = list(obs.row)
        shown.deck = obs.deck_count
        shown.discard = len(obs.discard)
        shown.hand_counts = list(obs.hand_counts)
        shown.hand = sorted(obs.hand, key=hand_order) if self.bottom == obs.seat else []
        shown.dice = [[DieShown(value, where) for value, where in zip(values, places)]
                      for values, places in zip(obs.dice, obs.placed)]
        shown.order = self._balloon_order(obs, old_order)
        shown.round = obs.round
        shown.start_seat = obs.start_seat
        shown.game = obs.game
        shown.direction = obs.direction
        self.shown = shown
        self.flying.clear()
        self.throws.clear()
        self.hold.dropped = None
        self.hold.drag = None
        self.hold.keep_only(set(self.my_unplaced()))
        self.refresh_hints()

    @staticmethod
    def _balloon_order(obs: NostalgicObservation,
                       old: dict[str, list[tuple[int, int]]]) -> dict[str, list[tuple[int, int]]]:
        """The dice in each balloon in the order they came (kept from before where it still holds)."""
        order: dict[str, list[tuple[int, int]]] = {}
        for seat, places in enumerate(obs.placed):
            for die, balloon in enumerate(places):
                if balloon:
                    order.setdefault(balloon, []).append((seat, die))
        for balloon, dice in order.items():
            before = [entry for entry in old.get(balloon, []) if entry in dice]
            order[balloon] = before + [entry for entry in dice if entry not in before]
        return order

    def needs_sync(self) -> bool:
        """True when the shown table differs from the observation."""
        if self.flying or self.throws:
            return False
        obs = self.observation()
        shown = self.shown
        if (shown.np, shown.boxes, shown.chips, shown.supply, shown.deck, shown.hand_counts) != \
                (list(obs.np), list(obs.boxes), list(obs.chips), obs.chip_supply, obs.deck_count,
                 list(obs.hand_counts)):
            return True
        if shown.row != list(obs.row) or (shown.round, shown.start_seat, shown.game) != \
                (obs.round, obs.start_seat, obs.game):
            return True
        dice = [[(die.value, die.balloon) for die in seat] for seat in shown.dice]
        if dice != [list(zip(values, places)) for values, places in zip(obs.dice, obs.placed)]:
            return True
        if any(die.hidden for seat in shown.dice for die in seat) or shown.np_moving or shown.box_moving:
            return True
        mine = sorted(obs.hand, key=hand_order) if self.bottom == obs.seat else []
        return shown.hand != mine

    def refresh_hints(self) -> None:
        """Keep the keyboard focus sensible after anything changed (glows are read when painting)."""
        if not self.placing() and not self.hold.drag:
            self.hold.focus_balloon = None
        if not self.taking():
            self.hold.focus_source = None

    # ----- the final panel and the frame -----------------------------------------------------------
    def continue_round(self) -> None:
        """Close the final panel (every step shown first)."""
        if isinstance(self.panel, FinalPanel):
            self.panel.reveal_all()
        TableScene.continue_round(self)  # the table's (super() is the view, to a checker)

    def update(self, dt: float) -> None:
        """The final panel reveals its steps at the animation speed (a table without people waits
        from its last step); then the base."""
        panel = self.panel
        if isinstance(panel, FinalPanel):
            panel.update(dt, self.speed())
            if not panel.complete():
                panel.waited = 0.0
        super().update(dt)
        hold = self.hold
        if not self.placing() and (hold.picked or hold.focus_die is not None) and not self.pending and \
                not self.animator.busy:
            hold.picked = []
            hold.focus_die = None


def make_table(app: App, match: Match, **options: Any) -> Scene:
    """The Nostalgic table scene for ``match`` (options: ``viewer``, ``ai_enabled``, ``worker_inline``)."""
    return NostalgicTable(app, match, **options)  # type: ignore[abstract]
