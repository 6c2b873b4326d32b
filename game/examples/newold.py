"""NEW & OLD's worked examples (see ``game.examples``): the zones as set up, a card that follows
the Old zone and one that does not, and a game scored once everyone has left."""

from __future__ import annotations

from game import examples as ex
from game.core.match import Match
from game.rules.newold import NEW, OLD, PHASE_PLAY, STAGE_A, GameScored, NewOldAction, card_number

GAME_ID = "newold"
MOVE_PLAYERS = 3
SCORE_PLAYERS = 3


def setup(players: int) -> ex.Recipe:
    """The first game once everyone has put their two cards back in the box."""
    return ex.walk(GAME_ID, players, players, lambda match: match.state.phase == PHASE_PLAY)


def _follows_and_not(match: Match) -> tuple[NewOldAction, NewOldAction] | None:
    """In stage A on the viewer's turn: a hand card that follows the Old zone, and one that does
    not (refused for the order): (the play that fits, the play that does not)."""
    state = match.state
    if state.phase != PHASE_PLAY or state.turn != ex.VIEWER or state.stages[ex.VIEWER] != STAGE_A:
        return None
    plays = [NewOldAction("play", card) for card in sorted(set(state.hands[ex.VIEWER]))]
    return ex.legal_and_refused(match, plays, "newold.reason.follow_old")


def move() -> ex.MoveExample:
    """The viewer in stage A: one card follows the Old zone's top, another does not."""
    return ex.move_example(GAME_ID, MOVE_PLAYERS, _follows_and_not)


def scoring() -> ex.ScoreExample:
    """The last player still in the first game leaves: every seat's revealed cards are counted."""
    return ex.score_example(GAME_ID, SCORE_PLAYERS, GameScored, score_lines, "help.score.game",
                         lambda match: match.state.game == 0)


def score_lines(event: GameScored, match: Match) -> tuple[ex.ScoreLine, ...]:
    """Each seat's cards in front of it: New diamonds count for, Old against; New alone against."""
    lines = []
    for seat, cards in enumerate(match.state.records[event.game].revealed):
        new = sum(card_number(card) for card in cards if card[0] == NEW)
        old = sum(card_number(card) for card in cards if card[0] == OLD)
        terms: list[ex.Term] = []
        if new and old:
            terms.append(ex.Term("help.newold.score.new", new))
        elif new:
            terms.append(ex.Term("help.newold.score.new_alone", -new))
        if old:
            terms.append(ex.Term("help.newold.score.old", -old))
        if not terms:
            terms.append(ex.Term("help.newold.score.nothing", 0))
        lines.append(ex.ScoreLine(seat, tuple(terms), event.scores[seat]))
    return tuple(lines)
