"""Where things are on the neko table (see ``scenes.table.spots`` for the three questions).

Named spots: "hand" (the viewer's fan), "cat" (the cat token, when it is on the table),
"stack0".."stack3" (the field stacks by position), "deck" (the undealt pile), "score" (the
score board), "pass" (the Pass button)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

import pygame

from game.rules.neko import NekoAction
from scenes.table import art
from scenes.table.spots import Point, around, centre, regions, visible_point

if TYPE_CHECKING:
    from scenes.neko.scene import NekoTable


def target_position(scene: NekoTable, action: NekoAction) -> int:
    """The stack an action goes to (a base card goes to the seat's own place)."""
    if action.kind == "base":
        return scene.observation().setup_queue[0]
    return action.position


def _card_index(scene: NekoTable, value: int) -> int:
    """The first card of the viewer's fan that shows ``value``."""
    return next(index for index, card in enumerate(scene.hand.cards) if card.value == value)


def action_spots(scene: NekoTable, action: NekoAction) -> list[pygame.Rect]:
    """The hand card and its stack, or the Pass button."""
    if action.kind == "pass":
        return [pygame.Rect(scene.pass_button.rect)]
    card = scene.hand.cards[_card_index(scene, action.card)]
    return [card.rect(), scene.stacks[target_position(scene, action)].rect()]


def named_spots(scene: NekoTable) -> dict[str, pygame.Rect]:
    """The named places of the neko table (see the module docstring)."""
    spots = regions(scene, {"score": "board"})
    cards = [card.rect() for card in scene.hand.cards]
    if cards:
        spots["hand"] = cards[0].unionall(cards[1:])
    if scene.cat_position >= 0:
        spots["cat"] = around(scene.cat.pos, (art.TOKEN_DIAMETER, art.TOKEN_DIAMETER))
    for position, stack in enumerate(scene.stacks):
        spots[f"stack{position}"] = stack.rect()
    spots["deck"] = around(scene.geometry.deck, art.CARD_SIZE)
    spots["pass"] = pygame.Rect(scene.pass_button.rect)
    return spots


def taps(scene: NekoTable, action: NekoAction) -> Iterator[Point]:
    """Tap the card, then its stack; or tap Pass."""
    if action.kind == "pass":
        yield centre(scene.pass_button.rect)
        return
    yield visible_point(scene.hand, _card_index(scene, action.card))
    yield centre(scene.stacks[target_position(scene, action)].rect())
