"""Dice that are thrown onto the table: the die pictures and a cheap, believable 2D tumble.

``die_face(value, size, colour, angle=, blur=)`` is a rounded die seen from above, its pips drawn
in code, with a soft shadow. Pictures are cached per (value, size, colour, angle step, blur
level): angles are quantised to ``ANGLE_STEPS`` steps (15 degrees) and the light never turns with
the die (the bevel and the shadow are put on after the turn), so a face whose pips look the same
after a quarter or half turn shares its pictures. Every picture of one die size has the same
square size, centred on the die, so a frame only blits.

``DiceThrow`` throws N dice from ``starts`` into ``area``: they hop, spin, slide with friction,
bounce off each other, the area's edges and ``obstacles``, show changing faces while they tumble
and come to rest showing ``finals`` (the rules decide the numbers; the throw only shows them).
The motion is simulated in fixed steps a little ahead of the clock (never all at once, so no
frame pays for the whole throw) and the last stretch is a smooth curve into the exact rest pose,
so the result is the same whatever the frame rate, and the same for the same ``rng``.

Run ``python -m scenes.table.dice_throw`` for a frame-time benchmark of a throw on a full screen.
"""

from __future__ import annotations

import inspect
import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

import pygame

from scenes.engine import cache, crisp, theme
from scenes.table import art

if TYPE_CHECKING:
    from typing_extensions import TypeIs  # typing's own from Python 3.13

Color = tuple[int, int, int]
DiePicture = Callable[..., pygame.Surface]

ANGLE_STEPS = 24  # pictures per full turn
STEP_DEGREES = 360 / ANGLE_STEPS
BLUR_LEVELS = 3  # 0 = still, 1 = spinning, 2 = spinning fast
IVORY: Color = (247, 240, 224)
PIP_INK: Color = (46, 38, 34)
PIP_RED: Color = (200, 44, 44)  # the big red one of a Japanese die
PIPS = art.PIPS
SYMMETRY: dict[int, int] = {1: 90, 4: 90, 5: 90, 2: 180, 3: 180, 6: 180}  # the pips repeat after


def picture_side(size: int) -> int:
    """The side of every picture of a die of ``size`` (room for any turn and the shadow)."""
    return math.ceil(size * 1.62) | 1


def _step_of(angle: float, value: int) -> int:
    """The cached angle step for ``angle`` degrees, folded by the face's symmetry."""
    step = round(angle / STEP_DEGREES) % ANGLE_STEPS
    period = round(SYMMETRY.get(value, 360) / STEP_DEGREES)
    return step % period


def blur_level(blur: float) -> int:
    """``blur`` (0..1) as one of the ``BLUR_LEVELS`` cached levels."""
    return max(0, min(BLUR_LEVELS - 1, round(blur * (BLUR_LEVELS - 1))))


def _is_light(colour: Color) -> bool:
    """True for a pale body (dark pips on it); a saturated or dark body gets white pips."""
    red, green, blue = colour
    return 0.299 * red + 0.587 * green + 0.114 * blue > 170


@lru_cache(maxsize=64)
def die_body(value: int, size: int, colour: Color = IVORY) -> pygame.Surface:
    """The upright die without light or shadow: a rounded square, a soft dome, its pips."""
    s = art.SUPERSAMPLE
    big = pygame.Surface((size * s, size * s), pygame.SRCALPHA)
    rect = big.get_rect()
    radius = round(size * s * 0.22)
    pygame.draw.rect(big, art.mix(colour, (0, 0, 0), 0.12), rect, border_radius=radius)
    # a dome: lighter toward the middle, the way a rounded cube catches light on every side
    for ring in range(6):
        inset = round(size * s * (0.03 + ring * 0.03))
        tone = art.mix(colour, (255, 255, 255), 0.03 * ring) if _is_light(colour) else \
            art.mix(art.mix(colour, (0, 0, 0), 0.12), colour, min(1.0, ring / 3))
        pygame.draw.rect(big, tone, rect.inflate(-inset * 2, -inset * 2), border_radius=max(2, radius - inset))
    light = _is_light(colour)
    pip = PIP_INK if light else (250, 246, 236)
    for fx, fy in PIPS.get(value, ()):
        centre = (rect.width * fx, rect.height * fy)
        one = value == 1
        pip_radius = size * s * ((0.15 if light else 0.13) if one else 0.088)
        fill = PIP_RED if one and light else pip
        pygame.draw.circle(big, art.mix(fill, colour, 0.45), centre, pip_radius + s)  # the drilled rim
        pygame.draw.circle(big, fill, centre, pip_radius)
        pygame.draw.circle(big, art.mix(fill, (0, 0, 0), 0.35), (centre[0], centre[1] - pip_radius * 0.22),
                           pip_radius * 0.7)  # the hollow, shaded at the top (light from above)
        pygame.draw.circle(big, fill, (centre[0], centre[1] + pip_radius * 0.18), pip_radius * 0.62)
    return pygame.transform.smoothscale(big, (size, size))


def _mask_of(surface: pygame.Surface, colour: tuple[int, int, int, int]) -> pygame.Surface:
    """A surface of ``colour`` whose alpha is ``surface``'s alpha times ``colour``'s."""
    mask = surface.copy()
    mask.fill((0, 0, 0), special_flags=pygame.BLEND_RGB_MULT)
    mask.fill(colour[:3], special_flags=pygame.BLEND_RGB_ADD)
    mask.fill((255, 255, 255, colour[3]), special_flags=pygame.BLEND_RGBA_MULT)
    return mask


def _rim(mask: pygame.Surface, shift: tuple[int, int]) -> pygame.Surface:
    """The part of ``mask`` that the same mask moved by ``shift`` does not cover (a lit edge)."""
    rim = mask.copy()
    cutter = mask.copy()
    cutter.fill((0, 0, 0), special_flags=pygame.BLEND_RGB_MULT)  # subtracts alpha only, not colour
    rim.blit(cutter, shift, special_flags=pygame.BLEND_RGBA_SUB)
    return rim


def _lit(body: pygame.Surface, size: int) -> pygame.Surface:
    """``body`` (already turned) with a light top-left rim and a shaded bottom-right rim."""
    lit = body.copy()
    shift = max(1, round(size / 28))
    lit.blit(_rim(_mask_of(body, (255, 255, 255, 150)), (shift, shift)), (0, 0))
    lit.blit(_rim(_mask_of(body, (40, 24, 12, 110)), (-shift, -shift)), (0, 0))
    return lit


def _turned(value: int, size: int, colour: Color, step: int) -> pygame.Surface:
    """The body turned to ``step`` and lit (no shadow), cached."""
    def make() -> pygame.Surface:
        body = die_body(value, size, colour)
        degrees = step * STEP_DEGREES
        turned = pygame.transform.rotozoom(body, degrees, 1.0) if degrees else body.copy()
        return _lit(turned, size)

    return _turned_cache.get(("die-turned", value, size, colour, step), make)


def _shadow(size: int, step: int) -> pygame.Surface:
    """The soft shadow of a die turned to ``step`` (any face: the outline is the same)."""
    def make() -> pygame.Surface:
        side = picture_side(size)
        small = max(8, side // 3)
        shape = pygame.Surface((small, small), pygame.SRCALPHA)
        half = size / 3 / 2 * 0.98
        angle = math.radians(step * STEP_DEGREES)
        corners = []
        for cx, cy in ((-1, -1), (1, -1), (1, 1), (-1, 1)):
            x = cx * half * math.cos(angle) + cy * half * math.sin(angle)
            y = -cx * half * math.sin(angle) + cy * half * math.cos(angle)
            corners.append((small / 2 + x, small / 2 + y))
        pygame.draw.polygon(shape, (20, 10, 4, 150), corners)
        shape = pygame.transform.gaussian_blur(shape, 2)
        return pygame.transform.smoothscale(shape, (side, side))

    return _turned_cache.get(("die-shadow", size, step), make)


_turned_cache = art.SurfaceCache("dice.turned", 8 * art.MB)  # turned bodies, shadows, spin ghosts
_pictures = art.SurfaceCache("dice.pictures", 48 * art.MB)  # whole pictures (a table prewarms its throws)


def die_face(value: int, size: int, colour: Color = IVORY, *, angle: float = 0.0,
             blur: float = 0.0) -> pygame.Surface:
    """A die showing ``value`` (1-6), ``size`` pixels across, its body in ``colour``, turned
    ``angle`` degrees counter-clockwise, with a soft shadow below and to the right.

    ``blur`` (0..1) smears it along its spin (a die turning fast). The picture is square, of side
    ``picture_side(size)``, centred on the die; cached per 15 degrees and blur level. Read-only.
    """
    step = _step_of(angle, value)
    level = blur_level(blur)
    key = ("die", value, size, colour, step, level)
    return _pictures.get(key, lambda: _make_picture(value, size, colour, step, level))


def lay_resting_die(surface: pygame.Surface, value: int, size: int, colour: Color, centre: tuple[int, int]) -> pygame.Rect:
    """Paint a die lying still (upright, no blur) centred on ``centre``, as ``die_face`` would,
    as a picture that draws itself again at the window's scale: its pips are sharp at 4K
    (``scenes.engine.crisp``). Only the part of the picture with pixels is laid, so a neighbour painted
    over its clear corners does not make it fall back to the enlarged picture. For dice at rest;
    a throw in flight keeps the plain pictures (a new picture each frame would cost too much).
    Returns the area painted."""
    side = picture_side(size)
    box = _rest_box(size)
    topleft = (centre[0] - side // 2 + box.x, centre[1] - side // 2 + box.y)
    return surface.blit(resting_face(value, size, colour), topleft)


@lru_cache(maxsize=16)
def _rest_box(size: int) -> pygame.Rect:
    """Where a still die's picture of ``size`` has pixels (its body and shadow; any face and
    colour give the same outline)."""
    return die_face(1, size).get_bounding_rect()


def resting_face(value: int, size: int, colour: Color = IVORY) -> pygame.Surface:
    """The ``_rest_box`` of a still die's picture, drawing itself again at any zoom (cached)."""
    box = _rest_box(size)

    def redraw(zoom: float) -> pygame.Surface:
        picture = _make_picture(value, max(1, round(size * art.zoom_bucket(zoom))), colour, 0, 0)
        ratio = picture.get_width() / picture_side(size)
        part = pygame.Rect(round(box.x * ratio), round(box.y * ratio), round(box.width * ratio),
                           round(box.height * ratio)).clip(picture.get_rect())
        return picture.subsurface(part).copy()

    def make() -> pygame.Surface:
        picture = die_face(value, size, colour).subsurface(box)
        return crisp.art_image(picture, ("die", value, size, colour), redraw)

    return _pictures.get(("die-rest", value, size, colour), make)


def _make_picture(value: int, size: int, colour: Color, step: int, level: int) -> pygame.Surface:
    """Shadow, then the turned body (with faint copies either side of it when blurred)."""
    side = picture_side(size)
    picture = pygame.Surface((side, side), pygame.SRCALPHA)
    offset = (round(size * 0.05), round(size * 0.09))
    shadow = _shadow(size, step)
    picture.blit(shadow, shadow.get_rect(center=(side // 2 + offset[0], side // 2 + offset[1])))
    if level:
        for ghost in (-level, level):  # the spin smear: neighbours a few degrees away, faint
            image = _ghost(value, size, colour, step, ghost)
            picture.blit(image, image.get_rect(center=(side // 2, side // 2)))
    body = _turned(value, size, colour, step)
    picture.blit(body, body.get_rect(center=(side // 2, side // 2)))
    return picture


def _ghost(value: int, size: int, colour: Color, step: int, shift: int) -> pygame.Surface:
    """The body turned ``shift`` x 5 degrees off ``step``, translucent (for the spin smear)."""
    def make() -> pygame.Surface:
        body = die_body(value, size, colour)
        degrees = step * STEP_DEGREES + shift * 5
        image = pygame.transform.rotozoom(body, degrees, 1.0)
        image.fill((255, 255, 255, 80 if abs(shift) == 1 else 64), special_flags=pygame.BLEND_RGBA_MULT)
        return image

    return _turned_cache.get(("die-ghost", value, size, colour, step, shift), make)


def ground_shadow(size: int, height_step: int) -> pygame.Surface:
    """The blurred shadow a die lifted ``height_step`` (1-4) casts on the table: wider, fainter."""
    def make() -> pygame.Surface:
        side = picture_side(size) + height_step * 8
        small = max(8, side // 4)
        shape = pygame.Surface((small, small), pygame.SRCALPHA)
        radius = small * (0.26 + height_step * 0.015)
        pygame.draw.circle(shape, (20, 10, 4, max(40, 120 - height_step * 18)), (small / 2, small / 2), radius)
        shape = pygame.transform.gaussian_blur(shape, 2)
        return pygame.transform.smoothscale(shape, (side, side))

    return _pictures.get(("die-ground", size, height_step), make)


def prewarm_dice(size: int, colours: Sequence[Color] = (IVORY,), *, blur: bool = True) -> int:
    """Draw every picture a throw of dice of ``size`` in ``colours`` may need (call it behind a
    loading frame, not during a throw); returns how many pictures there are."""
    count = 0
    levels = range(BLUR_LEVELS) if blur else (0,)
    for colour in colours:
        for value in range(1, 7):
            for step in range(round(SYMMETRY[value] / STEP_DEGREES)):
                for level in levels:
                    die_face(value, size, (colour[0], colour[1], colour[2]), angle=step * STEP_DEGREES,
                             blur=level / (BLUR_LEVELS - 1))
                    count += 1
    for height_step in range(1, 5):
        ground_shadow(size, height_step)
    return count


def clear_caches() -> None:
    """Forget every die picture (a new display, tests, the last table closed)."""
    die_body.cache_clear()
    _turned_cache.clear()
    _pictures.clear()


cache.on_release(cache.TABLE, clear_caches)


def _one_colour(colours: Color | Sequence[Color]) -> TypeIs[Color]:
    """True for one colour (numbers), False for a sequence of colours."""
    return bool(colours) and isinstance(colours[0], int)


def painter(size: int, colours: Color | Sequence[Color] = IVORY) -> DiePicture:
    """A ``die_picture`` for ``DiceThrow.draw``: dice of ``size``, one colour for all, or one
    colour per die (a sequence of colours)."""
    per_die: tuple[Color, ...]
    if _one_colour(colours):
        per_die = ((colours[0], colours[1], colours[2]),)
    else:
        per_die = tuple((colour[0], colour[1], colour[2]) for colour in colours)

    def picture(index: int, face: int, angle: float, blur: float) -> pygame.Surface:
        return die_face(face, size, per_die[index % len(per_die)], angle=angle, blur=blur)

    return picture


# ----- the throw -------------------------------------------------------------------------------------
# Adjacent faces: a tumbling die can only roll onto one of the four faces around the one showing.
ADJACENT: dict[int, tuple[int, ...]] = {v: tuple(f for f in range(1, 7) if f not in (v, 7 - v)) for v in range(1, 7)}
SIM_STEP = 1 / 120  # seconds per simulated step
LOOKAHEAD = 2 * SIM_STEP  # the simulation runs this far ahead of the clock (a few steps a frame)
GRAVITY = 2600.0  # px/s^2, for the hops
GROUND_DRAG = 2.3  # 1/s: sliding friction (exponential)
AIR_DRAG = 0.25
WALL_BOUNCE = 0.55
DICE_BOUNCE = 0.7
HOP_BOUNCE = 0.42
MIN_FLIP_GAP = 0.04  # seconds between two face changes of a die (longer than a frame)


@dataclass(slots=True)
class _Body:
    """One die in the simulation (screen pixels, seconds, degrees)."""

    x: float
    y: float
    vx: float
    vy: float
    z: float
    vz: float
    angle: float
    spin: float
    inside: bool


class DiceThrow:
    """A throw of ``len(finals)`` dice from ``starts`` into ``area`` that lands on ``finals``.

    ``settle_at`` (optional) are the exact centres the dice come to rest on (else where the
    tumble takes them, kept apart and inside the area); ``obstacles`` are rectangles inside the
    area the dice bounce off. ``die_size`` is the side of a die in pixels. Everything random is
    drawn from ``rng`` (a private generator is seeded from it at once, so later use of ``rng`` by
    the caller changes nothing). Times in seconds; ``update(dt)`` advances the clock.
    """

    def __init__(self, area: pygame.Rect, starts: Sequence[tuple[float, float]], finals: Sequence[int],
                 rng: random.Random, *, settle_at: Sequence[tuple[float, float]] | None = None,
                 obstacles: Sequence[pygame.Rect] = (), die_size: int = 72) -> None:
        if len(starts) != len(finals):
            raise ValueError("one start per die")
        if settle_at is not None and len(settle_at) != len(finals):
            raise ValueError("one resting place per die")
        if any(face not in range(1, 7) for face in finals):
            raise ValueError(f"a die shows 1 to 6, not {tuple(finals)}")
        self.area = pygame.Rect(area)
        self.finals = tuple(int(face) for face in finals)
        self.die_size = die_size
        self.obstacles = tuple(pygame.Rect(rect) for rect in obstacles)
        self.settle_at = None if settle_at is None else [(float(x), float(y)) for x, y in settle_at]
        self._rng = random.Random(rng.getrandbits(64))
        self.duration = self._rng.uniform(1.15, 1.5)
        self.glide_from = self.duration * 0.74  # from here a smooth curve takes each die to rest
        self.time = 0.0
        self.half = die_size * 0.71  # half a diagonal: inside the bounds a die is inside at any turn
        self.radius = die_size * 0.6  # how close two centres come in a collision
        self._bodies = [self._launch(start) for start in starts]
        self._frames: list[list[tuple[float, float, float, float]]] = [self._snapshot()]
        self._hits: list[tuple[float, float]] = []  # (time, strength 0..1)
        self._hits_given = 0
        self._rest: list[tuple[float, float, float]] | None = None
        self._glide_start: list[tuple[float, float, float, float, float, float]] = []
        self._flips = [self._plan_faces(final) for final in self.finals]
        self._arity: dict[DiePicture, int] = {}
        self._simulate_until(min(self.glide_from, LOOKAHEAD))

    # ----- planning --------------------------------------------------------------------------------
    def _bounds(self) -> tuple[float, float, float, float]:
        """Where a die's centre may be once inside: the area less half a die's diagonal."""
        return (self.area.left + self.half, self.area.top + self.half,
                self.area.right - self.half, self.area.bottom - self.half)

    def _launch(self, start: tuple[float, float]) -> _Body:
        """A die leaving ``start`` toward a random spot in the area's middle, fast enough to
        slide past it (and maybe bounce back), with a hop and a spin."""
        rng = self._rng
        left, top, right, bottom = self._bounds()
        aim_x = rng.uniform(left + (right - left) * 0.2, right - (right - left) * 0.2)
        aim_y = rng.uniform(top + (bottom - top) * 0.2, bottom - (bottom - top) * 0.2)
        dx, dy = aim_x - start[0], aim_y - start[1]
        distance = max(60.0, math.hypot(dx, dy))
        speed = distance * GROUND_DRAG * rng.uniform(1.15, 1.5) + 150.0
        heading = math.atan2(dy, dx) + rng.uniform(-0.18, 0.18)
        inside = left <= start[0] <= right and top <= start[1] <= bottom
        return _Body(float(start[0]), float(start[1]), speed * math.cos(heading), speed * math.sin(heading),
                     rng.uniform(30.0, 70.0), rng.uniform(250.0, 480.0), rng.uniform(0.0, 360.0),
                     rng.choice((-1, 1)) * rng.uniform(600.0, 1200.0), inside)

    def _plan_faces(self, final: int) -> tuple[list[float], list[int]]:
        """When the face changes and what it shows: quick at first, slower as the die slows,
        the last change (to ``final``) well before the glide; planned backward from ``final`` so
        each change is a roll onto a neighbouring face."""
        rng = self._rng
        count = rng.randint(6, 9)
        last = self.glide_from * rng.uniform(0.62, 0.78)
        times: list[float] = []
        for k in range(1, count + 1):  # the gaps grow as the die slows; never two changes in one frame
            when = 0.03 + (last - 0.03) * (k / count) ** 1.5
            times.append(max(when, times[-1] + MIN_FLIP_GAP) if times else when)
        faces = [final]
        for _ in range(count):
            faces.append(rng.choice(ADJACENT[faces[-1]]))
        faces.reverse()  # faces[0] shows first, faces[k] from times[k-1] on, faces[-1] == final
        return times, faces

    # ----- the simulation ----------------------------------------------------------------------------
    def _snapshot(self) -> list[tuple[float, float, float, float]]:
        """Every die's (x, y, height, angle) now."""
        return [(body.x, body.y, body.z, body.angle) for body in self._bodies]

    def _simulate_until(self, until: float) -> None:
        """Run the fixed steps up to ``until`` (never past the glide), then plan the glide once."""
        steps = min(round(until / SIM_STEP), round(self.glide_from / SIM_STEP))
        while len(self._frames) - 1 < steps:
            self._step((len(self._frames) - 1) * SIM_STEP)
            self._frames.append(self._snapshot())
        if self._rest is None and len(self._frames) - 1 >= round(self.glide_from / SIM_STEP):
            self._plan_rest()

    def _step(self, now: float) -> None:
        """One step: guidance, drag, hops, moves, then collisions."""
        h = SIM_STEP
        # the dice are made to slow down for good as the glide comes near
        ramp = max(0.0, (now - self.glide_from * 0.45) / (self.glide_from * 0.55))
        for index, body in enumerate(self._bodies):
            self._steer(body, index, now, h)
            drag = (GROUND_DRAG if body.z <= 0.0 else AIR_DRAG) + 6.0 * ramp * ramp
            decay = math.exp(-drag * h)
            body.vx *= decay
            body.vy *= decay
            body.spin *= math.exp(-(1.6 + 6.0 * ramp * ramp) * h)
            self._hop(body, now, h, ramp)
            body.x += body.vx * h
            body.y += body.vy * h
            body.angle += body.spin * h
            self._walls(body, now)
        self._collide(now)

    def _steer(self, body: _Body, index: int, now: float, h: float) -> None:
        """With resting places given, a spring that grows from mid-throw pulls each die there."""
        if self.settle_at is None:
            return
        pull = max(0.0, (now - self.glide_from * 0.35) / (self.glide_from * 0.65))
        if pull <= 0.0:
            return
        target_x, target_y = self.settle_at[index]
        stiffness = 40.0 * pull
        body.vx += (target_x - body.x) * stiffness * h
        body.vy += (target_y - body.y) * stiffness * h

    def _hop(self, body: _Body, now: float, h: float, ramp: float) -> None:
        """Fall under gravity; on landing bounce lower, lose some slide and get a spin kick."""
        if body.z <= 0.0 and body.vz <= 0.0:
            body.z, body.vz = 0.0, 0.0
            return
        body.vz -= GRAVITY * (1.0 + 3.0 * ramp) * h
        body.z += body.vz * h
        if body.z <= 0.0:
            impact = -body.vz
            body.z = 0.0
            body.vz = impact * HOP_BOUNCE if impact > 160.0 else 0.0
            body.vx *= 0.9
            body.vy *= 0.9
            body.spin = body.spin * 0.75 + self._rng.uniform(-260.0, 260.0)
            self._hit(now, impact / 900.0)

    def _walls(self, body: _Body, now: float) -> None:
        """Bounce off the area's edges (once the die is in) and off the obstacles."""
        left, top, right, bottom = self._bounds()
        if not body.inside:
            body.inside = left <= body.x <= right and top <= body.y <= bottom
            if not body.inside:
                return
        for limit, axis, sign in ((left, "x", 1), (right, "x", -1), (top, "y", 1), (bottom, "y", -1)):
            position = getattr(body, axis)
            if (position - limit) * sign < 0.0:
                setattr(body, axis, limit)
                velocity = "vx" if axis == "x" else "vy"
                speed = getattr(body, velocity)
                if speed * sign < 0.0:
                    setattr(body, velocity, -speed * WALL_BOUNCE)
                    body.spin += speed * 0.6 * (1 if axis == "x" else -1)
                    self._hit(now, abs(speed) / 1400.0)
        for rect in self.obstacles:
            self._obstacle(body, rect, now)

    def _obstacle(self, body: _Body, rect: pygame.Rect, now: float) -> None:
        """Push a die out of ``rect`` (grown by half a die) along the shallow side, bouncing."""
        grown = (rect.left - self.half, rect.top - self.half, rect.right + self.half, rect.bottom + self.half)
        if not (grown[0] < body.x < grown[2] and grown[1] < body.y < grown[3]):
            return
        exits = ((body.x - grown[0], "x", grown[0], -1), (grown[2] - body.x, "x", grown[2], 1),
                 (body.y - grown[1], "y", grown[1], -1), (grown[3] - body.y, "y", grown[3], 1))
        _, axis, limit, sign = min(exits, key=lambda item: item[0])
        setattr(body, axis, limit)
        velocity = "vx" if axis == "x" else "vy"
        speed = getattr(body, velocity)
        if speed * sign < 0.0:
            setattr(body, velocity, -speed * WALL_BOUNCE)
            self._hit(now, abs(speed) / 1400.0)

    def _collide(self, now: float) -> None:
        """Dice that touch push apart and trade speed along the line between them; the glancing
        part of the blow sets them spinning."""
        bodies = self._bodies
        reach = self.radius * 2.0
        for i in range(len(bodies)):
            a = bodies[i]
            if not a.inside:  # still flying in from the hand: dice only meet on the table
                continue
            for j in range(i + 1, len(bodies)):
                b = bodies[j]
                if not b.inside:
                    continue
                dx, dy = b.x - a.x, b.y - a.y
                if abs(dx) >= reach or abs(dy) >= reach:
                    continue
                distance = math.hypot(dx, dy)
                if distance >= reach:
                    continue
                if distance < 1e-6:
                    dx, dy, distance = 1.0, 0.0, 1.0
                nx, ny = dx / distance, dy / distance
                push = (reach - distance) / 2.0
                a.x -= nx * push
                a.y -= ny * push
                b.x += nx * push
                b.y += ny * push
                closing = (a.vx - b.vx) * nx + (a.vy - b.vy) * ny
                if closing <= 0.0:
                    continue
                impulse = closing * (1.0 + DICE_BOUNCE) / 2.0
                a.vx -= impulse * nx
                a.vy -= impulse * ny
                b.vx += impulse * nx
                b.vy += impulse * ny
                glancing = (a.vx - b.vx) * -ny + (a.vy - b.vy) * nx
                a.spin += glancing * 0.5
                b.spin -= glancing * 0.5
                self._hit(now, closing / 1200.0)

    def _hit(self, now: float, strength: float) -> None:
        """Remember a knock loud enough to hear (for a click sound)."""
        if strength > 0.08:
            self._hits.append((now, min(1.0, strength)))

    # ----- the rest pose and the glide ----------------------------------------------------------------
    def _plan_rest(self) -> None:
        """Where each die ends: at its place if given, else a little past where it slides,
        inside the area and apart from the others; square to the table give or take 15 degrees."""
        self._glide_start = [(b.x, b.y, b.angle, b.vx, b.vy, b.spin) for b in self._bodies]
        coast = 0.16  # how far the remaining speed carries a die during the glide (s)
        if self.settle_at is not None:
            places = list(self.settle_at)
        else:
            left, top, right, bottom = self._bounds()
            places = [(min(right, max(left, b.x + b.vx * coast)), min(bottom, max(top, b.y + b.vy * coast)))
                      for b in self._bodies]
        angles = []
        for body in self._bodies:
            ahead = body.angle + body.spin * coast
            tilt = self._rng.choice((-STEP_DEGREES, 0.0, 0.0, STEP_DEGREES))
            angles.append(round(ahead / 90.0) * 90.0 + tilt)
        if self.settle_at is None:
            places = self._keep_apart(places, angles)  # apart, in bounds, off the obstacles
        self._rest = [(x, y, angle) for (x, y), angle in zip(places, angles)]

    def _keep_apart(self, places: list[tuple[float, float]], angles: list[float]) -> list[tuple[float, float]]:
        """Nudge resting dice until no two overlap (as turned squares) and all stay in bounds."""
        left, top, right, bottom = self._bounds()
        points = [list(place) for place in places]
        for _ in range(80):
            moved = False
            for i in range(len(points)):
                for j in range(i + 1, len(points)):
                    if not squares_overlap(points[i], angles[i], points[j], angles[j], self.die_size * 1.06):
                        continue
                    dx, dy = points[j][0] - points[i][0], points[j][1] - points[i][1]
                    distance = math.hypot(dx, dy)
                    if distance < 1e-6:
                        dx, dy, distance = 1.0, 0.3, math.hypot(1.0, 0.3)
                    step = self.die_size * 0.08
                    for point, sign in ((points[i], -1), (points[j], 1)):
                        point[0] = min(right, max(left, point[0] + sign * dx / distance * step))
                        point[1] = min(bottom, max(top, point[1] + sign * dy / distance * step))
                    moved = True
            for point in points:
                moved = self._out_of_obstacles(point) or moved
            if not moved:
                break
        return [(x, y) for x, y in points]

    def _out_of_obstacles(self, point: list[float]) -> bool:
        """Move a resting place out of any obstacle (to its nearest side); True if it moved."""
        moved = False
        left, top, right, bottom = self._bounds()
        for rect in self.obstacles:
            grown = (rect.left - self.half, rect.top - self.half, rect.right + self.half, rect.bottom + self.half)
            if not (grown[0] < point[0] < grown[2] and grown[1] < point[1] < grown[3]):
                continue
            exits = [(point[0] - grown[0], 0, grown[0]), (grown[2] - point[0], 0, grown[2]),
                     (point[1] - grown[1], 1, grown[1]), (grown[3] - point[1], 1, grown[3])]
            inside = [item for item in exits if (left <= item[2] <= right if item[1] == 0 else top <= item[2] <= bottom)]
            _, axis, limit = min(inside or exits, key=lambda item: item[0])
            point[axis] = limit
            moved = True
        return moved

    # ----- the clock ------------------------------------------------------------------------------------
    @property
    def done(self) -> bool:
        """True once every die is at rest on its final face."""
        return self.time >= self.duration

    def update(self, dt: float) -> None:
        """Advance the clock by ``dt`` seconds (the simulation follows a little ahead)."""
        self.time = min(self.duration, self.time + max(0.0, dt))
        self._simulate_until(self.time + LOOKAHEAD)

    def finish(self) -> None:
        """Jump to the end: every die at rest on its final face."""
        self._simulate_until(self.glide_from)
        self.time = self.duration

    def take_hits(self) -> list[float]:
        """The knocks (strength 0..1) that happened since the last call, for click sounds."""
        due = [strength for when, strength in self._hits[self._hits_given:] if when <= self.time]
        self._hits_given += len(due)
        return due

    def positions(self) -> list[tuple[float, float, float]]:
        """Each die's (x, y, angle in degrees counter-clockwise) on the table now; ``heights()``
        says how far above that spot it is."""
        return [(x, y, angle) for x, y, _, angle in self._poses()]

    def heights(self) -> list[float]:
        """How high each die is above the table now (pixels; 0 when it lies on it)."""
        return [z for _, _, z, _ in self._poses()]

    def faces(self) -> list[int]:
        """The face each die shows now."""
        shown = []
        for times, faces in self._flips:
            changes = 0
            while changes < len(times) and times[changes] <= self.time:
                changes += 1
            shown.append(faces[changes])
        return shown

    def spins(self) -> list[float]:
        """How fast each die turns now (degrees per second), for a blur."""
        if self.time >= self.glide_from:
            return [0.0 for _ in self._bodies]
        frame = min(len(self._frames) - 2, int(self.time / SIM_STEP))
        if frame < 0:
            return [0.0 for _ in self._bodies]
        now, after = self._frames[frame], self._frames[frame + 1]
        return [abs(b[3] - a[3]) / SIM_STEP for a, b in zip(now, after)]

    def _poses(self) -> list[tuple[float, float, float, float]]:
        """(x, y, height, angle) per die at the clock: simulated frames, then the glide."""
        if self.time >= self.glide_from:
            self._simulate_until(self.glide_from)
            return self._glide(min(1.0, (self.time - self.glide_from) / (self.duration - self.glide_from)))
        self._simulate_until(self.time + SIM_STEP)
        position = self.time / SIM_STEP
        frame = min(int(position), len(self._frames) - 2)
        fraction = position - frame
        now, after = self._frames[frame], self._frames[frame + 1]
        return [(a[0] + (b[0] - a[0]) * fraction, a[1] + (b[1] - a[1]) * fraction,
                 a[2] + (b[2] - a[2]) * fraction, a[3] + (b[3] - a[3]) * fraction) for a, b in zip(now, after)]

    def _glide(self, s: float) -> list[tuple[float, float, float, float]]:
        """The last stretch: a cubic from each die's simulated pose and speed to its rest pose
        (speed 0 there), so nothing jumps; clamped to the bounds."""
        assert self._rest is not None
        span = self.duration - self.glide_from
        h00, h10, h01 = 2 * s ** 3 - 3 * s ** 2 + 1, s ** 3 - 2 * s ** 2 + s, -2 * s ** 3 + 3 * s ** 2
        left, top, right, bottom = self._bounds()
        frame = self._frames[-1]
        poses = []
        for (x0, y0, a0, vx, vy, spin), (x1, y1, a1), (_, _, z0, _) in zip(self._glide_start, self._rest, frame):
            x = h00 * x0 + h10 * span * vx + h01 * x1
            y = h00 * y0 + h10 * span * vy + h01 * y1
            angle = h00 * a0 + h10 * span * spin + h01 * a1
            if self.settle_at is None:
                x, y = min(right, max(left, x)), min(bottom, max(top, y))
            poses.append((x, y, z0 * (1.0 - s) ** 2, angle))
        return poses

    # ----- drawing -----------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, die_picture: DiePicture | None = None) -> list[pygame.Rect]:
        """Paint the dice now, the lowest first (a lifted die casts a ground shadow); returns
        the rectangles painted. ``die_picture(face, angle, blur)`` or ``die_picture(index, face,
        angle, blur)`` gives a die's picture (see ``painter``); by default ivory dice."""
        picture = die_picture or painter(self.die_size)
        takes_index = self._takes_index(picture)
        poses = self._poses()
        faces = self.faces()
        spins = self.spins()
        painted: list[pygame.Rect] = []
        order = sorted(range(len(poses)), key=lambda index: poses[index][2])
        for index in order:
            x, y, z, angle = poses[index]
            if z > 2.0:
                shadow = ground_shadow(self.die_size, min(4, 1 + int(z / 22)))
                painted.append(surface.blit(shadow, shadow.get_rect(center=(round(x + z * 0.35), round(y + z * 0.2)))))
            blur = min(1.0, max(0.0, (spins[index] - 500.0) / 900.0))
            args = (index, faces[index], angle, blur) if takes_index else (faces[index], angle, blur)
            image = picture(*args)
            painted.append(surface.blit(image, image.get_rect(center=(round(x), round(y - z)))))
        return painted

    def _takes_index(self, picture: DiePicture) -> bool:
        """True when ``picture`` takes a die index first (four parameters), remembered per callable."""
        key = picture  # the callable itself (an id could be reused once a painter is gone)
        if key not in self._arity:
            try:
                parameters = inspect.signature(picture).parameters.values()
                positional = [p for p in parameters if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
                self._arity[key] = len(positional)
            except (TypeError, ValueError):
                self._arity[key] = 3
        return self._arity[key] >= 4

def squares_overlap(a: Sequence[float], angle_a: float, b: Sequence[float], angle_b: float, side: float) -> bool:
    """True when two squares of ``side`` centred on ``a`` and ``b``, turned by the given angles
    (degrees), overlap (separating-axis test)."""
    def corners(centre: Sequence[float], angle: float) -> list[tuple[float, float]]:
        radians = math.radians(angle)
        cos, sin = math.cos(radians), math.sin(radians)
        half = side / 2
        return [(centre[0] + cx * half * cos + cy * half * sin, centre[1] - cx * half * sin + cy * half * cos)
                for cx, cy in ((-1, -1), (1, -1), (1, 1), (-1, 1))]

    first, second = corners(a, angle_a), corners(b, angle_b)
    for shape in (first, second):
        for k in range(4):
            x0, y0 = shape[k]
            x1, y1 = shape[(k + 1) % 4]
            axis = (y0 - y1, x1 - x0)
            low_a = min(axis[0] * x + axis[1] * y for x, y in first)
            high_a = max(axis[0] * x + axis[1] * y for x, y in first)
            low_b = min(axis[0] * x + axis[1] * y for x, y in second)
            high_b = max(axis[0] * x + axis[1] * y for x, y in second)
            if high_a <= low_b or high_b <= low_a:
                return False
    return True


# ----- a benchmark ---------------------------------------------------------------------------------------
def benchmark(dice: int = 8, throws: int = 30, size: int = 72, seed: int = 1) -> dict[str, float]:
    """Frame times (ms) of throws on a full 1920x1080 screen, the way a table draws them: restore
    last frame's rectangles from a still picture, update, draw. Pictures are prewarmed first."""
    import time

    screen = pygame.display.get_surface()
    if not screen:
        screen = pygame.display.set_mode((1920, 1080))
    still = art.table_surface((1920, 1080), (200, 120, 1520, 840))
    colours = [theme.SEAT_COLORS[k % 4] for k in range(dice)]
    started = time.perf_counter()
    prewarm_dice(size, [IVORY, *theme.SEAT_COLORS[:4]])
    prewarm_ms = (time.perf_counter() - started) * 1000
    rng = random.Random(seed)
    frames: list[float] = []
    cpu: list[float] = []  # the thread's own time: the same frames without other programs' turns
    builds: list[float] = []
    area = pygame.Rect(560, 300, 800, 480)
    picture = painter(size, colours)
    for _ in range(throws):
        screen.blit(still, (0, 0))
        starts = [(960 + rng.uniform(-300, 300), 1040.0) for _ in range(dice)]
        finals = [rng.randint(1, 6) for _ in range(dice)]
        begun = time.perf_counter()
        throw = DiceThrow(area, starts, finals, rng, die_size=size)
        builds.append((time.perf_counter() - begun) * 1000)
        painted: list[pygame.Rect] = []
        while not throw.done:
            begun, begun_cpu = time.perf_counter(), time.thread_time()
            for rect in painted:
                screen.blit(still, rect, rect)
            throw.update(1 / 60)
            painted = throw.draw(screen, picture)
            frames.append((time.perf_counter() - begun) * 1000)
            cpu.append((time.thread_time() - begun_cpu) * 1000)
    frames.sort()
    cpu.sort()
    return {"frames": len(frames), "prewarm_ms": prewarm_ms, "build_ms_max": max(builds),
            "mean_ms": sum(frames) / len(frames), "p50_ms": frames[len(frames) // 2],
            "p99_ms": frames[min(len(frames) - 1, int(len(frames) * 0.99))], "max_ms": frames[-1],
            "cpu_p99_ms": cpu[min(len(cpu) - 1, int(len(cpu) * 0.99))], "cpu_max_ms": cpu[-1]}


if __name__ == "__main__":  # pragma: no cover - a measurement, not a test
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    pygame.init()
    for count in (2, 8):
        result = benchmark(dice=count)
        print(f"{count} dice: " + ", ".join(f"{key} {value:.2f}" for key, value in result.items()))
