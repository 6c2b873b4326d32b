"""Hints for a match: which seat may ask, Hard's advice on that seat's observation, the ranking in
words, and the save files the hint figures are measured on (a tournament's matches, a match cut
after N actions).

Everything here reads a seat's observation (``Match.observe``) and its legal moves, never the
match's true state, so a hint cannot tell a hidden card.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from game.ai.advice import DEFAULT_BUDGET, Advice, advise
from game.core.match import Match, Seat
from game.i18n import t
from game.narrate import describe_action

TOP_MOVES = 3  # moves a hint lists


class HintRefused(Exception):
    """No hint for this seat now; ``key`` is the catalogue reason, the message says it in English."""

    def __init__(self, key: str, message: str) -> None:
        super().__init__(message)
        self.key = key


def hint_seat(match: Match, seat: int | None = None) -> int:
    """The seat a hint is for: ``seat``, or the seat to move; ``HintRefused`` when the match is
    over or that seat has no move now."""
    if match.is_over():
        raise HintRefused("coach.hint.off.over", "the match is over: there is no move to hint")
    to_move = match.to_move()
    chosen = to_move[0] if seat is None else seat
    if not 0 <= chosen < match.players:
        raise HintRefused("coach.hint.off.seat", f"there is no seat {chosen} (seats 0 to {match.players - 1})")
    if not match.legal_actions(chosen):
        moving = ", ".join(str(s) for s in to_move)
        raise HintRefused("coach.hint.off.turn", f"seat {chosen} has no move now (to move: seat {moving})")
    return chosen


def match_advice(match: Match, seat: int, *, budget: float = DEFAULT_BUDGET, playouts: int | None = None,
                 seed: int = 0) -> Advice:
    """Hard's view of ``seat``'s position in ``match``, from that seat's observation only."""
    return advise(match.game_id, match.observe(seat), match.legal_actions(seat), seed=seed, budget=budget,
                  playouts=playouts)


def percent(win: float) -> str:
    """A win chance as a whole percentage ("62 %")."""
    return t("coach.hint.percent", n=round(100 * win))


def ranking_lines(game_id: str, advice: Advice, observation: Any, top: int = TOP_MOVES) -> list[str]:
    """The ``top`` best moves in words with their win chances ("Play 5 on the left stack: 62 %");
    a move the playouts cannot tell apart from another one listed (they share a rank) says it is
    about equal, so near-equal moves are never ranked by noise alone."""
    shown = advice.moves[:top]
    ranks = [move.rank for move in shown]
    return [t("coach.hint.line_equal" if ranks.count(move.rank) > 1 else "coach.hint.line",
              move=describe_action(game_id, move.action, observation), chance=percent(move.win))
            for move in shown]


def hard_note(advice: Advice) -> str:
    """One line on Hard's own choice beside the ranking: it heads the list, or why not (the
    playouts rate another move better for sure)."""
    hard = next((move for move in advice.moves if move.hard), None)
    if hard is None:
        return t("coach.hint.hard_unlisted", move=advice.hard_choice)
    if advice.hard_outranked:
        return t("coach.hint.hard_outranked", move=hard.notation, best=advice.best.notation)
    if len(advice.equal_best) > 1:
        return t("coach.hint.hard_equal", move=hard.notation, n=len(advice.equal_best))
    return t("coach.hint.hard_best", move=hard.notation)


def tournament_saves(game_id: str, agents: Sequence[str], seed: int, options: dict[str, Any],
                     records: Sequence[Any], directory: Path) -> list[Path]:
    """Write every finished tournament game (``GameRecord`` with its log) as a save file
    ``<game>-seed<S>-<index>.json`` in ``directory``; each is replayed and checked first."""
    directory.mkdir(parents=True, exist_ok=True)
    paths = []
    for record in records:
        seats = [Seat("human")] * len(agents)
        for slot, seat in enumerate(record.seats):
            seats[seat] = Seat("ai", agents[slot])
        game_seed = seed + record.index
        data = Match(game_id, seats, game_seed, options).to_json()
        data["log"] = [list(entry) for entry in record.log]
        match = Match.from_json({**data, "position": None}, verify=False)
        path = directory / f"{game_id}-seed{game_seed}-{record.index:04d}.json"
        match.save(path)
        paths.append(path)
    return paths
