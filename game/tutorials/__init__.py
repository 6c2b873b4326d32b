"""Guided first games ("Learn in 3 minutes"): one scripted, seeded deal per game.

A tutorial is data: the match (game, seats, seed, options: the rules deal it from the seed, no
hand-made state) and a list of ``Step``. A step shows a caption (a key of the ``tutorial``
catalogue) and either waits for one action of the person (``expect``: the rules' notation, e.g.
``play 5@2``) or, with no ``expect``, is an explanation that goes on with a click or Enter. The
AI seats' answers during the script are data too (``replies``: played after the step), so the
path is the same every time. After the last step the AI seats play on by themselves (Easy) and
the person plays freely to the end of the match.

The per-game data lives in ``game.tutorials.<game id>`` (a module-level ``TUTORIAL``);
``run_script`` plays a tutorial's whole path on a ``Match`` and checks that every action is legal
when it is due. Nothing here touches the rules: they only see ordinary actions.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from game.core.match import Match, Seat
from game.core.registry import GAME_IDS, companion
from game.core.rng import LEGACY_GENERATOR

GAMES: tuple[str, ...] = GAME_IDS  # every game declares a tutorial
PERSON = 0  # the person always sits at seat 0 in a tutorial
FREE_LEVEL = "easy"  # the AI seats' level once the script is over
# Reading time of a caption (for the ``--check`` length): a pause to find it, then characters at
# a comfortable reading pace (English about 15 characters a second, Japanese about 7).
READ_PAUSE = 1.0  # seconds
READ_RATE: dict[str, float] = {"en": 15.0, "ja": 7.0}  # characters a second


class ScriptError(ValueError):
    """A tutorial's path cannot be played on the rules (a step says which)."""


@dataclass(frozen=True)
class Step:
    """One step of a tutorial.

    ``caption``: key in the ``tutorial`` catalogue (e.g. ``tutorial.neko.cat``). ``expect``: the
    person's action in the rules' notation, or "" for an explanation step (continue on a click or
    Enter). ``accept``: optional predicate on an action's notation for steps that allow more than
    one move (the path still plays ``expect``). ``wrong``: catalogue key of the friendly line shown
    when another move is tried (default ``tutorial.wrong``). ``spots``: named places of the table
    to glow (``scenes.<game>.spots.named_spots``), besides the expected action's own pieces.
    ``replies``: (seat, notation) actions of AI seats played after this step, in order."""

    caption: str
    expect: str = ""
    accept: Callable[[str], bool] | None = None
    wrong: str = ""
    spots: tuple[str, ...] = ()
    replies: tuple[tuple[int, str], ...] = ()

    @property
    def waits_for_move(self) -> bool:
        """True when the step waits for the person's action (not an explanation)."""
        return bool(self.expect)

    def accepts(self, notation: str) -> bool:
        """True when ``notation`` is a move this step takes."""
        if self.accept is not None:
            return self.accept(notation)
        return notation == self.expect

    def wrong_key(self) -> str:
        """The catalogue key of the line shown for another move."""
        return self.wrong or "tutorial.wrong"


@dataclass(frozen=True)
class Tutorial:
    """A game's guided first deal: the match to build and its steps."""

    game: str
    players: int
    seed: int
    steps: tuple[Step, ...]
    options: Mapping[str, Any] = field(default_factory=dict)
    # the scripts were written for the deals random.Random gives their seeds: a tutorial's deal is
    # public (its captions tell it), so it keeps that generator and every script stays true
    generator: str = LEGACY_GENERATOR

    def seats(self) -> list[Seat]:
        """The person at seat 0; every other seat an Easy AI (scripted until the steps end)."""
        return [Seat("human")] + [Seat("ai", FREE_LEVEL) for _ in range(self.players - 1)]

    def new_match(self) -> Match:
        """The tutorial's match, freshly dealt from its seed."""
        return Match(self.game, self.seats(), self.seed, dict(self.options), generator=self.generator)

    def caption_keys(self) -> list[str]:
        """Every catalogue key the tutorial shows (captions and wrong-move lines)."""
        keys = ["tutorial.wrong", "tutorial.free"]
        for step in self.steps:
            keys.append(step.caption)
            if step.wrong:
                keys.append(step.wrong)
        return list(dict.fromkeys(keys))


def load(game_id: str) -> Tutorial:
    """The tutorial of ``game_id`` (``KeyError`` for a game without one)."""
    if game_id not in GAMES:
        raise KeyError(game_id)
    tutorial: Tutorial = companion(game_id, "tutorial").TUTORIAL  # a module attribute: the declaration names its type
    return tutorial


def apply_checked(match: Match, seat: int, notation: str, where: str) -> None:
    """Play ``notation`` for ``seat`` on ``match``; ``ScriptError`` (naming ``where``) when it is
    not that seat's turn or the rules do not list the action as legal now."""
    if seat not in match.to_move():
        raise ScriptError(f"{where}: seat {seat} is not to move for {notation!r} (to move: {match.to_move()})")
    try:
        action = match.rules.decode_action(notation)
    except Exception as error:  # any parse failure of the notation is a broken script
        raise ScriptError(f"{where}: {notation!r} is not an action of {match.game_id}: {error}") from error
    if action not in match.legal_actions(seat):
        raise ScriptError(f"{where}: {notation!r} is not legal for seat {seat} now")
    match.apply(seat, action)


def play_step(match: Match, step: Step, number: int) -> None:
    """Play one step's part of the path: the person's expected action, then the replies."""
    where = f"{match.game_id} step {number + 1} ({step.caption})"
    if step.expect:
        if step.accept is not None and not step.accept(step.expect):
            raise ScriptError(f"{where}: its own predicate refuses {step.expect!r}")
        apply_checked(match, PERSON, step.expect, where)
    for seat, notation in step.replies:
        apply_checked(match, seat, notation, f"{where}, reply")


def run_script(tutorial: Tutorial) -> Match:
    """Play the tutorial's whole path on a fresh match and return it; ``ScriptError`` names the
    first step whose action is not legal when it is due."""
    match = tutorial.new_match()
    for number, step in enumerate(tutorial.steps):
        play_step(match, step, number)
    if match.is_over():
        raise ScriptError(f"{tutorial.game}: the match is over before the person plays on freely")
    return match


def reading_seconds(text: str, language: str) -> float:
    """How long a person reads ``text`` (see ``READ_PAUSE`` and ``READ_RATE``)."""
    return READ_PAUSE + len(text) / READ_RATE.get(language, READ_RATE["en"])
