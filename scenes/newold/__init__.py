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

from scenes.newold.scene import NewOldTable, make_table

__all__ = ["NewOldTable", "make_table"]
