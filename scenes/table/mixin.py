"""``TableMixin``: the base of a game's table parts that are still mixins of its table class (its
input). Type checkers see ``TableScene`` as their base, so they know the table's methods; at run
time it is ``object`` and the table class brings the parts together. A game's effects and paint
are parts the table owns instead, typed against the protocols of ``scenes.table.view``;
``TableScene``'s own parts use ``scenes.table.part.TablePart``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from scenes.table.base import TableScene as TableMixin
else:
    TableMixin = object

__all__ = ["TableMixin"]
