"""That Old Wallpaper's worked examples (see ``game.examples``): the rows as set up, a card put
beside the wall and one put where it touches nothing, and the final scoring."""

from __future__ import annotations

from game import examples as ex
from game.core.match import Match
from game.rules.wallpaper import PHASE_PLACE, GameScored, WallpaperAction

GAME_ID = "wallpaper"
MOVE_PLAYERS = 3
SCORE_PLAYERS = 3
WALL_AT_LEAST = 3  # cards on the viewer's wall in the move example (a wall, not a lone card)


def setup(players: int) -> ex.Recipe:
    """The first turn as it begins: the rows laid, five number cards in each hand."""
    return ex.walk(GAME_ID, players, players, lambda match: True)


def _beside_and_apart(match: Match) -> tuple[WallpaperAction, WallpaperAction] | None:
    """The viewer places a card on a wall of a few cards: a cell beside the wall, and a cell on
    the wall's corner diagonal that touches no card (refused: no shared edge)."""
    state = match.state
    if state.phase != PHASE_PLACE or state.placer != ex.VIEWER or len(state.walls[ex.VIEWER]) < WALL_AT_LEAST:
        return None
    legal = match.legal_actions(ex.VIEWER)
    if not legal:
        return None
    wall = state.walls[ex.VIEWER]
    xs, ys = [x for x, _ in wall], [y for _, y in wall]
    for x, y in ((max(xs) + 1, min(ys) - 1), (min(xs) - 1, min(ys) - 1), (max(xs) + 1, max(ys) + 1),
                 (min(xs) - 1, max(ys) + 1)):
        apart = legal[0]._replace(x=x, y=y)
        if (ex.refusal(match, ex.VIEWER, apart) or ("",))[0] == "wallpaper.reason.not_adjacent":
            return legal[0], apart
    return None


def move() -> ex.MoveExample:
    """The viewer places a card from the row taken: beside the wall is legal, apart from it not."""
    return ex.move_example(GAME_ID, MOVE_PLAYERS, _beside_and_apart, policy=ex.ai_policy(GAME_ID))


def scoring() -> ex.ScoreExample:
    """The last card of the game is placed: shapes, memories, red ovals and the token count."""
    return ex.score_example(GAME_ID, SCORE_PLAYERS, GameScored, score_lines, "help.score.final",
                         policy=ex.ai_policy(GAME_ID))


def score_lines(event: GameScored, match: Match) -> tuple[ex.ScoreLine, ...]:
    """Each seat's points: shape pairs, memories, red ovals (fewest +2, most −2) and the token."""
    return ex.columns_of([("wallpaper.score.shapes", event.shapes), ("wallpaper.score.memories", event.memories),
                          ("wallpaper.score.ovals", event.oval_points), ("wallpaper.score.token", event.token)],
                         event.totals)
