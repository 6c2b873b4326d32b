"""NEW & OLD's worked examples (see ``game.examples``): the zones as set up, a card that follows
the Old zone and one that does not, and a game scored once everyone has left."""

from __future__ import annotations

from game.core.match import Match
from game.examples import (
    VIEWER,
    MoveExample,
    Recipe,
    ScoreExample,
    ScoreLine,
    Term,
    first_found,
    refusal,
    scored,
    walk,
)
from game.rules.newold import NEW, OLD, PHASE_PLAY, STAGE_A, GameScored, NewOldAction, card_number

GAME_ID = "newold"
MOVE_PLAYERS = 3
SCORE_PLAYERS = 3


def setup(players: int) -> Recipe:
    """The first game once everyone has put their two cards back in the box."""
    return walk(GAME_ID, players, players, lambda match: match.state.phase == PHASE_PLAY)


def _follows_and_not(match: Match) -> tuple[NewOldAction, NewOldAction] | None:
    """In stage A on the viewer's turn: a hand card that follows the Old zone, and one that does
    not (refused for the order): (the play that fits, the play that does not)."""
    state = match.state
    if state.phase != PHASE_PLAY or state.turn != VIEWER or state.stages[VIEWER] != STAGE_A:
        return None
    plays = [NewOldAction("play", card) for card in sorted(set(state.hands[VIEWER]))]
    legal = [play for play in plays if refusal(match, VIEWER, play) is None]
    refused = [play for play in plays if (refusal(match, VIEWER, play) or ("",))[0] == "newold.reason.follow_old"]
    return (legal[0], refused[0]) if legal and refused else None


def move() -> MoveExample:
    """The viewer in stage A: one card follows the Old zone's top, another does not."""
    def search(seed: int) -> MoveExample:
        recipe = walk(GAME_ID, MOVE_PLAYERS, seed, lambda match: _follows_and_not(match) is not None)
        match = recipe.build()
        pair = _follows_and_not(match)
        assert pair is not None
        reason, params = refusal(match, VIEWER, pair[1]) or ("", {})
        return MoveExample(recipe, VIEWER, pair[0], pair[1], reason, params)
    return first_found(search)


def scoring() -> ScoreExample:
    """The last player still in the first game leaves: every seat's revealed cards are counted."""
    def search(seed: int) -> ScoreExample:
        recipe, seat, action, event = scored(GAME_ID, SCORE_PLAYERS, GameScored, seed,
                                             lambda match: match.state.game == 0)
        match = recipe.build()
        match.apply(seat, action)
        revealed = match.state.records[event.game].revealed
        return ScoreExample(recipe, seat, action, score_lines(revealed, event.scores), "help.score.game")
    return first_found(search)


def score_lines(revealed: tuple[tuple[str, ...], ...], scores: tuple[int, ...]) -> tuple[ScoreLine, ...]:
    """Each seat's cards in front of it: New diamonds count for, Old against; New alone against."""
    lines = []
    for seat, cards in enumerate(revealed):
        new = sum(card_number(card) for card in cards if card[0] == NEW)
        old = sum(card_number(card) for card in cards if card[0] == OLD)
        terms: list[Term] = []
        if new and old:
            terms.append(Term("help.newold.score.new", new))
        elif new:
            terms.append(Term("help.newold.score.new_alone", -new))
        if old:
            terms.append(Term("help.newold.score.old", -old))
        if not terms:
            terms.append(Term("help.newold.score.nothing", 0))
        lines.append(ScoreLine(seat, tuple(terms), scores[seat]))
    return tuple(lines)
