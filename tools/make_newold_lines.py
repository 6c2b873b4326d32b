"""Write tests/data/newold_lines.json: NEW & OLD's "legal actions along fixed random lines" table.

The python-chess perft idea for a card game: for each (players, options, seed) below, deal the
game with that seed and play it to the end, choosing each action with a ``random.Random`` seeded
from the same configuration; at every step record the seat to move, how many legal actions it
had and the action taken. tests/test_newold_rules.py replays the table and compares.

Regenerate ONLY after a deliberate change of the NEW & OLD rules (and say so in the commit):
    python tools/make_newold_lines.py
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from game.rules.newold import RULES

OUTPUT = ROOT / "tests" / "data" / "newold_lines.json"

# (players, options, seed)
CONFIGS: tuple[tuple[int, dict[str, bool], int], ...] = (
    (2, {}, 1),
    (2, {"rank_points": True}, 2),
    (3, {}, 3),
    (3, {"rank_points": True}, 4),
    (4, {}, 5),
    (4, {"rank_points": True}, 6),
    (5, {}, 7),
    (5, {"rank_points": True}, 8),
)

ABOUT = (
    "Perft-style regression table for NEW & OLD: per configuration, one seeded random line played to the "
    "end; each step is [seat to move, number of legal actions, action taken]. Made by "
    "tools/make_newold_lines.py. Regenerating it is only right after a deliberate rules change: "
    "a test failing here otherwise means the rules changed by accident."
)


def play_line(players: int, options: dict[str, bool], seed: int) -> dict:
    """One configuration's line: the deal, every step, the final position and totals."""
    state = RULES.new_game(players, seed, options)
    chooser = random.Random(f"newold-line/{players}/{sorted(options.items())}/{seed}")
    line = {
        "players": players,
        "options": RULES.normalize_options(players, options),
        "seed": seed,
        "start": RULES.notation(state),
        "steps": [],
    }
    while not RULES.is_over(state):
        seat = RULES.to_move(state)[0]  # box phase: the lowest seat still to choose goes first
        actions = RULES.legal_actions(state, seat)
        action = chooser.choice(actions)
        line["steps"].append([seat, len(actions), RULES.encode_action(action)])
        RULES.apply(state, seat, action)
    line["end"] = RULES.notation(state)
    line["scores"] = [int(score) for score in RULES.result(state).scores]
    return line


def make_table() -> dict:
    """The whole table as written to disk."""
    return {"_about": ABOUT, "lines": [play_line(*config) for config in CONFIGS]}


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


def main() -> None:
    OUTPUT.parent.mkdir(parents=True, exist_ok=True)
    table = make_table()
    OUTPUT.write_text(dump(table), encoding="utf-8")
    steps = sum(len(line["steps"]) for line in table["lines"])
    print(f"wrote {OUTPUT.relative_to(ROOT)}: {len(table['lines'])} lines, {steps} steps")


if __name__ == "__main__":
    main()
