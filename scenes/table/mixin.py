"""``TableMixin``: the base of the parts of a table that are mixins of its class (the AI seats,
still layer and hooks of ``TableScene``, the other games' input); a game's effects and paint are
parts the table owns instead, typed against the protocols of ``scenes.table.view``.

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
