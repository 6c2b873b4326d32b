"""Nostalgic ~ノスタルジック~'s table, in parts (the same parts as every game's table):

- ``scene.py``      ``NostalgicTable`` (construction, the Reroll button, sync from the
                    observation, status lines, what the viewer may do now) and ``make_table``
- ``layout.py``     where everything sits: the board's places (``board_layout``) and the table's
                    (``Geometry``), pure, no display needed
- ``input.py``      ``NostalgicInput``: keys, pointer, hit tests, the viewer's actions
- ``hold.py``       ``NostalgicHold``: the dice chosen, the keys' focus, the hover and the drag
- ``view.py``       ``NostalgicView``: what the input, effects and paint use from the table
- ``effects.py``    ``NostalgicEffects``: rules events -> animations (and their timings): dice,
                    tracks, round and game end; it owns ``NostalgicCardEffects``
                    (``card_effects.py``): the cards and chips dealt, taken, spent and cleared
- ``paint.py``      ``NostalgicPaint``: the still layer's parts and the moving pieces
- ``panels.py``     ``FinalPanel``: a game's final scoring, step by step
- ``sprites.py``    the pieces: what the table shows at rest (``Shown``) and what moves (markers,
                    chips, dice, cards, badges, the steps that walk and throw them)
- ``art.py``        pictures: palette, nostalgia cards, markers, chips, the round card, icons;
  ``art_board.py``  the printed board; ``art_table.py`` plates, tray, hand, side cards, badges

The package registers the table once (``scenes.table.registry``); the kiosk, shots, bench and
lessons reach it through the registry.
"""

from typing import Any

from scenes.nostalgic.emblem import draw_emblem
from scenes.table.registry import TableSpec, register_table

register_table(TableSpec(
    game_id="nostalgic",
    scene="scenes.nostalgic.scene",
    spots="scenes.nostalgic.spots",
    help_pictures="scenes.menus.help_pictures.nostalgic",
    emblem=draw_emblem,
    plate_spot=(1272, 872, 300),
))

__all__ = ["NostalgicTable", "make_table"]


def __getattr__(name: str) -> Any:
    """``NostalgicTable`` and ``make_table`` from ``scene``, on first use: registering builds no table."""
    if name in __all__:
        from scenes.nostalgic import scene

        return getattr(scene, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
