"""``python -m game review``: the command's work (the parser is in ``kotatsu.cli``).

``review FILE`` prints the key moments (move number, what was played, what Hard would have
played, both win chances) and the seat's win-chance line; ``--json`` the same as data; ``--list``
the recent finished matches; ``--last`` reviews the newest; ``--show`` opens the review screen.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from game.coach import percent
from game.core.errors import SaveError
from game.core.match import Match
from game.i18n import set_language
from game.review import Review, review_match

BAR_WIDTH = 30  # characters of the progress bar on stderr


class ReviewUsage(Exception):
    """A bad file or argument: one line, exit code 2 (``kotatsu.cli`` prints it)."""


def progress_bar(done: int, total: int) -> None:
    """Redraw the progress bar on stderr."""
    filled = BAR_WIDTH * done // max(1, total)
    print(f"\r[{'#' * filled}{'.' * (BAR_WIDTH - filled)}] {done}/{total} decisions", end="",
          file=sys.stderr, flush=True)


def load(path: Path) -> Match:
    """The match of a save file; ``ReviewUsage`` for a missing one, ``SaveError`` for a bad one."""
    if not path.exists():
        raise ReviewUsage(f"no such file: {path}")
    if not path.is_file():
        raise ReviewUsage(f"{path} is not a file")
    return Match.load(path)


def chosen_match(args: argparse.Namespace) -> tuple[Match, Path]:
    """The match ``FILE`` or ``--last`` names."""
    if args.last and args.file is not None:
        raise ReviewUsage("give a save file or --last, not both")
    if args.last:
        from game.core.recent import recent_matches

        recent = recent_matches(limit=1)
        if not recent:
            raise ReviewUsage("no finished match is kept yet (play one to the end first)")
        return recent[0].match, recent[0].path
    if args.file is None:
        raise ReviewUsage("review needs a save file, --last or --list")
    return load(args.file), args.file


def run(args: argparse.Namespace, show: Callable[..., int] | None = None) -> int:
    """Review the chosen match and print it, or hand it to ``show`` (the review screen, which the
    command line passes in for ``--show``: game/ stays free of pygame)."""
    try:
        match, path = chosen_match(args)
    except SaveError as error:
        print(f"kotatsu: review failed: {error}", file=sys.stderr)
        return 1
    if args.seat is not None and not 0 <= args.seat < match.players:
        raise ReviewUsage(f"--seat must be 0 to {match.players - 1} for this match, not {args.seat}")
    if args.seat is None and not any(seat.is_human for seat in match.seats):
        raise ReviewUsage("every seat of this match is an AI: name the seat to review with --seat")
    if show is not None:
        return show(match, args.seat, jobs=args.jobs, budget=args.budget, playouts=args.playouts)
    set_language("en")  # the command line speaks English, as every command does
    bar = None if args.json else progress_bar
    try:
        review = review_match(match, args.seat, jobs=args.jobs, budget=args.budget, playouts=args.playouts,
                              progress=bar)
    finally:
        if bar is not None:
            print(file=sys.stderr)
    if args.json:  # the time goes to stderr: the data is the same on every run
        print(f"reviewed in {review.seconds:.1f} s", file=sys.stderr)
        print(json.dumps({"file": str(path), **review.to_json()}, ensure_ascii=False, indent=1))
    else:
        print(format_review(review, match))
    return 0


def format_review(review: Review, match: Match) -> str:
    """The review as text: the key moments, then each seat's line."""
    seconds = f"{review.seconds:.1f} s" + (f", {review.budget:.2f} s per decision" if review.budget else "")
    lines = [f"{match.game_id}: {len(review.decisions)} decisions reviewed in {seconds}"]
    if review.playouts:
        lines[0] += f", {review.playouts} playouts each"
    if review.stride > 1:  # a slow game: evenly spaced decisions, each with playouts that mean something
        lines[0] += f" (every {review.stride}th decision of a seat: more would not fit the time)"
    lines.append("Key moments:" if review.moments else
                 "Key moments: none, not enough evidence (no drop lies outside its interval at these playouts)")
    for number, moment in enumerate(review.moments, start=1):
        played, best = review.words(moment)
        lines.append(f"  {number}. move {moment.move_number} (seat {moment.seat}): played '{played}' "
                     f"({percent(moment.played_win)}); Hard would have played '{best}' ({percent(moment.best_win)})")
    for seat in review.seats:
        lines.append(f"Win-chance line, seat {seat} (move: chance after the move played):")
        points = [f"{index + 1}: {percent(win)}" for index, win in review.line(seat)]
        lines.extend("  " + "  ".join(points[start:start + 8]) for start in range(0, len(points), 8))
    return "\n".join(lines)


def list_recent(as_json: bool) -> int:
    """``review --list``: the kept finished matches, newest first."""
    from game.core.recent import recent_matches

    recent = recent_matches()
    rows: list[dict[str, Any]] = []
    for entry in recent:
        result = entry.match.rules.result(entry.match.state)
        rows.append({"file": str(entry.path), "game": entry.match.game_id,
                     "finished": time.strftime("%Y-%m-%d %H:%M", time.localtime(entry.finished)),
                     "players": entry.match.players, "scores": list(result.scores),
                     "humans": [seat for seat, info in enumerate(entry.match.seats) if info.is_human]})
    if as_json:
        print(json.dumps(rows, ensure_ascii=False, indent=1))
    elif not rows:
        print("no finished match is kept yet")
    for number, row in enumerate(rows if not as_json else [], start=1):
        scores = ", ".join(f"{score:g}" for score in row["scores"])
        print(f"{number:2d}. {row['finished']}  {row['game']:<9} {row['players']} players  scores {scores}  "
              f"{row['file']}")
    return 0
