"""One declaration per game: ``GAME_IDS`` is the one list, each rules module's ``GAME`` says the
rest, and what it says holds of the rules it declares."""

from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest

from game.core.registry import GAME_IDS, companion, get_rules, spec, specs
from game.core.rules import IMPERFECT, PERFECT
from game.i18n import LANGUAGES, catalogue

PLAYOUTS = 3  # random games per player count, enough to meet every phase of every game


def test_every_listed_game_declares_itself_under_its_own_id() -> None:
    assert [declared.game_id for declared in specs()] == list(GAME_IDS)
    assert all(declared.rules is get_rules(declared.game_id) for declared in specs())


def test_an_unknown_game_is_refused_with_the_list_of_games() -> None:
    with pytest.raises(KeyError, match="unknown game 'chess'; games: neko, newold"):
        spec("chess")


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_declared_companions_are_there(game_id: str) -> None:
    assert callable(companion(game_id, "ai").make)
    assert callable(companion(game_id, "narrator").narrate)
    assert companion(game_id, "tutorial").TUTORIAL.game == game_id
    assert companion(game_id, "example").GAME_ID == game_id
    assert all(catalogue(lang).get(spec(game_id).title_key, "").strip() for lang in LANGUAGES)
    assert spec(game_id).decision_cost > 0


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_declared_information_and_simultaneous_moves_are_what_the_rules_do(game_id: str) -> None:
    declared = spec(game_id)
    rules = declared.rules
    assert declared.information in (PERFECT, IMPERFECT)
    several_to_move = False
    views_differ = False
    low, high = declared.players
    for players in range(low, high + 1):
        for seed in range(PLAYOUTS):
            rng = random.Random(seed)
            state = rules.new_game(players, seed)
            while not rules.is_over(state):
                seats = rules.to_move(state)
                several_to_move |= len(seats) > 1
                views = {repr(rules.observe(state, seat)) for seat in range(players)}
                views_differ |= len(views) > 1 and repr(rules.observe(state, -1)) not in views
                seat = seats[0]
                rules.apply(state, seat, rng.choice(rules.legal_actions(state, seat)))
    assert several_to_move == declared.simultaneous
    assert views_differ == (declared.information == IMPERFECT)


def _listings(path: Path) -> list[int]:
    """Lines of ``path`` where a literal tuple, list, set or dict names two or more game ids."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        items = node.keys if isinstance(node, ast.Dict) else getattr(node, "elts", None)
        if not isinstance(node, (ast.Tuple, ast.List, ast.Set, ast.Dict)) or items is None:
            continue
        named = {item.value for item in items if isinstance(item, ast.Constant) and item.value in GAME_IDS}
        if len(named) >= 2:
            found.append(node.lineno)
    return found


def test_nothing_but_the_registry_lists_the_games() -> None:
    root = Path(__file__).resolve().parents[2]
    sources = [path for folder in ("game", "scenes", "kotatsu", "build") for path in (root / folder).rglob("*.py")]
    listed = {str(path.relative_to(root)): lines for path in sources if (lines := _listings(path))}
    assert set(listed) == {"game/core/registry.py"}, listed  # GAME_IDS, and nothing else
