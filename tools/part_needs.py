"""How much each part of a table uses from elsewhere, and how much of that is declared.

    python tools/part_needs.py

For every game's input, effects and paint class: its lines, the names it uses from its table
(``self.name`` it does not define itself, or ``self.table.name`` for a part the table owns), and
how many of those are declared neither in the class nor in the protocols it is typed against
(``TableView`` in ``scenes/table/view.py``, ``HandView`` in ``scenes/table/hand_drag.py``, the
game's ``scenes/<id>/view.py``). Then the size of ``TableScene`` and of its parts. Reads the
source only (``ast``): nothing is imported.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GAMES = ("neko", "newold", "noaron", "wallpaper", "nostalgic")
PART_FILES = ("input", "effects", "paint")
# TableScene, its bases and the parts it owns (those that exist in the version measured)
TABLE_PARTS = ("TableScene", "TableHooks", "StillLayer", "AiSeats", "HintSeat", "RemoteSeat", "EventPlayback",
               "SpeechBubbles", "HotSeat")


def protocol_members(path: Path) -> set[str]:
    """The names declared by the ``Protocol`` classes of ``path`` (none when it does not exist)."""
    return {name for _, names in protocols(path) for name in names}


def protocols(path: Path) -> list[tuple[str, set[str]]]:
    """(name, declared names) of each ``Protocol`` class in ``path``."""
    if not path.exists():
        return []
    return [(node.name, class_names(node)) for node in ast.parse(path.read_text()).body
            if isinstance(node, ast.ClassDef) and any("Protocol" in ast.unparse(base) for base in node.bases)]


def class_names(cls: ast.ClassDef) -> set[str]:
    """Methods, annotated and assigned names in the body of ``cls`` (``if TYPE_CHECKING`` included)."""
    names: set[str] = set()
    for node in cls.body:
        body = node.body if isinstance(node, ast.If) else [node]
        for item in body:
            if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)):
                names.add(item.name)
            elif isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name):
                names.add(item.target.id)
            elif isinstance(item, ast.Assign):
                names.update(target.id for target in item.targets if isinstance(target, ast.Name))
    return names


def used_from_table(cls: ast.ClassDef) -> set[str]:
    """The table's names ``cls`` uses: ``self.table.x`` (or ``table.x`` after ``table =
    self.table``) for an owned part, else ``self.x``."""
    owned, direct = set(), set()
    for node in ast.walk(cls):
        if not isinstance(node, ast.Attribute):
            continue
        if isinstance(node.value, ast.Name) and node.value.id == "self":
            direct.add(node.attr)
        elif isinstance(node.value, ast.Attribute) and node.value.attr == "table" \
                and isinstance(node.value.value, ast.Name) and node.value.value.id == "self":
            owned.add(node.attr)
        elif isinstance(node.value, ast.Name) and node.value.id == "table":
            owned.add(node.attr)  # the local alias the longer parts take
    if "table" in direct:
        return owned
    own = {item.name for item in cls.body if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef))}
    return direct - own


def holds_table(cls: ast.ClassDef) -> bool:
    """True when ``cls`` keeps its table as ``self.table`` (an owned part, not a mixin)."""
    return any(isinstance(node, ast.Attribute) and node.attr == "table" and isinstance(node.value, ast.Name)
               and node.value.id == "self" for node in ast.walk(cls))


def typed_against_view(cls: ast.ClassDef, views: set[str]) -> bool:
    """True when the class is typed against one of the ``views`` protocols: its base, or the type
    of the table its ``__init__`` is given."""
    if any(ast.unparse(base) in views for base in cls.bases):
        return True
    init = next((item for item in cls.body if isinstance(item, ast.FunctionDef) and item.name == "__init__"), None)
    return init is not None and any(arg.annotation is not None and ast.unparse(arg.annotation) in views
                                    for arg in init.args.args)


def part_files(game: str) -> list[str]:
    """The modules of a game's package that hold its table's parts: ``input``, ``effects`` and
    ``paint``, and any other with a class that takes the table as the game's view (e.g.
    ``reading``, ``sync``, ``card_effects``, a panel)."""
    views = {name for name, _ in protocols(ROOT / f"scenes/{game}/view.py")} | {"TableView", "HandView"}
    others = []
    for path in sorted((ROOT / "scenes" / game).glob("*.py")):
        if path.stem in (*PART_FILES, "view", "__init__"):
            continue
        classes = [node for node in ast.parse(path.read_text()).body if isinstance(node, ast.ClassDef)]
        if any(typed_against_view(cls, views) and holds_table(cls) for cls in classes):
            others.append(path.stem)
    return [*PART_FILES, *others]


def part_needs(game: str, part: str) -> list[tuple[str, int, set[str], list[str]]]:
    """(class, lines, names it uses from its table, those declared nowhere) for each class of a
    game's part module (see ``part_files``): its Input, Effects or Paint classes and any class
    that takes the table as the game's view."""
    shared = protocol_members(ROOT / "scenes/table/view.py") | protocol_members(ROOT / "scenes/table/hand_drag.py")
    own_view = ROOT / f"scenes/{game}/view.py"
    declared_by_view = shared | protocol_members(own_view)
    views = {name for name, _ in protocols(own_view)} | {"TableView", "HandView"}
    found = []
    for cls in ast.parse((ROOT / f"scenes/{game}/{part}.py").read_text()).body:
        if not isinstance(cls, ast.ClassDef):
            continue
        if not cls.name.endswith(("Input", "Effects", "Paint")) and not (typed_against_view(cls, views)
                                                                          and holds_table(cls)):
            continue
        used = used_from_table(cls)
        declared = class_names(cls) | (declared_by_view if typed_against_view(cls, views) else set())
        found.append((cls.name, cls.end_lineno - cls.lineno + 1, used, sorted(used - declared)))
    return found


def table_scene_size() -> tuple[int, int]:
    """(lines, methods) of ``TableScene``."""
    for cls in ast.parse((ROOT / "scenes/table/base.py").read_text()).body:
        if isinstance(cls, ast.ClassDef) and cls.name == "TableScene":
            methods = sum(isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)) for item in cls.body)
            return cls.end_lineno - cls.lineno + 1, methods
    raise LookupError("no TableScene in scenes/table/base.py")


def report_parts() -> None:
    """One line per game part."""
    for game in GAMES:
        for part in part_files(game):
            for name, lines, used, undeclared in part_needs(game, part):
                print(f"{game:9} {name:20} {lines:4} lines  uses {len(used):2} names from its table, "
                      f"{len(undeclared):2} undeclared")


def report_table() -> None:
    """The size of ``TableScene`` and of the classes in ``scenes/table`` it is built from or owns."""
    for path in sorted((ROOT / "scenes/table").glob("*.py")):
        for cls in ast.parse(path.read_text()).body:
            if isinstance(cls, ast.ClassDef) and cls.name in TABLE_PARTS:
                methods = sum(isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)) for item in cls.body)
                print(f"{path.name:16} {cls.name:16} {cls.end_lineno - cls.lineno + 1:4} lines {methods:3} methods")


if __name__ == "__main__":
    report_parts()
    print()
    report_table()
