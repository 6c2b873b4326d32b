"""The LAN host's table (``game.net.host.TableHost``): seats and tokens, acting for one's own
seat only, refusals that change nothing, the match's undo policy, and saves that keep tokens."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from game.ai.base import decision_seed
from game.core.errors import RulesError, SaveError
from game.core.match import Match, Seat
from game.net import codec
from game.net.host import Refused, TableHost, is_code, new_code
from game.net.protocol import SPECTATOR, check_view

HUMAN, EASY = Seat("human"), Seat("ai", "easy")


def _table(game_id: str = "neko", seats: list[Seat] | None = None, seed: int = 5) -> TableHost:
    return TableHost("ACDE", Match(game_id, seats or [HUMAN, HUMAN], seed))


def _snapshot(table: TableHost) -> tuple:
    """Everything a refusal must leave alone."""
    match = table.match
    return (match.rules.notation(match.state), len(match.log), len(match.events), table.pos,
            [match.can_take_back(seat) for seat in range(match.players)], dict(table.tokens))


def _refused(reason: str, call, *args) -> Refused:
    with pytest.raises(Refused) as caught:
        call(*args)
    assert caught.value.reason == reason, caught.value.text
    return caught.value


def _quiet_move(table: TableHost, seat: int, rng: random.Random) -> str | None:
    """A legal action of ``seat`` whose events do not end undo (tried on a copy first), if any."""
    match = table.match
    for action in rng.sample(match.legal_actions(seat), len(match.legal_actions(seat))):
        probe = match.after(len(match.log))
        if not any(event.hides_undo for event in probe.apply(seat, action)):
            return match.rules.encode_action(action)
    return None


def _play_until_quiet(table: TableHost, rng: random.Random, seats: tuple[int, ...]) -> tuple[int, str]:
    """Play random moves until one of ``seats`` is to move and has a quiet move; that seat and move."""
    while True:
        mover = table.match.to_move()[0]
        quiet = _quiet_move(table, mover, rng) if mover in seats else None
        if quiet is not None:
            return mover, quiet
        action = rng.choice(table.match.legal_actions(mover))
        if table.match.seats[mover].is_human:
            table.act(mover, 0, table.match.rules.encode_action(action))
        else:
            table.play_ai(mover, action)


def test_codes_use_only_unmistakable_letters() -> None:
    codes = {new_code() for _ in range(50)}
    assert all(is_code(code) for code in codes)
    assert not is_code("AB0I") and not is_code("ACD")
    taken = codes | {"ACDE"}
    assert new_code(taken) not in taken


def test_a_seat_is_claimed_once_and_reclaimed_only_with_its_token() -> None:
    table = _table()
    seat, token = table.join(0, None, "Aki")
    assert seat == 0 and len(token) >= 16
    assert table.match.seats[0].name == "Aki"
    _refused("net.reason.seat_taken", table.join, 0, None, "Bo")
    _refused("net.reason.bad_token", table.join, 0, "x" * 20, "Bo")
    assert table.join(0, token, "Aki") == (0, token)
    assert table.join(SPECTATOR, None, "Cy") == (SPECTATOR, "")
    _refused("net.reason.no_seat", table.join, 2, None, "Cy")
    _refused("net.reason.no_seat", table.join, -2, None, "Cy")
    assert table.free_seats() == [1]


def test_a_token_brought_to_a_free_seat_is_not_taken() -> None:
    """The host makes every token: a client cannot reserve a seat with one of its choosing."""
    table = _table()
    _refused("net.reason.stale_token", table.join, 1, "a-token-of-my-choosing", "Bo")
    seat, token = table.join(1, None, "Bo")
    assert seat == 1 and token != "a-token-of-my-choosing" and len(token) >= 16


def test_ai_seats_cannot_be_taken() -> None:
    table = _table(seats=[HUMAN, EASY])
    _refused("net.reason.ai_seat", table.join, 1, None, "Bo")
    infos = table.seat_infos()
    assert [(info.taken, info.connected) for info in infos] == [(False, False), (True, True)]
    table.join(0, None, "Aki")
    table.connect(0)
    assert table.seat_infos()[0].taken and table.seat_infos()[0].connected
    table.disconnect(0)
    assert table.seat_infos()[0].taken and not table.seat_infos()[0].connected


def test_the_view_shows_only_the_seats_observation_and_its_own_legal_moves() -> None:
    table = _table("newold", [HUMAN, HUMAN, EASY])
    for seat in (SPECTATOR, 0, 1, 2):
        view = table.view(seat)
        check_view(json.loads(json.dumps(view)))
        assert codec.decode(view["observation"]) == table.match.observe(seat)
        assert view["result"] is None and not view["over"]
    mover = table.match.to_move()[0]
    assert table.view(mover)["legal"] == [table.match.rules.encode_action(a) for a in table.match.legal_actions(mover)]
    assert table.view(SPECTATOR)["legal"] == [] and table.view(2)["legal"] == []  # an AI seat: decided here
    assert table.view(SPECTATOR)["undo"] == [False, "reason.take_back.not_yours"]


def test_a_client_acts_only_for_its_own_seat_and_turn() -> None:
    table = _table(seats=[HUMAN, HUMAN, EASY])
    mover = table.match.to_move()[0]
    other = next(seat for seat in (0, 1) if seat != mover)
    text = table.view(mover)["legal"][0]
    before = _snapshot(table)
    _refused("reason.not_your_turn", table.act, other, 1, text)
    _refused("net.reason.not_your_seat", table.act, SPECTATOR, 1, text)
    _refused("net.reason.not_your_seat", table.act, 2, 1, text)
    _refused("net.reason.not_your_seat", table.act, 7, 1, text)
    _refused("net.reason.not_your_seat", table.undo, SPECTATOR, 1)
    assert _snapshot(table) == before
    events = table.act(mover, 1, text)
    assert events and table.pos == 1 and table.match.log[-1].action == text


@pytest.mark.parametrize("text", ["", "zzz", "base", "base 999", "base -1", "play 1 2 3 4", "\x00", "base 5 5"])
def test_malformed_and_illegal_actions_are_refused_with_a_reason(text: str) -> None:
    table = _table()
    mover = table.match.to_move()[0]
    before = _snapshot(table)
    with pytest.raises(Refused) as caught:
        table.act(mover, 3, text)
    assert caught.value.reason and caught.value.text
    json.dumps(caught.value.params)
    assert _snapshot(table) == before


def test_an_illegal_but_well_formed_action_gets_the_rules_reason() -> None:
    table = _table()
    mover = table.match.to_move()[0]
    legal = set(table.view(mover)["legal"])
    text = next(f"base {card}" for card in range(1, 200) if f"base {card}" not in legal)
    before = _snapshot(table)
    error = _refused(_rules_reason(table, mover, text), table.act, mover, 1, text)
    assert error.reason.startswith(("neko.reason.", "reason."))
    assert _snapshot(table) == before


def _rules_reason(table: TableHost, seat: int, text: str) -> str:
    """The reason the rules themselves give for ``text`` by ``seat`` (decode or check)."""
    rules = table.match.rules
    try:
        rules.check(table.match.state, seat, rules.decode_action(text))
    except RulesError as error:  # the rules' own refusal
        return error.reason
    raise AssertionError(f"{text} is legal")


def test_several_people_get_the_strict_undo() -> None:
    table = _table(seats=[HUMAN, HUMAN])
    rng = random.Random(3)
    while True:
        first, move = _play_until_quiet(table, rng, (0, 1))
        table.act(first, 1, move)
        assert table.view(first)["undo"] == [True, ""]
        second = table.match.to_move()[0]
        answer = _quiet_move(table, second, rng) if second != first else None
        if answer is not None:
            break
    table.act(second, 1, answer)
    before = _snapshot(table)
    _refused("reason.take_back.other_person", table.undo, first, 2)
    assert _snapshot(table) == before
    log_length, pos = len(table.match.log), table.pos
    table.undo(second, 2)
    assert len(table.match.log) == log_length - 1 and table.pos == pos + 1  # a take-back is a change too


def test_alone_against_the_ai_a_take_back_includes_the_ai_reply() -> None:
    table = _table(seats=[HUMAN, EASY])
    rng = random.Random(4)
    while True:
        _, mine = _play_until_quiet(table, rng, (0,))
        table.act(0, 1, mine)
        reply_text = _quiet_move(table, 1, rng) if table.match.to_move() == (1,) else None
        if reply_text is not None:
            break
    log_length = len(table.match.log)
    request = table.ai_request(1)
    assert request.seed == decision_seed(table.match.seed, log_length, 1)
    assert request.observation == table.match.observe(1) and request.pos == table.pos
    reply = table.match.rules.decode_action(reply_text)
    table.play_ai(1, reply)
    assert table.view(0)["undo"] == [True, ""]
    table.undo(0, 2)
    assert len(table.match.log) == log_length - 1 and table.match.to_move() == (0,)
    table.act(0, 3, mine)
    assert table.remembered(1) == reply  # the same move meets the same answer


def test_an_ai_move_for_a_seat_not_to_move_is_refused() -> None:
    table = _table(seats=[HUMAN, EASY])
    mover = table.match.to_move()[0]
    idle = 1 - mover
    before = _snapshot(table)
    _refused("reason.not_your_turn", table.play_ai, idle, table.match.legal_actions(mover)[0])
    assert _snapshot(table) == before


def test_a_saved_table_comes_back_with_its_tokens_names_and_position(tmp_path: Path) -> None:
    table = _table(seats=[HUMAN, HUMAN, EASY])
    _, token = table.join(0, None, "Aki")
    mover = table.match.to_move()[0]
    table.act(mover, 1, table.view(mover)["legal"][0])
    path = tmp_path / "ACDE.json"
    table.save(path)
    back = TableHost.load(path)
    assert (back.code, back.pos, back.tokens) == (table.code, table.pos, table.tokens)
    assert back.match.seats[0].name == "Aki"
    assert back.view(1) == table.view(1)
    _refused("net.reason.seat_taken", back.join, 0, None, "Eve")
    assert back.join(0, token, "Aki") == (0, token)


@pytest.mark.parametrize("change", [
    lambda data: data.update(format="other"),
    lambda data: data.update(version=9),
    lambda data: data.update(code="B8O0"),
    lambda data: data.update(pos=-1),
    lambda data: data.update(tokens={"2": "token-of-an-ai-seat"}),
    lambda data: data.update(tokens={"0": 5}),
    lambda data: data.update(tokens=[]),
    lambda data: data["match"].update(log=[[0, "nonsense"]]),
])
def test_a_bad_table_file_is_refused_by_name(change) -> None:
    data = _table(seats=[HUMAN, HUMAN, EASY]).to_json()
    data["tokens"] = {"0": "a-good-token-here"}
    TableHost.from_json(json.loads(json.dumps(data)))  # the untouched file reads
    change(data)
    with pytest.raises(SaveError):
        TableHost.from_json(json.loads(json.dumps(data)))
