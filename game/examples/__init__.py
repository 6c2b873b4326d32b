"""Worked examples for the rules help, built by the rules themselves (no pygame here).

The help shows each game with pictures of real positions: the setup at every player count, one
legal and one illegal move, and a score worked out. None of them is drawn by hand: each example
is a ``Recipe`` (a game, its seats, a seed and the actions that lead to the position), found by
playing seeded random legal moves until the position shows what it should, and checked by the
rules (the illegal move is refused with the rules' own reason, the score is read from the rules'
own events). The screen (``scenes.menus.help_pictures``) builds the table from the same recipe.

Each game's module ``game.examples.<game id>`` gives:

- ``setup(players) -> Recipe``: the table as it stands once it is set up for that many players;
- ``move() -> MoveExample``: seat 0 to act, one legal action and one illegal one;
- ``scoring() -> ScoreExample``: one action before a score is counted, and its arithmetic.

Recipes hold action objects, not their notation, so a game may change how it writes an action
without breaking its examples; a search that finds nothing raises ``LookupError`` (a test runs
every example).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from game.core.errors import IllegalAction
from game.core.events import Event
from game.core.match import Match, Seat
from game.core.registry import companion, get_rules

VIEWER = 0  # the seat the pictures are seen from (a person; the others are AI seats)
SEARCH_LIMIT = 4000  # random moves a search may play before it gives up


@dataclass(frozen=True)
class Recipe:
    """A position built by the rules: ``game_id`` for ``players`` seats from ``seed`` (with
    ``options``), then ``actions`` as (seat, action) in order."""

    game_id: str
    players: int
    seed: int
    actions: tuple[tuple[int, Any], ...] = ()
    options: tuple[tuple[str, Any], ...] = ()

    def build(self) -> Match:
        """A fresh match at this position: seat 0 a person, the others Normal AI seats."""
        seats = [Seat("human")] + [Seat("ai", "normal") for _ in range(self.players - 1)]
        match = Match(self.game_id, seats, self.seed, dict(self.options))
        for seat, action in self.actions:
            match.apply(seat, action)
        return match

    def then(self, seat: int, action: Any) -> Recipe:
        """This recipe with one more action."""
        return Recipe(self.game_id, self.players, self.seed, (*self.actions, (seat, action)), self.options)


@dataclass(frozen=True)
class MoveExample:
    """Seat ``seat`` to act at ``recipe``: ``legal`` is accepted; ``illegal`` is refused by the
    rules with ``reason`` (a catalogue key) and ``params``."""

    recipe: Recipe
    seat: int
    legal: Any
    illegal: Any
    reason: str
    params: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Term:
    """One part of a score: a catalogue key that names it and its points."""

    key: str
    value: float


@dataclass(frozen=True)
class ScoreLine:
    """One seat's score worked out: the parts, summed, make ``total``."""

    seat: int
    terms: tuple[Term, ...]
    total: float

    def adds_up(self) -> bool:
        """True when the parts sum to the total (the help prints the sum)."""
        return abs(sum(term.value for term in self.terms) - self.total) < 1e-9


@dataclass(frozen=True)
class ScoreExample:
    """At ``recipe`` seat ``seat`` plays ``action``, and a score is counted: ``lines`` are its
    arithmetic, per seat, read from the rules' own events (``heading``: a catalogue key saying
    what was counted)."""

    recipe: Recipe
    seat: int
    action: Any
    lines: tuple[ScoreLine, ...]
    heading: str = ""


def columns_of(parts: Sequence[tuple[str, Sequence[float]]], totals: Sequence[float]) -> tuple[ScoreLine, ...]:
    """One line per seat from score columns: (catalogue key, each seat's points) in order."""
    return tuple(ScoreLine(seat, tuple(Term(key, values[seat]) for key, values in parts), total)
                 for seat, total in enumerate(totals))


# ----- searching positions ---------------------------------------------------------------------
def walk(game_id: str, players: int, seed: int, found: Callable[[Match], bool],
         options: Mapping[str, Any] | None = None, *, policy: Callable[[Match, int, random.Random], Any] | None = None,
         limit: int = SEARCH_LIMIT) -> Recipe:
    """The first position of a seeded random line of play where ``found(match)`` holds.

    ``policy(match, seat, rng)`` picks each move (default: any legal one at random). Raises
    ``LookupError`` when the match ends or ``limit`` moves pass first."""
    recipe = Recipe(game_id, players, seed, (), tuple(sorted((options or {}).items())))
    match = recipe.build()
    rng = random.Random(seed)
    actions: list[tuple[int, Any]] = []
    for _ in range(limit):
        if found(match):
            return Recipe(game_id, players, seed, tuple(actions), recipe.options)
        if match.is_over():
            break
        seat = match.to_move()[0]
        action = policy(match, seat, rng) if policy is not None else rng.choice(match.legal_actions(seat))
        match.apply(seat, action)
        actions.append((seat, action))
    raise LookupError(f"{game_id}: no position found from seed {seed}")


def ai_policy(game_id: str, level: str = "normal") -> Callable[[Match, int, random.Random], Any]:
    """A policy that plays as the AI of ``level`` does (from the seat's observation only), for
    positions that look like real play rather than random moves."""
    from game.ai.base import make_agent

    agent = make_agent(game_id, level)

    def choose(match: Match, seat: int, rng: random.Random) -> Any:
        return agent.choose(match.observe(seat), match.legal_actions(seat), rng, 0.0)
    return choose


Found = TypeVar("Found")


def first_found(search: Callable[[int], Found], seeds: Sequence[int] = tuple(range(1, 40))) -> Found:
    """The first seed's result that ``search(seed)`` finds (it raises ``LookupError`` when not)."""
    for seed in seeds:
        try:
            return search(seed)
        except LookupError:
            continue
    raise LookupError("no seed gave an example")


def refusal(match: Match, seat: int, action: Any) -> tuple[str, dict[str, Any]] | None:
    """Why the rules refuse ``action`` for ``seat`` now (reason key, params), or None when legal."""
    try:
        match.rules.check(match.state, seat, action)
    except IllegalAction as error:
        return error.reason, dict(error.params)
    return None


def closing_action(match: Match, event_type: type) -> tuple[int, Any, list[Event]] | None:
    """An action of the (first) seat to move that makes the rules emit an ``event_type`` event
    (a round or a game scored), tried on a copy: (seat, action, its events), or None."""
    if match.is_over():
        return None
    seat = match.to_move()[0]
    for action in match.legal_actions(seat):
        state = match.rules.clone(match.state)
        events = match.rules.apply(state, seat, action)
        if any(isinstance(event, event_type) for event in events):
            return seat, action, events
    return None


def scored(game_id: str, players: int, event_type: type, seed: int,
           found: Callable[[Match], bool] = lambda match: True,
           policy: Callable[[Match, int, random.Random], Any] | None = None) -> tuple[Recipe, int, Any, Any]:
    """A position (where ``found`` holds) one action before the rules emit ``event_type``:
    (recipe, seat, action, that event)."""
    recipe = walk(game_id, players, seed, lambda match: found(match) and closing_action(match, event_type) is not None,
                  policy=policy)
    closing = closing_action(recipe.build(), event_type)
    assert closing is not None
    seat, action, events = closing
    return recipe, seat, action, next(event for event in events if isinstance(event, event_type))


def legal_and_refused(match: Match, plays: Sequence[Any], reason: str,
                      seat: int = VIEWER) -> tuple[Any, Any] | None:
    """Of ``plays``, the first the rules accept and the first they refuse for ``reason``, or None."""
    legal = next((play for play in plays if refusal(match, seat, play) is None), None)
    refused = next((play for play in plays if (refusal(match, seat, play) or ("",))[0] == reason), None)
    return (legal, refused) if legal is not None and refused is not None else None


Pair = Callable[[Match], "tuple[Any, Any] | None"]


def move_example(game_id: str, players: int, pair: Pair,
                 policy: Callable[[Match, int, random.Random], Any] | None = None) -> MoveExample:
    """The first position (over the seeds) where ``pair(match)`` gives the viewer a legal action
    and an illegal one, with the rules' reason for refusing it."""
    def search(seed: int) -> MoveExample:
        recipe = walk(game_id, players, seed, lambda match: pair(match) is not None, policy=policy)
        match = recipe.build()
        found = pair(match)
        assert found is not None
        reason, params = refusal(match, VIEWER, found[1]) or ("", {})
        return MoveExample(recipe, VIEWER, found[0], found[1], reason, params)
    return first_found(search)


def score_example(game_id: str, players: int, event_type: type,
                  lines: Callable[[Any, Match], tuple[ScoreLine, ...]], heading: str,
                  found: Callable[[Match], bool] = lambda match: True,
                  policy: Callable[[Match, int, random.Random], Any] | None = None) -> ScoreExample:
    """The first position (over the seeds, where ``found`` holds) one action before the rules emit
    ``event_type``; ``lines(event, match)`` works its score out (``match`` after the action)."""
    def search(seed: int) -> ScoreExample:
        recipe, seat, action, event = scored(game_id, players, event_type, seed, found, policy)
        after = recipe.build()
        after.apply(seat, action)
        return ScoreExample(recipe, seat, action, lines(event, after), heading)
    return first_found(search)


def examples(game_id: str) -> Any:
    """The examples module of ``game_id`` (its declaration's ``example``); KeyError if unknown."""
    return companion(game_id, "example")


def player_counts(game_id: str) -> range:
    """Every player count the game is set up for."""
    rules = get_rules(game_id)
    return range(rules.min_players, rules.max_players + 1)
