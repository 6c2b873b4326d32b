"""The bundled CJK fonts cover every catalogue text, and text wraps the way a reader expects."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest
from fontTools.ttLib import TTFont

from game.i18n import all_texts
from scenes.engine import fonts

SIZE = 30


@pytest.fixture(scope="module", params=[False, True], ids=["regular", "bold"])
def face(request: pytest.FixtureRequest) -> TTFont:
    """One of the two shipped font files, parsed by fontTools."""
    path = fonts.font_file(bold=request.param)
    assert path.exists(), f"{path} is missing: run python tools/subset_fonts.py"
    return TTFont(str(path), lazy=True)


def test_every_catalogue_character_has_a_glyph(face: TTFont) -> None:
    cmap = face.getBestCmap()
    used = {char for text in all_texts() for char in text if char not in "\n\r\t"}  # line and column breaks, never drawn
    missing = sorted(char for char in used if ord(char) not in cmap)
    assert not missing, f"rerun tools/subset_fonts.py; missing: {''.join(missing)}"


def test_fonts_are_noto_sans_cjk_jp(face: TTFont) -> None:
    assert face["name"].getDebugName(1) == "Noto Sans CJK JP"


def test_seat_symbols_and_basic_kana_and_kanji_are_covered(face: TTFont) -> None:
    from scenes.engine.theme import SEAT_SYMBOLS

    cmap = face.getBestCmap()
    for char in "".join(SEAT_SYMBOLS) + "あア亜腕上猫「」。、×✓♪":
        assert ord(char) in cmap, char


@pytest.mark.parametrize("bold", [False, True])
@pytest.mark.parametrize("sample", ["「ねこは上にある」", "Hello"])
def test_pygame_renders_with_the_bundled_font(sample: str, bold: bool) -> None:
    surface = fonts.text(sample, SIZE, (10, 20, 30), bold)
    assert surface.get_width() > 0 and surface.get_height() > 0
    assert fonts.font(SIZE, bold) is fonts.font(SIZE, bold)
    assert fonts.line_height(SIZE, bold) >= SIZE


def test_japanese_glyphs_are_not_the_missing_glyph_box() -> None:
    # Distinct kana must give distinct pictures; the .notdef box would make them identical.
    first = pygame.image.tobytes(fonts.text("ね", SIZE, (255, 255, 255)), "RGBA")
    second = pygame.image.tobytes(fonts.text("こ", SIZE, (255, 255, 255)), "RGBA")
    assert first != second


def test_text_is_cached_per_arguments() -> None:
    assert fonts.text("Hello", SIZE, (1, 2, 3)) is fonts.text("Hello", SIZE, [1, 2, 3])
    assert fonts.text("Hello", SIZE, (1, 2, 3)) is not fonts.text("Hello", SIZE, (3, 2, 1))


def _fits(lines: list[str], width: int) -> bool:
    return all(fonts.text_width(line, SIZE) <= width for line in lines)


def test_wrap_english_breaks_at_spaces_within_width() -> None:
    sentence = "The cat hops onto the highest stack and waits there for the next player."
    lines = fonts.wrap(sentence, SIZE, 300)
    assert len(lines) > 1
    assert _fits(lines, 300)
    assert " ".join(lines) == sentence


def test_wrap_breaks_japanese_between_characters() -> None:
    sentence = "ねこは上にある。いちばん高い山にねこがのって、つぎのひとをまっています。"
    lines = fonts.wrap(sentence, SIZE, 200)
    assert len(lines) > 2
    assert _fits(lines, 200)
    assert "".join(lines) == sentence


@pytest.mark.parametrize("width", range(90, 330, 7))
def test_wrap_never_starts_a_line_with_closing_punctuation(width: int) -> None:
    sentence = "ねこ、いぬ、とり。「上にある」と言った。カードを一枚、山札から引く。よし！"
    lines = fonts.wrap(sentence, SIZE, width)
    assert "".join(lines) == sentence
    for line in lines[1:]:
        assert line[0] not in "。、」！", (width, lines)
    for line in lines[:-1]:
        assert line[-1] != "「", (width, lines)


def test_wrap_honours_explicit_newlines() -> None:
    assert fonts.wrap("一行目\n二行目", SIZE, 2000) == ["一行目", "二行目"]
    assert fonts.wrap("first\n\nthird", SIZE, 2000) == ["first", "", "third"]


def test_wrap_keeps_mixed_text_readable() -> None:
    lines = fonts.wrap("Press Enter で決定。Esc でもどる。", SIZE, 2000)
    assert lines == ["Press Enter で決定。Esc でもどる。"]


def test_wrap_splits_a_word_longer_than_the_line() -> None:
    lines = fonts.wrap("Supercalifragilisticexpialidocious", SIZE, 120)
    assert len(lines) > 1
    assert _fits(lines, 120)
    assert "".join(lines) == "Supercalifragilisticexpialidocious"


def test_fitting_stops_at_the_least_legible_size_and_a_long_name_keeps_you() -> None:
    """``fit_size`` steps down by 2 and never under its smallest (20 -> 18 -> 17, not 16); a seat
    label too long even at ``theme.LEAST`` is cut with an ellipsis, "(you)" kept."""
    from game.i18n import language, set_language, t
    from scenes.engine import theme
    from scenes.engine.ui import fit_size, fitted_seat_label

    name = "Wolfgang Amadeus Mozart of Salzburg Town"
    least = theme.LEAST
    assert fit_size(name, 20, 10_000, smallest=least) == 20
    assert fit_size(name, 20, fonts.text_width(name, 18), smallest=least) == 18
    assert fit_size(name, 20, fonts.text_width(name, 17), smallest=least) == least == 17
    assert fit_size(name, 20, 10, smallest=least) == least
    before = language()
    set_language("en")
    try:
        width = 200
        label, size = fitted_seat_label(name, True, 26, width)
        assert size == least and label.endswith(f"… ({t('table.you')})") and label.startswith("Wolf")
        assert fonts.text_width(label, size, True) <= width
        assert fitted_seat_label("Aki", False, 26, width) == ("Aki", 26)
    finally:
        set_language(before)


def test_fonts_survive_repeated_pygame_quit_and_init() -> None:
    for _ in range(3):  # pygame forgets quit hooks after each quit: the cache must re-arm its own
        before = fonts.font(SIZE)
        fonts.text("Hello", SIZE, (0, 0, 0))
        pygame.quit()
        pygame.init()
        assert fonts.font(SIZE) is not before
        assert fonts.text("Hello", SIZE, (0, 0, 0)).get_width() > 0


def test_missing_font_file_falls_back_to_default(monkeypatch: pytest.MonkeyPatch, tmp_path) -> None:
    monkeypatch.setattr(fonts, "font_file", lambda bold=False: tmp_path / "absent.otf")
    fonts.clear_cache()
    try:
        assert fonts.text("Hello", SIZE, (0, 0, 0)).get_width() > 0
    finally:
        monkeypatch.undo()
        fonts.clear_cache()


def test_a_render_hook_sees_every_rendering_and_plain_fonts_come_back_without_it() -> None:
    seen: list[tuple[str, str]] = []

    def hook(image: pygame.Surface, text: str, kind: str) -> pygame.Surface:
        seen.append((text, kind))
        stand_in = image.copy()
        stand_in.fill((0, 0, 0, 0))
        return stand_in

    fonts.set_render_hook(hook)
    try:
        shown = fonts.text("Hello", SIZE, (0, 0, 0))
        fonts.text_tinted("Bye", SIZE, (200, 100, 0))
        fonts.font(SIZE, True).render("8", True, (0, 0, 0))  # as card art prints its numerals
        assert seen == [("Hello", "text"), ("Bye", "text"), ("8", "font")]
        assert shown.get_bounding_rect().width == 0  # the hook's stand-in is what the caller got
    finally:
        fonts.set_render_hook(None)
    assert type(fonts.font(SIZE)) is pygame.font.Font
    assert fonts.text("Hello", SIZE, (0, 0, 0)).get_bounding_rect().width > 0  # nothing kept from before
    assert len(seen) == 3


@pytest.mark.parametrize("width", range(120, 480, 23))
def test_wrap_never_breaks_inside_a_katakana_word_that_fits(width: int) -> None:
    words = ["ザット・", "オールド・", "ウォールペーパー", "カード"]
    text = "".join(words[:3]) + "の壁紙" + words[3] + "を置きます。"
    lines = fonts.wrap(text, 30, width)
    assert "".join(lines) == text
    for word in words:
        if fonts.text_width(word, 30) <= width:
            assert any(word in line for line in lines), (word, lines)


def test_a_katakana_word_longer_than_the_line_is_still_broken_to_fit() -> None:
    lines = fonts.wrap("ウォールペーパー", 30, 100)
    assert "".join(lines) == "ウォールペーパー" and len(lines) > 1
    assert all(fonts.text_width(line, 30) <= 100 or len(line) == 1 for line in lines)
