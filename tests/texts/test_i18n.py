"""Text catalogues: ja and en agree key for key and field for field, and every key the rules use exists."""

from __future__ import annotations

import json
import re
import string
from pathlib import Path

import pytest

from game import i18n
from game.core.house import house_text
from game.core.registry import available_games, get_rules, specs
from game.i18n import LANGUAGES, catalogue, t
from game.rules import neko
from game.rules.neko import NekoAction, NekoState

I18N_DIR = Path(i18n.__file__).resolve().parent
ROOT = I18N_DIR.parents[1]
NAMESPACES = sorted(path.stem for path in (I18N_DIR / "en").glob("*.json"))
JAPANESE = re.compile(r"[\u3040-\u30ff\u3400-\u9fff]")


def load(lang: str, namespace: str) -> dict[str, str]:
    with open(I18N_DIR / lang / f"{namespace}.json", encoding="utf-8") as handle:
        return json.load(handle)


def fields(text: str) -> set[str]:
    """The names of the ``str.format`` fields in a text."""
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def test_both_languages_have_the_same_namespace_files() -> None:
    assert "neko" in NAMESPACES and "common" in NAMESPACES
    for lang in LANGUAGES:
        assert sorted(p.stem for p in (I18N_DIR / lang).glob("*.json")) == NAMESPACES, lang


@pytest.mark.parametrize("namespace", NAMESPACES)
def test_same_keys_and_same_fields_in_every_language(namespace: str) -> None:
    texts = {lang: load(lang, namespace) for lang in LANGUAGES}
    for lang, data in texts.items():
        assert isinstance(data, dict)
        assert all(isinstance(k, str) and isinstance(v, str) for k, v in data.items()), lang
    en = texts["en"]
    for lang, data in texts.items():
        assert set(data) == set(en), f"{lang}/{namespace}.json: {sorted(set(data) ^ set(en))}"
        for key, text in data.items():
            assert fields(text) == fields(en[key]), f"{lang} {key}"


@pytest.mark.parametrize("namespace", NAMESPACES)
def test_no_empty_texts_and_every_text_formats(namespace: str) -> None:
    for lang in LANGUAGES:
        for key, text in load(lang, namespace).items():
            assert text.strip(), f"{lang} {key} is empty"
            text.format(**{name: "X" for name in fields(text)})  # no broken braces


@pytest.mark.parametrize("namespace", [ns for ns in NAMESPACES if ns != "common"])
def test_keys_start_with_their_namespace(namespace: str) -> None:
    for key in load("en", namespace):
        assert key.startswith(namespace + "."), f"{key} belongs in another file than {namespace}.json"


def test_no_key_is_defined_in_two_files() -> None:
    seen: dict[str, str] = {}
    for namespace in NAMESPACES:
        for key in load("en", namespace):
            assert key not in seen, f"{key} is in {seen.get(key)}.json and {namespace}.json"
            seen[key] = namespace


def test_japanese_neko_texts_are_japanese() -> None:
    for key, text in load("ja", "neko").items():
        assert JAPANESE.search(text), key
        assert text != load("en", "neko")[key]


# ----- keys the code uses ---------------------------------------------------------------------------
def keys_in_source(path: Path, prefix: str) -> set[str]:
    return set(re.findall(r'"(' + re.escape(prefix) + r'[a-z0-9_.]+)"', path.read_text(encoding="utf-8")))


def test_every_neko_reason_in_the_rules_exists() -> None:
    used = keys_in_source(ROOT / "game" / "rules" / "neko.py", "neko.reason.")
    assert {"neko.reason.cat_stack", "neko.reason.order", "neko.reason.not_in_hand"} <= used
    for lang in LANGUAGES:
        missing = used - set(catalogue(lang))
        assert not missing, f"{lang}: {sorted(missing)}"


def test_every_generic_reason_and_error_the_core_uses_exists() -> None:
    used: set[str] = set()
    for path in list((ROOT / "game" / "core").glob("*.py")) + [ROOT / "game" / "rules" / "neko.py"]:
        used |= keys_in_source(path, "reason.") | keys_in_source(path, "error.")
    assert "reason.not_your_turn" in used
    for lang in LANGUAGES:
        assert not used - set(catalogue(lang)), lang


def reason_situations() -> list[tuple[str, dict]]:
    """(reason, params) of every refusal neko can give, produced by the rules themselves."""
    rules = neko.RULES
    found = []
    setup = rules.new_game(4, 1)
    missing = next(v for v in range(1, 9) if v not in setup.hands[0])
    for action in (neko.PASS, NekoAction("base", missing)):
        found.append(rules.explain_illegal(setup, 0, action))
    play = NekoState(
        players=2,
        simple=False,
        quick=False,
        rng=None,
        phase=neko.PHASE_PLAY,  # type: ignore[arg-type]
        hands=[[1, 5, 7], [2]],
        stacks=[[4], [3], [6], [2]],
        rest=[],
        cat=0,
        turn=0,
    )
    for action in (
        NekoAction("play", 7, 0),
        NekoAction("play", 5, 1),
        NekoAction("play", 7, 2),
        NekoAction("play", 8, 1),
        NekoAction("base", 5),
        NekoAction("fly", 1, 1),
    ):
        found.append(rules.explain_illegal(play, 0, action))
    return [(reason, params) for reason, _, params in found]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_refusal_reads_well_with_its_parameters(lang: str) -> None:
    situations = reason_situations()
    reasons = {reason for reason, _ in situations}
    assert reasons >= {
        "neko.reason.setup",
        "neko.reason.not_in_hand",
        "neko.reason.cat_stack",
        "neko.reason.order",
        "neko.reason.no_card_fits",
        "neko.reason.not_setup",
        "reason.illegal",
    }
    for reason, params in situations:
        text = catalogue(lang)[reason]
        assert fields(text) <= set(params), f"{reason} needs {fields(text) - set(params)}"
        shown = t(reason, lang, **params)
        assert "{" not in shown and "}" not in shown
        for value in params.values():
            assert str(value) in shown


def test_every_option_label_and_hint_exists() -> None:
    for game_id in available_games():
        for spec in get_rules(game_id).options:
            assert spec.label, f"{game_id} option {spec.key} has no label key"
            for lang in LANGUAGES:
                assert spec.label in catalogue(lang), (lang, spec.label)
                assert spec.label + ".hint" in catalogue(lang), (lang, spec.label + ".hint")


def test_every_score_category_exists() -> None:
    used = keys_in_source(ROOT / "game" / "rules" / "neko.py", "neko.score.")
    assert used == {"neko.score.stack", "neko.score.cat", "neko.score.wins"}
    for lang in LANGUAGES:
        assert used <= set(catalogue(lang))


def test_every_game_title_exists() -> None:
    for entry in specs():
        for lang in LANGUAGES:
            assert catalogue(lang).get(entry.title_key, "").strip(), (lang, entry.title_key)


# ----- the texts the neko table and help screen show ------------------------------------------------------
TABLE_TEXTS = {
    "neko.help.title": set(),
    "neko.help.body": set(),
    "neko.help.house.must_play_after_passes": set(),
    "neko.help.house.nobody_can_play": set(),
    "neko.help.house.first_start": set(),
    "neko.status.your_turn": set(),
    "neko.status.must_play": set(),
    "neko.status.waiting": {"player"},
    "neko.status.lay_base": set(),
    "neko.status.cat_on": {"player"},
    "neko.round_end.emptied": {"player", "points"},
    "neko.round_end.emptied_simple": {"player", "points"},
    "neko.round_end.blocked": set(),
    "neko.bubble.must_play": set(),
    "neko.round": {"n", "total"},
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_table_and_help_texts_exist_with_their_fields(lang: str) -> None:
    texts = catalogue(lang)
    for key, wanted in TABLE_TEXTS.items():
        assert key in texts, key
        assert fields(texts[key]) == wanted, key
    assert "Tama" in t("neko.status.waiting", lang, player="Tama")
    assert "2" in t("neko.round", lang, n=2, total=4) and "4" in t("neko.round", lang, n=2, total=4)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_help_body_covers_the_whole_game_in_paragraphs(lang: str) -> None:
    body = catalogue(lang)["neko.help.body"]
    paragraphs = body.split("\n\n")
    assert len(paragraphs) >= 8
    assert all(p.strip() and p == p.strip() for p in paragraphs)
    # the numbers a player needs: 24 cards, six dealt, five in the quick deal, the cat's 2 points
    for number in ("24", "6", "5", "2"):
        assert number in body, number


HOUSE_WORDS = {  # what the house section must name: the stall breaker, the blocked end, the first start
    "ja": ("全員が続けてパス", "置けるカードを持っている人はパスできず", "誰も出せないとき", "ネコは誰も取りません",
           f"席{neko.HOUSE_FIRST_START_SEAT + 1}"),
    "en": ("every player has passed in a row", "must play", "When nobody can play", "nobody takes the cat",
           f"seat {neko.HOUSE_FIRST_START_SEAT + 1}"),
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_house_reading_states_the_stall_breaker_the_blocked_end_and_the_first_start(lang: str) -> None:
    house = house_text("neko", lang)
    assert neko.HOUSE_MUST_PLAY_AFTER_PASSES == 1  # the words say "everyone once": change them with it
    for words in HOUSE_WORDS[lang]:
        assert words in house, words
    assert len(house.split("\n\n")) >= 3  # one paragraph per reading (the help adds the heading)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_help_says_three_players_lay_their_own_stacks_and_what_the_quick_setup_sets_aside(lang: str) -> None:
    body = catalogue(lang)["neko.help.body"]
    assert "余った札は伏せたまま使いません" not in body
    if lang == "ja":
        assert "3人それぞれが自分の手札から1枚を自分の場札にします" in body
        assert "残りの5枚は脇によけて使いません" in body
    else:
        assert "each of the three lays their own stack from their own hand" in body
        assert "the other five are set aside unused" in body


def test_language_switch_changes_the_neko_texts() -> None:
    before = i18n.language()
    try:
        i18n.set_language("en")
        english = t("neko.reason.cat_stack")
        i18n.set_language("ja")
        japanese = t("neko.reason.cat_stack")
    finally:
        i18n.set_language(before)
    assert english != japanese
    assert JAPANESE.search(japanese) and not JAPANESE.search(english)
