"""Hints (issue 18): the ``hint`` command on saved positions, the save files it is measured on
(``simulate --save-dir``, ``replay --upto --save``), and that a hint never reads hidden cards."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.coach import HintRefused, hint_seat
from game.core.match import Match, Seat
from game.core.registry import get_rules
from kotatsu.cli import EXIT_FAILED, EXIT_USAGE, main

PLAYOUTS = "120"  # a fixed race: the answer depends only on the observation and the seed


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """``python -m game ARGV``: exit code, stdout, stderr."""
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def _fresh_save(tmp_path: Path, game_id: str, seed: int, name: str) -> Path:
    """A new 2-seat match of ``game_id`` dealt from ``seed``, saved before any action."""
    path = tmp_path / name
    Match(game_id, [Seat("human"), Seat("ai", "normal")], seed).save(path)
    return path


def _hint_json(capsys: pytest.CaptureFixture[str], path: Path, *extra: str) -> dict:
    """The ``hint --json`` answer for ``path`` with the fixed race."""
    code, out, err = _run(capsys, "hint", str(path), "--json", "--playouts", PLAYOUTS, "--seed", "7", *extra)
    assert code == 0, err
    return json.loads(out)


# ----- simulate --save-dir and replay --upto --save -------------------------------------------
def test_simulate_writes_every_finished_game_as_a_save(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = _run(capsys, "simulate", "newold", "--agents", "normal,random,easy", "--games", "3",
                        "--seed", "40", "--save-dir", str(tmp_path / "saves"))
    assert code == 0, err
    paths = sorted((tmp_path / "saves").iterdir())
    assert [path.name for path in paths] == [f"newold-seed{40 + i}-{i:04d}.json" for i in range(3)]
    for index, path in enumerate(paths):
        match = Match.load(path)  # verifies the saved position
        assert match.is_over() and match.seed == 40 + index and match.log
        assert sorted(seat.level for seat in match.seats) == ["easy", "normal", "random"]


def test_simulate_ends_its_progress_line_and_reports_before_naming_the_saves(tmp_path: Path) -> None:
    import os
    import subprocess
    import sys

    environment = {key: value for key, value in os.environ.items() if key != "PYTHONUNBUFFERED"}
    environment["PYTHONPATH"] = str(Path(__file__).resolve().parents[2])
    with open(tmp_path / "out.txt", "w") as both:  # stdout and stderr into one file, stdout buffered
        subprocess.run([sys.executable, "-m", "game", "simulate", "neko", "--agents", "normal,normal", "--games", "2",
                        "--save-dir", str(tmp_path / "saves")], stdout=both, stderr=both, env=environment, check=True,
                       timeout=120)
    lines = (tmp_path / "out.txt").read_bytes().decode().rstrip("\n").split("\n")  # the progress line keeps its carriage returns
    assert lines[0].endswith("2/2 games"), "the progress line ends before anything else"
    assert lines[1].startswith("neko, 2 players") and lines[-1].startswith("2 save files in ")


def test_replay_upto_saves_the_position_after_n_actions(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _run(capsys, "simulate", "neko", "--agents", "normal,normal", "--games", "1", "--save-dir", str(tmp_path))
    full = Match.load(tmp_path / "neko-seed1-0000.json")
    out = tmp_path / "cut.json"
    code, stdout, err = _run(capsys, "replay", str(tmp_path / "neko-seed1-0000.json"), "--upto", "9", "--save", str(out))
    assert code == 0, err
    cut = Match.load(out)
    assert [entry.action for entry in cut.log] == [entry.action for entry in full.log[:9]]
    assert not cut.is_over() and "9 actions replayed" in stdout
    code, _, err = _run(capsys, "replay", str(out), "--upto", "10")
    assert code == EXIT_USAGE and "--upto must be 0 to 9" in err


# ----- the hint command ---------------------------------------------------------------------------
def test_hint_ranks_the_moves_best_first_in_words_and_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _fresh_save(tmp_path, "neko", 3, "neko.json")
    answer = _hint_json(capsys, path)
    ranks = [move["rank"] for move in answer["moves"]]
    assert ranks == sorted(ranks) and len(ranks) >= 2  # best first by the evidence; equals share a rank
    for upper, lower in zip(answer["moves"], answer["moves"][1:]):
        assert upper["value"] >= lower["value"] or upper["rank"] == lower["rank"]
    legal = {get_rules("neko").encode_action(a) for a in Match.load(path).legal_actions(answer["seat"])}
    assert {move["move"] for move in answer["moves"]} <= legal
    assert sum(move["hard"] for move in answer["moves"]) == 1
    code, out, _ = _run(capsys, "hint", str(path), "--playouts", PLAYOUTS)
    assert code == 0
    head, first = out.splitlines()[:2]
    assert first.startswith("1. Lay your ") and " %" in first
    # one answer: the head names the move listed first, or says plainly why Hard's differs
    top = first.split("[")[1].split(";")[0]
    assert f"Best move: {top}" in head
    assert "Hard's own quick search picked" in head or "Hard's choice" in head


def test_hint_refuses_a_finished_match_a_seat_without_a_move_and_a_bad_file(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _run(capsys, "simulate", "neko", "--agents", "normal,normal", "--games", "1", "--save-dir", str(tmp_path))
    code, _, err = _run(capsys, "hint", str(tmp_path / "neko-seed1-0000.json"))
    assert code == EXIT_USAGE and "over" in err
    fresh = _fresh_save(tmp_path, "neko", 3, "fresh.json")
    waiting = 1 - Match.load(fresh).to_move()[0]
    code, _, err = _run(capsys, "hint", str(fresh), "--seat", str(waiting))
    assert code == EXIT_USAGE and f"seat {waiting} has no move now" in err
    code, _, err = _run(capsys, "hint", str(fresh), "--seat", "5")
    assert code == EXIT_USAGE and "no seat 5" in err
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "kotatsu-match", "version": 2, "game": "neko"}')
    code, _, err = _run(capsys, "hint", str(bad))
    assert code == EXIT_FAILED and "hint failed" in err
    code, _, err = _run(capsys, "hint", str(tmp_path / "missing.json"))
    assert code == EXIT_USAGE and "no such file" in err


def test_hint_seat_names_why_there_is_no_hint() -> None:
    match = Match("neko", [Seat("human"), Seat("human")], 3)
    waiting = 1 - match.to_move()[0]
    with pytest.raises(HintRefused) as refused:
        hint_seat(match, waiting)
    assert refused.value.key == "coach.hint.off.turn"
    assert hint_seat(match) == match.to_move()[0]


# ----- no hidden information -----------------------------------------------------------------------
def _twin_noaron_seeds() -> tuple[int, int, int]:
    """Two seeds whose opening positions look the same to the seat to move (its hand and every
    face-up card) but deal the hidden cards differently; and that seat."""
    rules = get_rules("noaron")
    seen: dict[str, tuple[int, int]] = {}
    for seed in range(3000):
        state = rules.new_game(2, seed)
        seat = rules.to_move(state)[0]
        key = repr(rules.observe(state, seat))
        if key in seen:
            return seen[key][0], seed, seat
        seen[key] = (seed, seat)
    raise AssertionError("no twin seeds below 3000")


def test_hint_is_the_same_when_only_hidden_cards_differ(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    first, second, seat = _twin_noaron_seeds()
    rules = get_rules("noaron")
    one, two = rules.new_game(2, first), rules.new_game(2, second)
    assert rules.notation(one) != rules.notation(two)  # the hidden cards do differ
    answers = [_hint_json(capsys, _fresh_save(tmp_path, "noaron", seed, f"{seed}.json"), "--seat", str(seat))
               for seed in (first, second)]
    assert [answer.pop("seconds") >= 0 for answer in answers] == [True, True]
    assert answers[0] == answers[1]


def test_hint_changes_when_the_seats_own_cards_differ(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    first, _, seat = _twin_noaron_seeds()
    rules = get_rules("noaron")
    other = next(seed for seed in range(first + 1, first + 50)
                 if rules.observe(rules.new_game(2, seed), seat).hand != rules.observe(rules.new_game(2, first), seat).hand
                 and rules.to_move(rules.new_game(2, seed))[0] == seat)
    answers = [_hint_json(capsys, _fresh_save(tmp_path, "noaron", seed, f"{seed}.json"), "--seat", str(seat))
               for seed in (first, other)]
    assert answers[0]["moves"] != answers[1]["moves"]


# ----- the Hint button on a table --------------------------------------------------------------
@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """A headless app with instant animations and its own settings folder."""
    monkeypatch.setenv("KOTATSU_HOME", str(tmp_path))
    from game.core.settings import Settings
    from scenes.engine.app import App

    application = App(Settings(language="en", anim_speed="instant", sound=False), headless=True)
    yield application
    application.close()


def _table(app, seats: list[Seat], seed: int = 4):
    """A neko table for ``seats`` pushed on ``app``, at seat 0's turn."""
    from scenes.tools.shot import _to_seat_zero, make_scene

    match = Match("neko", seats, seed, {"quick": True})
    _to_seat_zero(match, seed)
    scene = make_scene(app, match, viewer=0)
    app.push(scene)
    for _ in range(5):
        app.step(1 / 60)
    return scene


@pytest.mark.slow
def test_the_hint_key_shows_the_best_moves_and_goes_when_the_person_acts(app) -> None:
    from scenes.engine.input import KEY, Intent

    scene = _table(app, [Seat("human"), Seat("human")])
    app.step(1 / 60, feed=[Intent(KEY, key="/")])
    app.step(1 / 60)
    assert scene.hint_advice is not None and scene.match.hints_used == [1, 0]
    lines = scene.hint_lines()
    assert 1 <= len(lines) <= 3 and all(" %" in line for line in lines)
    painted = scene.draw_hint(app.screen)  # the marks, then the panel
    assert painted and not painted[-1].colliderect(scene.viewer_strip())
    assert not painted[-1].colliderect(scene.hint_button.rect)
    scene.attempt(scene.hint_advice.best.action)
    app.step(1 / 60)
    assert scene.hint_advice is None and scene.draw_hint(app.screen) == []
    saved = Match.from_json(scene.match.to_json())
    assert saved.hints_used == [1, 0]  # the count goes with the save


def test_no_hint_button_for_an_ai_viewer_or_a_seat_with_hints_off(app) -> None:
    scene = _table(app, [Seat("human", hints=False), Seat("ai", "normal")])
    assert scene.hint_refusal() == "coach.hint.off.disabled" and not scene.hint_button.is_enabled
    scene.press_hint()
    assert scene.hint_ticket is None and scene.match.hints_used == [0, 0]
    scene.viewer = 1
    assert scene.hint_refusal() == "coach.hint.off.ai"


def test_old_saves_without_hint_fields_load_and_keep_hints_on(tmp_path: Path) -> None:
    match = Match("neko", [Seat("human"), Seat("human", hints=False)], 2)
    data = match.to_json()
    assert "hints_used" not in data and "hints" not in data["seats"][0]
    assert data["seats"][1]["hints"] is False
    loaded = Match.from_json(data)
    assert [seat.hints for seat in loaded.seats] == [True, False] and loaded.hints_used == [0, 0]
    data["hints_used"] = [1]
    with pytest.raises(Exception, match="hints_used"):
        Match.from_json(data)


def _finished_neko(seats: list[Seat], seed: int = 2) -> Match:
    """A neko match for ``seats`` played to its end by quick AI agents."""
    from scenes.tools.shot import play_moves

    match = Match("neko", seats, seed=seed)
    play_moves(match, 100_000, seed)
    assert match.is_over()
    return match


def _texts_drawn(app, match: Match, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every text the results screen of ``match`` paints."""
    import scenes.engine.fonts
    from scenes.menus.results import Results

    drawn: list[str] = []
    real = scenes.engine.fonts.text
    monkeypatch.setattr(scenes.engine.fonts, "text", lambda text, *args, **kwargs: (drawn.append(text), real(text, *args, **kwargs))[1])
    Results(app, match).draw(app.screen)
    return drawn


def test_the_results_count_the_hints_each_person_used_only_when_any_were(app, monkeypatch: pytest.MonkeyPatch) -> None:
    seats = [Seat("human"), Seat("human"), Seat("ai", "hard")]
    match = _finished_neko(seats)
    assert "Hints used" not in _texts_drawn(app, match, monkeypatch)
    match.hints_used = [3, 0, 0]
    resumed = Match.from_json(match.to_json())  # the count comes back with the save
    drawn = _texts_drawn(app, resumed, monkeypatch)
    assert "Hints used" in drawn
    row = drawn[drawn.index("Hints used") + 1:][:3]
    assert row == ["3", "0", "–"], "a count per person, a dash for the AI seat"


# ----- the hint's figures (python -m game bench hint) and the frames bench's hint ------------------
@pytest.mark.slow
def test_bench_hint_prints_time_and_agreement_per_game(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, "bench", "hint", "--game", "noaron", "--games", "1", "--positions", "3",
                        "--budget", "0.1", "--json")
    assert code == 0
    figures = json.loads(out)
    assert set(figures) >= {"noaron", "all"} and "neko" not in figures, "--game keeps to that game"
    game = figures["noaron"]
    assert game["positions"] == 3 and 0 <= game["agreed"] <= 3
    low, high = game["agreement_95"]
    assert low <= game["agreement"] <= high and 0 <= low < high <= 1
    assert 0 < game["seconds_p50"] <= game["seconds_p95"] <= game["seconds_max"]
    assert figures["all"]["positions"] == 3


def test_positions_for_the_hint_bench_come_from_the_whole_match() -> None:
    from game.bench import decision_points, hint_positions, spread

    assert spread(list(range(100)), 4) == [12, 37, 62, 87], "opening, middle and end alike"
    assert spread([1, 2], 5) == [1, 2]
    rules = get_rules("newold")
    chosen = hint_positions("newold", 2, 5, 5)
    assert len(chosen) == 5 and all(len(rules.legal_actions(state, seat)) > 1 for state, seat in chosen)
    first = decision_points("newold", 3, 5)
    assert rules.observe(chosen[0][0], chosen[0][1]) == rules.observe(*spread(first, 3)[0])


@pytest.mark.slow
def test_the_frames_bench_person_asks_for_a_hint_and_follows_it(app) -> None:
    from scenes.tools.bench import keep_hinting

    scene = _table(app, [Seat("human"), Seat("human")])
    assert keep_hinting(scene), "their turn: a hint is asked"
    for _ in range(3):
        app.step(1 / 60)
    assert scene.hint_advice is not None
    played = len(scene.match.log)
    keep_hinting(scene)
    assert len(scene.match.log) == played + 1, "the hint's best move was played"


@pytest.mark.slow
@pytest.mark.parametrize(("game_id", "players"), [("neko", 3), ("neko", 4), ("newold", 5), ("noaron", 2),
                                                  ("nostalgic", 4), ("wallpaper", 5)])
def test_the_hint_keeps_off_the_tables_buttons_and_its_marked_move(app, game_id: str, players: int) -> None:
    from game.coach import match_advice
    from scenes.tools.shot import _to_seat_zero, make_scene, play_moves

    match = Match(game_id, [Seat("human")] + [Seat("ai", "normal")] * (players - 1), 6)
    play_moves(match, 8, 6)
    _to_seat_zero(match, 6)
    scene = make_scene(app, match, viewer=0)
    app.push(scene)
    app.step(1 / 60)
    button = scene.hint_button.rect
    others = [widget.rect for widget in scene.buttons.widgets if widget is not scene.hint_button]
    assert button.collidelist(others) < 0, "the Hint button lies on another button"
    scene.hint_advice = match_advice(match, 0, playouts=48, seed=1)
    scene.hint_for = scene.hint_position()
    *marks, panel = scene.draw_hint(app.screen)
    assert marks, "the best move is marked"
    assert not panel.colliderect(button) and not panel.colliderect(scene.viewer_strip())
    assert panel.collidelist([mark.inflate(-2 * 6, -2 * 6) for mark in marks]) < 0, "the panel hides the marked move"
    assert (0, 0, 1920, 1080) == panel.union((0, 0, 1920, 1080)), "the panel lies on the canvas"


def test_the_panel_says_when_its_chances_rest_on_few_playouts(app) -> None:
    from dataclasses import replace

    from game.coach import match_advice

    scene = _table(app, [Seat("human"), Seat("human")])
    advice = match_advice(scene.match, 0, playouts=200, seed=1)
    scene.hint_advice = advice
    assert min(move.samples for move in advice.moves) >= 20 and scene.hint_caveat() == []
    scene.hint_advice = replace(advice, moves=tuple(replace(move, samples=3) for move in advice.moves))
    assert scene.hint_caveat() == ["A rough guess: each move was tried only 3 times"]
