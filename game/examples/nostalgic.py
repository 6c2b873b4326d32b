"""Nostalgic's worked examples (see ``game.examples``): the board as set up, a die that a balloon
takes and one it does not, and the final scoring of a game."""

from __future__ import annotations

from game.core.match import Match
from game.examples import (
    VIEWER,
    MoveExample,
    Recipe,
    ScoreExample,
    ScoreLine,
    Term,
    ai_policy,
    first_found,
    refusal,
    scored,
    walk,
)
from game.rules.nostalgic import BALLOON_IDS, PHASE_PLACE, FinalScored, NostalgicAction, place

GAME_ID = "nostalgic"
MOVE_PLAYERS = 3
SCORE_PLAYERS = 3


def setup(players: int) -> Recipe:
    """The first round as it begins: the dice thrown, the cards dealt and laid out."""
    return walk(GAME_ID, players, players, lambda match: True)


def _taken_and_refused(match: Match) -> tuple[NostalgicAction, NostalgicAction] | None:
    """On the viewer's turn: a die and a balloon that takes it, and a balloon that does not take
    that die's value (an empty one: refused for the value, not for being full)."""
    state = match.state
    if state.phase != PHASE_PLACE or state.seat != VIEWER:
        return None
    for die, balloon in enumerate(state.placed[VIEWER]):
        if balloon:
            continue
        plays = [place(die, balloon_id) for balloon_id in BALLOON_IDS]
        legal = [play for play in plays if refusal(match, VIEWER, play) is None]
        refused = [play for play in plays
                   if (refusal(match, VIEWER, play) or ("",))[0] == "nostalgic.reason.wrong_value"]
        if legal and refused:
            return legal[0], refused[0]
    return None


def move() -> MoveExample:
    """The viewer holds a die: the balloons that take its value glow; another one refuses it."""
    def search(seed: int) -> MoveExample:
        recipe = walk(GAME_ID, MOVE_PLAYERS, seed, lambda match: _taken_and_refused(match) is not None)
        match = recipe.build()
        pair = _taken_and_refused(match)
        assert pair is not None
        reason, params = refusal(match, VIEWER, pair[1]) or ("", {})
        return MoveExample(recipe, VIEWER, pair[0], pair[1], reason, params)
    return first_found(search)


def scoring() -> ScoreExample:
    """The last action of a game: chips, card sets and the box ranking are counted."""
    def search(seed: int) -> ScoreExample:
        recipe, seat, action, event = scored(GAME_ID, SCORE_PLAYERS, FinalScored, seed, policy=ai_policy(GAME_ID))
        return ScoreExample(recipe, seat, action, score_lines(event), "help.score.final")
    return first_found(search)


def score_lines(event: FinalScored) -> tuple[ScoreLine, ...]:
    """Each seat's final NP: what the board gave during play, then chips, sets and the box rank."""
    lines = []
    for seat, total in enumerate(event.totals):
        counted = event.chips[seat] + event.set_points[seat] + event.penalties[seat]
        terms = (Term("nostalgic.score.play", total - counted), Term("nostalgic.score.chips", event.chips[seat]),
                 Term("nostalgic.score.sets", event.set_points[seat]),
                 Term("nostalgic.score.box_rank", event.penalties[seat]))
        lines.append(ScoreLine(seat, terms, total))
    return tuple(lines)
