"""ノアロン's worked examples (see ``game.examples``): the round as dealt, a take that opens a turn
and a declaration made too early, and a settlement after a real declaration."""

from __future__ import annotations

from game import examples as ex
from game.core.match import Match
from game.rules.noaron import DECLARE, PHASE_TAKE, SOURCE_DECK, TAKES, NoaronAction, Settled

GAME_ID = "noaron"
PLAYERS = 2


def setup(players: int) -> ex.Recipe:
    """The first round as dealt: stakes, a card on each pile, twelve cards in each hand."""
    return ex.walk(GAME_ID, players, 1, lambda match: True)


def _opening_turn(match: Match) -> bool:
    """The viewer's turn begins: two cards to take."""
    state = match.state
    return state.turn == ex.VIEWER and state.phase == PHASE_TAKE and match.rules.is_legal(state, ex.VIEWER, TAKES[SOURCE_DECK])


def move() -> ex.MoveExample:
    """The viewer's turn begins: taking two from the deck is legal, declaring now is not."""
    return ex.move_example(GAME_ID, PLAYERS, _take_or_declare, policy=ex.ai_policy(GAME_ID))


def _take_or_declare(match: Match) -> tuple[NoaronAction, NoaronAction] | None:
    """At the start of the viewer's turn: the take from the deck, and a declaration (too early)."""
    if not _opening_turn(match):
        return None
    return ex.legal_and_refused(match, [TAKES[SOURCE_DECK], DECLARE], "noaron.reason.declare_timing")


def scoring() -> ex.ScoreExample:
    """A player declares in the first round: both hands are shown and the loser pays."""
    return ex.score_example(GAME_ID, PLAYERS, Settled, score_lines, "help.score.settlement",
                         lambda match: match.state.round == 0 and may_declare(match), ex.ai_policy(GAME_ID))


def may_declare(match: Match) -> bool:
    """The seat to move may declare now (its hand is low enough)."""
    seat = match.to_move()[0] if match.to_move() else -1
    return seat >= 0 and DECLARE in match.legal_actions(seat)


def score_lines(settled: Settled, match: Match) -> tuple[ex.ScoreLine, ...]:
    """The loser's payment: the difference of the two hands, plus the +3s."""
    loser = settled.loser
    winner = 1 - loser
    scores = (settled.cuts[0].score, settled.cuts[1].score)
    difference = ex.ScoreLine(loser, (ex.Term("help.noaron.score.own_hand", scores[loser]),
                                   ex.Term("help.noaron.score.other_hand", -scores[winner])), settled.difference)
    terms = [ex.Term("help.noaron.score.difference", settled.difference)]
    if settled.declarer_penalty:
        terms.append(ex.Term("help.noaron.score.declarer_lost", settled.declarer_penalty))
    if settled.zero_penalty:
        terms.append(ex.Term("help.noaron.score.winner_zero", settled.zero_penalty))
    if len(terms) == 1:  # no +3: the difference is the whole loss
        return (difference,)
    return difference, ex.ScoreLine(loser, tuple(terms), settled.loss)
