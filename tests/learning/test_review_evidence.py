"""One file, one review (issue 29): the default review plays a fixed number of playouts fitted to
the match, seeded from the match and the move, so two runs, any ``--jobs`` and the screen all name
the same key moments; a drop inside its interval is "not enough evidence", never a key moment; a
tutorial's scripted match is left out of review."""

from __future__ import annotations

from pathlib import Path

import pytest

from game import review as review_module
from game.core.match import Match, Seat
from game.review import Decision, ReviewJob, key_moments, review_playouts
from kotatsu.cli import main
from tests.random_matches import random_moves


def short_match(tmp_path: Path) -> Path:
    """The first moves of a 2-player neko match (random moves) saved to a file: a few
    decisions keep the review quick."""
    match = Match("neko", [Seat("human"), Seat("ai", "easy")], 5)
    random_moves(match, 10, 5)
    path = tmp_path / "neko.json"
    match.save(path)
    return path


@pytest.fixture
def small_reviews(monkeypatch: pytest.MonkeyPatch) -> None:
    """Reviews fitted to a tiny processor budget (the fewest playouts): quick, and as exact."""
    monkeypatch.setattr(review_module, "CORE_SECONDS", 0.01)


@pytest.mark.slow
def test_two_runs_and_any_jobs_give_the_same_json(tmp_path: Path, small_reviews: None,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    path = short_match(tmp_path)
    outputs = []
    for jobs in ("1", "1", "2"):
        assert main(["review", str(path), "--seat", "0", "--json", "--jobs", jobs]) == 0
        outputs.append(capsys.readouterr().out)
    assert outputs[0] == outputs[1] == outputs[2]
    assert '"playouts": 12' in outputs[0]  # the fitted default, not a time budget


def test_the_playouts_depend_on_the_match_alone(tmp_path: Path) -> None:
    """The screen reviews one seat, the command every person's: the same playouts each time."""
    match = Match.load(short_match(tmp_path))
    fitted = review_playouts(match)
    assert ReviewJob(match, (0,), jobs=0).playouts == fitted == ReviewJob(match, (0, 1), jobs=0).playouts
    assert ReviewJob(match, (0,), jobs=0).budget == 0.0  # no clock in it


def test_a_drop_inside_its_interval_is_not_enough_evidence() -> None:
    unsure = Decision(4, 0, "a", "b", 0.30, 0.60, samples=400, sure=False)
    sure = Decision(6, 0, "a", "b", 0.40, 0.55, samples=400, sure=True)
    assert key_moments([unsure, sure]) == (sure,)
    assert key_moments([unsure]) == ()


def test_the_text_says_not_enough_evidence_rather_than_naming_noise(tmp_path: Path, small_reviews: None,
                                                                    capsys: pytest.CaptureFixture[str]) -> None:
    path = short_match(tmp_path)
    assert main(["review", str(path), "--seat", "0", "--jobs", "1"]) == 0
    out = capsys.readouterr().out
    assert "Key moments:" in out
    if "Key moments: none" in out:
        assert "not enough evidence" in out


def test_a_tutorial_match_offers_no_review(app: object) -> None:
    from game.tutorials import load
    from scenes.learning.tutorial import make_tutorial_table
    from scenes.menus.results import Results

    table = make_tutorial_table(app, load("neko"))  # type: ignore[arg-type]
    match = table.match
    random_moves(match, None, 1)
    results = Results(app, match)  # type: ignore[arg-type]
    assert results.review_button not in results.group.widgets
    ordinary = random_moves(Match("neko", [Seat("human"), Seat("ai", "easy")], 1), None, 1)
    shown = Results(app, ordinary)  # type: ignore[arg-type]
    assert shown.review_button in shown.group.widgets


def test_the_budget_goes_where_it_decides_a_second_longer_look_at_the_unclear_drops(tmp_path: Path) -> None:
    """A drop still inside its interval after the first look gets a second look with
    ``FOCUS_FACTOR`` times the playouts (here the fake's evidence firms up with them): the key
    moment it reveals is named; the clear ones and the flat ones are not looked at again."""
    from game.ai.advice import Advice, MoveValue

    match = Match.load(short_match(tmp_path))
    asked: list[tuple[int, int | None]] = []

    def advisor(game_id, observation, legal, *, seed, budget, playouts, include, count=2):  # noqa: ANN001, ANN202
        rules = match.rules
        played = include[0]
        other = next(action for action in legal if action != played)
        asked.append((seed, playouts))
        sure = playouts is not None and playouts >= review_module.FOCUS_FACTOR * 12
        samples = playouts or 0
        return Advice(game_id, observation.seat, (
            MoveValue(other, rules.encode_action(other), 0.6, 0.0, samples, hard=True, rank=1),
            MoveValue(played, rules.encode_action(played), 0.4, 0.0, samples, rank=2 if sure else 1)),
            0.0, rules.encode_action(other))

    job = ReviewJob(match, (0,), jobs=0, playouts=12, advisor=advisor)
    job.focused = False  # a fixed playout count given: the second look is on
    review = job.wait()
    first = len(job.tasks)
    assert job.total > first and len(asked) == job.total
    assert all(playouts == 12 for _, playouts in asked[:first])
    assert all(playouts == 12 * review_module.FOCUS_FACTOR for _, playouts in asked[first:])
    assert review.moments and all(moment.samples == 12 * review_module.FOCUS_FACTOR for moment in review.moments)


def test_a_game_too_slow_for_every_decision_looks_at_evenly_spaced_ones_with_playouts_that_count(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Rather than 2 to 4 playouts at every decision (noise), a slow game's review takes every
    n-th decision of a seat, each with at least ``MIN_PLAYOUTS``; the file still gives one review."""
    match = Match.load(short_match(tmp_path))
    monkeypatch.setattr(review_module, "decision_cost", lambda game_id: 400.0)  # as slow as can be
    job = ReviewJob(match, (0,), jobs=0)
    every = review_module.review_tasks(match, (0,))
    assert job.stride > 1 and job.playouts == review_module.MIN_PLAYOUTS
    assert [task.index for task in job.tasks] == [task.index for task in every[::job.stride]]
    assert ReviewJob(match, (0,), jobs=0).stride == job.stride  # fitted to the match alone
