"""The project's import graph, lazy imports included, and its circles.

    python tools/import_graph.py            # the circles (strongly connected groups), largest first
    python tools/import_graph.py --edges    # and every import edge inside them

An import inside a function counts like one at the top: it still ties the two modules together
(only ``importlib.import_module`` by a computed name is not seen). ``tests/house/test_layers.py`` holds
the house to its rules with the same graph.
"""

from __future__ import annotations

import argparse
import ast
import sys
from collections.abc import Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("game", "scenes", "kotatsu")
# The largest circle the house allows (tests/house/test_layers.py): a module and the one or two it
# works hand in hand with, never a room's worth.
LARGEST_CIRCLE = 3


def module_name(path: Path) -> str:
    """``scenes/engine/app.py`` -> ``scenes.engine.app``; a package's ``__init__`` is the package."""
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def project_modules() -> dict[str, Path]:
    """Every module of the project's packages, by dotted name."""
    found: dict[str, Path] = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            found[module_name(path)] = path
    return found


def imported_names(path: Path, name: str) -> Iterable[str]:
    """The dotted names a module imports anywhere in it (top level or inside functions): for
    ``from pkg import x``, both ``pkg`` and ``pkg.x`` (``import_graph`` keeps the one that is a
    module, so importing a submodule is not counted as depending on its package's ``__init__``)."""
    for base, names in _imports(path, name):
        yield base
        yield from (f"{base}.{alias}" for alias in names)


def _imports(path: Path, name: str) -> Iterable[tuple[str, list[str]]]:
    """(module, the names taken from it) for each import statement of the module at ``path``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, []
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[: len(anchor) - (node.level - 1)]
                base = ".".join(anchor + ([base] if base else []))
            yield base, [alias.name for alias in node.names]


def import_graph() -> dict[str, set[str]]:
    """Module -> the project modules it imports. ``from pkg import mod`` is an import of
    ``pkg.mod``; ``from mod import name`` of ``mod``."""
    modules = project_modules()
    graph: dict[str, set[str]] = {name: set() for name in modules}
    for name, path in modules.items():
        for base, names in _imports(path, name):
            submodules = [f"{base}.{alias}" for alias in names if f"{base}.{alias}" in modules]
            targets = set(submodules)
            if base in modules and (not names or len(submodules) < len(names)):
                targets.add(base)  # a name defined in the module itself (or a plain import)
            graph[name] |= targets - {name}
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan), largest first."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []
    counter = 0

    def visit(start: str) -> None:
        nonlocal counter
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            for child in children:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    group = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        group.append(member)
                        if member == node:
                            break
                    if len(group) > 1:
                        groups.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return sorted(groups, key=len, reverse=True)


def main(argv: list[str] | None = None) -> int:
    """Print the circles of the import graph, largest first."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--edges", action="store_true", help="also print the imports inside each circle")
    args = parser.parse_args(argv)
    graph = import_graph()
    found = circles(graph)
    print(f"{len(graph)} modules, {sum(len(v) for v in graph.values())} imports, {len(found)} circles; "
          f"largest: {len(found[0]) if found else 0} modules")
    for group in found:
        print(f"- {len(group)}: {', '.join(group)}")
        if args.edges:
            members = set(group)
            for name in group:
                for target in sorted(graph[name] & members):
                    print(f"    {name} -> {target}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
