"""The move log's words (game.narrate): every game's events become lines a player can read, in
ja and en, with no rules notation and no hidden card; the opening is there; passes stand out."""

from __future__ import annotations

import re

import pytest

from game.core.match import Match, Seat
from game.core.registry import get_rules
from game.i18n import catalogue, set_language
from game.narrate import HEADING, PASS, RESULT, LogLine, line_text, narrate_events, narrate_match, reason_text
from game.rules import neko, newold, noaron, nostalgic, wallpaper
from tests.random_matches import random_moves

GAMES = ("neko", "newold", "noaron", "nostalgic", "wallpaper")
# Rules notation that must never reach a player: card codes ("O6", "N1"), balloon ids, sources.
NOTATION = re.compile(r"\b[NO][1-6]\b|tidy\d|pack\d|recall_|\btake (deck|mine|theirs)\b|[{}]")


def seat_counts(game_id: str) -> range:
    """Every player count the game allows."""
    rules = get_rules(game_id)
    return range(rules.min_players, rules.max_players + 1)


def names(seat: int) -> str:
    """Seat names that cannot be confused with any word of the log."""
    return f"Seat#{seat}"


@pytest.mark.parametrize("game_id", GAMES)
def test_every_line_of_full_matches_reads_in_both_languages(game_id: str) -> None:
    for players in seat_counts(game_id):
        for seed in (1, 2):
            match = random_moves(Match(game_id, [Seat("ai", "easy")] * players, seed), None, seed)
            lines = narrate_match(match)
            assert lines[0].kind == HEADING, "the log starts with the first round or game"
            assert any(line.kind == RESULT for line in lines), "a finished match says who scored and won"
            for lang in ("en", "ja"):
                set_language(lang)
                for line in lines:
                    text = line_text(line, names)
                    assert text and not NOTATION.search(text), (lang, line, text)
                    assert line.seat is None or 0 <= line.seat < players
            set_language("en")


def test_both_catalogues_have_the_same_log_keys() -> None:
    english = {key for key in catalogue("en") if key.startswith("log.")}
    japanese = {key for key in catalogue("ja") if key.startswith("log.")}
    assert english == japanese
    assert len(english) > 40


def words(game_id: str, events: list, players: int = 2) -> list[str]:
    """The English lines of ``events``."""
    set_language("en")
    return [line_text(line, names) for line in narrate_events(game_id, events, players)]


def test_neko_names_the_stack_by_its_owner_and_a_pass_stands_out() -> None:
    assert words("neko", [neko.CardPlayed(0, 7, 2)], players=2) == ["Seat#0 plays a 7 on Seat#1's stack."]
    assert words("neko", [neko.CardPlayed(1, 3, 1)], players=2) == ["Seat#1 plays a 3 on a free stack."]
    [line] = narrate_events("neko", [neko.Passed(1)], 2)
    assert line.kind == PASS and line_text(line, names) == "Seat#1 passes."


def test_newold_says_old_six_never_o6() -> None:
    assert words("newold", [newold.CardPlayed(1, "O6", newold.ZONE_OLD)]) == ["Seat#1 plays Old 6 on the Old zone."]
    assert words("newold", [newold.Revealed(0, ("O1", "O3"), True)]) == ["Seat#0 reveals their Old cards: Old 1 · Old 3."]
    set_language("ja")
    [line] = narrate_events("newold", [newold.CardPlayed(1, "N2", newold.ZONE_NEW)], 3)
    assert line_text(line, names) == "Seat#1がニューゾーンにニュー2を出す。"
    set_language("en")


def test_hidden_cards_stay_hidden() -> None:
    """A draw from the deck never tells its colours; the box cards never show; a deck card taken
    in Nostalgic keeps its kind to its taker."""
    took = words("noaron", [noaron.Took(0, noaron.SOURCE_DECK, ())])
    assert took == ["Seat#0 draws two cards from the deck."]
    assert words("noaron", [noaron.Took(1, noaron.SOURCE_THEIRS, ("R", "B"))]) == [
        "Seat#1 takes the opponent's pile tops (red · black)."]
    assert words("newold", [newold.BoxChosen(2)], 3) == ["Seat#2 puts two cards back in the box, face down."]
    assert words("nostalgic", [nostalgic.CardTaken(1, nostalgic.DECK_SOURCE, None)], 3) == [
        "Seat#1 takes the top card of the deck."]
    assert words("nostalgic", [nostalgic.CardTaken(1, 2, "PW")], 3) == ["Seat#1 takes a face-up card: Photo (wild)."]


def test_noaron_says_when_a_declaration_was_forced_and_counts_stake_cards_right() -> None:
    cut = noaron.best_cut("RRRRBBBBRRRB")

    def paying(paid: int) -> noaron.Settled:
        return noaron.Settled(0, 0, (tuple("RRRRBBBBRRRB"),) * 2, (cut, cut), 1, paid, 0, 0, paid, paid,
                              (9, 9 - paid), False)

    assert words("noaron", [noaron.Declared(1)]) == ["Seat#1 declares: Noaron!"]
    assert words("noaron", [noaron.Declared(0, forced=True)]) == [
        f"Seat#0 must declare: turn {noaron.HOUSE_TURN_LIMIT} is the round's last."]
    assert words("noaron", [paying(1)]) == ["Seat#1 loses the round and sets aside 1 stake card."]
    assert words("noaron", [paying(4)]) == ["Seat#1 loses the round and sets aside 4 stake cards."]
    set_language("ja")
    [line] = narrate_events("noaron", [noaron.Declared(0, forced=True)], 2)
    assert str(noaron.HOUSE_TURN_LIMIT) in line_text(line, names)
    set_language("en")


def test_nostalgic_names_the_balloon_and_counts_np_with_true_minus() -> None:
    assert words("nostalgic", [nostalgic.DiePlaced(0, 1, 4, "pack34")], 3) == ["Seat#0 puts a 4 in Packing 3–4."]
    assert words("nostalgic", [nostalgic.DiePlaced(0, 1, 5, "recall_any")], 3) == ["Seat#0 puts a 5 in Recall ∞."]
    assert words("nostalgic", [nostalgic.NpGained(2, -10, -4, "box_rank")], 3) == ["Seat#2: box rank −10 NP."]


def test_wallpaper_grandma_is_named_and_has_no_seat_mark() -> None:
    lines = narrate_events("wallpaper", [wallpaper.RowTaken(wallpaper.GRANDMA, 1, (4, 5), False, True)], 2)
    assert [line.seat for line in lines] == [None]
    assert line_text(lines[0], names) == "Grandma takes row 2 and clears it away."
    three = narrate_events("wallpaper", [wallpaper.RowTaken(2, 0, (4,), False, False)], 3)
    assert three[0].seat == 2 and line_text(three[0], names) == "Seat#2 takes row 1."


def test_the_opening_comes_from_the_fresh_deal() -> None:
    match = Match("nostalgic", [Seat("human")] * 3, 9)
    lines = narrate_match(match)
    assert [line.kind for line in lines[:2]] == [HEADING, HEADING]
    throws = [line for line in lines if line.key == "log.nostalgic.throw"]
    assert sorted(line.seat for line in throws) == [0, 1, 2]
    first = match.rules.observe(match.state, 0).dice
    set_language("en")
    assert line_text(throws[0], names).endswith(" · ".join(str(value) for value in first[throws[0].seat]) + ".")


def test_a_line_names_its_actor_unless_it_names_someone() -> None:
    line = LogLine(1, "log.pass", kind=PASS)
    set_language("en")
    assert line_text(line, names) == "Seat#1 passes."


def test_a_refusal_names_cards_as_a_player_would() -> None:
    """The rules explain a refusal with their card codes; the toast says "Old 6", never "O6"."""
    set_language("en")
    text = reason_text("newold", "newold.reason.old_playable", {"cards": "O1, O3"})
    assert text.endswith("Old cards that fit: Old 1, Old 3.")
    assert reason_text("newold", "newold.reason.not_in_hand", {"card": "N5"}) == "You have no New 5 in your hand."
    assert reason_text("neko", "neko.reason.not_in_hand", {"card": 7}) == "You have no 7 in your hand."
    set_language("ja")
    assert "O6" not in reason_text("newold", "newold.reason.not_in_hand", {"card": "O6"})
    set_language("en")
