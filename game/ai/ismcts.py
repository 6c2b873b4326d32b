"""Hard level: single-observer information-set Monte Carlo tree search (SO-ISMCTS).

After Cowling, Powley and Whitehouse (2012), "Information Set Monte Carlo Tree Search". The agent
receives only its seat's observation. Every iteration samples one determinization from it with
``Rules.determinize`` (never the true state, which the agent never sees), then walks one shared
tree whose edges are actions:

* selection: UCB1 with availability counts; only the children legal in this determinization
  compete, and each of them has its availability count raised by one;
* expansion: one untried legal action;
* playout: ``rollout_policy`` (or uniform random) until a search leaf, the end of the root's
  search epoch (neko: the end of the round in play) or a step cap;
* backup: ``Rules.search_rewards`` gives a value in [0, 1] per seat; every node adds the value of
  the seat that chose the action leading to it (max-n for any number of players).

The acting seat of a state is ``rules.to_move(state)[0]``: simultaneous choices act seat by seat,
and the observation never shows another seat's pending choice, so neither does a determinization.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from typing import Any, Generic, TypeVar

from game.core.rules import Rules

RulesT = TypeVar("RulesT", bound=Rules[Any, Any, Any])
# (rules, state, seat, legal actions, rng) -> the action a playout takes; typed by the agent's rules
RolloutPolicy = Callable[[RulesT, Any, int, list[Any], random.Random], Any]

DEFAULT_EXPLORATION = 0.7
DEFAULT_SECONDS = 1.0  # used when neither a time budget nor an iteration cap is given
MAX_PLAYOUT_STEPS = 2000  # safety cap on one playout (a neko round is far shorter)


class _Node:
    """One edge of the tree (the action that led here) with its statistics.

    ``seat`` chose that action; ``reward`` sums that seat's rewards over ``visits``;
    ``available`` counts the selections at the parent where this action was legal.
    """

    __slots__ = ("available", "children", "reward", "seat", "visits")

    def __init__(self, seat: int) -> None:
        self.children: dict[Any, _Node] = {}
        self.visits = 0
        self.reward = 0.0
        self.available = 0
        self.seat = seat


class IsmctsAgent(Generic[RulesT]):
    """The Hard level for any game whose rules implement ``determinize``.

    ``max_iterations`` caps the iterations per decision; with it and a budget of 0 a run is
    reproducible from the rng alone (tests and tournaments). Otherwise ``budget`` seconds bound
    the search. ``last_iterations`` and ``last_seconds`` describe the latest decision.
    """

    name = "hard"

    def __init__(
        self,
        rules: RulesT,
        rollout_policy: RolloutPolicy[RulesT] | None = None,
        exploration: float = DEFAULT_EXPLORATION,
        max_iterations: int | None = None,
        max_playout_steps: int = MAX_PLAYOUT_STEPS,
    ) -> None:
        self.rules = rules
        self.rollout_policy = rollout_policy
        self.exploration = exploration
        self.max_iterations = max_iterations
        self.max_playout_steps = max_playout_steps
        self.last_iterations = 0
        self.last_seconds = 0.0
        self.last_root: _Node | None = None

    # ----- the decision ------------------------------------------------------------------------
    def choose(self, observation: Any, legal: Sequence[Any], rng: random.Random, budget: float) -> Any:
        """The most visited root action among ``legal`` after searching within the budget.

        ``budget`` is in seconds; 0 or less means "no time limit" when ``max_iterations`` is
        set (and the default second otherwise).
        """
        if not legal:
            raise ValueError("no legal action to choose from")
        started = time.perf_counter()
        if len(legal) == 1:
            self.last_iterations, self.last_seconds, self.last_root = 0, 0.0, None
            return legal[0]
        deadline = self._deadline(started, budget)
        root = _Node(-1)
        iterations = self._search(root, observation, rng, deadline)
        self.last_iterations = iterations
        self.last_seconds = time.perf_counter() - started
        self.last_root = root
        return self._best_action(root, legal)

    def _deadline(self, started: float, budget: float | None) -> float | None:
        """The perf_counter time to stop at, or None to stop on the iteration cap alone."""
        if budget is not None and budget > 0:
            return started + budget
        if self.max_iterations is None:
            return started + DEFAULT_SECONDS
        return None

    def _search(self, root: _Node, observation: Any, rng: random.Random, deadline: float | None) -> int:
        """Run iterations until the cap or the deadline; return how many ran (at least one)."""
        rules = self.rules
        state = rules.determinize(observation, rng)
        root_epoch = rules.search_epoch(state)  # public: the same in every determinization
        cap = self.max_iterations
        clock = time.perf_counter
        iterations = 0
        while True:
            self._iterate(root, state, rng, root_epoch)
            iterations += 1
            if cap is not None and iterations >= cap:
                return iterations
            if deadline is not None and clock() >= deadline:
                return iterations
            state = rules.determinize(observation, rng)

    @staticmethod
    def _best_action(root: _Node, legal: Sequence[Any]) -> Any:
        """Most visited child among ``legal`` (ties: the better mean, then legal order)."""
        best, best_key = legal[0], (-1, -1.0)
        for action in legal:
            child = root.children.get(action)
            if child is None:
                continue
            key = (child.visits, child.reward / child.visits)
            if key > best_key:
                best, best_key = action, key
        return best

    # ----- one iteration -------------------------------------------------------------------------
    def _iterate(self, root: _Node, state: Any, rng: random.Random, root_epoch: int) -> None:
        """Select and expand in the tree, play out, and back the rewards up the path."""
        path = self._descend(root, state, rng, root_epoch)
        self._playout(state, rng, root_epoch)
        rewards = self.rules.search_rewards(state)
        for node in path:
            node.visits += 1
            node.reward += rewards[node.seat]

    def _descend(self, root: _Node, state: Any, rng: random.Random, root_epoch: int) -> list[_Node]:
        """Walk down by UCB1 over the available children until one new node is added."""
        rules = self.rules
        exploration = self.exploration
        log = math.log
        sqrt = math.sqrt
        path: list[_Node] = []
        node = root
        while not rules.is_search_leaf(state) and rules.search_epoch(state) == root_epoch:
            seat = rules.to_move(state)[0]
            legal = rules.legal_actions(state, seat)
            children = node.children
            untried = None
            best_child, best_action, best_value = None, None, -1.0
            for action in legal:
                child = children.get(action)
                if child is None:
                    if untried is None:
                        untried = [action]
                    else:
                        untried.append(action)
                    continue
                child.available += 1
                if untried is None:
                    value = child.reward / child.visits + exploration * sqrt(log(child.available) / child.visits)
                    if value > best_value:
                        best_child, best_action, best_value = child, action, value
            if untried is not None:
                action = untried[rng.randrange(len(untried))] if len(untried) > 1 else untried[0]
                child = _Node(seat)
                child.available = 1
                children[action] = child
                rules.advance(state, seat, action)
                path.append(child)
                return path
            assert best_child is not None  # every legal action has a child here, and values are >= 0
            rules.advance(state, seat, best_action)
            path.append(best_child)
            node = best_child
        return path

    def _playout(self, state: Any, rng: random.Random, root_epoch: int) -> None:
        """Play on with the rollout policy until a leaf, a new epoch or the step cap."""
        rules = self.rules
        policy = self.rollout_policy
        is_leaf = rules.is_search_leaf
        epoch = rules.search_epoch
        to_move = rules.to_move
        legal_actions = rules.legal_actions
        advance = rules.advance
        for _ in range(self.max_playout_steps):
            if is_leaf(state) or epoch(state) != root_epoch:
                return
            seat = to_move(state)[0]
            legal = legal_actions(state, seat)
            if policy is None:
                action = legal[rng.randrange(len(legal))]
            else:
                action = policy(rules, state, seat, legal, rng)
            advance(state, seat, action)

    # ----- inspection ----------------------------------------------------------------------------
    def root_statistics(self) -> dict[Any, tuple[int, float]]:
        """Of the latest decision: action -> (visits, mean reward of the acting seat)."""
        if self.last_root is None:
            return {}
        return {
            action: (child.visits, child.reward / child.visits)
            for action, child in self.last_root.children.items()
            if child.visits
        }
