"""Match reviews (issue 18): the analysis, the command, the kept finished matches, the screen."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from game.core.match import Match, Seat
from game.core.recent import KEEP, KEEP_BAD, has_recent, keep_finished, recent_dir, recent_matches
from game.review import ReviewJob, review_match, review_tasks
from kotatsu.cli import main
from tests.random_matches import random_moves
from tests.review_fakes import fake_advisor

GAMES = {"neko": 4, "newold": 4, "nostalgic": 4, "wallpaper": 4, "noaron": 2}


def played_match(game_id: str, players: int, seed: int = 3) -> Match:
    """A match with a person at seat 0 and AIs elsewhere, played to its end at random."""
    seats = [Seat("human")] + [Seat("ai", "normal") for _ in range(players - 1)]
    return random_moves(Match(game_id, seats, seed=seed), None, seed)


# ----- the analysis ------------------------------------------------------------------------------
def test_key_moments_are_the_largest_drops_earliest_first_on_ties() -> None:
    match = played_match("neko", 4)
    indexes = [task.index for task in review_tasks(match, (0,))]
    assert len(indexes) >= 6
    drops = {indexes[1]: 0.30, indexes[2]: 0.10, indexes[3]: 0.30, indexes[4]: 0.45, indexes[5]: 0.10}

    def wins(index: int, played: Any, other: Any) -> tuple[float, float]:
        return 0.5, 0.5 + drops.get(index, -0.2)  # elsewhere the played move was the better one

    review = review_match(match, jobs=0, playouts=10, advisor=fake_advisor(match, wins))
    assert [moment.index for moment in review.moments] == [indexes[4], indexes[1], indexes[3]]
    assert [round(moment.drop, 2) for moment in review.moments] == [0.45, 0.30, 0.30]
    assert len(review.decisions) == len(indexes)
    assert all(decision.played_win == 0.5 for decision in review.decisions)
    first = review.moments[0]
    assert first.best != first.played and first.best_win == pytest.approx(0.95)


def test_no_key_moment_when_every_choice_was_the_best() -> None:
    match = played_match("noaron", 2)
    review = review_match(match, jobs=0, playouts=10, advisor=fake_advisor(match, lambda *_: (0.6, 0.4)))
    assert review.decisions and review.moments == ()


@pytest.mark.slow
def test_a_drop_the_playouts_cannot_tell_from_noise_is_no_key_moment() -> None:
    match = played_match("noaron", 2)
    few = review_match(match, jobs=0, advisor=fake_advisor(match, lambda *_: (0.0, 1.0), samples=2))
    assert few.decisions and all(d.drop == 1.0 for d in few.decisions) and few.moments == ()
    close = review_match(match, jobs=0, advisor=fake_advisor(match, lambda *_: (0.45, 0.55), samples=30))
    assert close.moments == ()  # ten points apart on 30 playouts each: within the noise
    sure = review_match(match, jobs=0, advisor=fake_advisor(match, lambda *_: (0.45, 0.55), samples=800))
    assert len(sure.moments) == min(3, len(sure.decisions))


def test_decisions_with_one_legal_move_are_skipped_and_only_the_seat_is_reviewed() -> None:
    match = played_match("neko", 4)
    tasks = review_tasks(match, (0,))
    assert tasks and all(task.seat == 0 and len(task.legal) > 1 for task in tasks)
    assert all(task.played in task.legal for task in tasks)
    seat_zero_turns = sum(1 for entry in match.log if entry.seat == 0)
    assert len(tasks) < seat_zero_turns  # neko deals forced moves (a single card, the base)


@pytest.mark.slow
def test_a_review_with_playouts_is_reproducible_in_any_number_of_processes() -> None:
    match = played_match("noaron", 2, seed=11)
    once = review_match(match, jobs=0, playouts=8)
    pooled = review_match(match, jobs=2, playouts=8)
    assert once.decisions == pooled.decisions
    assert once.decisions and all(0.0 <= d.played_win <= d.best_win <= 1.0 for d in once.decisions)


def test_an_all_ai_match_needs_a_seat() -> None:
    match = random_moves(Match("noaron", [Seat("ai", "easy"), Seat("ai", "easy")], seed=2), None, 2)
    with pytest.raises(ValueError, match="--seat"):
        review_match(match, jobs=0)
    assert ReviewJob(match, (1,), jobs=0).seats == (1,)


# ----- the command -------------------------------------------------------------------------------
@pytest.mark.slow
def test_review_json_has_the_moments_and_the_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    match = played_match("noaron", 2, seed=4)
    path = tmp_path / "match.json"
    match.save(path)
    assert main(["review", str(path), "--json", "--playouts", "8", "--jobs", "1"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["game"] == "noaron" and data["seats"] == [0] and data["actions"] == len(match.log)
    assert data["playouts"] == 8 and len(data["line"]) == len(review_tasks(match, (0,)))
    assert len(data["moments"]) <= 3
    for entry in data["line"] + data["moments"]:
        assert set(entry) == {"move", "seat", "played", "best", "played_win", "best_win", "drop", "samples",
                              "sure", "played_text", "best_text"}
        assert entry["played_text"] and entry["played_text"] != entry["played"]  # in words, not notation
        assert entry["drop"] == pytest.approx(max(0.0, entry["best_win"] - entry["played_win"]), abs=1e-3)
    drops = [moment["drop"] for moment in data["moments"]]
    assert drops == sorted(drops, reverse=True)


def test_review_show_hands_the_chosen_match_to_the_screen(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``review FILE --show`` opens the review screen on that match and seat (the command line
    brings the screen in; game/ never imports it)."""
    from scenes import main as review_screen

    match = played_match("noaron", 2)
    path = tmp_path / "match.json"
    match.save(path)
    shown: list[tuple[str, int | None, int | None]] = []

    def fake_show(chosen: Match, seat: int | None, **options: Any) -> int:
        shown.append((chosen.match_id, seat, options["playouts"]))
        return 0

    monkeypatch.setattr(review_screen, "show_review", fake_show)
    assert main(["review", str(path), "--show", "--seat", "1", "--playouts", "8"]) == 0
    assert shown == [(match.match_id, 1, 8)]


def test_review_of_a_missing_or_bad_file_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["review", str(tmp_path / "nope.json")]) == 2
    assert capsys.readouterr().err.strip().count("\n") == 0
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "kotatsu-match"', encoding="utf-8")
    assert main(["review", str(bad)]) == 1
    err = capsys.readouterr().err
    assert err.startswith("kotatsu: review failed:") and err.strip().count("\n") == 0
    assert main(["review", "--last"]) == 2  # nothing kept in this fresh data folder
    assert "no finished match" in capsys.readouterr().err


# ----- the kept finished matches -----------------------------------------------------------------
@pytest.mark.slow
def test_the_last_twenty_finished_matches_are_kept_newest_first(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("KOTATSU_HOME", str(tmp_path))
    assert not has_recent()
    assert keep_finished(random_moves(Match("noaron", [Seat("human")] * 2, seed=1), 3, 1)) is None  # unfinished
    seeds = list(range(100, 100 + KEEP + 3))
    for seed in seeds:
        assert keep_finished(played_match("noaron", 2, seed=seed)) is not None
    kept = recent_matches()
    assert [entry.match.seed for entry in kept] == seeds[::-1][:KEEP]
    assert len(list(recent_dir().iterdir())) == KEEP
    assert main(["review", "--list"]) == 0
    assert len(capsys.readouterr().out.strip().splitlines()) == KEEP


def test_a_corrupt_kept_match_is_set_aside_and_skipped(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("KOTATSU_HOME", str(tmp_path))
    good = keep_finished(played_match("noaron", 2, seed=7))
    assert good is not None
    folder = recent_dir()
    for number in range(KEEP_BAD + 3):
        (folder / f"match-99999999-{number:06d}-neko.json").write_text("{broken", encoding="utf-8")
        kept = recent_matches()
        assert [entry.path for entry in kept] == [good]
    names = [path.name for path in folder.iterdir()]
    assert sum(".bad-" in name for name in names) == KEEP_BAD + 3  # kept aside, never deleted at once
    keep_finished(played_match("noaron", 2, seed=8))  # a new keep bounds the folder
    names = [path.name for path in folder.iterdir()]
    assert sum(".bad-" in name for name in names) == KEEP_BAD
    assert sum(name.endswith(".json") for name in names) == 2


def test_an_unwritable_folder_keeps_nothing_and_raises_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder", encoding="utf-8")
    monkeypatch.setenv("KOTATSU_HOME", str(blocker))
    from game.core import storage

    storage.reset_saving_off()
    try:
        assert keep_finished(played_match("noaron", 2)) is None
        assert recent_matches() == []
    finally:
        storage.reset_saving_off()


# ----- the screen ------------------------------------------------------------------------------
def _gold_in_graph(surface: Any) -> int:
    """Pixels of the line's colour inside the graph."""
    from scenes.engine import theme
    from scenes.learning.review import GRAPH

    return sum(1 for x in range(GRAPH.x, GRAPH.right, 2) for y in range(GRAPH.y, GRAPH.bottom, 2)
               if tuple(surface.get_at((x, y)))[:3] == theme.GOLD)


@pytest.mark.slow
@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_screen_steps_through_a_real_match(app: Any, game_id: str) -> None:
    from scenes.engine.input import KEY, NAV, PRESS, RELEASE, Intent
    from scenes.learning.review import ReviewScene

    match = played_match(game_id, GAMES[game_id])
    drops = iter([0.3, 0.0, 0.2, 0.1] * 100)
    advisor = fake_advisor(match, lambda *_: (0.4, 0.4 + next(drops)))
    scene = ReviewScene(app, match, jobs=0, advisor=advisor)
    app.push(scene)
    for _ in range(len(scene.job.tasks) + 2 if scene.job else 2):
        app.step(1 / 60)
    assert scene.job is None and len(scene.review.moments) == 3
    assert _gold_in_graph(app.screen) > 10
    for _ in range(5):
        app.step(1 / 60, feed=[Intent(NAV, dx=1)])
    assert scene.step == 5 and len(scene.table.match.log) == 5
    app.step(1 / 60, feed=[Intent(NAV, dx=-1)])
    assert scene.step == 4 and len(scene.table.match.log) == 4
    app.step(1 / 60, feed=[Intent(KEY, key="end")])
    assert scene.step == scene.total and scene.table.match.is_over()
    app.step(1 / 60, feed=[Intent(NAV, dx=1)])
    assert scene.step == scene.total
    app.step(1 / 60, feed=[Intent(KEY, key="home")])
    assert scene.step == 0 and not scene.table.match.log
    moment = scene.review.moments[0]
    badge = next(centre for number, _, centre in scene._moment_marks() if number == 1)
    app.step(1 / 60, feed=[Intent(PRESS, badge), Intent(RELEASE, badge)])
    assert scene.step == moment.index
    for _ in range(30):
        app.step(1 / 60)
    played, best = scene.review.words(moment)
    assert played in scene.caption() and best in scene.caption() and played != best
    assert app.top is scene  # no results screen, no curtain pushed by the table
    assert not has_recent()  # stepping to the end keeps nothing


@pytest.mark.slow
def test_stepping_forward_to_the_end_shows_no_results(app: Any) -> None:
    from scenes.learning.review import ReviewScene

    match = played_match("noaron", 2, seed=12)  # 131 moves over two rounds (seed 3 plays 1,666 over ten)
    assert match.state.round >= 1
    scene = ReviewScene(app, match, jobs=0, advisor=fake_advisor(match, lambda *_: (0.5, 0.5)))
    app.push(scene)
    for _ in range(scene.total):
        scene.forward()
        app.step(1 / 60)
    for _ in range(60):
        app.step(1 / 60)
    assert scene.step == scene.total and scene.table.match.is_over() and app.top is scene


def test_results_review_button_opens_the_review(app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    from scenes.learning import review
    from scenes.menus.results import Results

    monkeypatch.setattr(review, "ReviewJob", lambda *args, **kwargs: ReviewJob(*args, **{**kwargs, "jobs": 0}))
    match = played_match("neko", 2)
    results = Results(app, match)
    app.push(results)
    app.step(1 / 60)
    results.review_button.activate()
    assert isinstance(app.top, review.ReviewScene) and app.top.source is match
    app.top.close()
    assert app.top is results


def test_a_kiosk_offers_no_review_and_no_recent_matches(app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Recent matches live on the Records screen, which the kiosk's title does not offer."""
    from scenes.menus import records as records_scene
    from scenes.menus.recent import RecentMatches
    from scenes.menus.records import RecordsScene
    from scenes.menus.results import Results
    from scenes.menus.title import Title

    match = played_match("neko", 2)
    for locked in (False, True):
        app.locked = locked
        results, title = Results(app, match), Title(app)
        assert (results.review_button in results.group.widgets) is not locked
        assert (title.records_button in title.group.widgets) is not locked
    app.locked = False
    for kept in (False, True):
        monkeypatch.setattr(records_scene, "has_recent", lambda kept=kept: kept)
        records = RecordsScene(app)
        assert (records.recent_button in records.group.widgets) is kept
    app.push(records)
    records.recent_button.activate()
    assert isinstance(app.top, RecentMatches)


def test_a_finished_table_keeps_its_match(app: Any) -> None:
    from scenes.table.launch import make_scene

    match = played_match("noaron", 2, seed=9)
    table = make_scene(app, match, viewer=0)
    app.push(table)
    table.finish_match()
    assert [entry.match.seed for entry in recent_matches()] == [9]
    assert os.path.isdir(recent_dir())


def test_kept_matches_stay_in_order_when_the_clock_jumps_back(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The machine's clock is not to be trusted (it jumps, and a time read in two parts can
    straddle a second): the newest kept match is the one kept last, whatever the clock says."""
    import time

    from game.core import recent

    monkeypatch.setenv("KOTATSU_HOME", str(tmp_path))
    clock = iter([2_000_000_000.0, 1_000_000_000.0, 1_500_000_000.0])
    real_gmtime = time.gmtime
    # "now" jumps about; a time asked for by value stays what it is
    monkeypatch.setattr(recent.time, "gmtime", lambda *when: real_gmtime(*when) if when else real_gmtime(next(clock)))
    for seed in (201, 202, 203):
        assert keep_finished(played_match("noaron", 2, seed=seed)) is not None
    assert [entry.match.seed for entry in recent_matches()] == [203, 202, 201]
