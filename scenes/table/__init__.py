"""The physical table: procedural art (``art``) and the pieces drawn with it (``pieces``)."""
