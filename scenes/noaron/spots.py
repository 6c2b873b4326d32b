"""Where things are on the Noaron table (see ``scenes.table.spots`` for the three questions).

Named spots: "hand" (the bottom row), "deck", "my_piles" and "their_piles" (each seat's two
discard piles), "score" (the score card left of the hand), "stakes" (the viewer's stake cards),
"declare" and "end" (the two buttons)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

import pygame

from game.rules.noaron import DECLARE, HAND_SIZE, LEFT, RIGHT, SOURCE_DECK, SOURCE_MINE, NoaronAction
from scenes.table.spots import Point, centre, part_region, regions

if TYPE_CHECKING:
    from scenes.noaron.scene import NoaronTable


def _source_seat(scene: NoaronTable, source: str) -> int:
    """Whose piles a take from ``source`` ("mine" / "theirs") reads."""
    return scene.bottom if source == SOURCE_MINE else 1 - scene.bottom


def _piles(scene: NoaronTable, seat: int) -> pygame.Rect:
    """The area of a seat's two discard piles."""
    left = part_region(scene, f"pile{seat}{LEFT}") or pygame.Rect(0, 0, 0, 0)
    right = part_region(scene, f"pile{seat}{RIGHT}") or left
    return left.union(right)


def _block(scene: NoaronTable, choice: int) -> pygame.Rect:
    """The two-slot block ``choice`` of the bottom row (a pair to discard, or a gap's place)."""
    row = scene.hand
    left, right = row.slot_x(choice, HAND_SIZE), row.slot_x(choice + 1, HAND_SIZE)
    width = abs(right - left) + row.step
    rect = pygame.Rect(0, 0, round(width), round(row.step * 1.5))
    rect.center = (round((left + right) / 2), round(row.centre[1]))
    return rect


def _button(scene: NoaronTable, action: NoaronAction) -> pygame.Rect:
    """The Declare or End turn button."""
    return pygame.Rect((scene.declare_button if action == DECLARE else scene.end_button).rect)


def action_spots(scene: NoaronTable, action: NoaronAction) -> list[pygame.Rect]:
    """The source of a take, the block of a discard or an insert, or the button of a decision."""
    if action.kind == "take":
        if action.source == SOURCE_DECK:
            return [part_region(scene, "deck") or pygame.Rect(0, 0, 0, 0)]
        return [_piles(scene, _source_seat(scene, action.source))]
    if action.kind in ("discard", "insert"):
        return [_block(scene, action.index)]
    return [_button(scene, action)]


def named_spots(scene: NoaronTable) -> dict[str, pygame.Rect]:
    """The named places of the Noaron table (see the module docstring)."""
    spots = regions(scene, {"deck": "deck", "stakes": f"stakes{scene.bottom}"})
    if scene.hand.cards:
        spots["hand"] = scene.hand.span(0, len(scene.hand.cards))
    spots["my_piles"] = _piles(scene, scene.bottom)
    spots["their_piles"] = _piles(scene, 1 - scene.bottom)
    spots["score"] = pygame.Rect(scene.geometry.score_card())
    spots["declare"] = pygame.Rect(scene.declare_button.rect)
    spots["end"] = pygame.Rect(scene.end_button.rect)
    return spots


def taps(scene: NoaronTable, action: NoaronAction) -> Iterator[Point]:
    """Tap the source; tap a block twice (a first tap only chooses it); tap the button."""
    if action.kind == "take":
        if action.source == SOURCE_DECK:
            x, y = scene.geometry.deck
        else:
            x, y = scene.pile_centre(_source_seat(scene, action.source), LEFT)
        yield round(x), round(y)
    elif action.kind in ("discard", "insert"):
        point = centre(_block(scene, action.index))
        yield point
        yield point
    else:
        yield centre(_button(scene, action))
