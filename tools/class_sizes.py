"""The longest classes of the project, by lines (a class's last line minus its first, plus one).

    python tools/class_sizes.py [--top N] [--over LINES]

The house aims at no class over 450 lines (issue 32); ``tests/house`` holds it there.
"""

from __future__ import annotations

import argparse
import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("game", "scenes", "kotatsu")


def class_sizes(root: Path = ROOT) -> list[tuple[int, str, str]]:
    """(lines, file, class name) of every class in the project's packages, longest first."""
    found = []
    for package in PACKAGES:
        for path in sorted((root / package).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in ast.walk(tree):
                if isinstance(node, ast.ClassDef) and node.end_lineno is not None:
                    found.append((node.end_lineno - node.lineno + 1, str(path.relative_to(root)), node.name))
    return sorted(found, reverse=True)


def main() -> None:
    """Print the longest classes."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--top", type=int, default=10)
    parser.add_argument("--over", type=int, default=0, help="only classes longer than this")
    args = parser.parse_args()
    for lines, path, name in class_sizes()[:args.top]:
        if lines > args.over:
            print(f"{lines:5d}  {path}  {name}")


if __name__ == "__main__":
    main()
