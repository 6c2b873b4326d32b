"""Make the app's two fonts: subsets of Noto Sans CJK JP (Regular, Bold) from Debian's fonts-noto-cjk.

Run from the repository root whenever catalogue texts gain new characters::

    python tools/subset_fonts.py [--source-dir /usr/share/fonts/opentype/noto]

It picks the face named "Noto Sans CJK JP" out of each .ttc (read from the name table, never an
assumed index), keeps the character set below and writes assets/fonts/KotatsuSans-{Regular,Bold}.otf.
The original font names are kept (the OFL allows it: we use no Reserved Font Name).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTCollection, TTFont

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # so "game" and "scenes" import when run as a script

from game.i18n import all_texts
from scenes.engine.theme import SEAT_SYMBOLS

SOURCE_DIR = Path("/usr/share/fonts/opentype/noto")
OUT_DIR = ROOT / "assets" / "fonts"
FAMILY = "Noto Sans CJK JP"
FACES = {"Regular": "NotoSansCJK-Regular.ttc", "Bold": "NotoSansCJK-Bold.ttc"}

# Whole Unicode blocks (inclusive ranges); code points the font lacks are simply skipped.
BLOCKS: tuple[tuple[int, int], ...] = (
    (0x0020, 0x007E),  # ASCII
    (0x00A0, 0x00FF),  # Latin-1 Supplement
    (0x2000, 0x206F),  # General Punctuation
    (0x2100, 0x214F),  # Letterlike Symbols (№ ℃ ™)
    (0x2150, 0x218F),  # Number Forms (Ⅰ Ⅱ ⅲ)
    (0x2190, 0x21FF),  # Arrows
    (0x2212, 0x2212),  # minus sign
    (0x2460, 0x24FF),  # Enclosed Alphanumerics (① ②)
    (0x25A0, 0x25FF),  # Geometric Shapes (● ▲ ■ ◆)
    (0x3000, 0x303F),  # CJK Symbols and Punctuation
    (0x3040, 0x309F),  # Hiragana
    (0x30A0, 0x30FF),  # Katakana
    (0xFF00, 0xFFEF),  # Halfwidth and Fullwidth Forms
)
# Symbols the app may draw, picked one by one from Misc Symbols, Dingbats and Misc Technical.
# Noto Sans CJK JP 2.004 has these; it lacks ✗ ✔ ✕ ❤ ☺ and the die faces ⚀-⚅ (use × for a
# cross; dice are drawn in code). Anything a catalogue uses that the font lacks is reported.
SYMBOLS = "★☆♪♫♠♣♥♦♤♧♡♢☀☁☂☃☝☞☜☟✓✚✿❀❶❷❸❹❺❻❼❽❾❿⏎"
# Layout features worth keeping: proportional kana spacing and kerning; the rest is dropped.
FEATURES = ["kern", "palt"]


def jis_level1_kanji() -> str:
    """The 2,965 kanji of JIS X 0208 level 1 (Shift_JIS 0x889F through 0x9872)."""
    chars = []
    for lead in range(0x88, 0x99):
        for trail in range(0x40, 0xFD):
            code = lead << 8 | trail
            if trail == 0x7F or code < 0x889F or code > 0x9872:
                continue
            try:
                chars.append(bytes((lead, trail)).decode("shift_jis"))
            except UnicodeDecodeError:
                continue  # the unassigned cells at the end of some rows
    return "".join(chars)


def wanted_characters(extra_texts: Iterable[str]) -> set[int]:
    """Every code point to keep: the blocks, the symbols, level-1 kanji and every catalogue text."""
    codes = {code for first, last in BLOCKS for code in range(first, last + 1)}
    for text in (SYMBOLS, "".join(SEAT_SYMBOLS), jis_level1_kanji(), *extra_texts):
        codes.update(ord(char) for char in text if char not in "\n\r\t")
    return codes


def japanese_face(path: Path) -> TTFont:
    """The face whose family name (name ID 1) is exactly ``FAMILY`` in a .ttc collection."""
    collection = TTCollection(str(path))
    for face in collection.fonts:
        if face["name"].getDebugName(1) == FAMILY:
            return face
    names = [face["name"].getDebugName(1) for face in collection.fonts]
    raise SystemExit(f"{path}: no face named {FAMILY!r} (found {names})")


def subset_options() -> subset.Options:
    """Subsetter settings: keep names and the chosen features, drop hinting and vertical metrics."""
    options = subset.Options()
    options.layout_features = FEATURES
    options.name_IDs = ["*"]  # keep copyright, licence and the original names
    options.name_languages = ["*"]
    options.hinting = False  # the app renders antialiased at large sizes
    options.drop_tables += ["VORG", "vhea", "vmtx", "BASE"]  # vertical text is never set
    options.notdef_outline = True
    options.glyph_names = False
    return options


def make_subset(source: Path, target: Path, codes: set[int]) -> tuple[int, int, set[int]]:
    """Write the subset font; return (bytes written, glyph count, wanted code points it lacks)."""
    face = japanese_face(source)
    lacking = codes - set(face.getBestCmap())
    subsetter = subset.Subsetter(options=subset_options())
    subsetter.populate(unicodes=sorted(codes))
    subsetter.subset(face)
    target.parent.mkdir(parents=True, exist_ok=True)
    face.recalcTimestamp = False  # keep the source's date: reruns with the same texts are byte-identical
    face.save(str(target))
    return target.stat().st_size, len(face.getGlyphOrder()), lacking


def main(argv: list[str] | None = None) -> int:
    """Command line entry: subset both weights and report their sizes."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source-dir", type=Path, default=SOURCE_DIR, help="folder of the Noto .ttc files")
    parser.add_argument("--out-dir", type=Path, default=OUT_DIR, help="where the .otf files go")
    args = parser.parse_args(argv)
    texts = all_texts()
    codes = wanted_characters(texts)
    in_texts = {ord(char) for text in texts for char in text if char not in "\n\r\t"}
    status = 0
    for weight, file_name in FACES.items():
        target = args.out_dir / f"KotatsuSans-{weight}.otf"
        size, glyphs, lacking = make_subset(args.source_dir / file_name, target, codes)
        print(f"{target}: {size:,} bytes, {glyphs} glyphs")
        missing_text = sorted(lacking & in_texts)
        if missing_text:  # a catalogue text would show a box here: change the text
            shown = " ".join(f"{chr(code)} U+{code:04X}" for code in missing_text)
            print(f"  WARNING: catalogue characters not in {FAMILY} {weight}: {shown}", file=sys.stderr)
            status = 1
    return status


if __name__ == "__main__":
    raise SystemExit(main())
