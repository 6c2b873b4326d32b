"""Physical pieces on the table: cards, stacks, fanned hands, the cat token, dice, speech bubbles.

A piece is a small object with plain numeric attributes (``pos``, ``angle``, ``scale``, ``flip``,
``lift``...) that ``scenes.engine.anim`` tweens, and a ``draw(surface)`` that only blits cached art from
``scenes.table.art``. Pieces know nothing about rules: a scene moves them.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from collections.abc import Sequence as Seq
from typing import Any, Generic, TypeVar

import pygame

from scenes.engine import anim, crisp, fonts, theme
from scenes.table import art

Point = tuple[float, float]
Value = TypeVar("Value")  # what a card is: a number here, a name like "N5" in NEW & OLD
CARD_W, CARD_H = art.CARD_SIZE


def nothing(pos: Point = (0.0, 0.0)) -> pygame.Rect:
    """An empty rectangle: what a hidden piece paints."""
    return pygame.Rect(round(pos[0]), round(pos[1]), 0, 0)


def rotate_vector(vector: Point, degrees: float) -> Point:
    """``vector`` (screen coordinates, y down) turned ``degrees`` counter-clockwise as seen."""
    radians = math.radians(degrees)
    cos, sin = math.cos(radians), math.sin(radians)
    x, y = vector
    return (x * cos + y * sin, -x * sin + y * cos)


def add(a: Point, b: Point) -> Point:
    """The sum of two points."""
    return (a[0] + b[0], a[1] + b[1])


# ----- a card ----------------------------------------------------------------------------------------

def card_rect(centre: tuple[float, float], scale: float = 1.0) -> pygame.Rect:
    """The rectangle of an unrotated card of ``scale`` centred at ``centre``."""
    rect = pygame.Rect(0, 0, round(CARD_W * scale), round(CARD_H * scale))
    rect.center = (round(centre[0]), round(centre[1]))
    return rect

class CardSprite(Generic[Value]):
    """One card. ``value`` None means its face is unknown to this screen (only the back is drawn).

    ``flip`` 0 shows the back, 1 the face; in between the card is squeezed horizontally through
    zero (a flip). ``lift`` 0..1 raises it: slightly larger, with a larger, softer, farther shadow.
    """

    def __init__(self, value: Value | None, pos: Point, *, angle: float = 0.0, scale: float = 1.0,
                 face_up: bool = True) -> None:
        self.value = value
        self.pos: Point = pos
        self.angle = angle
        self.scale = scale
        self.flip = 1.0 if face_up and value is not None else 0.0
        self.lift = 0.0
        self.visible = True
        self.dim = False  # drawn darker (cannot be played now)
        self.quick = False  # in motion: cheaper, coarser transforms

    @property
    def face_up(self) -> bool:
        """True when the face is what is drawn now."""
        return self.value is not None and self.flip >= 0.5

    def _image_key(self) -> tuple[Any, pygame.Surface]:
        """The art key and base surface of the side showing now."""
        if self.face_up:
            return ("face", self.value, self.dim), _face_surface(self.value, self.dim)  # type: ignore[arg-type]  # a numbered card (NEW & OLD draws its own faces)
        return ("back",), art.card_back()

    def _layers(self, quick: bool = False) -> list[tuple[pygame.Surface, pygame.Rect]]:
        """(image, where) for the shadow and the card, as they are drawn now."""
        quick = quick or self.quick
        squeeze = abs(math.cos(math.pi * self.flip))
        scale = self.scale * (1.0 + 0.06 * self.lift)
        lift_step = max(0, min(8, round(self.lift * 8)))
        shadow = art.transformed(("shadow", lift_step), art.card_shadow(art.CARD_SIZE, lift_step),
                                 scale, squeeze, self.angle, quick)
        offset = (3 + 16 * self.lift) * self.scale, (5 + 26 * self.lift) * self.scale
        shadow_at = shadow.get_rect(center=(round(self.pos[0] + offset[0]), round(self.pos[1] + offset[1])))
        key, base = self._image_key()
        image = art.transformed(key, base, scale, squeeze, self.angle, quick)
        return [(shadow, shadow_at), (image, image.get_rect(center=(round(self.pos[0]), round(self.pos[1]))))]

    def draw(self, surface: pygame.Surface, offset: tuple[int, int] = (0, 0), quick: bool = False) -> pygame.Rect:
        """Shadow, then the card (transformed art from the cache), shifted by ``offset``;
        ``quick`` for a card in motion. Returns the area painted."""
        if not self.visible or self.scale <= 0.01:
            return nothing(self.pos)
        shadow, card = self._layers(quick)
        painted = surface.blit(shadow[0], shadow[1].move(offset))
        return painted.union(surface.blit(card[0], card[1].move(offset)))

    def bounds(self) -> pygame.Rect:
        """Everything the card paints now (shadow included)."""
        if not self.visible or self.scale <= 0.01:
            return nothing(self.pos)
        first, *rest = (where for _, where in self._layers())
        return first.unionall(rest)

    def contains(self, point: Point) -> bool:
        """True when ``point`` lies on the card (its rotation taken into account)."""
        if not self.visible:
            return False
        local = rotate_vector((point[0] - self.pos[0], point[1] - self.pos[1]), -self.angle)
        half_w = CARD_W * self.scale / 2
        half_h = CARD_H * self.scale / 2
        return abs(local[0]) <= half_w and abs(local[1]) <= half_h

    def rect(self) -> pygame.Rect:
        """The unrotated card's rectangle (for layouts and tests)."""
        rect = pygame.Rect(0, 0, round(CARD_W * self.scale), round(CARD_H * self.scale))
        rect.center = (round(self.pos[0]), round(self.pos[1]))
        return rect


def _face_surface(value: int, dim: bool) -> pygame.Surface:
    """A card face, or a darkened copy of it (cached) for cards that cannot be played now."""
    face = art.card_face(value)
    if not dim:
        return face
    return art.darkened(("dimmed", value), face)


# ----- a stack on the table ----------------------------------------------------------------------------
_piles = art.SurfaceCache("pieces.piles", 6 * art.MB)  # pictures of piles, by their visible layers

class StackView(Generic[Value]):
    """A face-up pile at a fixed place: a few offset edges show its depth, a badge its count.

    ``highlight`` is None, "ok" (a legal drop target: it glows) or "no" (it refuses the held card:
    it dims); ``focused`` rings it (the keyboard's target, or the stack under a dragged card);
    ``note`` is a short line the scene shows on it (why not).
    """

    DEPTH_SHOWN = 4

    def __init__(self, centre: Point) -> None:
        self.centre = centre
        self.cards: list[Value] = []
        self.tilts: list[float] = []
        self.highlight: str | None = None
        self.focused = False
        self.note = ""

    @staticmethod
    def tilt_for(index: int, salt: int) -> float:
        """A small fixed tilt per card (a real pile is never perfectly square)."""
        return ((index * 37 + salt * 101) % 9 - 4) * 0.9

    def set_cards(self, cards: Seq[Value], salt: int = 0) -> None:
        """Show ``cards`` (bottom .. top)."""
        self.cards = list(cards)
        self.tilts = [self.tilt_for(index, salt) for index in range(len(self.cards))]

    def push(self, card: Value, salt: int = 0) -> None:
        """Put one more card on top."""
        self.cards.append(card)
        self.tilts.append(self.tilt_for(len(self.cards) - 1, salt))

    @property
    def shown(self) -> list[Value]:
        """The cards drawn now (a card joins the pile when it lands)."""
        return self.cards

    def rect(self) -> pygame.Rect:
        """The hit area: the card's place, a little enlarged for fingers."""
        rect = pygame.Rect(0, 0, CARD_W + 24, CARD_H + 24)
        rect.center = (round(self.centre[0]), round(self.centre[1]))
        return rect

    def top_pos(self) -> Point:
        """Where the top card's centre is drawn (a card landing there ends here)."""
        depth = min(len(self.shown), self.DEPTH_SHOWN + 1) - 1
        return (self.centre[0] - depth * 1.5, self.centre[1] - depth * 2.5)

    def landing_pos(self) -> Point:
        """Where the next card will sit once it lands."""
        depth = min(len(self.shown) + 1, self.DEPTH_SHOWN + 1) - 1
        return (self.centre[0] - depth * 1.5, self.centre[1] - depth * 2.5)

    def draw(self, surface: pygame.Surface) -> pygame.Rect:
        """Glow or slot outline, the visible layers, the top face, the count badge; returns the
        area the pile occupies."""
        cards = self.shown
        cx, cy = self.centre
        if self.highlight == "ok":
            glow = art.glow_ring(art.CARD_SIZE, theme.OK)
            surface.blit(glow, glow.get_rect(center=self.top_pos()))
        if not cards:
            outline = art.slot_outline(art.CARD_SIZE, theme.OK if self.highlight == "ok" else theme.FELT_LIGHT)
            surface.blit(outline, outline.get_rect(center=(round(cx), round(cy))))
        if cards:
            pile = self.pile_surface()
            surface.blit(pile, pile.get_rect(center=(round(cx), round(cy))))
        if self.highlight == "no" and cards:
            shade = art.transformed(("shade",), _shade_surface(), 1.0, 1.0, self.tilts[len(cards) - 1])
            surface.blit(shade, shade.get_rect(center=self.top_pos()))
        if self.focused:  # the keyboard target (or the stack under a dragged card)
            color = theme.BAD if self.highlight == "no" else theme.ACCENT
            ring = art.focus_ring(art.CARD_SIZE, color)
            surface.blit(ring, ring.get_rect(center=self.top_pos()))
        if cards:
            self._draw_count(surface, len(cards))
        return self.rect().inflate(60, 60)

    PILE_PAD = 40

    def pile_surface(self) -> pygame.Surface:
        """The visible layers of the pile in one cached picture, centred on the pile's place."""
        cards = self.shown
        start = max(0, len(cards) - self.DEPTH_SHOWN - 1)
        layers = tuple(zip(cards[start:], (round(tilt) for tilt in self.tilts[start:len(cards)])))

        def make() -> pygame.Surface:
            width, height = CARD_W + 2 * self.PILE_PAD, CARD_H + 2 * self.PILE_PAD
            pile = crisp.canvas((width, height), pygame.SRCALPHA)  # its cards stay sharp at 4K
            centre = (width / 2, height / 2)
            for depth, (value, tilt) in enumerate(layers):
                pos = (centre[0] - depth * 1.5, centre[1] - depth * 2.5)
                if depth == len(layers) - 1 or depth == 0:
                    shadow = art.transformed(("shadow", 0), art.card_shadow(art.CARD_SIZE, 0), 1.0, 1.0, tilt)
                    pile.blit(shadow, shadow.get_rect(center=(round(pos[0] + 3), round(pos[1] + 5))))
                image = art.transformed(("face", value, False), art.card_face(value), 1.0, 1.0, tilt)
                pile.blit(image, image.get_rect(center=(round(pos[0]), round(pos[1]))))
            return pile

        return _piles.get(layers, make)

    def _draw_count(self, surface: pygame.Surface, count: int) -> None:
        """A dark pill with the number of cards, at the pile's lower right."""
        badge = count_badge(count)
        x = self.centre[0] + CARD_W / 2 + 4
        y = self.centre[1] + CARD_H / 2 - 4
        surface.blit(badge, badge.get_rect(center=(round(x), round(y))))


def _shade_surface() -> pygame.Surface:
    """A translucent dark card shape laid over a pile that refuses the held card."""
    def make() -> pygame.Surface:
        shade = pygame.Surface(art.CARD_SIZE, pygame.SRCALPHA)
        pygame.draw.rect(shade, (20, 14, 12, 120), shade.get_rect(), border_radius=art.CARD_RADIUS)
        return shade

    return art.variant(("shade-base",), make)


def count_badge(count: int) -> pygame.Surface:
    """A round ink badge with a small card icon and ``count`` (cached per count); it draws itself
    again at the window's scale (its number sharp at 4K, and the pile under it stays sharp too)."""
    def draw(zoom: float) -> pygame.Surface:
        def px(value: float) -> int:
            return max(1, round(value * zoom))

        label = fonts.text(str(count), px(theme.SMALL), theme.TEXT, True)
        width = max(px(54), label.get_width() + px(40))
        height = px(38)
        badge = pygame.Surface((width, height), pygame.SRCALPHA)
        pygame.draw.rect(badge, (*theme.INK, 235), badge.get_rect(), border_radius=height // 2)
        pygame.draw.rect(badge, theme.GOLD, badge.get_rect(), px(2), border_radius=height // 2)
        for k in (1, 0):  # two tiny cards
            pygame.draw.rect(badge, theme.PAPER if k == 0 else theme.PAPER_SHADE,
                             (px(10 + k * 4), px(10 - k * 3), px(12), px(17)), border_radius=px(3))
        badge.blit(label, label.get_rect(midleft=(px(30), height // 2)))
        return badge

    return art.variant(("badge", count), lambda: crisp.art_image(draw(1.0), ("badge", count), draw))


# ----- a hand in an arc ------------------------------------------------------------------------------
# Resting fans kept as ready-made pictures (a few hundred kB each), with where they go.
_fan_pictures = art.SurfaceCache("pieces.fans", 8 * art.MB)


Sprite = TypeVar("Sprite", bound=CardSprite[Any])


class HandFan(Generic[Sprite]):
    """A hand of cards laid in an arc around ``anchor`` (the middle card's place), facing the table.

    ``rotation`` turns the whole fan: 0 at the bottom of the screen (cards upright), 180 at the top,
    -90 on the left, 90 on the right. ``focus`` (keyboard) and ``hover`` (pointer) lift a card.
    """

    LIFT_PIXELS = 46

    def __init__(self, anchor: Point, *, rotation: float = 0.0, radius: float = 900.0, step: float = 6.0,
                 max_spread: float = 34.0, scale: float = 1.0) -> None:
        self.anchor = anchor
        self.rotation = rotation
        self.radius = radius
        self.step = step
        self.max_spread = max_spread
        self.scale = scale
        self.cards: list[Sprite] = []
        self.focus: int | None = None
        self.hover: int | None = None
        self.raised: int | None = None  # a card held up (selected) stays lifted
        self._targets: dict[tuple[Any, ...], list[tuple[Point, float, float]]] = {}

    def slot(self, index: int, count: int, lifted: bool = False) -> tuple[Point, float]:
        """(centre, angle) of card ``index`` of ``count``."""
        step = self.step if count <= 1 else min(self.step, self.max_spread / (count - 1))
        theta = math.radians((index - (count - 1) / 2) * step)
        local = (self.radius * math.sin(theta), self.radius * (1 - math.cos(theta)))
        angle = self.rotation - math.degrees(theta)
        if lifted:
            local = add(local, rotate_vector((0.0, -self.LIFT_PIXELS * self.scale), -math.degrees(theta)))
        return add(self.anchor, rotate_vector(local, self.rotation)), angle

    def lifted_index(self) -> int | None:
        """The card that shows lifted now: held, else pointed at, else focused."""
        for index in (self.raised, self.hover, self.focus):
            if index is not None and 0 <= index < len(self.cards):
                return index
        return None

    def targets(self) -> list[tuple[Point, float, float]]:
        """Resting (centre, angle, lift) of every card (remembered per count and lifted card)."""
        lifted = self.lifted_index()
        count = len(self.cards)
        key = (count, lifted, self.anchor, self.rotation, self.radius, self.step, self.max_spread, self.scale)
        cached = self._targets.get(key)
        if cached is None:
            cached = []
            for index in range(count):
                pos, angle = self.slot(index, count, index == lifted)
                cached.append((pos, angle, 1.0 if index == lifted else 0.0))
            self._targets[key] = cached
        return cached

    def layout(self, animator: anim.Animator | None = None, duration: float = 0.25) -> None:
        """Move every card to its place (tweened when an animator is given)."""
        for card, (pos, angle, lift) in zip(self.cards, self.targets()):
            if animator is None or duration <= 0:
                card.pos, card.angle, card.lift, card.scale = pos, angle, lift, self.scale
            else:
                animator.add(anim.Parallel(
                    anim.Tween(card, "pos", pos, duration, anim.ease_out_cubic),
                    anim.Tween(card, "angle", angle, duration, anim.ease_out_cubic),
                    anim.Tween(card, "lift", lift, duration * 0.8, anim.ease_out_cubic),
                    anim.Tween(card, "scale", self.scale, duration, anim.ease_out_cubic),
                ))

    def settle(self) -> None:
        """Put each card exactly in place, lift included (no animation)."""
        self.layout(None)

    def card_at(self, point: Point) -> int | None:
        """Index of the topmost card under ``point``."""
        order = self.draw_order()
        for index in reversed(order):
            if self.cards[index].contains(point):
                return index
        return None

    def draw_order(self) -> list[int]:
        """Indices in painting order: left to right, the lifted card last so it shows whole."""
        order = list(range(len(self.cards)))
        lifted = self.lifted_index()
        if lifted is not None:
            order.remove(lifted)
            order.append(lifted)
        return order

    def at_rest(self) -> bool:
        """True when every card sits exactly in its place, fully turned (a picture can be reused)."""
        for card, (pos, angle, lift) in zip(self.cards, self.targets()):
            if not card.visible or card.flip not in (0.0, 1.0) or abs(card.scale - self.scale) > 1e-3:
                return False
            if abs(card.pos[0] - pos[0]) > 0.5 or abs(card.pos[1] - pos[1]) > 0.5:
                return False
            if abs(card.angle - angle) > 0.3 or abs(card.lift - lift) > 1e-3:
                return False
        return True

    def draw(self, surface: pygame.Surface) -> pygame.Rect:
        """Paint the hand: one cached picture when it is at rest, card by card while it moves.
        Returns the area painted."""
        if not self.cards:
            return nothing(self.anchor)
        if self.at_rest():
            picture, topleft = self.resting_picture()
            return surface.blit(picture, topleft)
        painted = nothing(self.anchor)
        for index in self.draw_order():
            area = self.cards[index].draw(surface, quick=True)
            painted = area if not painted.size[0] else painted.union(area)
        return painted

    def resting_key(self) -> tuple[Any, ...]:
        """Everything the resting picture shows (a subclass that draws more adds it here)."""
        return ("fan", self.anchor, self.rotation, self.scale, self.radius, self.step, self.max_spread,
                tuple((card.value if card.face_up else None, card.dim) for card in self.cards),
                self.lifted_index())

    def resting_picture(self) -> tuple[pygame.Surface, tuple[int, int]]:
        """The whole resting fan in one picture (cached by ``resting_key``), and where it goes."""
        def make() -> tuple[pygame.Surface, tuple[int, int]]:
            order = self.draw_order()
            area = self.cards[order[0]].bounds().unionall([self.cards[i].bounds() for i in order[1:]])
            picture = crisp.canvas(area.size, pygame.SRCALPHA)  # the cards stay marked (sharp at 4K)
            for index in order:
                self.cards[index].draw(picture, (-area.x, -area.y))
            return art.ready(picture), area.topleft

        return _fan_pictures.get(self.resting_key(), make)


# ----- the cat token ---------------------------------------------------------------------------------
class Token:
    """A round chip that hops: anticipation squash, stretch in flight, squash and settle on landing.

    ``pos`` is where it touches the table; ``height`` lifts it off (its shadow stays on the table and
    shrinks); ``sx``/``sy`` squash and stretch it around its base.
    """

    def __init__(self, pos: Point, diameter: int = art.TOKEN_DIAMETER) -> None:
        self.pos: Point = pos
        self.diameter = diameter
        self.sx = 1.0
        self.sy = 1.0
        self.height = 0.0
        self.hop_t = 0.0
        self.arc = 0.0  # the current hop's peak height
        self.visible = True

    @property
    def lifted(self) -> float:
        """Height above the table now (an explicit lift plus the hop's arc)."""
        return self.height + self.arc * 4.0 * self.hop_t * (1.0 - self.hop_t)

    def hop(self, target: Point, *, duration: float = 0.42, peak: float | None = None,
            on_launch: Callable[[], None] | None = None, on_land: Callable[[], None] | None = None) -> anim.Step:
        """A timeline that hops the token to ``target`` (add it to an animator)."""
        distance = math.hypot(target[0] - self.pos[0], target[1] - self.pos[1])
        arc = peak if peak is not None else min(170.0, 60.0 + distance * 0.35)

        def launch() -> None:
            self.arc = arc
            self.hop_t = 0.0
            if on_launch is not None:
                on_launch()

        def land() -> None:
            self.arc = 0.0
            self.hop_t = 0.0
            if on_land is not None:
                on_land()

        return anim.Sequence(
            anim.Parallel(anim.Tween(self, "sx", 1.2, 0.09, anim.ease_out_quad),
                          anim.Tween(self, "sy", 0.78, 0.09, anim.ease_out_quad)),
            anim.Call(launch),
            anim.Parallel(
                anim.Tween(self, "pos", target, duration, anim.ease_in_out_sine),
                anim.Tween(self, "hop_t", 1.0, duration, anim.linear, start=0.0),
                anim.Sequence(
                    anim.Parallel(anim.Tween(self, "sx", 0.88, duration * 0.3, anim.ease_out_quad),
                                  anim.Tween(self, "sy", 1.16, duration * 0.3, anim.ease_out_quad)),
                    anim.Parallel(anim.Tween(self, "sx", 1.0, duration * 0.5, anim.ease_in_out_sine),
                                  anim.Tween(self, "sy", 1.0, duration * 0.5, anim.ease_in_out_sine)),
                ),
            ),
            anim.Call(land),
            anim.Parallel(anim.Tween(self, "sx", 1.24, 0.06, anim.ease_out_quad),
                          anim.Tween(self, "sy", 0.74, 0.06, anim.ease_out_quad)),
            anim.Parallel(anim.Tween(self, "sx", 1.0, 0.34, anim.ease_out_back),
                          anim.Tween(self, "sy", 1.0, 0.34, anim.ease_out_elastic)),
        )

    def drop_in(self, target: Point, *, duration: float = 0.5,
                on_land: Callable[[], None] | None = None) -> anim.Step:
        """A timeline that drops the token onto ``target`` from above, bouncing."""
        def start() -> None:
            self.pos = target
            self.visible = True

        return anim.Sequence(
            anim.Call(start),
            anim.Tween(self, "height", 0.0, duration, anim.ease_out_bounce, start=260.0),
            anim.Call(on_land or (lambda: None)),
            anim.Parallel(anim.Tween(self, "sx", 1.18, 0.05), anim.Tween(self, "sy", 0.8, 0.05)),
            anim.Parallel(anim.Tween(self, "sx", 1.0, 0.3, anim.ease_out_back),
                          anim.Tween(self, "sy", 1.0, 0.3, anim.ease_out_back)),
        )

    def rest(self, pos: Point) -> None:
        """Put the token down at ``pos`` at once."""
        self.pos = pos
        self.sx = self.sy = 1.0
        self.height = self.arc = self.hop_t = 0.0
        self.visible = True

    def draw(self, surface: pygame.Surface) -> pygame.Rect:
        """Shadow on the table, then the chip squashed around its base; returns the area painted."""
        if not self.visible:
            return nothing(self.pos)
        x, y = self.pos
        up = self.lifted
        shrink = max(0.4, 1.0 - up / 320.0)
        shadow = art.scaled(("token-shadow", self.diameter), art.token_shadow(self.diameter), shrink)
        painted = surface.blit(shadow, shadow.get_rect(center=(round(x + 4 + up * 0.15),
                                                               round(y + self.diameter * 0.32))))
        chip = art.token_squashed(self.sx, self.sy, self.diameter)
        base_y = y + self.diameter / 2 - up
        return painted.union(surface.blit(chip, chip.get_rect(midbottom=(round(x), round(base_y)))))

    def contains(self, point: Point) -> bool:
        """True when ``point`` is on the chip."""
        return math.hypot(point[0] - self.pos[0], point[1] - (self.pos[1] - self.lifted)) <= self.diameter / 2


# ----- dice (for the dice games) -----------------------------------------------------------------------
class Die:
    """A six-sided die that tumbles (spins, hops, shows passing faces) and settles on its value."""

    def __init__(self, value: int, pos: Point, size: int = 72) -> None:
        self.value = value
        self.shown = value
        self.pos: Point = pos
        self.angle = 0.0
        self.height = 0.0
        self.size = size
        self.visible = True

    def roll(self, value: int, target: Point, *, duration: float = 0.8, seed: int = 0,
             on_done: Callable[[], None] | None = None) -> anim.Step:
        """A timeline: tumble from where it is to ``target`` and show ``value``."""
        faces = [((seed + k * 5) % 6) + 1 for k in range(6)]

        def show(face: int) -> Callable[[], None]:
            def set_face() -> None:
                self.shown = face
            return set_face

        tumble = anim.Sequence(*(anim.Sequence(anim.Call(show(face)), anim.Wait(duration / 8)) for face in faces))

        def settle() -> None:
            self.value = self.shown = value
            if on_done is not None:
                on_done()

        return anim.Sequence(
            anim.Parallel(
                anim.Tween(self, "pos", target, duration, anim.ease_out_cubic),
                anim.Tween(self, "angle", self.angle + 540.0 + seed % 90, duration, anim.ease_out_cubic),
                anim.Tween(self, "height", 0.0, duration, anim.ease_out_bounce, start=90.0),
                tumble,
            ),
            anim.Call(settle),
        )

    def draw(self, surface: pygame.Surface) -> pygame.Rect:
        """Shadow, then the face at its angle; returns the area painted."""
        if not self.visible:
            return nothing(self.pos)
        face = art.die_face(self.shown, self.size)
        shadow = art.scaled(("die-shadow", self.size), art.card_shadow((self.size, self.size), 1), 1.0)
        painted = surface.blit(shadow, shadow.get_rect(center=(round(self.pos[0] + 4), round(self.pos[1] + 6))))
        image = art.rotated(("die", self.shown, self.size), face, self.angle)
        centre = (round(self.pos[0]), round(self.pos[1] - self.height))
        return painted.union(surface.blit(image, image.get_rect(center=centre)))


# ----- a speech bubble -------------------------------------------------------------------------------
class Bubble:
    """A short call ("Pass") that pops up at a seat and fades away."""

    def __init__(self, text: str, pos: Point, *, below: bool = False) -> None:
        self.text = text
        self.pos: Point = pos  # the tip of its tail
        self.below = below  # the bubble hangs below ``pos`` (tail up), for a seat at the top
        self.scale = 0.0
        self.alpha = 255.0
        self.visible = True

    def show(self, seconds: float = 1.1) -> anim.Step:
        """A timeline: pop in (overshoot), stay, fade out."""
        def hide() -> None:
            self.visible = False

        return anim.Sequence(
            anim.Tween(self, "scale", 1.0, 0.25, anim.ease_out_back, start=0.2),
            anim.Wait(seconds),
            anim.Tween(self, "alpha", 0.0, 0.3, anim.ease_in_quad),
            anim.Call(hide),
        )

    def rect(self) -> pygame.Rect:
        """Where the bubble lies at full size."""
        size = art.pass_bubble(self.text, self.below).get_size()
        rect = pygame.Rect((0, 0), size)
        tip = (round(self.pos[0]), round(self.pos[1]))
        if self.below:
            rect.midtop = tip
        else:
            rect.midbottom = tip
        return rect

    def draw(self, surface: pygame.Surface) -> pygame.Rect:
        """The bubble at its scale and opacity; returns the area painted."""
        if not self.visible or self.scale <= 0.02 or self.alpha <= 1:
            return nothing(self.pos)
        image = art.scaled(("bubble", self.text, self.below), art.pass_bubble(self.text, self.below), self.scale)
        if self.alpha < 254:
            image = image.copy()
            image.set_alpha(round(self.alpha))
        tip = (round(self.pos[0]), round(self.pos[1]))
        return surface.blit(image, image.get_rect(midtop=tip) if self.below else image.get_rect(midbottom=tip))
