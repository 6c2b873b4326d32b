"""The "legal actions along fixed random lines" tables (python-chess's perft idea for card games),
shared by tools/make_<game>_lines.py: for each (players, options, seed), deal the game with that
seed and play it to the end, choosing each action with a ``random.Random`` seeded from the same
configuration; every step records the seat to move, how many legal actions it had and the action
taken. The game's rules tests replay the table and compare."""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from pathlib import Path
from typing import Any

Config = tuple[int, dict[str, Any], int]  # (players, options, seed)


def play_line(rules: Any, players: int, options: dict[str, Any], seed: int) -> dict:
    """One configuration's line: the deal, every step, the final position and totals."""
    state = rules.new_game(players, seed, options)
    chooser = random.Random(f"{rules.game_id}-line/{players}/{sorted(options.items())}/{seed}")
    line: dict[str, Any] = {
        "players": players,
        "options": rules.normalize_options(players, options),
        "seed": seed,
        "start": rules.notation(state),
        "steps": [],
    }
    while not rules.is_over(state):
        seat = rules.to_move(state)[0]  # a secret choice: the lowest seat still to choose goes first
        actions = rules.legal_actions(state, seat)
        action = chooser.choice(actions)
        line["steps"].append([seat, len(actions), rules.encode_action(action)])
        rules.apply(state, seat, action)
    line["end"] = rules.notation(state)
    line["scores"] = [int(score) for score in rules.result(state).scores]
    return line


def make_table(rules: Any, about: str, configs: Sequence[Config]) -> dict:
    """The whole table as written to disk."""
    return {"_about": about, "lines": [play_line(rules, *config) for config in configs]}


def dump(table: dict) -> str:
    """JSON with one step per line, so a diff shows where a line first departs."""
    parts = ["{", f' "_about": {json.dumps(table["_about"])},', ' "lines": [']
    for number, line in enumerate(table["lines"]):
        head = {key: value for key, value in line.items() if key != "steps"}
        parts.append("  {")
        for key, value in head.items():
            parts.append(f"   {json.dumps(key)}: {json.dumps(value, ensure_ascii=False)},")
        parts.append('   "steps": [')
        steps = [f"    {json.dumps(step)}" for step in line["steps"]]
        parts.append(",\n".join(steps))
        parts.append("   ]")
        parts.append("  }" + ("," if number < len(table["lines"]) - 1 else ""))
    parts.append(" ]")
    parts.append("}")
    return "\n".join(parts) + "\n"


def write(table: dict, output: Path, root: Path) -> None:
    """Write ``table`` to ``output`` and say how much it holds."""
    output.parent.mkdir(parents=True, exist_ok=True)
    output.write_text(dump(table), encoding="utf-8")
    steps = sum(len(line["steps"]) for line in table["lines"])
    print(f"wrote {output.relative_to(root)}: {len(table['lines'])} lines, {steps} steps")
