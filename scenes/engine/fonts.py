"""Fonts and text for every screen: one CJK face (Noto Sans CJK JP subset), cached renders, wrapping.

``font(size)`` gives a cached ``pygame.font.Font`` (the ``FONTS_KEPT`` most recently used);
``text(s, size, color)`` a cached antialiased surface (the most recently used, within ``TEXT_BUDGET``
bytes); ``wrap(s, size, width)`` splits text into lines that fit, breaking English at spaces and
Japanese between characters but not inside a katakana word, with simple kinsoku (no line starts with 。、」 and the like).
When the font files are missing (a broken install), pygame's default font stands in.

Tests can see every string the app renders: ``set_render_hook`` passes each rendering through a
function of theirs, which may hand back a stand-in surface (``tests/text_probe.py`` tags it with
its string to find where the text lands on screen). Without a hook, fonts are plain
``pygame.font.Font`` objects.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

import pygame

from game.core.storage import asset_path
from scenes.engine import crisp
from scenes.engine.cache import KEEP, MB, SurfaceCache

REGULAR_FILE = "KotatsuSans-Regular.otf"
BOLD_FILE = "KotatsuSans-Bold.otf"

# Kinsoku: characters that may not start a line (they stick to the character before them)...
NO_LINE_START = frozenset(
    "。、，．・：；？！!?,.:;)]}」』）］｝〕〉》】〙〗”’…‥ー～〜々ゝゞヽヾ"
    "ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶ％%°′″℃"
)
# ...and characters that may not end a line (they stick to the character after them).
NO_LINE_END = frozenset("「『（［｛〔〈《【〘〖“‘([{")

FONTS_KEPT = 32  # open faces (about 0.5 MB each with their glyph cache); reopening one takes ~1 ms
TEXT_BUDGET = 12 * MB  # rendered strings; a miss costs a render (well under a millisecond)
_fonts = SurfaceCache("fonts", FONTS_KEPT, group=KEEP, weigh=lambda font: 1)
_texts = SurfaceCache("text", TEXT_BUDGET, group=KEEP)
_quit_hook_armed = False
# (surface, string, kind) -> the surface to use; kind is "text" for ``text`` and ``text_tinted``,
# "font" for a direct ``font(size).render`` call (the numerals printed on card art)
RenderHook = Callable[[pygame.Surface, str, str], pygame.Surface]
_render_hook: RenderHook | None = None  # tests only (``set_render_hook``)


def _ensure_font_module() -> None:
    """Initialise pygame.font lazily; a fresh init invalidates every cached font and surface."""
    global _quit_hook_armed
    if not pygame.font.get_init():
        pygame.font.init()
        clear_cache()
    if not _quit_hook_armed:
        # Fonts die with pygame.quit(), which also forgets its quit hooks: re-arm after each one.
        pygame.register_quit(_on_pygame_quit)
        _quit_hook_armed = True


def _on_pygame_quit() -> None:
    """pygame is shutting down: drop every font and surface made with it."""
    global _quit_hook_armed
    _quit_hook_armed = False
    clear_cache()


def clear_cache() -> None:
    """Forget cached fonts and rendered text (needed after pygame.font is shut down)."""
    _fonts.clear()
    _texts.clear()
    _measure.cache_clear()


def set_render_hook(hook: RenderHook | None) -> None:
    """Tests only: pass every string rendered from now on through ``hook(surface, string, kind)``
    and use what it returns instead (None: stop). The caches are emptied either way, so no font
    or rendering made before the change is handed out after it."""
    global _render_hook
    _render_hook = hook
    clear_cache()


class _HookedFont(pygame.font.Font):
    """A font whose renderings go through the render hook (made only while a hook is set, so
    normal play never pays for it)."""

    def render(self, text: Any, antialias: bool, color: Any, bgcolor: Any = None,
               wraplength: int = 0) -> pygame.Surface:
        """``pygame.font.Font.render``, then the hook."""
        image = super().render(text, antialias, color, bgcolor, wraplength)
        hook = _render_hook
        return image if hook is None else hook(image, str(text), "font")


def font_file(bold: bool = False) -> Path:
    """Where the regular or bold face lives (it may be missing on a broken install)."""
    return asset_path("fonts", BOLD_FILE if bold else REGULAR_FILE)


def font(size: int, bold: bool = False) -> pygame.font.Font:
    """The app's font at ``size`` pixels, cached per (size, bold)."""
    _ensure_font_module()
    key = (int(size), bool(bold))
    return _fonts.get(key, lambda: _load_font(*key))


def _load_font(size: int, bold: bool) -> pygame.font.Font:
    """Open the bundled face, or pygame's default font (synthetic bold) if the file is absent."""
    face = _HookedFont if _render_hook is not None else pygame.font.Font
    path = font_file(bold)
    if path.exists():
        try:
            return face(str(path), size)
        except (OSError, pygame.error):
            pass
    fallback = face(None, size)
    fallback.set_bold(bold)
    return fallback


def line_height(size: int, bold: bool = False) -> int:
    """Recommended distance in pixels between the baselines of two lines of text."""
    return font(size, bold).get_linesize()


def text(s: str, size: int, color: Sequence[int], bold: bool = False) -> pygame.Surface:
    """``s`` rendered antialiased in ``color`` (cached; treat the surface as read-only)."""
    _ensure_font_module()
    key = (s, int(size), tuple(color), bool(bold))
    return _texts.get(key, lambda: _render(*key))


def _render(s: str, size: int, color: tuple[int, ...], bold: bool) -> pygame.Surface:
    """Render one string (``text`` keeps the result)."""
    face = font(size, bold)
    if _render_hook is None:
        # a TextImage knows what it says, so it can be drawn again at the window's size (scenes.engine.crisp)
        return crisp.text_image(face.render(s, True, color), (s, size, color, bold))
    return _render_hook(pygame.font.Font.render(face, s, True, color), s, "text")


def text_tinted(s: str, size: int, color: Sequence[int], bold: bool = False) -> pygame.Surface:
    """``text(s, size, color, bold)`` pixel for pixel (``color`` is RGB), for a colour that changes
    every frame (a pulse): a copy of the kept white rendering, tinted and not kept, so passing
    colours do not fill the text cache. A fresh surface: the caller may change it."""
    tinted = text(s, size, (255, 255, 255), bold).copy()
    tinted.fill((*tuple(color)[:3], 255), special_flags=pygame.BLEND_RGBA_MULT)
    return tinted


def text_width(s: str, size: int, bold: bool = False) -> int:
    """Width in pixels of ``s`` on one line."""
    _ensure_font_module()
    return _measure(s, int(size), bool(bold))


@lru_cache(maxsize=8192)
def _measure(s: str, size: int, bold: bool) -> int:
    """Cached width measurement (wrapping measures the same prefixes many times)."""
    return font(size, bold).size(s)[0]


def wrap(s: str, size: int, width: int, bold: bool = False) -> list[str]:
    """Split ``s`` into lines no wider than ``width`` pixels (a single glyph wider than that
    still gets its own line). Explicit newlines are kept; empty paragraphs give empty lines."""
    lines: list[str] = []
    for paragraph in s.split("\n"):
        lines.extend(_wrap_paragraph(paragraph, size, width, bold))
    return lines


def _is_cjk(char: str) -> bool:
    """True for characters that may be broken between (kana, kanji, fullwidth forms...)."""
    code = ord(char)
    # From CJK Radicals upwards (kana, kanji, fullwidth forms), minus the Latin ligatures and
    # variation selectors that sit between them.
    return code >= 0x2E80 and not 0xFB00 <= code <= 0xFE0F


def _is_katakana(char: str) -> bool:
    """True for katakana, their long-vowel mark and the middle dot between katakana words."""
    return 0x30A0 <= ord(char) <= 0x30FF or 0x31F0 <= ord(char) <= 0x31FF


def _tokens(paragraph: str) -> list[tuple[str, bool]]:
    """Unbreakable pieces of a paragraph, each with whether a space came before it.

    English words stay whole, and so do katakana words (a line may break after their middle dot
    ・); every other CJK character is its own piece; kinsoku characters are glued to their
    neighbour so that no line starts with closing or ends with opening punctuation.
    """
    pieces: list[tuple[str, bool]] = []
    word = ""
    spaced = False
    glue_next = False  # the last piece ended with an opening bracket
    for char in paragraph:
        if char.isspace():
            if word:
                pieces.append((word, spaced))
                word = ""
            spaced = bool(pieces) or spaced
            glue_next = False
            continue
        if char in NO_LINE_START and not spaced and (word or pieces):
            if word:
                word += char
            else:
                last, last_spaced = pieces[-1]
                pieces[-1] = (last + char, last_spaced)
            continue
        if _is_katakana(char) and not word and not spaced and pieces and _is_katakana(pieces[-1][0][-1]) \
                and pieces[-1][0][-1] != "・":
            last, last_spaced = pieces[-1]  # a katakana word (ウォールペーパー) is never broken inside
            pieces[-1] = (last + char, last_spaced)
            continue
        if _is_cjk(char) or char in NO_LINE_END:
            if word and not glue_next:
                pieces.append((word, spaced))
                word, spaced = "", False
            word += char
            glue_next = char in NO_LINE_END
            if not glue_next:
                pieces.append((word, spaced))
                word, spaced = "", False
            continue
        if word and _is_cjk(word[-1]) and not glue_next:
            pieces.append((word, spaced))
            word, spaced = "", False
        word += char
        glue_next = False
    if word:
        pieces.append((word, spaced))
    return pieces


def _wrap_paragraph(paragraph: str, size: int, width: int, bold: bool) -> list[str]:
    """Greedy line filling of one paragraph (no newlines inside)."""
    lines: list[str] = []
    line = ""
    for piece, spaced in _tokens(paragraph):
        candidate = line + (" " if spaced and line else "") + piece
        if not line or text_width(candidate, size, bold) <= width:
            line = candidate
        else:
            lines.append(line)
            line = piece
        if text_width(line, size, bold) > width:
            # A piece too long for any line (a long word): break it between characters.
            *full, line = _split_long(line, size, width, bold)
            lines.extend(full)
    lines.append(line)
    return lines


def _split_long(piece: str, size: int, width: int, bold: bool) -> list[str]:
    """Break an overlong piece between characters, keeping kinsoku characters off line starts."""
    parts: list[str] = []
    current = ""
    for char in piece:
        candidate = current + char
        if current and char not in NO_LINE_START and text_width(candidate, size, bold) > width:
            parts.append(current)
            current = char
        else:
            current = candidate
    parts.append(current)
    return parts

