"""ねこは上にある's worked examples (see ``game.examples``): the cross as laid, a card that fits one
stack but not another, and a round counted when a hand runs out."""

from __future__ import annotations

from game.core.match import Match
from game.examples import (
    VIEWER,
    MoveExample,
    Recipe,
    ScoreExample,
    ScoreLine,
    Term,
    events_of,
    first_found,
    refusal,
    walk,
)
from game.rules.neko import CAT_BONUS, PHASE_PLAY, NekoAction, RoundEnded, playable_positions

GAME_ID = "neko"
MOVE_PLAYERS = 3
SCORE_PLAYERS = 4


def setup(players: int) -> Recipe:
    """The first round's cross once every stack is laid (the cat on the start player's stack)."""
    return walk(GAME_ID, players, players, lambda match: match.state.phase == PHASE_PLAY)


def _fits_and_refused(match: Match) -> tuple[NekoAction, NekoAction] | None:
    """A card in the viewer's hand that one open stack takes and another refuses for the order
    (not for the cat): (the play that fits, the play that does not)."""
    state = match.state
    if state.phase != PHASE_PLAY or state.turn != VIEWER:
        return None
    for card in sorted(set(state.hands[VIEWER])):
        plays = [NekoAction("play", card, position) for position in playable_positions(state.cat)]
        legal = [play for play in plays if refusal(match, VIEWER, play) is None]
        refused = [play for play in plays if (refusal(match, VIEWER, play) or ("",))[0] == "neko.reason.order"]
        if legal and refused:
            return legal[0], refused[0]
    return None


def move() -> MoveExample:
    """The viewer holds a card: one stack takes it, another says which cards it would take."""
    def search(seed: int) -> MoveExample:
        recipe = walk(GAME_ID, MOVE_PLAYERS, seed, lambda match: _fits_and_refused(match) is not None)
        match = recipe.build()
        pair = _fits_and_refused(match)
        assert pair is not None
        reason, params = refusal(match, VIEWER, pair[1]) or ("", {})
        return MoveExample(recipe, VIEWER, pair[0], pair[1], reason, params)
    return first_found(search)


def _last_card(match: Match) -> NekoAction | None:
    """The viewer's last card in the first round, when it can be played now (the play that
    empties the hand)."""
    state = match.state
    if state.round or state.phase != PHASE_PLAY or state.turn != VIEWER or len(state.hands[VIEWER]) != 1:
        return None
    plays = [action for action in match.legal_actions(VIEWER) if action.kind == "play"]
    return plays[0] if plays else None


def scoring() -> ScoreExample:
    """The viewer plays their last card: the round ends and every stack is counted."""
    def search(seed: int) -> ScoreExample:
        recipe = walk(GAME_ID, SCORE_PLAYERS, seed, lambda match: _last_card(match) is not None)
        action = _last_card(recipe.build())
        assert action is not None
        ended = next(event for event in events_of(recipe, VIEWER, action) if isinstance(event, RoundEnded))
        return ScoreExample(recipe, VIEWER, action, score_lines(ended), "help.score.round")
    return first_found(search)


def score_lines(ended: RoundEnded) -> tuple[ScoreLine, ...]:
    """Each seat's round: the cards of its own stack, plus the cat for the one who went out."""
    lines = []
    for seat, points in enumerate(ended.scores):
        terms = [Term("neko.score.stack", ended.stack_sizes[seat])]
        if seat == ended.emptied:
            terms.append(Term("neko.score.cat", CAT_BONUS))
        lines.append(ScoreLine(seat, tuple(terms), points))
    return tuple(lines)
