"""The table of ノアロン: two players face to face, red and black cards, hands that keep their order.

The scene draws only what one seat may see (``rules.observe(state, viewer)``): the viewer's hand
face up in a straight row at the bottom, the opponent's as a row of backs at the top (mirrored:
their left is the viewer's right). Every action returns rules events and each event becomes an
animation: stake cards counted out face down, discard piles seeded face up, twelve cards dealt in
order, two cards taken into the reserve spot, a pair sliding onto the two piles, the reserve pair
dropping into the hand, the settlement shown step by step with the stake cards paid aside.
Between event batches the pieces are re-read from the observation, so the picture at rest always
equals the rules state.

A turn by pointer, finger or keys: click (tap) a glowing source (the deck, your two piles or the
opponent's two piles; Tab/arrows and Enter by keys); point at the pair to discard (the pair whose
middle is nearest the pointer lifts; Left/Right by keys) and click or press Enter; then point at
the gap where the reserve pair goes (the pair shows in the hand at that gap; Left/Right) and click
or press Enter; then Declare or End turn when the hand scores 4 or less. A finger taps once to
choose and again to confirm. The hand's score and the cut that gives it are always shown (the
yaku framed, the zatsu faded), and while a pair or a gap is chosen, the score it would give.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pygame

from game.core.events import Event
from game.core.match import Match
from game.i18n import language, t
from game.rules.noaron import (
    DECLARE,
    DECLARE_AT_MOST,
    END,
    HAND_SIZE,
    LEFT,
    PHASE_DECIDE,
    PHASE_DISCARD,
    PHASE_INSERT,
    PHASE_TAKE,
    RIGHT,
    Cut,
    DeckRebuilt,
    Declared,
    Discarded,
    GameEnded,
    HandDealt,
    Inserted,
    NoaronAction,
    NoaronObservation,
    PileSeeded,
    RoundStarted,
    Settled,
    StakesDealt,
    Took,
    TurnPassed,
    best_cut,
)
from scenes import anim, fonts, theme
from scenes import input as intents
from scenes.app import App, Scene
from scenes.input import Intent
from scenes.table import art, labels
from scenes.table import noaron_art as cards_art
from scenes.table.base import ModalPanel, StillPart, TableScene
from scenes.table.noaron_art import HandRow, NoaronCard
from scenes.table.pieces import Bubble, count_badge
from scenes.ui import Button, draw_text_centered, fit_size, seat_color, seat_label

Point = tuple[float, float]

# ----- layout (logical 1920x1080; "bottom" is the viewer's side, "top" the opponent's) -------------
SCREEN = (1920, 1080)
FELT = (150, 136, 1620, 650)
DECK_POS: Point = (420.0, 460.0)
DECK_SCALE = 0.9
PILE_SCALE = 0.85
PILE_X = {LEFT: 860.0, RIGHT: 1060.0}  # the bottom player's piles; the top player's are mirrored
SIDE_Y = {"bottom": 615.0, "top": 300.0}
RESERVE_X = 1318.0
RESERVE_SCALE = {"bottom": 0.78, "top": 0.6}
RESERVE_STEP = {"bottom": 112.0, "top": 84.0}
STAKE_X = 1614.0
STAKE_Y = {"bottom": 690.0, "top": 232.0}
PAID_Y = {"bottom": 548.0, "top": 372.0}
STAKE_SCALE = 0.42
STAKE_STEP = 25.0
HAND = {"bottom": ((884.0, 944.0), 0.78, 112.0), "top": ((960.0, 70.0), 0.46, 36.0)}
PLATE = {"bottom": (318, 716), "top": (1410, 70)}
STATUS_Y = 802
SCORE_CARD = pygame.Rect(18, 842, 172, 190)
UNDO_RECT = (1580, 1004, 300, 60)
HAND_BAND = (850, 1040)  # the bottom row's height band for pointing at pairs and gaps

# ----- timings (seconds at normal speed; the animator scales them) ---------------------------------
DEAL_GAP = 0.045
DEAL_FLIGHT = 0.28
STAKE_GAP = 0.05
SLIDE = 0.36
SETTLE_STEP = 0.75
AUTO_CONTINUE = 4.0


@dataclass
class Preview:
    """The hand the current choice would give, and its cut (None: no choice pending)."""

    hand: tuple[str, ...]
    cut: Cut
    best_after: int | None = None  # discard phase: the best score any gap would then give


def best_after_discard(hand: tuple[str, ...], index: int, reserve: tuple[str, ...]) -> int:
    """The lowest score reachable by discarding ``hand[index:index+2]`` and then inserting
    ``reserve`` at the best gap."""
    rest = hand[:index] + hand[index + 2:]
    return min(best_cut(rest[:gap] + reserve + rest[gap:]).score for gap in range(len(rest) + 1))


class SettlementPanel(ModalPanel):
    """The settlement, one line after another: both hands with their cuts, the difference, each
    +3 and why, the stake cards paid (animated on the table, lit above the veil), the round's or
    the game's outcome. Lines are made in the language of the moment they are drawn."""

    RECT = pygame.Rect(300, 132, 1150, 660)
    MINI_SCALE = 0.36
    MINI_STEP = 52

    def __init__(self, table: NoaronTable, event: Settled) -> None:
        label = (lambda: t("table.see_results")) if event.game_over else (lambda: t("table.continue"))
        super().__init__(table, label)
        self.table: NoaronTable = table
        self.event = event
        self.shown = 0  # lines revealed so far
        self.clock = 0.0
        self.paid_started = False
        self._lines_cache: tuple[str, list[tuple[str, str]]] = ("", [])
        self.button.rect.midbottom = (self.RECT.centerx, self.RECT.bottom - 26)
        self.button.enabled = self.complete

    @property
    def lines(self) -> list[tuple[str, str]]:
        """The settlement's lines in the current language (made once per language)."""
        if self._lines_cache[0] != language():
            self._lines_cache = (language(), self._lines())
        return self._lines_cache[1]

    # ----- content ---------------------------------------------------------------------------------
    def _lines(self) -> list[tuple[str, str]]:
        """(kind, text) per step after the hands: difference, penalties, payment, outcome."""
        event = self.event
        name = self.table.long_name
        scores = (event.cuts[0].score, event.cuts[1].score)
        loser, winner = event.loser, 1 - event.loser
        lines = [("diff", t("noaron_table.settle.difference", high=max(scores), low=min(scores),
                                n=event.difference))]
        if event.declarer_penalty:
            lines.append(("plus", t("noaron_table.settle.declarer_lost", n=event.declarer_penalty)))
        if event.zero_penalty:
            lines.append(("plus", t("noaron_table.settle.winner_zero", n=event.zero_penalty)))
        if scores[0] == scores[1]:
            lines.insert(0, ("note", t("noaron_table.settle.tie", player=name(event.declarer))))
        lines.append(("loss", t("noaron_table.settle.loss", player=name(loser), n=event.loss)))
        if event.paid < event.loss:
            lines.append(("pay", t("noaron_table.settle.paid_short", player=name(loser), n=event.paid)))
        else:
            lines.append(("pay", t("noaron_table.settle.paid", player=name(loser), n=event.paid)))
        if event.game_over:
            lines.append(("end", t("noaron_table.settle.game_over", player=name(winner))))
        else:
            lines.append(("next", t("noaron_table.settle.next", player=name(winner),
                                    left=event.stakes[loser])))
        return lines

    def complete(self) -> bool:
        """True once every line is shown (Continue is enabled)."""
        return self.shown >= len(self.lines)

    def reveal_all(self) -> None:
        """Show every line now (instant speed, or a click before the end)."""
        while not self.complete():
            self._reveal_next()

    def _reveal_next(self) -> None:
        """One more line; the payment line sends the stake cards on their way."""
        kind = self.lines[self.shown][0]
        self.shown += 1
        if kind == "pay" and not self.paid_started:
            self.paid_started = True
            self.table.animate_payment(self.event)
        self.table.app.audio.play("card_slide" if kind == "pay" else "click")

    def update(self, dt: float, speed: float) -> None:
        """Reveal lines one by one at the animation speed."""
        if speed <= 0:
            self.reveal_all()
            return
        self.clock += dt * speed
        while not self.complete() and self.clock >= SETTLE_STEP * (self.shown + 1):
            self._reveal_next()

    def handle(self, intent: Intent) -> bool:
        """Modal: a click or Enter first shows the remaining lines at once, then continues."""
        if not self.complete() and (intent.kind == intents.ACTIVATE or
                                    (intent.kind == intents.RELEASE and self.RECT.collidepoint(intent.pos))):
            self.reveal_all()
            return True
        return super().handle(intent)

    def paint_body(self, surface: pygame.Surface, body: pygame.Rect) -> None:
        """The still part, painted once per language: the heading and both revealed hands."""
        event = self.event
        heading = t("noaron_table.settle.heading", n=event.round + 1, player=self.table.long_name(event.declarer))
        size = fit_size(heading, theme.HEADING - 8, body.width - 80, bold=True)
        draw_text_centered(surface, heading, size, theme.INK, (body.centerx, body.top + 52), True)
        for row, seat in enumerate((self.table.top_seat, self.table.bottom)):
            self._draw_hand(surface, seat, body.left + 50, body.top + 104 + row * 118)

    def draw(self, surface: pygame.Surface) -> None:
        """The cached paper with the hands, the lines shown so far, the button, the lit stakes."""
        if self._surface is None or self._language != language():
            # A cache of pixels only: drawing it changes nothing the game can see.
            self._surface = self.render()
            self._language = language()
        body = self.RECT
        surface.blit(self._surface, (body.left - 20, body.top - 20))
        self._draw_stakes_lit(surface)
        y = body.top + 384
        for kind, text in self.lines[:self.shown]:
            colour = {"plus": theme.FUTON, "end": theme.FUTON, "loss": theme.INK}.get(kind, theme.INK_SOFT)
            bold = kind in ("loss", "end", "next", "pay")
            size = fit_size(text, theme.BODY, body.width - 120, bold=bold)
            image = fonts.text(text, size, colour, bold)
            surface.blit(image, image.get_rect(midleft=(body.left + 70, y)))
            y += 40
        self.group.draw(surface)

    def _draw_stakes_lit(self, surface: pygame.Surface) -> None:
        """The stake rows, paid heaps and stake cards in flight, above the veil (they are the point)."""
        for seat in (0, 1):
            self.table.paint_stakes(surface, seat)
            self.table.paint_paid(surface, seat)
        for sprite in self.table.flying:
            if sprite.scale <= STAKE_SCALE + 0.01:
                sprite.draw(surface)

    def _draw_hand(self, surface: pygame.Surface, seat: int, left: int, top: int) -> None:
        """A seat's name, its revealed hand (yaku framed, zatsu faded) and its score."""
        event = self.event
        pygame.draw.circle(surface, seat_color(seat), (left + 18, top + 22), 16)
        symbol = fonts.text(theme.SEAT_SYMBOLS[seat % len(theme.SEAT_SYMBOLS)], theme.TINY - 2, theme.TEXT, True)
        surface.blit(symbol, symbol.get_rect(center=(left + 18, top + 22)))
        name = self.table.name_of(seat)
        tag = t("noaron_table.settle.declarer") if seat == event.declarer else ""
        label = fonts.text(name + (f"  {tag}" if tag else ""), fit_size(name, theme.SMALL, 260, True), theme.INK, True)
        surface.blit(label, label.get_rect(midleft=(left + 44, top + 22)))
        hand, cut = event.hands[seat], event.cuts[seat]
        width, height = cards_art.scaled_size(self.MINI_SCALE)
        x0 = left + 10
        y0 = top + 48

        def block(start: int, length: int) -> pygame.Rect:
            first = x0 + start * self.MINI_STEP
            return pygame.Rect(first - 7, y0 - 7, (length - 1) * self.MINI_STEP + width + 14, height + 14)

        if cut.yaku_length and cut.zatsu_is_yaku:
            rect = block(*zatsu_span(cut, len(hand)))
            surface.blit(cards_art.ring(rect.size, cards_art.SECOND_FRAME, 3, 12), rect)
        if cut.yaku_length:
            rect = block(cut.yaku_start, cut.yaku_length)
            surface.blit(cards_art.band(rect.size, theme.GOLD, 90, 12), rect)
            surface.blit(cards_art.ring(rect.size, theme.GOLD, 3, 12), rect)
        for index, colour in enumerate(hand):
            image = cards_art.face_at(colour, self.MINI_SCALE, dim=is_faded(cut, index))
            surface.blit(image, (x0 + index * self.MINI_STEP, y0))
        text = cut_summary(cut)
        info = fonts.text(text, theme.SMALL, theme.INK_SOFT)
        right = x0 + (len(hand) - 1) * self.MINI_STEP + width + 30
        surface.blit(info, info.get_rect(midleft=(right, y0 + height // 2 - 16)))
        score = fonts.text(t("noaron_table.points", n=cut.score), theme.LARGE, theme.INK, True)
        surface.blit(score, score.get_rect(midleft=(right, y0 + height // 2 + 20)))
        if seat == event.loser:
            mark = fonts.text(t("noaron_table.settle.loser"), theme.SMALL, theme.FUTON, True)
            surface.blit(mark, mark.get_rect(midleft=(right + 130, y0 + height // 2 + 20)))


def zatsu_span(cut: Cut, size: int) -> tuple[int, int]:
    """(start, length) of the zatsu of ``cut`` in a hand of ``size``."""
    if cut.yaku_start == 0:
        return (cut.yaku_length, size - cut.yaku_length)
    return (0, cut.yaku_start)


def is_faded(cut: Cut, index: int) -> bool:
    """True when hand card ``index`` counts in full as zatsu (drawn faded)."""
    if not cut.yaku_length or cut.zatsu_is_yaku:
        return False
    return not cut.yaku_start <= index < cut.yaku_start + cut.yaku_length


def cut_summary(cut: Cut, short: bool = False) -> str:
    """"yaku 8 · zatsu 4" (or "no yaku"), for the score card (``short``) and the settlement."""
    zatsu = cut.score * 2 if cut.zatsu_is_yaku else cut.score  # a zatsu that is a yaku scores half
    if not cut.yaku_length:
        return t("noaron_table.cut.none", zatsu=zatsu)
    if cut.zatsu_is_yaku and not short:
        return t("noaron_table.cut.both", yaku=cut.yaku_length, zatsu=zatsu)
    return t("noaron_table.cut.parts", yaku=cut.yaku_length, zatsu=zatsu)


class NoaronTable(TableScene):
    """The ノアロン table scene (see the module docstring)."""

    felt = FELT  # the base draws (and prewarms) the table with this mat

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
        self.source_focus: str | None = None
        self.pair_cursor: int | None = None
        self.gap_cursor: int | None = None
        self.armed: tuple[str, int] | None = None  # a finger's first tap: (phase, choice)
        self.preview: Preview | None = None
        self.shown_cut: Cut | None = None
        self.panel: SettlementPanel | None = None  # type: ignore[assignment]
        self.bubbles: list[Bubble] = []
        self.flying: list[NoaronCard] = []  # cards in flight, drawn above everything else
        self.hints_stale = False
        self.dealing = False  # a deal is being shown (the status says so, not "your turn")
        super().__init__(app, match, **options)
        self.undo_button.rect = pygame.Rect(UNDO_RECT)

    # ----- sides ------------------------------------------------------------------------------------
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
        return "bottom" if seat == self.bottom else "top"

    def pile_centre(self, seat: int, pile: int) -> Point:
        """Where a seat's pile lies: the top player's left pile is on the viewer's right."""
        x = PILE_X[pile] if seat == self.bottom else PILE_X[1 - pile]
        return (x, SIDE_Y[self.side(seat)])

    def pile_top(self, seat: int, pile: int) -> Point:
        """Where the top card of that pile is drawn."""
        x, y = self.pile_centre(seat, pile)
        dx, dy = cards_art.pile_top_offset(len(self.piles[(seat, pile)]))
        return (x + dx, y + dy)

    def reserve_spot(self, seat: int, index: int) -> Point:
        """Reserve card ``index`` (0 = the taker's left) of ``seat``."""
        side = self.side(seat)
        offset = (index - 0.5) * RESERVE_STEP[side]
        return (RESERVE_X + (offset if side == "bottom" else -offset), SIDE_Y[side])

    def stake_slot(self, seat: int, index: int, count: int) -> Point:
        """Centre of stake card ``index`` in a row of ``count``."""
        x = STAKE_X + (index - (count - 1) / 2) * STAKE_STEP
        return (x, STAKE_Y[self.side(seat)])

    def paid_pos(self, seat: int) -> Point:
        """The heap of stake cards a seat has paid."""
        return (STAKE_X, PAID_Y[self.side(seat)])

    @property
    def hand(self) -> HandRow:
        """The bottom row."""
        return self.rows[self.bottom]

    # ----- pieces -------------------------------------------------------------------------------------
    def game_buttons(self) -> list[Button]:
        """Declare and End turn above Undo at the lower right (the base adds Undo, Help, Menu)."""
        self.declare_button = Button(pygame.Rect(1580, 842, 300, 76), lambda: t("noaron_table.declare"),
                                     self.press_declare, enabled=self.can_declare)
        self.end_button = Button(pygame.Rect(1580, 930, 300, 62), lambda: t("noaron_table.end_turn"),
                                 self.press_end, enabled=self.can_end, style="secondary")
        return [self.declare_button, self.end_button]

    def build_pieces(self) -> None:
        """Two hand rows (the top one mirrored) and empty piles."""
        self._prewarm_pictures()
        self.rows = {}
        for seat in (0, 1):
            centre, scale, step = HAND[self.side(seat)]
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
                if colour is not None:
                    cards_art.face_at(colour, scale, dim=True)

    def queue_intro(self) -> None:
        """A fresh game was set up without events: replay its opening as the events it amounts to."""
        obs = self.observation()
        self.deck_count = 72
        self.stake_counts = [0, 0]
        self.paid_counts = [0, 0]
        self.shown_round = obs.round
        events: list[Event] = [StakesDealt(tuple(obs.stakes)), RoundStarted(obs.round, obs.start_seat)]
        for pile in (LEFT, RIGHT):
            for seat in (obs.start_seat, 1 - obs.start_seat):
                if obs.piles[seat][pile]:
                    events.append(PileSeeded(seat, pile, obs.piles[seat][pile][0]))
        for seat in (obs.start_seat, 1 - obs.start_seat):
            events.append(HandDealt(seat, obs.hand_counts[seat]))
        self.pending.extend(events)

    # ----- queries --------------------------------------------------------------------------------------
    def observation(self) -> NoaronObservation:
        """What the viewer may see now (a spectator sees no hand), cached by the base."""
        return super().observation()  # type: ignore[no-any-return]

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

    # ----- building the picture from the observation ------------------------------------------------
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

    def _clear_choice(self) -> None:
        """Forget the pair, gap and source being chosen."""
        self.source_focus = None
        self.pair_cursor = None
        self.gap_cursor = None
        self.armed = None
        self.preview = None

    def _reserve_in_row(self) -> bool:
        """True while the reserve pair is shown inside the bottom row (the insert preview)."""
        return bool(self.reserve) and all(card in self.hand.cards for card in self.reserve)

    def refresh_hints(self) -> None:
        """Glowing sources, the lifted pair or the open gap, the framed cut and the score card."""
        phase = self.phase_for_viewer()
        legal = self.legal_sources()
        if self.source_focus not in legal:
            self.source_focus = None if not legal or self.source_focus is None else legal[0]
        self.deck_glow = ("focus" if self.source_focus == "deck" else "ok") if "deck" in legal else ""
        self.pile_glow = {}
        for source, seat in (("mine", self.viewer), ("theirs", 1 - self.viewer if self.viewer >= 0 else -1)):
            if source in legal:
                self.pile_glow[seat] = "focus" if self.source_focus == source else "ok"
        if self.pending or self.animator.busy:
            self.hints_stale = True  # the row is moving: re-read everything once at rest
            return
        self.hints_stale = False
        self._show_reserve_preview(phase)
        self._update_preview(phase)
        self._frame_hand()

    def _show_reserve_preview(self, phase: str) -> None:
        """In the insert phase the reserve pair sits in the bottom row at the gap cursor."""
        row = self.hand
        in_row = [card for card in row.cards if card in self.reserve]
        if phase == PHASE_INSERT and self.reserve and self.reserve_seat == self.viewer:
            if self.gap_cursor is None:
                self.gap_cursor = len(row.cards) - len(in_row)
            rest = [card for card in row.cards if card not in self.reserve]
            self.gap_cursor = max(0, min(len(rest), self.gap_cursor))
            row.cards = rest[:self.gap_cursor] + list(self.reserve) + rest[self.gap_cursor:]
            row.pair = self.gap_cursor
            row.pair_color = theme.ACCENT
            row.pair_tag = t("noaron_table.tag.insert")
            row.layout(self.ambient, 0.18)  # the reserve pair glides into the gap
            return
        if in_row:
            row.cards = [card for card in row.cards if card not in self.reserve]
            for index, card in enumerate(self.reserve):
                card.pos = self.reserve_spot(self.reserve_seat, index)
                card.scale = RESERVE_SCALE[self.side(self.reserve_seat)]
                card.lift = 0.0
        if phase == PHASE_DISCARD and self.pair_cursor is not None:
            row.pair = max(0, min(len(row.cards) - 2, self.pair_cursor))
            row.pair_color = theme.BAD
            row.pair_tag = t("noaron_table.tag.discard")
        else:
            row.pair = None
            row.pair_color = None
            row.pair_tag = ""
        row.layout(self.ambient, 0.16)

    def _update_preview(self, phase: str) -> None:
        """The hand and cut the current choice would give."""
        obs = self.observation()
        hand = tuple(obs.hand)
        self.preview = None
        if phase == PHASE_INSERT and self.gap_cursor is not None and obs.reserve:
            after = hand[:self.gap_cursor] + tuple(obs.reserve) + hand[self.gap_cursor:]
            self.preview = Preview(after, best_cut(after))
        elif phase == PHASE_DISCARD and self.pair_cursor is not None and obs.reserve:
            index = max(0, min(len(hand) - 2, self.pair_cursor))
            self.preview = Preview(hand, best_cut(hand), best_after_discard(hand, index, tuple(obs.reserve)))

    def _frame_hand(self) -> None:
        """Frame the yaku of the bottom row (preview or hand) and fade its zatsu."""
        row = self.hand
        faces = [card.value for card in row.cards]
        cut: Cut | None = None
        if self.preview is not None and len(self.preview.hand) == len(row.cards):
            cut = self.preview.cut
        elif row.cards and all(value is not None for value in faces):
            cut = best_cut(tuple(str(value) for value in faces))
        self.shown_cut = cut
        row.second = None
        if cut is None or not cut.yaku_length:
            row.frame = None
            for card in row.cards:
                card.dim = False
            return
        row.frame = (cut.yaku_start, cut.yaku_length)
        if cut.zatsu_is_yaku:
            row.second = zatsu_span(cut, len(row.cards))
        for index, card in enumerate(row.cards):
            card.dim = is_faded(cut, index)

    # ----- actions ----------------------------------------------------------------------------------------
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

    def can_declare(self) -> bool:
        """The Declare button's enabled flag."""
        return self.phase_for_viewer() == PHASE_DECIDE

    def can_end(self) -> bool:
        """The End turn button's enabled flag (not at 0: declaring is the only choice)."""
        return self.phase_for_viewer() == PHASE_DECIDE and END in self.match.legal_actions(self.viewer)

    def on_applied(self, events: list[Event]) -> None:
        """Any action went through: forget the choice in progress."""
        self._clear_choice()

    def clear_selection(self) -> None:
        """Forget the choice in progress (undo, curtain, new viewer)."""
        self._clear_choice()

    def event_handlers(self) -> dict[type, Callable[[Any], None]]:
        """Event type -> animation; after any of them the hints are re-read once at rest."""
        return {kind: self._then_rehint(handler) for kind, handler in self._animations().items()}

    def _then_rehint(self, handler: Callable[[Any], None]) -> Callable[[Any], None]:
        """``handler``, marking the hints stale (they are re-read when the pieces come to rest)."""
        def run(event: Any) -> None:
            self.hints_stale = True
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
            GameEnded: self.finish_match,
        }

    def animate_stakes(self, event: StakesDealt) -> None:
        """Stake cards counted out face down, one to each side in turn."""
        self.dealing = True
        steps: list[anim.Step] = []
        number = 0
        for index in range(max(event.counts)):
            for seat in (0, 1):
                if index >= event.counts[seat]:
                    continue
                steps.append(anim.Sequence(anim.Wait(STAKE_GAP * number), self._stake_one(seat, index,
                                                                                       event.counts[seat])))
                number += 1
        self.app.audio.play("deal")
        self.animator.add(anim.Sequence(anim.Parallel(*steps), anim.Wait(0.15)))

    def _stake_one(self, seat: int, index: int, count: int) -> anim.Step:
        """One face-down stake card from the deck to its place in the seat's row."""
        sprite = NoaronCard(None, DECK_POS, scale=DECK_SCALE, face_up=False)
        sprite.visible = False

        def leave() -> None:
            sprite.visible = True
            self.deck_count = max(0, self.deck_count - 1)

        def arrive() -> None:
            self.stake_counts[seat] += 1

        return anim.Sequence(anim.Call(leave), self.fly(sprite, self.stake_slot(seat, index, count), 0.0,
                                                        DEAL_FLIGHT, scale_to=STAKE_SCALE, on_land=arrive))

    def animate_round_start(self, event: RoundStarted) -> None:
        """Every hand and pile card goes back under the deck; the round number turns."""
        self.dealing = True
        flights: list[anim.Step] = []
        for seat, row in self.rows.items():
            for sprite in row.cards:
                flights.append(self.fly(sprite, DECK_POS, 0.0, SLIDE, flip_to=0.0, scale_to=DECK_SCALE))
            row.cards = []
            row.frame = None
        for (seat, pile), cards in self.piles.items():
            if cards:
                sprite = NoaronCard(cards[-1], self.pile_top(seat, pile), scale=PILE_SCALE)
                flights.append(self.fly(sprite, DECK_POS, 0.0, SLIDE, flip_to=0.0, scale_to=DECK_SCALE))
            self.piles[(seat, pile)] = []
        for sprite in self.reserve:
            flights.append(self.fly(sprite, DECK_POS, 0.0, SLIDE, flip_to=0.0, scale_to=DECK_SCALE))
        self.reserve = []
        self._clear_choice()

        def gathered() -> None:
            self.deck_count = 72 - sum(self.stake_counts) - sum(self.paid_counts)
            self.shown_round = event.round

        if flights:
            self.app.audio.play("card_slide")
        self.animator.add(anim.Sequence(anim.Parallel(*flights), anim.Call(gathered)))

    def animate_pile_seeded(self, event: PileSeeded) -> None:
        """A card from the deck turns face up onto a discard pile."""
        sprite = NoaronCard(event.card, DECK_POS, scale=DECK_SCALE, face_up=False)
        self.deck_count = max(0, self.deck_count - 1)
        target = self.pile_centre(event.seat, event.pile)
        key = (event.seat, event.pile)
        self.app.audio.play("card_flip")
        self.animator.add(self.fly(sprite, target, 0.0, SLIDE * 0.8, flip_to=1.0, scale_to=PILE_SCALE,
                                   on_land=lambda: self.piles[key].append(event.card)))

    def animate_deal(self, event: HandDealt) -> None:
        """Cards fly one at a time to each side in turn, into the rows in order; the viewer's
        then turn face up where they lie (a hand is never sorted). Consecutive deals merge."""
        deals = [event]
        while self.pending and isinstance(self.pending[0], HandDealt):
            deals.append(self.pending.popleft())  # type: ignore[arg-type]
        self.app.audio.play("deal")
        obs = self.observation()
        steps: list[anim.Step] = []
        number = 0
        for index in range(max(deal.count for deal in deals)):
            for deal in deals:
                if index >= deal.count:
                    continue
                value = obs.hand[index] if deal.seat == self.bottom and obs.seat == deal.seat \
                    and index < len(obs.hand) else None
                steps.append(anim.Sequence(anim.Wait(DEAL_GAP * number),
                                           self._deal_one(deal.seat, index, deal.count, value)))
                number += 1
        self.dealing = True
        self.animator.add(anim.Sequence(anim.Parallel(*steps), anim.Call(self._reveal_hand), anim.Wait(0.2),
                                        anim.Call(self._dealt)))

    def _dealt(self) -> None:
        """The deal is shown: the status line may speak of turns again."""
        self.dealing = False

    def _deal_one(self, seat: int, index: int, count: int, value: str | None) -> anim.Step:
        """One face-down card from the deck to slot ``index`` of the seat's row."""
        row = self.rows[seat]
        sprite = NoaronCard(value, DECK_POS, scale=DECK_SCALE, face_up=False)
        sprite.visible = False
        target = (row.slot_x(index, count), row.centre[1])

        def leave() -> None:
            sprite.visible = True
            self.deck_count = max(0, self.deck_count - 1)

        return anim.Sequence(anim.Call(leave), self.fly(sprite, target, 0.0, DEAL_FLIGHT, scale_to=row.scale,
                                                        on_land=lambda: row.cards.append(sprite)))

    def _reveal_hand(self) -> None:
        """Turn the viewer's dealt cards face up, left to right."""
        flips = [anim.Tween(card, "flip", 1.0, 0.2, anim.ease_in_out_sine) for card in self.hand.cards
                 if card.value is not None and not self.hand_hidden]
        if flips:
            self.app.audio.play("card_flip")
            self.animator.add(anim.stagger(flips, 0.04))

    def animate_took(self, event: Took) -> None:
        """Two cards go to the taker's reserve spot, keeping their order as the taker sees it."""
        seat = event.seat
        side = self.side(seat)
        obs = self.observation()
        known = list(obs.reserve) if seat == obs.seat or event.cards else []
        origins: list[tuple[Point, str | None, float]] = []
        if event.source == "deck":
            for _ in range(2):
                origins.append((DECK_POS, None, DECK_SCALE))
                self.deck_count = max(0, self.deck_count - 1)
        else:
            owner = seat if event.source == "mine" else 1 - seat
            order = (LEFT, RIGHT) if event.source == "mine" else (RIGHT, LEFT)
            for pile in order:
                cards = self.piles[(owner, pile)]
                origins.append((self.pile_top(owner, pile), cards[-1] if cards else None, PILE_SCALE))
                if cards:
                    cards.pop()
        self.reserve = []
        self.reserve_seat = seat
        flights: list[anim.Step] = []
        for index, (origin, face, scale) in enumerate(origins):
            value = event.cards[index] if event.cards else (known[index] if index < len(known) else None)
            sprite = NoaronCard(value, origin, scale=scale, face_up=face is not None)
            self.reserve.append(sprite)
            flip = 1.0 if value is not None else None
            flights.append(anim.Sequence(anim.Wait(0.08 * index),
                                         self.fly(sprite, self.reserve_spot(seat, index), 0.0, SLIDE,
                                                  flip_to=flip, scale_to=RESERVE_SCALE[side])))
        self.app.audio.play("card_slide")
        self.animator.add(anim.Parallel(*flights))

    def animate_deck_rebuilt(self, event: DeckRebuilt) -> None:
        """Every pile but its top card goes face down into a new deck."""
        flights: list[anim.Step] = []
        for (seat, pile), cards in self.piles.items():
            if len(cards) > 1:
                sprite = NoaronCard(cards[-2], self.pile_centre(seat, pile), scale=PILE_SCALE)
                flights.append(self.fly(sprite, DECK_POS, 0.0, SLIDE, flip_to=0.0, scale_to=DECK_SCALE))
                self.piles[(seat, pile)] = cards[-1:]

        def rebuilt() -> None:
            self.deck_count = event.count

        self.app.audio.play("card_slide")
        self.animator.add(anim.Sequence(anim.Parallel(*flights), anim.Call(rebuilt)))
        self.bubble_at(-1, t("noaron_table.deck_rebuilt"))

    def animate_discarded(self, event: Discarded) -> None:
        """The pair leaves the hand: its left card onto the left pile, its right onto the right."""
        row = self.rows[event.seat]
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
            target = self.pile_centre(event.seat, pile)
            dx, dy = cards_art.pile_top_offset(len(self.piles[key]) + 1)
            flights.append(anim.Sequence(anim.Wait(0.06 * offset), self.fly(
                sprite, (target[0] + dx, target[1] + dy), 0.0, SLIDE, flip_to=1.0 if flip else None,
                scale_to=PILE_SCALE, on_land=lambda key=key, card=card: self.piles[key].append(card))))
        row.frame = None
        row.layout(self.animator, 0.3)
        self.app.audio.play("card_slide")
        self.animator.add(anim.Parallel(*flights))

    def animate_inserted(self, event: Inserted) -> None:
        """The reserve pair drops into the hand at the chosen place (face down for the opponent)."""
        row = self.rows[event.seat]
        sprites = [card for card in self.reserve]
        row.cards = [card for card in row.cards if card not in sprites]
        mine = event.seat == self.bottom and self.observation().seat == event.seat and not self.hand_hidden
        for sprite in sprites:
            sprite.dim = False
            if not mine:
                sprite.value = None if sprite.flip < 0.5 else sprite.value
        row.cards[event.index:event.index] = sprites
        self.reserve = []
        self.reserve_seat = -1
        row.pair = None
        row.pair_color = None
        row.pair_tag = ""
        row.frame = None
        flips: list[anim.Step] = []
        if not mine:
            for sprite in sprites:
                if sprite.value is not None:
                    flips.append(anim.Sequence(anim.Tween(sprite, "flip", 0.0, 0.25, anim.ease_in_out_sine),
                                               anim.Call(lambda sprite=sprite: setattr(sprite, "value", None))))
        row.layout(self.animator, 0.32)
        self.app.audio.play("card_slide")
        self.animator.add(anim.Parallel(*flips, anim.Wait(0.32)))

    def animate_declared(self, event: Declared) -> None:
        """A "Noaron!" call at the declaring player."""
        self.app.audio.play("round_end")
        self.bubble_at(event.seat, t("noaron_table.declare_call"))
        self.animator.add(anim.Wait(0.8))

    def animate_turn_passed(self, event: TurnPassed) -> None:
        """A short beat between turns."""
        self.animator.add(anim.Wait(0.15))

    def bubble_at(self, seat: int, text: str) -> None:
        """A speech bubble at a seat's plate (or at the deck for ``seat`` -1)."""
        if seat < 0:
            x, y = DECK_POS[0], DECK_POS[1] - 90
            below = False
        else:
            x, y = PLATE[self.side(seat)]
            below = self.side(seat) == "top"
            y = y + 44 if below else y - 44
        bubble = Bubble(text, (x, y), below=below)
        self.bubbles = [b for b in self.bubbles if b.visible] + [bubble]
        self.ambient.add(bubble.show())

    def show_settlement(self, event: Settled) -> None:
        """Both hands are shown with their cuts, then the settlement, step by step."""
        def open_panel() -> None:
            self.panel = SettlementPanel(self, event)
            self._clear_choice()
            self.refresh_hints()

        self.animator.add(anim.Sequence(anim.Wait(0.3), anim.Call(open_panel)))

    def animate_payment(self, event: Settled) -> None:
        """The loser's paid stake cards move from their row to the paid heap, one by one."""
        seat = event.loser
        count = self.stake_counts[seat]
        steps: list[anim.Step] = []
        for number in range(event.paid):
            index = count - 1 - number
            if index < 0:
                break
            sprite = NoaronCard(None, self.stake_slot(seat, index, count), scale=STAKE_SCALE, face_up=False)

            def leave() -> None:
                self.stake_counts[seat] = max(0, self.stake_counts[seat] - 1)

            def land() -> None:
                self.paid_counts[seat] += 1

            steps.append(anim.Sequence(anim.Wait(0.12 * number), anim.Call(leave),
                                       self.fly(sprite, self.paid_pos(seat), 0.0, SLIDE, on_land=land)))
        self.ambient.add(anim.Parallel(*steps))

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

    def handle_pointer(self, intent: Intent) -> None:
        """Buttons first; then a press takes, discards or places; a move shows what it would do."""
        if self.buttons.handle(intent):
            return
        if intent.kind == intents.PRESS:
            self.pointer_down(intent.pos, intent.touch)
        elif intent.kind == intents.MOVE and not intent.touch and not intent.held:
            self.pointer_move(intent.pos)

    def handle_focus(self, step: int) -> None:
        """Tab / Shift+Tab: the next source in the take phase, else like Right / Left."""
        if self.phase_for_viewer() == PHASE_TAKE:
            self.cycle_source(step)
        else:
            self.handle_nav(step, 0)

    def handle_activate(self) -> None:
        """Enter: confirm the choice in progress."""
        self.confirm()

    def handle_key(self, key: str) -> None:
        """Letter shortcuts: D declare, E end the turn, H help."""
        if key == "d":
            self.press_declare()
        elif key == "e":
            self.press_end()
        elif key == "h":
            self.open_help()

    def handle_back(self) -> None:
        """Esc/Backspace: drop the choice in progress, else undo, else the menu."""
        if self.pair_cursor is not None or self.armed is not None:
            self._clear_choice()
            self.refresh_hints()
        elif self.can_undo():
            self.press_undo()
        else:
            self.to_menu()

    def source_at(self, pos: tuple[int, int]) -> str | None:
        """The source under the pointer: the deck, or either pile of a side."""
        width, height = cards_art.scaled_size(PILE_SCALE)
        deck = pygame.Rect(0, 0, width + 40, height + 40)
        deck.center = (round(DECK_POS[0]), round(DECK_POS[1]))
        if deck.collidepoint(pos):
            return "deck"
        for seat in (0, 1):
            for pile in (LEFT, RIGHT):
                rect = pygame.Rect(0, 0, width + 20, height + 24)
                rect.center = tuple(round(v) for v in self.pile_centre(seat, pile))  # type: ignore[assignment]
                if rect.collidepoint(pos):
                    viewer = self.viewer if self.viewer >= 0 else self.bottom
                    return "mine" if seat == viewer else "theirs"
        return None

    def in_hand_band(self, pos: tuple[int, int]) -> bool:
        """True when ``pos`` is on the bottom row's strip (where pairs and gaps are picked)."""
        area = self.hand.span(0, max(1, HAND_SIZE)).inflate(60, 0)
        return HAND_BAND[0] <= pos[1] <= HAND_BAND[1] and area.left <= pos[0] <= area.right

    def choice_at(self, pos: tuple[int, int]) -> int:
        """The pair (discard phase) or gap (insert phase) the pointer picks: both are two-slot
        blocks of the twelve-slot row, the one whose middle is nearest the pointer."""
        return self.hand.nearest_between(pos[0], HAND_SIZE - 1, HAND_SIZE)

    def pointer_down(self, pos: tuple[int, int], touch: bool) -> None:
        """A click or tap: take from a source, discard a pair, place the reserve."""
        phase = self.phase_for_viewer()
        if phase == PHASE_TAKE:
            source = self.source_at(pos)
            if source is not None:
                self.take(source)
            return
        if phase in (PHASE_DISCARD, PHASE_INSERT) and self.in_hand_band(pos):
            choice = self.choice_at(pos)
            if touch and self.armed != (phase, choice):
                self.armed = (phase, choice)  # first tap: show the choice; a second tap confirms
                self._set_cursor(phase, choice)
                return
            self._set_cursor(phase, choice)
            self.confirm()
            return
        if phase == "" and self.source_at(pos) is not None and self.match.seats[self.bottom].is_human:
            self.refuse(t("table.reason.not_now"))

    def pointer_move(self, pos: tuple[int, int]) -> None:
        """Hover: a source rings, a pair lifts, the reserve pair moves to the gap."""
        phase = self.phase_for_viewer()
        if phase == PHASE_TAKE:
            source = self.source_at(pos)
            if source in self.legal_sources() and source != self.source_focus:
                self.source_focus = source
                self.refresh_hints()
        elif phase in (PHASE_DISCARD, PHASE_INSERT) and self.in_hand_band(pos):
            self._set_cursor(phase, self.choice_at(pos))

    def _set_cursor(self, phase: str, choice: int) -> None:
        """Point the pair or gap cursor at ``choice`` and re-read the hints if it moved."""
        if phase == PHASE_DISCARD and choice != self.pair_cursor:
            self.pair_cursor = choice
            self.refresh_hints()
        elif phase == PHASE_INSERT and choice != self.gap_cursor:
            self.gap_cursor = choice
            self.refresh_hints()

    def handle_nav(self, dx: int, dy: int) -> None:
        """Left/Right move the pair or gap cursor (or the source); Up/Down choose the source."""
        phase = self.phase_for_viewer()
        if phase == PHASE_TAKE:
            self.cycle_source(dx or dy)
        elif phase == PHASE_DISCARD and dx:
            current = self.pair_cursor
            self.pair_cursor = 0 if current is None else max(0, min(HAND_SIZE - 2, current + dx))
            self.refresh_hints()
        elif phase == PHASE_INSERT and dx:
            current = HAND_SIZE - 2 if self.gap_cursor is None else self.gap_cursor
            self.gap_cursor = max(0, min(HAND_SIZE - 2, current + dx))
            self.refresh_hints()

    def cycle_source(self, step: int) -> None:
        """Move the source focus to the next legal source."""
        legal = self.legal_sources()
        if not legal:
            return
        if self.source_focus not in legal:
            self.source_focus = legal[0] if step >= 0 else legal[-1]
        else:
            self.source_focus = legal[(legal.index(self.source_focus) + step) % len(legal)]
        self.refresh_hints()

    def confirm(self) -> None:
        """Enter: take from the focused source, discard the pair, place the reserve, or declare."""
        phase = self.phase_for_viewer()
        self.armed = None
        if phase == PHASE_TAKE:
            if self.source_focus is None:
                self.cycle_source(1)
            else:
                self.take(self.source_focus)
        elif phase == PHASE_DISCARD:
            if self.pair_cursor is None:
                self.handle_nav(1, 0)
            else:
                self.discard(self.pair_cursor)
        elif phase == PHASE_INSERT:
            self.insert(HAND_SIZE - 2 if self.gap_cursor is None else self.gap_cursor)
        elif phase == PHASE_DECIDE:
            self.press_declare()
        elif self.viewer_may_act() is False and self.match.seats[self.bottom].is_human:
            self.refuse(t("table.reason.not_now"))

    # ----- drawing ------------------------------------------------------------------------------------
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

    def paint_still_base(self, surface: pygame.Surface) -> None:
        """The table, the mat's printed title and the printed places (piles, reserve, stakes)."""
        surface.blit(art.table_surface(SCREEN, FELT), (0, 0))
        for key, picture in self._printed_marks():
            surface.blit(picture, key)

    def _printed_marks(self) -> list[tuple[tuple[int, int], pygame.Surface]]:
        """Faint outlines printed on the mat where cards go, with small captions."""
        marks: list[tuple[tuple[int, int], pygame.Surface]] = []
        mark = labels.mat_mark(t("game.noaron.title"))
        marks.append((mark.get_rect(topleft=(FELT[0] + 56, FELT[1] + 44)).topleft, mark))
        size = cards_art.scaled_size(PILE_SCALE)
        outline = art.slot_outline(size, art.mix(theme.FELT_LIGHT, theme.PAPER, 0.2))
        for seat in (0, 1):
            for pile in (LEFT, RIGHT):
                centre = self.pile_centre(seat, pile)
                marks.append((outline.get_rect(center=(round(centre[0]), round(centre[1]))).topleft, outline))
        reserve_outline = art.slot_outline(cards_art.scaled_size(RESERVE_SCALE["bottom"]),
                                           art.mix(theme.FELT_LIGHT, theme.PAPER, 0.1))
        for index in (0, 1):
            centre = self.reserve_spot(self.bottom, index)
            marks.append((reserve_outline.get_rect(center=(round(centre[0]), round(centre[1]))).topleft,
                          reserve_outline))
        caption = self._caption(t("noaron_table.reserve"))
        at = self.reserve_spot(self.bottom, 0)
        marks.append((caption.get_rect(midbottom=(round(RESERVE_X), round(at[1] - 92))).topleft, caption))
        for seat in (0, 1):
            pile_caption = self._caption(t("noaron_table.piles_of", player=self.name_of(seat)))
            y = SIDE_Y[self.side(seat)]
            below = self.side(seat) == "bottom"
            spot = (round((PILE_X[LEFT] + PILE_X[RIGHT]) / 2), round(y + 96 if below else y - 96))
            marks.append((pile_caption.get_rect(midtop=spot if below else (spot[0], spot[1] - 22)).topleft,
                          pile_caption))
        return marks

    @staticmethod
    def _caption(text: str) -> pygame.Surface:
        """A small caption printed on the felt."""
        return fonts.text(text, theme.TINY, art.mix(theme.FELT_LIGHT, theme.PAPER, 0.45))

    def still_parts(self) -> dict[str, StillPart]:
        """The parts of the still layer as they should look now."""
        parts: dict[str, Any] = {}
        for (seat, pile), cards in self.piles.items():
            glow = self.pile_glow.get(seat, "")
            centre = self.pile_centre(seat, pile)
            signature = (tuple(cards[-4:]), len(cards), glow, centre)
            region = pygame.Rect(0, 0, 230, 290)
            region.center = (round(centre[0]), round(centre[1]))
            parts[f"pile{seat}{pile}"] = StillPart(signature, region, lambda s, k=(seat, pile), g=glow:
                                                    self._paint_pile(s, k, g))
        deck_region = pygame.Rect(0, 0, 260, 330)
        deck_region.center = (round(DECK_POS[0]), round(DECK_POS[1]) + 20)
        parts["deck"] = StillPart((self.deck_count, self.deck_glow), deck_region, self._paint_deck)
        for seat in (0, 1):
            region = pygame.Rect(0, 0, 330, 150)
            region.center = (round(STAKE_X), round(STAKE_Y[self.side(seat)]))
            parts[f"stakes{seat}"] = StillPart((self.stake_counts[seat], self.name_of(seat)), region,
                                                lambda s, seat=seat: self.paint_stakes(s, seat))
            paid = pygame.Rect(0, 0, 330, 120)
            paid.center = (round(STAKE_X), round(PAID_Y[self.side(seat)]))
            parts[f"paid{seat}"] = StillPart(self.paid_counts[seat], paid, lambda s, seat=seat: self.paint_paid(s, seat))
            args = (self.name_of(seat), seat, seat == self.seat_to_move(), self.stake_counts[seat],
                    seat == self.viewer and self.match.seats[seat].is_human)
            parts[f"plate{seat}"] = self.picture_part(args, self._plate(*args), center=PLATE[self.side(seat)])
        board_args = (t("noaron_table.round", n=self.shown_round + 1), tuple(self.stake_counts), language())
        parts["board"] = self.picture_part(board_args, self._board(board_args[0]), topleft=(30, 22))
        parts["score"] = self._score_part()
        parts["note"] = self._note_part()
        buttons = tuple((button.is_enabled, button.hovered, button.pressed, button.text)
                        for button in self.buttons.widgets)
        region = self.buttons.widgets[0].rect.unionall([button.rect for button in self.buttons.widgets[1:]])
        parts["buttons"] = StillPart(buttons, region.inflate(30, 30), self.buttons.draw)
        return parts

    def _paint_pile(self, surface: pygame.Surface, key: tuple[int, int], glow: str) -> None:
        """One discard pile: glow when it may be taken, its top cards, its count."""
        cards = self.piles[key]
        centre = self.pile_centre(*key)
        top = (centre[0] + cards_art.pile_top_offset(len(cards))[0], centre[1] + cards_art.pile_top_offset(len(cards))[1])
        if glow:
            halo = cards_art.glow(PILE_SCALE, theme.OK)
            surface.blit(halo, halo.get_rect(center=(round(top[0]), round(top[1]))))
        if cards:
            picture = cards_art.pile_picture(tuple(cards), PILE_SCALE, key[0] * 2 + key[1])
            surface.blit(picture, picture.get_rect(center=(round(centre[0]), round(centre[1]))))
            badge = count_badge(len(cards))
            width, height = cards_art.scaled_size(PILE_SCALE)
            surface.blit(badge, badge.get_rect(center=(round(centre[0] + width / 2 + 2), round(centre[1] + height / 2 - 6))))
        if glow == "focus":
            ring = art.focus_ring(cards_art.scaled_size(PILE_SCALE), theme.ACCENT)
            surface.blit(ring, ring.get_rect(center=(round(top[0]), round(top[1]))))

    def _paint_deck(self, surface: pygame.Surface) -> None:
        """The deck with its count (glowing when it may be drawn from)."""
        if self.deck_glow:
            halo = cards_art.glow(DECK_SCALE, theme.OK)
            surface.blit(halo, halo.get_rect(center=(round(DECK_POS[0]), round(DECK_POS[1]))))
        if self.deck_count > 0:
            heap = cards_art.heap_picture(self.deck_count, DECK_SCALE)
            width, height = cards_art.scaled_size(DECK_SCALE)
            surface.blit(heap, heap.get_rect(topleft=(round(DECK_POS[0] - width / 2 - 14), round(DECK_POS[1] - height / 2 - 14))))
        else:
            outline = art.slot_outline(cards_art.scaled_size(DECK_SCALE), theme.FELT_LIGHT)
            surface.blit(outline, outline.get_rect(center=(round(DECK_POS[0]), round(DECK_POS[1]))))
        if self.deck_glow == "focus":
            ring = art.focus_ring(cards_art.scaled_size(DECK_SCALE), theme.ACCENT)
            surface.blit(ring, ring.get_rect(center=(round(DECK_POS[0]), round(DECK_POS[1]))))
        label = fonts.text(t("noaron_table.deck", n=self.deck_count), theme.SMALL, theme.TEXT)
        surface.blit(label, label.get_rect(midtop=(round(DECK_POS[0]), round(DECK_POS[1] + 96))))

    def paint_stakes(self, surface: pygame.Surface, seat: int) -> None:
        """A seat's stake cards in a face-down row, with their count."""
        count = self.stake_counts[seat]
        centre = (round(STAKE_X), round(STAKE_Y[self.side(seat)]))
        if count:
            row = cards_art.fan_row_picture(count, STAKE_SCALE, STAKE_STEP)
            surface.blit(row, row.get_rect(center=centre))
        label = fonts.text(t("noaron_table.stakes", n=count), theme.TINY, theme.TEXT, True)
        below = self.side(seat) == "bottom"
        surface.blit(label, label.get_rect(midtop=(centre[0], centre[1] + 46)) if below
                     else label.get_rect(midbottom=(centre[0], centre[1] - 46)))

    def paint_paid(self, surface: pygame.Surface, seat: int) -> None:
        """The heap of a seat's paid stake cards, set aside, with its count."""
        count = self.paid_counts[seat]
        x, y = self.paid_pos(seat)
        spot = (round(x) - 70, round(y))
        if count:
            heap = cards_art.heap_picture(count, STAKE_SCALE)
            surface.blit(heap, heap.get_rect(center=spot))
        else:
            outline = art.slot_outline(cards_art.scaled_size(STAKE_SCALE), art.mix(theme.FELT_LIGHT, theme.PAPER, 0.1))
            surface.blit(outline, outline.get_rect(center=spot))
        label = fonts.text(t("noaron_table.paid", n=count), theme.TINY, art.mix(theme.TEXT, theme.FELT_LIGHT, 0.3))
        surface.blit(label, label.get_rect(midleft=(round(x) - 30, round(y))))

    def _plate(self, name: str, seat: int, turn: bool, stakes: int, you: bool) -> pygame.Surface:
        """The shared name plate, its second line counting the stake cards left."""
        return labels.plate(name, seat, turn, stakes, you, detail=t("noaron_table.stakes", n=stakes))

    def _board(self, heading: str) -> pygame.Surface:
        """The corner board: the round, and each seat's stakes left."""
        def make() -> pygame.Surface:
            surface = pygame.Surface((330, 62 + 40 * 2 + 10), pygame.SRCALPHA)
            pygame.draw.rect(surface, (*theme.INK, 210), surface.get_rect(), border_radius=20)
            pygame.draw.rect(surface, theme.GOLD, surface.get_rect().inflate(-8, -8), 2, border_radius=16)
            title = fonts.text(heading, theme.BODY - 2, theme.GOLD, True)
            surface.blit(title, (22, 14))
            for number, seat in enumerate((self.top_seat, self.bottom)):
                y = 62 + number * 40 + 18
                pygame.draw.circle(surface, seat_color(seat), (36, y), 14)
                mark = fonts.text(theme.SEAT_SYMBOLS[seat % len(theme.SEAT_SYMBOLS)], theme.TINY - 4, theme.TEXT, True)
                surface.blit(mark, mark.get_rect(center=(36, y)))
                name = self.name_of(seat)
                label = fonts.text(name, fit_size(name, theme.SMALL - 2, 170), theme.TEXT)
                surface.blit(label, label.get_rect(midleft=(60, y)))
                value = fonts.text(t("noaron_table.stakes", n=self.stake_counts[seat]), theme.SMALL - 2, theme.TEXT, True)
                surface.blit(value, value.get_rect(midright=(310, y)))
            return surface

        return labels.cached(("board", "noaron", heading, tuple(self.stake_counts), self.bottom, language()), make)

    def status_part(self) -> StillPart:
        """The status banner above the hand and the key hint under it."""
        text = self.status_text()
        mine = self.viewer_may_act()
        banner = labels.status_banner(text, mine) if text else None
        hint_text = t("noaron_table.keys") if self.viewer >= 0 and self.match.seats[self.viewer].is_human else ""
        hint = fonts.text(hint_text, theme.TINY - 2, theme.TEXT_DIM) if hint_text else None
        banner_at = banner.get_rect(center=(round(HAND["bottom"][0][0]), STATUS_Y)) if banner is not None else None
        hint_at = hint.get_rect(midbottom=(round(HAND["bottom"][0][0]), 1074)) if hint is not None else None
        areas = [area for area in (banner_at, hint_at) if area is not None]
        region = areas[0].unionall(areas[1:]) if areas else pygame.Rect(960, STATUS_Y, 0, 0)

        def paint(surface: pygame.Surface) -> None:
            if banner is not None:
                surface.blit(banner, banner_at)
            if hint is not None:
                surface.blit(hint, hint_at)

        return StillPart((text, mine, hint_text, language()), region, paint)

    def _score_part(self) -> StillPart:
        """The score card at the left of the hand: the hand's score (or the choice's preview)."""
        cut = self.shown_cut if not self.hand_hidden else None
        preview = self.preview
        signature = (cut, preview.best_after if preview else None, preview is not None, language())

        def paint(surface: pygame.Surface) -> None:
            if cut is None:
                return
            surface.blit(self._score_card(cut, preview), SCORE_CARD.topleft)

        return StillPart(signature, SCORE_CARD.inflate(20, 20), paint)

    def _score_card(self, cut: Cut, preview: Preview | None) -> pygame.Surface:
        """A paper card: "hand" (or "if placed here"), the score large, the cut's parts."""
        best = preview.best_after if preview is not None else None
        previewing = preview is not None and best is None

        def make() -> pygame.Surface:
            card = pygame.Surface(SCORE_CARD.size, pygame.SRCALPHA)
            rect = card.get_rect()
            pygame.draw.rect(card, theme.PAPER, rect, border_radius=18)
            edge = theme.ACCENT if previewing or best is not None else theme.GOLD
            pygame.draw.rect(card, edge, rect, 4, border_radius=18)
            title = t("noaron_table.score.preview") if previewing else t("noaron_table.score.hand")
            draw_text_centered(card, title, fit_size(title, theme.TINY, rect.width - 16, True), theme.INK_SOFT,
                               (rect.centerx, 22), True)
            score = fonts.text(str(cut.score), 64, theme.FUTON if cut.score <= DECLARE_AT_MOST else theme.INK, True)
            unit = fonts.text(t("noaron_table.points_unit"), theme.SMALL, theme.INK, True)
            total = score.get_width() + 6 + unit.get_width()
            left = rect.centerx - total // 2
            card.blit(score, score.get_rect(midleft=(left, 78)))
            card.blit(unit, unit.get_rect(bottomleft=(left + score.get_width() + 6, 98)))
            lines = [(cut_summary(cut, short=True), theme.INK_SOFT, False)]
            if cut.zatsu_is_yaku:
                lines.append((t("noaron_table.cut.half"), theme.INK_SOFT, False))
            if best is not None:
                lines.append((t("noaron_table.score.best_after", n=best), theme.ACCENT, True))
            elif cut.score <= DECLARE_AT_MOST:
                lines.append((t("noaron_table.score.can_declare"), theme.FUTON, True))
            for number, (line, colour, bold) in enumerate(lines):
                size_px = fit_size(line, theme.TINY, rect.width - 14, bold, smallest=theme.TINY - 6)
                draw_text_centered(card, line, size_px, colour, (rect.centerx, 120 + 24 * number), bold)
            return card

        return labels.cached(("noaron-score", cut, best, previewing, language()), make)

    def _note_part(self) -> StillPart:
        """Under the Declare button: why it is (not) available now."""
        text = self.declare_note()
        image = fonts.text(text, theme.TINY - 2, theme.TEXT_DIM) if text else None
        rect = self.declare_button.rect
        at = image.get_rect(midtop=(rect.centerx, rect.top - 28)) if image is not None else rect.copy()

        def paint(surface: pygame.Surface) -> None:
            if image is not None:
                surface.blit(image, at)

        return StillPart((text, language()), at.inflate(10, 6), paint)

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
        key, _, params = self.rules.explain_illegal(self.match.state, self.viewer, END)
        return t(key, **params)

    def draw_moving(self, surface: pygame.Surface) -> list[pygame.Rect]:
        """Rows, the reserve, flying cards and bubbles; returns the areas painted."""
        painted: list[pygame.Rect] = []
        painted.append(self.rows[self.top_seat].draw(surface))
        if not self.hand_hidden:
            painted.append(self.hand.draw(surface))
        in_row = self._reserve_in_row()
        for sprite in self.reserve:
            if not in_row and sprite not in self.flying:
                painted.append(sprite.draw(surface))
        painted.extend(sprite.draw(surface) for sprite in self.flying)
        painted.extend(bubble.draw(surface) for bubble in self.bubbles)
        return [area.inflate(4, 4) for area in painted if area.width and area.height]


def make_table(app: App, match: Match, **options: Any) -> Scene:
    """The ノアロン table scene for ``match`` (options: ``viewer``, ``ai_enabled``, ``worker_inline``)."""
    return NoaronTable(app, match, **options)
