"""The table of NEW & OLD: an Old zone and a New zone side by side, hands of two kinds of backs,
each seat's revealed cards laid face up in front of it, a game box for the cards put back.

The scene draws only what one seat may see (``rules.observe(state, viewer)``): the viewer's hand
face up at the bottom, every other hand as backs of the right kind (New and Old backs differ, so
the kinds are public), every zone and revealed card face up. Every rules event becomes an
animation: the two decks dealt out, the zone cards turned up, the leftovers and each seat's two
secret cards sliding into the box, cards sliding from a hand onto a zone, a reveal fanning cards
out in front of a seat, a seat leaving, the game's score panel.

Input: drag a hand card onto the glowing zone (mouse or finger), or click/tap a card then the
zone, or the keyboard (Left/Right card, Enter play, R reveal, Esc/Backspace undo else menu,
H help). While choosing the two cards for the box, click/tap (or Enter) marks a card, a second
card of the same kind takes the mark over, and "Put back in the box" confirms. The screen never
decides legality: a drop becomes an action that the rules accept or refuse with a reason, and a
refused card springs back with that reason.

The game-independent machinery (AI, undo, curtains, event pump, autosave, still layer, results)
is ``scenes.table.base.TableScene``.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from game.core.events import Event
from game.core.match import Match
from game.i18n import t
from game.rules.newold import (
    NEW,
    OLD,
    PHASE_BOX,
    PHASE_PLAY,
    REVEAL,
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
    NewOldAction,
    NewOldObservation,
    PlayStarted,
    RestBoxed,
    Revealed,
    StageBChecked,
    ZoneStarted,
    card_kind,
    card_number,
    may_reveal,
    must_reveal,
    playable_cards,
    score_revealed,
)
from scenes import anim, fonts, theme
from scenes.app import App, Scene
from scenes.table import art, labels
from scenes.table import newold_art as nart
from scenes.table.base import ModalPanel, StillPart, TableScene
from scenes.table.hand_drag import Drag, HandDragMixin
from scenes.table.pieces import Bubble, CardSprite, HandFan, StackView, nothing
from scenes.ui import Button, draw_text_centered, fit_size, seat_color

Point = tuple[float, float]

# ----- layout (logical 1920x1080) ------------------------------------------------------------------
SCREEN = (1920, 1080)
FELT = (480, 330, 960, 356)
ZONE_CENTRE = {ZONE_OLD: (850.0, 508.0), ZONE_NEW: (1070.0, 508.0)}
ZONE_SIGN = {ZONE_OLD: (628, 508), ZONE_NEW: (1292, 508)}  # the labels beside the zones
STATUS_Y = 716
HAND_ANCHOR = (960.0, 962.0)
BOX_CENTRE = (1700, 722)
SEAT_BOX = (440, 290)  # an opponent's area: plate, hand backs, revealed cards
PLATE_HEIGHT = 64
VIEWER_PLATE = pygame.Rect(24, 756, 440, PLATE_HEIGHT)
VIEWER_ROW = (40.0, 900.0, 0.6, 30.0)  # left, centre y, card scale, step
OTHER_ROW_SCALE = 0.52
OTHER_ROW_STEP = 30.0
OTHER_FAN_SCALE = 0.42
BOARD_TOPLEFT = (24, 16)
ACTION_RECT = (1560, 842, 320, 84)
# where each other seat sits, by the number of players, clockwise from the viewer's left
SLOTS: dict[int, tuple[str, ...]] = {
    2: ("top",),
    3: ("top_left", "top_right"),
    4: ("left", "top", "right"),
    5: ("left", "top_left", "top_right", "right"),
}
SLOT_ORIGIN: dict[str, tuple[int, int]] = {
    "left": (24, 340), "top_left": (470, 16), "top": (740, 16), "top_right": (1010, 16), "right": (1456, 340),
}
KIND_ORDER = {OLD: 0, NEW: 1}  # hands show Old cards on the left (the Old zone's side)

# ----- timings (seconds at normal speed; the animator scales them) -----------------------------------
DEAL_GAP = 0.028
DEAL_FLIGHT = 0.3
SLIDE = 0.4
GATHER = 0.4
REVEAL_GAP = 0.07
BUBBLE_PAUSE = 0.45
WARM_BUDGET = 0.001  # seconds a frame may spend making pictures ahead of need


def hand_order(card: str) -> tuple[int, int]:
    """Sort key of a hand: Old cards first (left), then New, each by number."""
    return KIND_ORDER[card_kind(card)], card_number(card)


def case_of(cards: Sequence[str]) -> str:
    """Which scoring case revealed cards fall under: "both", "only_old", "only_new" or "none"."""
    kinds = {card_kind(card) for card in cards}
    if kinds == {NEW, OLD}:
        return "both"
    if kinds == {OLD}:
        return "only_old"
    if kinds == {NEW}:
        return "only_new"
    return "none"


def signed(value: int) -> str:
    """A score with its sign (a true minus sign)."""
    return f"+{value}" if value > 0 else (f"−{-value}" if value < 0 else "0")


def formula(cards: Sequence[str]) -> str:
    """The score of revealed cards spelled out: "+(5+3) − (3+4) = +1", "−(3+2+3) = −8"..."""
    news = "+".join(str(card_number(card)) for card in cards if card_kind(card) == NEW)
    olds = "+".join(str(card_number(card)) for card in cards if card_kind(card) == OLD)
    score = signed(score_revealed(cards))
    case = case_of(cards)
    if case == "both":
        return f"+({news}) − ({olds}) = {score}"
    if case == "only_old":
        return f"−({olds}) = {score}"
    if case == "only_new":
        return f"−({news}) = {score}"
    return "0"


# ----- pieces ---------------------------------------------------------------------------------------
class NewOldCard(CardSprite):
    """A New or Old card. ``value`` is the card ("N5") or None when this screen may not see its face;
    ``kind`` is always known (the backs differ). ``marked``: chosen for the box; ``eager``: playable
    now (it lifts a little)."""

    def __init__(self, card: str | None, kind: str, pos: Point, *, angle: float = 0.0, scale: float = 1.0,
                 face_up: bool = True) -> None:
        super().__init__(card, pos, angle=angle, scale=scale, face_up=face_up)  # type: ignore[arg-type]
        self.kind = kind
        self.marked = False
        self.eager = False

    def _image_key(self) -> tuple[Any, pygame.Surface]:
        """The art key and picture of the side showing now."""
        if self.face_up:
            card = str(self.value)
            return ("no-face", card, self.dim, self.marked), face_picture(card, self.dim, self.marked)
        return ("no-back", self.kind), nart.card_back(self.kind)


def face_picture(card: str, dim: bool = False, marked: bool = False) -> pygame.Surface:
    """A card face, darkened (cannot be played now) or stamped for the box (cached)."""
    face = nart.card_face(card)
    if not dim and not marked:
        return face

    def make() -> pygame.Surface:
        picture = face.copy()
        if dim:
            picture.fill((70, 70, 70, 0), special_flags=pygame.BLEND_RGB_SUB)
        if marked:
            _stamp_box(picture)
        return picture

    return art.variant(("no-face-variant", card, dim, marked), make)


def _stamp_box(picture: pygame.Surface) -> None:
    """A big cross over the card and a small box icon: "this one goes back into the box"."""
    width, height = picture.get_size()
    layer = pygame.Surface((width, height), pygame.SRCALPHA)
    ink = (*theme.FUTON, 210)
    inset = 26
    pygame.draw.line(layer, ink, (inset, inset + 20), (width - inset, height - inset - 20), 9)
    pygame.draw.line(layer, ink, (width - inset, inset + 20), (inset, height - inset - 20), 9)
    box = pygame.Rect(0, 0, 52, 30)
    box.center = (width // 2, height // 2)
    pygame.draw.rect(layer, (*theme.INK, 230), box.inflate(10, 10), border_radius=8)
    pygame.draw.rect(layer, (176, 132, 86, 255), box, border_radius=4)
    pygame.draw.line(layer, (110, 80, 50, 255), (box.centerx, box.top + 4), (box.centerx, box.bottom - 4), 3)
    picture.blit(layer, (0, 0))


class KindFan(HandFan):
    """A hand fan of New and Old cards: several cards may be lifted at once (the marked ones fully,
    the playable ones a little), and the resting picture knows each back's kind."""

    EAGER_LIFT = 0.4
    cards: list[NewOldCard]  # type: ignore[assignment]  # a hand here holds New and Old cards only

    def lift_of(self, index: int, lifted: int | None) -> float:
        """How far card ``index`` is raised: 1 held/pointed/marked, a little when playable."""
        card = self.cards[index]
        if index == lifted or getattr(card, "marked", False):
            return 1.0
        return self.EAGER_LIFT if getattr(card, "eager", False) else 0.0

    def targets(self) -> list[tuple[Point, float, float]]:
        """Resting (centre, angle, lift) of every card."""
        lifted = self.lifted_index()
        count = len(self.cards)
        lifts = tuple(self.lift_of(index, lifted) for index in range(count))
        key = (count, lifts, self.anchor, self.rotation, self.radius, self.step, self.max_spread, self.scale)
        cached = self._targets.get(key)
        if cached is None:
            if len(self._targets) > 256:
                self._targets.clear()
            cached = []
            for index, lift in enumerate(lifts):
                low, angle = self.slot(index, count)
                high, _ = self.slot(index, count, True)
                pos = (low[0] + (high[0] - low[0]) * lift, low[1] + (high[1] - low[1]) * lift)
                cached.append((pos, angle, lift))
            self._targets[key] = cached
        return cached

    def draw_order(self) -> list[int]:
        """Left to right, the cards marked for the box above the others, and the card held or
        pointed at last, so they show whole."""
        order = sorted(range(len(self.cards)), key=lambda index: getattr(self.cards[index], "marked", False))
        lifted = self.lifted_index()
        if lifted is not None:
            order.remove(lifted)
            order.append(lifted)
        return order

    def resting_key(self) -> tuple[Any, ...]:
        """Everything the resting picture shows (backs by kind, faces, dims, marks, lifts)."""
        return ("kind-fan", self.anchor, self.rotation, self.scale, self.radius, self.step, self.max_spread,
                tuple((card.value if card.face_up else getattr(card, "kind", ""), card.dim,
                       getattr(card, "marked", False)) for card in self.cards),
                tuple(lift for _, _, lift in self.targets()), self.lifted_index())


class ZoneView(StackView):
    """One zone: a printed mat, the face-up pile of its cards, a glow when it is the target."""

    def __init__(self, zone: str, centre: Point) -> None:
        super().__init__(centre)
        self.zone = zone
        self._pictures: dict[tuple[Any, ...], pygame.Surface] = {}

    def rect(self) -> pygame.Rect:
        """The drop area: the whole mat (generous for fingers)."""
        mat = nart.zone_mat(self.zone)
        return mat.get_rect(center=(round(self.centre[0]), round(self.centre[1])))

    def draw(self, surface: pygame.Surface) -> pygame.Rect:
        """The mat, then the pile with its glow, shade, ring and count."""
        mat = nart.zone_mat(self.zone)
        surface.blit(mat, mat.get_rect(center=(round(self.centre[0]), round(self.centre[1]))))
        return super().draw(surface)

    def pile_surface(self) -> pygame.Surface:
        """The visible top layers of the pile in one cached picture."""
        cards = self.cards
        start = max(0, len(cards) - self.DEPTH_SHOWN - 1)
        layers = tuple(zip(cards[start:], (round(tilt) for tilt in self.tilts[start:len(cards)])))
        picture = self._pictures.get(layers)
        if picture is None:
            width, height = art.CARD_SIZE[0] + 2 * self.PILE_PAD, art.CARD_SIZE[1] + 2 * self.PILE_PAD
            pile = pygame.Surface((width, height), pygame.SRCALPHA)
            centre = (width / 2, height / 2)
            for depth, (card, tilt) in enumerate(layers):
                pos = (centre[0] - depth * 1.5, centre[1] - depth * 2.5)
                if depth in (0, len(layers) - 1):
                    shadow = art.transformed(("shadow", 0), art.card_shadow(art.CARD_SIZE, 0), 1.0, 1.0, tilt)
                    pile.blit(shadow, shadow.get_rect(center=(round(pos[0] + 3), round(pos[1] + 5))))
                image = art.transformed(("no-face", card, False, False), nart.card_face(card), 1.0, 1.0, tilt)
                pile.blit(image, image.get_rect(center=(round(pos[0]), round(pos[1]))))
            picture = art.ready(pile)
            if len(self._pictures) > 12:
                self._pictures.clear()
            self._pictures[layers] = picture
        return picture


@dataclass
class RevealRow:
    """A seat's revealed cards, face up in a row in front of it, in reveal order: left-aligned at
    ``x`` (the viewer's corner), or centred on ``x`` (the other seats)."""

    x: float
    y: float
    scale: float
    step: float
    cards: list[str]
    centred: bool = False

    def slot(self, index: int, count: int | None = None) -> Point:
        """Centre of card ``index`` of a row of ``count`` cards (default: the cards now)."""
        count = len(self.cards) if count is None else count
        half = art.CARD_SIZE[0] * self.scale / 2
        if self.centred:
            return (self.x + (index - (count - 1) / 2) * self.step, self.y)
        return (self.x + half + index * self.step, self.y)

    def region(self) -> pygame.Rect:
        """Everything the row may paint, however many cards it holds (14 at most)."""
        width = art.CARD_SIZE[0] * self.scale + 13 * self.step + 30
        height = art.CARD_SIZE[1] * self.scale + 30
        left = self.x - width / 2 if self.centred else self.x - 12
        return pygame.Rect(round(left), round(self.y - height / 2), round(width), round(height))

    def picture(self) -> pygame.Surface:
        """The row as one cached picture of the size of ``region``."""
        area = self.region()
        key = ("no-row", tuple(self.cards), self.scale, self.step, area.size)

        def make() -> pygame.Surface:
            surface = pygame.Surface(area.size, pygame.SRCALPHA)
            for index, card in enumerate(self.cards):
                sprite = NewOldCard(card, card_kind(card), self.slot(index), scale=self.scale)
                sprite.draw(surface, (-area.x, -area.y))
            return surface

        return art.variant(key, make)


@dataclass
class SeatPlace:
    """Where one seat's things are: its plate, its hand fan, its revealed row."""

    plate: pygame.Rect
    fan: KindFan
    row: RevealRow


class Geometry:
    """Where each seat sits on screen for one viewer: the viewer at the bottom, the others clockwise
    from the viewer's left along the sides and the top."""

    def __init__(self, players: int, viewer: int) -> None:
        self.players = players
        self.viewer = viewer

    def slot_of_seat(self, seat: int) -> str:
        """"bottom" for the viewer, else one of the names of ``SLOT_ORIGIN``."""
        offset = (seat - self.viewer) % self.players
        return "bottom" if offset == 0 else SLOTS[self.players][offset - 1]

    def place(self, seat: int) -> SeatPlace:
        """The seat's plate, fan and row."""
        slot = self.slot_of_seat(seat)
        if slot == "bottom":
            fan = KindFan(HAND_ANCHOR, rotation=0.0, radius=1300.0, step=5.6, max_spread=36.0, scale=1.0)
            left, y, scale, step = VIEWER_ROW
            return SeatPlace(VIEWER_PLATE.copy(), fan, RevealRow(left, y, scale, step, []))
        x0, y0 = SLOT_ORIGIN[slot]
        width, _ = SEAT_BOX
        fan_y = y0 + PLATE_HEIGHT + 48
        fan = KindFan((x0 + width / 2, fan_y), rotation=0.0, radius=520.0, step=3.0, max_spread=30.0,
                      scale=OTHER_FAN_SCALE)
        row_y = y0 + PLATE_HEIGHT + 110 + 50
        row = RevealRow(x0 + width / 2, row_y, OTHER_ROW_SCALE, OTHER_ROW_STEP, [], centred=True)
        return SeatPlace(pygame.Rect(x0, y0, width, PLATE_HEIGHT), fan, row)


# ----- small pictures ---------------------------------------------------------------------------------
def seat_plate(name: str, seat: int, you: bool, turn: bool, stage: str, left_why: str, start: bool,
               chosen: bool, now: int, total: int, size: tuple[int, int]) -> pygame.Surface:
    """A seat's plate: colour disc and symbol (a check once its box cards are chosen), name, this
    game's running score and the match total, a start pennant, the stage badge (A or B) and, once
    the seat left, a dim veil and a "left" tag."""
    def make() -> pygame.Surface:
        width, height = size
        surface = pygame.Surface((width + 12, height + 12), pygame.SRCALPHA)
        body = pygame.Rect(6, 6, width, height)
        pygame.draw.rect(surface, (*theme.INK, 220), body, border_radius=20)
        if turn:
            pygame.draw.rect(surface, theme.ACCENT, body.inflate(8, 8), 5, border_radius=24)
        disc = (body.left + 34, body.centery)
        pygame.draw.circle(surface, seat_color(seat), disc, 23)
        pygame.draw.circle(surface, theme.PAPER, disc, 23, 2)
        symbol = fonts.text(theme.SEAT_SYMBOLS[seat % len(theme.SEAT_SYMBOLS)], theme.SMALL, theme.TEXT, True)
        surface.blit(symbol, symbol.get_rect(center=disc))
        if chosen:
            tick = (disc[0] + 18, disc[1] + 16)
            pygame.draw.circle(surface, theme.OK, tick, 11)
            pygame.draw.circle(surface, theme.INK, tick, 11, 2)
            mark = fonts.text("✓", theme.TINY - 4, theme.INK, True)
            surface.blit(mark, mark.get_rect(center=tick))
        badge = nart.stage_badge(stage)
        surface.blit(badge, badge.get_rect(midright=(body.right - 12, body.centery)))
        tag = _left_tag(left_why) if left_why else None
        label = name + (f" ({t('table.you')})" if you else "")
        room = width - 66 - 64 - (tag.get_width() - 8 if tag is not None else 0)
        label_image = fonts.text(label, fit_size(label, theme.SMALL + 2, room, bold=True, smallest=14), theme.TEXT,
                                 True)
        surface.blit(label_image, (body.left + 66, body.top + 7))
        flag = _start_flag() if start else None
        room = width - 66 - 64 - (flag.get_width() + 6 if flag is not None else 0)
        scores = t("newold_table.plate.scores", now=signed(now), total=signed(total))
        score_image = fonts.text(scores, fit_size(scores, theme.TINY, room, smallest=14), theme.TEXT_DIM)
        surface.blit(score_image, (body.left + 66, body.top + 38))
        if flag is not None:
            surface.blit(flag, flag.get_rect(midright=(body.right - 62, body.top + 49)))
        if tag is not None:
            veil = pygame.Surface(body.size, pygame.SRCALPHA)
            pygame.draw.rect(veil, (*theme.ROOM, 120), veil.get_rect(), border_radius=20)
            surface.blit(veil, body.topleft)
            surface.blit(tag, tag.get_rect(midright=(body.right - 58, body.top + 17)))
        return surface

    key = ("no-plate", name, seat, you, turn, stage, left_why, start, chosen, now, total, size, labels.lang())
    return labels.cached(key, make)


def _left_tag(why: str) -> pygame.Surface:
    """A slanted dark tape: "Left: hand empty" / "Left: stuck"."""
    label = fonts.text(t(f"newold_table.left.{why}"), theme.TINY - 2, theme.TEXT, True)
    tag = nart.left_tag_base(label.get_width() + 20, label.get_height() + 6).copy()
    tag.blit(label, label.get_rect(center=tag.get_rect().center))
    return pygame.transform.rotozoom(tag, 4, 1.0)


def _start_flag() -> pygame.Surface:
    """A little pennant: this seat starts the game."""
    def make() -> pygame.Surface:
        word = fonts.text(t("newold_table.plate.start"), theme.TINY - 4, theme.INK, True)
        width = word.get_width() + 30
        surface = pygame.Surface((width, 26), pygame.SRCALPHA)
        pygame.draw.line(surface, theme.GOLD, (3, 1), (3, 25), 3)
        pygame.draw.polygon(surface, theme.GOLD, [(5, 2), (width - 1, 2), (width - 8, 12), (width - 1, 22), (5, 22)])
        surface.blit(word, word.get_rect(midleft=(10, 12)))
        return surface

    return labels.cached(("no-start-flag", labels.lang()), make)


def zone_sign(zone: str, stage_note: str) -> pygame.Surface:
    """The sign beside a zone: its name, who plays there, and the kind's mark."""
    def make() -> pygame.Surface:
        title = t("newold_table.zone.old" if zone == ZONE_OLD else "newold_table.zone.new")
        who = t("newold_table.zone.old_who" if zone == ZONE_OLD else "newold_table.zone.new_who")
        width = 210
        title_image = fonts.text(title, fit_size(title, theme.BODY, width - 16, bold=True), theme.TEXT, True)
        who_lines = fonts.wrap(who, theme.TINY - 2, width - 20)
        line = fonts.line_height(theme.TINY - 2)
        text_bottom = 98 + line * len(who_lines)
        height = text_bottom + 50  # room for the note, shown or not, so the sign never changes size
        surface = pygame.Surface((width, height), pygame.SRCALPHA)
        pygame.draw.rect(surface, (*theme.INK, 150), surface.get_rect(), border_radius=18)
        badge = nart.stage_badge(STAGE_A if zone == ZONE_OLD else STAGE_B, 40)
        surface.blit(badge, badge.get_rect(midtop=(width // 2, 10)))
        surface.blit(title_image, title_image.get_rect(midtop=(width // 2, 56)))
        for number, text in enumerate(who_lines):
            image = fonts.text(text, theme.TINY - 2, theme.TEXT_DIM)
            surface.blit(image, image.get_rect(midtop=(width // 2, 96 + number * line)))
        if stage_note:
            note = labels.note_pill(stage_note, True)
            surface.blit(note, note.get_rect(midtop=(width // 2, text_bottom + 6)))
        return surface

    return labels.cached(("no-zone-sign", zone, stage_note, labels.lang()), make)


def score_sheet(rows: tuple[tuple[int, ...], ...], running: tuple[int, ...], game: int, games: int,
                totals: tuple[int, ...], rank_totals: tuple[int, ...], names: tuple[str, ...]) -> pygame.Surface:
    """The score pad: one row per game of the match (diamonds per seat; this game's running score
    in pale ink), the diamond totals and, with the variant, the rank points that decide."""
    def make() -> pygame.Surface:
        players = len(names)
        width = 420
        keys = [t("newold_table.sheet.game", n=games), t("newold_table.sheet.total")]
        if rank_totals:
            keys.append(t("newold_table.sheet.rank"))
        label_width = max(fonts.text_width(key, theme.TINY, True) for key in keys) + 34
        column = (width - label_width - 14) // players
        lines = games + 1 + (1 if rank_totals else 0)
        row_height = 31 if lines <= 6 else 28  # five games and rank points stay clear of the left seat
        height = 64 + 34 + row_height * lines + 12
        surface = pygame.Surface((width, height), pygame.SRCALPHA)
        pygame.draw.rect(surface, (*theme.PAPER, 236), surface.get_rect(), border_radius=18)
        pygame.draw.rect(surface, theme.GOLD, surface.get_rect().inflate(-8, -8), 2, border_radius=14)
        heading = t("newold_table.sheet.heading", n=min(game + 1, games), total=games)
        title = fonts.text(heading, fit_size(heading, theme.SMALL + 2, width - 40, bold=True), theme.INK, True)
        surface.blit(title, (22, 16))
        top = 64
        for seat in range(players):
            x = label_width + column * seat + column // 2
            pygame.draw.circle(surface, seat_color(seat), (x, top + 14), 13)
            mark = fonts.text(theme.SEAT_SYMBOLS[seat % len(theme.SEAT_SYMBOLS)], theme.TINY - 6, theme.TEXT, True)
            surface.blit(mark, mark.get_rect(center=(x, top + 14)))
        y = top + 34
        for number in range(games):
            done = number < len(rows)
            current = number == game and not done
            if current:
                band = pygame.Surface((width - 28, row_height - 4), pygame.SRCALPHA)
                pygame.draw.rect(band, (*theme.GOLD, 80), band.get_rect(), border_radius=8)
                surface.blit(band, (14, y + 2))
            label = fonts.text(t("newold_table.sheet.game", n=number + 1), theme.TINY, theme.INK_SOFT, current)
            surface.blit(label, label.get_rect(midleft=(22, y + row_height // 2)))
            for seat in range(players):
                x = label_width + column * seat + column // 2
                if done:
                    text, color = signed(rows[number][seat]), theme.INK
                elif current:
                    text, color = signed(running[seat]), theme.INK_SOFT
                else:
                    continue
                image = fonts.text(text, theme.TINY, color, done)
                surface.blit(image, image.get_rect(center=(x, y + row_height // 2)))
            y += row_height
        pygame.draw.line(surface, theme.PAPER_SHADE, (18, y + 1), (width - 18, y + 1), 2)
        final_rows = [("newold_table.sheet.total", totals, not rank_totals)]
        if rank_totals:
            final_rows.append(("newold_table.sheet.rank", rank_totals, True))
        for key, values, decisive in final_rows:
            label = fonts.text(t(key), theme.TINY, theme.INK, True)
            surface.blit(label, label.get_rect(midleft=(22, y + row_height // 2 + 2)))
            best = max(values) if values else 0
            for seat in range(players):
                x = label_width + column * seat + column // 2
                color = theme.FUTON if decisive and values[seat] == best else theme.INK
                image = fonts.text(signed(values[seat]), theme.SMALL - 2, color, True)
                surface.blit(image, image.get_rect(center=(x, y + row_height // 2 + 2)))
            y += row_height
        return surface

    return labels.cached(("board", rows, running, game, games, totals, rank_totals, names, labels.lang()), make)


# ----- the between-games panel -------------------------------------------------------------------------
class GamePanel(ModalPanel):
    """After a game: each seat's revealed cards, the scoring case spelled out, the game score, rank
    points (variant), the match totals, and who starts the next game (the lowest scorer)."""

    RECT = pygame.Rect(170, 96, 1580, 888)
    ROW = 104

    def __init__(self, table: NewOldTable, event: GameScored, revealed: tuple[tuple[str, ...], ...],
                 next_start: int) -> None:
        last = next_start < 0
        players = len(event.scores)
        height = 400 + self.ROW * players
        self.RECT = pygame.Rect(170, (1080 - height) // 2, 1580, height)
        super().__init__(table, (lambda: t("table.see_results")) if last else (lambda: t("table.continue")))
        self.newold = table
        self.event = event
        self.revealed = revealed
        self.next_start = next_start

    def paint_body(self, surface: pygame.Surface, body: pygame.Rect) -> None:
        """Heading, column titles, one row per seat, the next start player."""
        table = self.newold
        event = self.event
        match = table.match
        heading = t("newold_table.panel.heading", n=event.game + 1, total=match.players)
        draw_text_centered(surface, heading, theme.HEADING, theme.INK, (body.centerx, body.top + 58), True)
        legend = t("newold_table.panel.legend")
        draw_text_centered(surface, legend, fit_size(legend, theme.SMALL, body.width - 80), theme.INK_SOFT,
                           (body.centerx, body.top + 112))
        variant = bool(event.rank_points)
        columns = self._columns(body, variant)
        top = body.top + 160
        for key, x in columns:
            image = fonts.text(t(key), theme.TINY, theme.INK_SOFT, True)
            surface.blit(image, image.get_rect(midleft=(x, top)) if key.endswith(("player", "cards", "case"))
                         else image.get_rect(center=(x, top)))
        pygame.draw.line(surface, theme.PAPER_SHADE, (body.left + 40, top + 20), (body.right - 40, top + 20), 2)
        row_height = self.ROW
        for seat in range(match.players):
            self._paint_row(surface, seat, top + 26 + seat * row_height, row_height, dict(columns), variant)
        self._paint_next(surface, body)

    @staticmethod
    def _columns(body: pygame.Rect, variant: bool) -> list[tuple[str, int]]:
        """(title key, x) of each column."""
        columns = [("newold_table.col.player", body.left + 46), ("newold_table.col.cards", body.left + 320),
                   ("newold_table.col.case", body.left + 760), ("newold_table.col.game", body.left + 1210)]
        if variant:
            columns.append(("newold_table.col.rank", body.left + 1320))
        columns.append(("newold_table.col.total", body.left + 1450))
        return columns

    def _paint_row(self, surface: pygame.Surface, seat: int, top: int, height: int, columns: dict[str, int],
                   variant: bool) -> None:
        """One seat: name, its revealed cards, the case and formula, game score, rank points, total."""
        table = self.newold
        event = self.event
        y = top + height // 2
        if seat % 2:
            band = pygame.Surface((1500, height - 4), pygame.SRCALPHA)
            pygame.draw.rect(band, (*theme.PAPER_SHADE, 110), band.get_rect(), border_radius=12)
            surface.blit(band, (columns["newold_table.col.player"] - 20, top + 2))
        x = columns["newold_table.col.player"]
        pygame.draw.circle(surface, seat_color(seat), (x + 16, y), 16)
        symbol = fonts.text(theme.SEAT_SYMBOLS[seat % len(theme.SEAT_SYMBOLS)], theme.TINY, theme.TEXT, True)
        surface.blit(symbol, symbol.get_rect(center=(x + 16, y)))
        name = table.name_of(seat)
        image = fonts.text(name, fit_size(name, theme.BODY, 210), theme.INK)
        surface.blit(image, image.get_rect(midleft=(x + 42, y)))
        cards = self.revealed[seat] if seat < len(self.revealed) else ()
        scale = min(0.4, (height - 10) / art.CARD_SIZE[1])
        step = min(32.0, 390 / max(1, len(cards)))
        for index, card in enumerate(cards):
            picture = art.transformed(("no-face", card, False, False), nart.card_face(card), scale)
            surface.blit(picture, picture.get_rect(midleft=(round(columns["newold_table.col.cards"] + index * step), y)))
        if not cards:
            dash = fonts.text(t("newold_table.panel.no_cards"), theme.TINY, theme.INK_SOFT)
            surface.blit(dash, dash.get_rect(midleft=(columns["newold_table.col.cards"], y)))
        case = case_of(cards)
        case_image = fonts.text(t(f"newold_table.case.{case}"), theme.TINY, theme.INK_SOFT, True)
        surface.blit(case_image, case_image.get_rect(bottomleft=(columns["newold_table.col.case"], y - 2)))
        sum_text = formula(cards)
        sum_image = fonts.text(sum_text, fit_size(sum_text, theme.BODY - 4, 420), theme.INK)
        surface.blit(sum_image, sum_image.get_rect(topleft=(columns["newold_table.col.case"], y + 2)))
        values = [(columns["newold_table.col.game"], signed(event.scores[seat]), False)]
        if variant:
            values.append((columns["newold_table.col.rank"], signed(event.rank_points[seat]), False))
        best = max(event.totals)
        values.append((columns["newold_table.col.total"], signed(event.totals[seat]), event.totals[seat] == best))
        for x_value, text, lead in values:
            draw_text_centered(surface, text, theme.LARGE - 4, theme.FUTON if lead else theme.INK, (x_value, y), True)

    def _paint_next(self, surface: pygame.Surface, body: pygame.Rect) -> None:
        """Who starts the next game and why (or that this was the last game)."""
        table = self.newold
        if self.next_start < 0:
            text = t("newold_table.panel.last")
        else:
            text = t("newold_table.panel.next", player=table.name_of(self.next_start))
        size = fit_size(text, theme.BODY, body.width - 120, bold=True)
        y = body.bottom - 142
        if self.next_start >= 0:
            image = fonts.text(text, size, theme.INK, True)
            where = image.get_rect(center=(body.centerx + 20, y))
            pygame.draw.circle(surface, seat_color(self.next_start), (where.left - 26, y), 15)
            mark = fonts.text(theme.SEAT_SYMBOLS[self.next_start % len(theme.SEAT_SYMBOLS)], theme.TINY - 4,
                              theme.TEXT, True)
            surface.blit(mark, mark.get_rect(center=(where.left - 26, y)))
            surface.blit(image, where)
        else:
            draw_text_centered(surface, text, size, theme.INK, (body.centerx, y), True)


# ----- the table scene ------------------------------------------------------------------------------
class NewOldTable(HandDragMixin, TableScene):
    """The NEW & OLD table (see the module docstring)."""

    KEYS_TEXT = "newold_table.keys"
    felt = FELT
    status_y = STATUS_Y

    def __init__(self, app: App, match: Match, **options: Any) -> None:
        self.geometry = Geometry(match.players, 0)
        self.places: dict[int, SeatPlace] = {}
        self.zones: dict[str, ZoneView] = {}
        self.flying: list[NewOldCard] = []
        self.bubbles: list[Bubble] = []
        self.decks: dict[str, int] = {NEW: 0, OLD: 0}  # face-down cards in the two dealing decks
        self.box_count = 0  # cards in the game box (leftovers and everyone's two)
        self.shown_stages: list[str] = [STAGE_A] * match.players
        self.shown_left: list[str] = [""] * match.players  # "" or why the seat left
        self.shown_start = 0
        self.shown_game = 0
        self.selected: int | None = None
        self.drag: Drag | None = None
        self.dropped: tuple[NewOldCard, NewOldCard] | None = None
        self.hover_zone: str | None = None
        self._hint_key: tuple[Any, ...] = ()
        self._still_fans: set[int] = set()  # seats whose resting hand is in the still layer now
        self._warm_hand: tuple[Any, ...] = ()
        self._warm_jobs: deque[Callable[[], Any]] = deque()
        super().__init__(app, match, **options)
        nart.prewarm()
        self._prewarm_backs()

    def _prewarm_backs(self) -> None:
        """Make the turned backs (and their shadows) every other seat's hand will show, now rather
        than in the middle of play: all hands of others share one shape, so this is quick."""
        other = next((place.fan for seat, place in self.places.items() if seat != self.viewer), None)
        if other is None:
            return
        angles = {other.slot(index, count)[1] for count in range(1, 15) for index in range(count)}
        for angle in angles:
            for kind in (NEW, OLD):
                NewOldCard(None, kind, (0.0, 0.0), angle=angle, scale=other.scale, face_up=False).bounds()

    # ----- pieces ---------------------------------------------------------------------------------
    def build_pieces(self) -> None:
        """Zones, and for every seat its plate, fan and revealed row, for the current viewer."""
        self.geometry = Geometry(self.match.players, self.viewer)
        self.places = {seat: self.geometry.place(seat) for seat in range(self.match.players)}
        self.zones = {zone: ZoneView(zone, centre) for zone, centre in ZONE_CENTRE.items()}

    def game_buttons(self) -> list[Button]:
        """One action button: "Put back in the box" while choosing, "Reveal my Old cards" in play."""
        self.action_button = Button(pygame.Rect(ACTION_RECT), self.action_label, self.press_action,
                                    enabled=self.action_enabled)
        return [self.action_button]

    @property
    def hand(self) -> KindFan:
        """The viewer's fan."""
        return self.places[self.viewer].fan

    def queue_intro(self) -> None:
        """A fresh match was dealt without events: replay its opening as the events it amounts to."""
        obs = self.observation()
        self.pending.extend(self.opening_events(obs))

    @staticmethod
    def opening_events(obs: NewOldObservation) -> list[Event]:
        """The events a game's opening amounts to: start, deals, the two zones, the rest boxed."""
        events: list[Event] = [GameStarted(obs.game, obs.start_seat, "first" if obs.game == 0 else "lowest")]
        for step in range(obs.players):
            seat = (obs.start_seat + step) % obs.players
            new, old = obs.hand_kinds[seat]
            events.append(Dealt(seat, new, old))
        events.append(ZoneStarted(ZONE_OLD, obs.zone_old[0]))
        events.append(ZoneStarted(ZONE_NEW, obs.zone_new[0]))
        events.append(RestBoxed(*obs.rest_box_kinds))
        return events

    # ----- queries ---------------------------------------------------------------------------------
    def phase(self) -> str:
        """The rules phase now."""
        return str(self.observation().phase)

    def my_stage(self) -> str:
        """The viewer's stage."""
        return str(self.observation().stages[self.viewer])

    def target_zone(self) -> str:
        """The zone the viewer plays on: the Old zone in stage A, the New zone in stage B."""
        return ZONE_OLD if self.my_stage() == STAGE_A else ZONE_NEW

    def choosing_box(self) -> bool:
        """True while the person at the bottom chooses the two cards for the box (the deal shown)."""
        return self.viewer_may_act() and self.phase() == PHASE_BOX and not self.pending

    def playing(self) -> bool:
        """True when the person at the bottom is to play (not choosing) and the table shows it."""
        return self.viewer_may_act() and self.phase() == PHASE_PLAY and not self.pending

    def update(self, dt: float) -> None:
        """The base's update; then, when the viewer's turn shows or ends, re-read the hints; and
        make a few of the pictures the hand will need next (see ``queue_warmup``)."""
        super().update(dt)
        key = (self.playing(), self.choosing_box(), len(self.match.log), self.viewer)
        if key != self._hint_key:
            self._hint_key = key
            self.refresh_hints()
        if not self.hand_interactive():
            return  # nobody will pick these cards up: no need to make their pictures ahead
        hand = tuple(card.value for card in self.hand.cards)
        if hand != self._warm_hand:
            self._warm_hand = hand
            self.queue_warmup()
        began = time.perf_counter()
        while self._warm_jobs and time.perf_counter() - began < WARM_BUDGET:
            self._warm_jobs.popleft()()

    def queue_warmup(self) -> None:
        """Turned card pictures cost about a millisecond each the first time: make the ones the
        viewer's hand will show after its next change (each card where it lies now and where it
        will lie once a card left, plain, dimmed and lifted) a few per frame, before they are
        needed, so playing a card never stalls a frame."""
        fan = self.hand
        cards = [card.value for card in fan.cards]
        count = len(cards)
        jobs: deque[Callable[[], Any]] = deque()
        for index, card in enumerate(cards):
            if card is None:
                continue
            slots = {fan.slot(index, count)[1]}
            if count > 1:
                slots |= {fan.slot(spot, count - 1)[1] for spot in (index - 1, index) if 0 <= spot < count - 1}
            for angle in slots:
                for dim, lift in ((False, 0.0), (True, 0.0), (False, KindFan.EAGER_LIFT), (False, 1.0)):
                    jobs.append(lambda card=card, angle=angle, dim=dim, lift=lift: self._warm(card, angle, dim, lift))
        self._warm_jobs = jobs

    @staticmethod
    def _warm(card: str, angle: float, dim: bool, lift: float) -> None:
        """Make (cache) the pictures of ``card`` resting in the hand at ``angle``."""
        sprite = NewOldCard(card, card_kind(card), (0.0, 0.0), angle=angle)
        sprite.dim = dim
        sprite.lift = lift
        sprite.bounds()

    def playable(self) -> set[str]:
        """The viewer's hand cards that may be played now (empty when not on turn)."""
        if not self.playing():
            return set()
        obs = self.observation()
        return set(playable_cards(obs.hand, obs.stages[self.viewer], obs.old_top, obs.new_top))

    def reveal_allowed(self) -> bool:
        """True when the viewer may reveal the Old cards now."""
        if not self.playing():
            return False
        obs = self.observation()
        return may_reveal(obs.hand, obs.stages[self.viewer], obs.old_top)

    def reveal_forced(self) -> bool:
        """True when revealing the Old cards is the viewer's only move."""
        if not self.playing():
            return False
        obs = self.observation()
        return must_reveal(obs.hand, obs.stages[self.viewer], obs.old_top)

    def marked(self) -> dict[str, NewOldCard]:
        """The hand cards marked for the box, by kind."""
        if self.viewer not in self.places:  # the buttons ask before the pieces exist
            return {}
        return {card.kind: card for card in self.hand.cards if card.marked}

    def face_up_cards(self) -> list[str]:
        """The hand cards this screen shows face up (the viewer's, unless under a curtain)."""
        if self.hand_hidden:
            return []
        return [str(card.value) for place in self.places.values() for card in place.fan.cards
                if card.face_up and card.value is not None]

    def action_label(self) -> str:
        """The action button's words for the phase."""
        if self.phase() == PHASE_BOX:
            return t("newold_table.box.confirm")
        return t("newold_table.reveal")

    def action_enabled(self) -> bool:
        """Put back: once a New and an Old card are marked; Reveal: when the rules allow it."""
        if self.choosing_box():
            return len(self.marked()) == 2
        return self.reveal_allowed()

    def your_turn_text(self) -> str:
        """What the person at the bottom should do now."""
        obs = self.observation()
        if obs.phase == PHASE_BOX:
            return t("newold_table.status.box")
        if obs.stages[self.viewer] == STAGE_B:
            return t("newold_table.status.stage_b", top=card_number(obs.new_top))
        if self.reveal_forced():
            return t("newold_table.status.must_reveal", top=card_number(obs.old_top))
        if self.reveal_allowed():
            return t("newold_table.status.may_reveal", top=card_number(obs.old_top))
        return t("newold_table.status.stage_a", top=card_number(obs.old_top))

    def waiting_text(self, seat: int) -> str:
        """While another person is to act."""
        if self.phase() == PHASE_BOX:
            return t("newold_table.status.box_waiting", player=self.name_of(seat))
        return t("newold_table.status.waiting", player=self.name_of(seat))

    def status_text(self) -> str:
        """The base's status, or what the AI seats do while choosing for the box."""
        text = super().status_text()
        seat = self.seat_to_move()
        if seat >= 0 and not self.match.seats[seat].is_human and not self.panel and not self.curtain_up \
                and self.phase() == PHASE_BOX:
            return t("newold_table.status.box_thinking", player=self.name_of(seat))
        return text

    # ----- building the picture from the observation -------------------------------------------
    def sync_from_observation(self) -> None:
        """Set every piece to what the viewer's observation says (no animation)."""
        obs = self.observation()
        self.zones[ZONE_OLD].set_cards(obs.zone_old, salt=1 + 7 * obs.game)
        self.zones[ZONE_NEW].set_cards(obs.zone_new, salt=2 + 7 * obs.game)
        for seat, place in self.places.items():
            self._sync_fan(seat, place.fan, obs)
            place.row.cards = list(obs.revealed[seat])
        self.decks = {NEW: 0, OLD: 0}
        self.box_count = sum(obs.rest_box_kinds) + 2 * sum(obs.chosen)
        self.shown_stages = list(obs.stages)
        self.shown_left = [self._left_why(obs, seat) for seat in range(obs.players)]
        self.shown_start = obs.start_seat
        self.shown_game = obs.game
        self.flying.clear()
        self.dropped = None
        self._clamp_selection()
        self.refresh_hints()

    @staticmethod
    def _left_why(obs: NewOldObservation, seat: int) -> str:
        """Why a seat that left is out ("empty" or "stuck"), or ""."""
        if not obs.left[seat]:
            return ""
        return "stuck" if obs.stages[seat] == STAGE_B and any(card_kind(c) == NEW for c in obs.revealed[seat]) \
            else "empty"

    def _sync_fan(self, seat: int, fan: KindFan, obs: NewOldObservation) -> None:
        """Make ``fan`` hold exactly the seat's hand (faces for the viewer, backs by kind for others)."""
        if seat == self.viewer and obs.seat == seat:
            wanted: list[tuple[str | None, str]] = [(card, card_kind(card)) for card in sorted(obs.hand, key=hand_order)]
        else:
            new, old = obs.hand_kinds[seat]
            wanted = [(None, OLD)] * old + [(None, NEW)] * new
        spare = list(fan.cards)
        kept: list[NewOldCard] = []
        for value, kind in wanted:
            sprite = next((card for card in spare if card.value == value and card.kind == kind), None)
            if sprite is None:
                sprite = NewOldCard(value, kind, fan.anchor, scale=fan.scale, face_up=value is not None)
            else:
                spare.remove(sprite)
            sprite.flip = 1.0 if value is not None else 0.0
            sprite.visible = True
            sprite.marked = sprite.marked and obs.phase == PHASE_BOX and seat == self.viewer
            kept.append(sprite)
        fan.cards = kept
        fan.settle()

    def needs_sync(self) -> bool:
        """True when the pieces at rest differ from the observation."""
        if self.flying:
            return False
        obs = self.observation()
        if self.zones[ZONE_OLD].cards != list(obs.zone_old) or self.zones[ZONE_NEW].cards != list(obs.zone_new):
            return True
        for seat, place in self.places.items():
            new, old = obs.hand_kinds[seat]
            if len(place.fan.cards) != new + old or place.row.cards != list(obs.revealed[seat]):
                return True
        return self.shown_stages != list(obs.stages) or any(self.decks.values())

    def held_card(self) -> NewOldCard | None:
        """The hand card held by the pointer or selected by keys/click."""
        if self.drag is not None:
            return self.drag.sprite
        if self.selected is not None and self.selected < len(self.hand.cards):
            card = self.hand.cards[self.selected]
            return card if isinstance(card, NewOldCard) else None
        return None

    def refresh_hints(self) -> None:
        """The target zone glows on the viewer's turn; playable cards lift, the others dim; a held
        card that does not fit shows why on the zone."""
        if not self.places:
            return
        playing = self.playing()
        playable = self.playable()
        target = self.target_zone() if playing else ""
        held = self.held_card()
        for zone, view in self.zones.items():
            view.highlight = None
            view.note = ""
            view.focused = False
            if zone == target:
                view.highlight = "ok"
                if held is not None and held.value not in playable:
                    view.highlight = "no"
                    view.note = self._zone_note(zone)
                view.focused = held is not None and (self.hover_zone == zone or self.drag is None)
            elif playing and held is not None and self.hover_zone == zone:
                view.highlight = "no"
                view.note = t("newold_table.note.not_yours")
                view.focused = True
        for card in self.hand.cards:
            card.eager = playing and card.value in playable
            card.dim = playing and card.value not in playable
        if not self.drag:
            self.hand.layout(self.ambient, 0.15)

    def _zone_note(self, zone: str) -> str:
        """What the zone takes now (e.g. "takes 3 or 4"; "New 3 or 4" on the New zone)."""
        top = card_number(self.zones[zone].cards[-1]) if self.zones[zone].cards else 1
        higher = top % 6 + 1
        key = "newold_table.note.takes_old" if zone == ZONE_OLD else "newold_table.note.takes_new"
        return t(key, same=top, higher=higher)

    # ----- actions ---------------------------------------------------------------------------------
    def press_action(self) -> None:
        """The action button: confirm the box cards, or reveal the Old cards."""
        if self.choosing_box():
            self.confirm_box()
        elif self.playing():
            self.attempt(REVEAL)

    def confirm_box(self) -> None:
        """Put the two marked cards into the box (or say which kind is still missing)."""
        marks = self.marked()
        if NEW not in marks or OLD not in marks:
            missing = "new" if NEW not in marks else "old"
            self.refuse(t(f"newold_table.reason.box_missing_{missing}"))
            return
        self.attempt(NewOldAction("box", str(marks[NEW].value), str(marks[OLD].value)))

    def toggle_mark(self, sprite: NewOldCard) -> None:
        """Mark a card for the box (a card of the same kind marked before is let go), or unmark it."""
        if sprite.marked:
            sprite.marked = False
        else:
            for card in self.hand.cards:
                if card.kind == sprite.kind:
                    card.marked = False
            sprite.marked = True
        self.app.audio.play("click")
        self.hand.layout(self.ambient, 0.18)

    def attempt_on_zone(self, zone: str, sprite: NewOldCard | None = None) -> bool:
        """Play the held card on ``zone`` (the table refuses the wrong zone; the rules the rest)."""
        card = sprite if sprite is not None else self.held_card()
        if card is None or card.value is None:
            self.refuse(t("table.reason.pick_card"))
            return False
        if self.viewer_may_act() and self.phase() == PHASE_BOX:
            self.refuse(t("newold_table.reason.box_first"))
            return False
        if self.viewer_may_act() and zone != self.target_zone():
            self.refuse(t("newold_table.reason.zone_a" if self.my_stage() == STAGE_A else "newold_table.reason.zone_b"))
            return False
        return self.attempt(NewOldAction("play", str(card.value)))

    def drop_held(self) -> None:
        """Let go of a dragged card (help opens, a curtain goes up); no card stays lifted."""
        super().drop_held()
        self.hand.hover = None

    def clear_selection(self) -> None:
        """Forget the held, selected and marked cards."""
        self.drag = None
        self.selected = None
        self.hover_zone = None
        for place in self.places.values():
            for card in place.fan.cards:
                card.marked = False
            place.fan.raised = place.fan.focus = place.fan.hover = None

    def on_applied(self, events: list[Event]) -> None:
        """An action went through: a dropped ghost becomes the flying card; forget the selection."""
        if self.drag is not None and self.drag.ghost is not None:
            self.dropped = (self.drag.sprite, self.drag.ghost)
            self.flying.append(self.drag.ghost)
        self.drag = None
        self.selected = None
        self.hover_zone = None
        self.hand.raised = None
        self.hand.focus = None

    # ----- event playback -----------------------------------------------------------------------------
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
            MatchEnded: self.finish_match,
        }

    def bubble(self, seat: int, text: str) -> None:
        """A short call at a seat's plate."""
        plate = self.places[seat].plate
        below = plate.top < 200
        tip = (plate.centerx, plate.bottom + 6) if below else (plate.centerx, plate.top - 4)
        bubble = Bubble(text, tip, below=below)
        self.bubbles = [b for b in self.bubbles if b.visible] + [bubble]
        self.ambient.add(bubble.show())

    def animate_game_start(self, event: GameStarted) -> None:
        """Gather every card back into two decks (New and Old apart) and shuffle them."""
        flights: list[anim.Step] = []
        for view in self.zones.values():
            for card, tilt in zip(view.cards[-3:], view.tilts[-3:]):
                sprite = NewOldCard(card, card_kind(card), view.top_pos(), angle=tilt)
                flights.append(self.fly(sprite, ZONE_CENTRE[card_kind(card)], 0.0, GATHER, flip_to=0.0))
            view.set_cards([])
        for place in self.places.values():
            for index, card in enumerate(place.row.cards):
                sprite = NewOldCard(card, card_kind(card), place.row.slot(index), scale=place.row.scale)
                flights.append(self.fly(sprite, ZONE_CENTRE[card_kind(card)], 0.0, GATHER, flip_to=0.0, scale_to=1.0))
            place.row.cards = []
            for sprite in place.fan.cards:
                flights.append(self.fly(sprite, ZONE_CENTRE[sprite.kind], 0.0, GATHER, flip_to=0.0, scale_to=1.0))
            place.fan.cards = []
        self.clear_selection()

        def gathered() -> None:
            self.decks = {NEW: 36, OLD: 36}
            self.box_count = 0
            self.shown_game = event.game
            self.shown_start = event.start_seat
            self.shown_stages = [STAGE_A] * self.match.players
            self.shown_left = [""] * self.match.players
            self.app.audio.play("deal")

        steps: list[anim.Step] = [anim.Parallel(*flights), anim.Call(gathered), self._shuffle()]
        self.animator.add(anim.Sequence(*steps))
        if event.why == "lowest":
            self.toast.show(t("newold_table.start.lowest", player=self.name_of(event.start_seat)), 3.0)

    def _shuffle(self) -> anim.Step:
        """Both decks are cut once: a few backs lift off each and drop back."""
        steps: list[anim.Step] = []
        for kind, (x, y) in ((OLD, ZONE_CENTRE[ZONE_OLD]), (NEW, ZONE_CENTRE[ZONE_NEW])):
            for number in range(2):
                sprite = NewOldCard(None, kind, (x, y), face_up=False)
                up = (x + (-38 if number else 38), y - 30)
                steps.append(anim.Sequence(anim.Wait(0.08 * number),
                                           self.fly(sprite, up, -8 if number else 8, 0.16),
                                           self.fly(sprite, (x, y), 0.0, 0.16)))
        return anim.Parallel(*steps)

    def animate_dealt(self, event: Dealt) -> None:
        """Deals in a row become one round-robin deal: a New and an Old card at a time to each seat."""
        deals = [event]
        while self.pending and isinstance(self.pending[0], Dealt):
            deals.append(self.pending.popleft())  # type: ignore[arg-type]
        self.app.audio.play("deal")
        obs = self.observation()
        mine = sorted(obs.hand, key=hand_order) if obs.seat == self.viewer else []
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
                    if deal.seat == self.viewer and card_index < len(mine_kinds[kind]):
                        face = mine_kinds[kind][card_index]
                    steps.append(anim.Sequence(anim.Wait(DEAL_GAP * number), self._deal_one(deal, kind, face)))
                    number += 1
        self.animator.add(anim.Sequence(anim.Parallel(*steps), anim.Call(self._tidy_fans), anim.Call(self._turn_up_hand),
                                        anim.Wait(0.2)))

    def _deal_one(self, deal: Dealt, kind: str, face: str | None) -> anim.Step:
        """One card from a deck to the end of a seat's fan (face down)."""
        fan = self.places[deal.seat].fan
        total = deal.new_count + deal.old_count
        sprite = NewOldCard(face, kind, ZONE_CENTRE[kind], face_up=False)
        sprite.visible = False
        slot_index = min(len(fan.cards), total - 1)
        pos, angle = fan.slot(slot_index, total)

        def leave() -> None:
            sprite.visible = True
            self.decks[kind] = max(0, self.decks[kind] - 1)

        def arrive() -> None:
            fan.cards.append(sprite)

        return anim.Sequence(anim.Call(leave), self.fly(sprite, pos, angle, DEAL_FLIGHT, scale_to=fan.scale,
                                                        on_land=arrive))

    def _tidy_fans(self) -> None:
        """After a deal: each fan in hand order (Old backs left, New backs right), in place."""
        for place in self.places.values():
            place.fan.cards.sort(key=lambda card: (KIND_ORDER[card.kind], card_number(card.value) if card.value else 0))
            place.fan.layout(self.animator, 0.25)

    def _turn_up_hand(self) -> None:
        """Turn the viewer's dealt cards face up, one after another."""
        if self.hand_hidden:
            return
        flips = [anim.Tween(card, "flip", 1.0, 0.2, anim.ease_in_out_sine) for card in self.hand.cards
                 if card.value is not None]
        if flips:
            self.app.audio.play("card_flip")
            self.animator.add(anim.stagger(flips, 0.03))

    def animate_zone_started(self, event: ZoneStarted) -> None:
        """The deck's top card turns face up onto its zone."""
        kind = card_kind(event.card)
        sprite = NewOldCard(event.card, kind, ZONE_CENTRE[event.zone], face_up=False)
        self.decks[kind] = max(0, self.decks[kind] - 1)
        self.app.audio.play("card_flip")
        view = self.zones[event.zone]
        target = (view.centre[0], view.centre[1])
        self.animator.add(self.fly(sprite, target, 0.0, SLIDE, flip_to=1.0,
                                   on_land=lambda: view.push(event.card, 1 if event.zone == ZONE_OLD else 2)))

    def animate_rest_boxed(self, event: RestBoxed) -> None:
        """What is left of both decks slides into the game box, unseen."""
        steps: list[anim.Step] = []
        for kind, count in ((OLD, event.old_count), (NEW, event.new_count)):
            if not self.decks[kind]:
                self.box_count += count
                continue
            sprite = NewOldCard(None, kind, ZONE_CENTRE[kind], face_up=False)

            def take(kind: str = kind) -> None:
                self.decks[kind] = 0

            def arrive(count: int = count) -> None:
                self.box_count += count

            steps.append(anim.Sequence(anim.Call(take), self.fly(sprite, BOX_CENTRE, 8.0, SLIDE, scale_to=0.5,
                                                                 on_land=arrive)))
        self.animator.add(anim.Parallel(*steps) if steps else anim.Wait(0.05))

    def animate_box_chosen(self, event: BoxChosen) -> None:
        """Two cards go face down from the seat's hand into the box."""
        fan = self.places[event.seat].fan
        chosen: list[NewOldCard] = []
        for kind in (NEW, OLD):
            pick = next((card for card in fan.cards if card.kind == kind and card.marked), None)
            if pick is None:
                backs = [card for card in fan.cards if card.kind == kind and card.value is None]
                pick = backs[len(backs) // 2] if backs else None
            if pick is None and event.seat == self.viewer:
                box = self.observation().my_box
                face = next((card for card in box if card_kind(card) == kind), None)
                pick = next((card for card in fan.cards if card.value == face), None)
            if pick is not None:
                fan.cards.remove(pick)
                pick.marked = False
                chosen.append(pick)
        fan.raised = fan.hover = fan.focus = None
        fan.layout(self.ambient, 0.3)
        self.app.audio.play("card_slide")
        flights = [self.fly(card, (BOX_CENTRE[0] + (index * 2 - 1) * 30, BOX_CENTRE[1]), 6.0, SLIDE,
                            flip_to=0.0, scale_to=0.5) for index, card in enumerate(chosen)]

        def boxed() -> None:
            self.box_count += 2

        self.animator.add(anim.Sequence(anim.Parallel(*flights) if flights else anim.Wait(0.1), anim.Call(boxed)))
        self.refresh_hints()

    def animate_play_started(self, event: PlayStarted) -> None:
        """Everyone has chosen: a call at the start seat."""
        self.shown_start = event.start_seat
        self.bubble(event.start_seat, t("newold_table.bubble.starts"))
        self.animator.add(anim.Wait(BUBBLE_PAUSE))

    def animate_card_played(self, event: CardPlayed) -> None:
        """The card leaves the hand (a back turns over) and slides onto its zone."""
        fan = self.places[event.seat].fan
        sprite = self._take_from_fan(fan, event.seat, event.card)
        flip = not sprite.face_up
        sprite.value = event.card
        self.app.audio.play("card_slide")
        if flip:
            self.app.audio.play("card_flip")
        fan.layout(self.ambient, 0.3)
        view = self.zones[event.zone]
        salt = (1 if event.zone == ZONE_OLD else 2) + 7 * self.shown_game
        tilt = StackView.tilt_for(len(view.cards), salt)
        self.animator.add(self.fly(sprite, view.landing_pos(), tilt, SLIDE, flip_to=1.0 if flip else None,
                                   scale_to=1.0, on_land=lambda: view.push(event.card, salt)))
        self.refresh_hints()

    def _take_from_fan(self, fan: KindFan, seat: int, card: str) -> NewOldCard:
        """Remove the played card's sprite from its fan (the dragged ghost if it is that card)."""
        dropped = self.dropped
        self.dropped = None
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
        self.animator.add(anim.Wait(BUBBLE_PAUSE))

    def animate_revealed(self, event: Revealed) -> None:
        """The cards fan out face up in front of the seat; at the A -> B reveal its badge turns to B."""
        place = self.places[event.seat]
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
                                       self.fly(sprite, row.slot(index, start + len(event.cards)), 0.0, SLIDE,
                                                flip_to=1.0,
                                                scale_to=row.scale, on_land=land)))
        fan.layout(self.ambient, 0.3)
        if event.stage_change:
            if not event.cards:
                self.bubble(event.seat, t("newold_table.bubble.no_old"))
            else:
                self.bubble(event.seat, t("newold_table.bubble.reveal"))

            def to_b() -> None:
                self.shown_stages[event.seat] = STAGE_B

            steps.append(anim.Sequence(anim.Wait(REVEAL_GAP * len(event.cards) + SLIDE), anim.Call(to_b)))
        self.app.audio.play("card_flip")
        self.animator.add(anim.Parallel(*steps, anim.Wait(BUBBLE_PAUSE)))
        self.refresh_hints()

    def animate_left(self, event: Left) -> None:
        """The seat is out of this game: its plate dims and gets a tag."""
        self.shown_left[event.seat] = event.why
        if event.why == "empty":
            self.bubble(event.seat, t("newold_table.bubble.out"))
        self.animator.add(anim.Wait(BUBBLE_PAUSE * 0.6))

    def show_game_scored(self, event: GameScored) -> None:
        """The game is over: the panel with every seat's cards, case, score and totals."""
        obs = self.observation()
        record = obs.records[event.game] if event.game < len(obs.records) else None
        revealed = record.revealed if record is not None else tuple(tuple(place.row.cards)
                                                                      for _, place in sorted(self.places.items()))
        next_start = next((e.start_seat for e in self.pending if isinstance(e, GameStarted)), -1)

        def open_panel() -> None:
            self.app.audio.play("round_end")
            self.toast.hide()
            self.panel = GamePanel(self, event, revealed, next_start)
            self.drop_held()
            self.selected = None
            self.refresh_hints()

        self.animator.add(anim.Sequence(anim.Wait(0.5), anim.Call(open_panel)))

    # ----- input ------------------------------------------------------------------------------------
    def handle_key(self, key: str) -> None:
        """R reveal, H help."""
        if key == "r":
            if self.reveal_allowed():
                self.attempt(REVEAL)
            elif self.playing():
                self.attempt(REVEAL)  # the rules say why not
        elif key == "h":
            self.open_help()

    def handle_back(self) -> None:
        """Esc/Backspace: let go of a held card, else undo, else the menu."""
        if self.drag is not None or self.selected is not None:
            if self.drag is not None:
                self.spring_back()
            self.selected = None
            self.hand.raised = self.hand.focus = None
            self.refresh_hints()
        elif self.can_undo():
            self.press_undo()
        else:
            self.to_menu()

    def pointer_down(self, pos: tuple[int, int]) -> None:
        """Press: pick up a hand card, or play the selected card on a zone."""
        index = self.hand.card_at(pos) if self.hand_interactive() else None
        if index is not None:
            sprite = self.hand.cards[index]
            assert isinstance(sprite, NewOldCard)
            self.drag = Drag(sprite, (float(pos[0]), float(pos[1])), (sprite.pos[0] - pos[0], sprite.pos[1] - pos[1]))
            return
        zone = self.zone_at(pos)
        if zone is None:
            return
        if self.selected is not None:
            self.attempt_on_zone(zone)
        elif self.viewer_may_act() and self.phase() == PHASE_PLAY:
            self.toast.show(t("table.reason.pick_card"), 2.4)

    def track_drop_target(self, pos: tuple[int, int]) -> None:
        """The zone under the dragged card glows (hints refresh only when it changes)."""
        zone = self.zone_at(pos)
        if zone != self.hover_zone:
            self.hover_zone = zone
            self.refresh_hints()

    def forget_drop_target(self) -> None:
        """No zone glows for a drop any more."""
        self.hover_zone = None

    def _start_moving(self, drag: Drag) -> None:
        """The press became a drag: a lifted ghost follows the pointer; the card waits hidden."""
        drag.moved = True
        real = drag.sprite
        ghost = NewOldCard(real.value, real.kind, real.pos, angle=real.angle, scale=real.scale)
        ghost.lift = 1.0
        drag.ghost = ghost
        real.visible = False
        self.ambient.add(anim.Tween(ghost, "angle", 0.0, 0.15, anim.ease_out_cubic))
        if real in self.hand.cards and self.phase() != PHASE_BOX:
            self.selected = self.hand.cards.index(real)
            self.hand.raised = self.selected
        self.refresh_hints()

    def pointer_up(self, pos: tuple[int, int]) -> None:
        """Drop: on a zone plays, on the box marks (while choosing); a click selects or marks."""
        drag = self.drag
        if drag is None:
            return
        if drag.moved:
            if self.choosing_box() and self.box_rect().collidepoint(pos):
                self.spring_back()
                if not drag.sprite.marked:
                    self.toggle_mark(drag.sprite)
                self.refresh_hints()
                return
            zone = self.zone_at(pos)
            if zone is None:
                self.spring_back()
                self.refresh_hints()
                return
            self.attempt_on_zone(zone, drag.sprite)
            return
        self.drag = None
        if self.phase() == PHASE_BOX:
            if self.choosing_box():
                self.toggle_mark(drag.sprite)
                self.selected = self.hand.cards.index(drag.sprite) if drag.sprite in self.hand.cards else None
                self.hand.focus = self.selected
            self.refresh_hints()
            return
        index = self.hand.cards.index(drag.sprite) if drag.sprite in self.hand.cards else None
        self.selected = None if index == self.selected else index
        self.hand.raised = self.selected
        self.refresh_hints()
        self.app.audio.play("click")

    def zone_at(self, pos: tuple[int, int]) -> str | None:
        """The zone under ``pos``."""
        for zone, view in self.zones.items():
            if view.rect().collidepoint(pos):
                return zone
        return None

    @staticmethod
    def box_rect() -> pygame.Rect:
        """The game box's area."""
        return nart.game_box().get_rect(center=BOX_CENTRE)

    def handle_nav(self, dx: int, dy: int) -> None:
        """Left/Right choose a hand card (Up plays it, like Enter)."""
        if not self.hand_interactive() or not self.hand.cards:
            return
        if dx:
            count = len(self.hand.cards)
            if self.selected is None:
                self.selected = self._first_playable_index(reverse=dx < 0)
            else:
                self.selected = (self.selected + dx) % count
            self.hand.raised = self.selected if self.phase() != PHASE_BOX else None
            self.hand.focus = self.selected
            self.refresh_hints()
            self.hand.layout(self.ambient, 0.15)
        elif dy < 0:
            self.handle_activate()

    def handle_focus(self, step: int) -> None:
        """Tab: the next card, like Right."""
        self.handle_nav(step, 0)

    def handle_activate(self) -> None:
        """Enter: mark/confirm while choosing; play the selected card; reveal when that is the only move."""
        if not self.hand_interactive():
            return
        if self.choosing_box():
            held = self.held_card()
            if held is not None and not held.marked:
                self.toggle_mark(held)
                self.refresh_hints()
            elif len(self.marked()) == 2:
                self.confirm_box()
            elif held is not None:
                self.toggle_mark(held)
            else:
                self.handle_nav(1, 0)
            return
        if self.reveal_forced():
            self.attempt(REVEAL)
            return
        if self.selected is None:
            if self.hand.cards:
                self.handle_nav(1, 0)
            return
        self.attempt_on_zone(self.target_zone())

    def _first_playable_index(self, reverse: bool = False) -> int:
        """The first playable hand card (from the left, or the right); else the end card."""
        count = len(self.hand.cards)
        order = list(range(count))[::-1] if reverse else list(range(count))
        playable = self.playable()
        for index in order:
            if not playable or self.hand.cards[index].value in playable:
                return index
        return order[0]

    # ----- drawing ----------------------------------------------------------------------------------
    def paint_still_base(self, surface: pygame.Surface) -> None:
        """The table with its mat, the game's name on the mat."""
        surface.blit(art.table_surface(SCREEN, FELT), (0, 0))
        mark = fonts.text(t("game.newold.title"), theme.SMALL, art.mix(theme.FELT, theme.PAPER, 0.25), True)
        surface.blit(mark, mark.get_rect(midbottom=(FELT[0] + FELT[2] // 2, FELT[1] + FELT[3] - 18)))

    def still_parts(self) -> dict[str, StillPart]:
        """Zones and their signs, plates, revealed rows, the score sheet, the box."""
        parts: dict[str, StillPart] = {}
        obs = self.observation()
        playing = self.playing()
        target = self.target_zone() if playing else ""
        for zone, view in self.zones.items():
            signature = (tuple(view.cards), tuple(round(tilt) for tilt in view.tilts), view.highlight,
                         view.focused, view.note)
            parts[f"zone{zone}"] = StillPart(signature, view.rect().inflate(140, 110),
                                             lambda surface, v=view: self._paint_zone(surface, v))
            note = t("newold_table.zone.yours") if zone == target else ""
            sign = zone_sign(zone, note)
            parts[f"sign{zone}"] = self.picture_part((zone, note, labels.lang()), sign, center=ZONE_SIGN[zone])
        turn = self.seat_to_move() if obs.phase == PHASE_PLAY else -1
        for seat, place in self.places.items():
            you = seat == self.viewer and self.match.seats[seat].is_human
            now = score_revealed(place.row.cards)
            total = self.shown_totals()[seat]
            chosen = obs.phase == PHASE_BOX and obs.chosen[seat] and not self.pending
            args = (self.name_of(seat), seat, you, seat == turn, self.shown_stages[seat], self.shown_left[seat],
                    seat == self.shown_start, chosen, now, total, place.plate.size)
            plate = seat_plate(*args)
            parts[f"plate{seat}"] = self.picture_part(args, plate, center=place.plate.center)
            row = place.row
            parts[f"row{seat}"] = StillPart(tuple(row.cards), row.region(),
                                            lambda surface, r=row: surface.blit(r.picture(), r.region()))
        parts["sheet"] = self._sheet_part(obs)
        parts["box"] = self._box_part()
        parts["action_note"] = self._action_note_part()
        self._still_fans = set()
        for seat, place in self.places.items():
            parts[f"fan{seat}"] = self._fan_part(seat, place.fan)
        return parts

    def _fan_part(self, seat: int, fan: KindFan) -> StillPart:
        """A hand at rest belongs to the still layer (repainted only when it changes); a hand that
        moves is painted with the moving pieces instead (this part is then empty)."""
        hidden = seat == self.viewer and self.hand_hidden
        if hidden or not fan.cards or not fan.at_rest():
            return StillPart(None, pygame.Rect(round(fan.anchor[0]), round(fan.anchor[1]), 0, 0),
                             lambda surface: None)
        self._still_fans.add(seat)
        picture, topleft = fan.resting_picture()
        region = picture.get_rect(topleft=topleft)
        return StillPart(fan.resting_key(), region, lambda surface: surface.blit(picture, region))

    def action_note_text(self) -> str:
        """A short word over the action button: it is the only move, or what is still to mark."""
        if self.reveal_forced():
            return t("newold_table.note.only_move")
        if self.choosing_box():
            marks = self.marked()
            new = "✓" if NEW in marks else "–"
            old = "✓" if OLD in marks else "–"
            return t("newold_table.note.marked", new=new, old=old)
        return ""

    def _action_note_part(self) -> StillPart:
        """The note over the action button (nothing when there is nothing to say)."""
        text = self.action_note_text()
        button = self.action_button.rect
        if not text:
            return StillPart("", pygame.Rect(button.centerx, button.top - 30, 0, 0), lambda surface: None)
        image = labels.note_pill(text, True)
        return self.picture_part(text, image, midbottom=(button.centerx, button.top - 8))

    def shown_totals(self) -> tuple[int, ...]:
        """Match totals as shown now (those of the games already scored)."""
        return tuple(self.rules.totals(self.observation()))  # type: ignore[attr-defined]

    def _sheet_part(self, obs: NewOldObservation) -> StillPart:
        """The score pad at the top left."""
        rows = tuple(record.scores for record in obs.records)
        running = tuple(score_revealed(place.row.cards) for _, place in sorted(self.places.items()))
        diamonds = tuple(sum(record.scores[seat] for record in obs.records) for seat in range(obs.players))
        ranks = tuple(sum(record.rank_points[seat] for record in obs.records) for seat in range(obs.players)) \
            if obs.rank_points else ()
        names = tuple(self.name_of(seat) for seat in range(obs.players))
        args = (rows, running, self.shown_game, obs.games_total, diamonds, ranks, names)
        return self.picture_part(args, score_sheet(*args), topleft=BOARD_TOPLEFT)

    def _box_part(self) -> StillPart:
        """The game box with how many cards lie in it (it glows while a person chooses for it)."""
        box = nart.game_box()
        where = box.get_rect(center=BOX_CENTRE)
        name = fonts.text(t("newold_table.box.name"), theme.SMALL, (250, 236, 210), True)
        count = fonts.text(t("newold_table.box.count", n=self.box_count), theme.TINY - 2, (236, 220, 190))
        highlight = self.choosing_box()

        def paint(surface: pygame.Surface) -> None:
            if highlight:
                glow = art.glow_ring((where.width - 8, where.height - 8), theme.OK, 170)
                surface.blit(glow, glow.get_rect(center=where.center))
            surface.blit(box, where)
            surface.blit(name, name.get_rect(center=(where.centerx, where.centery - 14)))
            surface.blit(count, count.get_rect(center=(where.centerx, where.centery + 22)))

        return StillPart((self.box_count, highlight, labels.lang()), where.inflate(40, 40), paint)

    def _paint_zone(self, surface: pygame.Surface, view: ZoneView) -> None:
        """A zone with its note while a card is held."""
        view.draw(surface)
        if view.note:  # above the mat, where a card dragged onto the zone does not cover it
            image = labels.note_pill(view.note, view.highlight == "ok")
            surface.blit(image, image.get_rect(midbottom=(view.rect().centerx, view.rect().top - 2)))

    def draw_moving(self, surface: pygame.Surface) -> list[pygame.Rect]:
        """Decks, fans, flying cards, the dragged ghost, bubbles; returns the areas painted."""
        painted: list[pygame.Rect] = []
        for kind, count in self.decks.items():
            if count > 0:
                pile = nart.deck_pile(kind, max(1, min(5, (count + 7) // 8)))
                x, y = ZONE_CENTRE[ZONE_OLD if kind == OLD else ZONE_NEW]
                painted.append(surface.blit(pile, pile.get_rect(center=(round(x) + 6, round(y) + 8))))
        for seat, place in self.places.items():
            if seat in self._still_fans or (seat == self.viewer and self.hand_hidden):
                continue  # at rest: in the still layer
            painted.append(place.fan.draw(surface))
        painted.extend(sprite.draw(surface) for sprite in self.flying)
        if self.drag is not None and self.drag.ghost is not None:
            painted.append(self.drag.ghost.draw(surface))
        painted.extend(bubble.draw(surface) for bubble in self.bubbles)
        return [area for area in painted if area.width and area.height] or [nothing()]

    def pause(self) -> None:
        """Another scene is on top: let go of the card in hand."""
        self.drop_held()


def make_table(app: App, match: Match, **options: Any) -> Scene:
    """The NEW & OLD table scene for ``match`` (options: ``viewer``, ``ai_enabled``, ``worker_inline``)."""
    return NewOldTable(app, match, **options)
