"""ねこは上にある's table, in parts (the same parts as every game's table):

- ``scene.py``   ``NekoTable`` (construction, the Pass button, sync from the observation, status
                 lines and hints) and ``make_table``
- ``layout.py``  where everything sits (``Geometry``, ``FanSpec``): pure, no display needed
- ``view.py``    ``NekoView``: what the parts below use from the table, declared in one place
- ``input.py``   ``NekoInput`` (a mixin of the table): keys, pointer, hit tests, the viewer's actions
- ``effects.py`` ``NekoEffects`` (a part the table owns): rules events -> animations (and their timings)
- ``paint.py``   ``NekoPaint`` (a part the table owns): the still layer's parts and the moving pieces
- ``panels.py``  ``RoundPanel``: the end-of-round summary
- ``art.py``     neko's own picture code (little: the cards, cat and plates are the shared
                 ``scenes/table/art.py``, ``pieces.py`` and ``labels.py``)

The package registers the table once (``scenes.table.registry``); the kiosk, shots, bench and
lessons reach it through the registry.
"""

from typing import Any

from scenes.neko.emblem import draw_emblem
from scenes.table.registry import TableSpec, register_table

register_table(TableSpec(
    game_id="neko",
    scene="scenes.neko.scene",
    spots="scenes.neko.spots",
    help_pictures="scenes.menus.help_pictures.neko",
    emblem=draw_emblem,
    plate_spot=(176, 318, 384),
))

__all__ = ["NekoTable", "make_table"]


def __getattr__(name: str) -> Any:
    """``NekoTable`` and ``make_table`` from ``scene``, on first use: registering builds no table."""
    if name in __all__:
        from scenes.neko import scene

        return getattr(scene, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
