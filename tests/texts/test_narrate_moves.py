"""Moves in words (``game.narrate.describe_action``): every legal action kind of every game gets a
text a player can read, in both languages, built from the seat's observation."""

from __future__ import annotations

import random
import re

import pytest

from game.core.registry import GAME_IDS, get_rules
from game.i18n import set_language
from game.narrate import describe_action
from game.rules.neko import NekoAction
from game.rules.wallpaper import place

# Every action kind each game has (a kind the walk never met fails the test).
KINDS = {
    "neko": {"base", "play", "pass"},
    "newold": {"box", "play", "reveal"},
    "noaron": {"take", "discard", "insert", "declare", "end"},
    "nostalgic": {"place", "reroll", "take"},
    "wallpaper": {"play", "pick", "place"},
}
# Notation a text must not show: neko's ``5@2``, NEW & OLD's ``N3``, a balloon id, a raw field.
NOTATION = re.compile(r"@|\b[NO]\d\b|tidy\d|pack\d|recall|\{|\}|coach\.|log\.")


def _texts(game_id: str, seeds: int, per_state: int) -> dict[str, set[str]]:
    """Walk random matches; describe up to ``per_state`` legal actions of each position in both
    languages; return kind -> the texts seen (a failed check raises at once)."""
    rules = get_rules(game_id)
    seen: dict[str, set[str]] = {}
    for seed in range(seeds):
        rng = random.Random(seed)
        players = rules.min_players + seed % (rules.max_players - rules.min_players + 1)
        state = rules.new_game(players, seed)
        for _ in range(400):
            if rules.is_over(state):
                break
            seat = rules.to_move(state)[0]
            legal = rules.legal_actions(state, seat)
            observation = rules.observe(state, seat)
            for action in rng.sample(legal, min(per_state, len(legal))):
                for lang in ("en", "ja"):
                    set_language(lang)
                    text = describe_action(game_id, action, observation)
                    assert text.strip(), (game_id, action)
                    assert text != rules.encode_action(action)
                    assert not NOTATION.search(text), (game_id, lang, action, text)
                    seen.setdefault(action.kind, set()).add(text)
            rules.advance(state, seat, rng.choice(legal))
    set_language("ja")
    return seen


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_action_kind_has_words_in_both_languages(game_id: str) -> None:
    seen = _texts(game_id, seeds=4, per_state=6)
    assert set(seen) == KINDS[game_id]


def test_neko_stacks_are_named_as_the_viewer_sees_them() -> None:
    rules = get_rules("neko")
    state = rules.new_game(4, 3, {"quick": True})
    seat = rules.to_move(state)[0]
    observation = rules.observe(state, seat)
    set_language("en")
    try:
        # seat s owns position s; clockwise from its own: left, across, right
        words = [describe_action("neko", NekoAction("play", 5, (seat + step) % 4), observation) for step in range(4)]
        assert words == ["Play 5 on your own stack", "Play 5 on the left stack",
                         "Play 5 on the stack across from you", "Play 5 on the right stack"]
        assert describe_action("neko", NekoAction("pass"), observation) == "Pass"
    finally:
        set_language("ja")


def test_wallpaper_placement_names_the_neighbour_and_the_shapes() -> None:
    rules = get_rules("wallpaper")
    state = rules.new_game(3, 1)
    rng = random.Random(1)
    while not any(action.kind == "place" for action in rules.legal_actions(state, rules.to_move(state)[0])):
        seat = rules.to_move(state)[0]
        rules.advance(state, seat, rng.choice(rules.legal_actions(state, seat)))
    seat = rules.to_move(state)[0]
    observation = rules.observe(state, seat)
    card = observation.pending[0]
    set_language("en")
    try:
        first = describe_action("wallpaper", place(card, 0, 0, 0), observation)
        turned = describe_action("wallpaper", place(card, 0, 0, 180), observation)
    finally:
        set_language("ja")
    assert first.startswith("Hang the ") and "first card of your wall" in first
    assert "turned round" in turned and "turned round" not in first
