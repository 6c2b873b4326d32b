"""Nostalgic's worked examples (see ``game.examples``): the board as set up, a die that a balloon
takes and one it does not, and the final scoring of a game."""

from __future__ import annotations

from game import examples as ex
from game.core.match import Match
from game.rules.nostalgic import BALLOON_IDS, PHASE_PLACE, FinalScored, NostalgicAction, place

GAME_ID = "nostalgic"
MOVE_PLAYERS = 3
SCORE_PLAYERS = 3


def setup(players: int) -> ex.Recipe:
    """The first round as it begins: the dice thrown, the cards dealt and laid out."""
    return ex.walk(GAME_ID, players, players, lambda match: True)


def _taken_and_refused(match: Match) -> tuple[NostalgicAction, NostalgicAction] | None:
    """On the viewer's turn: a die and a balloon that takes it, and a balloon that does not take
    that die's value (refused for the value, not for being full)."""
    state = match.state
    if state.phase != PHASE_PLACE or state.seat != ex.VIEWER:
        return None
    for die, balloon in enumerate(state.placed[ex.VIEWER]):
        found = None if balloon else ex.legal_and_refused(
            match, [place(die, balloon_id) for balloon_id in BALLOON_IDS], "nostalgic.reason.wrong_value")
        if found is not None:
            return found
    return None


def move() -> ex.MoveExample:
    """The viewer holds a die: the balloons that take its value glow; another one refuses it."""
    return ex.move_example(GAME_ID, MOVE_PLAYERS, _taken_and_refused)


def scoring() -> ex.ScoreExample:
    """The last action of a game: chips, card sets and the box ranking are counted."""
    return ex.score_example(GAME_ID, SCORE_PLAYERS, FinalScored, score_lines, "help.score.final",
                         policy=ex.ai_policy(GAME_ID))


def score_lines(event: FinalScored, match: Match) -> tuple[ex.ScoreLine, ...]:
    """Each seat's final NP: what the board gave during play, then chips, sets and the box rank."""
    counted = [chips + sets + penalty for chips, sets, penalty in zip(event.chips, event.set_points, event.penalties)]
    play = [total - part for total, part in zip(event.totals, counted)]
    return ex.columns_of([("nostalgic.score.play", play), ("nostalgic.score.chips", event.chips),
                          ("nostalgic.score.sets", event.set_points), ("nostalgic.score.box_rank", event.penalties)],
                         event.totals)
