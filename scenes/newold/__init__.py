"""NEW & OLD on screen, one part per file (every game's screen has the same parts):

- ``scene.py``    ``NewOldTable``: construction and wiring (pieces for the viewer, state from the
                  observation, queries, status and hint texts, the action button); ``make_table``
- ``layout.py``   where everything sits (pure numbers and rectangles, no display needed)
- ``input.py``    ``NewOldInput``: keys, pointer, drag and drop, marks for the box
- ``effects.py``  ``NewOldEffects``: rules events turned into animations
- ``paint.py``    ``NewOldPaint``: the still layer and the moving pieces painted from the state
- ``panels.py``   ``GamePanel``: the summary between games
- ``art.py``      the pictures: cards, zone mats, badges, box, plates, signs, the score sheet
- ``sprites.py``  the pieces: ``NewOldCard``, ``KindFan``, ``ZoneView``, ``RevealRow``, ``SeatPlace``
"""

from typing import Any

from scenes.newold.emblem import draw_emblem
from scenes.table.registry import TableSpec, register_table

register_table(TableSpec(
    game_id="newold",
    scene="scenes.newold.scene",
    spots="scenes.newold.spots",
    help_pictures="scenes.menus.help_pictures.newold",
    emblem=draw_emblem,
    plate_spot=(1490, 96, 384),
))

__all__ = ["NewOldTable", "make_table"]


def __getattr__(name: str) -> Any:
    """``NewOldTable`` and ``make_table`` from ``scene``, on first use: registering builds no table."""
    if name in __all__:
        from scenes.newold import scene

        return getattr(scene, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
