"""NEW & OLD's help pictures: what of the table they show and how a card is held."""

from __future__ import annotations

import pygame

from game.examples import MoveExample
from scenes.newold.scene import NewOldTable

SETUP_AREA = (0, 0, 1920, 1080)  # the whole table: hands, zones, plates and the box
MOVE_AREA = (480, 300, 990, 780)  # the two zones and the hand below them


def hold(scene: NewOldTable, example: MoveExample, legal: bool) -> pygame.Rect:
    """Raise the example's card in the hand, as the keys do: the Old zone glows for a card that
    follows it, or says what it takes."""
    action = example.legal if legal else example.illegal
    index = next(i for i, card in enumerate(scene.hand.cards) if card.value == action.card)
    scene.hold.selected = index
    scene.hand.raised = scene.hand.focus = index
    scene.refresh_hints()
    scene.hand.settle()
    return pygame.Rect(MOVE_AREA)
