"""The ノアロン table class: what it holds, how it is rebuilt from the observation, what the hints
and the status say, the buttons and the actions (see ``scenes.noaron`` for the whole table).

``NoaronTable`` puts the parts together: ``NoaronInput`` (pointer, keys), ``NoaronEffects``
(rules events -> animations), ``NoaronPaint`` (the still layer and the moving pieces) and
``HandReading`` (the glows, previews and framed cut) on top of the shared ``TableScene``. Its state, read by every part: ``rows`` (the two hand rows), ``piles``,
``reserve`` (the taken pair) and its ``reserve_seat``, the counts shown (``deck_count``,
``stake_counts``, ``paid_counts``, ``shown_round``), the choice in progress (``choice``, a
``TurnChoice``) and what it would give (``preview``, ``shown_cut``). What the parts use from it is
``NoaronView`` (view.py).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from game.core.events import Event
from game.core.match import Match
from game.i18n import t
from game.rules.noaron import (
    DECLARE,
    DECLARE_AT_MOST,
    END,
    LEFT,
    PHASE_DECIDE,
    PHASE_DISCARD,
    PHASE_INSERT,
    PHASE_TAKE,
    RIGHT,
    Cut,
    Declared,
    HandDealt,
    NoaronAction,
    NoaronObservation,
    NoaronRules,
    PileSeeded,
    RoundStarted,
    StakesDealt,
    TurnPassed,
    best_cut,
)
from scenes.engine.app import App, Scene
from scenes.engine.ui import Button, seat_label
from scenes.noaron import art as cards_art
from scenes.noaron.coach import COACH_RECT, coach_card
from scenes.noaron.effects import NoaronEffects
from scenes.noaron.input import NoaronInput
from scenes.noaron.layout import (
    DECK_SCALE,
    FELT,
    HAND,
    PILE_SCALE,
    RESERVE_SCALE,
    STAKE_SCALE,
    Geometry,
    Point,
    pile_top_offset,
)
from scenes.noaron.paint import NoaronPaint
from scenes.noaron.panels import SettlementPanel
from scenes.noaron.reading import HandReading
from scenes.noaron.sprites import HandRow, NoaronCard
from scenes.noaron.view import Preview, TurnChoice
from scenes.table import art
from scenes.table.base import TableScene
from scenes.table.still import StillPart


class NoaronTable(NoaronInput, TableScene):
    """The ノアロン table scene (see the module docstring)."""

    SETTING_OUT_EVENTS = (StakesDealt, RoundStarted, PileSeeded, HandDealt)  # the deal and the set-out: "Setting out the pieces…"

    felt = FELT  # the base draws (and prewarms) the table with this mat
    rules: NoaronRules  # the match's (a ノアロン match)
    effects: NoaronEffects  # its parts, wider than what NoaronView lets the settlement panel ask of them
    painting: NoaronPaint

    def __init__(self, app: App, match: Match, **options: Any) -> None:
        self.rows: dict[int, HandRow] = {}
        self.piles: dict[tuple[int, int], list[str]] = {}
        self.pile_glow: dict[int, str] = {}  # seat -> "ok" / "focus" on its two piles
        self.deck_glow = ""
        self.reserve: list[NoaronCard] = []
        self.reserve_seat = -1
        self.deck_count = 0
        self.stake_counts = [0, 0]
        self.paid_counts = [0, 0]
        self.shown_round = 0
        self.choice = TurnChoice()  # the source, pair or gap being chosen
        self.preview: Preview | None = None
        self.shown_cut: Cut | None = None
        self.panel: SettlementPanel | None = None
        self.flying: list[NoaronCard] = []  # cards in flight, drawn above everything else
        self.hints_stale = False
        self.dealing = False  # a deal is being shown (the status says so, not "your turn")
        self.coach_open = False  # the yaku/zatsu explanation is on the felt (see scenes.noaron.coach)
        self._geometry: Geometry | None = None  # see ``geometry``
        self.effects = NoaronEffects(self)  # rules events -> animations
        self.painting = NoaronPaint(self)  # the still parts and the moving pieces
        self.reading = HandReading(self)  # glows, previews and the framed cut
        super().__init__(app, match, **options)
        self.undo_button.rect = self.geometry.undo_rect()

    def event_handlers(self) -> dict[type, Callable[[Any], None]]:
        """Event type -> animation (``NoaronEffects``)."""
        return self.effects.event_handlers()

    def still_parts(self) -> dict[str, StillPart]:
        """The parts of the still layer as they should look now (``NoaronPaint``)."""
        return self.painting.still_parts()

    def status_part(self) -> StillPart:
        """The status banner above the hand and the key hint under it (``NoaronPaint``)."""
        return self.painting.status_part()

    def draw_moving(self, surface: pygame.Surface) -> list[pygame.Rect]:
        """The rows, the reserve, flying cards and bubbles (``NoaronPaint``); the areas painted."""
        return self.painting.draw_moving(surface)

    def paint_still_base(self, surface: pygame.Surface) -> None:
        """The table, the mat's printed title and the printed places (``NoaronPaint``)."""
        self.painting.paint_still_base(surface)

    # ----- sides ------------------------------------------------------------------------------------
    @property
    def geometry(self) -> Geometry:
        """Where everything sits, seen from the bottom seat (made again when the viewer changes)."""
        if self._geometry is None or self._geometry.bottom != self.bottom:
            self._geometry = Geometry(self.bottom)
        return self._geometry

    @property
    def bottom(self) -> int:
        """The seat shown at the bottom: the viewer, or seat 0 for a spectator."""
        return max(self.viewer, 0)

    @property
    def top_seat(self) -> int:
        """The seat sitting opposite."""
        return 1 - self.bottom

    def side(self, seat: int) -> str:
        """"bottom" or "top"."""
        return self.geometry.side(seat)

    def pile_centre(self, seat: int, pile: int) -> Point:
        """Where a seat's pile lies: the top player's left pile is on the viewer's right."""
        return self.geometry.pile_centre(seat, pile)

    def pile_top(self, seat: int, pile: int) -> Point:
        """Where the top card of that pile is drawn."""
        x, y = self.pile_centre(seat, pile)
        dx, dy = pile_top_offset(len(self.piles[(seat, pile)]))
        return (x + dx, y + dy)

    def reserve_spot(self, seat: int, index: int) -> Point:
        """Reserve card ``index`` (0 = the taker's left) of ``seat``."""
        return self.geometry.reserve_spot(seat, index)

    def stake_slot(self, seat: int, index: int, count: int) -> Point:
        """Centre of stake card ``index`` in a row of ``count``."""
        return self.geometry.stake_slot(seat, index, count)

    def paid_pos(self, seat: int) -> Point:
        """The heap of stake cards a seat has paid."""
        return self.geometry.paid_pos(seat)

    @property
    def hand(self) -> HandRow:
        """The bottom row."""
        return self.rows[self.bottom]

    # ----- pieces -------------------------------------------------------------------------------------
    def game_buttons(self) -> list[Button]:
        """Declare and End turn above Undo at the lower right (the base adds Undo, Help, Menu)."""
        self.declare_button = Button(self.geometry.declare_rect(), lambda: t("noaron_table.declare"),
                                     self.press_declare, enabled=self.can_declare)
        self.end_button = Button(self.geometry.end_rect(), lambda: t("noaron_table.end_turn"),
                                 self.press_end, enabled=self.can_end, style="secondary")
        return [self.declare_button, self.end_button]

    def build_pieces(self) -> None:
        """Two hand rows (the top one mirrored) and empty piles."""
        self._prewarm_pictures()
        self.rows = {}
        for seat in (0, 1):
            centre, scale, step = self.geometry.hand_row(seat)
            self.rows[seat] = HandRow(centre, scale=scale, step=step, mirrored=seat != self.bottom)
        self.piles = {(seat, pile): self.piles.get((seat, pile), []) for seat in (0, 1) for pile in (LEFT, RIGHT)}

    def _prewarm_pictures(self) -> None:
        """Both faces, the back and the scales the table uses, before the first frame."""
        cards_art.prewarm()
        art.panel_shadow(SettlementPanel.RECT.size)
        for scale in {HAND["bottom"][1], HAND["top"][1], PILE_SCALE, DECK_SCALE, STAKE_SCALE,
                      RESERVE_SCALE["top"], SettlementPanel.MINI_SCALE}:
            for colour in ("R", "B", None):
                cards_art.face_at(colour, scale)
        for scale in (HAND["bottom"][1], SettlementPanel.MINI_SCALE):  # the zatsu cards' point pips
            for colour in ("R", "B"):
                for pip in cards_art.PIPS:
                    cards_art.face_at(colour, scale, pip)

    def queue_intro(self) -> None:
        """A fresh game was set up without events: replay its opening as the events it amounts to."""
        obs = self.observation()
        self.deck_count = 72
        self.stake_counts = [0, 0]
        self.paid_counts = [0, 0]
        self.shown_round = obs.round
        self.pending.extend(self.match.rules.opening_events(obs))

    # ----- queries ------------------------------------------------------------------------------------
    def observation(self) -> NoaronObservation:
        """What the viewer may see now (a spectator sees no hand), cached by the base."""
        # TableScene's by name: a type checker would find the input's view protocol first through super()
        return TableScene.observation(self)

    def long_name(self, seat: int) -> str:
        """A seat's full label (with its symbol)."""
        return seat_label(seat, self.match.seats[seat])

    def phase_for_viewer(self) -> str:
        """The rules phase when the viewer may act now, else ""."""
        if not self.viewer_may_act():
            return ""
        return self.observation().phase

    def face_up_values(self) -> list[str]:
        """Card colours this screen shows face up in hands and the reserve (none under a curtain)."""
        if self.hand_hidden:
            return []
        shown = [card.value for row in self.rows.values() for card in row.cards if card.face_up]
        shown += [card.value for card in self.reserve if card.face_up]
        return [value for value in shown if value is not None]

    def legal_sources(self) -> list[str]:
        """The sources the viewer may take from now (none outside their take phase)."""
        if self.phase_for_viewer() != PHASE_TAKE:
            return []
        return [action.source for action in self.match.legal_actions(self.viewer) if action.kind == "take"]

    def viewer_score(self) -> Cut | None:
        """The viewer's hand's cut now (None for a spectator or an empty hand)."""
        obs = self.observation()
        return best_cut(obs.hand) if obs.hand else None

    # ----- building the picture from the observation --------------------------------------------------
    def sync_from_observation(self) -> None:
        """Set every piece to what the viewer's observation says (no animation)."""
        obs = self.observation()
        for seat in (0, 1):
            values: list[str | None]
            if seat == self.bottom and obs.seat == seat:
                values = list(obs.hand)
            else:
                values = [None] * obs.hand_counts[seat]
            self._fill_row(self.rows[seat], values)
            for pile in (LEFT, RIGHT):
                self.piles[(seat, pile)] = list(obs.piles[seat][pile])
        self._sync_reserve(obs)
        self.deck_count = obs.deck_count
        self.stake_counts = list(obs.stakes)
        self.paid_counts = list(obs.set_aside)
        self.shown_round = obs.round
        self.flying.clear()
        self.dealing = False
        self.refresh_hints()

    def _fill_row(self, row: HandRow, values: list[str | None]) -> None:
        """Make ``row`` hold exactly ``values`` in order (None: a back), reusing sprites."""
        spare = list(row.cards)
        kept: list[NoaronCard] = []
        for value in values:
            sprite = next((card for card in spare if card.value == value), None)
            if sprite is None:
                sprite = NoaronCard(value, row.centre, scale=row.scale, face_up=value is not None)
            else:
                spare.remove(sprite)
            sprite.flip = 1.0 if value is not None else 0.0
            sprite.visible = True
            sprite.dim = False
            kept.append(sprite)
        row.cards = kept
        row.pair = None
        row.pair_color = None
        row.pair_tag = ""
        row.layout(None)

    def _sync_reserve(self, obs: NoaronObservation) -> None:
        """The reserve pair at its taker's spot (faces when this screen may know them)."""
        self.reserve = []
        self.reserve_seat = obs.turn if obs.reserve_count else -1
        if not obs.reserve_count:
            return
        side = self.side(obs.turn)
        for index in range(obs.reserve_count):
            value = obs.reserve[index] if index < len(obs.reserve) else None
            sprite = NoaronCard(value, self.reserve_spot(obs.turn, index), scale=RESERVE_SCALE[side],
                                face_up=value is not None)
            self.reserve.append(sprite)

    def needs_sync(self) -> bool:
        """True when the pieces at rest differ from the observation (a cheap consistency check),
        or when hints were asked for while pieces moved."""
        if self.hints_stale:
            return True
        obs = self.observation()
        counts = [len(self.rows[seat].cards) - (len(self.reserve) if self._reserve_in_row() and seat == self.bottom
                                                 else 0) for seat in (0, 1)]
        if counts != list(obs.hand_counts) or self.deck_count != obs.deck_count:
            return True
        if any(self.piles[(seat, pile)] != list(obs.piles[seat][pile]) for seat in (0, 1) for pile in (0, 1)):
            return True
        return len(self.reserve) != obs.reserve_count or list(self.stake_counts) != list(obs.stakes)

    def _reserve_in_row(self) -> bool:
        """True while the reserve pair is shown inside the bottom row (the insert preview)."""
        return bool(self.reserve) and all(card in self.hand.cards for card in self.reserve)

    def refresh_hints(self) -> None:
        """Glowing sources, the lifted pair or the open gap, the framed cut and the score card
        (``HandReading``)."""
        self.reading.refresh()

    def close_coach(self) -> None:
        """Take the explanation off the felt (a click on it, the end of the person's first turn)."""
        self.coach_open = False

    def coach_rect(self) -> pygame.Rect | None:
        """Where the explanation lies on the felt, or None when it is not shown."""
        if not self.coach_open or self.hand_hidden:
            return None
        x, y, width, _ = COACH_RECT
        picture = coach_card(width)
        return self.geometry.rect(x, y, width, picture.get_height())

    # ----- actions ------------------------------------------------------------------------------------
    def take(self, source: str) -> bool:
        """Take two cards from ``source`` ("deck", "mine", "theirs")."""
        return self.attempt(NoaronAction("take", source))

    def discard(self, index: int) -> bool:
        """Discard hand cards ``index`` and ``index + 1`` onto the left and right piles."""
        return self.attempt(NoaronAction("discard", index=index))

    def insert(self, gap: int) -> bool:
        """Put the reserve pair into the hand before card ``gap``."""
        return self.attempt(NoaronAction("insert", index=gap))

    def press_declare(self) -> None:
        """The Declare button / D key (outside the decide phase the rules say when it is allowed)."""
        if self.viewer_may_act():
            self.attempt(DECLARE)

    def press_end(self) -> None:
        """The End turn button / E key (the rules explain a refusal: a 0-point hand, the turn
        limit, or not the end of the turn yet)."""
        if self.viewer_may_act():
            self.attempt(END)

    def handle_key(self, key: str) -> None:
        """Letter shortcuts: D declare, E end the turn; then the table's (H help...)."""
        if key == "d":
            self.press_declare()
        elif key == "e":
            self.press_end()
        else:
            super().handle_key(key)

    def can_declare(self) -> bool:
        """The Declare button's enabled flag."""
        return self.phase_for_viewer() == PHASE_DECIDE

    def can_end(self) -> bool:
        """The End turn button's enabled flag (not at 0: declaring is the only choice)."""
        return self.phase_for_viewer() == PHASE_DECIDE and END in self.match.legal_actions(self.viewer)

    def on_applied(self, events: list[Event]) -> None:
        """Any action went through: forget the choice in progress; the person's first turn
        ending (or a settlement) takes the explanation away."""
        self.clear_selection()
        for event in events:
            if isinstance(event, Declared) or (isinstance(event, TurnPassed) and event.seat == self.viewer):
                self.close_coach()

    def clear_selection(self) -> None:
        """Forget the pair, gap and source being chosen, and what they would give (after a move,
        an undo, a curtain, a new viewer)."""
        self.choice.clear()
        self.preview = None

    # ----- the settlement -----------------------------------------------------------------------------
    def continue_round(self) -> None:
        """Close the settlement (its last lines and the payment are shown first); the next deal
        (or the results) follows."""
        if self.panel is None:
            return
        self.panel.reveal_all()
        self.ambient.finish_all()
        self.panel = None

    def update(self, dt: float) -> None:
        """The settlement reveals its lines at the animation speed (the base continues it by
        itself at a table without people, counting only from its last line); then the base."""
        panel = self.panel
        if isinstance(panel, SettlementPanel):
            panel.update(dt, self.speed())
            if not panel.complete():
                panel.waited = 0.0
        super().update(dt)

    # ----- texts --------------------------------------------------------------------------------------
    def your_turn_text(self) -> str:
        """What the person at the bottom should do now, by phase."""
        if self.dealing:
            return t("noaron_table.status.dealing")
        phase = self.observation().phase
        if phase == PHASE_TAKE:
            return t("noaron_table.status.take")
        if phase == PHASE_DISCARD:
            return t("noaron_table.status.discard")
        if phase == PHASE_INSERT:
            return t("noaron_table.status.insert")
        if phase == PHASE_DECIDE:
            if self.must_declare():
                return self.must_declare_reason()
            cut = self.viewer_score()
            return t("noaron_table.status.decide", n=cut.score if cut else 0)
        return ""

    def waiting_text(self, seat: int) -> str:
        """While the other person is to act (before the curtain goes up)."""
        return t("noaron_table.status.waiting", player=self.long_name(seat))

    def declare_note(self) -> str:
        """The short line above the Declare button: when it is (or must be) pressed."""
        if not self.viewer_may_act():
            return ""
        if self.observation().phase == PHASE_DECIDE:
            if self.must_declare():
                return t("noaron_table.note.must")
            return t("noaron_table.note.may_declare")
        return t("noaron_table.note.declare_at", n=DECLARE_AT_MOST)

    def must_declare(self) -> bool:
        """True in the viewer's decide phase when ending the turn is not allowed."""
        return self.phase_for_viewer() == PHASE_DECIDE and END not in self.match.legal_actions(self.viewer)

    def must_declare_reason(self) -> str:
        """The rules' reason why the turn cannot simply end (a 0-point hand, the turn limit)."""
        key, _, params = self.rules.end_refusal(self.observation().turn_number)
        return t(key, **params)


def make_table(app: App, match: Match, **options: Any) -> Scene:
    """The ノアロン table scene for ``match`` (options: ``viewer``, ``ai_enabled``, ``worker_inline``)."""
    # NoaronInput's base is the NoaronView protocol (tools/part_needs.py checks the input against it), so the
    # checker takes the protocol's members as abstract ahead of TableScene's; the class is complete
    return NoaronTable(app, match, **options)  # type: ignore[abstract]
