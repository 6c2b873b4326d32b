"""``StillPart``: one part of a table's still layer (its own module, so the parts' declared
interface in ``scenes.table.view`` names it without importing the table)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pygame


@dataclass
class StillPart:
    """One part of the still layer: what it shows (``signature``), where, and how to paint it.

    The part is repainted (clipped to its old and new ``region``) only when its signature changes,
    so the signature must cover everything ``paint`` depends on.
    """

    signature: Any
    region: pygame.Rect
    paint: Callable[[pygame.Surface], Any]
