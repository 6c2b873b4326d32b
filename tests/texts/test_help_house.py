"""Every house reading a game's rules module names is explained in that game's help, in Japanese and
in English (the convention is in ``game.core.house``).

The readings are read from the rules modules (``HOUSE_READINGS`` and the ``HOUSE_*`` constants) and
the texts from the catalogues, so a reading added to a game is checked without touching this file.
"""

from __future__ import annotations

import doctest
import re
import types

import pytest

from game.core import house
from game.core.registry import available_games
from game.i18n import LANGUAGES, catalogue

GAMES = available_games()
NAME = re.compile(r"^[a-z][a-z0-9_]*$")


def problems(game_id: str, module: types.ModuleType | None = None) -> list[str]:
    """What breaks the convention for ``game_id`` (its rules module, or ``module`` standing in)."""
    module = module or house.rules_module(game_id)
    readings = tuple(getattr(module, house.LISTING, ()))
    found = [] if readings else [f"{module.__name__} names no {house.LISTING}"]
    found += [f"{name!r} is not a snake_case name" for name in readings if not NAME.match(name)]
    found += [f"{name!r} is named twice" for name in set(readings) if readings.count(name) > 1]
    for constant in sorted(vars(module)):
        if constant.startswith(house.PREFIX) and constant != house.LISTING \
                and house.reading_of(constant, readings) is None:
            found.append(f"{constant} belongs to no reading of {house.LISTING}")
    for lang in LANGUAGES:
        texts = catalogue(lang)
        for name in readings:
            if not texts.get(house.key(game_id, name), "").strip():
                found.append(f"{lang}: the reading {name!r} has no text {house.key(game_id, name)}")
        found += [f"{lang}: {key} explains no reading the rules name"
                  for key in house.written(game_id, lang) if key.rpartition(".")[2] not in readings]
        if f"{game_id}.help.house" in texts:
            found.append(f"{lang}: {game_id}.help.house holds readings in one text: give each its own key")
    return found


@pytest.mark.parametrize("game_id", GAMES)
def test_every_house_reading_is_named_and_explained_in_both_languages(game_id: str) -> None:
    assert not problems(game_id), "\n".join(problems(game_id))


@pytest.mark.parametrize("game_id", GAMES)
def test_the_help_shows_each_reading_in_the_rules_order(game_id: str) -> None:
    for lang in LANGUAGES:
        expected = [house.key(game_id, name) for name in house.readings(game_id)]
        assert house.shown_keys(game_id, lang) == expected
        shown = house.house_text(game_id, lang)
        assert all(catalogue(lang)[key] in shown for key in expected)


def test_the_check_finds_a_reading_without_text_and_a_stray_constant() -> None:
    module = types.ModuleType("game.rules.fake")
    module.HOUSE_READINGS = ("deck", "deck", "Loud")  # type: ignore[attr-defined]
    module.HOUSE_DECK_RED = 36  # type: ignore[attr-defined]  (belongs to "deck")
    module.HOUSE_TURN_LIMIT = 60  # type: ignore[attr-defined]  (belongs to nothing named)
    found = problems("neko", module)
    assert "HOUSE_TURN_LIMIT belongs to no reading of HOUSE_READINGS" in found
    assert not any("HOUSE_DECK_RED" in problem for problem in found)
    assert "'deck' is named twice" in found and "'Loud' is not a snake_case name" in found
    assert "ja: the reading 'deck' has no text neko.help.house.deck" in found
    assert any("neko.help.house.first_start explains no reading" in problem for problem in found)
    assert problems("neko", types.ModuleType("game.rules.empty"))[0].endswith("names no HOUSE_READINGS")


def test_the_house_module_doctests_pass() -> None:
    failures, tried = doctest.testmod(house)
    assert tried and not failures
