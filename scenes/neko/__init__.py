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

The kiosk, shots and bench reach the table as ``importlib.import_module("scenes.neko").make_table``.
"""

from scenes.neko.scene import NekoTable, make_table

__all__ = ["NekoTable", "make_table"]
