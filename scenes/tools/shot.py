"""Screenshots of a table without a window: a seeded match, some AI moves, one PNG.

``take_shot("neko", 4, seed=3, moves=12, out=Path("/tmp/neko.png"))`` plays 12 moves with AI
agents (every seat, the shown one included), opens the table from seat 0's side as a person
would see it, lets the animations settle and saves the frame. At another ``size`` the picture is
what a window of that size shows (``scenes.engine.window.window_picture``): the canvas scaled smoothly,
letterboxed in black when the shape differs. Used to look at the art while building it and by
``python -m game shot``.
"""

from __future__ import annotations

import contextlib
import errno
import io
import os
import random
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from scenes import routes
from scenes.table.launch import make_scene  # noqa: F401 - shots build tables with it

DEFAULT_OUT = Path("shot.png")
SETTLE_FRAMES = 90


def _seats(players: int, seats: Sequence[Any] | None) -> list[Any]:
    """Seats from ``seats`` (Seat objects or "human"/"ai:LEVEL" texts); by default seat 0 is a
    person and the others normal AIs."""
    from game.core.match import Seat

    if seats is None:
        return [Seat("human")] + [Seat("ai", "normal") for _ in range(players - 1)]
    parsed = [seat if isinstance(seat, Seat) else Seat.parse(str(seat)) for seat in seats]
    if len(parsed) != players:
        raise ValueError(f"{players} players but {len(parsed)} seats given")
    return parsed


def play_moves(match: Any, moves: int, seed: int) -> int:
    """Play up to ``moves`` actions with AI agents (a person's seat plays as "normal"); returns
    how many were played (fewer when the match ends first)."""
    from game.ai.base import make_agent

    rng = random.Random(seed)
    agents: dict[str, Any] = {}
    played = 0
    while played < moves and not match.is_over():
        seat = match.to_move()[0]
        level = match.seats[seat].level if not match.seats[seat].is_human else "normal"
        level = level if level in ("random", "easy", "normal") else "normal"  # shots stay quick
        agent = agents.setdefault(level, make_agent(match.game_id, level))
        legal = match.legal_actions(seat)
        match.apply(seat, agent.choose(match.observe(seat), legal, rng, 0.0))
        played += 1
    return played


def take_shot(
    game_id: str,
    players: int,
    seed: int,
    moves: int,
    size: tuple[int, int] = (1920, 1080),
    out: Path = DEFAULT_OUT,
    seats: Sequence[Any] | None = None,
    lang: str | None = None,
    *,
    hold: bool = False,
    live: float = 0.0,
    hint: bool = False,
) -> Path:
    """Render the table of a seeded match after ``moves`` AI moves to a PNG at ``out``, as a
    window of ``size`` shows it (letterboxed when its shape is not 16:9).

    ``hold`` picks up the first hand card (keyboard selection) so the legal stacks glow.
    ``live`` > 0 instead lets the table run that many seconds at normal speed with every seat
    played by a Normal AI, and shoots whatever is moving then (a deal, a throw, a reveal).
    ``hint`` plays on to seat 0's turn and presses the Hint key: the table shows Hard's advice.
    """
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from game.core.match import Match, Seat
    from game.core.settings import Settings
    from scenes.engine.app import App
    from scenes.engine.input import KEY, NAV, Intent
    from scenes.engine.window import mark_text_for, window_picture
    from scenes.table.saver import NullSaver

    speed = "normal" if live > 0 else "instant"
    routes.install()
    app = App(Settings(language=lang or "ja", anim_speed=speed, sound=False), headless=True)
    try:
        mark_text_for(size)
        match = Match(game_id, _seats(players, seats), seed)
        play_moves(match, moves, seed)
        if hint:
            _to_seat_zero(match, seed)
        if live > 0:
            match.seats = [Seat("ai", "normal") for _ in match.seats]
            scene = make_scene(app, match, viewer=0, ai_enabled=True)
            scene.saver = NullSaver()  # a shot never touches the player's autosave
            app.push(scene)
            for _ in range(round(live * 60)):
                app.step(1 / 60)
        else:
            scene = make_scene(app, match, viewer=0)
            app.push(scene)
            for _ in range(SETTLE_FRAMES):
                app.step(1 / 60)
        if hint:
            app.step(1 / 60, feed=[Intent(KEY, key="/")])
            for _ in range(SETTLE_FRAMES):
                app.step(1 / 60)
        if hold:
            app.step(1 / 60, feed=[Intent(NAV, dx=1)])
            for _ in range(10):
                app.step(1 / 60)
        frame = window_picture(app.screen, size)  # what a window of that size shows, bars and all
        out = Path(out)
        buffer = io.BytesIO()
        pygame.image.save(frame, buffer, out.name)  # the name's extension picks the format
        write_file(out, buffer.getvalue())
        return out
    finally:
        mark_text_for((1920, 1080))  # back to no marks, as a headless app paints
        app.close()


def _to_seat_zero(match: Any, seed: int) -> None:
    """Play random legal moves until seat 0 may act (a hint is for the person at seat 0)."""
    import random

    rng = random.Random(seed)
    for _ in range(1000):
        if match.is_over() or match.legal_actions(0):
            return
        seat = match.to_move()[0]
        match.apply(seat, rng.choice(match.legal_actions(seat)))


def take_help_shot(game_id: str, page: str, size: tuple[int, int] = (1920, 1080), out: Path = DEFAULT_OUT,
                   lang: str | None = None, scroll: int = 0) -> Path:
    """Render page ``page`` of ``game_id``'s rules help, over the title, scrolled ``scroll``
    pixels down, to a PNG at ``out`` as a window of ``size`` shows it."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from game.core.settings import Settings
    from scenes.engine.app import App
    from scenes.engine.window import window_picture
    from scenes.menus.help import Help
    from scenes.menus.title import Title

    routes.install()
    app = App(Settings(language=lang or "ja", anim_speed="instant", sound=False), headless=True)
    try:
        app.push(Title(app))
        help_scene = Help(app, game_id, page)
        app.push(help_scene)
        help_scene.scroller.scroll_by(scroll)
        for _ in range(3):
            app.step(1 / 60)
        frame = window_picture(app.screen, size)
        out = Path(out)
        buffer = io.BytesIO()
        pygame.image.save(frame, buffer, out.name)
        write_file(out, buffer.getvalue())
        return out
    finally:
        app.close()


def _umask() -> int:
    """The process's file creation mask."""
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def write_file(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` whole or not at all: into a temporary file beside it, flushed
    and synced, its size checked, then renamed over ``path``. The folder must exist (it is never
    created). Any failure (a full disk, a read-only folder) removes the temporary file and
    raises ``OSError``; ``path`` is then left as it was. A device, a FIFO, a socket or a folder at
    ``path`` is never replaced (``NotARegularFile``)."""
    from game.core.storage import check_writable_target

    check_writable_target(path)
    try:
        handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    except OSError as error:
        raise OSError(error.errno, error.strerror or str(error), str(path)) from error
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
            written = os.fstat(stream.fileno()).st_size
        if written != len(data):
            raise OSError(errno.EIO, f"only {written} of {len(data)} bytes were written", str(path))
        os.chmod(temporary, 0o666 & ~_umask())  # as an ordinary new file (mkstemp makes it private)
        os.replace(temporary, path)
    except BaseException as error:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        if isinstance(error, OSError) and error.filename in (None, temporary):
            raise OSError(error.errno, error.strerror or str(error), str(path)) from error  # name the target
        raise
