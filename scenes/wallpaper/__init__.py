"""The table of That Old Wallpaper: the rows of wallpaper cards by the deck, the number cards,
the memory token line, and every seat's wall.

Left, the market: the deck and the round cards, then the rows from the LOW end (next to the deck)
to the HIGH end, each growing downward as cards arrive (a red oval brings one more card at once:
the chain is dealt one card after another); above each row the number cards that claim it; the
token line below. Under the market a strip of small walls, one per seat (click or Tab to see one
large). Right, one wall large (the viewer's unless asked otherwise): it fits itself as it grows
and pans with the wheel or by dragging its empty parts. Bottom, the viewer's number cards, the
spot where a chosen card waits face down, and the tray of taken cards to place.

A turn: each person picks a number card (drag it up, or click it and "Play", or Left/Right and
Enter); a curtain separates two people at one screen; AI seats choose in secret meanwhile. Then
all numbers turn over together and slide to their rows; numbers played by several seats lie
sideways across the rows they block, and the seat first in the token line picks one of them
(click a glowing row, or Left/Right and Enter). The taken cards wait in the tray and go on the
wall in any order: drag any of them onto a glowing space of the wall (hovering shows the shapes it
would complete and the halves left open), or click one (or press C) to bring it forward; R or the
button turns it 180°, keys move a cell cursor (arrows) and Enter places. The screen never decides legality: a drop is offered to the rules, a refused card springs
back with the rules' reason.

The game-independent machinery (AI worker, undo, curtain, event pump, autosave, still layer with
dirty rectangles, results) is ``scenes.table.base.TableScene``.

The parts (the same in every game's folder):

- ``scene``: ``WallpaperTable``, construction and wiring (state from the observation, the status
  line, the action button, the placement preview), and ``make_table``;
- ``layout``: where everything sits (constants, ``Geometry``, the wall ``Camera``, card geometry),
  with no display;
- ``input``: ``WallpaperInput``, pointer, keys and the action button -> offers to the rules;
- ``hold``: ``WallpaperHold``, the chosen number, the cursors, the card's turn and the drag;
- ``view``: ``WallpaperView``, what the input, effects and paint use from the table;
- ``effects``: ``WallpaperEffects``, the rules' events -> animations;
- ``paint``: ``WallpaperPaint``, the still parts and the moving pieces;
- ``sync``: ``ObservationSync``, the pieces at rest set from the observation (resume, undo, a seat change);
- ``panels``: ``ScoringPanel``, the final scoring;
- ``sprites``: ``Piece``, anything that moves on the table;
- ``art``: the table's pictures (rows, boxes, token line, deck...), over ``art_paper`` (palette,
  caches, backgrounds), ``art_motifs`` (half-shapes, centre symbols), ``art_cards`` (card faces,
  number cards, tokens, round cards) and ``art_walls`` (whole walls, rings, the wall's board).
"""

from typing import Any

from scenes.table.registry import TableSpec, register_table
from scenes.wallpaper.emblem import draw_emblem

register_table(TableSpec(
    game_id="wallpaper",
    scene="scenes.wallpaper.scene",
    spots="scenes.wallpaper.spots",
    help_pictures="scenes.menus.help_pictures.wallpaper",
    emblem=draw_emblem,
    plate_spot=(1268, 872, 304),
))

__all__ = ["WallpaperTable", "make_table"]


def __getattr__(name: str) -> Any:
    """``WallpaperTable`` and ``make_table`` from ``scene``, on first use: registering builds no table."""
    if name in __all__:
        from scenes.wallpaper import scene

        return getattr(scene, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
