"""Nothing secret crosses the wire: whole matches of every game over real websockets, every byte
each client receives recorded and checked.

For each message a client gets: it passes ``check_host``; its observation is exactly
``rules.observe`` of the host's state at that position for that seat; the seed, the RNG state and
the other seats' tokens never appear. On the host side, at every view built, the same view is
built again in a world where what that seat cannot see is different (``rules.determinize`` from
its observation; for 3+ player ねこ also the rivals' cards swapped and the face-down rest reversed,
as tests/ai/test_advice.py does), and in a simultaneous secret choice with every choice the other
seat could have made: the bytes must be identical. Then a leak is planted to prove the checker
finds it."""

from __future__ import annotations

import asyncio
import dataclasses
import json
import random
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from game.core.match import Seat
from game.core.registry import get_rules
from game.core.rng import KeyedRandom, seed_key
from game.net import codec
from game.net.host import TableHost
from game.net.protocol import dumps
from tests.ai.test_advice import _swap_hidden
from tests.net_harness import TestClient, running_host

SEED = 918_273_645  # long enough that its digits cannot turn up in a message by chance
ALTERNATIVES = 2  # other worlds built per view
CHOICES = 4  # other choices tried per simultaneous secret choice

# (game, remote seats, AI seats): every game, each at a count that plays quickly
CONFIGS = [
    ("neko", 2, []),
    ("neko", 2, ["ai:random"]),
    ("newold", 2, []),
    ("noaron", 2, []),
    ("nostalgic", 2, ["ai:easy"]),
    ("wallpaper", 2, []),
]

pytestmark = pytest.mark.slow  # a whole file of processes, windows or whole matches


@dataclasses.dataclass
class Recording:
    """A whole match as the clients received it, and what the host knew meanwhile."""

    game_id: str
    seed: int
    frames: dict[int, list[bytes]] = dataclasses.field(default_factory=dict)  # seat -> raw messages
    states: dict[int, Any] = dataclasses.field(default_factory=dict)  # table position -> host state
    secrets: set[str] = dataclasses.field(default_factory=set)  # RNG state fragments seen on the host
    tokens: dict[int, str] = dataclasses.field(default_factory=dict)
    problems: list[str] = dataclasses.field(default_factory=list)  # found on the host side
    worlds_changed: int = 0  # counterfactual worlds that really differed from the truth
    choices_compared: int = 0  # simultaneous choices whose other outcomes were compared


def _rng_fragments(state: Any) -> set[str]:
    """The secret of the state's RNG: none of it may reach a client. The keyed generator's secret
    is its key (the seed, also as the key's hex); a Mersenne Twister's, the long words of its state."""
    if isinstance(state.rng, KeyedRandom):
        seed = state.rng.getstate()[1]
        return {str(seed), seed_key(seed).hex()}
    numbers = state.rng.getstate()[1]
    return {str(number) for number in numbers[:40:5] if number > 10**8}


def _other_worlds(rules: Any, state: Any, seat: int, rng: random.Random) -> Iterator[Any]:
    """States that ``seat`` cannot tell from ``state``."""
    seen = rules.observe(state, seat)
    for _ in range(ALTERNATIVES):
        yield rules.determinize(seen, random.Random(rng.getrandbits(32)))
    if rules.game_id == "neko" and state.players >= 3:
        rivals = [other for other in range(state.players) if other != seat][:2]
        if all(state.hands[other] for other in rivals):
            swapped = rules.clone(state)
            _swap_hidden(swapped, seat)
            yield swapped


def _bytes_in(table: TableHost, state: Any, build: Callable[[TableHost, int], dict], seat: int) -> str:
    """The view bytes ``build`` makes for ``seat`` when the table's state is ``state``."""
    truth = table.match.state
    table.match.state = state
    try:
        return dumps(build(table, seat))
    finally:
        table.match.state = truth


class Recorder:
    """Wraps the view builder: notes the host's states and checks counterfactual views."""

    def __init__(self, build: Callable[[TableHost, int], dict]) -> None:
        self.build = build
        self.recordings: dict[str, Recording] = {}
        self.rng = random.Random(7)

    def view(self, table: TableHost, seat: int) -> dict:
        """The real view, after the host-side checks."""
        made = self.build(table, seat)
        recording = self.recordings.get(table.code)
        if recording is not None:
            self._note(recording, table, seat, dumps(made))
        return made

    def _note(self, recording: Recording, table: TableHost, seat: int, sent: str) -> None:
        rules, state = table.match.rules, table.match.state
        if table.pos not in recording.states:
            recording.states[table.pos] = rules.clone(state)
            recording.secrets |= _rng_fragments(state)
            self._simultaneous(recording, table)
        if seat < 0:
            return
        for world in _other_worlds(rules, state, seat, self.rng):
            recording.worlds_changed += rules.notation(world) != rules.notation(state)
            if _bytes_in(table, world, self.build, seat) != sent:
                recording.problems.append(f"pos {table.pos}: seat {seat}'s view depends on what it cannot see")
                return

    def _simultaneous(self, recording: Recording, table: TableHost) -> None:
        """In a simultaneous choice, each other seat's view and the events it is sent are the
        same whichever choice a mover made."""
        rules, state = table.match.rules, table.match.state
        movers = rules.to_move(state)
        if len(movers) < 2:
            return
        for mover in movers:
            for watcher in (seat for seat in range(state.players) if seat != mover):
                seen = set()
                for action in rules.legal_actions(state, mover)[:CHOICES]:
                    world = rules.clone(state)
                    events = rules.apply(world, mover, action)
                    seen.add(_bytes_in(table, world, self.build, watcher)
                             + json.dumps([codec.encode(event) for event in events]))
                recording.choices_compared += 1
                if len(seen) > 1:
                    recording.problems.append(f"pos {table.pos}: seat {watcher} can tell seat {mover}'s choice")


def leaks(recording: Recording) -> list[str]:
    """Everything wrong with what the clients received (empty: nothing leaked)."""
    rules = get_rules(recording.game_id)
    found = list(recording.problems)
    forbidden = {str(recording.seed)} | recording.secrets
    for seat, frames in recording.frames.items():
        others = [token for owner, token in recording.tokens.items() if owner != seat]
        for raw in frames:
            text = raw.decode()
            found += [f"seat {seat} received an RNG or seed fragment" for secret in forbidden if secret in text]
            found += [f"seat {seat} received another seat's token" for token in others if token in text]
            message = json.loads(text)
            view = message.get("view")
            if view is None:
                continue
            state = recording.states.get(view["pos"])
            if state is None:
                found.append(f"seat {seat} got a view of position {view['pos']} the host never built")
                continue
            if codec.decode(view["observation"]) != rules.observe(state, seat):
                found.append(f"seat {seat}'s observation at {view['pos']} is not its own")
            mine = seat in rules.to_move(state)
            legal = [rules.encode_action(a) for a in rules.legal_actions(state, seat)] if mine else []
            if view["legal"] != legal:
                found.append(f"seat {seat}'s legal actions at {view['pos']} are not its own")
    return found


@contextmanager
def recorded(monkeypatch: pytest.MonkeyPatch) -> Iterator[Recorder]:
    """Record the views the host builds (around whatever view builder is in place now)."""
    recorder = Recorder(TableHost.view)
    monkeypatch.setattr(TableHost, "view", lambda table, seat: recorder.view(table, seat))
    yield recorder


async def _play_match(port: int, code: str, remote: int, recording: Recording) -> None:
    rngs = [random.Random(SEED + seat) for seat in range(remote)]
    clients = [await TestClient(port).open() for _ in range(remote)]
    for seat, client in enumerate(clients):
        welcome = await client.join(code, seat, f"P{seat}")
        assert welcome["type"] == "welcome", welcome
        recording.tokens[seat] = welcome["token"]
    await asyncio.gather(*(client.play(rng) for client, rng in zip(clients, rngs)))
    for seat, client in enumerate(clients):
        recording.frames[seat] = client.frames
        await client.close()


def play_recorded(monkeypatch: pytest.MonkeyPatch, game_id: str, remote: int, ai: list[str]) -> Recording:
    """A whole match with ``remote`` seats played by clients and the rest by the AI."""
    recording = Recording(game_id, SEED)
    seats = [Seat("human")] * remote + [Seat.parse(text) for text in ai]
    with recorded(monkeypatch) as recorder, running_host() as host:
        code = host.add_table(game_id, seats, seed=SEED)
        recorder.recordings[code] = recording
        asyncio.run(_play_match(host.port, code, remote, recording))
        assert host.server.tables[code].match.is_over()
    return recording


@pytest.mark.parametrize("game_id, remote, ai", CONFIGS)
def test_a_whole_match_leaks_nothing(monkeypatch: pytest.MonkeyPatch, game_id: str, remote: int, ai: list) -> None:
    recording = play_recorded(monkeypatch, game_id, remote, ai)
    assert leaks(recording) == []
    assert all(len(frames) > 10 for frames in recording.frames.values())
    assert recording.worlds_changed > 0  # the other worlds really differed: the check can fail
    if game_id == "newold":
        assert recording.choices_compared > 0


def _rivals_hand(build: Callable[[TableHost, int], dict]) -> Callable[[TableHost, int], dict]:
    def view(table: TableHost, seat: int) -> dict:
        made = build(table, seat)
        if seat >= 0:  # the planted leak: the next seat's observation instead of one's own
            made["observation"] = codec.encode(table.match.observe((seat + 1) % table.match.players))
        return made

    return view


def _seed_in_name(build: Callable[[TableHost, int], dict]) -> Callable[[TableHost, int], dict]:
    def view(table: TableHost, seat: int) -> dict:
        made = build(table, seat)
        made["seats"][0]["name"] = f"seed {table.match.seed}"  # the planted leak
        return made

    return view


@pytest.mark.parametrize("plant, expected", [(_rivals_hand, "is not its own"), (_seed_in_name, "seed fragment")])
def test_a_planted_leak_is_caught(monkeypatch: pytest.MonkeyPatch, plant: Callable, expected: str) -> None:
    monkeypatch.setattr(TableHost, "view", plant(TableHost.view))
    problems = leaks(play_recorded(monkeypatch, "neko", 2, []))
    assert any(expected in problem for problem in problems), problems[:5]
    if plant is _rivals_hand:
        assert any("cannot see" in problem for problem in problems)  # the counterfactual finds it too
