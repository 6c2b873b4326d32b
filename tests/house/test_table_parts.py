"""A table's parts use only what is declared for them, and ``TableScene`` and every other class stay
small enough to read (``tools/part_needs.py`` and ``tools/class_sizes.py`` read the source; nothing
is imported or drawn)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.tool_scripts import load_tool

ROOT = Path(__file__).resolve().parents[2]
part_needs = load_tool("part_needs")
class_sizes = load_tool("class_sizes")

TABLE_SCENE_LINES = 450  # the aim of issue 32
CLASS_LINES = 450  # no class of the project longer (issue 32): past it, a class stops reading alone
# the parts that reach their table only through a view protocol: every game's input (a mixin typed
# against its game's view), its effects and paint and any other part the table owns (reading, sync…)
DECLARED_PARTS = [(game, part) for game in part_needs.GAMES for part in part_needs.part_files(game)]


@pytest.mark.parametrize(("game", "part"), DECLARED_PARTS)
def test_a_part_uses_only_names_its_view_declares(game: str, part: str) -> None:
    """Each name the part uses from its table is in ``TableView``, ``HandView`` or the game's view."""
    found = part_needs.part_needs(game, part)
    assert found, f"no part class in scenes/{game}/{part}.py"
    for name, _, used, undeclared in found:
        assert used, f"{name} uses nothing from its table: is it still reading the table through self?"
        assert undeclared == [], f"{name} uses {undeclared}, which scenes/{game}/view.py does not declare"


def test_an_undeclared_name_is_caught(tmp_path: Path) -> None:
    """The check sees a name a part uses that no view declares."""
    source = "class KasaEffects:\n    def __init__(self, table):\n        self.table = table\n" \
             "    def f(self):\n        return self.table.observation(), self.table.no_such_piece\n"
    cls = next(node for node in part_needs.ast.parse(source).body if isinstance(node, part_needs.ast.ClassDef))
    used = part_needs.used_from_table(cls)
    shared = part_needs.protocol_members(ROOT / "scenes/table/view.py")
    assert used == {"observation", "no_such_piece"}
    assert sorted(used - shared) == ["no_such_piece"]


def test_table_scene_stays_small() -> None:
    """``TableScene`` keeps what every table does and owns the rest as parts."""
    lines, _ = part_needs.table_scene_size()
    assert lines <= TABLE_SCENE_LINES


def test_no_class_is_longer_than_the_house_allows() -> None:
    """Every class in ``game``, ``scenes`` and ``kotatsu`` is at most ``CLASS_LINES`` long
    (``python tools/class_sizes.py`` lists the longest)."""
    too_long = [f"{path} {name}: {lines} lines" for lines, path, name in class_sizes.class_sizes()
                if lines > CLASS_LINES]
    assert not too_long, "split these into parts: " + "; ".join(too_long)


def test_class_sizes_counts_a_class_from_its_first_to_its_last_line(tmp_path: Path) -> None:
    package = tmp_path / "game"
    package.mkdir()
    (package / "m.py").write_text("class Small:\n    x = 1\n\n\nclass Big:\n" + "    y = 2\n" * 9, encoding="utf-8")
    assert class_sizes.class_sizes(tmp_path) == [(10, "game/m.py", "Big"), (2, "game/m.py", "Small")]
