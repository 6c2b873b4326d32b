"""Game options: switches, choices and per-seat profiles, as the rules normalise them and as the
command line spells them."""

from __future__ import annotations

from typing import Any, ClassVar

import pytest

from game.core.errors import BadOptions
from game.core.rules import OptionSpec, Rules
from kotatsu.cli import UsageError, _option_value


class _HomeRules(Rules):
    """Only ``normalize_options`` is under test; the rest of the contract is never called."""

    game_id: ClassVar[str] = "homes"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    options: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec("fast", False),
        OptionSpec("home", "none", choices=("none", "flat", "house"), per_seat=True),
        OptionSpec("trio", False, players=(3,)),
    )


for _name in sorted(Rules.__abstractmethods__):
    setattr(_HomeRules, _name, lambda self, *args, **kwargs: None)
_HomeRules.__abstractmethods__ = frozenset()
RULES = _HomeRules()


def test_a_per_seat_option_defaults_to_one_value_per_seat() -> None:
    assert RULES.normalize_options(3, {}) == {"fast": False, "home": ("none", "none", "none"), "trio": False}


def test_a_per_seat_option_takes_a_tuple_or_a_saved_list() -> None:
    assert RULES.normalize_options(2, {"home": ("flat", "house")})["home"] == ("flat", "house")
    assert RULES.normalize_options(2, {"home": ["house", "none"]})["home"] == ("house", "none")


@pytest.mark.parametrize("value", [("flat",), ("flat", "palace"), "flat", ("flat", "house", "none")])
def test_a_per_seat_option_refuses_a_wrong_length_or_choice(value: Any) -> None:
    with pytest.raises(BadOptions):
        RULES.normalize_options(2, {"home": value})


def test_a_plain_option_still_refuses_values_and_player_counts() -> None:
    with pytest.raises(BadOptions):
        RULES.normalize_options(2, {"fast": "yes"})
    with pytest.raises(BadOptions):
        RULES.normalize_options(2, {"trio": True})
    assert RULES.normalize_options(3, {"trio": True})["trio"] is True


def test_the_command_line_spells_switches_and_choices() -> None:
    home = RULES.options[1]
    assert _option_value(RULES.options[0], "on", "fast") is True
    assert _option_value(RULES.options[0], "0", "fast") is False
    assert _option_value(home, "House", "home") == "house"
    with pytest.raises(UsageError):
        _option_value(home, "on", "home")
