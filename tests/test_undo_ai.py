"""Fair undo against the AI (``Match.can_take_back``/``take_back``): alone against AI seats a
person takes back their last move and the AI replies after it, never past a reveal; with another
person at the table the strict rule holds; the AI answers the same position the same way."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from pathlib import Path

import pytest

from game.ai.base import decision_seed, make_agent
from game.core.errors import RulesError
from game.core.match import Match, Seat
from game.core.registry import available_games, get_rules
from game.core.settings import Settings
from scenes.engine.app import App
from tests.test_table_base import RecordingTable, persons_turn, step_until

GAMES = sorted(available_games())
PERSON = 0
SEEDS = range(1, 40)  # matches tried per game until each situation turns up


def ai_reply(match: Match, seat: int) -> object:
    """What the Normal AI of ``seat`` plays now, seeded as the table seeds it."""
    rng = random.Random(decision_seed(match.seed, len(match.log), seat))
    return make_agent(match.game_id, "normal").choose(match.observe(seat), match.legal_actions(seat), rng, 0.0)


def person_vs_ai(game_id: str, seed: int) -> Match:
    """A match of one person (seat 0) against Normal AI seats, at the fewest players."""
    players = get_rules(game_id).min_players
    return Match(game_id, [Seat("human")] + [Seat("ai", "normal")] * (players - 1), seed)


def advance(match: Match, rng: random.Random) -> list[bool]:
    """Play one action (the person: a random legal one; an AI: its seeded reply); returns, per
    event, whether it hid undo."""
    seat = match.to_move()[0]
    action = rng.choice(match.legal_actions(seat)) if seat == PERSON else ai_reply(match, seat)
    return [event.hides_undo for event in match.apply(seat, action)]


def find(game_id: str, wanted: Callable[[Match, bool, int], bool]) -> Match:
    """A person-vs-AI match stopped where ``wanted(match, revealed_since, ai_replies)`` holds:
    ``revealed_since`` tells whether anything hid undo since the person's last move, and
    ``ai_replies`` counts the AI actions since it."""
    for seed in SEEDS:
        match, rng = person_vs_ai(game_id, seed), random.Random(seed)
        revealed, replies, moved = False, 0, False
        while not match.is_over():
            seat = match.to_move()[0]
            hides = advance(match, rng)
            if seat == PERSON:
                moved, revealed, replies = True, any(hides), 0
            else:
                revealed, replies = revealed or any(hides), replies + 1
            if moved and not match.is_over() and wanted(match, revealed, replies):
                return match
    raise AssertionError(f"no {game_id} match of seeds {SEEDS} reached the situation")


def last_person_move(match: Match) -> int:
    """The log index of the person's last move."""
    return max(index for index, entry in enumerate(match.log) if entry.seat == PERSON)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_person_takes_back_their_move_and_the_ai_replies_after_it(game_id: str) -> None:
    match = find(game_id, lambda m, revealed, replies: not revealed and replies >= 1)
    index = last_person_move(match)
    replies = match.log[index + 1:]
    rebuilt = Match.from_json({**match.to_json(), "log": [[e.seat, e.action] for e in match.log[:index]]},
                              verify=False)
    assert replies and all(entry.seat != PERSON for entry in replies)
    assert match.can_take_back(PERSON) == (True, "")
    taken = match.take_back(PERSON)
    assert [entry.seat for entry in taken] == [PERSON] + [entry.seat for entry in replies]
    assert match.log == rebuilt.log and match.events == rebuilt.events
    assert match.rules.notation(match.state) == match.rules.notation(rebuilt.state)
    assert PERSON in match.to_move()


@pytest.mark.parametrize("game_id", GAMES)
def test_the_ai_answers_a_repeated_move_as_before(game_id: str) -> None:
    """The same move after a take-back meets the same reply: from the seeded AI itself, and from
    the remembered replies (which a timed search needs)."""
    match = find(game_id, lambda m, revealed, replies: not revealed and replies >= 1)
    index = last_person_move(match)
    before = list(match.log[index:])
    match.take_back(PERSON)
    match.apply(PERSON, match.rules.decode_action(before[0].action))
    seat = before[1].seat
    assert match.rules.encode_action(ai_reply(match, seat)) == before[1].action
    remembered = match.remembered_reply(seat)
    assert remembered is not None and match.rules.encode_action(remembered) == before[1].action


def choices_after_take_back(match: Match) -> list[str]:
    """The person's choices (encoded) once their last move is taken back, on a twin match."""
    twin = Match.from_json(match.to_json())
    twin.take_back(PERSON)
    return [twin.rules.encode_action(action) for action in twin.legal_actions(PERSON)]


@pytest.mark.parametrize("game_id", GAMES)
def test_no_remembered_reply_after_a_different_move(game_id: str) -> None:
    match = find(game_id, lambda m, revealed, replies: (not revealed and replies >= 1
                                                        and len(choices_after_take_back(m)) > 1))
    played = match.log[last_person_move(match)].action
    match.take_back(PERSON)
    other = next(text for text in person_choices_now(match) if text != played)
    match.apply(PERSON, match.rules.decode_action(other))
    assert all(match.remembered_reply(seat) is None for seat in range(1, match.players))


def person_choices_now(match: Match) -> list[str]:
    """The person's legal actions now, encoded."""
    return [match.rules.encode_action(action) for action in match.legal_actions(PERSON)]


@pytest.mark.parametrize("game_id", GAMES)
def test_a_take_back_is_refused_after_a_reveal(game_id: str) -> None:
    match = find(game_id, lambda m, revealed, replies: revealed and PERSON in m.to_move())
    log = list(match.log)
    assert match.can_take_back(PERSON) == (False, "reason.take_back.revealed")
    with pytest.raises(RulesError) as caught:
        match.take_back(PERSON)
    assert caught.value.reason == "reason.take_back.revealed" and match.log == log


@pytest.mark.parametrize("game_id", GAMES)
def test_another_person_at_the_table_keeps_the_strict_rule(game_id: str) -> None:
    """Two people (and an AI when the table has room): a move is taken back only until anyone
    else acts, exactly as ``can_undo`` says."""
    rules = get_rules(game_id)
    players = max(rules.min_players, min(rules.max_players, 3))
    for seed in SEEDS:
        match = Match(game_id, [Seat("human"), Seat("human")] + [Seat("ai", "easy")] * (players - 2), seed)
        rng = random.Random(seed)
        while not match.is_over():
            first = match.to_move()[0]
            hid = any(e.hides_undo for e in match.apply(first, rng.choice(match.legal_actions(first))))
            if match.is_over() or first in match.to_move() or hid or not match.seats[first].is_human:
                continue
            assert match.can_take_back(first) == (True, "") and match.can_undo(first)
            second = match.to_move()[0]
            if any(e.hides_undo for e in match.apply(second, rng.choice(match.legal_actions(second)))):
                continue
            if match.is_over():
                break
            assert match.can_take_back(first) == (False, "reason.take_back.other_person")
            with pytest.raises(RulesError):
                match.take_back(first)
            return
    raise AssertionError(f"no {game_id} match of seeds {SEEDS} had two moves in a row without a reveal")


def test_nothing_to_take_back_before_the_person_moves_and_not_for_an_ai_seat() -> None:
    match = person_vs_ai("noaron", 3)
    assert match.can_take_back(PERSON) == (False, "reason.take_back.nothing")
    assert match.can_take_back(1) == (False, "reason.take_back.not_yours")


def test_a_finished_match_takes_nothing_back() -> None:
    match = person_vs_ai("neko", 5)
    rng = random.Random(5)
    while not match.is_over():
        advance(match, rng)
    assert match.can_take_back(PERSON) == (False, "reason.take_back.over")


def test_a_match_replayed_from_its_save_can_take_back_as_before() -> None:
    """The autosave replays the log, which rebuilds the take-back points: a resumed match offers
    the same take-back as the match that was saved."""
    match = find("noaron", lambda m, revealed, replies: not revealed and replies >= 1)
    twin = Match.from_json(match.to_json())
    assert twin.can_take_back(PERSON) == match.can_take_back(PERSON) == (True, "")
    assert [e.action for e in twin.take_back(PERSON)] == [e.action for e in match.take_back(PERSON)]
    assert twin.to_json() == match.to_json()


# ----- on the table ------------------------------------------------------------------------------
@pytest.fixture
def make_app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterable[Callable[[], App]]:
    """Headless apps with instant animations, their files in a throwaway folder."""
    monkeypatch.setenv("KOTATSU_HOME", str(tmp_path))
    apps: list[App] = []

    def make() -> App:
        application = App(Settings(language="en", anim_speed="instant", sound=False), headless=True)
        apps.append(application)
        return application

    yield make
    for application in apps:
        application.close()


def test_the_table_takes_back_a_move_and_the_ai_plays_the_same_reply(make_app: Callable[[], App]) -> None:
    """Undo after the AI answered: the person's move and the reply go, the autosave follows,
    and the same move again brings the same reply."""
    from game.core.autosave import load_autosave

    app = make_app()
    scene = RecordingTable(app, Match("neko", [Seat("human"), Seat("ai", "normal"), Seat("ai", "normal")], 6))
    app.push(scene)
    for _ in range(60):
        step_until(app, persons_turn(scene))
        if len(scene.match.log) > 3 and scene.can_undo():
            break
        assert scene.attempt(scene.match.legal_actions(PERSON)[0])
    assert scene.can_undo() and scene.match.log[-1].seat != PERSON
    index = last_person_move(scene.match)
    before = list(scene.match.log)
    scene.press_undo()
    scene.saver.wait()
    assert scene.match.log == before[:index]
    saved, _ = load_autosave()
    assert saved is not None and saved.log == scene.match.log
    step_until(app, persons_turn(scene))
    assert scene.attempt(scene.match.rules.decode_action(before[index].action))
    step_until(app, lambda: len(scene.match.log) >= len(before))
    assert scene.match.log[: len(before)] == before


def test_a_refused_undo_says_why(make_app: Callable[[], App]) -> None:
    app = make_app()
    scene = RecordingTable(app, Match("neko", [Seat("human"), Seat("ai", "normal")], 4))
    app.push(scene)
    step_until(app, persons_turn(scene))
    assert not scene.can_undo() and not scene.undo_button.is_available
    scene.undo_button.activate()  # a press on the greyed button still explains itself
    assert scene.toast.visible and scene.toast.message == app_text("reason.take_back.nothing")


def app_text(key: str) -> str:
    """A catalogue text in the table's language."""
    from game.i18n import t

    return t(key)
