"""The rules contract: one subclass of ``Rules`` per game, in ``game/rules/<game id>.py``.

A rules object is stateless; every method takes the state it works on. States are plain mutable
objects owned by the caller, with all chance drawn from the seeded generator stored inside them
(``game.core.rng.deal_rng``: a ``random.Random`` whose output does not give its seed away), so a
game is fully rebuilt from (game id, players, options, seed, generator, action log).

Two layers of legality, as in python-chess: ``legal_actions``/``is_legal`` say what may be done,
``check`` explains why not (an ``IllegalAction`` with a catalogue key), and ``apply`` is the checked
entry point that returns events. Search uses ``advance``: the same transition, unchecked and
without building events.

Simultaneous secret choices: ``to_move`` may name several seats at once; each of them acts with
``apply`` in any order and the state resolves when the last one is in. Until then an observation
never shows another seat's pending choice.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, TypeVar

from game.core.errors import BadOptions, IllegalAction
from game.core.events import Event
from game.core.rng import GENERATOR

S = TypeVar("S")  # full state
A = TypeVar("A", bound=Hashable)  # action
O = TypeVar("O")  # observation (one seat's view)


@dataclass(frozen=True)
class OptionSpec:
    """One option a game offers in its setup screen and on the command line."""

    key: str
    default: Any
    choices: tuple[Any, ...] = (False, True)
    label: str = ""  # i18n key of its label
    players: tuple[int, ...] | None = None  # player counts it applies to (None: all)
    # A per-seat option holds one value per seat (a tuple as long as the player count), each one
    # of ``choices``; ``default`` is the value of every seat nobody set (e.g. a player's home).
    per_seat: bool = False

    def default_for(self, players: int) -> Any:
        """The value this option takes when nobody sets it."""
        return (self.default,) * players if self.per_seat else self.default

    def accepts(self, value: Any, players: int) -> bool:
        """True when ``value`` is a valid value of this option for ``players`` seats."""
        if not self.per_seat:
            return value in self.choices
        return (isinstance(value, tuple) and len(value) == players
                and all(item in self.choices for item in value))

    def applies_to(self, players: int) -> bool:
        """True when this option is offered for that many players."""
        return self.players is None or players in self.players


@dataclass(frozen=True)
class Result:
    """The outcome of a finished game.

    ``scores`` are final totals per seat, ``ranks`` 1 = best (ties share the better rank),
    ``breakdown`` one dict per seat of category key -> value (keys are i18n keys; a key ending
    in ``_count`` is a fact such as how many red ovals, not points, and is shown after the
    total), and ``rounds`` one row per round of per-seat points, for the results table.
    """

    scores: tuple[float, ...]
    ranks: tuple[int, ...]
    breakdown: tuple[Mapping[str, float], ...] = ()
    rounds: tuple[tuple[float, ...], ...] = ()
    notes: tuple[str, ...] = ()  # i18n keys of remarks ("tie shared", ...)

    @property
    def winners(self) -> tuple[int, ...]:
        """Every seat that ranks first."""
        return tuple(seat for seat, rank in enumerate(self.ranks) if rank == 1)


def rank_scores(scores: Sequence[float], higher_is_better: bool = True) -> tuple[int, ...]:
    """Competition ranks (1, 1, 3, ...): tied seats share the better rank.

    >>> rank_scores([7, 7, 3, 5])
    (1, 1, 4, 3)
    """
    sign = 1 if higher_is_better else -1
    return tuple(1 + sum(1 for other in scores if sign * other > sign * mine) for mine in scores)


PERFECT = "perfect"  # every seat sees the whole state
IMPERFECT = "imperfect"  # hands or a deck are hidden: observations differ by seat


@dataclass(frozen=True)
class GameSpec:
    """One game as the house knows it, declared once at the foot of its rules module
    (``GAME = GameSpec(RULES, ...)``), as OpenSpiel's ``register_game`` pairs a game type with its
    factory. ``game.core.registry`` finds it there; nothing else lists the games.

    The companions are module names, imported on first use, so that naming them costs nothing:
    ``ai`` (``make(level)``, optionally ``make_hard()`` and playout policies), ``narrator`` (the log's
    words), ``tutorial`` (``TUTORIAL``) and ``example`` (the help's positions)."""

    rules: Rules[Any, Any, Any]
    title_key: str  # i18n key of the game's title
    information: str  # PERFECT or IMPERFECT
    simultaneous: bool  # True when ``to_move`` may name several seats choosing in secret at once
    ai: str
    narrator: str
    tutorial: str
    example: str
    # A fresh reader per game played: event -> why the round it ends ended (``game.round_ends``).
    round_end: Callable[[], Callable[[Event], str | None]]
    # Seconds one AI decision takes at 100 playouts, for the review's budget (``game.review``).
    decision_cost: float

    @property
    def game_id(self) -> str:
        """The game's id (its rules' ``game_id``)."""
        return self.rules.game_id

    @property
    def players(self) -> tuple[int, int]:
        """The smallest and the largest table."""
        return (self.rules.min_players, self.rules.max_players)

    @property
    def options(self) -> tuple[OptionSpec, ...]:
        """The options of its setup screen and command line."""
        return self.rules.options


class Rules(ABC, Generic[S, A, O]):
    """Base of every game's rules. Subclasses set the class constants and the abstract methods."""

    game_id: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    options: ClassVar[tuple[OptionSpec, ...]] = ()

    # ----- setup -------------------------------------------------------------------------
    def normalize_options(self, players: int, options: Mapping[str, Any] | None) -> dict[str, Any]:
        """Fill defaults and validate; raise ``BadOptions`` naming the bad key or value."""
        if not self.min_players <= players <= self.max_players:
            raise BadOptions(
                "error.players",
                f"{self.game_id} is for {self.min_players}-{self.max_players} players, not {players}",
                min=self.min_players,
                max=self.max_players,
                players=players,
            )
        given = dict(options or {})
        known = {spec.key: spec for spec in self.options}
        for key in given:
            if key not in known:
                raise BadOptions("error.option_key", f"{self.game_id} has no option {key!r}", key=key)
        result: dict[str, Any] = {}
        for spec in self.options:
            value = given.get(spec.key, spec.default_for(players))
            if spec.per_seat and isinstance(value, list):
                value = tuple(value)  # saves hold JSON lists
            if not spec.accepts(value, players):
                raise BadOptions(
                    "error.option_value",
                    f"option {spec.key!r} takes {list(spec.choices)}, not {value!r}",
                    key=spec.key,
                    value=value,
                )
            if value != spec.default_for(players) and not spec.applies_to(players):
                raise BadOptions(
                    "error.option_players",
                    f"option {spec.key!r} is only for {list(spec.players or ())} players",
                    key=spec.key,
                )
            result[spec.key] = value
        return result

    @abstractmethod
    def new_game(self, players: int, seed: int, options: Mapping[str, Any] | None = None,
                 generator: str = GENERATOR) -> S:
        """A fresh state, with its own RNG ``deal_rng(seed, generator)``; options are validated here.
        ``generator`` is ``LEGACY_GENERATOR`` only to replay a save dealt before ``GENERATOR``."""

    @abstractmethod
    def opening_events(self, observation: O) -> list[Event]:
        """The events a fresh game's setup amounts to (deal order, who starts, what is boxed...),
        read from any seat's observation of the state ``new_game`` returned (which gives no events).

        A table animates a fresh match by playing them on its empty table: once they are played
        it shows what the observation shows. They carry only what that observation may see."""

    # ----- turns ---------------------------------------------------------------------------
    @abstractmethod
    def to_move(self, state: S) -> tuple[int, ...]:
        """The seats that must act now (several for simultaneous choices); empty when over."""

    @abstractmethod
    def legal_actions(self, state: S, seat: int) -> list[A]:
        """Every legal action for ``seat`` now, in a stable order (empty if it is not to move)."""

    def is_legal(self, state: S, seat: int, action: A) -> bool:
        """True when ``apply`` would accept the action."""
        return seat in self.to_move(state) and action in self.legal_actions(state, seat)

    def check(self, state: S, seat: int, action: A) -> None:
        """Raise ``IllegalAction`` with the most specific reason when the action is illegal.

        Games override ``explain_illegal`` to give reasons a player can act on.
        """
        if self.is_over(state):
            raise IllegalAction("reason.game_over", "the game is over")
        if seat not in self.to_move(state):
            raise IllegalAction("reason.not_your_turn", f"seat {seat} is not to move", seat=seat)
        if action not in self.legal_actions(state, seat):
            reason, message, params = self.explain_illegal(state, seat, action)
            raise IllegalAction(reason, message, **params)

    def explain_illegal(self, state: S, seat: int, action: A) -> tuple[str, str, dict[str, Any]]:
        """Why ``action`` is not legal: (i18n key, English message, parameters)."""
        return "reason.illegal", f"{action!r} is not a legal action", {}

    def apply(self, state: S, seat: int, action: A) -> list[Event]:
        """Checked transition: refuse an illegal action (state untouched) or play it.

        Returns the events, in order, for the screen to animate.
        """
        self.check(state, seat, action)
        events: list[Event] = []
        self._perform(state, seat, action, events)
        return events

    def advance(self, state: S, seat: int, action: A) -> None:
        """Unchecked transition without events, for search and playouts."""
        self._perform(state, seat, action, None)

    @abstractmethod
    def _perform(self, state: S, seat: int, action: A, events: list[Event] | None) -> None:
        """Play a legal action; append events only when ``events`` is a list."""

    # ----- outcome ---------------------------------------------------------------------------
    @abstractmethod
    def is_over(self, state: S) -> bool:
        """True when the whole game (every round of the match) has ended."""

    @abstractmethod
    def result(self, state: S) -> Result:
        """Scores, ranks and breakdown; for an unfinished game, the standing so far."""

    # ----- hidden information ----------------------------------------------------------------
    @abstractmethod
    def observe(self, state: S, seat: int) -> O:
        """Everything ``seat`` may know, and nothing more (no other hand, no deck order, no RNG).

        ``seat`` may be -1 for a spectator, who sees only what is public.
        """

    @abstractmethod
    def determinize(self, observation: O, rng: random.Random) -> S:
        """A full state consistent with ``observation``; hidden parts sampled from ``rng``.

        The state's own RNG must be seeded from ``rng`` too, so search never sees future chance.
        """

    @abstractmethod
    def clone(self, state: S) -> S:
        """An independent copy, cheap enough for thousands of search iterations."""

    # ----- notation --------------------------------------------------------------------------
    @abstractmethod
    def encode_action(self, action: A) -> str:
        """Compact text for an action, as stored in save files and logs."""

    @abstractmethod
    def decode_action(self, text: str) -> A:
        """Inverse of ``encode_action``; raise ``IllegalAction`` for text that names no action."""

    def upgrade_action(self, state: S, seat: int, text: str, version: int) -> str:
        """A logged action from a save of an older format ``version`` in today's notation, read
        against the state it was played in (default: the notation has not changed)."""
        return text

    @abstractmethod
    def notation(self, state: S) -> str:
        """A compact, complete text of the position (like FEN), for tests and bug reports."""

    # ----- search hooks ----------------------------------------------------------------------
    def is_search_leaf(self, state: S) -> bool:
        """Where a playout may stop and be scored (default: the end of the game)."""
        return self.is_over(state)

    def search_epoch(self, state: S) -> int:
        """A counter that search may not play past (e.g. the round number, for multi-round
        matches whose later rounds do not depend on this decision). Default: never cut."""
        return 0

    def search_rewards(self, state: S) -> tuple[float, ...]:
        """Per-seat rewards in [0, 1] at a search leaf (default: from the ranks of ``result``)."""
        ranks = self.result(state).ranks
        players = len(ranks)
        if players <= 1:
            return (1.0,) * players
        return tuple((players - rank) / (players - 1) for rank in ranks)

    def players(self, state: S) -> int:
        """Number of seats in ``state`` (games store it as ``state.players``)."""
        return state.players  # type: ignore[attr-defined]  # every game state has players (S is unbounded)
