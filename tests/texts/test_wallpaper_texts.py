"""That Old Wallpaper's words: one set of terms in the help, the table and the move log, and
every house reading of the rules module in the help's house section, in Japanese and English."""

from __future__ import annotations

import pytest

from game.core.house import house_text
from game.i18n import catalogue, t
from game.rules import wallpaper as wp


def wallpaper_texts(lang: str) -> dict[str, str]:
    """Every string a That Old Wallpaper player may read: help, reasons, table, scoring, log."""
    return {key: text for key, text in catalogue(lang).items()
            if key.startswith(("wallpaper.", "wallpaper_table.", "wallpaper_score.", "log.wallpaper."))}


# The rulebook's own names: 記憶トークン (the token) and おぼろげな記憶カード (the hazy card, "おぼろげ"
# for short on the table). 思い出 names the four memory symbols only.
OTHER_NAMES_JA = ("思い出トークン", "おぼろな思い出", "おぼろカード", "おぼろ ", "横向きにはできません", "横長に置きます")
OTHER_NAMES_EN = ("lies sideways", "on its side", "on their side", "hazy memories ·")


@pytest.mark.parametrize("lang,others", [("ja", OTHER_NAMES_JA), ("en", OTHER_NAMES_EN)])
def test_one_name_for_each_thing(lang: str, others: tuple[str, ...]) -> None:
    texts = wallpaper_texts(lang)
    for key, text in texts.items():
        for other in others:
            assert other not in text, f"{key} says {other!r}"


def test_the_japanese_terms_are_the_rulebook_ones_everywhere() -> None:
    texts = wallpaper_texts("ja")
    for key in ("wallpaper.help.body", "wallpaper_table.tokens.front", "wallpaper_table.happening.token",
                "log.wallpaper.token", "wallpaper.score.token"):
        assert "記憶トークン" in texts[key], key
    for key in ("wallpaper.help.body", "wallpaper_table.status.hazy", "wallpaper_table.happening.hazy",
                "log.wallpaper.hazy", "wallpaper_table.bubble.no_hazy"):
        assert "おぼろげな記憶カード" in texts[key], key
    assert "「おぼろげ」" in texts["wallpaper.help.body"]  # the table's short name is introduced
    assert texts["wallpaper_table.box.hazy"].startswith("おぼろげ")


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_the_first_card_is_described_one_way(lang: str) -> None:
    """Help, table and refusal all say the first card starts the wall (not "anywhere", not "the middle")."""
    starts = {"ja": "壁の始まり", "en": "starts your wall"}[lang]
    wall_start = {"ja": "を始めます", "en": "starts your wall"}[lang]
    assert starts in t("wallpaper.help.body", lang=lang)
    assert starts in t("wallpaper_table.wall.empty", lang=lang)
    assert wall_start in t("wallpaper.reason.first_card", lang=lang)
    for text in wallpaper_texts(lang).values():
        assert "どこに置いても" not in text and "どこにでも" not in text and "goes anywhere" not in text
        assert "真ん中に置きます" not in text and "middle of your wall" not in text


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_the_help_tells_the_free_order_and_no_more_than_the_discards_show(lang: str) -> None:
    body = t("wallpaper.help.body", lang=lang)
    assert {"ja": "置く順番は自由", "en": "in any order"}[lang] in body
    assert {"ja": "もう使った数字", "en": "already used this round"}[lang] in body
    assert {"ja": "何が残っているか", "en": "what is left in each hand"}[lang] not in body


# What the house section must say for each house reading or gap of the rules module.
HOUSE = {
    "HOUSE_RANDOM_TOKEN_LINE": {"ja": "ランダム", "en": "drawn at random"},
    "HOUSE_GRANDMA_PICKS_MOST_CARDS": {"ja": "カードがいちばん多い列", "en": "the most cards"},
    "HOUSE_COLLISIONS_HIGHEST_FIRST": {"ja": "大きい数字の衝突から", "en": "the highest number goes first"},
    "HAZY_COUNT": {"ja": f"{wp.HAZY_COUNT}枚だけ", "en": f"only {wp.HAZY_COUNT} hazy memory cards"},
    "TOKEN_POINTS": {"ja": "先頭の2点は誰ももらいません", "en": "nobody scores the front token's 2 points"},
}


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_every_house_reading_is_in_the_house_section(lang: str) -> None:
    house = house_text("wallpaper", lang)
    named = {name for name in dir(wp) if name.startswith("HOUSE_") and name != "HOUSE_READINGS"}
    assert named <= set(HOUSE), f"a house reading without help text: {named - set(HOUSE)}"
    for name, words in HOUSE.items():
        assert hasattr(wp, name)
        assert words[lang] in house, f"{name}: the {lang} house section must say {words[lang]!r}"
