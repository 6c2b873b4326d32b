"""ねこは上にある's table, in parts (the same parts as every game's table):

- ``scene.py``   ``NekoTable`` (construction, the Pass button, sync from the observation, status
                 lines and hints) and ``make_table``
- ``layout.py``  where everything sits (``Geometry``, ``FanSpec``): pure, no display needed
- ``input.py``   ``NekoInput``: keys, pointer, hit tests, the viewer's actions
- ``effects.py`` ``NekoEffects``: rules events -> animations (and their timings)
- ``paint.py``   ``NekoPaint``: the still layer's parts and the moving pieces
- ``panels.py``  ``RoundPanel``: the end-of-round summary
- ``art.py``     neko's own picture code (little: the cards, cat and plates are the shared
                 ``scenes/table/art.py``, ``pieces.py`` and ``labels.py``)

The kiosk, shots and bench reach the table as ``importlib.import_module("scenes.neko").make_table``.
"""

from scenes.neko.scene import NekoTable, make_table

__all__ = ["NekoTable", "make_table"]
