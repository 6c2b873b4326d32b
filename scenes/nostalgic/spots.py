"""Where things are on the Nostalgic table (see ``scenes.table.spots`` for the three questions).

Named spots: "tray" (the viewer's dice), "board" (the balloons), "tidy", "pack" and "recall"
(the three spaces: the union of their balloons), "cards" (the face-up cards and the deck),
"hand" (the viewer's cards), "score" (the NP track), "boxes" (the box track), "reroll" (the
Reroll button), "round" (the round card and the info line)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

import pygame

from game.rules.nostalgic import BOARD, DECK_SOURCE, FACE_UP, NostalgicAction
from scenes.table.spots import Point, around, centre, regions

if TYPE_CHECKING:
    from scenes.nostalgic import NostalgicTable


def _die(scene: NostalgicTable, die: int) -> pygame.Rect:
    """Where one of the viewer's dice lies in the tray."""
    geometry = scene.geometry
    count = len(scene.shown.dice[scene.viewer])
    size = geometry.die_size(scene.viewer)
    return around(geometry.tray_slot(scene.viewer, die, count), (size, size))


def _source(scene: NostalgicTable, source: int) -> pygame.Rect:
    """A face-up card's slot, or the deck."""
    geometry = scene.geometry
    return pygame.Rect(geometry.deck_rect() if source == DECK_SOURCE else geometry.slot_rect(source))


def action_spots(scene: NostalgicTable, action: NostalgicAction) -> list[pygame.Rect]:
    """A die and its balloon; the dice to throw again and the Reroll button; a card to take."""
    if action.kind == "place":
        return [_die(scene, action.die), pygame.Rect(scene.geometry.balloon_rect(action.balloon))]
    if action.kind == "reroll":
        return [_die(scene, die) for die in action.dice] + [pygame.Rect(scene.reroll_button.rect)]
    return [_source(scene, action.source)]


def named_spots(scene: NostalgicTable) -> dict[str, pygame.Rect]:
    """The named places of the Nostalgic table (see the module docstring)."""
    geometry = scene.geometry
    viewer = scene.viewer
    spots = regions(scene, {"board": "board", "hand": f"hand:{viewer}", "score": f"np:{viewer}",
                            "boxes": f"box:{viewer}", "round": "info"})
    spots["tray"] = pygame.Rect(geometry.tray_rect(viewer))
    for space in ("tidy", "pack", "recall"):
        rects = [geometry.balloon_rect(balloon.id) for balloon in BOARD if balloon.space == space]
        spots[space] = pygame.Rect(rects[0]).unionall(rects[1:])
    cards = [geometry.slot_rect(slot) for slot in range(FACE_UP)]
    spots["cards"] = pygame.Rect(geometry.deck_rect()).unionall(cards)
    spots["reroll"] = pygame.Rect(scene.reroll_button.rect)
    return spots


def taps(scene: NostalgicTable, action: NostalgicAction) -> Iterator[Point]:
    """Tap the die then its balloon; tap the dice then Reroll; tap the card to take."""
    for spot in action_spots(scene, action):
        yield centre(spot)
