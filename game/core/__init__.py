"""The contracts every game stands on: rules, actions, events, results, matches."""

from game.core.errors import BadOptions, IllegalAction, RulesError, SaveError
from game.core.events import Event
from game.core.rules import OptionSpec, Result, Rules, rank_scores

__all__ = [
    "BadOptions",
    "Event",
    "IllegalAction",
    "OptionSpec",
    "Result",
    "Rules",
    "RulesError",
    "SaveError",
    "rank_scores",
]
