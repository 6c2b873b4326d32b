"""That Old Wallpaper's moving pieces: ``Piece``, anything that moves on the table (a wallpaper
card, a number card, a memory token, a hazy card), drawn from cached pictures with a soft shadow.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

import pygame

from scenes.table import art
from scenes.table.pieces import nothing
from scenes.wallpaper.art import DIM_AMOUNT, shadow_of
from scenes.wallpaper.layout import Point


class Piece:
    """Anything that moves on this table: a wallpaper card, a number card, a token, a hazy card.

    ``face`` (and ``back``, for pieces that turn over) make the picture at scale 1; ``flip`` 0 shows
    the back, 1 the face, squeezed in between. ``fly()`` of the base tweens pos, angle, lift,
    flip and scale.
    """

    def __init__(self, key: Any, face: Callable[[], pygame.Surface], pos: Point, *,
                 back: Callable[[], pygame.Surface] | None = None, angle: float = 0.0, scale: float = 1.0,
                 face_up: bool = True, seat: int = -1, value: int = 0) -> None:
        self.key = key
        self.face = face
        self.back = back
        self.pos: Point = pos
        self.angle = angle
        self.scale = scale
        self.flip = 1.0 if face_up or back is None else 0.0
        self.lift = 0.0
        self.quick = False
        self.visible = True
        self.seat = seat
        self.value = value
        self.dim = False

    @property
    def face_up(self) -> bool:
        """True when the face is what shows now."""
        return self.back is None or self.flip >= 0.5

    def picture(self) -> pygame.Surface:
        """The picture as drawn now (cached per bucket by ``art.transformed``)."""
        face_up = self.face_up
        base = self.back() if self.back is not None and not face_up else self.face()  # face down: there is a back
        squeeze = abs(math.cos(math.pi * self.flip)) if self.back is not None else 1.0
        scale = self.scale * (1.0 + 0.07 * self.lift)
        key = (self.key, face_up, self.dim)
        if self.dim:
            base = art.darkened(("wp-dim", self.key, face_up), base, DIM_AMOUNT)  # stays sharp at 4K
        return art.transformed(key, base, scale, max(0.05, squeeze), self.angle, self.quick)

    def draw(self, surface: pygame.Surface) -> pygame.Rect:
        """Shadow then picture; returns the area painted."""
        if not self.visible or self.scale <= 0.01:
            return nothing(self.pos)
        image = self.picture()
        centre = (round(self.pos[0]), round(self.pos[1]))
        shadow = shadow_of(image)
        drop = 4 + round(16 * self.lift)
        painted = surface.blit(shadow, shadow.get_rect(center=(centre[0] + drop // 2, centre[1] + drop)))
        return painted.union(surface.blit(image, image.get_rect(center=centre)))

    def rect(self) -> pygame.Rect:
        """The unturned picture's rectangle at rest."""
        base = self.face()
        width, height = base.get_width() * self.scale, base.get_height() * self.scale
        return pygame.Rect(round(self.pos[0] - width / 2), round(self.pos[1] - height / 2), round(width),
                           round(height))

    def contains(self, point: Sequence[float]) -> bool:
        """True when ``point`` lies on the piece."""
        return self.visible and self.rect().collidepoint(point)
