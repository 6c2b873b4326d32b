"""Neko's own picture code: little, because its pictures are the shared ones.

The cards (faces 1-8, backs, shadows, the pile), the cat token and the speech bubble are drawn in
``scenes/table/art.py`` and ``scenes/table/pieces.py``; the name plates, score board, compass,
owner discs and note pills in ``scenes/table/labels.py`` (the shared table's, also used by other
games). What is neko's alone is which of those pictures to make ahead of play.
"""

from __future__ import annotations

from collections.abc import Mapping

from scenes.table import art
from scenes.table.pieces import HandFan


def prewarm_pictures(fans: Mapping[int, HandFan], viewer: int) -> None:
    """Make the turned cards every fan and pile will need now, not in the middle of play."""
    faces = [art.card_face(value) for value in range(1, 9)]
    for seat, fan in fans.items():
        angles = {round(fan.slot(index, count)[1]) for count in range(1, 7) for index in range(count)}
        for angle in angles:
            for lift in (0, 8) if seat == viewer else (0,):
                art.transformed(("shadow", lift), art.card_shadow(art.CARD_SIZE, lift), fan.scale * (1 + 0.06 * lift / 8),
                                1.0, angle)
            if seat != viewer:
                art.transformed(("back",), art.card_back(), fan.scale, 1.0, angle)
                continue
            for value, face in enumerate(faces, start=1):
                art.transformed(("face", value, False), face, fan.scale, 1.0, angle)
    for tilt in range(-4, 5):
        art.transformed(("shadow", 0), art.card_shadow(art.CARD_SIZE, 0), 1.0, 1.0, tilt)
        for value, face in enumerate(faces, start=1):
            art.transformed(("face", value, False), face, 1.0, 1.0, tilt)
