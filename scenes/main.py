"""Starting the app: settings, language, the title, and optionally a table straight away.

``build_app`` does everything but the loop (tests and screenshots use it); ``run`` adds the
loop and returns the process exit code.
"""

from __future__ import annotations

import logging
import os
import signal
import sys
import time
from typing import Any

from game.core import autosave, stop, storage
from game.core.match import Match, Seat
from game.core.registry import get_rules
from game.core.settings import load_settings
from game.i18n import t
from scenes import routes
from scenes.engine.app import App
from scenes.engine.plate import show_plate
from scenes.learning.review import ReviewScene
from scenes.menus.title import Title
from scenes.table import launch as tables

log = logging.getLogger("kotatsu")
WARNING_SECONDS = 7.0


def default_seats(game_id: str) -> list[Seat]:
    """One human, then Normal AIs up to the game's smallest table."""
    players = get_rules(game_id).min_players
    return [Seat("human")] + [Seat("ai", "normal") for _ in range(players - 1)]


def build_app(
    *,
    game_id: str | None = None,
    seats: list[Seat] | None = None,
    seed: int | None = None,
    options: dict[str, Any] | None = None,
    lang: str | None = None,
    resume: bool = False,
    headless: bool = False,
    tutorial: str | None = None,
) -> App:
    """The app with the title on the stack and, if asked, a resumed or new table (or the
    ``tutorial`` of that game id) above it."""
    routes.install()
    settings, warning = load_settings()
    if lang:
        settings.language = lang  # for this run only; the settings screen is where it is kept
    app = App(settings, headless=headless)
    show_plate(app)  # a first frame at once: building the title and a table takes a moment
    title = Title(app)
    app.push(title)
    if warning:
        log.warning(warning)
        title.toast.show(t("ui.settings_warning", detail=warning), seconds=WARNING_SECONDS)
    if resume and _resume(app, title):
        return app
    if tutorial is not None:
        from scenes.learning.tutorial import open_tutorial

        open_tutorial(app, tutorial)
        return app
    if game_id is not None:
        match = Match(
            game_id,
            list(seats) if seats else default_seats(game_id),
            seed=seed if seed is not None else tables.new_seed(),
            options=options,
        )
        tables.open_table(app, match)
    return app


def _resume(app: App, title: Title) -> bool:
    """Open the autosaved match; True when it opened, else the title says why not."""
    match, warning = autosave.load_autosave()
    if match is not None:
        tables.open_table(app, match)
        return True
    if warning:
        log.warning(warning)
    title.toast.show(warning or t("ui.title.nothing_to_continue"), seconds=WARNING_SECONDS)
    title.refresh()
    return False


def run(
    *,
    game_id: str | None = None,
    seats: list[Seat] | None = None,
    seed: int | None = None,
    options: dict[str, Any] | None = None,
    lang: str | None = None,
    resume: bool = False,
    headless: bool = False,
    tutorial: str | None = None,
) -> int:
    """Build the app and run it until the window closes; the exit code: 0, 1 after an
    unexpected error, or 128 + N when signal N stopped it (143 SIGTERM, 130 SIGINT).

    A stop signal ends the loop between two frames: the match on the table is saved, the app
    closes as if the window had been closed (the AI process ends with the table), and one line
    on stderr says what was kept."""
    app = build_app(
        game_id=game_id, seats=seats, seed=seed, options=options, lang=lang, resume=resume, headless=headless,
        tutorial=tutorial,
    )
    if os.environ.get(FIRST_FRAME_ENV):
        app.after_frame.append(lambda: _report_first_frame(app))
    try:
        signum = app.loop()
        if signum is not None:
            saved = save_tables(app)
            app.close()
            print(stop_line(signum, saved), file=sys.stderr, flush=True)
            return stop.exit_code_for(signum)
        app.close()
    except stop.Stopped as stopped:  # a second signal, or one before the loop ran
        app.close()
        return stopped.exit_code
    except KeyboardInterrupt:
        app.close()
        return 130
    except Exception:  # the match is autosaved after every action: log, tell, and leave cleanly
        log.exception("the app stopped on an unexpected error")
        app.close()
        return 1
    return 0


def save_tables(app: App) -> list[tuple[str, int]]:
    """Save every unfinished match on the scene stack once more (its table's saver, so a kiosk
    demo's saver saves nothing) and wait until it is on disk: (game id, actions) per match."""
    from scenes.table.base import TableScene

    return [(scene.match.game_id, len(scene.match.log)) for scene in app.scenes
            if isinstance(scene, TableScene) and scene.save_now()]


def stop_line(signum: int, saved: list[tuple[str, int]]) -> str:
    """``kotatsu: stopped by SIGTERM; the neko match is saved (12 actions)``, or why it is not."""
    name = signal.Signals(signum).name
    off = storage.saving_off()  # another window owns the slot, a full disk...
    if saved and off:
        return f"kotatsu: stopped by {name}; the match is not saved: {off}"
    kept = "".join(f"; the {game} match is saved ({actions} actions)" for game, actions in saved)
    return f"kotatsu: stopped by {name}{kept}"


# ``python -m game bench startup`` sets this: the app prints when its first frame is on screen
# and quits, so the time from launch to first frame can be measured from outside.
FIRST_FRAME_ENV = "KOTATSU_EXIT_AFTER_FIRST_FRAME"


def _report_first_frame(app: App) -> None:
    """Print the wall-clock time of the first frame and stop the loop."""
    print(f"first-frame {time.time():.6f}", flush=True)
    app.running = False


def show_review(match: Match, seat: int | None = None, *, jobs: int = 2, budget: float | None = None,
                playouts: int | None = None) -> int:
    """``python -m game review FILE --show``: the app with the review screen over the title."""
    app = build_app()
    try:
        app.push(ReviewScene(app, match, seat, jobs=jobs, budget=budget, playouts=playouts))
        signum = app.run()  # closing the review leaves the title, as the app does
    except stop.Stopped as stopped:  # a second signal: the scenes' exits still end the analysis
        app.close()
        return stopped.exit_code
    return 0 if signum is None else stop.exit_code_for(signum)
