"""The words agree with the numbers (issue 29): neko's round panel says the points the round
actually scored, with every option (the simple rules score 1 for the round, not the cat's 2); the
English log says "an 8", "an 11", "an 18", never "a 8"."""

from __future__ import annotations

import itertools
import re

import pytest

from game.core.match import Match, Seat
from game.i18n import english_articles, set_language, t
from game.narrate import line_text, narrate_match
from game.rules.neko import RoundEnded
from tests.random_matches import random_moves

NEKO_OPTIONS = [dict(zip(("simple", "quick"), values, strict=True))
                for values in itertools.product((False, True), repeat=2)]


def round_ends(options: dict[str, bool], seeds: range) -> list[tuple[Match, RoundEnded]]:
    """Every round end with a player who emptied their hand, over random 3-player matches."""
    found = []
    for seed in seeds:
        match = random_moves(Match("neko", [Seat("human")] * 3, seed, dict(options)), None, seed)
        found += [(match, event) for event in match.events if isinstance(event, RoundEnded) and event.emptied >= 0]
    return found


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("options", NEKO_OPTIONS, ids=lambda options: ",".join(k for k, v in options.items() if v) or "plain")
def test_the_round_panel_says_the_points_the_round_scored(options: dict[str, bool], lang: str) -> None:
    from scenes.neko.panels import round_end_message

    set_language(lang)
    try:
        ends = round_ends(options, range(6))
        assert ends, "some round ends with an emptied hand"
        for match, event in ends:
            message = round_end_message(event, options["simple"], match)
            said = int(re.findall(r"\+(\d+)", message)[-1])
            stack = 0 if options["simple"] else event.stack_sizes[event.emptied]
            assert said + stack == event.scores[event.emptied], (options, message, event.scores)
            assert said == (1 if options["simple"] else 2)
    finally:
        set_language("en")


def test_english_puts_an_before_numbers_said_with_a_vowel() -> None:
    assert english_articles("plays a 8 on a 11, a 18 and a 80") == "plays an 8 on an 11, an 18 and an 80"
    assert english_articles("A 8 falls; a 1, a 2, a 12 and a 110 stay") == "An 8 falls; a 1, a 2, a 12 and a 110 stay"
    set_language("en")
    assert t("log.neko.play.free", player="Mio", card=8) == "Mio plays an 8 on a free stack."
    set_language("ja")
    try:
        assert "an 8" not in t("log.neko.play.free", player="Mio", card=8)
    finally:
        set_language("en")


def test_no_english_log_line_says_a_before_8_11_or_18() -> None:
    set_language("en")
    wrong = re.compile(r"\b[Aa] (8|11|18|8\d)\b")
    for game_id, players in (("neko", 3), ("newold", 3), ("nostalgic", 3)):
        match = random_moves(Match(game_id, [Seat("human")] * players, 2), 120, 2)
        for line in narrate_match(match):
            text = line_text(line, lambda seat: f"Seat {seat}")
            assert not wrong.search(text), text
