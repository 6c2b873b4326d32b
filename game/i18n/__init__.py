"""Text catalogues, Japanese and English, switchable at any time.

Catalogues are JSON files ``game/i18n/<lang>/<namespace>.json`` (flat key -> text). Keys are
dotted and start with their namespace (``neko.reason.cat_stack`` lives in ``neko.json``), so each
game and screen owns its own files. Texts use ``str.format`` fields: ``{card}``.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path
from typing import Any

from game.core.storage import read_json

LANGUAGES: tuple[str, ...] = ("ja", "en")
DEFAULT_LANGUAGE = "ja"
_HERE = Path(__file__).resolve().parent
_current = DEFAULT_LANGUAGE


@cache
def catalogue(lang: str) -> dict[str, str]:
    """Every key -> text of one language, merged from its namespace files."""
    if lang not in LANGUAGES:
        raise KeyError(f"unknown language {lang!r}; languages: {', '.join(LANGUAGES)}")
    merged: dict[str, str] = {}
    for path in sorted((_HERE / lang).glob("*.json")):
        merged.update(read_json(path))  # the app's one checked reader, as for every file
    return merged


def set_language(lang: str) -> None:
    """Switch the language used by ``t``."""
    global _current
    catalogue(lang)  # validates
    _current = lang


def language() -> str:
    """The language in use."""
    return _current


def t(key: str, lang: str | None = None, **params: Any) -> str:
    """The text for ``key`` in the current language (English, then the key itself, as fallback)."""
    text = catalogue(lang or _current).get(key)
    if text is None:
        text = catalogue("en").get(key, key)
    if params:
        try:
            text = text.format(**params)
        except (KeyError, IndexError, ValueError):
            return text
        if (lang or _current) == "en" or key not in catalogue(lang or _current):
            return english_articles(text)
    return text


# "a" before a number said with a vowel first: 8, 11, 18, 80-89, 800-899, 8000... ("an 8", "an 11")
_A_BEFORE_VOWEL_NUMBER = re.compile(r"\b([Aa]) (?=(?:8\d*|11|18|11\d{3}|18\d{3})(?![\d.,]?\d))")


def english_articles(text: str) -> str:
    """``text`` with "a" turned into "an" before a number that starts with a vowel sound, as a
    number put into "a {card}" needs ("an 8", "an 11", "an 18", "an 80"); other words unchanged."""
    return _A_BEFORE_VOWEL_NUMBER.sub(lambda match: ("An" if match.group(1) == "A" else "an") + " ", text)


def all_texts() -> list[str]:
    """Every text of every language (for font coverage checks)."""
    return [text for lang in LANGUAGES for text in catalogue(lang).values()]
