"""ノアロン's worked examples (see ``game.examples``): the round as dealt, a take that opens a turn
and a declaration made too early, and a settlement after a real declaration."""

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
from game.rules.noaron import DECLARE, PHASE_TAKE, SOURCE_DECK, TAKES, Settled

GAME_ID = "noaron"
PLAYERS = 2


def setup(players: int) -> Recipe:
    """The first round as dealt: stakes, a card on each pile, twelve cards in each hand."""
    return walk(GAME_ID, players, 1, lambda match: True)


def _opening_turn(match: Match) -> bool:
    """The viewer's turn begins: two cards to take."""
    state = match.state
    return state.turn == VIEWER and state.phase == PHASE_TAKE and match.rules.is_legal(state, VIEWER, TAKES[SOURCE_DECK])


def move() -> MoveExample:
    """The viewer's turn begins: taking two from the deck is legal, declaring now is not."""
    def search(seed: int) -> MoveExample:
        recipe = walk(GAME_ID, PLAYERS, seed, _opening_turn, policy=ai_policy(GAME_ID))
        reason, params = refusal(recipe.build(), VIEWER, DECLARE) or ("", {})
        return MoveExample(recipe, VIEWER, TAKES[SOURCE_DECK], DECLARE, reason, params)
    return first_found(search)


def scoring() -> ScoreExample:
    """A player declares in the first round: both hands are shown and the loser pays."""
    def search(seed: int) -> ScoreExample:
        recipe, seat, action, settled = scored(
            GAME_ID, PLAYERS, Settled, seed, lambda match: match.state.round == 0 and action_is_declare(match),
            policy=ai_policy(GAME_ID))
        return ScoreExample(recipe, seat, action, score_lines(settled), "help.score.settlement")
    return first_found(search)


def action_is_declare(match: Match) -> bool:
    """The seat to move may declare now (its hand is low enough)."""
    seat = match.to_move()[0] if match.to_move() else -1
    return seat >= 0 and DECLARE in match.legal_actions(seat)


def score_lines(settled: Settled) -> tuple[ScoreLine, ...]:
    """The loser's payment: the difference of the two hands, plus the +3s."""
    loser = settled.loser
    winner = 1 - loser
    scores = (settled.cuts[0].score, settled.cuts[1].score)
    difference = ScoreLine(loser, (Term("help.noaron.score.own_hand", scores[loser]),
                                   Term("help.noaron.score.other_hand", -scores[winner])), settled.difference)
    terms = [Term("help.noaron.score.difference", settled.difference)]
    if settled.declarer_penalty:
        terms.append(Term("help.noaron.score.declarer_lost", settled.declarer_penalty))
    if settled.zero_penalty:
        terms.append(Term("help.noaron.score.winner_zero", settled.zero_penalty))
    return difference, ScoreLine(loser, tuple(terms), settled.loss)
