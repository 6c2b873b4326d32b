"""Nostalgic ~ノスタルジック~'s table, in parts (the same parts as every game's table):

- ``scene.py``      ``NostalgicTable`` (construction, the Reroll button, sync from the
                    observation, status lines, what the viewer may do now) and ``make_table``
- ``layout.py``     where everything sits: the board's places (``board_layout``) and the table's
                    (``Geometry``), pure, no display needed
- ``input.py``      ``NostalgicInput``: keys, pointer, hit tests, the viewer's actions
- ``effects.py``    ``NostalgicEffects``: rules events -> animations (and their timings)
- ``paint.py``      ``NostalgicPaint``: the still layer's parts and the moving pieces
- ``panels.py``     ``FinalPanel``: a game's final scoring, step by step
- ``sprites.py``    the pieces: what the table shows at rest (``Shown``) and what moves (markers,
                    chips, dice, cards, badges, the steps that walk and throw them)
- ``art.py``        pictures: palette, nostalgia cards, markers, chips, the round card, icons;
  ``art_board.py``  the printed board; ``art_table.py`` plates, tray, hand, side cards, badges

The kiosk, shots and bench reach the table as ``importlib.import_module("scenes.nostalgic").make_table``.
"""

from scenes.nostalgic.scene import NostalgicTable, make_table

__all__ = ["NostalgicTable", "make_table"]
