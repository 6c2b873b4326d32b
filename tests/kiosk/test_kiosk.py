"""Kiosk mode: the organiser's config, idle timers on a fake clock, attract mode, the exit lock,
the crash fallback, resuming after a crash or a power cut, the supervisor, and a small soak.

Everything runs headless; time moves only when a test moves the fake clock. Demos are proved on
neko (the other games join the rotation when they are available; a table that fails is skipped).
"""

from __future__ import annotations

import json
import logging
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from game import kiosk
from game.core import autosave
from game.core.match import Match, Seat
from game.core.records import RECORDS_FILE
from game.kiosk import Backoff, KioskConfig, Session, Supervisor, load_config
from scenes.engine import input as intents
from scenes.engine.input import Intent
from scenes.kiosk.controller import (
    ATTRACT,
    GAME,
    RESULTS,
    TITLE,
    FakeClock,
    KioskController,
    build_kiosk,
)
from scenes.kiosk.exit_lock import CORNER
from scenes.kiosk.screens import KioskTitle, LearnOrPlay
from scenes.kiosk.soak import run_soak
from scenes.menus.results import Results
from scenes.menus.setup import Setup
from scenes.table.saver import NullSaver
from scenes.table import launch as tables

DT = 1 / 60
ROOT = Path(__file__).resolve().parents[2]
CONFIG = KioskConfig(games=("neko",), attract_after=30, still_playing_after=40, countdown=10,
                     play_again_for=20, demo_pause=2, pin="4711", hold_seconds=3,
                     tries_before_lockout=3, lockout_seconds=30)


# ----- fixtures and helpers ---------------------------------------------------------------------------
@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A throwaway data folder, headless SDL."""
    monkeypatch.setenv("KOTATSU_HOME", str(tmp_path))
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    return tmp_path


@pytest.fixture
def clock() -> FakeClock:
    """Time that moves only when told."""
    return FakeClock()


def started_kiosk(clock: FakeClock, instant: bool) -> KioskController:
    """A kiosk on the fake clock, started and shown once."""
    controller = build_kiosk(CONFIG, headless=True, instant=instant, clock=clock, wall=clock)
    controller.start()
    controller.app.step(DT)
    return controller


@pytest.fixture
def kiosk_app(home: Path, clock: FakeClock) -> Iterator[KioskController]:
    """The kiosk, started, with the normal animations (as at an event)."""
    controller = started_kiosk(clock, instant=False)
    yield controller
    controller.app.close()


@pytest.fixture
def fast_kiosk(home: Path, clock: FakeClock) -> Iterator[KioskController]:
    """The kiosk with instant animations: whole demo games in a few frames."""
    controller = started_kiosk(clock, instant=True)
    yield controller
    controller.app.close()


@pytest.fixture
def events(caplog: pytest.LogCaptureFixture) -> pytest.LogCaptureFixture:
    """The organiser events logged during the test."""
    caplog.set_level(logging.INFO, logger="kotatsu")
    return caplog


def tagged(caplog: pytest.LogCaptureFixture, kind: str) -> list[str]:
    """Organiser log lines tagged with ``event=<kind>``."""
    return [record.getMessage() for record in caplog.records if f"[event={kind}" in record.getMessage()]


def run(controller: KioskController, clock: FakeClock, seconds: float, feed: Iterable[Intent] = (),
        frame: float = 0.2) -> None:
    """Let ``seconds`` pass in frames of at most ``frame`` s (the timers do not care how long a
    frame is; long frames keep the tests quick); ``feed`` goes in with the first frame."""
    pending = list(feed)
    frames = max(1, round(seconds / min(frame, seconds) if seconds > 0 else 1))
    for _ in range(frames):
        clock.advance(seconds / frames)
        controller.app.step(seconds / frames, pending)
        pending = []


def tap(pos: tuple[int, int]) -> list[Intent]:
    """A finger down and up at ``pos``."""
    return [Intent(intents.PRESS, pos, touch=True), Intent(intents.RELEASE, pos, touch=True)]


def open_visitor_game(controller: KioskController, seed: int = 5) -> Match:
    """A visitor (seat 0) against a Normal AI, on its table."""
    match = Match("neko", [Seat("human"), Seat("ai", "normal")], seed=seed)
    tables.open_table(controller.app, match)
    controller.app.step(DT)
    return match


def play_until_person(match: Match, moves: int) -> None:
    """Apply first legal actions for every seat until at least ``moves`` are logged and seat 0
    (the person) is to move."""
    while len(match.log) < moves or list(match.to_move()) != [0]:
        assert not match.is_over()
        seat = match.to_move()[0]
        match.apply(seat, match.legal_actions(seat)[0])


def finish(match: Match) -> None:
    """Play the match out with first legal actions."""
    while not match.is_over():
        seat = match.to_move()[0]
        match.apply(seat, match.legal_actions(seat)[0])


# ----- the config -------------------------------------------------------------------------------------
EXAMPLE = ROOT / "docs" / "kiosk.example.toml"


def example_with_pin(pin: str = "4711") -> str:
    """The example config with the organiser's PIN in place of its placeholder."""
    text = EXAMPLE.read_text(encoding="utf-8")
    assert 'pin = "CHANGE-ME"' in text
    return text.replace('pin = "CHANGE-ME"', f'pin = "{pin}"')


def line_of(text: str, fragment: str) -> int:
    """The 1-based line of the first line containing ``fragment``."""
    return next(number for number, line in enumerate(text.split("\n"), 1) if fragment in line)


def test_the_example_config_is_complete_and_valid_once_the_pin_is_set(tmp_path: Path) -> None:
    text = EXAMPLE.read_text(encoding="utf-8")
    for key in kiosk.KEYS:  # every key the kiosk reads is documented there
        assert f"[{key.section}]" in text and f"\n{key.name} = " in text
    config, warnings = load_config(EXAMPLE)  # a tryout: the placeholder PIN is only a warning
    assert len(warnings) == 1 and "exit.pin = 'CHANGE-ME' is not valid" in warnings[0]
    assert config.pin == kiosk.TRYOUT_PIN and config.offered_games()[0] == "neko"
    with pytest.raises(kiosk.ConfigRefused) as refused:  # the locked kiosk does not start with it
        kiosk.load_locked_config(EXAMPLE)
    assert refused.value.line == line_of(text, 'pin = "CHANGE-ME"') and refused.value.key == "exit.pin"
    assert str(EXAMPLE) in str(refused.value) and "\n" not in str(refused.value)
    mine = tmp_path / "kiosk.toml"
    mine.write_text(example_with_pin("4711"), encoding="utf-8")
    config, warnings = kiosk.load_locked_config(mine)
    assert warnings == [] and config.pin == "4711" and config.show_cursor is False and config.fullscreen


def test_bad_values_outside_exit_are_named_and_fall_back_to_their_defaults() -> None:
    data = {"idle": {"attract_after": -5, "countdown": 12}, "exit": {"pin": "4711"},
            "games": {"offered": ["neko", "chess"]}, "display": {"volume": "loud", "fullscren": True},
            "colours": {"x": 1}}
    report = kiosk.check_config(data, "kiosk.toml")
    text = "\n".join(report.warnings)
    assert "idle.attract_after = -5" in text and "using 60.0" in text
    assert "games.offered = ['neko', 'chess']" in text and "chess" in text
    assert "display.volume = 'loud'" in text
    assert "unknown key display.fullscren" in text
    assert "unknown section [colours]" in text
    assert len(report.warnings) == 5 and report.refusal is None
    assert report.config.countdown == 12  # the good keys still count
    assert report.config.attract_after == KioskConfig().attract_after
    assert report.config.pin == "4711"


@pytest.mark.parametrize(("exit_section", "key"), [
    ('pin = "12a4"', "exit.pin"),
    ("pin = 12", "exit.pin"),
    ('pin = "4711"\nhold_seconds = 0', "exit.hold_seconds"),
    ('pin = "4711"\nhold_second = 3', "exit.hold_second"),
    ('pin = "4711"\ntries_before_lockout = "three"', "exit.tries_before_lockout"),
    ("hold_seconds = 3", "exit.pin"),  # no PIN at all
])
def test_any_problem_in_exit_refuses_the_locked_kiosk_naming_file_line_and_key(
        tmp_path: Path, exit_section: str, key: str) -> None:
    path = tmp_path / "kiosk.toml"
    text = f'[games]\noffered = ["neko"]\n\n[exit]\n{exit_section}\n\n[idle]\ncountdown = 12\n'
    path.write_text(text, encoding="utf-8")
    with pytest.raises(kiosk.ConfigRefused) as refused:
        kiosk.load_locked_config(path)
    message = str(refused.value)
    assert refused.value.key == key and message.startswith(f"{path}, line ")
    wanted = line_of(text, key.split(".")[1] + " =") if key != "exit.pin" or "pin" in exit_section \
        else line_of(text, "[exit]")
    assert refused.value.line == wanted, message
    assert "\n" not in message
    config, warnings = load_config(path)  # the tryouts warn and go on
    assert config.countdown == 12 and warnings


def test_no_config_and_a_missing_file_refuse_the_locked_kiosk_and_give_tryouts_the_defaults(
        tmp_path: Path) -> None:
    with pytest.raises(kiosk.ConfigRefused, match="no --config given"):
        kiosk.load_locked_config(None)
    assert load_config(None)[0] == KioskConfig()
    with pytest.raises(kiosk.ConfigRefused, match="no such file"):
        kiosk.load_locked_config(tmp_path / "nope.toml")
    config, warnings = load_config(tmp_path / "nope.toml")
    assert config == KioskConfig() and "no such file" in warnings[0]


def test_a_broken_file_refuses_with_its_line_and_is_left_untouched(tmp_path: Path) -> None:
    broken = tmp_path / "kiosk.toml"
    broken.write_bytes(b'[exit]\npin = "4711"\n[idle]\nattract_after = = 3\n')
    before = (broken.read_bytes(), broken.stat().st_mtime_ns)
    with pytest.raises(kiosk.ConfigRefused) as refused:
        kiosk.load_locked_config(broken)
    assert refused.value.line == 4 and "not valid TOML" in str(refused.value)
    config, warnings = load_config(broken)
    assert config == KioskConfig()
    assert "not valid TOML" in warnings[0] and "using the defaults" in warnings[0]
    assert (broken.read_bytes(), broken.stat().st_mtime_ns) == before
    assert list(tmp_path.iterdir()) == [broken]  # nothing renamed or written beside it


def test_a_notepad_bom_is_read_and_keeps_the_organisers_pin(tmp_path: Path) -> None:
    path = tmp_path / "kiosk.toml"
    path.write_bytes(b"\xef\xbb\xbf" + example_with_pin("90210").encode("utf-8"))
    config, warnings = kiosk.load_locked_config(path)
    assert config.pin == "90210" and warnings == []


@pytest.mark.parametrize(("raw", "line", "words"), [
    (b'[exit]\npin = "4711"\n# caf\xe9 au lait\n', 3, "not UTF-8"),
    (b'[exit]\npin = "4711"\nx = ' + b"[" * 5000 + b"]" * 5000 + b"\n", 3, "nest too deeply"),
    (b'[exit]\npin = "4711"\n[attract]\nseed = ' + b"9" * 5000 + b"\n", 4, "cannot be read"),
    (b'\xff\xfe[\x00e\x00x\x00', 1, "not UTF-8"),  # UTF-16 ("Unicode" in Notepad)
])
def test_files_that_cannot_be_parsed_refuse_without_a_traceback(tmp_path: Path, raw: bytes, line: int,
                                                                words: str) -> None:
    path = tmp_path / "kiosk.toml"
    path.write_bytes(raw)
    report = kiosk.read_config(path)
    assert report.refusal is not None and report.refusal.line == line and words in str(report.refusal)
    assert report.config == KioskConfig()


@pytest.mark.slow
def test_the_cli_reports_a_bad_config_and_still_works(tmp_path: Path, home: Path) -> None:
    config = tmp_path / "kiosk.toml"
    config.write_text('[idle]\ncountdown = "soon"\n[log]\nfile = "%s"\n' % (tmp_path / "k.log"))
    done = subprocess.run([sys.executable, "-m", "game", "kiosk", "--config", str(config), "--stats"],
                          cwd=ROOT, capture_output=True, text=True, timeout=120, check=False,
                          env=dict(os.environ, KOTATSU_HOME=str(home)))
    assert done.returncode == 0, done.stderr
    assert "idle.countdown = 'soon' is not valid" in done.stderr
    assert "crashes (app restarted): 0" in done.stdout


# ----- title -> attract -> title ------------------------------------------------------------------------
def test_the_kiosk_title_has_no_quit_and_no_settings(kiosk_app: KioskController) -> None:
    title = kiosk_app.app.scenes[0]
    assert isinstance(title, KioskTitle)
    row = title.bottom_row()
    assert title.quit_button not in row and title.settings_button not in row
    assert [card.game_id for card in title.cards if card.available] == ["neko"]


def texts_drawn(monkeypatch: pytest.MonkeyPatch, *modules: Any) -> list[str]:
    """Record every text the given modules draw with draw_text / draw_text_centered."""
    drawn: list[str] = []
    for module in modules:
        for name in ("draw_text", "draw_text_centered"):
            if hasattr(module, name):
                original = getattr(module, name)

                def spy(surface: Any, text: str, *args: Any, _original: Any = original, **kwargs: Any) -> Any:
                    drawn.append(text)
                    return _original(surface, text, *args, **kwargs)

                monkeypatch.setattr(module, name, spy)
    return drawn


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_games_not_offered_today_say_so_instead_of_coming_soon(kiosk_app: KioskController, lang: str,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    import scenes.kiosk.screens
    import scenes.menus.title
    from game.core.registry import available_games
    from game.i18n import set_language, t

    set_language(lang)
    title = kiosk_app.app.scenes[0]
    resting = [card for card in title.cards if card.game_id in available_games() and card.game_id != "neko"]
    assert resting and all(not card.available and card.resting for card in resting)
    drawn = texts_drawn(monkeypatch, scenes.kiosk.screens, scenes.menus.title)
    title.draw(kiosk_app.app.screen)
    assert drawn.count(t("kiosk.title.not_today")) == len(resting)
    assert t("ui.title.coming_soon") not in drawn  # every game is playable in this build
    assert t("kiosk.title.not_today") == {"ja": "本日はお休み", "en": "Not here today"}[lang]
    set_language("ja")


@pytest.mark.parametrize(("levels", "shown", "hidden"), [
    (("easy", "normal"), ["やさしい", "ふつう"], ["つよい"]),
    (("easy", "normal", "hard"), ["やさしい", "ふつう", "つよい"], []),
    (("hard",), ["つよい"], ["やさしい", "ふつう"]),
])
def test_the_kiosk_setup_hint_names_only_the_offered_levels(kiosk_app: KioskController,
                                                            monkeypatch: pytest.MonkeyPatch,
                                                            levels: tuple[str, ...], shown: list[str],
                                                            hidden: list[str]) -> None:
    import scenes.kiosk.screens
    import scenes.menus.setup
    from game.i18n import t
    from scenes.kiosk.screens import KioskSetup

    setup = KioskSetup(kiosk_app.app, "neko", levels)
    drawn = texts_drawn(monkeypatch, scenes.kiosk.screens, scenes.menus.setup)
    setup.draw(kiosk_app.app.screen)
    hint, joined = setup.ai_hint(), "".join(drawn)  # Japanese wraps without spaces: lines join back
    assert hint.startswith("AIは自分で考えて打ちます。") and hint in joined
    assert t("ui.setup.ai_hint") not in joined  # the stock hint, which promises Hard, is not drawn
    for word in shown:
        assert f"「{word}」" in hint
    for word in hidden:
        assert word not in hint


@pytest.mark.slow
def test_idle_on_the_title_starts_a_silent_neko_demo(kiosk_app: KioskController, clock: FakeClock,
                                                   events: pytest.LogCaptureFixture) -> None:
    run(kiosk_app, clock, CONFIG.attract_after - 1)
    assert kiosk_app.mode() == TITLE
    run(kiosk_app, clock, 2)
    assert kiosk_app.mode() == ATTRACT
    demo = kiosk_app.attract.demo
    assert demo is not None and demo.game_id == "neko" and demo.scene is kiosk_app.app.top
    assert all(not seat.is_human for seat in demo.match.seats)
    assert isinstance(demo.scene.saver, NullSaver)  # demos never write the autosave
    assert not kiosk_app.app.audio.enabled
    run(kiosk_app, clock, 3)
    assert len(demo.match.log) > 0  # the AIs play
    assert not autosave.has_autosave()


@pytest.mark.slow
def test_demos_follow_each_other_with_fresh_seeds(fast_kiosk: KioskController, clock: FakeClock,
                                                  events: pytest.LogCaptureFixture) -> None:
    kiosk_app = fast_kiosk
    run(kiosk_app, clock, CONFIG.attract_after + 1)
    first = kiosk_app.attract.demo
    assert first is not None
    for _ in range(3000):
        if first.match.is_over():
            break
        run(kiosk_app, clock, DT)
    assert first.match.is_over()
    run(kiosk_app, clock, CONFIG.demo_pause + 0.5)
    second = kiosk_app.attract.demo
    assert second is not None and second is not first and second.match.seed != first.match.seed
    assert len(tagged(events, "demo")) == sum(kiosk_app.attract.demos_finished.values()) >= 1


@pytest.mark.slow
def test_a_touch_in_attract_goes_to_the_title_not_into_the_demo(kiosk_app: KioskController,
                                                                clock: FakeClock) -> None:
    run(kiosk_app, clock, CONFIG.attract_after + 1)
    assert kiosk_app.mode() == ATTRACT
    title = kiosk_app.app.scenes[0]
    neko_card = title.card_for("neko").rect.center  # where the tap lands once the title is back
    run(kiosk_app, clock, DT, tap(neko_card))
    assert kiosk_app.mode() == TITLE
    assert kiosk_app.app.scenes == [title]  # the tap did not open the setup either
    assert kiosk_app.app.audio.enabled == kiosk_app.sound_on
    run(kiosk_app, clock, DT, tap(neko_card))  # the next tap is the visitor's: Learn or Play?
    question = kiosk_app.app.top
    assert isinstance(question, LearnOrPlay)
    run(kiosk_app, clock, DT, tap(question.play_button.rect.center))
    assert isinstance(kiosk_app.app.top, Setup)


@pytest.mark.slow
def test_a_table_that_fails_to_open_is_logged_and_skipped(kiosk_app: KioskController, clock: FakeClock,
                                                          monkeypatch: pytest.MonkeyPatch,
                                                          events: pytest.LogCaptureFixture) -> None:
    import scenes.neko.scene  # the module the neko package registers its make_table from

    real = scenes.neko.scene.make_table
    calls: list[int] = []

    def flaky(*args: Any, **kwargs: Any) -> Any:
        calls.append(1)
        if len(calls) == 1:
            raise RuntimeError("the felt is missing")
        return real(*args, **kwargs)

    monkeypatch.setattr(scenes.neko.scene, "make_table", flaky)
    kiosk_app.attract.rotation = ["neko", "neko"]  # what two offered games look like, one of them broken
    run(kiosk_app, clock, CONFIG.attract_after + 1)
    assert kiosk_app.mode() == ATTRACT and kiosk_app.attract.demo is not None
    assert kiosk_app.attract.demo_errors == 1
    failed = tagged(events, "demo_failed")
    assert len(failed) == 1 and "the felt is missing" in failed[0]


@pytest.mark.slow
def test_a_demo_that_raises_while_playing_gives_way_to_the_next(kiosk_app: KioskController, clock: FakeClock,
                                                                events: pytest.LogCaptureFixture) -> None:
    run(kiosk_app, clock, CONFIG.attract_after + 1)
    broken = kiosk_app.attract.demo
    assert broken is not None

    def explode(dt: float) -> None:
        raise ValueError("a card fell off the table")

    broken.scene.update = explode  # type: ignore[method-assign]
    run(kiosk_app, clock, DT)
    assert kiosk_app.attract.demo is not None and kiosk_app.attract.demo is not broken
    assert kiosk_app.mode() == ATTRACT and kiosk_app.app.running
    assert "a card fell off the table" in tagged(events, "demo_failed")[0]


@pytest.mark.slow
def test_a_game_that_keeps_failing_leaves_the_rotation(kiosk_app: KioskController, clock: FakeClock,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    import scenes.neko.scene  # the module the neko package registers its make_table from

    def broken(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("no table today")

    monkeypatch.setattr(scenes.neko.scene, "make_table", broken)
    run(kiosk_app, clock, CONFIG.attract_after + 1, frame=1.0)  # whole-second frames: only timers run
    assert kiosk_app.attract.demo is None and kiosk_app.mode() == TITLE and kiosk_app.app.running
    for _ in range(3):
        run(kiosk_app, clock, CONFIG.attract_after + 1, frame=1.0)
    assert kiosk_app.attract.rotation == [] and kiosk_app.attract.demo_errors == 3


# ----- a visitor's game -----------------------------------------------------------------------------------
@pytest.mark.slow
def test_idle_in_a_game_warns_then_resets_to_the_title(kiosk_app: KioskController, clock: FakeClock,
                                                       events: pytest.LogCaptureFixture) -> None:
    match = open_visitor_game(kiosk_app)
    run(kiosk_app, clock, 1)
    assert kiosk_app.mode() == GAME and tagged(events, "started")
    assert autosave.has_autosave() or match.log == []
    run(kiosk_app, clock, CONFIG.still_playing_after)
    assert kiosk_app.warning_since is not None
    run(kiosk_app, clock, CONFIG.countdown / 2)
    assert kiosk_app.mode() == GAME and 0 < kiosk_app.warning_left() < CONFIG.countdown
    run(kiosk_app, clock, CONFIG.countdown / 2 + 0.5)
    assert kiosk_app.mode() == TITLE and len(kiosk_app.app.scenes) == 1
    assert not autosave.has_autosave()
    assert kiosk.read_session().visitor is False
    abandoned = tagged(events, "abandoned")
    assert len(abandoned) == 1 and "reason=idle" in abandoned[0]
    run(kiosk_app, clock, CONFIG.attract_after + 1)
    assert kiosk_app.mode() == ATTRACT  # and later the demos


@pytest.mark.slow
def test_a_touch_during_the_warning_keeps_the_game_and_is_not_passed_on(kiosk_app: KioskController,
                                                                        clock: FakeClock) -> None:
    match = open_visitor_game(kiosk_app)
    table = kiosk_app.app.top
    run(kiosk_app, clock, CONFIG.still_playing_after + 1)
    assert kiosk_app.warning_since is not None
    seen: list[Intent] = []
    original = table.handle

    def spy(intent: Intent) -> bool:
        seen.append(intent)
        return original(intent)

    table.handle = spy  # type: ignore[method-assign]
    run(kiosk_app, clock, DT, tap((960, 900)))
    assert kiosk_app.warning_since is None and seen == []
    run(kiosk_app, clock, CONFIG.still_playing_after - 1)
    assert kiosk_app.mode() == GAME and kiosk_app.app.top is table and match is table.match


@pytest.mark.slow
def test_a_finished_game_offers_play_again_then_resets(kiosk_app: KioskController, clock: FakeClock,
                                                       events: pytest.LogCaptureFixture) -> None:
    match = Match("neko", [Seat("human", name="Mika"), Seat("ai", "easy")], seed=3)  # a typed name
    finish(match)
    tables.open_table(kiosk_app.app, match)
    kiosk_app.app.push(Results(kiosk_app.app, match))
    run(kiosk_app, clock, 1)
    assert kiosk_app.mode() == RESULTS and len(tagged(events, "completed")) == 1
    assert "level=easy" in tagged(events, "completed")[0]  # the organiser's count by AI level
    assert not (Path(os.environ["KOTATSU_HOME"]) / RECORDS_FILE).exists()  # visitors stay anonymous
    run(kiosk_app, clock, CONFIG.play_again_for - 3)
    assert kiosk_app.mode() == RESULTS
    run(kiosk_app, clock, 3)
    assert kiosk_app.mode() == TITLE and len(kiosk_app.app.scenes) == 1
    assert not tagged(events, "abandoned")


@pytest.mark.slow
def test_an_unexpected_error_falls_back_to_the_title_and_keeps_the_autosave(
        kiosk_app: KioskController, clock: FakeClock, events: pytest.LogCaptureFixture) -> None:
    match = open_visitor_game(kiosk_app)
    play_until_person(match, 4)
    autosave.save_autosave(match)
    table = kiosk_app.app.top

    def explode(dt: float) -> None:
        raise KeyError("gremlin")

    table.update = explode  # type: ignore[method-assign]
    run(kiosk_app, clock, DT)
    assert kiosk_app.mode() == TITLE and kiosk_app.app.running
    assert kiosk_app.app.scenes[0].toast.visible
    assert autosave.has_autosave()  # "Continue" brings the game back
    assert len(tagged(events, "recovered")) == 1


@pytest.mark.slow
def test_many_errors_in_a_minute_stop_the_app_for_the_supervisor(kiosk_app: KioskController,
                                                                 clock: FakeClock) -> None:
    def explode(dt: float) -> None:
        raise RuntimeError("again")

    with pytest.raises(RuntimeError):
        for _ in range(10):
            open_visitor_game(kiosk_app)
            kiosk_app.app.top.update = explode  # type: ignore[method-assign]
            run(kiosk_app, clock, DT)


# ----- the exit lock ---------------------------------------------------------------------------------------
def press_keys(controller: KioskController, clock: FakeClock, digits: str) -> None:
    """Type ``digits`` on the PIN pad by touch, then OK."""
    pad = controller.lock.pin_pad
    assert pad is not None
    by_label = {key.text: key for key in pad.group.widgets}
    for digit in digits:
        run(controller, clock, DT, tap(by_label[digit].rect.center))
    ok = next(key for key in pad.group.widgets if key.on_click == pad.submit)
    run(controller, clock, DT, tap(ok.rect.center))


def hold_corner(controller: KioskController, clock: FakeClock, seconds: float) -> None:
    """Press in the top-left corner, hold, let go."""
    run(controller, clock, DT, [Intent(intents.PRESS, CORNER.center, touch=True)])
    run(controller, clock, seconds)
    run(controller, clock, DT, [Intent(intents.RELEASE, CORNER.center, touch=True)])


def test_a_short_press_in_the_corner_does_nothing(kiosk_app: KioskController, clock: FakeClock) -> None:
    hold_corner(kiosk_app, clock, CONFIG.hold_seconds - 1)
    assert kiosk_app.lock.pin_pad is None


@pytest.mark.slow
def test_exit_gesture_wrong_pin_stays_right_pin_exits(kiosk_app: KioskController, clock: FakeClock,
                                                      events: pytest.LogCaptureFixture) -> None:
    hold_corner(kiosk_app, clock, CONFIG.hold_seconds + 0.2)
    assert kiosk_app.lock.pin_pad is not None
    press_keys(kiosk_app, clock, "1234")
    run(kiosk_app, clock, 1)
    assert kiosk_app.app.running and not kiosk_app.exit_requested and kiosk_app.lock.pin_pad is not None
    assert kiosk_app.lock.pin_pad.message == "kiosk.pin.wrong" and len(tagged(events, "pin_wrong")) == 1
    press_keys(kiosk_app, clock, "4711")
    assert kiosk_app.exit_requested and not kiosk_app.app.running
    assert len(tagged(events, "exit")) == 1


@pytest.mark.slow
def test_wrong_pins_lock_the_pad_for_a_while(kiosk_app: KioskController, clock: FakeClock) -> None:
    hold_corner(kiosk_app, clock, CONFIG.hold_seconds + 0.2)
    for _ in range(CONFIG.tries_before_lockout):
        press_keys(kiosk_app, clock, "0000")
    assert kiosk_app.lock.lock_remaining() > CONFIG.lockout_seconds - 5
    press_keys(kiosk_app, clock, "4711")  # the keys are dead while locked
    assert not kiosk_app.exit_requested and kiosk_app.app.running
    run(kiosk_app, clock, CONFIG.lockout_seconds, frame=1.0)  # whole-second frames: the lock reads the clock
    assert kiosk_app.lock.lock_remaining() == 0
    assert kiosk_app.lock.pin_pad is None  # untouched for 30 s, the pad put itself away
    hold_corner(kiosk_app, clock, CONFIG.hold_seconds + 0.2)
    for _ in range(CONFIG.tries_before_lockout):
        press_keys(kiosk_app, clock, "9999")
    assert kiosk_app.lock.lock_remaining() > CONFIG.lockout_seconds * 2 - 5  # the second lock is longer
    run(kiosk_app, clock, CONFIG.lockout_seconds * 2, frame=1.0)
    hold_corner(kiosk_app, clock, CONFIG.hold_seconds + 0.2)  # the pad closed itself meanwhile
    press_keys(kiosk_app, clock, "4711")
    assert kiosk_app.exit_requested


def test_quit_close_escape_and_the_title_quit_are_ignored(kiosk_app: KioskController, clock: FakeClock) -> None:
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    pygame.event.post(pygame.event.Event(pygame.WINDOWCLOSE))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F4, mod=pygame.KMOD_ALT, unicode="",
                                         scancode=0))
    run(kiosk_app, clock, 0.5)
    assert kiosk_app.app.running and kiosk_app.mode() == TITLE and len(kiosk_app.app.scenes) == 1
    kiosk_app.app.scenes[0].quit()
    kiosk_app.app.running = False  # whatever tries to stop the loop, only the PIN may
    run(kiosk_app, clock, DT)
    assert kiosk_app.app.running


# ----- crashes, power cuts and the autosave ---------------------------------------------------------------
def visitor_autosave(moves: int = 4, seed: int = 11) -> Match:
    """A visitor's game saved mid-way, as the table leaves it on disk. The test lets go of the
    autosave's lock at once, so a kiosk started next (a child process) may write the slot."""
    match = Match("neko", [Seat("human"), Seat("ai", "normal")], seed=seed)
    play_until_person(match, moves)
    autosave.save_autosave(match)
    autosave.release_slot()
    return match


def kiosk_toml(tmp_path: Path, log_file: Path, extra: str = "") -> Path:
    """A kiosk config for the supervisor tests: neko only, the visitor never idle, a PIN."""
    config = tmp_path / "kiosk.toml"
    config.write_text(f'[games]\noffered = ["neko"]\n[idle]\nstill_playing_after = 600\n'
                      f'[exit]\npin = "4711"\n[log]\nfile = "{log_file}"\n{extra}', encoding="utf-8")
    return config


def test_after_a_power_cut_the_visitors_game_comes_back(home: Path, clock: FakeClock,
                                                        events: pytest.LogCaptureFixture) -> None:
    match = visitor_autosave()
    kiosk.write_session(Session(True, "neko", match.seed, clock() - 10))
    controller = build_kiosk(CONFIG, headless=True, instant=True, clock=clock, wall=clock)
    try:
        controller.start()
        run(controller, clock, DT)
        table = controller.visitor_table()
        assert controller.mode() == GAME and table is not None
        assert table.match.rules.notation(table.match.state) == match.rules.notation(match.state)
        assert len(tagged(events, "resumed")) == 1 and not tagged(events, "started")
    finally:
        controller.app.close()


def test_after_a_power_cut_an_idle_game_is_not_resumed(home: Path, clock: FakeClock,
                                                       events: pytest.LogCaptureFixture) -> None:
    match = visitor_autosave()
    idle_for = CONFIG.still_playing_after + CONFIG.countdown + 1
    kiosk.write_session(Session(True, "neko", match.seed, clock() - idle_for))
    controller = build_kiosk(CONFIG, headless=True, instant=True, clock=clock, wall=clock)
    try:
        controller.start()
        run(controller, clock, DT)
        assert controller.mode() == TITLE and not autosave.has_autosave()
        assert "reason=restart" in tagged(events, "abandoned")[0]
    finally:
        controller.app.close()


def test_a_truncated_autosave_is_kept_aside_and_start_up_goes_on(home: Path, clock: FakeClock) -> None:
    visitor_autosave()
    path = autosave.autosave_path()
    text = path.read_text(encoding="utf-8")
    path.write_text(text[: len(text) // 2], encoding="utf-8")  # the power went mid-write (no rename)
    kiosk.write_session(Session(True, "neko", 11, clock()))
    controller = build_kiosk(CONFIG, headless=True, instant=True, clock=clock, wall=clock)
    try:
        controller.start()
        run(controller, clock, DT)
        assert controller.mode() == TITLE and controller.app.running
        kept = list(home.glob("autosave.json.bad-*"))
        assert len(kept) == 1 and kept[0].read_text(encoding="utf-8") == text[: len(text) // 2]
        assert not path.exists() and controller.app.scenes[0].toast.visible
    finally:
        controller.app.close()


def wait_for_status(predicate: Any, timeout: float = 90.0) -> dict[str, Any]:
    """Poll the kiosk status file until ``predicate(status)`` holds."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        status = kiosk.read_status()
        if status and predicate(status):
            return status
        time.sleep(0.1)
    raise AssertionError(f"the kiosk status never matched; last: {kiosk.read_status()}")


@pytest.mark.slow
def test_sigkill_mid_game_the_supervisor_restarts_and_the_position_is_back(home: Path, tmp_path: Path) -> None:
    match = visitor_autosave(moves=5, seed=23)
    kiosk.write_session(Session(True, "neko", match.seed, time.time()))
    log_file = tmp_path / "organiser.log"
    config = kiosk_toml(tmp_path, log_file)
    env = dict(os.environ, KOTATSU_HOME=str(home), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    supervisor = subprocess.Popen([sys.executable, "-m", "game", "kiosk", "--config", str(config)],
                                  cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    children: list[int] = []
    try:
        first = wait_for_status(lambda status: status.get("mode") == GAME)
        children.append(first["pid"])
        assert first["moves"] == len(match.log)
        assert first["position"] == match.rules.notation(match.state)
        os.kill(first["pid"], signal.SIGKILL)
        second = wait_for_status(lambda status: status["pid"] != first["pid"] and status.get("mode") == GAME)
        children.append(second["pid"])
        assert (second["moves"], second["position"]) == (first["moves"], first["position"])
    finally:
        supervisor.send_signal(signal.SIGTERM)
        try:
            supervisor.wait(timeout=30)
        except subprocess.TimeoutExpired:
            supervisor.kill()
            supervisor.wait()
        for pid in children:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
    text = log_file.read_text(encoding="utf-8")
    assert "signal SIGKILL" in text and "[event=crash" in text
    assert "[event=resumed game=neko" in text
    stats = kiosk.read_stats(text.splitlines())
    assert stats.crashes == 1


# ----- the supervisor and the log -----------------------------------------------------------------------
def test_backoff_doubles_up_to_its_limit_and_resets_after_a_stable_run() -> None:
    backoff = Backoff(first=1, limit=8, stable_after=100)
    assert [backoff.next_delay(1) for _ in range(5)] == [1, 2, 4, 8, 8]
    assert backoff.next_delay(500) == 1


def test_the_supervisor_restarts_a_dying_child_and_stops_on_exit_zero(
        tmp_path: Path, events: pytest.LogCaptureFixture) -> None:
    counter = tmp_path / "starts"
    script = (f"import pathlib,sys; p=pathlib.Path({str(counter)!r}); n=int(p.read_text() or 0) "
              f"if p.exists() else 0; p.write_text(str(n+1)); print('child', n, file=sys.stderr); "
              f"sys.exit(0 if n >= 2 else 3)")
    naps: list[float] = []
    supervisor = Supervisor([sys.executable, "-c", script], backoff=Backoff(first=0.01, limit=0.04),
                            sleep=lambda seconds: naps.append(seconds) or time.sleep(seconds))
    assert supervisor.run() == 0
    assert supervisor.starts == 3 and counter.read_text() == "3"
    crashes = tagged(events, "crash")
    assert len(crashes) == 2 and "exit code 3" in crashes[0]
    relayed = [record.getMessage() for record in events.records if record.name == "kotatsu.kiosk.child"]
    assert relayed == ["child 0", "child 1", "child 2"]


def test_stats_count_games_per_game_and_crashes() -> None:
    lines = [
        "x INFO kotatsu.kiosk: a visitor started neko [event=started game=neko seats=human,ai:normal]",
        "x INFO kotatsu.kiosk: a visitor finished neko [event=completed game=neko moves=40]",
        "x INFO kotatsu.kiosk: a visitor finished neko [event=completed game=neko moves=30 level=hard]",
        "x INFO kotatsu.kiosk: a visitor finished neko [event=completed game=neko moves=33 level=hard]",
        "x INFO kotatsu.kiosk: a visitor started noaron [event=started game=noaron seats=human,ai:easy]",
        "x INFO kotatsu.kiosk: abandoned [event=abandoned game=noaron reason=idle moves=3]",
        "x INFO kotatsu.kiosk: the kiosk app died [event=crash code=-9]",
        "x INFO kotatsu.kiosk: demo [event=demo game=neko moves=80]",
        "plain line without a tag",
    ]
    stats = kiosk.read_stats(lines)
    assert stats.started == {"neko": 1, "noaron": 1}
    assert stats.completed == {"neko": 3} and stats.abandoned == {"noaron": 1}
    assert stats.completed_levels == {"neko hard": 2}  # the untagged line predates the levels
    assert "neko hard" in stats.as_text()
    assert stats.crashes == 1 and stats.demos == {"neko": 1}
    assert "neko" in stats.as_text() and "crashes (app restarted): 1" in stats.as_text()


# ----- soak and pictures ---------------------------------------------------------------------------------------
@pytest.mark.slow
def test_a_small_soak_plays_attract_games_without_errors(home: Path) -> None:
    figures = run_soak(KioskConfig(games=("neko",), demo_level="random"), 2)
    assert figures["games"] == 2 and figures["errors"] == 0
    assert figures["games_per_game"] == {"neko": 2}
    assert figures["rss_peak_mb"] >= figures["rss_final_mb"] > 0


@pytest.mark.slow
def test_a_soak_with_taps_ends_demos_and_starts_visitor_games_that_the_countdown_abandons(
        home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import scenes.kiosk.soak

    monkeypatch.setattr(scenes.kiosk.soak, "FULL_VISIT_EVERY", 2)
    config = KioskConfig(games=("neko", "newold"), demo_level="random", show_cursor=False)
    figures = run_soak(config, 5, taps=True)
    assert figures["window"] == "headless"  # SDL_VIDEODRIVER=dummy
    assert figures["games"] == 5 and figures["errors"] == 0
    # four gaps between five demos: a tap each; the 2nd and 4th also open a card, tap Play and Start
    assert figures["taps"] == 4 + 2 * 3 and figures["taps_landed"] == figures["taps"], figures["taps_missed"]
    assert figures["visitor_games_started"] == figures["visitor_games_abandoned"] == 2
    assert figures["log_warnings_and_errors"] == 0, figures["first_log_messages"]


@pytest.mark.slow
def test_overlays_paint_over_the_table_and_leave_no_trace(kiosk_app: KioskController, clock: FakeClock) -> None:
    """The table repaints only what moved; with an overlay it paints on its own canvas, so once the
    card is gone the screen equals a full repaint of the table."""
    open_visitor_game(kiosk_app)
    run(kiosk_app, clock, CONFIG.still_playing_after + 1)
    assert kiosk_app.warning_since is not None
    run(kiosk_app, clock, DT, tap((960, 540)))
    run(kiosk_app, clock, DT)
    assert kiosk_app.warning_since is None
    shown = pygame.image.tobytes(kiosk_app.app.screen, "RGB")
    fresh = pygame.Surface(kiosk_app.app.screen.get_size())
    kiosk_app.app.top.draw(fresh)  # another surface: the table paints everything
    assert pygame.image.tobytes(fresh, "RGB") == shown


def test_status_file_says_what_is_on_screen(kiosk_app: KioskController, clock: FakeClock) -> None:
    match = open_visitor_game(kiosk_app, seed=9)
    run(kiosk_app, clock, DT)
    status = json.loads(kiosk.status_path().read_text(encoding="utf-8"))
    assert status["mode"] == GAME and status["seed"] == 9 and status["moves"] == len(match.log)


def test_status_names_the_top_scene_and_the_pin_pad(kiosk_app: KioskController, clock: FakeClock) -> None:
    run(kiosk_app, clock, DT)
    assert kiosk.read_status()["scene"] == "KioskTitle" and kiosk.read_status()["pin_pad"] is False
    hold_corner(kiosk_app, clock, CONFIG.hold_seconds + 0.2)
    assert kiosk.read_status()["pin_pad"] is True


def test_soak_progress_updates_each_end_with_a_carriage_return(monkeypatch: pytest.MonkeyPatch,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    import scenes.kiosk.command
    import scenes.kiosk.soak

    def fake_soak(config: KioskConfig, games: int, *, progress: Any = None, **_: Any) -> dict[str, Any]:
        for done in range(1, games + 1):
            progress(done, games)
        return {"games": games, "errors": 0}

    monkeypatch.setattr(scenes.kiosk.soak, "run_soak", fake_soak)
    assert scenes.kiosk.command._soak(KioskConfig(), 3, as_json=False) == 0
    err = capsys.readouterr().err
    assert err == "1/3 attract games\r2/3 attract games\r3/3 attract games\r\n"
