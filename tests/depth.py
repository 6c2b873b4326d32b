"""How deep the randomised tests dig: hundreds of cases by default (the full suite in CI and the
edit-test loop), the full thousands with ``KOTATSU_DEEP=1`` (before a release, after touching a
loader or the rules): ``KOTATSU_DEEP=1 python -m pytest -m slow``."""

from __future__ import annotations

import os

DEEP = os.environ.get("KOTATSU_DEEP", "").strip() not in ("", "0")


def cases(default: int, deep: int) -> int:
    """``deep`` cases with ``KOTATSU_DEEP=1``, else ``default``."""
    return deep if DEEP else default
