"""The table of ノアロン: two players face to face, red and black cards, hands that keep their order.

The scene draws only what one seat may see (``rules.observe(state, viewer)``): the viewer's hand
face up in a straight row at the bottom, the opponent's as a row of backs at the top (mirrored:
their left is the viewer's right). Every action returns rules events and each event becomes an
animation: stake cards counted out face down, discard piles seeded face up, twelve cards dealt in
order, two cards taken into the reserve spot, a pair sliding onto the two piles, the reserve pair
dropping into the hand, the settlement shown step by step with the stake cards paid aside.
Between event batches the pieces are re-read from the observation, so the picture at rest always
equals the rules state.

A turn by pointer, finger or keys: click (tap) a glowing source (the deck, your two piles or the
opponent's two piles; Tab/arrows and Enter by keys); point at the pair to discard (the pair whose
middle is nearest the pointer lifts; Left/Right by keys) and click or press Enter; then point at
the gap where the reserve pair goes (the pair shows in the hand at that gap; Left/Right) and click
or press Enter; then Declare or End turn when the hand scores 4 or less. A finger taps once to
choose and again to confirm. The hand's score and the cut that gives it are always shown (the
yaku framed and named, each zatsu card in full colour with its point pip), and while a pair or a
gap is chosen, the score it would give. The first time a person's hand is shown in a match, a
paper card on the felt explains yaku, zatsu and the score (``coach``).

The parts (imports go one way: layout <- art <- sprites <- paint/effects/input/panels/reading <- scene):

=============  ==================================================================================
``scene``      ``NoaronTable``: its state, sync from the observation, status texts, buttons and
               actions; ``make_table``
``view``       ``NoaronView`` (what the parts use of the table), the choice (``TurnChoice``) and
               what it would give (``Preview``)
``reading``    ``HandReading``: the glows, the reserve pair in its gap, the preview cut, the framed
               yaku and zatsu, the coach
``layout``     where everything sits (``Geometry``, constants), which hand slots a cut frames or
               marks with a point pip; no display needed
``input``      ``NoaronInput``: pointer, finger and keys, hit tests (``source_at``, ``choice_at``)
``effects``    ``NoaronEffects``: rules events -> animations
``paint``      ``NoaronPaint``: the still layer's parts and the moving pieces
``panels``     ``SettlementPanel``
``coach``      the one-time explanation card of yaku and zatsu
``art``        card faces and backs, piles, heaps, rings and bands, the tag pill, ``cut_summary``
``sprites``    ``NoaronCard`` and ``HandRow`` (the hand in a straight row)
=============  ==================================================================================
"""

from typing import Any

from scenes.noaron.emblem import draw_emblem
from scenes.table.registry import TableSpec, register_table

register_table(TableSpec(
    game_id="noaron",
    scene="scenes.noaron.scene",
    spots="scenes.noaron.spots",
    help_pictures="scenes.menus.help_pictures.noaron",
    emblem=draw_emblem,
    plate_spot=(196, 186, 384),
))

__all__ = ["NoaronTable", "make_table"]


def __getattr__(name: str) -> Any:
    """``NoaronTable`` and ``make_table`` from ``scene``, on first use: registering builds no table."""
    if name in __all__:
        from scenes.noaron import scene

        return getattr(scene, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
