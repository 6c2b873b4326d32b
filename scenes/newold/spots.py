"""Where things are on the NEW & OLD table (see ``scenes.table.spots`` for the three questions).

Named spots: "hand" (the viewer's fan), "old" and "new" (the two zones), "box" (the game box),
"button" (the action button: box / reveal), "score" (the score pad), "row" (the viewer's
face-up row of revealed cards)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

import pygame

from game.rules.newold import STAGE_A, ZONE_NEW, ZONE_OLD, NewOldAction
from scenes.table.spots import Point, centre, regions, visible_point

if TYPE_CHECKING:
    from scenes.newold.scene import NewOldTable


def zone_for(scene: NewOldTable) -> str:
    """The zone the viewer plays on now (Old in stage A, New in stage B)."""
    return ZONE_OLD if scene.observation().stages[scene.viewer] == STAGE_A else ZONE_NEW


def _card_index(scene: NewOldTable, card: str) -> int:
    """The first card of the viewer's fan that shows ``card``."""
    return next(index for index, sprite in enumerate(scene.hand.cards) if sprite.value == card)


def action_spots(scene: NewOldTable, action: NewOldAction) -> list[pygame.Rect]:
    """A card and its zone; the two box cards, the box and the button; or the reveal button."""
    button = pygame.Rect(scene.action_button.rect)
    if action.kind == "reveal":
        return [button]
    if action.kind == "box":
        cards = [scene.hand.cards[_card_index(scene, card)].rect() for card in (action.card, action.card2)]
        return cards + [scene.box_rect(), button]
    card = scene.hand.cards[_card_index(scene, action.card)]
    return [card.rect(), scene.zones[zone_for(scene)].rect()]


def named_spots(scene: NewOldTable) -> dict[str, pygame.Rect]:
    """The named places of the NEW & OLD table (see the module docstring)."""
    spots = regions(scene, {"score": "sheet", "row": f"row{scene.viewer}"})
    cards = [card.rect() for card in scene.hand.cards]
    if cards:
        spots["hand"] = cards[0].unionall(cards[1:])
    spots["old"] = scene.zones[ZONE_OLD].rect()
    spots["new"] = scene.zones[ZONE_NEW].rect()
    spots["box"] = scene.box_rect()
    spots["button"] = pygame.Rect(scene.action_button.rect)
    return spots


def taps(scene: NewOldTable, action: NewOldAction) -> Iterator[Point]:
    """Tap the card then the zone; tap the two box cards then the button; tap the reveal button."""
    if action.kind == "box":
        for card in (action.card, action.card2):
            yield visible_point(scene.hand, _card_index(scene, card))
    elif action.kind == "play":
        yield visible_point(scene.hand, _card_index(scene, action.card))
        yield centre(scene.zones[zone_for(scene)].rect())
        return
    yield centre(scene.action_button.rect)
