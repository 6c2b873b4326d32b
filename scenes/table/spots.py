"""Shared helpers of the per-game ``scenes/<game>/spots.py`` modules: "where is this on the table".

Every game's ``spots`` module answers three questions about its table scene, in screen
coordinates of the logical 1920x1080 canvas:

- ``action_spots(scene, action) -> list[pygame.Rect]``: the pieces and the targets an action
  involves, in the order a person touches them (the card, then the stack it goes on); an overlay
  glows them (the tutorial, the Hint button);
- ``named_spots(scene) -> dict[str, pygame.Rect]``: places a caption may point at by name
  ("hand", "deck", "score", ...); every game names at least "hand" and "score";
- ``taps(scene, action) -> Iterator[Point]``: the points a person taps, one after another, to do
  the action with the pointer (a generator: it reads the table again after each tap, so a point
  may depend on what the previous tap did). Synthetic input (``python -m game tutorial --check``,
  the tests) plays actions through it.

The helpers here turn the table's own parts into rectangles.
"""

from __future__ import annotations

from typing import Any

import pygame

Point = tuple[int, int]


def around(point: tuple[float, float], size: tuple[int, int]) -> pygame.Rect:
    """A rectangle of ``size`` centred on ``point``."""
    rect = pygame.Rect(0, 0, *size)
    rect.center = (round(point[0]), round(point[1]))
    return rect


def part_region(scene: Any, name: str) -> pygame.Rect | None:
    """The area a still part of the table (see ``TableScene.still_parts``) covers now, or None
    when the table has no part of that name."""
    part = scene.still_parts().get(name)
    return None if part is None else pygame.Rect(part.region)


def centre(rect: pygame.Rect) -> Point:
    """The middle of ``rect`` as a tap point."""
    return rect.centerx, rect.centery


def regions(scene: Any, names: dict[str, str]) -> dict[str, pygame.Rect]:
    """``{spot name: still part name}`` -> ``{spot name: its area}`` (parts that are absent or
    empty now are left out)."""
    spots: dict[str, pygame.Rect] = {}
    for spot, part in names.items():
        region = part_region(scene, part)
        if region is not None and region.width > 0 and region.height > 0:
            spots[spot] = region
    return spots


def visible_point(fan: Any, index: int) -> Point:
    """A point where card ``index`` of a hand ``fan`` (anything with ``cards`` and ``card_at``)
    is the card the pointer picks: its centre when no neighbour covers it, else the nearest
    uncovered point on its visible strip."""
    sprite = fan.cards[index]
    x, y = round(sprite.pos[0]), round(sprite.pos[1])
    for dy in (0, -20, 20):
        for step in range(0, 60, 4):
            for dx in (-step, step):
                if fan.card_at((x + dx, y + dy)) == index:
                    return x + dx, y + dy
    return x, y
