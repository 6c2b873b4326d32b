"""``TableMixin``: the base of a table's parts (the AI seats and still layer of ``TableScene``,
each game's input, effects and paint), which are mixins of one table class.

Type checkers see ``TableScene`` as their base, so they know the table's methods; at run time a
mixin stands alone (``object``) and the table class brings the parts together. Its own module, so
``scenes.table.base`` can build ``TableScene`` from parts that use it without an import cycle.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from scenes.table.base import TableScene as TableMixin
else:
    TableMixin = object

__all__ = ["TableMixin"]
