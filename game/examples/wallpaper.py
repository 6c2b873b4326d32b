"""That Old Wallpaper's worked examples (see ``game.examples``): the rows as set up, a card put
beside the wall and one put where it touches nothing, and the final scoring."""

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
from game.rules.wallpaper import PHASE_PLACE, GameScored, WallpaperAction

GAME_ID = "wallpaper"
MOVE_PLAYERS = 3
SCORE_PLAYERS = 3
WALL_AT_LEAST = 3  # cards on the viewer's wall in the move example (a wall, not a lone card)


def setup(players: int) -> Recipe:
    """The first turn as it begins: the rows laid, five number cards in each hand."""
    return walk(GAME_ID, players, players, lambda match: True)


def _beside_and_apart(match: Match) -> tuple[WallpaperAction, WallpaperAction] | None:
    """The viewer places a card on a wall of a few cards: a cell beside the wall, and a cell on
    the wall's corner diagonal that touches no card (refused: no shared edge)."""
    state = match.state
    if state.phase != PHASE_PLACE or state.placer != VIEWER or len(state.walls[VIEWER]) < WALL_AT_LEAST:
        return None
    legal = match.legal_actions(VIEWER)
    if not legal:
        return None
    wall = state.walls[VIEWER]
    xs, ys = [x for x, _ in wall], [y for _, y in wall]
    for x, y in ((max(xs) + 1, min(ys) - 1), (min(xs) - 1, min(ys) - 1), (max(xs) + 1, max(ys) + 1),
                 (min(xs) - 1, max(ys) + 1)):
        apart = legal[0]._replace(x=x, y=y)
        if (refusal(match, VIEWER, apart) or ("",))[0] == "wallpaper.reason.not_adjacent":
            return legal[0], apart
    return None


def move() -> MoveExample:
    """The viewer places a card from the row taken: beside the wall is legal, apart from it not."""
    def search(seed: int) -> MoveExample:
        recipe = walk(GAME_ID, MOVE_PLAYERS, seed, lambda match: _beside_and_apart(match) is not None,
                      policy=ai_policy(GAME_ID))
        match = recipe.build()
        pair = _beside_and_apart(match)
        assert pair is not None
        reason, params = refusal(match, VIEWER, pair[1]) or ("", {})
        return MoveExample(recipe, VIEWER, pair[0], pair[1], reason, params)
    return first_found(search)


def scoring() -> ScoreExample:
    """The last card of the game is placed: shapes, memories, red ovals and the token count."""
    def search(seed: int) -> ScoreExample:
        recipe, seat, action, event = scored(GAME_ID, SCORE_PLAYERS, GameScored, seed, policy=ai_policy(GAME_ID))
        return ScoreExample(recipe, seat, action, score_lines(event), "help.score.final")
    return first_found(search)


def score_lines(event: GameScored) -> tuple[ScoreLine, ...]:
    """Each seat's points: shape pairs, memories, red ovals (fewest +2, most −2) and the token."""
    lines = []
    for seat, total in enumerate(event.totals):
        terms = (Term("wallpaper.score.shapes", event.shapes[seat]), Term("wallpaper.score.memories", event.memories[seat]),
                 Term("wallpaper.score.ovals", event.oval_points[seat]), Term("wallpaper.score.token", event.token[seat]))
        lines.append(ScoreLine(seat, terms, total))
    return tuple(lines)
