"""The moving pieces of NEW & OLD: a card that knows its kind (``NewOldCard``), a hand fan of New
and Old cards (``KindFan``), a zone's pile (``ZoneView``), a seat's revealed row (``RevealRow``)
and a seat's pieces together (``SeatPlace``, built from the layout's ``SeatSpot``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pygame

from game.rules.newold import card_kind
from scenes.newold import art as nart
from scenes.newold.art import face_picture
from scenes.newold.layout import Point, RowSpot, SeatSpot, zone_rect
from scenes.table import art
from scenes.table.pieces import CardSprite, HandFan, StackView


class NewOldCard(CardSprite[str]):
    """A New or Old card. ``value`` is the card ("N5") or None when this screen may not see its face;
    ``kind`` is always known (the backs differ). ``marked``: chosen for the box; ``eager``: playable
    now (it lifts a little)."""

    def __init__(self, card: str | None, kind: str, pos: Point, *, angle: float = 0.0, scale: float = 1.0,
                 face_up: bool = True) -> None:
        super().__init__(card, pos, angle=angle, scale=scale, face_up=face_up)
        self.kind = kind
        self.marked = False
        self.eager = False

    def _image_key(self) -> tuple[Any, pygame.Surface]:
        """The art key and picture of the side showing now."""
        if self.face_up:
            card = str(self.value)
            return ("no-face", card, self.dim, self.marked), face_picture(card, self.dim, self.marked)
        return ("no-back", self.kind), nart.card_back(self.kind)


class KindFan(HandFan[NewOldCard]):
    """A hand fan of New and Old cards: several cards may be lifted at once (the marked ones fully,
    the playable ones a little), and the resting picture knows each back's kind."""

    EAGER_LIFT = 0.4

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


class ZoneView(StackView[str]):
    """One zone: a printed mat, the face-up pile of its cards, a glow when it is the target."""

    def __init__(self, zone: str, centre: Point) -> None:
        super().__init__(centre)
        self.zone = zone
        self._pictures: dict[tuple[Any, ...], pygame.Surface] = {}

    def rect(self) -> pygame.Rect:
        """The drop area: the whole mat (generous for fingers)."""
        return zone_rect(self.centre)

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
class RevealRow(RowSpot):
    """A seat's revealed cards, face up in a row in front of it, in reveal order: left-aligned at
    ``x`` (the viewer's corner), or centred on ``x`` (the other seats)."""

    cards: list[str] = field(default_factory=list)

    @classmethod
    def at(cls, spot: RowSpot) -> RevealRow:
        """An empty row where the layout puts it."""
        return cls(spot.x, spot.y, spot.scale, spot.step, spot.centred)

    def slot(self, index: int, count: int | None = None) -> Point:
        """Centre of card ``index`` of a row of ``count`` cards (default: the cards now)."""
        return self.slot_of(index, len(self.cards) if count is None else count)

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

    @classmethod
    def at(cls, spot: SeatSpot) -> SeatPlace:
        """A seat's empty fan and row where the layout puts them."""
        shape = spot.fan
        fan = KindFan(shape.anchor, rotation=shape.rotation, radius=shape.radius, step=shape.step,
                      max_spread=shape.max_spread, scale=shape.scale)
        return cls(spot.plate.copy(), fan, RevealRow.at(spot.row))
