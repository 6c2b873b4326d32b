"""ねこは上にある's worked examples (see ``game.examples``): the cross as laid, a card that fits one
stack but not another, and a round counted when a hand runs out."""

from __future__ import annotations

from game import examples as ex
from game.core.match import Match
from game.rules.neko import CAT_BONUS, PHASE_PLAY, NekoAction, RoundEnded, playable_positions

GAME_ID = "neko"
MOVE_PLAYERS = 3
SCORE_PLAYERS = 4


def setup(players: int) -> ex.Recipe:
    """The first round's cross once every stack is laid (the cat on the start player's stack)."""
    return ex.walk(GAME_ID, players, players, lambda match: match.state.phase == PHASE_PLAY)


def _fits_and_refused(match: Match) -> tuple[NekoAction, NekoAction] | None:
    """A card in the viewer's hand that one open stack takes and another refuses for the order
    (not for the cat): (the play that fits, the play that does not)."""
    state = match.state
    if state.phase != PHASE_PLAY or state.turn != ex.VIEWER:
        return None
    for card in sorted(set(state.hands[ex.VIEWER])):
        plays = [NekoAction("play", card, position) for position in playable_positions(state.cat)]
        found = ex.legal_and_refused(match, plays, "neko.reason.order")
        if found is not None:
            return found
    return None


def move() -> ex.MoveExample:
    """The viewer holds a card: one stack takes it, another says which cards it would take."""
    return ex.move_example(GAME_ID, MOVE_PLAYERS, _fits_and_refused)


def _viewer_goes_out(match: Match) -> bool:
    """In the first round, the viewer holds one card (the round ends when someone plays out)."""
    state = match.state
    return state.round == 0 and state.turn == ex.VIEWER and len(state.hands[ex.VIEWER]) == 1


def scoring() -> ex.ScoreExample:
    """The viewer plays their last card: the round ends and every stack is counted."""
    return ex.score_example(GAME_ID, SCORE_PLAYERS, RoundEnded, score_lines, "help.score.round", _viewer_goes_out)


def score_lines(ended: RoundEnded, match: Match) -> tuple[ex.ScoreLine, ...]:
    """Each seat's round: the cards of its own stack, plus the cat for the one who went out."""
    lines = []
    for seat, points in enumerate(ended.scores):
        terms = [ex.Term("neko.score.stack", ended.stack_sizes[seat])]
        if seat == ended.emptied:
            terms.append(ex.Term("neko.score.cat", CAT_BONUS))
        lines.append(ex.ScoreLine(seat, tuple(terms), points))
    return tuple(lines)
