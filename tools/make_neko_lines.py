"""Write tests/data/neko_lines.json: neko's "legal actions along fixed random lines" table.

The python-chess perft idea for a card game: for each (players, options, seed) below, deal the
game with that seed and play it to the end, choosing each action with a ``random.Random`` seeded
from the same configuration; at every step record the seat to move, how many legal actions it
had and the action taken. tests/rules/test_neko_rules.py replays the table and compares.

Regenerate ONLY after a deliberate change of the neko rules (and say so in the commit):
    python tools/make_neko_lines.py
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from game.rules.neko import RULES
from tools import legal_lines

OUTPUT = ROOT / "tests" / "data" / "neko_lines.json"

# (players, options, seed)
CONFIGS: tuple[tuple[int, dict[str, bool], int], ...] = (
    (2, {}, 1),
    (2, {"quick": True}, 2),
    (2, {"simple": True}, 3),
    (2, {"quick": True, "simple": True}, 4),
    (3, {}, 5),
    (3, {"simple": True}, 6),
    (4, {}, 7),
    (4, {}, 8),
    (4, {"simple": True}, 9),
    (3, {"quick": True}, 10),
    (4, {"quick": True}, 11),
)

ABOUT = (
    "Perft-style regression table for neko: per configuration, one seeded random line played to the "
    "end; each step is [seat to move, number of legal actions, action taken]. Made by "
    "tools/make_neko_lines.py. Regenerating it is only right after a deliberate rules change: "
    "a test failing here otherwise means the rules changed by accident."
)


def make_table() -> dict:
    """The whole table as written to disk."""
    return legal_lines.make_table(RULES, ABOUT, CONFIGS)


def dump(table: dict) -> str:
    """The table's JSON text, one step per line."""
    return legal_lines.dump(table)


def main() -> None:
    legal_lines.write(make_table(), OUTPUT, ROOT)


if __name__ == "__main__":
    main()
