"""Headless ``join`` clients claiming seats without ``--seat``, as processes on one machine:
two started at the same moment sit at different seats, and two sharing one data folder never
fight over the seat token kept there (the second sits elsewhere), so both matches finish."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from tests.net import test_net_processes
from tests.net.test_net_processes import finished, join, table_pos

serve = test_net_processes.serve  # the host fixture: one neko table of two people's seats

WAIT = 60.0  # a ceiling on a busy machine (never asserted as a time)

pytestmark = pytest.mark.slow  # a whole file of processes, windows or whole matches


def test_two_bots_started_at_once_without_a_seat_take_different_seats(serve: tuple[str, str],
                                                                       tmp_path: Path) -> None:
    address, code = serve
    first, second = join(address, tmp_path / "a"), join(address, tmp_path / "b")
    one, two = finished(first), finished(second)
    assert {one["seat"], two["seat"]} == {0, 1} and one["table"] == two["table"] == code
    assert one["over"] and two["over"] and one["scores"] == two["scores"]


def test_two_bots_sharing_a_data_folder_do_not_fight_over_its_token(serve: tuple[str, str],
                                                                    tmp_path: Path) -> None:
    address, code = serve
    shared = tmp_path / "one computer"
    first = join(address, shared, "--think", "0.05")
    deadline = time.monotonic() + WAIT
    while not (shared / "lan" / "tokens.json").exists():  # the first holds seat 0 and keeps its token
        assert time.monotonic() < deadline and first.poll() is None
        time.sleep(0.05)
    second = join(address, shared)  # the same folder: its kept token is the first one's
    one, two = finished(first), finished(second)
    assert {one["seat"], two["seat"]} == {0, 1}
    assert one["over"] and two["over"] and one["scores"] == two["scores"]
    assert table_pos(address, code) > 0
