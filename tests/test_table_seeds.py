"""Every new table draws a seed nobody can guess: 128 bits from the operating system, for the
tables a host serves and for the app's own (setup's Start, a game named on the command line, Play
again, hosting from the app). A 30-bit seed was worked out from one hand by brute force.

Checks are on many draws at once, so they cannot flake: the chance that 32 fair 128-bit draws
leave one of the 128 bits zero in all of them is below 1e-7."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from game.core.match import Match, Seat
from game.core.seeds import MAX_SEED, SEED_BITS, new_seed
from game.core.settings import Settings
from game.i18n import set_language
from game.kiosk import session_from_data
from game.net.server import Server
from scenes.engine.app import App
from scenes.main import build_app
from scenes.menus.setup import Setup
from scenes.table import launch as tables
from tests.stand_in_tables import record_tables

DRAWS = 32


def assert_full_width(seeds: list[int]) -> None:
    """``seeds`` are distinct, within the match range, and together use all ``SEED_BITS`` bits."""
    assert SEED_BITS >= 128
    assert len(set(seeds)) == len(seeds)
    assert all(0 <= seed <= MAX_SEED for seed in seeds)
    seen = 0
    for seed in seeds:
        seen |= seed
    assert seen == (1 << SEED_BITS) - 1


def test_new_seed_draws_128_bits() -> None:
    assert_full_width([new_seed() for _ in range(DRAWS)])


def test_a_served_table_gets_a_128_bit_seed() -> None:
    server = Server()  # not running: tables are only made
    codes = [server.add_table("neko", [Seat("human"), Seat("human")]) for _ in range(DRAWS)]
    assert_full_width([server.tables[code].match.seed for code in codes])


def test_a_served_table_keeps_a_seed_it_is_given() -> None:
    server = Server()
    code = server.add_table("neko", [Seat("human"), Seat("human")], seed=5)
    assert server.tables[code].match.seed == 5


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    """A headless English app with a throwaway data folder."""
    monkeypatch.setenv("KOTATSU_HOME", str(tmp_path))
    application = App(Settings(language="en"), headless=True)
    yield application
    application.close()
    set_language("ja")


def seeds_of(opened: list[Match], start: Callable[[], object]) -> list[int]:
    """The seeds of the matches ``start`` opens, ``DRAWS`` times."""
    for _ in range(DRAWS):
        start()
    assert len(opened) == DRAWS
    return [match.seed for match in opened]


def test_the_app_s_setup_starts_a_table_with_a_128_bit_seed(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    opened = record_tables(monkeypatch)
    setup = Setup(app, "nostalgic")
    assert_full_width(seeds_of(opened, setup.start))


def test_a_game_named_on_the_command_line_and_play_again_get_128_bit_seeds(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("KOTATSU_HOME", str(tmp_path))
    opened = record_tables(monkeypatch)
    apps: list[App] = []
    try:
        assert_full_width(seeds_of(opened, lambda: apps.append(build_app(game_id="neko", headless=True))))
    finally:
        for made in apps:
            made.close()
        set_language("ja")
    first = Match("neko", [Seat("human"), Seat("ai", "easy")], 5)
    assert_full_width([tables.rematch(first).seed for _ in range(DRAWS)])
    assert_full_width([tables.new_seed() for _ in range(DRAWS)])  # what hosting from the app passes


def test_the_kiosk_resumes_a_visitor_s_game_with_a_128_bit_seed() -> None:
    """The kiosk's session file keeps the visitor's seed for a power-cut resume: a seed as new
    tables draw them is read back (it was refused above 2**63), one beyond the range is not."""
    seed = new_seed() | (1 << 127)
    session = session_from_data({"visitor": True, "game": "neko", "seed": seed, "last_input": 1.0})
    assert session.seed == seed
    with pytest.raises(ValueError, match="seed"):
        session_from_data({"visitor": True, "game": "neko", "seed": MAX_SEED + 1, "last_input": 1.0})
